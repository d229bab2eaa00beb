"""Facts the Fire in the Sky rulebooks state, checked where no other test named them (issue i27).

Each test cites the edition and rule it reproduces. Fixtures are small variants of the Short
Campaign in ``tests/facts/fire-in-the-sky/`` (the 2nd-edition ones: ``tests/checks/`` holds
only v1.1 examples) and ``tests/checks/`` (v1.1), each with its ``# expect:`` header.
"""

from __future__ import annotations

import math
import os
from fractions import Fraction as F
from pathlib import Path

import pytest

from conftest import GAME, ROOT, expected_findings, run_cli
from toolkit.check import check_paths
from toolkit.games.fire_in_the_sky import odds
from toolkit.games.fire_in_the_sky.air_pools import counter_pools
from toolkit.games.fire_in_the_sky.combat_tables import CombatCharts, Situation
from toolkit.games.fire_in_the_sky.costs import reaction_cost
from toolkit.games.fire_in_the_sky.movement import reaction, reaction_allowance
from toolkit.games.fire_in_the_sky.plan import run_plan
from toolkit.load import load_file
from toolkit.model.build import load_game, load_scenario

FACTS = Path(__file__).parent / "facts" / "fire-in-the-sky"
EXAMPLES = sorted(FACTS.glob("*.yaml"))


def findings_of(path: Path, monkeypatch) -> set[tuple[str, int]]:
    monkeypatch.chdir(ROOT)
    findings, _ = check_paths([path.relative_to(ROOT)])
    assert all(f.location.file.endswith(path.name) for f in findings), findings
    return {(f.code, f.location.line) for f in findings}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_fact_example(path, monkeypatch):
    """Every fixture here finds exactly what its header expects."""
    assert findings_of(path, monkeypatch) == expected_findings(path)


# --- counter mix and sunk ships -----------------------------------------------------------------


def test_v11_13_1_a_sunk_destroyer_goes_back_to_the_counter_mix(monkeypatch):
    """FitS v1.1 13.1: only Japanese CV/CVL and both sides' BB are removed for good; any other sunk
    ship is recycled, so the British DD the Short Campaign lists as sunk (19.0) holds no counter and
    all three British DD counters may be in play. The 2nd edition (11.3.1) removes every sunk ship:
    the same three DDs are one too many there."""
    recycled = ROOT / "tests" / "checks" / "counter-mix-sunk-recycled-pass.yaml"
    assert findings_of(recycled, monkeypatch) == set()
    assert findings_of(FACTS / "counter-mix-sunk-removed-2nd-fail.yaml", monkeypatch) == {("COUNTER-MIX", 15)}


# --- land units hit at sea ----------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_v11_13_2_a_reduced_land_unit_at_sea_is_eliminated_by_one_step_loss(edition):
    """FitS v1.1 13.2 (2nd 11.3.2): hits equal to the reduced Combat Strength cost a step, and a step lost
    eliminates a reduced-strength unit. A reduced brigade (reduced strength 1) in a Task Force with no DD is
    eliminated by one submarine hit: the torpedo hits on 3+ (no DD +1, a land target +1), so 2/3. Its steps
    lost can never be 2: it has one left. The Merchantmen Pool loses at most its strength before the hit (1)
    times the edition's loss per hit (v1.1 1, 2nd 2)."""
    game = load_game(ROOT / "scenarios" / "fire-in-the-sky", edition).game
    charts = CombatCharts.of(game)
    brigade = odds.Piece(game.counters["jp-land-2"], "japan", 1, True, False, True)
    tf = [odds.Piece(game.counters["jp-ca"], "japan"), brigade]
    r = odds.submarine_attack(charts, game.edition, tf, brigade, Situation("allied", 7, "allied"))
    chances = dict(r.chances)
    assert chances["jp-land-2 hit"] == F(2, 3)
    assert chances["jp-land-2 eliminated"] == F(2, 3)
    lost = next(d for n, d, _ in r.distributions if n == "jp-land-2 steps lost")
    assert lost == {0: F(1, 3), 1: F(2, 3)}
    pool = next(d for n, d, _ in r.distributions if n.startswith("Japanese Merchantmen Pool lost"))
    assert pool == {0: F(1, 3), (1 if edition == "v1.1" else 2): F(2, 3)}


