"""Fire in the Sky battle odds (``chartroom odds``): hand-worked cases, and a seeded Monte Carlo.

The hand-worked cases are small enough to count on paper; each says how. The Monte Carlo
cases roll the dice as the rules say with an independent, naive simulator (this file, no code
shared with :mod:`toolkit.games.fire_in_the_sky.odds` beyond the charts it reads) and require
every exact probability to lie within 4.5 standard errors of the simulated frequency, for
every combat kind in both editions.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction as F

import pytest

from conftest import GAME, SHORT, run_cli
from toolkit.games.fire_in_the_sky import odds
from toolkit.games.fire_in_the_sky.combat_tables import CombatCharts, Situation
from toolkit.games.fire_in_the_sky.dice import dice, die_hit, two_dice_at_least
from toolkit.model.build import load_game


@pytest.fixture(scope="module", params=["v1.1", "2nd"])
def edition(request):
    return request.param


_GAMES = {}


def game_of(edition):
    if edition not in _GAMES:
        _GAMES[edition] = load_game(GAME, edition).game
    return _GAMES[edition]


def ship(game, counter, at_anchor=False):
    c = game.counters[counter]
    return odds.Piece(c, c.side, 1, not at_anchor)


def air(game, counter, steps, at_sea=False, long_range=False):
    c = game.counters[counter]
    return odds.Piece(c, c.side, steps, at_sea, long_range)


def chance(result, name):
    return dict(result.chances)[name]


def dist(result, name):
    return next(d for n, d, _ in result.distributions if n == name)


# --- dice ----------------------------------------------------------------------------------

def test_dice_by_hand():
    assert die_hit(0, 5) == F(1, 3) and die_hit(1, 5) == F(1, 2) and die_hit(-2, 5) == 0 and die_hit(4, 5) == 1
    assert dice(3, F(1, 3)) == {0: F(8, 27), 1: F(12, 27), 2: F(6, 27), 3: F(1, 27)}
    # 2d6 >= 7: 21 of 36; >= 2: all; >= 13: none.
    assert two_dice_at_least(7) == F(21, 36) and two_dice_at_least(2) == 1 and two_dice_at_least(13) == 0


def test_charts_read_both_editions(edition):
    charts = CombatCharts.of(game_of(edition))
    assert charts.hit_threshold == 5                                   # "every 5 or 6 is a hit"
    assert charts.surface_cell(0, 12) == (6, True)                     # the half-hit cell
    assert charts.surface_cell(4, 7) == (2, False)
    assert charts.delay_per_hit() == 2                                 # twice the hits


# --- air-to-air ------------------------------------------------------------------------------

def test_air_to_air_four_against_two(edition):
    """4 Japanese Air Points against 2 Allied, no modifiers (Turn 3): the Allies keep none when 2+ of 4 dice hit:
    1 - (2/3)^4 - 4(1/3)(2/3)^3 = 11/27; Japan loses 0, 1, 2 with (2/3)^2, 2(1/3)(2/3), (1/3)^2."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    r = odds.air_combat(charts, game.edition, [air(game, "jp-air", 4)], [air(game, "us-air", 2)],
                        Situation("japan", 3, "japan"))
    assert dist(r, "defender Air Points left") == {0: F(11, 27), 1: F(32, 81), 2: F(16, 81)}
    assert dist(r, "attacker Air Points left") == {2: F(1, 9), 3: F(4, 9), 4: F(4, 9)}
    assert chance(r, "attacker gains Air Supremacy") == F(11, 27)
    # the only tie is 2-2: (1/9)(16/81), shared by a roll-off
    assert chance(r, "defender gains at least Air Superiority (Superiority or Supremacy)") == F(1, 9) * F(16, 81) / 2


