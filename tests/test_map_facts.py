"""Every fact the Fire in the Sky rulebooks state or imply about the map.

The map is reconstructed (neither rulebook prints it), so each test below pins
one rule fact, with the edition and rule or section it comes from. Citations:
"v1.1" is the MMP 2005 rulebook (incl. the Short Campaign set-up, the Example
of Play and the Player's Notes); "2nd" is the Phalanx 2nd edition.

Naval Transport ratings used for capacity checks come from the Example of
Play's running Transport Point totals: DD 0.5, CA/CL/CVL 1, CV 2; BB 2 is
assumed (a pair of battleships, like a CV pair).
"""

from __future__ import annotations

import json
import sys
from collections import deque
from functools import cache
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolkit.model.hexes import are_adjacent, distance, neighbours, parse_hex_id  # noqa: E402

MAP_PATH = ROOT / "scenarios" / "fire-in-the-sky" / "map.yaml"
SCHEMA_PATH = ROOT / "schemas" / "map.schema.json"

TRANSPORT = {"DD": 0.5, "CA": 1, "CL": 1, "CVL": 1, "CV": 2, "BB": 2}
ALLIED_FLAGS = {"us", "britain", "australia", "new-zealand", "netherlands", "france"}
ATTACK_RANGE = 4  # Sea Deployment and land/air Operational Movement reach (v1.1 8.2, 9.1)


# ---------------------------------------------------------------------------
# Loading and a tiny local map model (the real graph layer lives elsewhere).
# ---------------------------------------------------------------------------

@cache
def raw() -> dict:
    return YAML(typ="safe").load(MAP_PATH.read_text(encoding="utf-8"))


@cache
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


class Map:
    def __init__(self, doc: dict):
        self.area = {
            f"{r['column']:02d}{row:02d}"
            for r in doc["playing_area"]
            for row in range(r["rows"][0], r["rows"][1] + 1)
        }
        self.places = {p["name"]: p for p in doc["places"]}
        self.at = {p["hex"]: p for p in doc["places"]}
        self.walls = {frozenset(h["between"]) for h in doc["impassable_hexsides"]}
        self.halves = {
            s["hex"]: {h["name"]: h["neighbours"] for h in s["halves"]} for s in doc.get("split_hexes", [])
        }
        self.links = {frozenset(c["between"]) for c in doc["land_connections"]}
        self.boxes = {b["name"]: b for b in doc["boxes"]}

    def hex(self, name: str) -> str:
        return self.places[name]["hex"]

    def is_sea(self, h: str) -> bool:
        return h in self.area and self.at.get(h, {}).get("sea", True)

    # Sea movement: BFS over playing-area sea hexes, never across an
    # impassable hexside; a split hex is entered into (and left from) the
    # half that touches the hex on the other side.
    def _sea_steps(self, node):
        h, half = node
        out = self.halves[h][half] if half else neighbours(h)
        for n in out:
            if not self.is_sea(n) or frozenset((h, n)) in self.walls:
                continue
            if n in self.halves:
                for name, touching in self.halves[n].items():
                    if h in touching:
                        yield (n, name)
            else:
                yield (n, None)

    def sea_distance(self, a: str, b: str, avoid: frozenset = frozenset()) -> int | None:
        a, b = self.places.get(a, {}).get("hex", a), self.places.get(b, {}).get("hex", b)
        starts = [(a, half) for half in self.halves[a]] if a in self.halves else [(a, None)]
        seen, queue = set(starts), deque((s, 0) for s in starts)
        while queue:
            node, d = queue.popleft()
            if node[0] == b:
                return d
            for nxt in self._sea_steps(node):
                if nxt not in seen and nxt[0] not in avoid:
                    seen.add(nxt)
                    queue.append((nxt, d + 1))
        return None

    def geo(self, a: str, b: str) -> int:
        """Hex distance between places or boxes; an off-map box is one hex from its Entry Hexes."""
        def ends(x):
            if x in self.boxes:
                return [(e["hex"], 1) for e in self.boxes[x]["entry_hexes"]]
            return [(self.places.get(x, {}).get("hex", x), 0)]
        return min(distance(h1, h2) + k1 + k2 for h1, k1 in ends(a) for h2, k2 in ends(b))

    def supply_line(self, side, starts, dest, control, enemy_air=(), friendly_air=()):
        """Can a Supply Line be traced (v1.1 2.2.3.2)? Walk hex by hex, at most 2 hexes
        between friendly bases; any hexside may be crossed; a hex in an enemy Air ZOC
        without friendly air ends the line there."""
        dest = self.places.get(dest, {}).get("hex", dest)
        zoc = {n for h in enemy_air for n in [h, *neighbours(h)]} - set(friendly_air)
        friendly = {self.hex(n) for n, s in control.items() if s == side}
        queue = deque()
        for s in starts:
            if s in self.boxes:
                queue.extend((e["hex"], 1) for e in self.boxes[s]["entry_hexes"])
            else:
                queue.append((self.hex(s), 0))
        seen = set(queue)
        while queue:
            h, k = queue.popleft()
            if h == dest:
                return True
            if h in zoc:
                continue
            for n in neighbours(h):
                if n not in self.area:
                    continue
                if k + 1 > 2:
                    break
                state = (n, 0 if n in friendly else k + 1)
                if state not in seen:
                    seen.add(state)
                    queue.append(state)
        return False


