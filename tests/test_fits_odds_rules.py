"""Fire in the Sky odds that follow every rule (issue 20 item 5): Kamikaze, v1.1 18.3.2 per its example, every
optional rule applied or refused, the readings the rules leave open as named choices, forces given by ratings, and
the kinds added (strategic bombing, Long Lance, Tokyo Express, Semper Fi).

Each case is worked by hand in its docstring; the Monte Carlo cases roll the dice naively (no code shared with
:mod:`toolkit.games.fire_in_the_sky.odds`) and require each exact chance within 4.5 standard errors.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction as F

import pytest

from conftest import GAME, run_cli
from toolkit.games.fire_in_the_sky import odds
from toolkit.games.fire_in_the_sky.combat_tables import CombatCharts, Situation
from toolkit.games.fire_in_the_sky.dice import two_dice_at_least
from toolkit.games.fire_in_the_sky.odds_optional import OPTIONAL_EFFECTS
from toolkit.model.build import load_game

_GAMES: dict = {}


def game_of(edition):
    if edition not in _GAMES:
        _GAMES[edition] = load_game(GAME, edition).game
    return _GAMES[edition]


@pytest.fixture(params=["v1.1", "2nd"])
def edition(request):
    return request.param


def piece(game, counter, steps=None, task_force=True):
    c = game.counters[counter]
    return odds.Piece(c, c.side, steps or c.steps, task_force)


def chance(result, name):
    return dict(result.chances)[name]


def dist(result, name):
    return next(d for n, d, _ in result.distributions if n == name)


def kamikaze(edition):
    return Situation("japan", 10, "japan", frozenset({"kamikaze"}), frozenset({"18.2.4" if edition == "v1.1" else "16.2.4"}))


def within(exact, hits, n):
    p = float(exact)
    return abs(hits / n - p) <= 4.5 * math.sqrt(max(p * (1 - p), 1e-4) / n)


def roll(rng, n=1):
    return [rng.randint(1, 6) for _ in range(n)]


N = 6000


# --- 1. Kamikaze -------------------------------------------------------------------------------

def test_kamikaze_points_hit_without_a_die(edition):
    """2 Japanese Air Points, Kamikaze declared on Turn 10, against a lone US DD (AA 1, Defense 7), no Allied air.
    The AA die gets +1 against Kamikaze: it hits on 4+ (1/2), so 1 or 2 points strike, each 1/2, and every one hits.
    A hit's Damage Check (+1 air strike) needs 6: 26/36 = 13/18. Two hits: v1.1 both need 6, sunk 1 - (10/36)^2 =
    299/324, so 1/2 x 13/18 + 1/2 x 299/324 = 533/648. 2nd: the second check is +1 more (5+: 30/36), sunk
    1 - (10/36)(6/36) = 103/108, so 1/2 x 13/18 + 1/2 x 103/108 = 181/216."""
    game = game_of(edition)
    dd = piece(game, "us-dd")
    r = odds.air_strike(CombatCharts.of(game), game.edition, [piece(game, "jp-air", 2, False)], [dd], dd, kamikaze(edition))
    assert dist(r, "hits on us-dd") == {1: F(1, 2), 2: F(1, 2)}
    expected = F(533, 648) if edition == "v1.1" else F(181, 216)
    assert chance(r, "attacker's objective met: the target sunk") == expected
    assert "kamikaze-allocation" in r.readings
    # without Kamikaze: AA 5+ (1/3), then each point rolls its strike die (Air Supremacy +1: 1/2)
    plain = odds.air_strike(CombatCharts.of(game), game.edition, [piece(game, "jp-air", 2, False)], [dd], dd,
                            Situation("japan", 10, "japan"))
    assert dist(plain, "hits on us-dd")[0] > 0 and chance(plain, "attacker's objective met: the target sunk") != expected


def test_kamikaze_the_allies_send_the_odd_points_elsewhere():
    """Two US DDs in the Task Force (AA 2, each +1 against Kamikaze): the named target takes the even-numbered points
    only. 3 Air Points: AA hits 0, 1, 2 with 1/4, 1/2, 1/4; 3, 2, 1 strike; the target takes 1, 1, 0."""
    game = game_of("v1.1")
    a, b = piece(game, "us-dd"), piece(game, "us-dd")
    a, b = odds.numbered([a, b])[0]
    r = odds.air_strike(CombatCharts.of(game), game.edition, [piece(game, "jp-air", 3, False)], [a, b], a, kamikaze("v1.1"))
    assert dist(r, "hits on us-dd #1") == {0: F(1, 4), 1: F(3, 4)}


def test_kamikaze_does_not_apply_to_a_base():
    """At a base the strike dice are rolled as usual: Kamikaze hits are against Task Forces only."""
    game = game_of("v1.1")
    air = piece(game, "us-air", 2, False)
    r = odds.air_strike(CombatCharts.of(game), game.edition, [piece(game, "jp-air", 2, False)], [], air, kamikaze("v1.1"),
                        base_air_capacity=0)
    assert dist(r, "us-air steps lost") == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}


def test_monte_carlo_kamikaze(edition):
    """3 Japanese Air Points against a US CA and DD Task Force (AA 2 dice at +1) with 1 Allied Air Point (+1 against
    Kamikaze in air-to-air): every Japanese point left after AA hits; the DD is in the Task Force too, so the CA takes
    the even-numbered points (half, rounded down). No 18.3.2 in v1.1; the 2nd edition's checks +0, +1, ..."""
    game = game_of(edition)
    rng = random.Random(23)
    ca, dd = piece(game, "us-ca"), piece(game, "us-dd")
    r = odds.air_strike(CombatCharts.of(game), game.edition, [piece(game, "jp-air", 3, False)],
                        [ca, dd, piece(game, "us-air", 1, False)], ca, kamikaze(edition))
    sunk = 0
    for _ in range(N):
        a, d = 3, 1
        on_d = sum(1 for x in roll(rng, a) if x >= 5)
        on_a = sum(1 for x in roll(rng, d) if x + 1 >= 5)
        a, d = a - min(a, on_a), d - min(d, on_d)
        a -= min(a, sum(1 for x in roll(rng, 2) if x + 1 >= 5))
        hits = a // 2
        sunk += any(sum(roll(rng, 2)) + 1 + (k if edition == "2nd" else 0) >= ca.rating("defense") for k in range(hits))
    assert within(chance(r, "attacker's objective met: the target sunk"), sunk, N)


