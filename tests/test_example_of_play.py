"""The v1.1 Example of Play (19.0): the Japanese player turn of Turn 2 of the Short Campaign.

Every move is replayed on the real map by the bundled plan
(``scenarios/fire-in-the-sky/plans/example-of-play.yaml``, ``chartroom plan``), and every
running total the rulebook prints is asserted:
Transport Points 30 -> 29 -> 25 -> 24 -> 20 -> 12.5 -> 11.5 (11 at the end of the
phase), Oil 12 + 4 = 16 -> 15.25 -> 14.75 -> 14.25 -> 13.75 -> 11.75 (11), TP in
Operational Movement 11 -> 9 -> 5, and the Second Deployment 5 -> 3 -> 2.
"""

from __future__ import annotations

import pytest

from conftest import SHORT
from toolkit.games.fire_in_the_sky.costs import end_of_phase, oil_transport
from toolkit.games.fire_in_the_sky.movement import air_points, sea_deployment
from toolkit.games.fire_in_the_sky.state import GameState
from toolkit.games.fire_in_the_sky.supply import resource_hexes_supplied


@pytest.fixture(scope="module")
def start():
    if not SHORT.is_file():
        pytest.skip("short-campaign.yaml is not written yet")
    from toolkit.model.build import load_scenario

    loaded = load_scenario(SHORT)
    if loaded.game is None or loaded.scenario is None:
        pytest.skip("the Fire in the Sky data does not load yet: " + "; ".join(f.message for f in loaded.findings[:2]))
    assert loaded.game.edition.id == "v1.1"
    return loaded.game, loaded.scenario, GameState.from_scenario(loaded.game, loaded.scenario)


PLAN = SHORT.parent / "plans" / "example-of-play.yaml"

#: Every running total the Example of Play prints, by the plan's step (1-based): (TP, Oil).
PRINTED = {
    1: (0, 16),                                   # Transport Phase: 12 + 4 = 16 Oil
    2: (30, None),                                # Reinforcement Phase: TP set to the Merchantmen Pool
    3: (29, None), 4: (25, None), 5: (24, None), 7: (20, None), 8: (12.5, None), 9: (11.5, None),
    15: (11, None),                               # "11 at the end of the phase"
    16: (11, 15.25), 17: (11, 14.75), 18: (11, 14.25), 19: (9, 13.75), 20: (5, 11.75),
    21: (5, 11),                                  # Oil 11 at the end of the Operational Movement Phase
    39: (3, None), 40: (2, None),                 # Second Deployment Phase: 5 -> 3 -> 2
}


def test_example_of_play_japanese_turn_2(start):
    """The bundled plan replays the example through the game module's engine (toolkit/games/fire_in_the_sky/plan.py)."""
    from toolkit.games.fire_in_the_sky.plan import run_plan
    from toolkit.load import load_file

    game, scenario, state = start
    assert (scenario.marker("transport_points", "japan").value, scenario.marker("oil_points").value,
            scenario.marker("merchantmen_pool").value) == (4, 12, 30)
    assert resource_hexes_supplied(state) == ["Brunei"]          # Singapore, Surabaya still Allied
    ledger = run_plan(game, scenario, load_file(PLAN).data)
    assert ledger.error is None, (ledger.error_step, ledger.error and ledger.error.message)
    rows = {r.step: r for r in ledger.rows}
    for step, (tp, oil) in PRINTED.items():
        assert rows[step].tp == tp, (step, rows[step].text, rows[step].tp)
        if oil is not None:
            assert rows[step].oil == oil, (step, rows[step].text, rows[step].oil)
    assert "5 hexes" in rows[16].text                            # Hainan to Rangoon: round by Singapore
    assert state.graph.distance("Hainan", "Rangoon") <= 4        # though 4 hexes or less as the crow flies
    for step in (23, 24, 25, 26):                                # "4 Long Range air steps (worth 2 Air Points)"
        assert "4 air steps (Long Range Air), 2 Air Points" in rows[step].text
    assert air_points(long_range_steps=4) == 2
    assert oil_transport(game.edition, 1, 30, 4).max_oil == 4 and end_of_phase(11.5, game.edition) == 11


