"""An operations plan: one player turn's operations replayed on the map with running TP and Oil.

A plan (``kind: plan``) lists steps in order against a scenario's state. Each step is checked
with the rule queries (:mod:`.movement`, :mod:`.supply`, :mod:`.air_zoc`, :mod:`.costs`): the
destination within reach, enemy Air ZOC stops, stacking at the end of a Deployment Phase, the
Transport and Oil Points to pay. The Transport and Oil totals after every step form the ledger;
the first illegal step ends the replay with a :class:`PlanError` naming its rule. A step may
carry ``expect: {tp: .., oil: ..}``, totals the plan's author (or a rulebook) states; a total that
differs is an error too.

The engine was the v1.1 Example of Play test's (``tests/test_example_of_play.py``); the
bundled plan ``scenarios/fire-in-the-sky/plans/example-of-play.yaml`` replays that example.
"""

from __future__ import annotations

from toolkit.errors import FindingsError
from toolkit.games.fire_in_the_sky.air_zoc import air_zoc
from toolkit.games.fire_in_the_sky.costs import (
    asw_cost,
    dd_transfer_cost,
    drops_fractions,
    end_of_phase,
    oil_transport,
    operational_movement_cost,
    operational_rules,
    param,
)
from toolkit.games.fire_in_the_sky.mapgraph import NoSuchPlace
from toolkit.games.fire_in_the_sky.movement import (
    RuleError,
    _allowance,
    air_commitment,
    air_points,
    amphibious_reach,
    one_hex_deployment,
    operational_movement,
    reaction,
    sea_deployment,
)
from toolkit.games.fire_in_the_sky.naval_aviation import elite_pilots_rule
from toolkit.games.fire_in_the_sky.odds import return_turn
from toolkit.games.fire_in_the_sky.records import air_capacity, base_expansion, home_base, is_atoll, port_capacity
from toolkit.games.fire_in_the_sky.sides import adjective
from toolkit.games.fire_in_the_sky.state import GameState, UnitState, enemy_of
from toolkit.games.fire_in_the_sky.supply import resource_hexes_supplied
from toolkit.model import Game, Scenario
from toolkit.records import field, lazy_dataclass, replace
from toolkit.words import counted

__all__ = ["PlanError", "LedgerRow", "Ledger", "Planner", "run_plan", "OPS"]

OPS = ("oil-transport", "dd-transfer", "asw", "reinforcements", "off-map-box-movement", "sea-deployment", "one-hex-deployment",
       "operational-movement", "reaction", "air-commitment", "remove", "damage", "step-loss", "landing", "disembark",
       "control", "return-to-base", "end-of-phase")
DEPLOYMENT_OPS = ("sea-deployment", "one-hex-deployment")
#: Operations of the phases after the First Deployment Phase: once one is played, One-hex Deployment is over (v1.1 8.1).
AFTER_FIRST_DEPLOYMENT = ("operational-movement", "reaction", "air-commitment", "remove", "damage", "step-loss", "landing",
                          "disembark", "control", "return-to-base")
#: Operations of the phases after the Reinforcement Phase: once one is played, Off-Map Box Movement is over (v1.1 7.5; 2nd 6.4).
AFTER_REINFORCEMENTS = DEPLOYMENT_OPS + AFTER_FIRST_DEPLOYMENT + ("end-of-phase",)
#: The operations of the phase that opens a player turn (v1.1 4.1, 4.2: the Japanese Transport Phase, 5.0, and the Allied
#: Economic Warfare Phase, 6.0; 2nd 4.2, 5.0: the Economic Phase), and whose they are. Any other operation ends that phase.
OPENING_OPS = {"oil-transport": "japan", "dd-transfer": "japan", "asw": "allied"}
#: The phase of the player turn each operation belongs to when it belongs to one only (v1.1 4.1, 4.2; 2nd 4.2): 3 Operational
#: Movement, 4 Reaction, 5 Air Commitment, 6 Combat, 7 Return to Base. A phase once left does not come back. Deployments (First
#: or Second Deployment Phase), `remove` (a combat result, or excess stacking removed), `control` (a plan may state a base's
#: control to set a situation) and `end-of-phase` are not ordered here.
PHASE_OF = {"operational-movement": 3, "reaction": 4, "air-commitment": 5, "damage": 6, "step-loss": 6, "landing": 6, "disembark": 6,
            "return-to-base": 7}
PHASE_NAMES = {3: "Operational Movement", 4: "Reaction", 5: "Air Commitment", 6: "Combat", 7: "Return to Base"}
EPSILON = 1e-9


class PlanError(FindingsError):
    """The first step the rules forbid: a code, a message saying what to change, the rule, the node."""

    def __init__(self, code: str, message: str, rule: str = "", path: tuple = ()):
        super().__init__(message)
        self.code, self.message, self.rule, self.path = code, message, rule, path


@lazy_dataclass
class LedgerRow:
    step: int  # 1-based; 0 for the start
    op: str
    text: str
    tp: float
    oil: float
    rule: str = ""
    path: tuple = ()
    paid_tp: float = 0.0
    paid_oil: float = 0.0
    british_tp: float | None = None  # an Allied plan's British track (v1.1 2.1.2.1; 2nd 3.3.6); tp is then the US one


@lazy_dataclass
class Ledger:
    title: str
    side: str
    edition: str
    turn: int
    rows: list = field(default_factory=list)
    error: PlanError | None = None
    error_step: int | None = None
    board: GameState | None = None  # where every unit stands after the last step replayed
    turn_track: list = field(default_factory=list)  # (unit, turn it returns or None): ships damaged, land units eliminated


def counted_hits(n: int) -> str:
    return f"{n} hit" if n == 1 else f"{n} hits"


def _num(x: float):
    return int(x) if float(x).is_integer() else round(x, 4)