@pytest.mark.parametrize("args, message", [
    (["odds", "strike", "--attacker", "jp-air:2", "--defender", "us-dd", "--turn", "9", "--kamikaze"], "from Turn 10"),
    (["odds", "strike", "--attacker", "jp-air:2", "--defender", "us-dd", "--optional", "18.2.4"], "add --kamikaze"),
    (["odds", "surface", "--attacker", "jp-ca", "--defender", "us-ca", "--kamikaze"], "unrecognized arguments: --kamikaze"),
    (["odds", "strike", "--attacker", "us-air:2", "--defender", "jp-dd", "--kamikaze"], "Kamikaze attacks are Japanese"),
])
def test_kamikaze_refused_where_it_changes_nothing(capsys, args, message):
    status, out, err = run_cli(capsys, *args)
    assert status == 2 and message in err and not out and len(err.strip().splitlines()) == 1


def test_kamikaze_alone_applies(capsys):
    """--kamikaze alone (no --optional) applies the rule: the answer differs from the one without it."""
    base = ["odds", "strike", "--attacker", "jp-air:2", "--defender", "us-dd", "--turn", "10", "--format", "json"]
    _, plain, _ = run_cli(capsys, *base)
    status, kami, err = run_cli(capsys, *base, "--kamikaze")
    assert status == 0, err
    sunk = lambda out: next(c["fraction"] for c in json.loads(out)["chances"] if c["name"].startswith("attacker's objective"))  # noqa: E731
    assert sunk(kami) == "533/648" and sunk(plain) != sunk(kami)


# --- 2. v1.1 18.3.2 and every optional rule ------------------------------------------------------

def test_v11_extra_hit_rule_follows_its_example():
    """v1.1 18.3.2's example: a BB with 2 hits rolls two Damage Checks, each +1. us-bb (Defense 11) hit twice by an
    air strike: +1 air strike, +1 extra hit: each check needs 9 (10/36); sunk 1 - (26/36)^2 = 155/324."""
    game = game_of("v1.1")
    bb = piece(game, "us-bb-pennsylvania-arizona")
    r = odds.damage_check(CombatCharts.of(game), game.edition, bb, 2, "air-strike",
                          Situation("japan", 5, "japan", optional=frozenset({"18.3.2"})))
    assert [row[1] for row in r.tables[0][2]] == ["9+", "9+"]
    assert chance(r, next(n for n, _ in r.chances if n.startswith("sunk"))) == F(155, 324)


