"""Odds beyond the exact budget, simulated: the same question rolled over seeded trials (issue 20, as Pacific Fury's ``fire``).

An exact answer costs work with every die (:data:`toolkit.exact.MAX_EXACT_DICE`); past it, the questions whose size
is a count of dice (strategic bombing's TP, convoy ASW dice and Submarine Points, land combat's ground support) are
rolled instead, each die with the exact chance the rules and charts give it (:func:`.odds.bombing_frame`,
:func:`.odds.convoy_frame`, :func:`.odds.land_frame` build the question and its chances; only the dice are rolled
here). The seed is fixed (:data:`toolkit.simulate.SEED`), so every run prints the same answer; each chance and mean
carries two standard errors (:class:`toolkit.simulate.Estimate`). Past :func:`toolkit.simulate.max_simulated_draws`
dice a trial, even a simulation is refused, naming that bound.
"""

from __future__ import annotations

from toolkit.exact import TooBig
from toolkit.games.fire_in_the_sky.combat_tables import CombatCharts, Situation
from toolkit.games.fire_in_the_sky.odds import OddsResult, add_last_step, bombing_frame, convoy_frame, land_frame, on_last_step
from toolkit.games.fire_in_the_sky.odds_battle import battle_frame, fates, first_to_fire, volley
from toolkit.model import Edition
from toolkit.simulate import Estimate, Outcomes, Simulated, binomial, simulate_outcomes
from toolkit.words import counted

__all__ = ["simulated_bombing", "simulated_convoy", "simulated_land", "simulated_battle", "SIMULATED_KINDS",
           "MAX_SIMULATED_SHIPS", "BATTLE_TRIALS"]

#: The kinds of odds that are simulated past the exact budget.
SIMULATED_KINDS = ("bombing", "convoy", "land", "battle")
#: Ships a side a simulated battle may bring: no rule bounds them (FitS v1.1 12.3.3, 2nd 11.2: every ship of the Task Forces
#: fights), so the bound is the simulation's work budget. Each round's exact chances are worked out anew for each set of ships
#: still fighting, and heavy ships fight long: the counter mix's battleships and cruisers, k a side, took 0.8 s of CPU at 6,
#: 2.2 s at 10, 3.3 s at 12, 10 s at 15, 39 s at 20 and over a minute at 23 against 38 (12 rated BB:def=20,fp=3 a side: 3.5 s).
#: It was 40, measured on DDs (33 a side about 4 s), which sink fast.
MAX_SIMULATED_SHIPS = 12
#: Trials of a simulated battle: each is a whole battle, round after round, so fewer than a sum's.
BATTLE_TRIALS = 10_000
#: Rounds a simulated battle may last before it is called a stalemate (nobody sinks or damages anybody for that long).
MAX_ROUNDS = 200
#: A ship's end in a simulated battle.
FIGHTING, SUNK, DAMAGED, WITHDRAWN = 0, 1, 2, 3
#: The battle's end: who holds Sea Control.
ENDS = ("attacker", "defender", "nobody", "stalemate")


def _stated(result: OddsResult, runs: Outcomes, why: str) -> OddsResult:
    result.simulation = {"why": why, "trials": runs.trials, "seed": runs.seed}
    return result


def _summary(result: OddsResult, name: str, totals: Simulated, unit: str) -> None:
    """A simulated count as Pacific Fury's ``fire`` gives it: its mean, and the chances of the 5%, 50% and 95% marks."""
    result.expected.append((name, Estimate(totals.mean(), totals.mean_error())))
    for k in dict.fromkeys((totals.quantile(0.05), totals.quantile(0.5), totals.quantile(0.95))):
        p, error = totals.at_least(k)
        result.chances.append((f"{name}: at least {counted(k, unit)}", Estimate(p, error)))