class Planner:
    """The board and the running totals as the steps move pieces."""

    def __init__(self, game: Game, scenario: Scenario, side: str, start: dict | None = None):
        self.game = game
        self.edition = game.edition
        self.side = side
        self.state = GameState.from_scenario(game, scenario)
        self.scenario = scenario
        marker = lambda name, nation=None: getattr(scenario.marker(name, nation), "value", scenario.marker(name, nation))  # noqa: E731
        self.pool = marker("merchantmen_pool") if side == "japan" else None
        if self.pool is None and side == "japan":
            self.pool = self.edition.param("merchantmen_pool_start", 0)
        nation = "japan" if side == "japan" else "us"
        tp = marker("transport_points", nation)
        self.tp = float(tp if tp is not None else (self.pool or 0))
        # Oil Points are Japan's alone (v1.1 2.1.2.1; 2nd 3.3.7): in an Allied plan the Oil column is the Japanese Oil
        # that Japanese reactions spend (v1.1 10.1; 2nd 9.0).
        self.oil = float(marker("oil_points") or 0)
        # Transport Points serve only units of their own nationality (v1.1 2.1.2.1; 2nd 3.3.6): an Allied plan keeps the
        # British track beside the US one; the Dutch have none (v1.1 17.4; 2nd 3.3.6).
        british = marker("transport_points", "britain") if side == "allied" else None
        self.british_tp = float(british) if british is not None else None
        start = start or {}
        self.pool = start.get("merchantmen_pool", self.pool)
        self.tp = float(start.get("tp", self.tp))
        self.oil = float(start.get("oil", self.oil))
        self.fresh = 0
        self.phase_destinations: set[str] = set()
        self.stopped_in_zoc: set[str] = set()  # units that entered an enemy Air ZOC by Sea Deployment this phase
        self.operational: set[str] = set()  # air and land units that used Operational Movement
        self.turn_track: list[tuple[UnitState, int | None]] = []  # damaged units waiting, with the turn they return
        self.damaged_at_sea: set[str] = set()  # land units that lost a step in a Task Force (v1.1 13.2; 2nd 11.3.2)
        self.turn_1_used, self.turn_1_step = 0, 0  # Task Forces paying the 1-4 hex Oil on Turn 1 (v1.1 17.1)
        # v1.1 8.1; 2nd 7.0: a unit uses one type of deployment in a phase, and One-hex Deployment only in the First.
        self.deployed: dict[str, str] = {}  # unit id -> the type of deployment it used this phase
        self.first_deployment_over = False
        self.reinforcement_phase_over = False
        self.opening_phase_over = False  # the Transport (Economic Warfare) Phase, before the Reinforcement Phase
        self.phase = 0  # the latest phase of PHASE_OF a step has played (0: none yet)
        self.committed: dict[str, int] = {}  # air unit id -> the step that committed it (v1.1 11.0; 2nd 10.0)
        self.step_number = 0
        # Optional v1.1 18.1.8; 2nd 16.1.8: no air deploys to a base captured this turn (hex -> the control step).
        unpack = self.edition.optional_number("18.1.8")
        self.unpack_rule = unpack if unpack is not None and unpack in scenario.optional_rules else None
        self.captured: dict[str, int] = {}
        # Optional v1.1 18.2.3; 2nd 16.2.3: a Japanese carrier arriving as a reinforcement needs its air group from the
        # Naval Aviation box (the scenario's marker), as a returning damaged carrier does (v1.1 7.1.1; 2nd 6.1.1, 6.3).
        self.elite_pilots = elite_pilots_rule(game, scenario.optional_rules)
        self.naval_aviation = float(marker("naval_aviation_steps") or 0)
        # Optional v1.1 18.1.4; 2nd 16.1.4: each Allied Task Force moves hidden under a US Task Force or British Fleet
        # marker until the end of the Reaction Phase; the markers are pieces, limited by the mix (v1.1 2.1; 2nd 2.0).
        sneakier = self.edition.optional_number("18.1.4")
        self.sneakier_rule = sneakier if sneakier is not None and sneakier in scenario.optional_rules else None
        self.under_markers: dict[str, list[int]] = {}  # marker kind -> the steps whose Task Force stands under one

    # --- pieces ------------------------------------------------------------------------------
    def node(self, name: str, path: tuple) -> str:
        try:
            return self.state.graph.hex_node(name)
        except NoSuchPlace as error:
            raise PlanError("PLAN-PLACE", str(error), "", path) from None

    def label(self, node: str) -> str:
        return self.state.graph.label(self.state.graph.node_hex(node) or node)

    def pick(self, units, at: str, path: tuple, task_force: bool | None = False, side: str | None = None,
             exclude: dict | None = None) -> list[UnitState]:
        """The units a step names at ``at`` (of ``side``, default the plan's): ids, or {counter, count, steps}; none of
        the unit ids in ``exclude``."""
        side = side or self.side
        node = self.node(at, path + ("from",))
        here = self.state.graph.node_hex(node) or node
        chosen: list[UnitState] = []
        for i, item in enumerate(units):
            spec = {"counter": item} if isinstance(item, str) else dict(item)
            counter, count, steps = spec["counter"], int(spec.get("count", 1)), spec.get("steps")
            found = [u for u in self.state.units
                     if u.counter.id == counter and u.side == side and u.at is not None
                     and (self.state.graph.node_hex(u.at) or u.at) == here and u not in chosen
                     and (task_force is None or u.task_force == task_force) and u.id not in (exclude or {})]
            if steps is not None:
                found = [u for u in found if u.steps == steps]
            if len(found) < count:
                raise PlanError("PLAN-UNITS", f"{count} x {counter}{f' ({steps} steps)' if steps else ''} expected at {at}, "
                                f"found {len(found)}", self.edition.cite("counter-mix"), path + ("units", i))
            chosen += found[:count]
        return chosen

    def move(self, units, node: str, task_force: bool = False):
        ids = {u.id for u in units}
        self.state = replace(self.state, units=tuple(
            replace(u, at=node, task_force=task_force) if u.id in ids else u for u in self.state.units))

    # --- payment -------------------------------------------------------------------------------
    def pay(self, tp: float, oil: float, path: tuple, what: str, nation: str | None = None):
        """Pay ``tp`` from the track of ``nation``'s units (the British their own in an Allied plan) and ``oil``."""
        british = nation == "britain" and self.british_tp is not None
        if tp > EPSILON and self.side == "allied" and nation == "netherlands":
            raise PlanError("PLAN-TP", f"{what} costs {_num(tp)} TP; the Dutch have no Transport Points", self.edition.cite("netherlands"), path)
        left = self.british_tp if british else self.tp
        if tp > left + EPSILON:
            whose = "British " if british else ("US " if self.side == "allied" else "")
            raise PlanError("PLAN-TP", f"{what} costs {_num(tp)} {whose}TP; only {_num(left)} left", self.edition.cite("transport-points"), path)
        if oil > self.oil + EPSILON:
            raise PlanError("PLAN-OIL", f"{what} costs {_num(oil)} Oil; only {_num(self.oil)} left (no total may fall below 0)",
                            self.edition.cite("oil-points"), path)
        if british:
            self.british_tp -= tp
        else:
            self.tp -= tp
        self.oil -= oil

    def pay_units(self, costs: list, path: tuple, what: str) -> float:
        """Pay each unit's TP from its nation's track: ``costs`` is [(unit, TP)]; returns the total."""
        by_nation: dict[str, float] = {}
        for unit, tp in costs:
            by_nation[unit.counter.nation] = by_nation.get(unit.counter.nation, 0.0) + tp
        for nation, tp in by_nation.items():
            self.pay(tp, 0, path, what, nation)
        return sum(by_nation.values())

    # --- steps ---------------------------------------------------------------------------------
    def step(self, op: str, s: dict, path: tuple) -> tuple[str, str, float, float]:
        self.step_number = path[-1] + 1 if path and isinstance(path[-1], int) else self.step_number + 1
        handler = getattr(self, "op_" + op.replace("-", "_"), None)
        if handler is None:
            raise PlanError("PLAN-OP", f"no operation {op!r}; one of: {', '.join(OPS)}", "", path + ("op",))
        if op in OPENING_OPS:
            self._opening_phase(op, path)
        else:
            self.opening_phase_over = True
        if op in PHASE_OF:
            self._in_sequence(op, path)
        done = handler(s, path)
        if op in AFTER_FIRST_DEPLOYMENT:
            self.first_deployment_over = True
        if op in AFTER_REINFORCEMENTS:
            self.reinforcement_phase_over = True
        return done

    def _just_captured(self, units, dest: str, path: tuple):
        """Optional rule v1.1 18.1.8; 2nd 16.1.8 (when the scenario uses it): in the Second Deployment Phase no air unit
        deploys to a base captured this turn. A plan's capture is a ``control`` step giving the base to its side, which
        comes after the Combat Phase, so every deployment after it is in the Second Deployment Phase."""
        step = self.captured.get(self.state.graph.node_hex(dest) or dest)
        air = [u.counter.id for u in units if u.type == "air"]
        if self.unpack_rule is None or step is None or not air:
            return
        raise PlanError("PLAN-DEPLOYMENT", f"{', '.join(dict.fromkeys(air))}: air units may not deploy to {self.label(dest)}, captured "
                        f"this turn (step {step})", self.edition.cite_number(self.unpack_rule), path + ("to",))

    def _deployment_type(self, units, kind: str, path: tuple):
        """v1.1 8.1; 2nd 7.0: in a Deployment Phase a unit makes Sea Deployments or one One-hex Deployment, not both; One-hex
        Deployment is for the First Deployment Phase only (v1.1 8.3; 2nd 7.2, 13.0)."""
        rule = self.edition.cite("deployment-types")
        if kind == "One-hex Deployment" and self.first_deployment_over:
            raise PlanError("PLAN-DEPLOYMENT", "One-hex Deployment is made only in the First Deployment Phase", rule, path + ("op",))
        for u in units:
            used = self.deployed.get(u.id)
            if used is not None and (used != kind or kind == "One-hex Deployment"):
                again = "moves one hex only" if used == kind else f"may not also make a {kind}"
                raise PlanError("PLAN-DEPLOYMENT", f"{u.counter.id} made a {used} in this phase and {again}: a unit uses one "
                                "type of deployment in a phase", rule, path + ("units",))

    def _in_sequence(self, op: str, path: tuple):
        """v1.1 4.1, 4.2; 2nd 4.2: each phase comes once per player turn, in its order."""
        phase = PHASE_OF[op]
        if phase < self.phase:
            rule = self.edition.cite("sequence-japanese-turn" if self.side == "japan" else "sequence-allied-turn")
            raise PlanError("PLAN-SEQUENCE", f"{op} belongs to the {PHASE_NAMES[phase]} Phase, which comes before the "
                            f"{PHASE_NAMES[self.phase]} Phase a step has already played: each phase comes once per player turn, "
                            "in its order", rule, path + ("op",))
        self.phase = phase

    def _opening_phase(self, op: str, path: tuple):
        """v1.1 4.1, 4.2, 5.0, 6.0; 2nd 4.2, 5.0: Oil Transport and DD transfers are the Japanese player's (5.1, 5.2), convoy
        ASW is rolled in the Allied player turn (v1.1 6.1; 2nd 5.3), all in the phase that opens the player turn, before
        the Reinforcement Phase resets the Transport Points (they spend what is left of the last turn's)."""
        code = "PLAN-OIL-TRANSPORT" if op == "oil-transport" else "PLAN-CONVOY"
        rule = self.edition.cite(op)
        owner = OPENING_OPS[op]
        what = {"oil-transport": "Oil Transport", "dd-transfer": "A DD transfer", "asw": "Convoy ASW"}[op]
        if self.side != owner:
            raise PlanError(code, f"{what} belongs to the {adjective(owner)} player turn; this plan is the {adjective(self.side)} "
                            "player turn", rule, path + ("op",))
        if self.opening_phase_over:
            raise PlanError(code, f"{what} is made in the first phase of the player turn, before the Reinforcement Phase "
                            "and every later operation", rule, path + ("op",))

    def op_oil_transport(self, s, path):
        hexes = resource_hexes_supplied(self.state)
        shipped = oil_transport(self.edition, len(hexes), self.pool, self.tp)
        oil = s["oil"]
        rule = self.edition.cite("oil-transport")
        if oil > shipped.max_oil + EPSILON:
            raise PlanError("PLAN-OIL-TRANSPORT", f"at most {shipped.max_oil} Oil can be shipped (Resource Hexes supplied: "
                            f"{', '.join(hexes) or 'none'}; limits {shipped.by_resource} by Resource Hexes, {shipped.by_pool} by half "
                            f"the Merchantmen Pool, {shipped.by_tp} by TP), not {_num(oil)}", rule, path + ("oil",))
        cost = oil * float(param(self.edition, "oil_transport_tp_cost"))
        self.pay(cost, 0, path, f"shipping {_num(oil)} Oil")
        self.oil += oil
        return f"Oil Transport: {_num(oil)} Oil from {', '.join(hexes)} for {_num(cost)} TP", rule, cost, -oil

    def op_dd_transfer(self, s, path):
        cost = dd_transfer_cost(self.edition, s["count"])
        self.pay(cost, 0, path, f"moving {s['count']} DD")
        return f"DD transfer: {s['count']} DD to or from the Convoy Escort box", self.edition.cite("dd-transfer"), cost, 0

    def op_asw(self, s, path):
        # v1.1 6.1; 2nd 5.3: at most one die per DD in the Convoy Escort box (the scenario's marker: Japan moved them there
        # in its own player turn, 5.2).
        escort = self.scenario.marker("convoy_escort")
        if escort is not None and s["rolls"] > escort.value:
            raise PlanError("PLAN-CONVOY", f"{s['rolls']} ASW dice, but the Convoy Escort box holds {_num(escort.value)} DD: "
                            "one die per DD at most", self.edition.cite("asw"), path + ("rolls",))
        cost = asw_cost(self.edition, s["rolls"])
        self.pay(0, cost, path, f"{s['rolls']} ASW dice")
        return f"ASW: {s['rolls']} dice", self.edition.cite("asw"), 0, cost

    def op_reinforcements(self, s, path):
        if self.reinforcement_phase_over:  # v1.1 4.1, 4.2; 2nd 4.2: once per player turn, before the deployments
            raise PlanError("PLAN-REINFORCEMENTS", "the Reinforcement Phase comes before the First Deployment Phase and every later "
                            "operation: its reset of the Transport Points cannot follow them", self.edition.cite("reinforcements"),
                            path + ("op",))
        node = self.node(s["at"], path + ("at",))
        names = []
        lost = self._home_bases_occupied()
        if lost and s.get("units"):  # v1.1 7.1; 2nd 6.1: none this turn; they wait on the Turn Record Track
            raise PlanError("PLAN-REINFORCEMENTS", f"both Japanese Home Bases ({', '.join(lost)}) are occupied by Allied units: "
                            f"Japan receives no reinforcements this turn; they wait on the Turn Record Track (Turn "
                            f"{self.state.turn + 1}) until a Home Base is liberated", self.edition.cite("reinforcements"),
                            path + ("units",))
        for i, item in enumerate(s.get("units", ())):
            spec = {"counter": item} if isinstance(item, str) else item
            counter = self.game.counters.get(spec["counter"])
            if counter is None:
                raise PlanError("PLAN-UNITS", f"no counter {spec['counter']!r} in the {self.edition.id} counter mix", "",
                                path + ("units", i))
            self._home_base_of(counter, node, s["at"], path + ("units", i))
            formed = self._air_group(counter, int(spec.get("count", 1)), s["at"], path + ("units", i))
            for _ in range(int(spec.get("count", 1))):
                self.fresh += 1
                steps = int(spec.get("steps", counter.steps)) if counter.type == "air" else 1
                self.state = self.state.with_unit(UnitState(f"{counter.id}@{s['at']}#r{self.fresh}", counter, self.side, node, steps))
            names.append(f"{spec.get('count', 1)} x {counter.id}" + (f" ({spec['steps']} steps)" if "steps" in spec else "") + formed)
        if self.british_tp is not None:
            self.british_tp = float(self.edition.param("british_transport_points", self.british_tp))  # v1.1 7.3; 2nd 6.2
        if "tp" in s:
            self.tp = float(s["tp"])
        elif self.side == "japan":
            self.tp = float(self.pool)  # Japanese TP are set to the Merchantmen Pool (v1.1 2.1.2.1; 2nd 6.2)
        else:  # the US TP to the Allied Reinforcement Schedule's level for the turn (v1.1 7.3; 2nd 6.2)
            level = next((st.data["us_transport_points"] for st in self.game.schedules if st.side == "allied"
                          and st.turn == self.state.turn and isinstance(st.data.get("us_transport_points"), (int, float))), None)
            if level is not None:
                self.tp = float(level)
        british = f" (British {_num(self.british_tp)})" if self.british_tp is not None else ""
        none = "none (both Japanese Home Bases are occupied by Allied units)" if lost else "none"
        return (f"Reinforcements at {s['at']}: {', '.join(names) or none}; Transport Points set to {_num(self.tp)}{british}",
                self.edition.cite("reinforcements"), 0, 0)

    def op_off_map_box_movement(self, s, path):
        """v1.1 7.5; 2nd 6.4: in the Reinforcement Phase the Allied player moves any units, free, from an off-map box to
        the base it connects to (West Coast USA to Pearl Harbor, Indian Ocean Ports to Bombay), if the Allies control
        that base and no Japanese unit is in its hex. Stacking holds there at the end of the next Deployment Phase."""
        rule = self.edition.cite("off-map-movement")
        if self.side != "allied":
            raise PlanError("PLAN-OFF-MAP", f"only the Allied player moves units out of an off-map box; this is the {adjective(self.side)} "
                            "player turn", rule, path + ("op",))
        if self.reinforcement_phase_over:
            raise PlanError("PLAN-OFF-MAP", "Off-Map Box Movement is made in the Reinforcement Phase, before any deployment "
                            "or later operation", rule, path + ("op",))
        box = self.state.graph.off_map.get(s["from"])
        if box is None or box.connects_to is None:
            boxes = ", ".join(sorted(b for b, r in self.state.graph.off_map.items() if r.connects_to)) or "none"
            raise PlanError("PLAN-OFF-MAP", f"{s['from']} is not an off-map box connected to a base (off-map boxes: {boxes})",
                            rule, path + ("from",))
        if self.label(self.node(s["to"], path + ("to",))) != box.connects_to:
            raise PlanError("PLAN-OFF-MAP", f"{box.name} connects to {box.connects_to} only, not {s['to']}", rule, path + ("to",))
        units = self.pick(s["units"], box.name, path)
        base = self.state.map.places[box.connects_to]
        if self.state.controller(base.name) != "allied":
            raise PlanError("PLAN-OFF-MAP", f"{base.name} is not Allied-controlled: no move from {box.name} to it", rule, path + ("to",))
        if self.state.units_at(base.hex, "japan"):
            raise PlanError("PLAN-OFF-MAP", f"Japanese units are in the {base.name} hex: no move from {box.name} to it", rule,
                            path + ("to",))
        self.move(units, base.hex)
        self.phase_destinations.add(base.hex)
        return f"Off-Map Box Movement {box.name} > {base.name}: {', '.join(self._names(units))} (free)", rule, 0, 0

    def _home_bases_occupied(self) -> list[str]:
        """Japan's Home Bases when both are occupied by Allied units (v1.1 7.1; 2nd 6.1), else []. Read: a Home Base is
        occupied when Allied land units are ashore in it (an Occupied Base, v1.1 12.3.5; 2nd 11.2.6), whoever controls
        it yet, or when the Allies control it (taken, awaiting liberation). docs/plan.md gives the other reading."""
        if self.side != "japan":
            return []
        homes = sorted(p.name for p in self.state.map.places.values() if home_base(p) == "japan")
        occupied = [name for name in homes if self.state.controller(name) == "allied"
                    or any(u.type == "land" and not u.task_force
                           for u in self.state.units_at(self.state.map.places[name].hex, "allied"))]
        return homes if homes and occupied == homes else []

    def _air_group(self, counter, count: int, at: str, path: tuple) -> str:
        """Optional v1.1 18.2.3 (2nd 16.2.3): a Japanese carrier arriving as a reinforcement comes without planes, save the
        one the rule names (CVL (Junyo, Hiyo) on Turn 4); it reaches its Home Base only when air steps from the Naval
        Aviation box form its whole air group, one per Air Strength (v1.1 7.1.1; 2nd 6.3: no partial replenishment).
        The steps are taken from the box; the row says how many. Without the rule a new carrier brings its planes."""
        if self.elite_pilots is None or self.side != "japan":
            return ""
        number, param = self.elite_pilots
        if counter.cls not in param["carrier_classes"] or param["trained_on_arrival"].get(counter.id) == self.state.turn:
            return ""
        rule = self.edition.cite_number(number)
        strength = counter.ratings.get("air_strength", 0)
        need = (int(strength) if isinstance(strength, (int, float)) else 0) * count
        group = param["air_group_of"]
        if self.naval_aviation < need:
            raise PlanError("PLAN-REINFORCEMENTS", f"{counter.id} arrives without planes (optional rule {rule}): it waits in the "
                            f"Carriers without Planes box and reaches {at} only when {need} {group} from the Naval Aviation box "
                            f"form its air group, and the box holds {_num(self.naval_aviation)}", rule, path)
        before = self.naval_aviation
        self.naval_aviation -= need
        return f" (air group: {need} {group} from the Naval Aviation box, {_num(before)} > {_num(self.naval_aviation)})"

    def _home_base_of(self, counter, node: str, at: str, path: tuple):
        """Reinforcements are units of the phasing side placed at a friendly Home Base of their own nation (v1.1 7.1,
        2.2.3.1; 2nd 6.1, 3.3.3): Japan's Kure or Yokosuka, West Coast USA, Indian Ocean Ports; the Dutch have none (v1.1
        17.4; 2nd 15.4)."""
        rule = self.edition.cite("reinforcements")
        if counter.side != self.side:
            raise PlanError("PLAN-REINFORCEMENTS", f"{counter.id} is not a unit of the {adjective(self.side)} player, whose turn this plan "
                            "plays", rule, path)
        homes = self.state.home_bases(self.side, counter.nation)
        here = self.state.graph.node_hex(node) or node
        if here not in homes:
            where = ", ".join(self.label(h) for h in homes) or "none: its nation has no Home Base the side controls"
            raise PlanError("PLAN-REINFORCEMENTS", f"{counter.id} arrives at a Home Base of its nation ({where}), not at {at}",
                            rule, path)

    def _zoc_free(self):
        """The board without enemy air units: what a move could do if no Air ZOC stood in its way."""
        enemy = enemy_of(self.side)
        return replace(self.state, units=tuple(u for u in self.state.units if not (u.side == enemy and u.type == "air")))

    def op_sea_deployment(self, s, path):
        units = self.pick(s["units"], s["from"], path)
        dest = self.node(s["to"], path + ("to",))
        to = self.label(dest)
        rule = self.edition.cite("sea-deployment")
        self._deployment_type(units, "Sea Deployment", path)
        self._just_captured(units, dest, path)
        zoc = set(air_zoc(self.state, enemy_of(self.side)))
        costs, deployments = [], []
        for u in units:
            if u.id in self.stopped_in_zoc:
                raise PlanError("PLAN-AIR-ZOC", f"{u.counter.id} entered an enemy Air ZOC by Sea Deployment this phase and may "
                                "deploy no more", self.edition.cite("sea-deployment"), path + ("units",))
            if u.type in ("air", "land") and u.id in self.operational:
                raise PlanError("PLAN-OPERATIONAL", f"{u.counter.id} used Operational Movement and may not deploy again this turn",
                                self.edition.cite("second-deployment") if "second-deployment" in self.edition.rules else rule,
                                path + ("units",))
            reach = sea_deployment(self.state, u)
            if to not in reach:
                free = sea_deployment(self._zoc_free(), u)
                if to in free:
                    raise PlanError("PLAN-AIR-ZOC", f"{u.counter.id} cannot Sea Deploy from {s['from']} to {to}: every way there "
                                    f"enters an enemy Air ZOC first, where a Sea Deployment must stop", self.edition.cite("air-zoc") + ", "
                                    + rule.split(" ")[-1], path + ("to",))
                raise PlanError("PLAN-REACH", f"{u.counter.id} cannot Sea Deploy from {s['from']} to {to}: "
                                f"{reach.reason or 'not a friendly, enemy-free base within reach'}", rule, path + ("to",))
            costs.append((u, reach[to].tp))
            deployments.append(reach.deployments[to])
        paid = self.pay_units(costs, path, "this Sea Deployment")
        self.move(units, dest)
        self.phase_destinations.add(dest)
        self.deployed.update((u.id, "Sea Deployment") for u in units)
        if (self.state.graph.node_hex(dest) or dest) in zoc:
            self.stopped_in_zoc |= {u.id for u in units}
        n = sorted(set(deployments))
        what = ", ".join(self._names(units))
        return (f"Sea Deployment {s['from']} > {to}: {what} ({'/'.join(map(str, n))} deployment{'s' if n != [1] else ''}, "
                f"{_num(paid)} TP)", rule, paid, 0)

    def _names(self, units):
        out: dict[str, int] = {}
        for u in units:
            key = f"{u.counter.id} ({u.steps} step{'s' if u.steps != 1 else ''})" if u.type == "air" else u.counter.id
            out[key] = out.get(key, 0) + 1
        return [f"{n} x {k}" if n > 1 else k for k, n in out.items()]

    def op_one_hex_deployment(self, s, path):
        units = self.pick(s["units"], s["from"], path)
        dest = self.node(s["to"], path + ("to",))
        to = self.label(dest)
        rule = self.edition.cite("one-hex-deployment")
        self._deployment_type(units, "One-hex Deployment", path)
        self._just_captured(units, dest, path)
        for u in units:
            reach = one_hex_deployment(self.state, u)
            if to not in reach:
                raise PlanError("PLAN-REACH", f"{u.counter.id} cannot make a One-hex Deployment from {s['from']} to {to}: "
                                f"{reach.reason or 'not an adjacent hex it may enter'}", rule, path + ("to",))
        self.move(units, dest)
        self.phase_destinations.add(dest)
        self.deployed.update((u.id, "One-hex Deployment") for u in units)
        return f"One-hex Deployment {s['from']} > {to}: {', '.join(self._names(units))} (free)", rule, 0, 0

    def op_operational_movement(self, s, path):
        units = self.pick(s["units"], s["from"], path)
        dest = self.node(s["to"], path + ("to",))
        to = self.label(dest)
        rule = self.edition.cite("operational-movement")
        try:
            reach = operational_movement(self.state, units)
        except RuleError as error:
            raise PlanError("PLAN-TASK-FORCE", str(error), error.rule, path + ("units",)) from None
        if to not in reach:
            self._why_not(units, to, reach, path)
        cost = reach[to]
        hexes = reach.hexes[to]
        special = ""
        if s.get("turn_1_special"):
            cost = self._turn_1_oil(units, hexes, cost, path)
            special = f", Turn 1: the 1-4 hex Oil ({self.edition.cite('turn-1-special')})"
        carried = next((u for u in units if u.type in ("air", "land")), None)  # its TP are its nationality's
        self.pay(cost.tp, cost.oil, path, f"this Task Force's move of {counted(hexes, 'hex', 'hexes')}", carried.counter.nation if carried else None)
        hidden = self._under_marker(units, self.side, path)
        self.move(units, dest, task_force=True)
        self.operational |= {u.id for u in units if u.type in ("air", "land")}
        return (f"Operational Movement {s['from']} > {to}: {', '.join(self._names(units))} ({counted(hexes, 'hex', 'hexes')}, "
                f"{_num(cost.tp)} TP, {_num(cost.oil)} Oil{special}){hidden}",
                operational_rules(self.edition, [u.type for u in units]) if cost.tp or cost.oil else rule,
                cost.tp, cost.oil)

    def _turn_1_oil(self, units, hexes: int, cost, path):
        """v1.1 17.1: in the Japanese Operational Movement Phase of Turn 1, one Japanese Task Force may pay the 1-4 hex
        Oil cost whatever the distance (the 2nd edition has no such rule)."""
        rule = self.edition.cite("turn-1-special")
        allowed = self.edition.param("turn_1_short_oil_task_forces")
        where = path + ("turn_1_special",)
        if not allowed:
            raise PlanError("PLAN-TURN-1", f"the {self.edition.id} rules have no Turn 1 Oil special rule", rule, where)
        if self.side != "japan" or self.state.turn != 1:
            raise PlanError("PLAN-TURN-1", "only a Japanese Task Force on Turn 1 pays the 1-4 hex Oil whatever the distance "
                            f"(this is the {adjective(self.side)} player turn of Turn {self.state.turn})", rule, where)
        if self.turn_1_used >= int(allowed):
            raise PlanError("PLAN-TURN-1", f"only {allowed} Task Force may pay the 1-4 hex Oil on Turn 1; it was used at step "
                            f"{self.turn_1_step}", rule, where)
        self.turn_1_used += 1
        self.turn_1_step = path[1] + 1
        short = int(self.edition.param("naval_oil_short_hexes"))
        return cost._replace(oil=operational_movement_cost(self.edition, units, min(hexes, short), turn=self.state.turn).oil)

    def _why_not(self, units, to, reach, path):
        allowances = {u.counter.id: _allowance(self.state, u) for u in units}
        slowest = min(allowances.values())
        fastest = max(allowances.values())
        if fastest > slowest and to in operational_movement(self.state, units, allowance=fastest):
            slow = [k for k, v in allowances.items() if v == slowest]
            raise PlanError("PLAN-TASK-FORCE", f"the Task Force moves at most {slowest} hexes, as its slowest unit "
                            f"({', '.join(slow)}); {to} is farther", self.edition.cite("task-force"), path + ("to",))
        free = operational_movement(self._zoc_free(), units)
        if to in free:
            raise PlanError("PLAN-AIR-ZOC", f"{to} is within {slowest} hexes only through enemy Air ZOC hexes: a Task Force "
                            "entering one may stop or move one more hex", self.edition.cite("operational-movement"), path + ("to",))
        raise PlanError("PLAN-REACH", f"the Task Force cannot reach {to} by Operational Movement "
                        f"({reach.reason or f'more than {slowest} hexes by sea'})", self.edition.cite("operational-movement"), path + ("to",))

    def op_air_commitment(self, s, path):
        try:  # v1.1 11.0; 2nd 10.0: each air unit is committed to one hex only
            units = self.pick(s["units"], s["from"], path, exclude=self.committed)
        except PlanError:
            taken = self.pick(s["units"], s["from"], path)  # raises PLAN-UNITS if the units are not there at all
            step = next(self.committed[u.id] for u in taken if u.id in self.committed)
            raise PlanError("PLAN-COMMIT", f"the air units named at {s['from']} are already committed (step {step}): an air unit "
                            "is committed to one hex only", self.edition.cite("air-commitment"), path + ("units",)) from None
        to = self.label(self.node(s["to"], path + ("to",)))
        steps = 0
        for u in units:
            options = air_commitment(self.state, u)
            if to not in options:
                raise PlanError("PLAN-COMMIT", f"{u.counter.id} at {s['from']} can be committed only to its own or an adjacent hex, "
                                f"not {to}", self.edition.cite("air-commitment"), path + ("to",))
            steps += options[to]
        self.committed.update({u.id: self.step_number for u in units})
        here = self.label(self.node(s["from"], path))
        points = air_points(at_base_steps=steps) if here == to else air_points(long_range_steps=steps)
        box = "" if here == to else " (Long Range Air)"
        return f"Air Commitment {s['from']} > {to}: {steps} air steps{box}, {points} Air Points", self.edition.cite("air-commitment"), 0, 0

    def op_remove(self, s, path):
        side = s.get("side", self.side)
        node = self.node(s["at"], path + ("at",))
        here = self.state.graph.node_hex(node) or node
        removed = []
        for i, item in enumerate(s["units"]):
            spec = {"counter": item} if isinstance(item, str) else item
            found = [u for u in self.state.units if u.counter.id == spec["counter"] and u.side == side and u.at is not None
                     and (self.state.graph.node_hex(u.at) or u.at) == here]
            if len(found) < int(spec.get("count", 1)):
                raise PlanError("PLAN-UNITS", f"{spec.get('count', 1)} x {spec['counter']} expected at {s['at']}, found {len(found)}",
                                "", path + ("units", i))
            for u in found[: int(spec.get("count", 1))]:
                self.state = self.state.without_unit(u.id)
                removed.append(u)
        return f"Removed at {s['at']} ({s.get('why', 'combat result')}): {', '.join(self._names(removed))}", "", 0, 0

    def op_control(self, s, path):
        node = self.node(s["base"], path + ("base",))
        if s["side"] == self.side and self.state.controller(s["base"]) != self.side:
            self.captured[self.state.graph.node_hex(node) or node] = path[1] + 1
        self.state = self.state.with_control(s["base"], s["side"])
        becomes = "uncontrolled" if s["side"] == "none" else f"{adjective(s['side'])}-controlled"
        return f"{s['base']} becomes {becomes}", self.edition.cite("base-control-change"), 0, 0

    def _home(self, name: str, path: tuple, side: str | None = None) -> str:
        dest = self.node(name, path)
        if not self.state.is_home_base(self.state.graph.node_hex(dest) or dest, side or self.side):
            raise PlanError("PLAN-RETURN", f"{name} is not a Home Base of {'this side' if side is None else side}",
                            self.edition.cite("return-to-base"), path)
        return dest

    def op_return_to_base(self, s, path):
        """Every ship that moved or reacted goes home (v1.1 14.1; 2nd 12.1), whichever side it is on. Japanese ships go to
        the Home Base the Japanese player chooses: ``to`` (with ``split`` sending the ships it names to the other) for
        the phasing Japanese, ``reacting_to`` for Japanese ships that reacted in an Allied turn. Allied ships go by
        nation: US to West Coast USA, British to Singapore until Japan holds it, then Indian Ocean Ports (v1.1 17.5;
        2nd 15.5), Dutch to Surabaya, or out of the game if Japan holds it (v1.1 17.4; 2nd 15.4). Damaged ships are on
        the Turn Record Track already (``damage``), so they do not return."""
        rule = self.edition.cite("return-to-base")
        dest = self._home(s["to"], path + ("to",))
        moved = [u for u in self.state.units if u.task_force and u.type == "naval"]
        japanese = [u for u in moved if u.side == "japan"]
        parts = []
        if japanese and self.side == "japan":
            parts += self._japanese_return(japanese, s, dest, path)
        elif japanese:
            if "reacting_to" not in s:
                raise PlanError("PLAN-RETURN", f"{len(japanese)} Japanese ships reacted: say which Japanese Home Base they return "
                                "to (reacting_to: Kure or Yokosuka; the Japanese player chooses)", rule, path)
            self.move(japanese, self._home(s["reacting_to"], path + ("reacting_to",), "japan"))
            parts.append(f"{', '.join(self._names(japanese))} (Japanese, reacted) to {s['reacting_to']}")
        allied = [u for u in moved if u.side == "allied"]
        by_home: dict[str, list] = {}
        for u in allied:
            by_home.setdefault(self._allied_home(u, path), []).append(u)
        for home, units in by_home.items():
            if home == "":
                for u in units:
                    self.state = self.state.without_unit(u.id)
                    self.turn_track.append((u, None))
                parts.append(f"{', '.join(self._names(units))} lost for good: Surabaya is Japanese ({self.edition.cite('netherlands')})")
                continue
            self.move(units, home)
            parts.append(f"{', '.join(self._names(units))} to {self.label(home)}")
        # Port Capacity holds again at the end of the Return to Base Phase (v1.1 2.2.3, 14.3; 2nd 3.3.1, 12.3): the next
        # end-of-phase checks the Home Bases the plan side's ships came back to.
        returned = {u.id for u in moved if u.side == self.side}
        self.phase_destinations |= {u.at for u in self.state.units if u.id in returned and u.at is not None}
        return f"Return to Base: {'; '.join(parts) or 'no ship moved'}", rule, 0, 0

    def _japanese_return(self, moving, s, dest, path) -> list[str]:
        """The phasing Japanese ships: ``split`` sends those it names to another Home Base, the rest go ``to``."""
        rule = self.edition.cite("return-to-base")
        parts = []
        for k, part in enumerate(s.get("split", ())):
            there = self._home(part["to"], path + ("split", k, "to"))
            chosen = []
            for i, item in enumerate(part["units"]):
                spec = {"counter": item} if isinstance(item, str) else dict(item)
                found = [u for u in moving if u.counter.id == spec["counter"] and u not in chosen]
                if len(found) < int(spec.get("count", 1)):
                    raise PlanError("PLAN-RETURN", f"{spec.get('count', 1)} x {spec['counter']} expected among the ships "
                                    f"returning to base, found {len(found)}", rule, path + ("split", k, "units", i))
                chosen += found[: int(spec.get("count", 1))]
            self.move(chosen, there)
            moving = [u for u in moving if u not in chosen]
            parts.append(f"{', '.join(self._names(chosen))} to {part['to']}")
        rest = [f"{len(moving)} naval units to {s['to']}"] if moving or not parts else []
        self.move(moving, dest)
        return rest + parts

    def _allied_home(self, u: UnitState, path: tuple) -> str:
        """Where an Allied ship returns: its nation's Home Base, Singapore for the British until Japan holds it (v1.1
        17.5; 2nd 15.5), Surabaya for the Dutch ("" when Japan holds it: the ship leaves the game, v1.1 17.4; 2nd 15.4).
        Japan holding the base stands for its having been occupied (the plan knows control, not its history)."""
        nation = u.counter.nation
        if nation in ("netherlands", "britain"):
            base = "Surabaya" if nation == "netherlands" else "Singapore"
            if self.state.controller(base) != "japan":
                return self.node(base, path)
            if nation == "netherlands":
                return ""
        homes = self.state.home_bases("allied", nation)
        if not homes:
            raise PlanError("PLAN-RETURN", f"{u.counter.id}: no {nation} Home Base to return to", self.edition.cite("home-bases"), path)
        return homes[0]

    # --- the Reaction Phase and the battle's results (stated by the plan, not rolled) -------------
    def op_reaction(self, s, path):
        """The non-phasing side's ships react (v1.1 10.1-10.2; 2nd 9.0): half their Movement Allowance to a hex holding
        an enemy unit, their own included. Japanese reactions pay Oil as Operational Movement from Japan's Oil (the
        plan's Oil column, in an Allied plan too); Allied ones are free (v1.1 10.1; 2nd 9.0)."""
        side = s.get("side", enemy_of(self.side))
        rule = self.edition.cite("reaction")
        if side == self.side:
            raise PlanError("PLAN-REACTION", f"only the non-Phasing Player reacts: in this {adjective(self.side)} player turn, the "
                            f"{adjective(enemy_of(self.side))} ships", rule, path + ("side",))
        units = self.pick(s["units"], s["from"], path, side=side)
        dest = self.node(s["to"], path + ("to",))
        to = self.label(dest)
        try:
            reach = reaction(self.state, units)
        except RuleError as error:
            raise PlanError("PLAN-REACTION", str(error), error.rule, path + ("units",)) from None
        if to not in reach:
            raise PlanError("PLAN-REACTION", f"the Task Force cannot react from {s['from']} to {to}: "
                            f"{reach.reason or 'not a hex holding an enemy unit within half its Movement Allowance'}", rule,
                            path + ("to",))
        cost = reach[to]  # Oil for Japanese ships only: Allied ones react free
        oil = cost.oil
        hidden = self._under_marker(units, side, path)
        self.pay(0, oil, path, "this reaction")
        self.move(units, dest, task_force=True)
        paid = f", {_num(oil)} Japanese Oil" if oil else ""
        return f"Reaction {s['from']} > {to}: {', '.join(self._names(units))} ({reach.hexes[to]} hexes{paid}){hidden}", rule, 0, oil

    def _under_marker(self, units, side: str, path: tuple) -> str:
        """Optional v1.1 18.1.4; 2nd 16.1.4 (when the scenario uses it): an Allied Task Force that moves at sea (Operational
        Movement in the Allied player turn, a reaction in the Japanese one) stands under one of the edition's US Task Force
        or British Fleet markers (``marker_mix``: 5 and 2) until the end of the Reaction Phase; with all of that kind on the
        map, no further Task Force can be formed. Read: a Task Force of British ships only takes a British Fleet marker,
        any other Allied Task Force (US, Dutch, mixed) a US Task Force marker (docs/plan.md, readings). A plan is one player
        turn, whose Allied Task Forces all move before its Reaction Phase ends: every marker taken stays taken in it."""
        if self.sneakier_rule is None or side != "allied":
            return ""
        rule = self.edition.cite_number(self.sneakier_rule)
        ships = [u for u in units if u.type == "naval"] or list(units)
        kind, name = (("british-fleet", "British Fleet") if all(u.counter.nation == "britain" for u in ships)
                      else ("us-task-force", "US Task Force"))
        mix = {e.get("marker"): e.get("count") for e in self.edition.param("marker_mix") or () if isinstance(e, dict)}
        limit = mix.get(kind)
        if not isinstance(limit, int):
            return ""
        taken = self.under_markers.setdefault(kind, [])
        if len(taken) >= limit:
            steps = ", ".join(str(n) for n in taken)
            raise PlanError("PLAN-TASK-FORCE-MARKERS", f"no {name} marker left to hide this Task Force (optional rule {rule}): "
                            f"all {limit} stand on the map until the end of the Reaction Phase (steps {steps}); join these "
                            "ships to one of those Task Forces' moves or leave them in port", rule, path + ("units",))
        taken.append(self.step_number)
        return f", under {name} marker {len(taken)} of {limit} ({rule})"

    def op_damage(self, s, path):
        """Ships damaged in a battle leave their Task Force for the Turn Record Track, back after twice their hits in
        friendly Reinforcement Phases (v1.1 13.1; 2nd 11.3.1); a damaged Dutch ship is lost (v1.1 17.4; 2nd 15.4)."""
        side = s.get("side", self.side)
        units = self.pick(s["units"], s["at"], path, task_force=None, side=side)
        hits = int(s.get("hits", 1))
        wrong = [u.counter.id for u in units if u.type != "naval"]
        if wrong:
            raise PlanError("PLAN-UNITS", f"{', '.join(wrong)}: only ships are damaged this way (land units: step-loss)",
                            self.edition.cite("damage-naval"), path + ("units",))
        texts = []
        for u in units:
            self.state = self.state.without_unit(u.id)
            if u.counter.nation == "netherlands":
                self.turn_track.append((u, None))
                texts.append(f"{u.counter.id} lost for good ({self.edition.cite('netherlands')})")
                continue
            back = return_turn(self.edition, self.state.turn, self.side, u.side, hits, int(self.edition.param("damaged_naval_return", 2)))
            self.turn_track.append((u, back))
            texts.append(f"{u.counter.id} to the Turn Record Track, back on Turn {back}")
        grouped = {t: texts.count(t) for t in texts}  # two jp-dd back on Turn 4: "2 x jp-dd ..."
        said = "; ".join(f"{n} x {t}" if n > 1 else t for t, n in grouped.items())
        return f"Damaged at {s['at']} ({counted_hits(hits)}): {said}", self.edition.cite("damage-naval"), 0, 0

    def op_step_loss(self, s, path):
        """Land units lose a step: a full-strength unit flips, a reduced one is eliminated. Ashore it is land combat
        (v1.1 13.4; 2nd 11.3.5); a unit still in its Task Force is at sea, hit by a submarine or an air strike (v1.1 13.2;
        2nd 11.3.2), and may not land in this battle (v1.1 12.3.4.1; 2nd 11.2.5.1)."""
        side = s.get("side", enemy_of(self.side))
        units = self.pick(s["units"], s["at"], path, task_force=None, side=side)
        texts, at_sea = [], False
        for u in units:
            if u.type != "land":
                raise PlanError("PLAN-UNITS", f"{u.counter.id} is not a land unit", self.edition.cite("land-combat-damage"),
                                path + ("units",))
            at_sea = at_sea or u.task_force
            if u.task_force:
                self.damaged_at_sea.add(u.id)
            if u.reduced or (u.counter.steps or 2) < 2:  # a reduced unit, or the one-step ABDA unit (v1.1 17.4; 2nd 15.4)
                self.state = self.state.without_unit(u.id)
                if u.counter.nation == "netherlands":  # an eliminated Dutch unit leaves the game (v1.1 17.4; 2nd 15.4)
                    self.turn_track.append((u, None))
                    texts.append(f"{u.counter.id} eliminated, lost for good ({self.edition.cite('netherlands')})")
                    continue
                # v1.1 13.2, 13.4; 2nd 11.3.2, 11.3.5: two friendly Reinforcement Phases later
                back = return_turn(self.edition, self.state.turn, self.side, u.side, 1, int(self.edition.param("eliminated_land_return", 2)))
                self.turn_track.append((u, back))
                texts.append(f"{u.counter.id} eliminated, to the Turn Record Track, back on Turn {back}")
            else:
                self.state = self.state.with_unit(replace(u, reduced=True))
                texts.append(f"{u.counter.id} flipped to its reduced side")
        rule = self.edition.cite("damage-land" if at_sea else "land-combat-damage")
        return f"Step lost {'at sea ' if at_sea else ''}at {s['at']}: {', '.join(texts)}", rule, 0, 0

    def op_landing(self, s, path):
        """An amphibious landing (v1.1 12.3.4.1; 2nd 11.2.5.1): land units in a Task Force in the battle hex land, with the
        Sea Control the plan states, only within 2 hexes of a friendly base, and within the Land Capacity."""
        rule = self.edition.cite("amphibious-landing")
        units = self.pick(s["units"], s["at"], path, task_force=True)
        wrong = [u.counter.id for u in units if u.type != "land"]
        if wrong:
            raise PlanError("PLAN-LANDING", f"{', '.join(wrong)}: only land units land", rule, path + ("units",))
        dest = self.node(s["at"], path + ("at",))
        first = self.edition.param("allied_landings_from_turn")
        if self.side == "allied" and first is not None and self.state.turn < int(first):
            raise PlanError("PLAN-LANDING", f"the Allied player may make no amphibious landing before Turn {first}",
                            self.edition.cite("turn-1-special"), path)
        hit = [u.counter.id for u in units if u.id in self.damaged_at_sea]
        if hit:  # v1.1: lost a step at sea this Combat Phase; 2nd: took damage at sea this Battle
            raise PlanError("PLAN-LANDING", f"{', '.join(hit)} lost a step at sea (submarine attack or air strike) in this "
                            "battle and may not land", rule, path + ("units",))
        if self.label(dest) not in amphibious_reach(self.state, self.side):
            raise PlanError("PLAN-LANDING", f"{s['at']} is not within 2 hexes of a friendly base: no landing there", rule, path + ("at",))
        self.move(units, dest)
        self._stacking(dest, path)
        return f"Amphibious landing at {s['at']}: {', '.join(self._names(units))}", rule, 0, 0

    def op_disembark(self, s, path):
        """Air units carried in a Task Force disembark at the battle hex (v1.1 12.3.5.2; 2nd 11.2.6): with Sea Control (the
        plan states it), at a friendly base or one a friendly land unit occupies, within its Air Capacity."""
        rule = self.edition.cite("disembark")
        units = self.pick(s["units"], s["at"], path, task_force=True)
        wrong = [u.counter.id for u in units if u.type != "air"]
        if wrong:
            raise PlanError("PLAN-DISEMBARK", f"{', '.join(wrong)}: only air units disembark", rule, path + ("units",))
        dest = self.node(s["at"], path + ("at",))
        h = self.state.graph.node_hex(dest) or dest
        place = self.state.graph.places_by_hex.get(h)
        occupied = any(u.type == "land" and not u.task_force for u in self.state.units_at(h, self.side))
        if place is None or not place.is_base or not (self.state.is_friendly_base(h, self.side) or occupied):
            raise PlanError("PLAN-DISEMBARK", f"{s['at']} is neither a friendly base nor one a friendly land unit occupies: "
                            "the air units cannot disembark", rule, path + ("at",))
        self.move(units, dest)
        self._stacking(dest, path)
        return f"Disembark at {s['at']}: {', '.join(self._names(units))}", rule, 0, 0

    def op_end_of_phase(self, s, path):
        for dest in sorted(self.phase_destinations):
            self._stacking(dest, path)
        self.phase_destinations.clear()
        self.stopped_in_zoc.clear()
        if self.deployed:  # a phase with deployments has ended: the next is at best the Second Deployment Phase
            self.first_deployment_over = True
        self.deployed.clear()
        self.tp = end_of_phase(self.tp, self.edition)
        if self.british_tp is not None:
            self.british_tp = end_of_phase(self.british_tp, self.edition)
        self.oil = end_of_phase(self.oil, self.edition)
        # v1.1 2.1.2.1 drops the fractions of a total at the end of a phase; the 2nd edition keeps its halves (8.4).
        fractions = "fractions dropped" if drops_fractions(self.edition) else "fractions kept"
        return f"End of {s.get('phase', 'the phase')}: {fractions}, stacking checked", self.edition.cite("record-track"), 0, 0

    def _stacking(self, node: str, path: tuple):
        """Stacking at a destination at the end of a Deployment Phase (v1.1 2.2.2.1, 2.2.3, 8.4; 2nd 3.3.1, 7.3)."""
        graph = self.state.graph
        h = graph.node_hex(node) or node
        place = graph.places_by_hex.get(h)
        if place is None or node in graph.off_map:
            return
        here = [u for u in self.state.units_at(h, self.side) if not u.task_force]
        land = sum(u.transport for u in here if u.type == "land" and not u.counter.unlimited)
        capacity = self.edition.param("land_capacity") or {}
        limit = capacity.get("atoll" if is_atoll(place) else "normal")
        if limit is not None and land > limit:
            raise PlanError("PLAN-STACKING", f"{place.name} holds land units of Transport {_num(land)}, over its Land Capacity "
                            f"{limit}", self.edition.cite("stacking-land"), path)
        if place.is_base:
            air = sum(u.steps for u in here if u.type == "air")
            port = sum(u.transport for u in here if u.type == "naval")
            # Allied Base Expansion multiplies an Allied base's Air and Port Capacity from Turn 6 (v1.1 17.2; 2nd 15.2).
            factor = base_expansion(self.edition, self.state.controller(place.name), self.state.turn)
            rule = self.edition.cite("stacking-air-port")
            expanded = ""
            if factor > 1:
                rule = f"{rule}, {self.edition.cite('base-expansion').rsplit(' ', 1)[-1]}"
                expanded = f" (printed {{}} x{factor} Allied Base Expansion)"
            if air > air_capacity(place) * factor:
                raise PlanError("PLAN-STACKING", f"{place.name} holds {air} air steps, over its Air Capacity "
                                f"{air_capacity(place) * factor}{expanded.format(air_capacity(place))}", rule, path)
            if port > port_capacity(place) * factor + EPSILON:
                raise PlanError("PLAN-STACKING", f"{place.name} holds naval Transport {_num(port)} in port, over its Port Capacity "
                                f"{port_capacity(place) * factor}{expanded.format(port_capacity(place))}", rule, path)