#: For each optional rule that changes odds, a question whose answer it changes (v1.1 numbers; 2nd where only there).
OPTIONAL_QUESTIONS = {
    "18.1.2": ("v1.1", ["strike", "--attacker", "jp-air:2", "--defender", "br-cv-illustrious-victorious"]),
    "18.1.3": ("v1.1", ["bombing", "--tp", "2"]),
    "18.1.6": ("v1.1", ["land", "--attacker", "us-marine-4", "--defender", "jp-land-2", "--amphibious"]),
    "18.1.7": ("v1.1", ["air", "--attacker", "us-air:2", "--defender", "jp-air:2", "--turn", "10"]),
    "18.2.1": ("v1.1", ["surface", "--attacker", "jp-dd", "--defender", "us-ca"]),
    "18.2.2": ("v1.1", ["surface", "--attacker", "jp-ca", "--defender", "us-ca", "--tokyo-express"]),
    "18.2.3": ("v1.1", ["air", "--attacker", "jp-cv-akagi-kaga", "--defender", "us-air:2"]),
    "18.2.4": ("v1.1", ["strike", "--attacker", "jp-air:2", "--defender", "us-dd", "--turn", "10", "--kamikaze"]),
    "16.2.6": ("2nd", ["strike", "--attacker", "us-air:3", "--defender", "jp-ca", "jp-dd", "--turn", "10"]),
    "18.3.2": ("v1.1", ["damage", "--defender", "us-bb-pennsylvania-arizona", "--hits", "2", "--cause", "air-strike"]),
}


def _without(args, rule):
    """The question without the rule: --kamikaze and --tokyo-express bring their rule, so they go too; bombing is the rule."""
    drop = {"18.2.4": "--kamikaze", "18.2.2": "--tokyo-express", "18.1.6": "--amphibious"}.get(rule)
    return [a for a in args if a != drop]


@pytest.mark.parametrize("rule", sorted(OPTIONAL_EFFECTS))
def test_every_optional_rule_changes_the_answer(capsys, rule):
    edition, args = OPTIONAL_QUESTIONS[rule]
    with_rule = ["odds", *args, "--optional", rule, "--edition", edition, "--format", "json"]
    status, out, err = run_cli(capsys, *with_rule)
    assert status == 0, err
    if rule == "18.1.3":  # the kind is the rule: the question does not exist without it; the +1 near Japan is its own
        status, near, _ = run_cli(capsys, *with_rule, "--near")
        assert json.loads(near)["chances"] != json.loads(out)["chances"]
        return
    status, plain, err = run_cli(capsys, "odds", *_without(args, rule), "--edition", edition, "--format", "json")
    assert status == 0, err
    strip = lambda text: {k: v for k, v in json.loads(text).items() if k not in ("forces", "modifiers", "readings")}  # noqa: E731
    assert strip(out) != strip(plain)


@pytest.mark.parametrize("args, message", [
    (["air", "--attacker", "jp-air", "--defender", "us-air", "--optional", "18.1.4"], "not a combat rule"),
    (["air", "--attacker", "jp-air", "--defender", "us-air", "--optional", "18.3.1"], "not a combat rule"),
    (["surface", "--attacker", "jp-ca", "--defender", "us-ca", "--optional", "18.2.3"], "changes nothing in odds surface"),
    (["air", "--attacker", "us-air", "--defender", "jp-air", "--optional", "18.1.7", "--turn", "5"], "from Turn 10"),
    (["strike", "--attacker", "us-air", "--defender", "jp-dd", "--optional", "16.2.6", "--turn", "9", "--edition", "2nd"],
     "from Turn 10"),
    (["air", "--attacker", "jp-air", "--defender", "us-air", "--optional", "16.2.6"], "no such optional rule"),
    (["land", "--attacker", "jp-land-4", "--defender", "us-land-2", "--optional", "18.1.6"], "US Marine"),
    (["land", "--attacker", "us-marine-4", "--defender", "jp-land-2", "--amphibious"], "only with --optional 18.1.6"),
    (["surface", "--attacker", "jp-ca", "--defender", "us-ca", "--optional", "18.2.2"], "add --tokyo-express"),
    (["surface", "--attacker", "jp-bb-fuso-yamashiro", "--defender", "us-ca", "--tokyo-express"], "CA and DD only"),
    (["bombing", "--tp", "2", "--turn", "1"], "not allowed on the first turn"),
])
def test_optional_rules_refused_with_a_reason(capsys, args, message):
    status, out, err = run_cli(capsys, "odds", *args)
    assert status == 2 and message in err and not out and len(err.strip().splitlines()) == 1