@cache
def M() -> Map:
    return Map(raw())


def printed_control() -> dict:
    side = {"japan": "japan", "none": "none"}
    return {n: side.get(p["flag"], "allied") for n, p in M().places.items() if p["kind"] == "base"}


def turn2_control() -> dict:
    # v1.1 19.0 Short Campaign: VP marker 5 for Wake, Gilberts, Rabaul, Brunei, Bangkok
    # (taken on Turn 1); Hollandia and Lae uncontrolled.
    c = printed_control()
    c.update({n: "japan" for n in ["Wake", "Gilbert Islands", "Rabaul", "Brunei", "Bangkok"]})
    c.update({"Hollandia": "none", "Lae": "none"})
    return c


def japanese_bases(control) -> list[str]:
    return [n for n, s in control.items() if s == "japan"]


# ---------------------------------------------------------------------------
# File, schema and internal consistency
# ---------------------------------------------------------------------------

def test_first_line_names_schema():
    first = MAP_PATH.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=schemas/map.schema.json"  # the game's overlay of the map schema


def test_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(schema())
    assert schema()["$id"] == "https://chartroom.invalid/schemas/map.schema.json"


def validator() -> Draft202012Validator:
    """The validator of Fire in the Sky's map overlay (the core map schema narrowed to the game)."""
    from toolkit.schema import validator as game_validator

    return game_validator("map", MAP_PATH.parent)


def test_map_validates_against_schema():
    errors = sorted(validator().iter_errors(raw()), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)


def test_schema_rejects_a_record_without_provenance():
    bad = json.loads(json.dumps(raw()))
    del bad["places"][0]["source"], bad["places"][0]["reconstructed"]
    assert not validator().is_valid(bad)


def test_kind_and_game():
    assert raw()["kind"] == "map" and raw()["game"] == "fire-in-the-sky"


def test_grid_scale():
    # v1.1 1.0 / 2nd 1.0: hexes roughly 900 km across.
    g = raw()["grid"]
    assert (g["layout"], g["offset"], g["hex_km"]) == ("flat-top", "odd-q", 900)


def test_playing_area_inside_grid_and_not_overlapping():
    g, seen = raw()["grid"], []
    for r in raw()["playing_area"]:
        assert 1 <= r["column"] <= g["columns"] and 1 <= r["rows"][0] <= r["rows"][1] <= g["rows"]
        seen += [(r["column"], row) for row in range(r["rows"][0], r["rows"][1] + 1)]
    assert len(seen) == len(set(seen))


def test_places_unique_and_on_playing_area():
    places = raw()["places"]
    assert len({p["name"] for p in places}) == len(places)
    assert len({p["hex"] for p in places}) == len(places)
    for p in places:
        parse_hex_id(p["hex"])
        assert p["hex"] in M().area, p["name"]


def test_land_connections_join_adjacent_land_hexes():
    # v1.1 2.2.2: a land connection links two land hexes; One-hex Deployment moves one hex.
    for c in raw()["land_connections"]:
        a, b = c["between"]
        assert are_adjacent(M().hex(a), M().hex(b)), c


def test_impassable_hexsides_are_real_hexsides():
    for w in raw()["impassable_hexsides"]:
        a, b = w["between"]
        assert are_adjacent(a, b) and a in M().area and b in M().area, w


def test_entry_hexes_on_playing_area():
    for box in M().boxes.values():
        for e in box.get("entry_hexes", []):
            assert e["hex"] in M().area and M().is_sea(e["hex"]), (box["name"], e)


def test_split_hex_halves_cover_its_neighbours():
    for h, halves in M().halves.items():
        touching = {n for ns in halves.values() for n in ns}
        assert touching == {n for n in neighbours(h) if n in M().area}
        assert all(are_adjacent(h, n) for n in touching)


# ---------------------------------------------------------------------------
# Places named by the rules
# ---------------------------------------------------------------------------

