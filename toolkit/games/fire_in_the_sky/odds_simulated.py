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

from toolkit.games.fire_in_the_sky.combat_tables import CombatCharts, Situation
from toolkit.games.fire_in_the_sky.odds import OddsResult, bombing_frame, convoy_frame, land_frame
from toolkit.model import Edition
from toolkit.simulate import Estimate, Outcomes, Simulated, binomial, simulate_outcomes
from toolkit.words import counted

__all__ = ["simulated_bombing", "simulated_convoy", "simulated_land", "SIMULATED_KINDS"]

#: The kinds of odds that are simulated past the exact budget.
SIMULATED_KINDS = ("bombing", "convoy", "land")


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