def simulated_bombing(charts: CombatCharts, edition: Edition, tp: int, situation: Situation, why: str) -> OddsResult:
    """:func:`.odds.strategic_bombing` rolled: one die per TP, each hit an Oil Point lost (v1.1 18.1.3; 2nd 16.1.3)."""
    result, p = bombing_frame(charts, edition, tp, situation)
    runs = simulate_outcomes(lambda rng: (binomial(rng, tp, p),), draws=tp)
    hits = runs.of(0)
    result.chances += [("Allied objective met: at least one Oil Point lost", runs.chance(lambda o: o[0] >= 1)),
                       ("Japan's objective met: no Oil Point lost", runs.chance(lambda o: o[0] == 0))]
    _summary(result, "Oil Points lost", hits, "Oil Point")
    return _stated(result, runs, why)


def simulated_convoy(charts: CombatCharts, edition: Edition, asw_dice: int, sub_points: int, situation: Situation,
                     why: str) -> OddsResult:
    """:func:`.odds.convoy` rolled: ASW dice cancel Submarine Points, those left roll against the convoys."""
    result, asw_p, sub_p, loss = convoy_frame(charts, edition, asw_dice, sub_points, situation)

    def trial(rng):
        left = sub_points - min(sub_points, binomial(rng, asw_dice, asw_p))
        return left, binomial(rng, left, sub_p)

    runs = simulate_outcomes(trial, draws=asw_dice + sub_points)
    result.chances += [("Japan's objective met: no loss", runs.chance(lambda o: o[1] == 0)),
                       ("Allied objective met: at least one hit", runs.chance(lambda o: o[1] >= 1))]
    _summary(result, "Submarine Points left", runs.of(0), "point")
    _summary(result, "submarine hits", runs.of(1), "hit")
    hits = runs.of(1)
    result.expected.append(("Merchantmen Pool and TP lost (each)", Estimate(hits.mean() * loss, hits.mean_error() * loss)))
    return _stated(result, runs, why)


def _land_hits(rng, rolled) -> int:
    own = sum(binomial(rng, n, p) for n, p in rolled.own)
    return own + min(binomial(rng, rolled.support, rolled.support_p), rolled.cap) + rolled.extra


def simulated_land(charts: CombatCharts, edition: Edition, attackers, defenders, situation: Situation, why: str,
                   **options) -> OddsResult:
    """:func:`.odds.land_combat` rolled: both sides' land combat and ground support dice, then the comparison
    (v1.1 13.4; 2nd 11.3.5: greater, every defender loses a step; greater by more than its Combat Strength, all go)."""
    result, a_dice, d_dice = land_frame(charts, edition, attackers, defenders, situation, **options)
    strength = d_dice.cap
    runs = simulate_outcomes(lambda rng: (_land_hits(rng, a_dice), _land_hits(rng, d_dice)), draws=a_dice.dice + d_dice.dice)
    none = runs.chance(lambda o: o[0] <= o[1])
    step_or_elim = runs.chance(lambda o: o[0] > o[1])
    result.chances += [("no effect (defender's total equal or greater)", none),
                       ("every defending land unit loses a step", runs.chance(lambda o: o[1] < o[0] <= o[1] + strength)),
                       ("every defending land unit is eliminated", runs.chance(lambda o: o[0] > o[1] + strength)),
                       ("attacker's objective met: the defenders lose at least a step", step_or_elim),
                       ("defender's objective met: no effect", none)]
    if on_last_step(defenders):  # a step lost is each defender's last (v1.1 13.4, 17.4; 2nd 11.3.5, 15.4)
        add_last_step(result, step_or_elim)
    _summary(result, "attacker hits", runs.of(0), "hit")
    _summary(result, "defender hits", runs.of(1), "hit")
    air_units = [p for p in defenders if p.type == "air" and not p.task_force]
    if air_units:  # the defender's air steps at base lose one step each, or all (v1.1 13.4; 2nd 11.3.5; READINGS land-combat-air)
        one_each = sum(min(1, p.steps) for p in air_units)
        every = one_each == d_dice.extra  # one step each is all they have
        result.chances.append(("every defending air unit is eliminated",
                               runs.chance(lambda o: o[0] > o[1] + strength or (every and o[0] > o[1]))))
        lost = runs.of(lambda o: 0 if o[0] <= o[1] else d_dice.extra if o[0] > o[1] + strength else one_each)
        result.expected.append(("defender air steps lost", Estimate(lost.mean(), lost.mean_error())))
        result.readings.append("land-combat-air")
    result.readings += ["modified-hit", "ground-support-supremacy"]
    return _stated(result, runs, why)