def test_v11_turn_1_japan_fires_first():
    """v1.1 17.1: in the Japanese player turn of Turn 1, Japan fires first (+1 each, the chart's Turn 1 modifier).
    2 Japanese points against 1 Allied: the Allied point survives with (1/2)^2 = 1/4 and then hits with 1/3."""
    game = game_of("v1.1")
    charts = CombatCharts.of(game)
    r = odds.air_combat(charts, game.edition, [air(game, "jp-air", 2)], [air(game, "us-air", 1)], Situation("japan", 1, "japan"))
    assert dist(r, "defender Air Points left") == {0: F(3, 4), 1: F(1, 4)}
    assert dist(r, "attacker Air Points left") == {1: F(1, 12), 2: F(11, 12)}
    # The 2nd edition fires simultaneously: the Allied point always shoots back.
    game2 = game_of("2nd")
    r2 = odds.air_combat(CombatCharts.of(game2), game2.edition, [air(game2, "jp-air", 2)], [air(game2, "us-air", 1)],
                         Situation("japan", 1, "japan"))
    assert dist(r2, "attacker Air Points left") == {1: F(1, 3), 2: F(2, 3)}


def test_elite_air_points_only_with_the_optional_rule(edition):
    game = game_of(edition)
    charts = CombatCharts.of(game)
    rule = "18.2.3" if edition == "v1.1" else "16.2.3"
    akagi = ship(game, "jp-cv-akagi-kaga")
    plain = odds.pool(charts, [akagi], Situation("japan", 5, "japan"), "air-to-air")
    elite = odds.pool(charts, [akagi], Situation("japan", 5, "japan", optional=frozenset({rule})), "air-to-air")
    assert [g.modifier for g in plain] == [0] and [g.modifier for g in elite] == [1]
    assert odds.pool(charts, [ship(game, "jp-cv-shokaku-zuikaku")], Situation("japan", 5, "japan", optional=frozenset({rule})),
                     "air-to-air")[0].modifier == 0
    # A carrier at anchor gives no Air Points (v1.1 12.3.2; 2nd 11.2.2.1).
    assert odds.pool(charts, [ship(game, "jp-cv-akagi-kaga", at_anchor=True)], Situation("japan"), "air-to-air") == []


# --- air strike ------------------------------------------------------------------------------

def test_strike_one_point_on_a_lone_destroyer(edition):
    """1 Air Point against a Task Force of one US DD (AA 1, Defense 7), no enemy air, Turn 5: Air Supremacy (+1).
    AA misses with 2/3, the strike hits with 1/2: 1/3. The Damage Check (+1 air strike) needs 6 on two dice: 26/36."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    dd = ship(game, "us-dd")
    assert dd.rating("anti_aircraft") == 1 and dd.rating("defense") == 7
    r = odds.air_strike(charts, game.edition, [air(game, "jp-air", 1)], [dd], dd, Situation("japan", 5, "japan"))
    assert dist(r, "hits on us-dd") == {0: F(2, 3), 1: F(1, 3)}
    assert chance(r, "us-dd sunk (may come back as a reinforcement)" if edition == "v1.1" else "us-dd sunk (removed from the game)") \
        == F(1, 3) * F(26, 36)


def test_strike_on_a_base_uses_half_its_air_capacity(edition):
    """Midway (Air Capacity 2): AA 1. v1.1 17.1: in the Japanese player turn of Turn 1 Allied bases have AA 0."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    bb = ship(game, "us-bb-pennsylvania-arizona", at_anchor=True)
    att = [air(game, "jp-air", 1)]
    r = odds.air_strike(charts, game.edition, att, [bb], bb, Situation("japan", 3, "japan"), base_air_capacity=2)
    assert "AA 1" in r.title
    # at anchor +1 and supremacy +1: 3+ = 2/3, after the AA die misses (2/3): 4/9
    assert dist(r, "hits on us-bb-pennsylvania-arizona")[1] == F(4, 9)
    r1 = odds.air_strike(charts, game.edition, att, [bb], bb, Situation("japan", 1, "japan"), base_air_capacity=2)
    assert ("AA 0" in r1.title) == (edition == "v1.1")