#: Where the Example of Play leaves every unit it touches, place by place (counter[:air steps][@reduced]: count), from
#: the narrative: Kure keeps 2 of its 5 CA and 1 of its 12 DD (2 to Hainan, 3 ships to Palau, 1 to Brunei, 7 to Truk,
#: 1 to Manila; 2 DD come back from the operations and 2 leave for Singapore); "one heavy cruiser unit and 2 destroyer
#: units ... go to Yokosuka"; the two DDs damaged in the Battle of the Java Sea are on the Turn Record Track.
WHERE_THE_RULEBOOK_PUTS_THEM = {
    "Kure": {"jp-cv-akagi-kaga": 1, "jp-cv-hiryu-soryu": 1, "jp-bb-mutsu-nagato": 1, "jp-bb-ise-hyuga": 1,
             "jp-bb-hiei-kirishima": 1, "jp-bb-kongo-haruna": 1, "jp-ca": 2, "jp-dd": 1, "jp-land-4": 2},
    "Yokosuka": {"jp-ca": 1, "jp-dd": 2, "jp-land-4": 1},              # Return to Base, and the 4-CS unit left behind
    "Truk": {"jp-cv-shokaku-zuikaku": 1, "jp-cvl-zuiho-shoho": 1, "jp-ca": 2, "jp-dd": 5},
    "Okinawa": {"jp-bb-fuso-yamashiro": 1},                         # the Battleship Conga line starts
    "Formosa": {"jp-air:2": 2}, "Rabaul": {"jp-air:2": 2, "jp-land-2": 1}, "Wake": {"jp-air:2": 1, "jp-marine-2": 1},
    "Saigon": {"jp-air:2": 2}, "Bangkok": {"jp-air:2": 2},           # 4 air steps Saigon to Bangkok
    "Marshall Islands": {}, "Gilbert Islands": {"jp-air:2": 1, "jp-land-2": 1},
    "Brunei": {}, "Hainan": {}, "Palau": {},
    "Rangoon": {"jp-land-8": 1, "br-land-4@reduced": 1},             # "The British division is flipped."
    "Singapore": {"jp-land-8": 1, "jp-dd": 2},                       # fallen; 2 DD arrive in the Second Deployment
    "Surabaya": {"jp-land-4": 1},                                    # landed; the ABDA unit and the Dutch ships gone
    "Manila": {"jp-land-8": 1, "us-land-8@reduced": 1},              # "Manila holds out"
    "Lae": {"jp-land-2": 1, "jp-air:2": 1},                          # landed uncontested; 2 air steps from Truk
    "Port Moresby": {"us-land-2": 1},                                # the Allied air step destroyed
}


def test_example_of_play_puts_every_unit_where_the_rulebook_does(start):
    """Unit by unit, not only the totals: the board after the plan's last step, and the Turn Record Track."""
    from collections import Counter

    from toolkit.games.fire_in_the_sky.plan import run_plan
    from toolkit.load import load_file

    game, scenario, _ = start
    ledger = run_plan(game, scenario, load_file(PLAN).data)
    assert ledger.error is None, ledger.error and ledger.error.message
    board = ledger.board
    found: dict = {}
    for u in board.units:
        if u.at is None:
            continue
        place = board.graph.label(board.graph.node_hex(u.at) or u.at)
        key = u.counter.id + (f":{u.steps}" if u.type == "air" else "") + ("@reduced" if u.reduced else "")
        found.setdefault(place, Counter())[key] += 1
    for place, units in WHERE_THE_RULEBOOK_PUTS_THEM.items():
        assert dict(found.get(place, {})) == units, place
    assert not any(u.task_force for u in board.units if u.type == "naval" and u.side == "japan")  # all back on their deployment side
    track = sorted((u.counter.id, back) for u, back in ledger.turn_track)
    # The Dutch lose damaged ships and the eliminated ABDA unit (17.4); Singapore's eliminated British unit waits for the
    # Allied Reinforcement Phase of Turn 3, two friendly phases later (13.4).
    assert track == [("br-land-8", 3), ("jp-dd", 4), ("jp-dd", 4), ("nl-abda", None), ("nl-cl", None), ("nl-dd", None)]