BASES = [
    "Kure", "Yokosuka", "Okinawa", "Formosa", "Hainan", "Saigon", "Bangkok", "Rangoon",
    "Singapore", "Brunei", "Manila", "Leyte", "Palau", "Truk", "Iwo Jima", "Marshall Islands",
    "Gilbert Islands", "Wake", "Midway", "Pearl Harbor", "Attu", "Dutch Harbor", "Paramushiro",
    "Rabaul", "Lae", "Hollandia", "Port Moresby", "Guadalcanal", "Espiritu Santo", "Noumea",
    "Fiji", "Samoa", "Ellice Islands", "Brisbane", "Surabaya", "Ceylon", "Calcutta", "Bombay",
]
CIRCLES = ["Gangetic Plain", "Burma", "Malaya"]


@pytest.mark.parametrize("name", BASES)
def test_named_base_exists(name):
    # v1.1 2.2.3-19.0, Example of Play, Player's Notes name each of these as a base.
    assert M().places[name]["kind"] == "base"


@pytest.mark.parametrize("name", CIRCLES)
def test_circles_are_land_without_vp(name):
    # v1.1 16.0: Gangetic Plain, Burma and Malaya are circles and worth no VP.
    p = M().places[name]
    assert p["kind"] == "land" and "vp" not in p and "air" not in p


def test_only_gangetic_plain_is_not_a_sea_hex():
    # v1.1 2.2.1; 2nd 3.2.1: every hex is a sea hex except the Gangetic Plain.
    assert [n for n, p in M().places.items() if p.get("sea", True) is False] == ["Gangetic Plain"]
    assert M().sea_distance("Bombay", "Gangetic Plain") is None


VP = {"Pearl Harbor": 5, "Kure": 5, "Yokosuka": 5,
      "Singapore": 3, "Manila": 3, "Calcutta": 3, "Bombay": 3, "Brisbane": 3}


@pytest.mark.parametrize("name", [n for n in M().places if M().places[n]["kind"] == "base"])
def test_victory_points(name):
    # v1.1 16.0; 2nd 4.3.1: 5 Pearl Harbor/Kure/Yokosuka, 3 Singapore/Manila/Calcutta/Bombay/Brisbane, 1 others.
    assert M().places[name]["vp"] == VP.get(name, 1)


def test_japanese_home_bases():
    # v1.1 2.2.3.1; 2nd 3.3.3: Japan's Home Bases are Kure and Yokosuka.
    homes = {n: p["home_base"] for n, p in M().places.items() if "home_base" in p}
    assert homes == {"Kure": "japan", "Yokosuka": "japan"}


@pytest.mark.parametrize("box,nation,base", [("West Coast USA", "us", "Pearl Harbor"),
                                             ("Indian Ocean Ports", "britain", "Bombay")])
def test_allied_off_map_home_bases(box, nation, base):
    # v1.1 2.2.3.1, 7.5; 2nd 3.3.3, 6.4: off-map Home Bases and their connected bases.
    b = M().boxes[box]
    assert (b["kind"], b["home_base"], b["nation"], b["connects_to"]) == ("off-map", nation, nation, base)


def test_resource_hexes():
    # v1.1 2.2.5; 2nd 3.2.7: three Resource Hexes.
    assert {n for n, p in M().places.items() if p.get("resource")} == {"Singapore", "Surabaya", "Brunei"}


def test_uncontrolled_bases_have_no_flag():
    # v1.1 2.2.3: Bangkok, Hollandia and Lae start uncontrolled.
    assert {n for n, p in M().places.items() if p.get("flag") == "none"} == {"Bangkok", "Hollandia", "Lae"}


def test_every_allied_flag_is_printed_somewhere():
    # v1.1 2.2.3; 2nd 3.2.4: US, British, Australian, NZ, Dutch and French flags mark Allied bases.
    assert ALLIED_FLAGS <= {p.get("flag") for p in M().places.values()}


@pytest.mark.parametrize("name", ["Kure", "Yokosuka", "Okinawa", "Formosa", "Hainan", "Saigon",
                                  "Palau", "Truk", "Iwo Jima", "Marshall Islands", "Paramushiro"])
def test_japanese_at_start(name):
    # v1.1 19.0 set-up, Example of Play (deployments to friendly bases), Player's Notes,
    # 2.2.3.2 play note (Paramushiro is Japanese but unsupplied).
    assert M().places[name]["flag"] == "japan"