def test_strike_on_air_steps_at_a_base(edition):
    game = game_of(edition)
    charts = CombatCharts.of(game)
    target = air(game, "us-air", 2)
    r = odds.air_strike(charts, game.edition, [air(game, "jp-air", 2)], [], target, Situation("japan", 5, "japan"),
                        base_air_capacity=0)
    # no defending air: supremacy, +1: each point hits 1/2; AA 0
    assert dist(r, "us-air steps lost") == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}


# --- submarine ------------------------------------------------------------------------------

def test_submarine_against_a_screened_carrier(edition):
    """Allied Submarine Point, Turn 3 (-1), against Akagi/Kaga with 2 DDs: ASW stops it with 1-(2/3)^2 = 5/9;
    the torpedo (5+ after -1: 6 only) hits 1/6; the Damage Check (+2) against Defense 9 needs 7: 21/36."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    tf = [ship(game, "jp-cv-akagi-kaga"), ship(game, "jp-dd"), ship(game, "jp-dd")]
    r = odds.submarine_attack(charts, game.edition, tf, tf[0], Situation("allied", 3, "allied"))
    assert chance(r, "the escort's ASW stops the attack") == F(5, 9)
    assert chance(r, "jp-cv-akagi-kaga hit") == F(4, 9) * F(1, 6)
    assert chance(r, "attacker's objective met: the target sunk") == F(4, 9) * F(1, 6) * F(21, 36)
    # returns two friendly Reinforcement Phases later: Japan's phase of Turn 3 has passed, so Turn 5
    assert r.tables[0][2][0][3] == "Turn 5"


def test_submarine_without_escort_and_on_turn_1(edition):
    game = game_of(edition)
    charts = CombatCharts.of(game)
    tf = [ship(game, "jp-ca")]
    r = odds.submarine_attack(charts, game.edition, tf, tf[0], Situation("allied", 7, "allied"))
    assert chance(r, "jp-ca hit") == F(1, 2)            # no DD: +1, 4+
    r1 = odds.submarine_attack(charts, game.edition, tf, tf[0], Situation("allied", 1, "japan"))
    assert chance(r1, "jp-ca hit") == F(1, 6)           # no DD +1, Turn 1 -2: 6 only


# --- surface combat ---------------------------------------------------------------------------

def test_surface_round_by_hand(edition):
    """jp-ca (Firepower 1) against us-ca (Defense 9): 5+ = 1/3; its Damage Check adds Firepower 1, needs 8: 15/36."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    a, d = ship(game, "jp-ca"), ship(game, "us-ca")
    assert a.rating("firepower") == 1 and d.rating("defense") == 9
    r = odds.surface_round(charts, game.edition, [a], [d], Situation("japan", 4, "japan"))
    assert chance(r, "us-ca sunk") == F(1, 3) * F(15, 36)
    assert chance(r, "us-ca damaged, not sunk") == F(1, 3) * F(21, 36)
    both_out = F(1, 3) * F(1, 3)   # us-ca fires back the same way
    assert chance(r, "both sides out: nobody has Sea Control") == both_out


def test_surface_half_hits():
    """Two Firepower-0 ships against Defense 12: each scores half a hit on a 6; only both together make a hit (1/36)."""
    game = game_of("2nd")
    charts = CombatCharts.of(game)
    c0 = [c for c in game.counters.values() if c.type == "naval" and c.side == "japan" and int(c.ratings.get("firepower", 9)) == 0]
    big = [c for c in game.counters.values() if c.type == "naval" and c.side == "allied" and int(c.ratings.get("defense", 0)) >= 10]
    assert c0 and big
    t = odds.Piece(big[0], "allied")
    sunk, damaged, checks, _ = odds._ship_outcome(charts, game.edition, Situation("japan", 4, "japan"), t,
                                                  [(F(1, 6), True, 0), (F(1, 6), True, 0)])
    assert checks == {0: F(35, 36), 1: F(1, 36)}


# --- damage checks ------------------------------------------------------------------------------