def test_naval_aa_upgrade_by_hand():
    """2nd 16.2.6 from Turn 10: a jp-ca (AA 1) and jp-dd (AA 1/2) Task Force has AA 1 1/2, rounded down 1 die;
    with +1/2 each it is 2 1/2, 2 dice."""
    game = game_of("2nd")
    ca, dd = piece(game, "jp-ca"), piece(game, "jp-dd")
    charts = CombatCharts.of(game)
    plain = odds.air_strike(charts, game.edition, [piece(game, "us-air", 1, False)], [ca, dd], ca, Situation("allied", 10, "allied"))
    upgraded = odds.air_strike(charts, game.edition, [piece(game, "us-air", 1, False)], [ca, dd], ca,
                               Situation("allied", 10, "allied", optional=frozenset({"16.2.6"})))
    assert "AA 1)" in plain.title and "AA 2)" in upgraded.title
    # 1 Air Point survives 2 AA dice with (2/3)^2 = 4/9 against 2/3 with one
    assert dist(upgraded, "Air Points striking after anti-aircraft fire") == {0: F(5, 9), 1: F(4, 9)}


# --- 3. readings as named choices ----------------------------------------------------------------

def test_turn_1_reading_both_answers():
    """v1.1, Japanese player turn of Turn 1, 2 Japanese Air Points against 1 Allied; Japan fires first (17.1).
    turn-1=2nd-chart (default): +1, each Japanese die hits 1/2, the Allied point survives (1/2)^2 = 1/4, then hits
    1/3: Japan loses a point with 1/12. turn-1=v1.1-text: no +1, it survives (2/3)^2 = 4/9: 4/27."""
    game = game_of("v1.1")
    charts = CombatCharts.of(game)
    att, dfn = [piece(game, "jp-air", 2, False)], [piece(game, "us-air", 1, False)]
    default = odds.air_combat(charts, game.edition, att, dfn, Situation("japan", 1, "japan"))
    text = odds.air_combat(charts, game.edition, att, dfn, Situation("japan", 1, "japan", readings=frozenset({"turn-1=v1.1-text"})))
    assert dist(default, "attacker Air Points left") == {1: F(1, 12), 2: F(11, 12)}
    assert dist(text, "attacker Air Points left") == {1: F(4, 27), 2: F(23, 27)}


def test_multi_hit_reading_both_answers():
    """2nd 11.3.1, a Japanese BB (Defense 10) with 3 air-strike hits: cumulative +1, +2, +3 (air strike +1 each)
    need 9, 8, 7; example reading +1, +2, +2 need 9, 8, 8."""
    game = game_of("2nd")
    charts = CombatCharts.of(game)
    bb = piece(game, "jp-bb-fuso-yamashiro")
    assert bb.rating("defense") == 10
    for reading, needs in (("multi-hit=cumulative", (9, 8, 7)), ("multi-hit=example", (9, 8, 8))):
        r = odds.damage_check(charts, game.edition, bb, 3, "air-strike", Situation("allied", 3, "allied", readings=frozenset({reading})))
        assert [row[1] for row in r.tables[0][2]] == [f"{n}+" for n in needs]
        survive = math.prod(1 - two_dice_at_least(n) for n in needs)
        assert chance(r, "sunk (removed from the game)") == 1 - survive


def test_cli_readings_are_named_and_listed(capsys):
    status, out, err = run_cli(capsys, "odds", "damage", "--defender", "jp-bb-fuso-yamashiro", "--hits", "3", "--cause",
                               "air-strike", "--edition", "2nd", "--format", "json")
    assert status == 0, err
    assert "multi-hit=cumulative" in [r["key"] for r in json.loads(out)["readings"]]
    status, out, err = run_cli(capsys, "odds", "damage", "--defender", "jp-bb-fuso-yamashiro", "--hits", "3", "--cause",
                               "air-strike", "--edition", "2nd", "--reading", "multi-hit=example", "--format", "json")
    assert status == 0 and "multi-hit=example" in [r["key"] for r in json.loads(out)["readings"]]
    for bad, message in ((["--reading", "multi-hit=example"], "v1.1 18.3.2's example settles it"),
                         (["--reading", "turn-1=nope", "--edition", "2nd"], "turn-1 is one of"),
                         (["--reading", "color=red"], "expected NAME=CHOICE")):
        status, out, err = run_cli(capsys, "odds", "damage", "--defender", "jp-bb-fuso-yamashiro", "--hits", "3", "--cause",
                                   "air-strike", *bad)
        assert status == 2 and message in err and not out