# --- reaction Oil: the 2nd edition's chart and its text agree ---------------------------------------


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_2nd_chart_reaction_oil_is_always_the_short_band(edition):
    """FitS 2nd Transport Cost Chart, Reaction Movement column: Japan pays 'OPs x 1' (no x1.5 band), while 9.0
    prices reactions as Operational Movement (8.4: x1.5 beyond 4 hexes; v1.1 10.1, 9.3 alike). Both hold because
    no Japanese ship can react more than 4 hexes: its reaction range is half its Movement Allowance rounded up
    (v1.1 10.1; 2nd 9.0), and no Japanese naval counter has a Movement Allowance above 8. So the fastest Task
    Force, reacting as far as it may, pays its Transport rating in Oil, exactly."""
    game = load_game(ROOT / "scenarios" / "fire-in-the-sky", edition).game
    short = game.edition.param("naval_oil_short_hexes")
    share = game.edition.param("reaction_fraction")
    assert (short, share) == (4, {"fraction": 0.5, "rounding": "up"})
    ships = [c for c in game.counters.values() if c.side == "japan" and c.type == "naval"]
    fastest = max(ships, key=lambda c: c.ratings["movement"])
    for ship in ships:
        assert math.ceil(ship.ratings["movement"] * share["fraction"]) <= short, ship.id
    reach = math.ceil(fastest.ratings["movement"] * share["fraction"])
    assert reaction_allowance(game.edition, fastest.ratings["movement"]) == reach == 4
    cost = reaction_cost(game.edition, [("naval", fastest.ratings["transport"], "japan")], reach)
    assert cost.oil == fastest.ratings["transport"]


# --- plan: the Transport Phase and the Economic Warfare Phase ------------------------------------


SHORT = ROOT / "scenarios" / "fire-in-the-sky" / "short-campaign.yaml"


def _plan(tmp_path, side: str, steps: list[str], scenario_file: Path = SHORT) -> Path:
    """A hand-made plan, by default on the Short Campaign (Turn 2; Japan: 4 TP, Merchantmen Pool 30, Oil 12;
    US 14 TP; the Convoy Escort box empty, 19.0)."""
    scenario = os.path.relpath(scenario_file, tmp_path)
    path = tmp_path / "plan.yaml"
    path.write_text("kind: plan\ngame: fire-in-the-sky\ntitle: hand-made\nreconstructed: \"a test situation\"\n"
                    f"scenario: {scenario}\nside: {side}\nsteps:\n" + "".join(f"  - {s}\n" for s in steps), encoding="utf-8")
    return path


def _run(tmp_path, side, steps, scenario_file: Path = SHORT, edition: str | None = None):

    path = _plan(tmp_path, side, steps, scenario_file)
    loaded = load_scenario(scenario_file, edition)
    return run_plan(loaded.game, loaded.scenario, load_file(path).data)


@pytest.mark.parametrize("step", ["{op: oil-transport, oil: 2}", "{op: dd-transfer, count: 1}"])
def test_v11_5_0_the_transport_phase_is_the_japanese_players(tmp_path, step):
    """FitS v1.1 5.0 (2nd 5.0): Oil Transport (5.1) and DD transfers (5.2) are the Japanese player's, paid with
    Japanese TP: in an Allied plan they are refused, not charged to the US track (nor an internal error)."""
    ledger = _run(tmp_path, "allied", [step])
    assert ledger.error is not None and ledger.error.code in ("PLAN-OIL-TRANSPORT", "PLAN-CONVOY"), ledger.error
    assert "Japanese player" in ledger.error.message
    ok = _run(tmp_path, "japan", [step])
    assert ok.error is None, ok.error and ok.error.message


@pytest.mark.parametrize("step", ["{op: oil-transport, oil: 2}", "{op: dd-transfer, count: 1}"])
def test_v11_4_1_the_transport_phase_comes_before_the_reinforcement_phase(tmp_path, step):
    """FitS v1.1 4.1, 5.0: the Transport Phase opens the Japanese player turn and spends the TP left from the last
    turn; the Reinforcement Phase then resets them to the Merchantmen Pool (7.3). Shipping Oil or moving a DD after
    the reset would spend the new turn's TP: refused. Before it (the Example of Play's order) it is legal."""
    reinforce = "{op: reinforcements, at: Kure, units: [{counter: jp-air, steps: 2}]}"
    late = _run(tmp_path, "japan", [reinforce, step])
    assert late.error is not None and late.error_step == 2, late.error
    assert "Reinforcement Phase" in late.error.message
    assert _run(tmp_path, "japan", [step, reinforce]).error is None