@pytest.mark.parametrize("name,flag", [("Pearl Harbor", "us"), ("Midway", "us"), ("Manila", "us"),
                                       ("Singapore", "britain"), ("Calcutta", "britain"),
                                       ("Rangoon", "britain"), ("Ceylon", "britain"),
                                       ("Surabaya", "netherlands"), ("Ellice Islands", None),
                                       ("Noumea", None), ("Port Moresby", None), ("Guadalcanal", None),
                                       ("Brisbane", None), ("Attu", None), ("Dutch Harbor", None),
                                       ("Leyte", None)])
def test_allied_at_start(name, flag):
    # v1.1 19.0 Allied set-up; 17.4 (Dutch fleet returns to Surabaya); 17.5 (British use
    # Singapore); Player's Notes (Leyte, Attu, Dutch Harbor are Japanese targets).
    assert M().places[name]["flag"] in ({flag} if flag else ALLIED_FLAGS)


def test_short_campaign_vp_marker():
    # v1.1 19.0: VP marker at 5 for Wake, Gilbert Islands, Rabaul, Brunei and Bangkok.
    five = ["Wake", "Gilbert Islands", "Rabaul", "Brunei", "Bangkok"]
    assert all(M().places[n]["flag"] != "japan" for n in five)
    assert sum(M().places[n]["vp"] for n in five) == 5


def test_players_notes_vp_targets():
    # v1.1 Player's Notes: eight bases give 12 VP; five more make 17.
    even = ["Singapore", "Manila", "Brunei", "Surabaya", "Rabaul", "Gilbert Islands", "Bangkok", "Rangoon"]
    more = ["Wake", "Leyte", "Lae", "Hollandia", "Attu"]
    assert all(M().places[n]["flag"] != "japan" for n in even + more)
    assert sum(M().places[n]["vp"] for n in even) == 12
    assert sum(M().places[n]["vp"] for n in even + more) == 17


def test_second_edition_starting_vp_is_20():
    # 2nd 3.3.10: the starting VP total is the sum of the printed Japanese bases; 2nd 4.3 and
    # 16.2.4 put every threshold 20 above v1.1 (40/19/20, Kamikaze 27 vs 20/-1/0, 7).
    assert sum(p["vp"] for p in M().places.values() if p.get("flag") == "japan") == 20


# ---------------------------------------------------------------------------
# Capacities
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("name,aa", [("Rangoon", 2), ("Singapore", 4), ("Manila", 4), ("Port Moresby", 2)])
def test_anti_aircraft_from_example_of_play(name, aa):
    # v1.1 2.2.3 (AA = half printed Air Capacity) and the Example of Play's AA factors.
    assert M().places[name]["air"] // 2 == aa


@pytest.mark.parametrize("name", ["Wake", "Gilbert Islands", "Marshall Islands", "Midway", "Ellice Islands"])
def test_atolls(name):
    # v1.1 2.2.2.1; 2nd 3.3.1: coral atolls have Land Capacity 4.
    assert M().places[name].get("atoll") is True


def land_capacity(name):
    return 4 if M().places[name].get("atoll") else 8


# Short Campaign set-up (v1.1 19.0): per base and side, air steps, land Transport, naval units.
SETUP = [
    ("Formosa", "japan", 8, 0, []),
    ("Manila", "japan", 0, 8, []),
    ("Saigon", "japan", 8, 0, []),
    ("Singapore", "japan", 0, 8, []),
    ("Bangkok", "japan", 0, 8, []),
    ("Marshall Islands", "japan", 2, 0, []),
    ("Gilbert Islands", "japan", 0, 2, []),
    ("Rabaul", "japan", 2, 2, []),
    ("Wake", "japan", 0, 2, []),
    ("Brunei", "japan", 0, 2, []),
    ("Pearl Harbor", "allied", 0, 0, ["CA", "CL", "DD", "DD"]),
    ("Midway", "allied", 2, 2, []),
    ("Ellice Islands", "allied", 2, 2, []),
    ("Noumea", "allied", 0, 0, ["CV", "CA", "DD", "DD"]),
    ("Manila", "allied", 0, 8, []),
    ("Port Moresby", "allied", 1, 2, []),
    ("Guadalcanal", "allied", 1, 2, []),
    ("Brisbane", "allied", 0, 0, ["CL"]),
    ("Singapore", "allied", 0, 8, []),
    ("Calcutta", "allied", 0, 8, []),
    ("Rangoon", "allied", 0, 4, []),
    ("Ceylon", "allied", 2, 0, []),
    ("Surabaya", "allied", 0, 4, ["CL", "DD"]),
]