# --- 4. forces by ratings ------------------------------------------------------------------------

def test_ratings_force_equals_the_counter(capsys):
    """CA:def=9,fp=1,aa=1 is a jp-ca by its ratings: the same answer."""
    status, rated, err = run_cli(capsys, "odds", "surface", "--attacker", "CA:def=9,fp=1,aa=1", "--defender", "us-ca", "--side",
                                 "japan", "--format", "json")
    assert status == 0, err
    _, counter, _ = run_cli(capsys, "odds", "surface", "--attacker", "jp-ca", "--defender", "us-ca", "--format", "json")
    figures = lambda out: [c["fraction"] for c in json.loads(out)["chances"]]  # noqa: E731
    assert figures(rated) == figures(counter)


@pytest.mark.parametrize("token, message", [
    ("CA:def=9,fp=1", "give --side"),
    ("XX:def=9", "not a ship class"),
    ("CA:fp=1", "needs def="),
    ("CA:def=9,zz=1", "zz= is not a rating"),
    ("CA:def=x", "not a number"),
    ("CA:def=1000", "from 0 to 99"),
    ("land:red=1", "needs cs="),
])
def test_ratings_force_bad_input(capsys, token, message):
    side = [] if message == "give --side" else ["--side", "japan"]
    status, out, err = run_cli(capsys, "odds", "surface", "--attacker", token, "--defender", "us-ca", *side)
    assert status == 2 and message in err and not out and len(err.strip().splitlines()) == 1


# --- 5. new kinds ----------------------------------------------------------------------------------

def test_strategic_bombing_by_hand(edition):
    """3 TP: 3 dice. No Allied base near Japan: 5+ (1/3), no hit (2/3)^3 = 8/27; with one: +1, (1/2)^3 = 1/8."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    rule = frozenset({game.edition.optional_number("18.1.3")})
    r = odds.strategic_bombing(charts, game.edition, 3, Situation("allied", 5, "allied", optional=rule))
    assert chance(r, "Japan's objective met: no Oil Point lost") == F(8, 27)
    near = odds.strategic_bombing(charts, game.edition, 3, Situation("allied", 5, "allied", frozenset({"allied-base-near-japan"}), rule))
    assert dist(near, "Japanese Oil Points lost") == {0: F(1, 8), 1: F(3, 8), 2: F(3, 8), 3: F(1, 8)}


def test_long_lance_by_hand(edition):
    """jp-dd (Firepower 1) against us-ca (Defense 9): 5+ (1/3), Damage Check +1 needs 8 (15/36). Long Lance: Firepower 2,
    4+ (1/2), the Damage Check +2 needs 7 (21/36): sunk 1/2 x 7/12 = 7/24."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    dd, ca = piece(game, "jp-dd"), piece(game, "us-ca")
    rule = frozenset({game.edition.optional_number("18.2.1")})
    plain = odds.surface_round(charts, game.edition, [dd], [ca], Situation("japan", 4, "japan"))
    lance = odds.surface_round(charts, game.edition, [dd], [ca], Situation("japan", 4, "japan", optional=rule))
    assert chance(plain, "us-ca sunk") == F(1, 3) * F(15, 36)
    assert chance(lance, "us-ca sunk") == F(7, 24)
    later = odds.surface_round(charts, game.edition, [dd], [ca], Situation("japan", 4, "japan", optional=rule), first_round=False)
    assert chance(later, "us-ca sunk") == chance(plain, "us-ca sunk")