def test_v11_6_1_asw_dice_are_the_allied_turns_and_at_most_one_per_escort_dd(tmp_path):
    """FitS v1.1 6.0, 6.1 (2nd 5.0, 5.3): convoy ASW is rolled in the Allied player turn's Economic Warfare Phase,
    at most one die per DD in the Convoy Escort box. The Short Campaign's box is empty (19.0), so no die at all;
    with 2 DDs there (a variant's `convoy_escort` marker), 2 dice pass and 3 are refused."""
    japan = _run(tmp_path, "japan", ["{op: asw, rolls: 1}"])
    assert japan.error is not None and japan.error.code == "PLAN-CONVOY" and "Allied player turn" in japan.error.message
    empty = _run(tmp_path, "allied", ["{op: asw, rolls: 1}"])
    assert empty.error is not None and empty.error.code == "PLAN-CONVOY" and "0 DD" in empty.error.message
    two = FACTS / "convoy-escort-two-dd-pass.yaml"
    assert _run(tmp_path, "allied", ["{op: asw, rolls: 2}"], two).error is None
    three = _run(tmp_path, "allied", ["{op: asw, rolls: 3}"], two)
    assert three.error is not None and three.error.code == "PLAN-CONVOY" and "2 DD" in three.error.message
    late = _run(tmp_path, "allied", ["{op: reinforcements, at: West Coast USA}", "{op: asw, rolls: 1}"], two)
    assert late.error is not None and late.error_step == 2 and "Reinforcement Phase" in late.error.message


def test_v11_4_1_the_reinforcement_phase_comes_before_the_deployments(tmp_path):
    """FitS v1.1 4.1, 4.2, 7.3 (2nd 4.2, 6.2): the Reinforcement Phase, where Japan's TP are reset to the
    Merchantmen Pool, comes once, before the First Deployment Phase. Several `reinforcements` steps may make it
    (Kure and Yokosuka), but one after a deployment would reset the TP a second time: 2 DDs Kure-Hainan cost
    1 TP (30 -> 29), and a later reset to 30 is refused."""
    reinforce = "{op: reinforcements, at: Kure, units: [{counter: jp-air, steps: 2}]}"
    deploy = "{op: sea-deployment, units: [{counter: jp-dd, count: 2}], from: Kure, to: Hainan}"
    both = _run(tmp_path, "japan", [reinforce, "{op: reinforcements, at: Yokosuka}", deploy])
    assert both.error is None and both.rows[-1].tp == 29
    late = _run(tmp_path, "japan", [reinforce, deploy, "{op: reinforcements, at: Yokosuka}"])
    assert late.error is not None and late.error.code == "PLAN-REINFORCEMENTS" and late.error_step == 3, late.error
    assert "before the First Deployment Phase" in late.error.message


SEQUENCE = [  # (an earlier phase's step, a later phase's step) of the Japanese player turn of Turn 2 (v1.1 4.1)
    ("{op: operational-movement, units: [jp-dd], from: Kure, to: Okinawa}",
     "{op: air-commitment, units: [{counter: jp-air, steps: 2}], from: Formosa, to: Manila}"),
    ("{op: air-commitment, units: [{counter: jp-air, steps: 2}], from: Formosa, to: Manila}",
     "{op: damage, at: Surabaya, side: allied, units: [nl-dd]}"),
    ("{op: operational-movement, units: [jp-dd], from: Kure, to: Okinawa}",
     "{op: return-to-base, to: Kure}"),
]


@pytest.mark.parametrize("earlier,later", SEQUENCE)
def test_v11_4_1_the_phases_come_in_their_order(tmp_path, earlier, later):
    """FitS v1.1 4.1, 4.2 (2nd 4.2): Operational Movement, then Reaction, Air Commitment, Combat and Return to
    Base, each once per player turn. In that order the steps pass; the later phase's step first, then the earlier
    one, is refused at the earlier one (a second Operational Movement Phase after Return to Base, say)."""
    reinforce = "{op: reinforcements, at: Kure}"
    assert _run(tmp_path, "japan", [reinforce, earlier, later]).error is None
    wrong = _run(tmp_path, "japan", [reinforce, later, earlier])
    assert wrong.error is not None and wrong.error.code == "PLAN-SEQUENCE" and wrong.error_step == 3, wrong.error
    assert wrong.error.rule == "FitS v1.1 4.1"