@pytest.mark.parametrize("name,side,air,land,ships", SETUP)
def test_short_campaign_setup_fits(name, side, air, land, ships):
    # v1.1 19.0 set-up against v1.1 2.2.2.1 (Land Capacity) and 2.2.3 (Air/Port Capacity).
    p = M().places[name]
    assert air <= p["air"]
    assert land <= land_capacity(name)
    assert sum(TRANSPORT[s] for s in ships) <= p["port"]


JAPANESE_FLEET = ["CV"] * 3 + ["CVL"] * 2 + ["BB"] * 5 + ["CA"] * 5 + ["DD"] * 12


def test_kure_holds_the_whole_setup_fleet():
    # v1.1 19.0 (fleet at either Home Base, optional CVL included) and the Example of Play
    # (all set-up naval units placed at Kure).
    assert sum(TRANSPORT[s] for s in JAPANESE_FLEET) <= M().places["Kure"]["port"]


def test_home_bases_hold_the_four_land_units():
    # v1.1 19.0: four 4-strength land units at the Home Bases; Example of Play: one each side
    # moves, so two per base.
    assert land_capacity("Kure") + land_capacity("Yokosuka") >= 16


# Example of Play stacking at the end of each Deployment/Return to Base Phase.
EXAMPLE_STACKS = [
    ("Truk", 2, ["CVL", "CV", "CA", "CA"] + ["DD"] * 5),   # fleet and 2 air steps from Kure
    ("Hainan", 0, ["DD", "DD"]),
    ("Palau", 0, ["CA", "DD", "DD"]),
    ("Brunei", 0, ["DD"]),
    ("Okinawa", 0, ["BB"]),
    ("Rabaul", 4, []),            # 2 set up + 2 from Formosa
    ("Wake", 2, []),
    ("Bangkok", 4, []),           # 4 steps from Saigon
    ("Gilbert Islands", 2, []),   # 2 steps from the Marshalls
    ("Lae", 2, []),               # 2 steps from Truk
    ("Kure", 2, []),              # reinforcements
    ("Yokosuka", 0, ["CA", "DD", "DD"]),
    ("Singapore", 0, ["DD", "DD"]),
]


@pytest.mark.parametrize("name,air,ships", EXAMPLE_STACKS)
def test_example_of_play_stacks_fit(name, air, ships):
    # v1.1 Example of Play (Turn 2) against v1.1 2.2.3 capacities.
    p = M().places[name]
    assert air <= p["air"] and sum(TRANSPORT[s] for s in ships) <= p["port"]


def test_palau_has_a_port():
    # v1.1 Player's Notes: a light carrier is at Palau on Turn 1.
    assert M().places["Palau"]["port"] >= TRANSPORT["CVL"]


# ---------------------------------------------------------------------------
# Adjacency: One-hex Deployment and air commitment (v1.1 8.3, 11.0)
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("a,b,why", [
    ("Bangkok", "Rangoon", "v1.1 Example of Play: land unit One-hex Deployment; air committed"),
    ("Saigon", "Bangkok", "v1.1 Example of Play: 4 air steps One-hex Deployment"),
    ("Marshall Islands", "Gilbert Islands", "v1.1 Example of Play: 2 air steps One-hex Deployment"),
    ("Kure", "Okinawa", "v1.1 Example of Play: BB One-hex Deployment"),
    ("Yokosuka", "Kure", "v1.1 Example of Play: land unit One-hex Deployment"),
    ("Formosa", "Manila", "v1.1 Example of Play: air committed to Manila from Formosa"),
    ("Saigon", "Singapore", "v1.1 Example of Play: air committed; Player's Notes: Saigon Air ZOC over Singapore"),
    ("Rabaul", "Port Moresby", "v1.1 Example of Play: air committed to Port Moresby from Rabaul"),
    ("Rabaul", "Lae", "v1.1 Example of Play: Lae covered by Rabaul air units (Air ZOC)"),
])
def test_adjacent(a, b, why):
    assert are_adjacent(M().hex(a), M().hex(b)), why


def test_kure_okinawa_open_by_sea():
    # v1.1 8.3.1: a naval One-hex Deployment may not cross an impassable hexside.
    assert M().sea_distance("Kure", "Okinawa") == 1


