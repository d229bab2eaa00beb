"""A surface battle fought to its end: Surface Combat Rounds repeated until one side has no ship left in the fight,
with the rules' withdrawal (v1.1 12.3.3.2-12.3.3.3; 2nd 11.2.3, 11.2.4).

Each round the ships still fighting are paired (READINGS surface-pairing), fire, and roll their Damage Checks; a
ship hit and not sunk is damaged and leaves the fight. A side that withdraws does so at the start of a round: its
ships do not fire, the other side's ships fire only at enemies with a lower Movement Allowance than their own, and
the battle ends after that round (withdrawn ships go to the Turn Record Track). The battle is an absorbing Markov
chain over the sets of ships still fighting; the chance of each end is exact, with the rounds in which nobody
leaves summed as a geometric series (expected visits = reach / (1 - chance that nobody leaves)).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from toolkit.exact import TooBig
from toolkit.games.fire_in_the_sky.combat_tables import CombatCharts, Situation
from toolkit.games.fire_in_the_sky.dice import die_hit
from toolkit.games.fire_in_the_sky.odds import OddsResult, _forces, _ship_outcome, long_lance
from toolkit.model import Edition

__all__ = ["surface_battle", "MAX_SHIPS", "MAX_CHAIN_WORK", "volley", "fates", "first_to_fire", "battle_frame"]

#: Ships a side may bring: the chain has 2^(ships) sets of survivors and each round 2^(ships fighting) outcomes.
MAX_SHIPS = 5
#: The work of the exact chain: its sets of survivors (2^ships), times the rounds it unrolls (two, or a withdrawal's
#: rounds + 2), times the ships firing. No rule bounds the rounds before a withdrawal (FitS v1.1 12.3.3.1, 2nd 11.2.3), and
#: each round unrolled costs the whole chain again: measured (CPU, battleships), 2 jp-dd against a BB withdrawing after 200
#: rounds is 4,848 (0.4 s), 2 a side after 200 12,928 (1 s), 3 a side after 50 19,968 (2 s), 5 a side with no withdrawal
#: 20,480 (4.9 s); 3 against 2 after 200 32,320 (2.5 s), 4 against 3 after 50 46,592 (6.1 s), 4 a side after 20 45,056
#: (7.6 s), 3 a side after 200 77,568 (9.6 s), 5 a side after 5 71,680 (19.5 s), after 20 83 s, after 200 over two
#: minutes. Past the budget (about 5 s at worst) the battle is simulated, as one of more ships is.
MAX_CHAIN_WORK = 25_000


def _pattern_chance(fates, pattern) -> tuple[Fraction, dict]:
    """The chance that exactly the ships marked True in ``pattern`` are out of the fight (sunk or damaged), from each
    ship's ``(sunk, damaged)`` chances in ``fates``; and, for each ship out, the chance it was sunk given it is out."""
    chance, sunk = Fraction(1), {}
    for k, out in enumerate(pattern):
        s, d = fates[k]
        chance *= (s + d) if out else 1 - s - d
        if out and s + d:
            sunk[k] = s / (s + d)
    return chance, sunk


def volley(charts, situation, firers, targets, side, withdrawing, first_round, out_before=None) -> dict[int, list]:
    """The shots of ``side``'s ``firers`` at ``targets`` in one round: {target index: [(P hit, half, Firepower)]}.

    The pairing of READINGS surface-pairing; a side in ``withdrawing`` does not fire, and when the other side withdraws
    a ship fires only at a slower enemy (v1.1 12.3.3.2 2.; 2nd 11.2.3 [b]); ``out_before``: firers already out (Tokyo
    Express); Long Lance in the first round."""
    by_target: dict[int, list] = {}
    if side in withdrawing or not targets:
        return by_target
    for i, f in enumerate(firers):
        if withdrawing:
            slower = [j for j in range(len(targets)) if targets[j].counter.movement < f.counter.movement]
            if not slower:
                continue
            j = next((k for k in slower if k >= i % len(targets)), slower[0])
        else:
            j = i % len(targets)
        if out_before is not None and i in out_before:
            continue
        fp = long_lance(charts, situation, f, first_round)
        to_hit, half = charts.surface_cell(fp, int(targets[j].rating("defense", 0)))
        by_target.setdefault(j, []).append((die_hit(0, to_hit), half, fp))
    return by_target