def test_v11_11_0_an_air_unit_is_committed_to_one_hex_only(tmp_path):
    """FitS v1.1 11.0 (2nd 10.0): the air units of a hex may be committed to different hexes, but each to one only.
    Rabaul's single 2-step unit (19.0) committed to Port Moresby cannot also be committed to Rabaul; Formosa's
    8 steps split between Manila and Formosa pass."""
    first = "{op: air-commitment, units: [{counter: jp-air, steps: 2}], from: Rabaul, to: Port Moresby}"
    again = "{op: air-commitment, units: [{counter: jp-air, steps: 2}], from: Rabaul, to: Rabaul}"
    twice = _run(tmp_path, "japan", ["{op: reinforcements, at: Kure}", first, again])
    assert twice.error is not None and twice.error.code == "PLAN-COMMIT" and twice.error_step == 3, twice.error
    assert "already committed" in twice.error.message
    split = ["{op: air-commitment, units: [{counter: jp-air, steps: 2}, {counter: jp-air, steps: 2}], from: Formosa, to: Manila}",
             "{op: air-commitment, units: [{counter: jp-air, steps: 2}, {counter: jp-air, steps: 2}], from: Formosa, to: Formosa}"]
    assert _run(tmp_path, "japan", ["{op: reinforcements, at: Kure}", *split]).error is None


# --- the Example of Play: the Allied Reaction Phase ---------------------------------------------


def test_example_of_play_closes_off_every_allied_reaction_but_the_dutch():
    """FitS v1.1 Example of Play, Operational Movement and Allied Reaction Phases: Allied reaction to the Lae force
    "is impossible due to Air ZOCs", the Japanese "have pretty much closed off any major Allied reaction", and the
    Dutch come out for Surabaya while they might have gone elsewhere ("where should they go?"). Replayed on the
    board the bundled plan leaves after its Operational Movement Phase (step 21): no Allied ship can react into
    Lae or Rangoon, and the only ones that can react to any of the five invasion hexes are the Dutch CL and DD at
    Surabaya, who may also reach Singapore and Manila."""
    loaded = load_scenario(SHORT)
    plan = dict(load_file(SHORT.parent / "plans" / "example-of-play.yaml").data)
    plan["steps"] = plan["steps"][:21]
    ledger = run_plan(loaded.game, loaded.scenario, plan)
    assert ledger.error is None and ledger.rows[-1].op == "end-of-phase"
    board = ledger.board
    invasions = {"Rangoon", "Singapore", "Manila", "Lae", "Surabaya"}
    reacting = {}
    for ship in (u for u in board.units if u.side == "allied" and u.type == "naval" and u.at is not None):
        targets = set(reaction(board, [ship]).hexes) & invasions
        if targets:
            reacting[ship.counter.id] = targets
    assert reacting == {"nl-cl": {"Singapore", "Manila", "Surabaya"}, "nl-dd": {"Singapore", "Manila", "Surabaya"}}


# --- the Short Campaign's damaged battleships (19.0) against 13.1 ------------------------------------


def test_v11_19_0_damaged_battleships_on_turn_3_are_kept_as_printed():
    """FitS v1.1 19.0 puts the three US BBs damaged at Pearl Harbor (the Japanese player turn of Turn 1) on the
    Turn Record Track for Turn 3. 13.1 returns a ship twice its hits in friendly Reinforcement Phases later,
    counting the Allied phase of the same turn (its own example: 2 hits in the Japanese turn of Turn 3, back on
    Turn 6): from the Japanese turn of Turn 1 that is Turn 2 for one hit and Turn 4 for two, never Turn 3. The set-up
    is kept as printed (docs/plan.md, readings); the engine keeps 13.1's count."""
    game = load_game(SHORT.parent, "v1.1").game
    by_hits = {hits: odds.return_turn(game.edition, 1, "japan", "allied", hits, 2) for hits in (1, 2, 3)}
    assert by_hits == {1: 2, 2: 4, 3: 6}
    assert odds.return_turn(game.edition, 3, "japan", "allied", 2, 2) == 6          # 13.1's example
    scenario = load_scenario(SHORT).scenario
    track = {(turn, e.counter) for turn, placement in scenario.turn_track for e in placement.units}
    assert track == {(3, "us-bb-maryland-west-virginia"), (3, "us-bb-california-tennessee"), (3, "us-bb-nevada-oklahoma")}