# ---------------------------------------------------------------------------
# Sea distances from the Example of Play (v1.1 8.2: one Sea Deployment reaches a
# friendly base within 4 hexes; 9.3: Oil cost "1-4 hexes" vs "more than 4").
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("a,b,why", [
    ("Kure", "Hainan", "2 DD, one Sea Deployment (1 TP)"),
    ("Kure", "Palau", "land unit, CA, 2 DD, one Sea Deployment (4 TP)"),
    ("Kure", "Truk", "fleet, one Sea Deployment (7.5 TP); 2 air steps (1 TP)"),
    ("Truk", "Lae", "2 air steps, one Sea Deployment (1 TP)"),
    ("Hainan", "Singapore", "DD Operational Movement at the 1-4 hex cost (0.5 Oil)"),
    ("Kure", "Manila", "DD Operational Movement at the 1-4 hex cost (0.5 Oil)"),
    ("Brunei", "Lae", "DD and land unit, Operational Movement at the 1-4 hex cost"),
    ("Palau", "Surabaya", "CA, 2 DD, land unit, Operational Movement at the 1-4 hex cost"),
])
def test_within_one_move(a, b, why):
    d = M().sea_distance(a, b)
    assert d is not None and d <= ATTACK_RANGE, f"{a}-{b}: {d} ({why})"


@pytest.mark.parametrize("a,b,control,why", [
    ("Kure", "Brunei", "turn2", "v1.1 Example of Play: DD needs two Sea Deployments (1 TP)"),
    ("Formosa", "Rabaul", "turn2", "v1.1 Example of Play: 2 air steps need two deployments"),
    ("Formosa", "Wake", "turn2", "v1.1 Example of Play: 2 air steps need two deployments"),
    ("Kure", "Singapore", "after", "v1.1 Example of Play, Second Deployment: 2 DD, two deployments (2 TP)"),
])
def test_two_sea_deployments(a, b, control, why):
    moment, control = control, turn2_control()
    if moment == "after":   # Singapore, Surabaya and Lae fell in the Combat Phase
        control.update({"Singapore": "japan", "Surabaya": "japan", "Lae": "japan"})
    assert M().sea_distance(a, b) > ATTACK_RANGE, why
    hops = [x for x in japanese_bases(control) if x not in (a, b)
            and (M().sea_distance(a, x) or 99) <= ATTACK_RANGE
            and (M().sea_distance(x, b) or 99) <= ATTACK_RANGE]
    assert hops, why


def test_hainan_to_rangoon_goes_round_by_singapore():
    # v1.1 Example of Play: impassable hexsides force the DD south through Singapore, more
    # than 4 hexes (1.5x Oil), yet within a DD's Movement Allowance (taken as 8).
    d = M().sea_distance("Hainan", "Rangoon")
    assert ATTACK_RANGE < d <= 8
    avoid = M().sea_distance("Hainan", "Rangoon", avoid=frozenset({M().hex("Singapore")}))
    assert avoid is None or avoid > d


def test_malaya_halves_do_not_connect():
    # v1.1 2.2.1.2; 2nd 15.1: ships cannot pass from one Malaya half hex to the other.
    west, east = M().halves[M().hex("Malaya")]["west"], M().halves[M().hex("Malaya")]["east"]
    singapore = frozenset({M().hex("Singapore")})
    for a in set(west) - set(east):
        for b in set(east) - set(west):
            # Across the hex would be 2 hexes; without the Singapore tip it is a long way round.
            d = M().sea_distance(a, b, avoid=singapore)
            assert d is None or d > ATTACK_RANGE, (a, b, d)


def test_reaction_example_noumea_ellice_pearl_midway():
    # v1.1 18.1.1 example; 2nd 16.1.1: Noumea is out of Reaction range of Midway (half a CV's
    # Movement Allowance, 4 for MA 8), the Task Force deploys Noumea -> Ellice -> Pearl Harbor
    # (each within 4) and then reacts from Pearl Harbor to Midway.
    assert M().sea_distance("Noumea", "Midway") > 4
    assert M().sea_distance("Noumea", "Ellice Islands") <= 4
    assert M().sea_distance("Ellice Islands", "Pearl Harbor") <= 4
    assert M().sea_distance("Pearl Harbor", "Midway") <= 4


@pytest.mark.parametrize("target", ["Manila", "Brunei"])
def test_dutch_can_react_on_turn_1(target):
    # v1.1 Player's Notes: only the Dutch ships are close enough to react to Manila, and Brunei
    # needs an escort against Dutch interference (Reaction range taken as 4).
    assert M().sea_distance("Surabaya", target) <= 4


# ---------------------------------------------------------------------------
# Amphibious reach (v1.1 9.2.1/12.3.4.1: within 2 hexes of a friendly base;
# an off-map box is one hex from its Entry Hexes, 2.2.4)
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("target", ["Espiritu Santo", "Noumea", "Fiji"])
def test_guadalcanal_two_hexes_from_knockout_hexes(target):
    # v1.1 Example of Play introduction: Guadalcanal is two hexes from three knockout hexes.
    assert M().geo("Guadalcanal", target) <= 2
    assert M().sea_distance("Guadalcanal", target) <= ATTACK_RANGE