def fates(charts, edition, situation, targets, by_target) -> list[tuple[Fraction, Fraction]]:
    """Each target's (P sunk, P damaged) under the shots of :func:`volley`."""
    return [_ship_outcome(charts, edition, situation, t, by_target.get(j, []))[:2] for j, t in enumerate(targets)]


def first_to_fire(att, tokyo_express: bool) -> tuple[str, str]:
    """Which side fires first: with the Tokyo Express, the Japanese (v1.1 18.2.2; 2nd 16.2.2)."""
    return ("attacker", "defender") if not tokyo_express or att[0].side == "japan" else ("defender", "attacker")


def _round(charts, edition, situation, att, dfn, first_round, tokyo_express, withdrawing):
    """One round among the ships still fighting: [(P, attackers out, defenders out, {ship: P sunk})] outcomes.

    ``att`` and ``dfn`` are lists of pieces; a side in ``withdrawing`` does not fire and is fired at only by faster ships.
    """
    def shots(firers, targets, side, out_before=None):
        return volley(charts, situation, firers, targets, side, withdrawing, first_round, out_before)

    def fates_of(targets, by_target):
        return fates(charts, edition, situation, targets, by_target)

    first, second = first_to_fire(att, tokyo_express)
    ships = {"attacker": att, "defender": dfn}
    other = {"attacker": "defender", "defender": "attacker"}
    outcomes = []
    if not tokyo_express:
        on = {s: fates_of(ships[other[s]], shots(ships[s], ships[other[s]], s)) for s in ("attacker", "defender")}
        out_a, out_d = on["defender"], on["attacker"]  # fates of the attackers (fired on by the defender), and back
        for pattern in product((False, True), repeat=len(att) + len(dfn)):
            p, sunk = _pattern_chance(out_a + out_d, pattern)
            if p:
                outcomes.append((p, pattern[:len(att)], pattern[len(att):], sunk))
        return outcomes
    # Tokyo Express (v1.1 18.2.2; 2nd 16.2.2): the Japanese fire first; an enemy out of the fight does not fire back.
    hit_first = fates_of(ships[second], shots(ships[first], ships[second], first))
    for pattern2 in product((False, True), repeat=len(ships[second])):
        p2, sunk2 = _pattern_chance(hit_first, pattern2)
        if not p2:
            continue
        gone = {k for k, out in enumerate(pattern2) if out}
        hit_second = fates_of(ships[first], shots(ships[second], ships[first], second, gone))
        for pattern1 in product((False, True), repeat=len(ships[first])):
            p1, sunk1 = _pattern_chance(hit_second, pattern1)
            if not p1:
                continue
            by_side = {first: (pattern1, sunk1), second: (pattern2, sunk2)}
            pa, sa = by_side["attacker"]
            pd, sd = by_side["defender"]
            outcomes.append((p1 * p2, pa, pd, {**sa, **{len(att) + k: v for k, v in sd.items()}}))
    return outcomes