def test_tokyo_express_by_hand(edition):
    """jp-ca against us-ca, each 5+ (1/3). The Tokyo Express fires first: the us-ca fires back only if not hit (2/3),
    so the jp-ca is hit with 2/9 (not 1/3) and sunk with 2/9 x 5/12 = 5/54."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    ca, us = piece(game, "jp-ca"), piece(game, "us-ca")
    r = odds.surface_round(charts, game.edition, [ca], [us], Situation("japan", 4, "japan"), tokyo_express=True)
    assert chance(r, "jp-ca sunk") == F(5, 54) and chance(r, "us-ca sunk") == F(5, 36)
    # the Allies attacking a Tokyo Express: the Japanese still fire first
    r = odds.surface_round(charts, game.edition, [us], [ca], Situation("allied", 4, "allied"), tokyo_express=True)
    assert chance(r, "jp-ca sunk") == F(5, 54)


def test_monte_carlo_tokyo_express(edition):
    game = game_of(edition)
    charts = CombatCharts.of(game)
    rng = random.Random(29)
    att = [piece(game, "jp-ca"), piece(game, "jp-dd")]
    dfn = [piece(game, "us-ca"), piece(game, "us-dd")]
    r = odds.surface_round(charts, game.edition, att, dfn, Situation("japan", 4, "japan"), tokyo_express=True)
    out_us = [False, False]
    sunk_jp_ca = 0
    for _ in range(N):
        out_us = []
        for f, t in zip(att, dfn):
            to_hit, _ = charts.surface_cell(f.rating("firepower"), t.rating("defense"))
            out_us.append(roll(rng)[0] >= to_hit)
        to_hit, _ = charts.surface_cell(dfn[0].rating("firepower"), att[0].rating("defense"))
        if not out_us[0] and roll(rng)[0] >= to_hit:
            sunk_jp_ca += sum(roll(rng, 2)) + dfn[0].rating("firepower") >= att[0].rating("defense")
    assert within(chance(r, "jp-ca sunk"), sunk_jp_ca, N)


def test_semper_fi_by_hand(edition):
    """us-marine-4 lands amphibiously on a jp-land-2: with Semper Fi its 4 dice hit on 4+ (1/2), so the attacker
    scores 0 hits with 1/16 (2/3)^4 = 16/81 without it."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    a, d = piece(game, "us-marine-4"), piece(game, "jp-land-2")
    rule = frozenset({game.edition.optional_number("18.1.6")})
    r = odds.land_combat(charts, game.edition, [a], [d], Situation("allied", 5, "allied", optional=rule), amphibious=True)
    assert dist(r, "attacker land combat hits")[0] == F(1, 16)
    r = odds.land_combat(charts, game.edition, [a], [d], Situation("allied", 5, "allied", optional=rule))
    assert dist(r, "attacker land combat hits")[0] == F(16, 81)
    # the Japanese SNLF does not benefit
    snlf = piece(game, "jp-marine-2")
    r = odds.land_combat(charts, game.edition, [snlf], [piece(game, "us-land-2")], Situation("japan", 5, "japan", optional=rule),
                         amphibious=True)
    assert dist(r, "attacker land combat hits")[0] == F(4, 9)


# --- a surface battle to its end ---------------------------------------------------------------------

def battle(edition, att, dfn, **kw):
    from toolkit.games.fire_in_the_sky.odds_battle import surface_battle

    game = game_of(edition)
    return surface_battle(CombatCharts.of(game), game.edition, att, dfn, kw.pop("situation", Situation("japan", 4, "japan")), **kw)


def test_battle_to_the_end_by_hand(edition):
    """jp-ca against us-ca: each round each is hit with 1/3 (5+) and leaves the fight when hit (sunk or damaged).
    A round ends the battle with 1 - (2/3)^2 = 5/9; then Japan alone is left with (1/3)(2/3) / (5/9) = 2/5, the
    Allies 2/5, nobody 1/5. Rounds: 1 / (5/9) = 9/5. us-ca sunk: out 3/5 x 5/12 (8+ with Firepower 1) = 1/4."""
    game = game_of(edition)
    r = battle(edition, [piece(game, "jp-ca")], [piece(game, "us-ca")])
    assert chance(r, "attacker's objective met: Sea Control (a ship left, none of the defender's)") == F(2, 5)
    assert chance(r, "nobody has Sea Control (both sides out)") == F(1, 5)
    assert chance(r, "us-ca sunk") == F(1, 4)
    assert dict(r.expected)["Surface Combat Rounds fought"] == F(9, 5)