def run_plan(game: Game, scenario: Scenario, plan: dict, title: str = "") -> Ledger:
    """Replay ``plan`` (its ``side`` and ``steps``) on the scenario; stop at the first illegal step."""
    side = plan.get("side", "japan")
    planner = Planner(game, scenario, side, plan.get("start"))
    ledger = Ledger(title or plan.get("title", ""), side, game.edition.id, scenario.start_turn)
    ledger.rows.append(LedgerRow(0, "start", f"start of the {adjective(side)} player turn of Turn {scenario.start_turn}",
                                 planner.tp, planner.oil, british_tp=planner.british_tp))
    for i, step in enumerate(plan.get("steps", ())):
        path = ("steps", i)
        try:
            text, rule, tp, oil = planner.step(step["op"], step, path)
            row = LedgerRow(i + 1, step["op"], text, planner.tp, planner.oil, rule, path, tp, oil, planner.british_tp)
            ledger.rows.append(row)
            expect = step.get("expect") or {}
            for key, now in (("tp", planner.tp), ("oil", planner.oil)):
                if key in expect and abs(float(expect[key]) - now) > EPSILON:
                    raise PlanError("PLAN-EXPECT", f"{key.upper() if key == 'tp' else 'Oil'} after this step is {_num(now)}, "
                                    f"the plan expects {_num(expect[key])}", rule, path + ("expect", key))
        except PlanError as error:
            ledger.error, ledger.error_step = error, i + 1
            break
    ledger.board, ledger.turn_track = planner.state, list(planner.turn_track)
    return ledger