def test_port_moresby_leads_to_brisbane():
    # v1.1 Example of Play introduction: Port Moresby leads to one knockout hex, Brisbane.
    assert M().geo("Port Moresby", "Brisbane") <= 2
    knockout = ["Espiritu Santo", "Noumea", "Fiji", "Brisbane"]
    assert [k for k in knockout if M().geo("Port Moresby", k) <= 2] == ["Brisbane"]


@pytest.mark.parametrize("a,b", [
    ("Wake", "Midway"), ("Midway", "Pearl Harbor"),
    ("Rabaul", "Guadalcanal"), ("Guadalcanal", "Noumea"), ("Guadalcanal", "Fiji"),
    ("Ellice Islands", "Samoa"), ("Ellice Islands", "Fiji"),
    ("Port Moresby", "Brisbane"), ("Rangoon", "Ceylon"), ("Rangoon", "Calcutta"),
    ("Attu", "Dutch Harbor"),
])
def test_players_notes_axes_are_amphibious_hops(a, b):
    # v1.1 Player's Notes: the axes of attack (Wake-Midway-Pearl Harbor; Rabaul-Guadalcanal-
    # Noumea/Fiji/Samoa, via Ellice; Port Moresby-Brisbane; Rangoon-Ceylon/Calcutta;
    # Attu-Dutch Harbor) advance one amphibious hop (2 hexes) at a time.
    assert M().geo(a, b) <= 2


def test_dutch_harbor_landing_from_west_coast():
    # v1.1 2.2.4; 2nd 3.2.6: the Allies can land at Dutch Harbor from the West Coast USA box
    # even if Dutch Harbor and Attu are lost; Attu is otherwise the base in reach.
    assert M().geo("West Coast USA", "Dutch Harbor") <= 2
    assert M().geo("Attu", "Dutch Harbor") <= 2


def test_iwo_jima_brigade_can_take_the_gilberts():
    # v1.1 Player's Notes, Turn 1: the Marine brigade on Iwo Jima takes the Gilberts; it may
    # Sea Deploy to a Japanese base, then move up to 4 hexes and land within 2 of a base.
    control = printed_control()
    hops = [x for x in japanese_bases(control)
            if (M().sea_distance("Iwo Jima", x) or 99) <= ATTACK_RANGE
            and (M().sea_distance(x, "Gilbert Islands") or 99) <= ATTACK_RANGE]
    assert hops
    assert min(M().geo(x, "Gilbert Islands") for x in japanese_bases(control)) <= 2


# ---------------------------------------------------------------------------
# Land connections (v1.1 2.2.2, 8.3.3)
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("a,b,why", [
    ("Bangkok", "Rangoon", "v1.1 Example of Play: One-hex Deployment of a land unit"),
    ("Saigon", "Bangkok", "v1.1 Player's Notes: invading Bangkok from Saigon costs nothing"),
    ("Yokosuka", "Kure", "v1.1 Example of Play: One-hex Deployment of a land unit"),
    ("Bangkok", "Malaya", "v1.1 2.2.1.2: the land connection runs along the peninsula"),
    ("Malaya", "Singapore", "v1.1 2.2.1.2: the land connection runs along the peninsula"),
    ("Lae", "Port Moresby", "v1.1 Example of Play: replacements funnel in through Lae (7.4)"),
])
def test_land_connection(a, b, why):
    assert frozenset((a, b)) in M().links, why


def land_path(a, b) -> bool:
    seen, todo = {a}, [a]
    while todo:
        x = todo.pop()
        for link in M().links:
            if x in link:
                (y,) = link - {x}
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
    return b in seen


@pytest.mark.parametrize("target", ["Calcutta", "Bombay", "Gangetic Plain"])
def test_india_reached_overland(target):
    # v1.1 Player's Notes: Japan can attack India with land units moving via connected hexes.
    assert land_path("Rangoon", target)


def test_gangetic_plain_only_by_land():
    # v1.1 2.2.1/2.2.2: not a sea hex, so only land connections lead in.
    assert any("Gangetic Plain" in link for link in M().links)
    assert not M().is_sea(M().hex("Gangetic Plain"))


# ---------------------------------------------------------------------------
# Supply Lines (v1.1 2.2.3.2; 2nd 3.3.4)
# ---------------------------------------------------------------------------

def test_paramushiro_cannot_be_supplied():
    # v1.1 2.2.3.2 play note; 2nd 3.3.3 designer note: no Japanese Supply Line reaches it.
    assert not M().supply_line("japan", ["Kure", "Yokosuka"], "Paramushiro", printed_control())