def surface_battle(charts: CombatCharts, edition: Edition, attackers, defenders, situation: Situation, *,
                   tokyo_express: bool = False, withdraw: str | None = None, after_rounds: int = 0) -> OddsResult:
    """The Surface Combat Step to its end: who holds Sea Control, and each ship's fate.

    ``withdraw``: ``attacker`` or ``defender`` declares withdrawal at the start of round ``after_rounds + 1`` if the
    battle still goes on (the rules let either side withdraw each round; this asks one plan of it).
    """
    if max(len(attackers), len(defenders)) > MAX_SHIPS:
        raise TooBig(f"a surface battle of more than {MAX_SHIPS} ships a side is too big to answer exactly; "
                     "ask it a round at a time (odds surface)")
    ships = list(attackers) + list(defenders)
    n_att = len(attackers)
    last = max(2, after_rounds + 2)  # rounds past this are all alike (no Long Lance, no withdrawal to come)
    if 2 ** len(ships) * last * len(ships) > MAX_CHAIN_WORK:
        raise TooBig(f"a surface battle of {len(ships)} ships withdrawing after {after_rounds} rounds is too big to answer exactly "
                     f"(2^{len(ships)} sets of survivors x {last} rounds x {len(ships)} ships: more than the work budget of "
                     f"{MAX_CHAIN_WORK:,})")
    start = (tuple(range(n_att)), tuple(range(n_att, len(ships))), 1)
    reach = {start: Fraction(1)}
    sunk = [Fraction(0)] * len(ships)
    out = [Fraction(0)] * len(ships)
    withdrawn = [Fraction(0)] * len(ships)
    ends = {"attacker": Fraction(0), "defender": Fraction(0), "nobody": Fraction(0), "stalemate": Fraction(0)}
    rounds = Fraction(0)
    while reach:
        state = min(reach, key=lambda s: (s[2], -len(s[0]) - len(s[1]), s))  # fewer ships only ever follow
        weight = reach.pop(state)
        a_idx, d_idx, r = state
        if not a_idx or not d_idx:
            ends["attacker" if a_idx else "defender" if d_idx else "nobody"] += weight
            continue
        pulling_out = {withdraw} if withdraw and r == after_rounds + 1 else set()
        outcomes = _round(charts, edition, situation, [ships[i] for i in a_idx], [ships[i] for i in d_idx],
                          r == 1, tokyo_express, pulling_out)
        stay = sum((p for p, pa, pd, _ in outcomes if not any(pa) and not any(pd)), Fraction(0))
        loops = r >= last and not pulling_out
        if loops and stay == 1:
            ends["stalemate"] += weight  # nobody can hurt anybody: it lasts until a side withdraws
            continue
        visits = weight / (1 - stay) if loops else weight
        rounds += visits
        for p, pa, pd, sunk_if in outcomes:
            if loops and not any(pa) and not any(pd):
                continue
            live = [i for i, o in zip(a_idx, pa) if not o], [i for i, o in zip(d_idx, pd) if not o]
            for k, o in enumerate(pa + pd):
                if o:
                    ship = (a_idx + d_idx)[k]
                    out[ship] += visits * p
                    sunk[ship] += visits * p * sunk_if.get(k, Fraction(0))
            if pulling_out:
                side = 0 if withdraw == "attacker" else 1
                for i in live[side]:
                    withdrawn[i] += visits * p
                ends[("defender", "attacker")[side] if live[1 - side] else "nobody"] += visits * p
                continue
            nxt = (tuple(live[0]), tuple(live[1]), min(r + 1, last))
            reach[nxt] = reach.get(nxt, Fraction(0)) + visits * p
    result = battle_frame(charts, edition, attackers, defenders, situation, tokyo_express, withdraw, after_rounds)
    for i, ship in enumerate(ships):
        result.chances += [(f"{ship.name} sunk", sunk[i]), (f"{ship.name} damaged, not sunk", out[i] - sunk[i])]
        if withdraw:
            result.chances.append((f"{ship.name} withdrawn", withdrawn[i]))
    result.chances += [("attacker's objective met: Sea Control (a ship left, none of the defender's)", ends["attacker"]),
                       ("defender's objective met: Sea Control (a ship left, none of the attacker's)", ends["defender"]),
                       ("nobody has Sea Control (both sides out)", ends["nobody"])]
    if ends["stalemate"]:
        result.chances.append(("nobody can hurt the other: the battle lasts until a side withdraws", ends["stalemate"]))
    result.expected += [("Surface Combat Rounds fought", rounds),
                        ("attacker ships sunk", sum(sunk[:n_att], Fraction(0))),
                        ("defender ships sunk", sum(sunk[n_att:], Fraction(0)))]
    result.readings += ["surface-pairing", "damage-order", "battle-withdrawal"]
    return result


def battle_frame(charts: CombatCharts, edition: Edition, attackers, defenders, situation: Situation, tokyo_express: bool,
                 withdraw: str | None, after_rounds: int) -> OddsResult:
    """The battle's question without its answer: title, rules, forces, the withdrawal and the Tokyo Express."""
    attacker, defender = situation.side, (defenders[0].side if defenders else "allied")
    result = OddsResult("battle", "Surface battle to its end", [charts.surface_rule, edition.cite("damage-naval")], edition.id,
                        _forces(attackers, defenders, attacker, defender))
    if withdraw:
        result.forces["withdrawal"] = [f"the {withdraw} withdraws at the start of round {after_rounds + 1} if the battle "
                                       "goes on that long; only faster ships fire at its ships that round"]
    if tokyo_express:
        result.forces["Tokyo Express"] = ["the Japanese ships fire first every round; an enemy out of the fight does not fire back"]
    return result