def test_example_of_play_from_the_command_line(capsys):
    """Every printed total, from `chartroom plan`, as JSON."""
    import json

    from toolkit.cli import main

    assert main(["plan", str(PLAN), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and data["edition"] == "v1.1"
    totals = {row["step"]: (row["tp"], row["oil"]) for row in data["ledger"]}
    for step, (tp, oil) in PRINTED.items():
        assert totals[step][0] == tp and (oil is None or totals[step][1] == oil), step


def test_air_steps_reach_rabaul_in_two_deployments(start):
    """Example of Play, First Deployment: 2 air steps Formosa -> Rabaul, two Sea Deployments.

    Rabaul is adjacent to Port Moresby (the Air Commitment step), so it lies in the
    Allied Air ZOC; at least one hex next to Rabaul must be outside every Allied
    Air ZOC, or no Sea Deployment could get there (v1.1 8.2: stop on entering).
    """
    game, _, state = start
    graph = state.graph
    formosa = [u for u in state.units if u.counter.id == "jp-air" and u.at == graph.hex_node("Formosa")][0]
    reach = sea_deployment(state, formosa)
    from toolkit.games.fire_in_the_sky.air_zoc import air_zoc
    zoc = air_zoc(state, "allied")
    around = {graph.label(n): n in zoc for n in graph.sea.adj[graph.hex_node("Rabaul")]}
    assert "Rabaul" in reach, f"map data: every sea hex next to Rabaul is in an Allied Air ZOC at the start: {around}"
    assert reach.deployments["Rabaul"] == 2 and reach["Rabaul"].tp == 2


LAE_AFTER_OPERATIONAL_MOVEMENT = """\
kind: scenario
game: fire-in-the-sky
extends: {base}
reconstructed: "The Example of Play after the Japanese Operational Movement Phase of Turn 2 (the moves that matter here)."
remove:
  - {{at: Formosa, side: japan, units: [{{counter: jp-air, steps: 4}}], reconstructed: "to Rabaul and Wake"}}
  - {{at: Brunei, side: japan, units: [{{counter: jp-land-2}}], reconstructed: "to Lae"}}
  - {{at: Kure, side: japan, units: [{{counter: jp-dd, count: 2}}, {{counter: jp-air, steps: 2}}], reconstructed: "to Lae and Truk"}}
setup:
  - {{at: Rabaul, side: japan, units: [{{counter: jp-air, steps: 2}}], reconstructed: "two Sea Deployments from Formosa"}}
  - {{at: Truk, side: japan, units: [{{counter: jp-air, steps: 2}}], reconstructed: "from Kure"}}
  - {{at: Lae, side: japan, units: [{{counter: jp-dd, task_force: true}}, {{counter: jp-land-2, task_force: true}}], reconstructed: "Brunei to Lae"}}
  - {{at: Surabaya, side: japan, units: [{{counter: jp-dd, task_force: true}}], reconstructed: "Palau to Surabaya"}}
"""


@pytest.mark.parametrize("unit, at", [
    ("nl-cl", "Surabaya"), ("nl-dd", "Surabaya"), ("us-cl", "Brisbane"),
    ("us-cv-lexington-saratoga", "Noumea"), ("us-ca", "Noumea"), ("us-ca", "Pearl Harbor"), ("us-dd", "Pearl Harbor"),
])
def test_no_allied_reaction_to_the_lae_landing(tmp_path, capsys, monkeypatch, unit, at):
    """Example of Play, Operational Movement: Air ZOCs make an Allied reaction to the Lae force impossible,
    while the Dutch may still react at Surabaya (v1.1 10.1)."""
    import json
    import os

    from toolkit.cli import main

    monkeypatch.chdir(tmp_path)  # a designer's own folder; the base is a bundled scenario
    path = tmp_path / "lae.yaml"
    base = os.path.relpath(SHORT, tmp_path).replace(os.sep, "/")
    path.write_text(LAE_AFTER_OPERATIONAL_MOVEMENT.format(base=base), encoding="utf-8")
    status = main(["reach", str(path), "--unit", unit, "--at", at, "--mode", "reaction", "--format", "json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    places = {row["place"] for row in json.loads(out)}
    assert "Lae" not in places
    if at == "Surabaya":
        assert "Surabaya" in places  # the Dutch came out to fight for Surabaya
