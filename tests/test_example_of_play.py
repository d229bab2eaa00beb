"""The v1.1 Example of Play (19.0): the Japanese player turn of Turn 2 of the Short Campaign.

Every move is replayed on the real map through the movement ranges and the
cost calculator, and every running total the rulebook prints is asserted:
Transport Points 30 -> 29 -> 25 -> 24 -> 20 -> 12.5 -> 11.5 (11 at the end of the
phase), Oil 12 + 4 = 16 -> 15.25 -> 14.75 -> 14.25 -> 13.75 -> 11.75 (11), TP in
Operational Movement 11 -> 9 -> 5, and the Second Deployment 5 -> 3 -> 2.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from conftest import SHORT
from toolkit.games.fire_in_the_sky.costs import end_of_phase, oil_transport
from toolkit.games.fire_in_the_sky.movement import air_commitment, air_points, one_hex_deployment, operational_movement, sea_deployment
from toolkit.games.fire_in_the_sky.state import GameState, UnitState
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


class Board:
    """The state as the example moves pieces, with helpers to pick and move units."""

    def __init__(self, state: GameState):
        self.state = state
        self.fresh = 0

    def node(self, name: str) -> str:
        return self.state.graph.hex_node(name)

    def pick(self, counter: str, at: str, n: int = 1, steps: int | None = None) -> list[UnitState]:
        node = self.node(at)
        units = [u for u in self.state.units if u.counter.id == counter and u.at == node and not u.task_force
                 and (steps is None or u.steps == steps)]
        assert len(units) >= n, f"{n} x {counter} expected at {at}, found {len(units)}"
        return units[:n]

    def move(self, units, to: str, task_force: bool = False):
        node = self.node(to)
        ids = {u.id for u in units}
        self.state = replace(self.state, units=tuple(
            replace(u, at=node, task_force=task_force) if u.id in ids else u for u in self.state.units))

    def add(self, unit: UnitState):
        self.state = self.state.with_unit(unit)

    def remove(self, units):
        for u in units:
            self.state = self.state.without_unit(u.id)


def deploy(board: Board, units, to: str, deployments: int) -> float:
    """Sea-deploy each unit to ``to`` with exactly ``deployments`` deployments; return the TP paid."""
    paid = 0.0
    for u in units:
        reach = sea_deployment(board.state, u)
        assert to in reach, f"{u.id} cannot sea-deploy to {to}: {sorted(reach)}"
        assert reach.deployments[to] == deployments, f"{u.id} to {to}: {reach.deployments[to]} deployments"
        paid += reach[to].tp
    board.move(units, to)
    return paid


def operate(board: Board, units, to: str):
    reach = operational_movement(board.state, units)
    assert to in reach, f"Task Force cannot reach {to}: {sorted(reach)}"
    board.move(units, to, task_force=True)
    return reach[to], reach.hexes[to]


def test_example_of_play_japanese_turn_2(start):
    game, scenario, state = start
    edition = game.edition
    board = Board(state)
    japan = lambda name: board.state.controller(name) == "japan"  # noqa: E731

    # --- Transport Phase: 4 TP buy 4 Oil -> 16 ----------------------------------------------
    tp = scenario.marker("transport_points", "japan").value
    oil = scenario.marker("oil_points").value
    pool = scenario.marker("merchantmen_pool").value
    assert (tp, oil, pool) == (4, 12, 30)
    assert resource_hexes_supplied(board.state) == ["Brunei"]       # Singapore, Surabaya still Allied
    shipped = oil_transport(edition, 1, pool, tp)
    assert shipped.max_oil == 4 and shipped.tp_cost == 4
    oil += shipped.max_oil
    assert oil == 16

    # --- Reinforcement Phase: 2 air steps at Kure; TP set to the pool --------------------------
    air = game.counters["jp-air"]
    board.add(UnitState("jp-air@Kure#reinforcement", air, "japan", board.node("Kure"), 2))
    tp = pool
    assert tp == 30

    # --- First Deployment Phase -----------------------------------------------------------
    tp -= deploy(board, board.pick("jp-dd", "Kure", 2), "Hainan", 1)
    assert tp == 29
    palau = board.pick("jp-land-4", "Kure") + board.pick("jp-ca", "Kure") + board.pick("jp-dd", "Kure", 2)
    tp -= deploy(board, palau, "Palau", 1)
    assert tp == 25
    tp -= deploy(board, board.pick("jp-dd", "Kure"), "Brunei", 2)          # two Sea Deployments
    assert tp == 24
    tp -= deploy(board, board.pick("jp-air", "Formosa"), "Rabaul", 2)      # more than 4 hexes: two
    tp -= deploy(board, board.pick("jp-air", "Formosa"), "Wake", 2)
    assert tp == 20
    fleet = (board.pick("jp-cvl-zuiho-shoho", "Kure") + board.pick("jp-cv-shokaku-zuikaku", "Kure")
             + board.pick("jp-ca", "Kure", 2) + board.pick("jp-dd", "Kure", 5))
    tp -= deploy(board, fleet, "Truk", 1)
    assert tp == 12.5
    tp -= deploy(board, board.pick("jp-air", "Kure"), "Truk", 1)
    assert tp == 11.5
    tp = end_of_phase(tp, edition)
    assert tp == 11

    # One-hex Deployment: free.
    for counter, frm, to, n in (("jp-land-8", "Bangkok", "Rangoon", 1), ("jp-air", "Saigon", "Bangkok", 2),
                                ("jp-air", "Marshall Islands", "Gilbert Islands", 1),
                                ("jp-bb-fuso-yamashiro", "Kure", "Okinawa", 1), ("jp-land-4", "Yokosuka", "Kure", 1)):
        units = board.pick(counter, frm, n)
        for u in units:
            reach = one_hex_deployment(board.state, u)
            assert to in reach and reach[to].tp == 0, f"{counter} {frm} -> {to}: {sorted(reach)}"
        board.move(units, to)

    # --- Operational Movement Phase ----------------------------------------------------------
    cost, hexes = operate(board, board.pick("jp-dd", "Hainan"), "Rangoon")
    assert hexes > 4                                   # round by Singapore: impassable hexsides
    assert board.state.graph.distance("Hainan", "Rangoon") <= 4
    tp, oil = tp - cost.tp, oil - cost.oil
    assert (tp, oil) == (11, 15.25)
    cost, hexes = operate(board, board.pick("jp-dd", "Hainan"), "Singapore")
    tp, oil = tp - cost.tp, oil - cost.oil
    assert (tp, oil) == (11, 14.75)
    cost, _ = operate(board, board.pick("jp-dd", "Kure"), "Manila")
    tp, oil = tp - cost.tp, oil - cost.oil
    assert (tp, oil) == (11, 14.25)
    cost, _ = operate(board, board.pick("jp-dd", "Brunei") + board.pick("jp-land-2", "Brunei"), "Lae")
    tp, oil = tp - cost.tp, oil - cost.oil
    assert (tp, oil) == (9, 13.75)
    cost, _ = operate(board, board.pick("jp-ca", "Palau") + board.pick("jp-dd", "Palau", 2)
                      + board.pick("jp-land-4", "Palau"), "Surabaya")
    tp, oil = tp - cost.tp, oil - cost.oil
    assert (tp, oil) == (5, 11.75)
    oil = end_of_phase(oil, edition)
    assert oil == 11

    # --- Air Commitment Phase: each to an adjacent hex, into the Long Range Air box --------------
    # "4 Long Range air steps (worth 2 Air Points)" at Rangoon, Singapore, Manila and Port Moresby.
    for frm, to, n in (("Bangkok", "Rangoon", 2), ("Saigon", "Singapore", 2), ("Formosa", "Manila", 2),
                       ("Rabaul", "Port Moresby", 2)):
        long_range = 0
        for u in board.pick("jp-air", frm, n):
            committed = air_commitment(board.state, u).get(to)
            assert committed == u.steps, f"{frm} -> {to}"
            long_range += committed
        assert long_range == 4 and air_points(long_range_steps=long_range) == 2, f"{frm} -> {to}"

    # --- Combat and Return to Base ----------------------------------------------------------
    # Singapore and Surabaya fall; Lae is taken; the Port Moresby air step is destroyed.
    board.remove([u for u in board.state.units if u.side == "allied"
                  and u.at in {board.node("Singapore"), board.node("Surabaya"), board.node("Port Moresby")}
                  and u.type in ("land", "air") and not (u.at == board.node("Port Moresby") and u.type == "land")])
    for name in ("Singapore", "Surabaya", "Lae"):
        board.state = board.state.with_control(name, "japan")
    assert japan("Singapore") and japan("Lae")
    moved = [u for u in board.state.units if u.side == "japan" and u.task_force and u.type == "naval"]
    board.move(moved, "Kure")

    # --- Second Deployment Phase ------------------------------------------------------------
    tp -= deploy(board, board.pick("jp-dd", "Kure", 2), "Singapore", 2)
    assert tp == 3
    tp -= deploy(board, board.pick("jp-air", "Truk"), "Lae", 1)
    assert tp == 2


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