def test_battle_withdrawal_by_hand(edition):
    """jp-bb (Movement 5) withdraws at once from a us-dd (Movement 8): it does not fire; the faster DD fires at it
    (Firepower 1 against Defense 10: 6, 1/6), Damage Check +1 needs 9 (10/36): sunk 5/108, withdrawn 5/6."""
    game = game_of(edition)
    r = battle(edition, [piece(game, "jp-bb-fuso-yamashiro")], [piece(game, "us-dd")], withdraw="attacker")
    assert chance(r, "jp-bb-fuso-yamashiro sunk") == F(5, 108) and chance(r, "jp-bb-fuso-yamashiro withdrawn") == F(5, 6)
    assert chance(r, "defender's objective met: Sea Control (a ship left, none of the attacker's)") == 1
    # a faster ship cannot be fired at as it withdraws: the us-dd pulls out from a jp-ca (both Movement 8) unhurt
    r = battle(edition, [piece(game, "jp-ca")], [piece(game, "us-dd")], withdraw="defender")
    assert chance(r, "us-dd withdrawn") == 1


def test_battle_long_lance_first_round_only():
    """jp-dd with Long Lance against us-ca: Firepower 2 in round 1 (4+, 1/2; the Damage Check +2), 1 in later rounds
    (5+, 1/3; +1): the us-ca is sunk more often than without it."""
    game = game_of("v1.1")
    rule = frozenset({"18.2.1"})
    plain = battle("v1.1", [piece(game, "jp-dd")], [piece(game, "us-ca")])
    lance = battle("v1.1", [piece(game, "jp-dd")], [piece(game, "us-ca")], situation=Situation("japan", 4, "japan", optional=rule))
    assert chance(lance, "us-ca sunk") > chance(plain, "us-ca sunk")


def test_battle_stalemate(capsys):
    """Two Firepower 0 ships against Defense 12: a lone half hit never makes a Damage Check, so nobody can hurt anybody."""
    status, out, err = run_cli(capsys, "odds", "battle", "--attacker", "DD:def=12,fp=0", "--defender", "DD:def=12,fp=0",
                               "--side", "japan", "--format", "json")
    assert status == 0, err
    names = {c["name"]: c["fraction"] for c in json.loads(out)["chances"]}
    assert names["nobody can hurt the other: the battle lasts until a side withdraws"] == "1"


def test_battle_too_big_is_refused(capsys):
    """Six ships a side are simulated now (tests/test_fits_odds_simulated.py); past 12 a side, even that is refused (the
    simulation's work budget: 15 heavy ships a side took 10 s of CPU, 23 against 38 over a minute)."""
    status, out, err = run_cli(capsys, "odds", "battle", "--side", "japan", "--attacker", *["DD:def=7,fp=1"] * 13, "--defender", "us-dd")
    assert status == 2 and "too big even to simulate" in err and not out


def test_monte_carlo_battle(edition):
    """jp-ca, jp-dd against us-ca, us-dd to the end, rolled naively: each round the Nth ship still fighting fires at
    the Nth enemy still fighting (cycling), hits are checked in firing order (2nd: +1 per hit beyond the first)."""
    game = game_of(edition)
    charts = CombatCharts.of(game)
    rng = random.Random(31)
    att = [piece(game, "jp-ca"), piece(game, "jp-dd")]
    dfn = [piece(game, "us-ca"), piece(game, "us-dd")]
    r = battle(edition, att, dfn)
    japan_wins = ca_sunk = 0
    for _ in range(N):
        a, d = list(att), list(dfn)
        sunk_ca = False
        while a and d:
            hits = {id(s): [] for s in a + d}
            for firers, targets in ((a, d), (d, a)):
                for i, f in enumerate(firers):
                    t = targets[i % len(targets)]
                    to_hit, half = charts.surface_cell(f.rating("firepower"), t.rating("defense"))
                    assert not half
                    if roll(rng)[0] >= to_hit:
                        hits[id(t)].append(f.rating("firepower"))
            gone = set()
            for s in a + d:
                fps = hits[id(s)]
                if fps:
                    gone.add(id(s))
                    sank = any(sum(roll(rng, 2)) + fp + (k if edition == "2nd" else 0) >= s.rating("defense")
                               for k, fp in enumerate(fps))
                    if s is dfn[0] and sank:
                        sunk_ca = True
            a = [s for s in a if id(s) not in gone]
            d = [s for s in d if id(s) not in gone]
        japan_wins += bool(a) and not d
        ca_sunk += sunk_ca
    assert within(chance(r, "attacker's objective met: Sea Control (a ship left, none of the defender's)"), japan_wins, N)
    assert within(chance(r, "us-ca sunk"), ca_sunk, N)


# --- what air units lose in land combat ---------------------------------------------------------------