def test_rulebook_return_examples():
    """v1.1 13.1: a US BB hit twice in the Japanese player turn of Turn 3 returns on Turn 6.
    2nd 11.3.1: a Japanese BB hit three times in the Allied part of Turn 3 returns on Turn 9."""
    v11, second = game_of("v1.1"), game_of("2nd")
    assert odds.return_turn(v11.edition, 3, "japan", "allied", 2, 2) == 6
    assert odds.return_turn(second.edition, 3, "allied", "japan", 3, 2) == 9


def test_damage_checks_with_and_without_the_extra_hit_rule():
    """Three air-strike hits on Defense 11: each check needs 10 (+1 air strike): 6/36. With the +1 per extra hit the
    2nd edition's later checks need 9 and 8 (11.3.1, reading multi-hit=cumulative); v1.1 optional 18.3.2 gives every
    check +1 per hit over one (its example: two hits, each check +1), so all three need 8."""
    for edition, optional, needs in (("v1.1", (), (10, 10, 10)), ("v1.1", ("18.3.2",), (8, 8, 8)), ("2nd", (), (10, 9, 8))):
        game = game_of(edition)
        charts = CombatCharts.of(game)
        bb = ship(game, "jp-bb-nagato-mutsu") if "jp-bb-nagato-mutsu" in game.counters else None
        bb = bb or ship(game, next(c.id for c in game.counters.values() if c.cls == "BB" and c.ratings.get("defense") == 11))
        assert bb.rating("defense") == 11
        r = odds.damage_check(charts, game.edition, bb, 3, "air-strike", Situation("allied", 5, "allied", optional=frozenset(optional)))
        survive = 1
        for need in needs:
            survive *= 1 - two_dice_at_least(need)
        assert [row[1] for row in r.tables[0][2]] == [f"{n}+" for n in needs]
        assert dict(r.chances)[next(n for n, _ in r.chances if n.startswith("sunk"))] == 1 - survive


# --- Monte Carlo --------------------------------------------------------------------------------

def roll(rng, n=1):
    return [rng.randint(1, 6) for _ in range(n)]


def within(exact: F, hits: int, n: int) -> bool:
    p = float(exact)
    se = math.sqrt(max(p * (1 - p), 1e-4) / n)
    return abs(hits / n - p) <= 4.5 * se


N = 6000