@pytest.mark.parametrize("edition,level", [("v1.1", 14), ("2nd", 28)])
def test_v11_7_3_the_allied_reinforcement_phase_sets_us_transport_points_to_the_schedule(tmp_path, edition, level):
    """FitS v1.1 7.3 (2nd 6.2): in the Allied Reinforcement Phase the US TRANSPORT PTS marker is set to the number the
    Allied Reinforcement Schedule gives for the turn, whatever is left on the track (Turn 2: 14 in v1.1, as 19.0
    sets it; 28 in the 2nd edition's doubled economy). With 5 left, an Allied plan's `reinforcements` step sets 14
    (28), and the British track 6 (12)."""
    spent = FACTS / "us-transport-spent-pass.yaml"
    ledger = _run(tmp_path, "allied", ["{op: reinforcements, at: West Coast USA}"], spent, edition)
    assert ledger.error is None, ledger.error and ledger.error.message
    assert ledger.rows[0].tp == 5 and ledger.rows[1].tp == level
    assert ledger.rows[1].british_tp == {"v1.1": 6, "2nd": 12}[edition]


def _track(ledger):
    return sorted((u.counter.id, back if back is not None else -1) for u, back in ledger.turn_track)


def test_v11_13_4_an_eliminated_land_unit_goes_to_the_turn_record_track(tmp_path):
    """FitS v1.1 13.4 (2nd 11.3.5): a step lost flips a full-strength land unit and eliminates a reduced one, and an
    eliminated land unit is placed on the Turn Record Track two friendly Reinforcement Phases later. Singapore's
    reduced British unit (19.0), eliminated in the Japanese player turn of Turn 2 (the Example of Play's "Singapore
    has fallen"), returns in the Allied phases of Turn 2 and Turn 3: Turn 3. The Dutch ABDA unit has one step
    (17.4): its first step lost eliminates it, and an eliminated Dutch unit leaves the game."""
    ledger = _run(tmp_path, "japan", ["{op: step-loss, at: Singapore, units: [br-land-8]}",
                                      "{op: step-loss, at: Surabaya, units: [nl-abda]}"])
    assert ledger.error is None, ledger.error and ledger.error.message
    assert "br-land-8 eliminated" in ledger.rows[1].text and "nl-abda eliminated" in ledger.rows[2].text
    assert _track(ledger) == [("br-land-8", 3), ("nl-abda", -1)]
    board = ledger.board
    ashore = {board.graph.label(board.graph.node_hex(u.at) or u.at) for u in board.units
              if u.counter.id in ("br-land-8", "nl-abda") and u.at is not None}
    assert ashore == {"Calcutta"}                                   # the other British 8 (19.0), not Singapore's


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_2nd_11_3_2_a_japanese_unit_eliminated_in_the_allied_turn_of_turn_2_returns_on_turn_4(tmp_path, edition):
    """FitS 2nd 11.3.2's example (v1.1 13.2 alike): a Japanese land unit eliminated in the Allied player turn of Turn 2
    is placed on Turn 4 (Japan's Reinforcement Phases of Turns 3 and 4). Rabaul's brigade loses two steps."""
    twice = "{op: step-loss, at: Rabaul, side: japan, units: [jp-land-2]}"
    ledger = _run(tmp_path, "allied", [twice, twice], SHORT, edition)
    assert ledger.error is None, ledger.error and ledger.error.message
    assert "flipped" in ledger.rows[1].text and "eliminated" in ledger.rows[2].text
    assert _track(ledger) == [("jp-land-2", 4)]