def test_japan_supplies_brunei_on_turn_2():
    # v1.1 Example of Play, Transport Phase: 4 Oil Points come in, i.e. from Brunei, the one
    # Resource Hex Japan holds at the start of Turn 2 (5.1: 4 per hex, Supply Line needed).
    c = turn2_control()
    assert M().supply_line("japan", ["Kure", "Yokosuka"], "Brunei", c)


def test_japan_supplies_all_resource_hexes_after_turn_2():
    # v1.1 Example of Play: Singapore and Surabaya fall on Turn 2, to feed later oil transport.
    c = turn2_control()
    c.update({"Singapore": "japan", "Surabaya": "japan", "Lae": "japan"})
    for r in ["Singapore", "Surabaya", "Brunei"]:
        assert M().supply_line("japan", ["Kure", "Yokosuka"], r, c), r


def test_us_australia_lifeline_open_at_start():
    # v1.1 16.0; 2nd 4.3.1: Japan scores 2 VP each turn the US Home Base has no Supply Line to
    # Brisbane, so the line must be open at the start of both scenarios.
    assert M().supply_line("allied", ["West Coast USA"], "Brisbane", printed_control())
    # Short Campaign (v1.1 19.0): Japanese air at Rabaul, the Marshalls, Formosa and Saigon.
    japanese_air = [M().hex(n) for n in ["Rabaul", "Marshall Islands", "Formosa", "Saigon"]]
    allied_air = [M().hex(n) for n in ["Midway", "Ellice Islands", "Port Moresby", "Guadalcanal", "Ceylon"]]
    assert M().supply_line("allied", ["West Coast USA"], "Brisbane", turn2_control(), japanese_air, allied_air)


@pytest.mark.parametrize("target", ["Espiritu Santo", "Noumea", "Fiji"])
def test_guadalcanal_and_one_knockout_hex_cut_the_lifeline(target):
    # v1.1 Example of Play introduction: with Guadalcanal, taking any one of Espiritu Santo,
    # Noumea or Fiji should lead to a knockout, i.e. cut the US-Australia line (16.0).
    c = turn2_control()
    c.update({"Guadalcanal": "japan", target: "japan"})
    japanese_air = [M().hex("Guadalcanal"), M().hex(target)]
    allied_air = [M().hex(n) for n in ["Midway", "Ellice Islands", "Port Moresby", "Ceylon"]]
    assert not M().supply_line("allied", ["West Coast USA"], "Brisbane", c, japanese_air, allied_air)


# ---------------------------------------------------------------------------
# Boxes and Entry Hexes
# ---------------------------------------------------------------------------

def entry_hexes(box, edition):
    return [e["hex"] for e in M().boxes[box]["entry_hexes"] if edition in e.get("editions", [edition])]


@pytest.mark.parametrize("box,count", [("West Coast USA", 3), ("Indian Ocean Ports", 2)])
def test_second_edition_entry_hex_counts(box, count):
    # 2nd 3.2.6: three US and two British Entry Hexes.
    assert len(entry_hexes(box, "2nd")) == count


def test_v11_entry_hexes_exist():
    # v1.1 2.2.4: Entry Hexes bear the Stars and Stripes or the Union Jack (number unstated).
    assert entry_hexes("West Coast USA", "v1.1") and entry_hexes("Indian Ocean Ports", "v1.1")


def test_off_map_boxes_reach_their_connected_base():
    # v1.1 7.5: the West Coast box connects to Pearl Harbor, Indian Ocean Ports to Bombay.
    assert M().geo("West Coast USA", "Pearl Harbor") <= 2
    assert M().geo("Indian Ocean Ports", "Bombay") <= 2


def boxes_in(edition, kind):
    return {b["of"] if kind == "holding" else b["name"]
            for b in M().boxes.values() if b["kind"] == kind and edition in b.get("editions", [edition])}


def test_holding_boxes_by_edition():
    # v1.1 2.2.6: Kure and Yokosuka holding boxes; 2nd 3.2.5 adds Pearl Harbor.
    assert boxes_in("v1.1", "holding") == {"Kure", "Yokosuka"}
    assert boxes_in("2nd", "holding") == {"Kure", "Yokosuka", "Pearl Harbor"}


def test_special_boxes():
    # v1.1 5.2, 7.1.1; 2nd 3.2.5, 6.1.1: Convoy Escort, Naval Aviation, Carriers without Planes.
    for ed in ("v1.1", "2nd"):
        assert boxes_in(ed, "special") == {"Convoy Escort Box", "Naval Aviation Box", "Carriers without Planes Box"}