class _Battle:
    """One battle's rounds, rolled: each round's chances (exact, from :mod:`.odds_battle`) are worked out once for each
    set of ships still fighting and kept, then drawn for each ship."""

    def __init__(self, charts, edition, situation, ships, n_att, tokyo_express, withdraw, after_rounds):
        self.charts, self.edition, self.situation = charts, edition, situation
        self.ships, self.n_att = ships, n_att
        self.tokyo, self.withdraw, self.after_rounds = tokyo_express, withdraw, after_rounds
        self.last = max(2, after_rounds + 2)  # rounds past this are all alike, as in the exact chain
        self.first, self.second = first_to_fire(ships, tokyo_express)
        self.kept: dict = {}

    def _fates(self, key, firers, targets, side, withdrawing, first_round, out_before=None):
        """Each target's (P sunk, P out of the fight) this round, kept by the set of ships fighting and, for each target,
        by the shots at it (a target under the same shots has the same fate)."""
        if key not in self.kept:
            shots = volley(self.charts, self.situation, firers, targets, side, withdrawing, first_round, out_before)
            self.kept[key] = [self._fate(t, tuple(shots.get(j, ()))) for j, t in enumerate(targets)]
        return self.kept[key]

    def _fate(self, target, shots: tuple) -> tuple[float, float]:
        key = (id(target), shots)
        if key not in self.kept:
            (sunk, damaged), = fates(self.charts, self.edition, self.situation, [target], {0: list(shots)})
            self.kept[key] = (float(sunk), float(sunk + damaged))
        return self.kept[key]

    @staticmethod
    def _draw(rng, chances) -> list[int]:
        out = []
        for sunk, out_of_fight in chances:
            u = rng.random()
            out.append(SUNK if u < sunk else DAMAGED if u < out_of_fight else FIGHTING)
        return out

    def trial(self, rng) -> tuple:
        """(end, rounds fought, each ship's end)."""
        fate = [FIGHTING] * len(self.ships)
        live = {"attacker": list(range(self.n_att)), "defender": list(range(self.n_att, len(self.ships)))}
        rounds, r = 0, 1
        while live["attacker"] and live["defender"]:
            pulling_out = frozenset({self.withdraw} if self.withdraw and r == self.after_rounds + 1 else ())
            pieces = {side: [self.ships[i] for i in live[side]] for side in live}
            key = (tuple(live["attacker"]), tuple(live["defender"]), min(r, self.last), pulling_out)
            other = {"attacker": "defender", "defender": "attacker"}
            if not self.tokyo:
                chances = {side: self._fates(key + (side,), pieces[other[side]], pieces[side], other[side], pulling_out, r == 1)
                           for side in live}  # side -> the fates of its ships, fired at by the other side
                if not pulling_out and r >= self.last and all(out == 0 for c in chances.values() for _, out in c):
                    return (ENDS.index("stalemate"), rounds, *fate)  # nobody can hurt anybody
                drawn = {side: self._draw(rng, chances[side]) for side in live}
            else:  # the Japanese fire first; a ship of the other side out of the fight does not fire back
                first, second = self.first, self.second
                volley_one = self._fates(key + (second,), pieces[first], pieces[second], first, pulling_out, r == 1)
                if not pulling_out and r >= self.last and all(out == 0 for _, out in volley_one) and all(
                        out == 0 for _, out in self._fates(key + (first, frozenset()), pieces[second], pieces[first], second,
                                                           pulling_out, r == 1, frozenset())):
                    return (ENDS.index("stalemate"), rounds, *fate)
                hit = self._draw(rng, volley_one)
                gone = frozenset(k for k, f in enumerate(hit) if f)
                back = self._fates(key + (first, gone), pieces[second], pieces[first], second, pulling_out, r == 1, gone)
                drawn = {second: hit, first: self._draw(rng, back)}
            rounds += 1
            for side in live:
                for i, f in zip(live[side], drawn[side]):
                    fate[i] = f
                live[side] = [i for i, f in zip(live[side], drawn[side]) if f == FIGHTING]
            if pulling_out:
                side = self.withdraw
                for i in live[side]:
                    fate[i] = WITHDRAWN
                end = other[side] if live[other[side]] else "nobody"
                return (ENDS.index(end), rounds, *fate)
            if rounds >= MAX_ROUNDS:
                return (ENDS.index("stalemate"), rounds, *fate)
            r += 1
        end = "attacker" if live["attacker"] else "defender" if live["defender"] else "nobody"
        return (ENDS.index(end), rounds, *fate)