def test_monte_carlo_air_and_strike(edition):
    """3 Japanese Air Points (one elite carrier group of 4 is too many dice by hand) strike an Allied TF of a CA
    and a DD defended by 2 Air Points; AA = 1 + 1 = 2 dice; all strike the CA."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    rng = random.Random(13)
    ca, dd = ship(game, "us-ca"), ship(game, "us-dd")
    aa = int(ca.rating("anti_aircraft") + dd.rating("anti_aircraft"))
    r = odds.air_strike(charts, game.edition, [air(game, "jp-air", 3)], [ca, dd, air(game, "us-air", 2)], ca,
                        Situation("japan", 5, "japan"))
    sunk = supreme = 0
    for _ in range(N):
        a, d = 3, 2
        hits_on_d = sum(1 for x in roll(rng, a) if x >= 5)
        hits_on_a = sum(1 for x in roll(rng, d) if x >= 5)
        a, d = a - min(a, hits_on_a), d - min(d, hits_on_d)
        sup = a > 0 and d == 0
        supreme += sup
        a -= min(a, sum(1 for x in roll(rng, aa) if x >= 5))
        hits = sum(1 for x in roll(rng, a) if x + (1 if sup else 0) >= 5)
        mods = [1 + ((k if edition == "2nd" else 0)) for k in range(hits)]
        sunk += any(sum(roll(rng, 2)) + m >= ca.rating("defense") for m in mods)
    assert within(chance(r, "attacker gains Air Supremacy"), supreme, N)
    assert within(chance(r, "attacker's objective met: the target sunk"), sunk, N)


def test_monte_carlo_submarine(edition):
    game = game_of(edition)
    charts = CombatCharts.of(game)
    rng = random.Random(7)
    tf = [ship(game, "jp-bb-fuso-yamashiro"), ship(game, "jp-dd")]
    r = odds.submarine_attack(charts, game.edition, tf, tf[0], Situation("allied", 8, "allied"), friendly_air_in_hex=True)
    sunk = 0
    for _ in range(N):
        if any(x + 1 >= 5 for x in roll(rng)):      # ASW with friendly air in the hex: +1
            continue
        if roll(rng)[0] >= 5 and sum(roll(rng, 2)) + 2 >= tf[0].rating("defense"):
            sunk += 1
    assert within(chance(r, "attacker's objective met: the target sunk"), sunk, N)


def test_monte_carlo_surface(edition):
    game = game_of(edition)
    charts = CombatCharts.of(game)
    rng = random.Random(11)
    att = [ship(game, "jp-bb-fuso-yamashiro"), ship(game, "jp-ca"), ship(game, "jp-dd")]
    dfn = [ship(game, "us-ca"), ship(game, "us-dd")]
    r = odds.surface_round(charts, game.edition, att, dfn, Situation("japan", 4, "japan"))
    pairs = [(att[0], dfn[0]), (att[1], dfn[1]), (att[2], dfn[0])]     # the third cycles back to the first
    sunk_ca = 0
    for _ in range(N):
        fps = []
        for firer, target in pairs:
            if target is dfn[0]:
                to_hit, half = charts.surface_cell(firer.rating("firepower"), target.rating("defense"))
                if roll(rng)[0] >= to_hit:
                    fps.append(firer.rating("firepower"))
        extra = edition == "2nd"
        sunk_ca += any(sum(roll(rng, 2)) + fp + (k if extra else 0) >= dfn[0].rating("defense") for k, fp in enumerate(fps))
    assert within(chance(r, "us-ca sunk"), sunk_ca, N)


def test_monte_carlo_damage(edition):
    game = game_of(edition)
    charts = CombatCharts.of(game)
    rng = random.Random(5)
    bb = ship(game, "us-bb-pennsylvania-arizona")
    r = odds.damage_check(charts, game.edition, bb, 4, "surface", Situation("japan", 1, "japan"), firepower=2)
    sunk = 0
    for _ in range(N):
        # +2 Firepower; +1 Allied unit in the Japanese player turn of Turn 1; 2nd: +1 per extra hit
        sunk += any(sum(roll(rng, 2)) + 2 + 1 + (k if edition == "2nd" else 0) >= bb.rating("defense") for k in range(4))
    assert within(dict(r.chances)[next(n for n, _ in r.chances if n.startswith("sunk"))], sunk, N)


# --- the command -----------------------------------------------------------------------------

run = run_cli


def test_cli_at_a_scenario_place_uses_its_units(capsys):
    status, out, err = run(capsys, "odds", "strike", "--attacker", "jp-cv-akagi-kaga", "--at", "Midway", str(SHORT),
                           "--target", "us-air", "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    assert data["forces"]["Allied (defender)"] == ["us-air (2 steps, at base)", "us-land-2"]
    assert "AA 1" in data["title"]                      # Midway: Air Capacity 2
    values = {v["value"]: v["fraction"] for v in data["distributions"][1]["values"]}
    assert set(values) == {0, 1, 2}
    total = sum(F(v["fraction"]) for d in data["distributions"] for v in d["values"]) / len(data["distributions"])
    assert total == 1


@pytest.mark.parametrize("args, message", [
    (["odds", "air", "--attacker", "jp-air:4"], "give --defender"),
    (["odds", "air", "--attacker", "jp-aire", "--defender", "us-air"], "no counter 'jp-aire'"),
    (["odds", "air", "--attacker", "jp-dd:3", "--defender", "us-air"], "steps are for air units"),
    (["odds", "air", "--attacker", "jp-air", "--defender", "jp-air"], "wrong side"),
    (["odds", "strike", "--attacker", "jp-air", "--defender", "us-dd@anchor"], "give --base"),
    (["odds", "strike", "--attacker", "jp-air", "--at", "Midwya", str(SHORT)], "did you mean 'Midway'"),
    (["odds", "damage", "--defender", "us-air", "--hits", "1", "--cause", "surface"], "Damage Checks are rolled by ships"),
    (["odds", "air", "--attacker", "jp-air", "--defender", "us-air", "--optional", "99.9"], "no such optional rule"),
    (["odds", "surface", "--attacker", "jp-cv-akagi-kaga", "jp-dd", "--defender", "us-dd"], "Carrier Task Force box"),
])
def test_cli_bad_input_exits_2(capsys, args, message):
    status, out, err = run(capsys, *args)
    assert status == 2 and message in err and not out


def test_cli_text_and_editions(capsys):
    status, out, _ = run(capsys, "odds", "damage", "--defender", "us-bb-pennsylvania-arizona", "--hits", "2", "--cause",
                         "surface", "--firepower", "3", "--turn", "3", "--side", "japan")
    assert status == 0 and "damaged, returns Turn 6" in out and "FitS v1.1 13.1" in out
    status, out, _ = run(capsys, "odds", "damage", "--defender", "us-bb-pennsylvania-arizona", "--hits", "2", "--cause",
                         "surface", "--firepower", "3", "--turn", "3", "--side", "japan", "--edition", "2nd")
    assert status == 0 and "+1 For each hit beyond the first" in out


# --- the odds card -------------------------------------------------------------------------------

def test_odds_card_per_edition(edition):
    from toolkit.games.fire_in_the_sky import GAME as FITS
    from toolkit.games.fire_in_the_sky.aids_odds import odds_card

    game = game_of(edition)
    specs = FITS.aids(game)
    assert [s.stem for s in specs] == ["odds"]
    card = odds_card(game)
    assert card == odds_card(game)                                        # deterministic
    zero = next(c for c in card["combat"] if c["modifier"] == "0")
    assert zero["rows"][1]["any"]["fraction"] == "5/9"                    # 2 dice: 1 - (2/3)^2
    assert card["surface"][0]["cells"][0]["half"] is True                 # Defense 12, Firepower 0: half hit
    d9 = next(r for r in card["per_check"] if r["defense"] == 9)
    assert d9["cells"][2]["fraction"] == "7/12"                           # +2 (submarine): 7+ on two dice
    # 2 air-strike hits on Defense 9 with the extra-hit +1 (optional in v1.1, shown with it): 2nd 11.3.1, the checks need
    # 8 and 7; v1.1 18.3.2 (its example: two hits, each check +1), both need 7
    d9m = next(r for r in card["multi"] if r["defense"] == 9)
    both = (1 - F(21, 36)) ** 2 if edition == "v1.1" else (1 - F(15, 36)) * (1 - F(21, 36))
    assert F(d9m["cells"][1]["fraction"]) == 1 - both
    assert card["multi_optional"] == ("18.3.2" if edition == "v1.1" else "")


def test_odds_card_renders(tmp_path, capsys):
    from toolkit.cli import main

    assert main(["aids", str(SHORT), "-o", str(tmp_path / "a")]) == 0
    assert main(["aids", str(SHORT), "-o", str(tmp_path / "b")]) == 0
    capsys.readouterr()
    one, two = (tmp_path / "a" / "odds.html").read_text(), (tmp_path / "b" / "odds.html").read_text()
    assert one == two and "Naval Damage Check" in one and "6+*" in one


# --- convoy and land combat ---------------------------------------------------------------------

def test_convoy_by_hand(edition):
    """2 ASW dice (1/3 each) against 3 Submarine Points on Turn 6 (+1: 1/2 each): points left 3, 2, 1 with 4/9, 4/9,
    1/9; no hit with 4/9 (1/8) + 4/9 (1/4) + 1/9 (1/2) = 2/9. Each hit costs 1 pool point in v1.1, 2 in the 2nd."""
    game = game_of(edition)
    r = odds.convoy(CombatCharts.of(game), game.edition, 2, 3, Situation("allied", 6, "allied"))
    assert dist(r, "Allied Submarine Points left after ASW") == {1: F(1, 9), 2: F(4, 9), 3: F(4, 9)}
    assert chance(r, "Japan's objective met: no loss") == F(2, 9)
    loss = 1 if edition == "v1.1" else 2
    assert max(dist(r, "Merchantmen Pool and Japanese TP lost (each)")) == 3 * loss


def test_land_combat_by_hand(edition):
    """jp-land-2 (2 dice) against a reduced us-land-2 (1 die): a step is lost on (1 hit v 0) or (2 v 1):
    4/9 x 2/3 + 1/9 x 1/3 = 1/3; all eliminated on 2 v 0 (more than 0 + Combat Strength 1): 1/9 x 2/3."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    a = odds.Piece(game.counters["jp-land-2"], "japan")
    d = odds.Piece(game.counters["us-land-2"], "allied", reduced=True)
    assert odds._strength(a) == 2 and odds._strength(d) == 1
    r = odds.land_combat(charts, game.edition, [a], [d], Situation("japan", 5, "japan"))
    assert chance(r, "every defending land unit loses a step") == F(1, 3)
    assert chance(r, "every defending land unit is eliminated") == F(2, 27)
    # out of supply: -1, each die 1/6
    r = odds.land_combat(charts, game.edition, [a], [d], Situation("japan", 5, "japan"), out_of_supply={"japan"})
    assert dist(r, "attacker land combat hits") == {0: F(25, 36), 1: F(10, 36), 2: F(1, 36)}