def test_v11_2_2_2_1_each_side_stacks_separately_on_an_atoll(monkeypatch):
    """FitS v1.1 2.2.2.1's example (2nd 3.3.1's): 4 Japanese and 4 Allied Transport factors may share an atoll, each side
    within its own limit of 4 (Wake: a Japanese 4 and a US Marine 4); a second US Marine 4 puts the Allies at 8, over."""
    assert findings_of(FACTS / "stack-land-atoll-both-sides-pass.yaml", monkeypatch) == set()
    assert findings_of(FACTS / "stack-land-atoll-one-side-over-fail.yaml", monkeypatch) == {("STACK-LAND", 21)}


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_v11_18_2_4_kamikaze_limit_is_read_on_the_scenarios_own_track(capsys, monkeypatch, edition):
    """FitS v1.1 18.2.4: Kamikaze only at 7 Victory Points or less; 2nd 16.2.4: 27 or less, on a track that starts 20
    higher (3.3.10). A v1.1 scenario at 10 is above the limit in either edition: checked in the 2nd edition its 10 is
    read on its own v1.1 track (as MARKER-VP reads it), not as 10 on the 2nd edition's, where it would pass."""
    monkeypatch.chdir(ROOT)
    scenario = "tests/facts/fire-in-the-sky/kamikaze-v11-at-10-vp.yaml"
    status, out, err = run_cli(capsys, "odds", "strike", "--attacker", "jp-air:2", "--target", "us-air", "--turn", "10",
                               "--kamikaze", "--at", "Midway", scenario, "--edition", edition)
    assert status == 2 and not out, out
    assert "7 Victory Points or less" in err and "the scenario has 10" in err, err


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
@pytest.mark.parametrize("turn", [3, 6, 10, 14])
def test_v11_17_2_base_anti_aircraft_stays_half_the_printed_air_capacity(capsys, edition, turn):
    """FitS v1.1 17.2 (2nd 15.2): Allied Base Expansion multiplies Air and Port Capacity (x2 from Turn 6, x3 from 10, x4
    from 14), but a base's Anti-Aircraft rating stays half its printed Air Capacity (v1.1 2.2.3; 2nd 11.2.2.4): Pearl
    Harbor (printed 8) fires 4 dice on every turn, never 8, 12 or 16."""
    status, out, err = run_cli(capsys, "odds", "strike", "--attacker", "jp-air:2", "--defender", "us-air:2", "--base",
                               "Pearl Harbor", "--turn", str(turn), "--edition", edition)
    assert status == 0, err
    assert "at its base (AA 4)" in out.splitlines()[0]


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_v11_10_1_cost_reaction_refuses_beyond_half_the_movement_allowance(capsys, edition):
    """FitS v1.1 10.1 (2nd 9.0): a reacting Task Force moves up to half its slowest Movement Allowance, rounded up: a
    CA and a BB (Mutsu/Nagato, MA 6) react 3 hexes at most; `cost operational --reaction` prices 3 and refuses 4."""
    units = ["--units", "jp-ca", "jp-bb-mutsu-nagato", "--reaction", "--edition", edition]
    status, out, err = run_cli(capsys, "cost", "operational", "--hexes", "3", *units)
    assert status == 0, err
    status, out, err = run_cli(capsys, "cost", "operational", "--hexes", "4", *units)
    assert status == 2 and "moves at most 3 hexes" in err, err


def test_air_counter_pools_per_edition(monkeypatch):
    """v1.1 2.1.1.2 note: US Army and Marine air counters are one pool, British air apart; 2nd 3.1.2 designer note: every
    Allied air counter is one pool. Each fixture needs more green US air counters than the 10 of the mix."""
    for name in ("air-pool-us-marine-v11-pass", "air-pool-allied-2nd-pass"):
        assert findings_of(FACTS / f"{name}.yaml", monkeypatch) == set()
    assert findings_of(FACTS / "air-pool-british-apart-v11-fail.yaml", monkeypatch) == {("COUNTER-MIX", 13)}
    assert findings_of(FACTS / "air-pool-allied-2nd-fail.yaml", monkeypatch) == {("COUNTER-MIX", 15)}


def test_a_one_step_counter_holds_one_step():
    """The two Marine counters hold one step each: they stand in for a green counter only holding a stack's odd step."""
    pools = counter_pools(load_game(GAME, "v1.1").game)
    us = pools["us-marine-air"]
    assert pools["us-air"] is us and "br-air" not in pools
    assert (us.two_step, us.one_step) == (10, 2)
    assert [us.limit(odd) for odd in (0, 1, 2, 5)] == [11, 11, 12, 12]
    allied = counter_pools(load_game(GAME, "2nd").game)["br-air"]
    assert allied.counters == ("us-air", "us-marine-air", "br-air") and (allied.two_step, allied.one_step) == (13, 2)