def test_air_losses_in_land_combat_by_hand(edition):
    """jp-land-4 (4 dice, 1/3) against a reduced us-land-2 (1 die) with us-air (2 steps) at the base, which add 2 hits.
    Attacker hits 0-4 with 16, 32, 24, 8, 1 (/81); defender 2 (2/3) or 3 (1/3). A step lost (3 v 2, 4 v 3):
    2/3 x 8/81 + 1/3 x 1/81 = 17/243; all eliminated (4 v 2, more than 2 + Combat Strength 1): 2/3 x 1/81 = 2/243.
    The air unit loses one step, or both: {0: 224/243, 1: 17/243, 2: 2/243}."""
    game = game_of(edition)
    a = piece(game, "jp-land-4")
    d = [odds.Piece(game.counters["us-land-2"], "allied", reduced=True), piece(game, "us-air", 2, False)]
    r = odds.land_combat(CombatCharts.of(game), game.edition, [a], d, Situation("japan", 5, "japan"))
    assert chance(r, "every defending land unit loses a step") == F(17, 243)
    assert dist(r, "defender air steps lost") == {0: F(224, 243), 1: F(17, 243), 2: F(2, 243)}
    assert chance(r, "every defending air unit is eliminated") == F(2, 243)


def test_monte_carlo_air_losses_in_land_combat(edition):
    game = game_of(edition)
    rng = random.Random(37)
    a = piece(game, "jp-land-4")
    d = [piece(game, "us-land-2"), piece(game, "us-air", 1, False), piece(game, "us-air", 2, False)]
    r = odds.land_combat(CombatCharts.of(game), game.edition, [a], d, Situation("japan", 5, "japan"), attacker_air_points=2)
    two_lost = 0
    for _ in range(N):
        x = sum(1 for v in roll(rng, 4) if v >= 5) + min(4, sum(1 for v in roll(rng, 2) if v >= 5))
        y = sum(1 for v in roll(rng, 2) if v >= 5) + 3
        two_lost += y < x <= y + 2   # a step each: the 1-step unit gone, the 2-step unit down to 1
    assert within(dist(r, "defender air steps lost").get(2, 0), two_lost, N)


def test_battle_with_the_tokyo_express_by_hand(edition):
    """jp-ca (Tokyo Express) against us-ca to the end. Each round the jp-ca fires first and puts the us-ca out with
    1/3; only if it is still in (2/3) does the us-ca fire back, 1/3. So a round ends with Japan alone 1/3, the Allies
    alone 2/9, never both; Japan holds Sea Control with (1/3) / (1/3 + 2/9) = 3/5, the Allies 2/5."""
    game = game_of(edition)
    r = battle(edition, [piece(game, "jp-ca")], [piece(game, "us-ca")], tokyo_express=True)
    assert chance(r, "attacker's objective met: Sea Control (a ship left, none of the defender's)") == F(3, 5)
    assert chance(r, "nobody has Sea Control (both sides out)") == 0
    # the Allies attacking the Tokyo Express: the Japanese still fire first
    r = battle(edition, [piece(game, "us-ca")], [piece(game, "jp-ca")], situation=Situation("allied", 4, "allied"),
               tokyo_express=True)
    assert chance(r, "defender's objective met: Sea Control (a ship left, none of the attacker's)") == F(3, 5)


def test_kamikaze_refused_above_the_victory_point_limit(tmp_path, capsys):
    """Kamikaze may be declared only at 7 Victory Points or less (v1.1 18.2.4): a scenario at 10 refuses it, 5 allows it."""
    import os

    from conftest import SHORT

    base = os.path.relpath(SHORT, tmp_path).replace(os.sep, "/")
    variant = tmp_path / "late.yaml"
    variant.write_text(f"""kind: scenario
game: fire-in-the-sky
id: late
title: late
variant: true
extends: "{base}"
reconstructed: "a test: the VP total above the Kamikaze limit"
markers:
  victory_points: {{value: 10, reconstructed: "a test"}}
""", encoding="utf-8")
    args = ["odds", "strike", "--attacker", "jp-air:2", "--target", "us-air", "--turn", "10", "--kamikaze", "--at", "Midway"]
    status, out, err = run_cli(capsys, *args, str(variant))
    assert status == 2 and "7 Victory Points or less" in err and "the scenario has 10" in err and not out
    status, out, err = run_cli(capsys, *args, str(SHORT))
    assert status == 0, err