def test_monte_carlo_land_with_ground_support(edition):
    """jp-land-4 with 3 Air Points of ground support and Air Supremacy (+1) and 2 Firepower of ships, against
    us-land-2 with 2 air steps at base: the support hits are capped at the attacker's Combat Strength."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    rng = random.Random(3)
    a = odds.Piece(game.counters["jp-land-4"], "japan")
    d = [odds.Piece(game.counters["us-land-2"], "allied"), air(game, "us-air", 2)]
    r = odds.land_combat(charts, game.edition, [a], d, Situation("japan", 5, "japan"), attacker_air_points=3,
                         attacker_firepower=2, supremacy="japan")
    step = elim = 0
    for _ in range(N):
        x = sum(1 for v in roll(rng, 4) if v >= 5) + min(4, sum(1 for v in roll(rng, 5) if v + 1 >= 5))
        y = sum(1 for v in roll(rng, 2) if v >= 5) + 2
        step += y < x <= y + 2
        elim += x > y + 2
    assert within(chance(r, "every defending land unit loses a step"), step, N)
    assert within(chance(r, "every defending land unit is eliminated"), elim, N)


def test_monte_carlo_convoy(edition):
    game = game_of(edition)
    rng = random.Random(17)
    r = odds.convoy(CombatCharts.of(game), game.edition, 3, 4, Situation("allied", 2, "allied"))
    clean = 0
    for _ in range(N):
        left = 4 - min(4, sum(1 for v in roll(rng, 3) if v >= 5))
        clean += not any(v >= 5 for v in roll(rng, left))
    assert within(chance(r, "Japan's objective met: no loss"), clean, N)


def test_cli_land_and_convoy(capsys):
    status, out, err = run(capsys, "odds", "land", "--attacker", "jp-land-4", "--at", "Midway", str(SHORT),
                           "--attacker-air-points", "2", "--supremacy", "attacker", "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    assert data["forces"]["Allied (defender)"] == ["us-air (2 steps, at base)", "us-land-2"]
    assert sum(F(c["fraction"]) for c in data["chances"][:3]) == 1
    status, out, err = run(capsys, "odds", "land", "--attacker", "jp-land-4@reduced", "--defender", "us-land-2")
    assert status == 2 and "full-strength" in err
    status, out, err = run(capsys, "odds", "convoy", "--asw-dice", "2", "--sub-points", "3", "--turn", "6", "--edition", "2nd")
    assert status == 0 and "FitS 2nd 5.3" in out