def simulated_battle(charts: CombatCharts, edition: Edition, attackers, defenders, situation: Situation, why: str, *,
                     tokyo_express: bool = False, withdraw: str | None = None, after_rounds: int = 0) -> OddsResult:
    """:func:`.odds_battle.surface_battle` rolled, for more ships than its exact chain holds: the same rounds, pairing,
    withdrawal, Long Lance and Tokyo Express; each round's chances are exact, only the draws are random."""
    if max(len(attackers), len(defenders)) > MAX_SIMULATED_SHIPS:
        raise TooBig(f"a surface battle of more than {MAX_SIMULATED_SHIPS} ships a side is too big even to simulate (no rule bounds "
                     "them: the work budget of a simulated answer); ask it a round at a time (odds surface)")
    ships = list(attackers) + list(defenders)
    n_att = len(attackers)
    battle = _Battle(charts, edition, situation, ships, n_att, tokyo_express, withdraw, after_rounds)
    runs = simulate_outcomes(battle.trial, draws=1, trials=BATTLE_TRIALS)
    result = battle_frame(charts, edition, attackers, defenders, situation, tokyo_express, withdraw, after_rounds)
    for i, ship in enumerate(ships):
        at = 2 + i
        result.chances += [(f"{ship.name} sunk", runs.chance(lambda o, at=at: o[at] == SUNK)),
                           (f"{ship.name} damaged, not sunk", runs.chance(lambda o, at=at: o[at] == DAMAGED))]
        if withdraw:
            result.chances.append((f"{ship.name} withdrawn", runs.chance(lambda o, at=at: o[at] == WITHDRAWN)))
    result.chances += [("attacker's objective met: Sea Control (a ship left, none of the defender's)",
                        runs.chance(lambda o: o[0] == 0)),
                       ("defender's objective met: Sea Control (a ship left, none of the attacker's)",
                        runs.chance(lambda o: o[0] == 1)),
                       ("nobody has Sea Control (both sides out)", runs.chance(lambda o: o[0] == 2))]
    stalemate = runs.chance(lambda o: o[0] == 3)
    if stalemate.value:
        result.chances.append(("nobody can hurt the other: the battle lasts until a side withdraws", stalemate))
    rounds = runs.of(1)
    sunk_att = runs.of(lambda o: sum(1 for f in o[2:2 + n_att] if f == SUNK))
    sunk_def = runs.of(lambda o: sum(1 for f in o[2 + n_att:] if f == SUNK))
    result.expected += [("Surface Combat Rounds fought", Estimate(rounds.mean(), rounds.mean_error())),
                        ("attacker ships sunk", Estimate(sunk_att.mean(), sunk_att.mean_error())),
                        ("defender ships sunk", Estimate(sunk_def.mean(), sunk_def.mean_error()))]
    result.readings += ["surface-pairing", "damage-order", "battle-withdrawal"]
    return _stated(result, runs, why)
