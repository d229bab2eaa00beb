"""Edition parameters, rule cross-reference, errata and charts of Fire in the Sky.

Every fact test cites the edition and rule it checks.  "v1.1" is the MMP
2005 rulebook (rules v1.1), "2nd" the Phalanx second edition.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"
GAME = ROOT / "scenarios" / "fire-in-the-sky"

RULE_KEYS = [
    "no-japanese-off-map", "sequence-japanese-turn", "sequence-allied-turn",
    "counter-mix", "reinforcement-forfeit", "replacements-unlimited", "air-steps",
    "optional-counters", "sea-hexes", "impassable-hexsides", "malaya", "land-hexes",
    "stacking-land", "bases", "stacking-air-port", "control", "uncontrolled-bases",
    "home-bases", "supply-line", "land-supply", "entry-hexes", "off-map-boxes",
    "resource-hexes", "holding-boxes", "air-zoc", "merchantmen-pool", "transport-points",
    "oil-points", "submarine-points", "record-track", "victory-points", "oil-transport",
    "dd-transfer", "asw", "submarine-attack", "reinforcements", "naval-aviation",
    "replacements", "off-map-movement", "sea-deployment", "one-hex-deployment",
    "deployment-stacking", "operational-movement", "naval-oil-cost", "task-force",
    "operational-land-cost", "operational-air-cost",  # rules audit: land and air TP cited apart from naval Oil
    "deployment-types",  # rules audit: one type of deployment per unit and phase, One-hex only in the First
    "reaction", "reaction-off-map", "air-commitment", "amphibious-landing", "disembark", "sea-control",
    "damage-naval", "damage-land", "return-to-base", "base-control-change", "disbandment",
    "base-expansion", "resource-fueling", "netherlands", "british-oriental-fleet",
    "british-european-fleet", "turn-1-special", "short-campaign",
    "land-combat-damage", "land-units", "nationalities", "special-boxes",  # issue 20: citations of the rule broken
    "optional-rules",  # issue 20: the core OPTIONAL-UNKNOWN cites the optional rules section
]

# (schema name, data file) pairs this module owns.
FILES = [
    ("game", "game.yaml"),
    ("edition", "editions/v1.1.yaml"),
    ("edition", "editions/2nd.yaml"),
    ("errata", "errata/v1.1.yaml"),
    ("charts", "charts/v1.1.yaml"),
    ("charts", "charts/2nd.yaml"),
]
SCHEMA_NAMES = sorted({s for s, _ in FILES})


def load_yaml(path: Path):
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def load_schema(name: str) -> dict:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def ed():
    return {e: load_yaml(GAME / "editions" / f"{e}.yaml") for e in ("v1.1", "2nd")}


@pytest.fixture(scope="module")
def p(ed):
    """Parameter values by edition: p['v1.1']['oil_per_resource_hex'] -> 4."""
    return {e: {k: v["value"] for k, v in d["parameters"].items()} for e, d in ed.items()}


@pytest.fixture(scope="module")
def charts():
    return {e: load_yaml(GAME / "charts" / f"{e}.yaml") for e in ("v1.1", "2nd")}


@pytest.fixture(scope="module")
def errata():
    return load_yaml(GAME / "errata" / "v1.1.yaml")


# --------------------------------------------------------------------------
# Schemas and validation
# --------------------------------------------------------------------------

@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_is_valid_draft_2020_12(name):
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://chartroom.invalid/schemas/{name}.schema.json"


def _walk(node, path="#"):
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            yield from _walk(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{path}/{i}")


def validator(name: str) -> Draft202012Validator:
    """The validator of Fire in the Sky's overlay of ``name`` (the core schema narrowed to the game)."""
    from toolkit.schema import validator as game_validator

    return game_validator(name, GAME)


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_self_contained_and_described(name):
    schema = load_schema(name)
    for path, node in _walk(schema):
        ref = node.get("$ref")
        if isinstance(ref, str):
            assert ref.startswith(("#/$defs/", "defs.schema.json#/$defs/")), f"$ref outside the schema and the shared defs at {path}"
        for key in ("properties", "patternProperties"):
            for prop, sub in node.get(key, {}).items() if isinstance(node.get(key), dict) else []:
                assert isinstance(sub, dict) and sub.get("description"), f"{path}/{key}/{prop} lacks description"
        if node.get("type") == "object" and "properties" in node:
            # closed, or an open mapping whose every value is typed (the core's generic chart tables)
            assert node.get("additionalProperties") is False or isinstance(node.get("additionalProperties"), dict), f"{path} allows additional properties"


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_records_require_provenance(name):
    schema = load_schema(name)
    for def_name, d in schema["$defs"].items():
        props = d.get("properties", {})
        if "source" in props and "reconstructed" in props:
            assert d["anyOf"] == [{"required": ["source"]}, {"required": ["reconstructed"]}], def_name


@pytest.mark.parametrize("schema_name,rel", FILES)
def test_file_validates(schema_name, rel):
    path = GAME / rel
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema="), rel
    schema_ref = text.splitlines()[0].split("$schema=", 1)[1]
    assert (path.parent / schema_ref).resolve() == (GAME / "schemas" / f"{schema_name}.schema.json").resolve()
    data = load_yaml(path)
    errors = sorted(validator(schema_name).iter_errors(data), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:10])
    assert data["kind"] == schema_name and data["game"] == "fire-in-the-sky"


def test_schema_rejects_record_without_provenance():
    v = validator("edition")
    bad = {"kind": "edition", "game": "fire-in-the-sky", "edition": "v1.1", "citation": "FitS v1.1",
           "rules": {"bases": {"number": "2.2.3", "title": "Bases", "summary": "No provenance here."}},
           "parameters": {}, "optional_rules": [], "sequence_of_play": []}
    assert not v.is_valid(bad)
    bad["rules"]["bases"]["source"] = "FitS v1.1 2.2.3"
    assert v.is_valid(bad)
    bad["rules"]["Bad Key"] = bad["rules"]["bases"]
    assert not v.is_valid(bad)


def test_schema_rejects_control_characters_in_names():
    v = validator("game")
    game = load_yaml(GAME / "game.yaml")
    assert v.is_valid(game)
    game["title"] = "Fire in\tthe Sky"
    assert not v.is_valid(game)


def test_manifest_lists_edition_errata_and_chart_files():
    game = load_yaml(GAME / "game.yaml")
    assert [e["id"] for e in game["editions"]] == ["v1.1", "2nd"]
    assert game["files"]["editions"] == {"v1.1": "editions/v1.1.yaml", "2nd": "editions/2nd.yaml"}
    assert game["files"]["errata"] == ["errata/v1.1.yaml"]
    assert game["files"]["charts"] == ["charts/v1.1.yaml", "charts/2nd.yaml"]
    assert game["files"]["scenarios"][:2] == ["short-campaign.yaml", "campaign.yaml"]
    # Every scenario and variant file in the game folder is listed, so `chartroom check` of the folder covers it.
    on_disk = sorted(str(p.relative_to(GAME)) for p in GAME.rglob("*.yaml") if load_yaml(p).get("kind") == "scenario")
    assert sorted(game["files"]["scenarios"]) == on_disk
    assert game["rules_module"] == "fire_in_the_sky"
    for rel in (*game["files"]["editions"].values(), *game["files"]["errata"], *game["files"]["charts"]):
        assert (GAME / rel).is_file(), rel


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_every_citation_uses_the_file_edition(edition, ed, charts):
    prefix = f"FitS {edition}"
    assert ed[edition]["citation"] == prefix
    docs = [ed[edition], charts[edition]] + ([load_yaml(GAME / "errata" / "v1.1.yaml")] if edition == "v1.1" else [])
    for doc in docs:
        for path, node in _walk(doc):
            if "source" in node:
                assert node["source"].startswith(prefix + " "), (path, node["source"])


# --------------------------------------------------------------------------
# Rule cross-reference
# --------------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_edition_defines_every_rule_key(edition, ed):
    assert set(ed[edition]["rules"]) == set(RULE_KEYS)


@pytest.mark.parametrize("key,v11,v2", [
    ("merchantmen-pool", "2.1.2.1", "3.3.5"),      # v1.1 2.1.2.1 / 2nd 3.3.5
    ("oil-transport", "5.1", "5.1"),               # both 5.1
    ("asw", "6.1", "5.3"),                         # v1.1 6.1 / 2nd 5.3
    ("sea-deployment", "8.2", "7.1"),              # v1.1 8.2 / 2nd 7.1
    ("naval-oil-cost", "9.3", "8.4"),              # v1.1 9.3 / 2nd 8.4
    ("damage-naval", "13.1", "11.3.1"),            # v1.1 13.1 / 2nd 11.3.1
    ("base-expansion", "17.2", "15.2"),            # v1.1 17.2 / 2nd 15.2
    ("malaya", "2.2.1.2", "15.1"),                 # v1.1 2.2.1.2 / 2nd 15.1
    ("optional-counters", "18.2.5", "16.2.5"),     # v1.1 18.2.5 / 2nd 16.2.5
])
def test_rule_numbers_differ_between_editions(key, v11, v2, ed):
    assert ed["v1.1"]["rules"][key]["number"] == v11
    assert ed["2nd"]["rules"][key]["number"] == v2


def test_2nd_has_no_short_campaign_or_turn_1_section(ed):
    # 2nd 4.1: scenarios live in the Scenario Book; summaries must say "closest".
    for key in ("short-campaign", "turn-1-special", "uncontrolled-bases", "record-track"):
        assert "closest" in ed["2nd"]["rules"][key]["summary"]


# --------------------------------------------------------------------------
# Parameters: facts one by one
# --------------------------------------------------------------------------

def test_british_transport_points(p):
    assert p["v1.1"]["british_transport_points"] == 6   # v1.1 2.1.2.1, 7.3
    assert p["2nd"]["british_transport_points"] == 12   # 2nd 6.2


def test_merchantmen_pool_start(p):
    assert p["v1.1"]["merchantmen_pool_start"] == 30    # v1.1 2.1.2.1
    assert p["2nd"]["merchantmen_pool_start"] == 60     # 2nd 3.3.5


def test_merchantmen_pool_changes_in_steps(p):
    assert p["v1.1"]["merchantmen_pool_step"] == 1      # v1.1 6.2, 13.2 (one per hit)
    assert p["2nd"]["merchantmen_pool_step"] == 2       # 2nd 3.3.5 (always by 2)
    for e in ("v1.1", "2nd"):
        for key in ("merchantmen_loss_per_sub_hit", "land_hit_merchantmen_loss", "air_hit_merchantmen_loss"):
            assert p[e][key] % p[e]["merchantmen_pool_step"] == 0


def test_merchantmen_loss_per_submarine_hit(p):
    assert p["v1.1"]["merchantmen_loss_per_sub_hit"] == 1   # v1.1 6.2
    assert p["2nd"]["merchantmen_loss_per_sub_hit"] == 2    # 2nd 5.4


def test_v11_submarine_segment_example(p):
    # v1.1 6.2 example: 10 TP, pool 25, 2 hits -> pool 23, TP 8.
    loss = 2 * p["v1.1"]["merchantmen_loss_per_sub_hit"]
    assert (25 - loss, 10 - loss) == (23, 8)


def test_oil_per_resource_hex(p):
    assert p["v1.1"]["oil_per_resource_hex"] == 4   # v1.1 5.1
    assert p["2nd"]["oil_per_resource_hex"] == 8    # 2nd 5.1


def test_v11_oil_transport_example(p):
    # v1.1 5.1 example: 3 Resource Hexes, 15 TP left, pool 21 -> at most 10 Oil.
    lim = p["v1.1"]["oil_transport_limit"]
    assert lim == {"fraction": 0.5, "of": "merchantmen-pool", "rounding": "down"}
    cap = min(3 * p["v1.1"]["oil_per_resource_hex"], 15 // p["v1.1"]["oil_transport_tp_cost"],
              math.floor(21 * lim["fraction"]))
    assert cap == 10


def test_2nd_oil_limit_is_whole_because_pool_is_even(p):
    # 2nd 3.3.5 / 5.1: pool starts 60 and moves by 2, so half of it is whole.
    assert p["2nd"]["merchantmen_pool_start"] % 2 == 0 and p["2nd"]["merchantmen_pool_step"] == 2


def test_victory_thresholds(p):
    assert (p["v1.1"]["victory_japan_at"], p["v1.1"]["victory_allied_at"], p["v1.1"]["draw_at"]) == (20, -1, 0)  # v1.1 16.0
    assert (p["2nd"]["victory_japan_at"], p["2nd"]["victory_allied_at"], p["2nd"]["draw_at"]) == (40, 19, 20)    # 2nd 4.3


def test_vp_scale_shifted_by_twenty(p):
    # 2nd 3.3.10 starts VP at the printed-Japanese-base total; every threshold moves by +20.
    for key in ("victory_japan_at", "victory_allied_at", "draw_at", "kamikaze_vp_threshold"):
        assert p["2nd"][key] - p["v1.1"][key] == 20, key


def test_vp_start_rule(p):
    assert p["v1.1"]["vp_start_rule"] == "zero-at-turn-1"                    # v1.1 16.0 (captures only)
    assert p["2nd"]["vp_start_rule"] == "sum-of-printed-japanese-base-vp"    # 2nd 3.3.10


def test_vp_values(p):
    for e in ("v1.1", "2nd"):   # v1.1 16.0 / 2nd 4.3.1
        assert set(p[e]["vp_values"]["5"]) == {"Pearl Harbor", "Kure", "Yokosuka"}
        assert set(p[e]["vp_values"]["3"]) == {"Singapore", "Manila", "Calcutta", "Bombay", "Brisbane"}


def test_brisbane_lifeline_and_manila_singapore_penalty(p):
    for e in ("v1.1", "2nd"):   # v1.1 16.0 / 2nd 4.3.1
        assert p[e]["brisbane_lifeline_vp"] == 2
        assert p[e]["manila_singapore_penalty_from_turn"] == 4
        assert p[e]["manila_singapore_penalty_vp"] == 1


def test_kamikaze_threshold(p):
    assert p["v1.1"]["kamikaze_vp_threshold"] == 7     # v1.1 18.2.4
    assert p["2nd"]["kamikaze_vp_threshold"] == 27     # 2nd 16.2.4
    assert p["v1.1"]["kamikaze_from_turn"] == p["2nd"]["kamikaze_from_turn"] == 10


def test_dd_transfer_cost(p):
    assert p["v1.1"]["dd_transfer_tp_cost"] == 1   # v1.1 5.2
    assert p["2nd"]["dd_transfer_tp_cost"] == 2    # 2nd 5.2


def test_asw_oil_cost_after_errata(p, errata):
    # v1.1 6.1 says 1/2 Oil; the chart printed 1 and the 2.3 errata corrects it.
    assert p["v1.1"]["asw_roll_oil_cost"] == 0.5
    fix = next(x for x in errata["errata"] if x.get("parameter") == "asw_roll_oil_cost")
    assert (fix["printed"], fix["corrected"]) == (1, 0.5)
    assert fix["corrected"] == p["v1.1"]["asw_roll_oil_cost"]
    assert p["2nd"]["asw_roll_oil_cost"] == 1       # 2nd 5.3


def test_japanese_submarine_points(p):
    assert p["v1.1"]["japanese_submarine_points"] == 2   # v1.1 7.2 play note
    assert p["2nd"]["japanese_submarine_points"] == 2    # 2nd 6.2 (player aid)


def test_sea_deployment_multipliers(p):
    assert p["v1.1"]["sea_deployment_multiplier"] == {"naval": 1, "air": 0.5, "land": 0.5}  # v1.1 8.2 + Example of Play
    assert p["2nd"]["sea_deployment_multiplier"] == {"naval": 1, "air": 1, "land": 1}      # 2nd 7.1 + Transport Cost Chart
    assert p["v1.1"]["sea_deployment_range"] == p["2nd"]["sea_deployment_range"] == 4


def test_v11_sea_deployment_rule_example(p):
    # v1.1 8.2 example: a 4-TR land unit pays 4 x 0.5 = 2 TP.
    assert 4 * p["v1.1"]["sea_deployment_multiplier"]["land"] == 2


def test_2nd_sea_deployment_rule_example(p):
    # 2nd 7.1 example: an Army land unit of TR 8 pays 8 TP.
    assert 8 * p["2nd"]["sea_deployment_multiplier"]["land"] == 8


def test_v11_example_of_play_deployment_transport_points(p):
    # v1.1 Example of Play, Japanese First Deployment Phase of Turn 2 (TR: DD 1/2, CA 1, land = CS).
    m = p["v1.1"]["sea_deployment_multiplier"]
    tp = Fraction(p["v1.1"]["merchantmen_pool_start"])          # TP reset to the pool: 30
    tp -= 2 * Fraction(1, 2) * Fraction(m["naval"])              # 2 DD to Hainan
    assert tp == 29
    tp -= (1 + 2 * Fraction(1, 2)) * Fraction(m["naval"]) + 4 * Fraction(m["land"])  # CA, 2 DD, 4-CS land to Palau
    assert tp == 25
    tp -= 2 * Fraction(1, 2) * Fraction(m["naval"])              # 1 DD, two deployments, to Brunei
    assert tp == 24
    tp -= 2 * 4 * Fraction(m["air"])                             # 4 air steps, two deployments each
    assert tp == 20
    tp = Fraction(25, 2)                                         # after the Truk fleet move (12 1/2)
    tp -= 2 * Fraction(m["air"])                                 # 2 air steps Kure -> Truk
    assert tp == Fraction(23, 2)
    assert math.floor(tp) == 11                                  # fraction lost at phase end (2.1.2.1)


def test_operational_movement_multipliers(p):
    assert p["v1.1"]["operational_movement_multiplier"] == {"air": 1, "land": 1}   # v1.1 9.2
    assert p["2nd"]["operational_movement_multiplier"] == {"air": 2, "land": 2}    # 2nd 8.2, 8.3


def test_v11_operational_air_example(p):
    # v1.1 9.2 example: a 2-TR air unit pays 2 TP.
    assert 2 * p["v1.1"]["operational_movement_multiplier"]["air"] == 2


def _naval_oil(edition_params, tr, hexes):
    if hexes == 0:
        return tr * edition_params["oil_same_hex_cost"]
    if hexes <= edition_params["naval_oil_short_hexes"]:
        return tr
    return tr * Fraction(str(edition_params["naval_oil_long_multiplier"]))


def test_v11_destroyer_long_move_oil(p):
    # v1.1 9.3 example: a TR 1/2 DD moving 6 hexes pays 0.5 x 1.5 = 0.75 Oil.
    assert _naval_oil(p["v1.1"], Fraction(1, 2), 6) == Fraction(3, 4)
    assert p["v1.1"]["naval_oil_short_hexes"] == 4 and p["v1.1"]["naval_oil_long_multiplier"] == 1.5


def test_v11_example_of_play_oil_arithmetic(p):
    # v1.1 Example of Play, Turn 2: 12 Oil + 4 shipped = 16, then operational moves.
    v = p["v1.1"]
    oil = Fraction(12) + 4 / Fraction(v["oil_transport_tp_cost"])
    assert oil == 16
    oil -= _naval_oil(v, Fraction(1, 2), 5)        # DD Hainan -> Rangoon, > 4 hexes
    assert oil == Fraction(61, 4)                  # 15 1/4
    oil -= _naval_oil(v, Fraction(1, 2), 4)        # DD Hainan -> Singapore
    assert oil == Fraction(59, 4)                  # 14 3/4
    oil -= _naval_oil(v, Fraction(1, 2), 4)        # DD Kure -> Manila
    oil -= _naval_oil(v, Fraction(1, 2), 4)        # DD (+ land) Brunei -> Lae
    assert oil == Fraction(55, 4)                  # 13 3/4
    oil -= _naval_oil(v, 1, 4) + 2 * _naval_oil(v, Fraction(1, 2), 4)   # CA + 2 DD Palau -> Surabaya
    assert oil == Fraction(47, 4)                  # 11 3/4
    assert math.floor(oil) == 11                   # fraction lost at end of phase (2.1.2.1)


def test_v11_example_of_play_operational_land_tp(p):
    # Same example: 2-CS land unit Brunei->Lae 11 -> 9 TP, 4-CS land Palau->Surabaya 9 -> 5 TP.
    m = p["v1.1"]["operational_movement_multiplier"]["land"]
    assert 11 - 2 * m == 9 and 9 - 4 * m == 5


def test_naval_oil_rounding(p):
    assert p["v1.1"]["naval_oil_rounding"] == "fraction kept, lost at end of phase"   # v1.1 2.1.2.1
    assert p["2nd"]["naval_oil_rounding"] == "½ fractions rounded up per Task Force"  # 2nd 8.4


def test_2nd_task_force_oil_rounds_up_once(p):
    # 2nd 8.4: TF of CA (TR 1) + DD (TR 1/2) moving 6 hexes: 1.5 x 1.5 = 2.25 -> rounded up per TF.
    cost = sum(_naval_oil(p["2nd"], tr, 6) for tr in (1, Fraction(1, 2)))
    assert cost == Fraction(9, 4) and math.ceil(cost) == 3


def test_oil_same_hex_cost(p):
    assert p["v1.1"]["oil_same_hex_cost"] == 1   # v1.1 10.1: reacting into own hex pays the 1-4 hex cost
    assert p["2nd"]["oil_same_hex_cost"] == 0    # 2nd 8.4: leaving port and staying in the hex is free


def test_movement_limits(p):
    for e in ("v1.1", "2nd"):   # v1.1 9.1, 9.4, 10.1 / 2nd 8.0, 8.1, 9.0
        assert p[e]["air_ops_move"] == p[e]["land_ops_move"] == 4
        assert p[e]["task_force_max_naval"] == 4 and p[e]["task_force_max_other"] == 1
        assert p[e]["reaction_fraction"] == {"fraction": 0.5, "rounding": "up"}
        assert p[e]["naval_oil_short_hexes"] == 4 and p[e]["naval_oil_long_multiplier"] == 1.5


def test_supply_and_amphibious_range(p):
    for e in ("v1.1", "2nd"):   # v1.1 2.2.3.2, 12.3.4.1 / 2nd 3.3.4, 11.2.5.1
        assert p[e]["supply_leg_hexes"] == 2 and p[e]["amphibious_range"] == 2
    assert p["v1.1"]["amphibious_landing_mandatory"] is False   # v1.1 12.3.4.1 "may"
    assert p["2nd"]["amphibious_landing_mandatory"] is True     # 2nd 11.2.5.1 "must attempt"


def test_land_capacity_and_aa(p):
    for e in ("v1.1", "2nd"):   # v1.1 2.2.2.1, 2.2.3 / 2nd 3.3.1, 3.2.4
        assert p[e]["land_capacity"] == {"normal": 8, "atoll": 4}
        assert p[e]["aa_rating"]["fraction"] == 0.5 and p[e]["aa_rating"]["of"] == "printed-air-capacity"


def _expansion(params, turn):
    for band in params["base_expansion"]:
        if band["from_turn"] <= turn <= band["to_turn"]:
            return band["multiplier"]
    return 1


@pytest.mark.parametrize("turn,factor", [(1, 1), (5, 1), (6, 2), (9, 2), (10, 3), (13, 3), (14, 4), (16, 4)])
def test_base_expansion_factor_by_turn(turn, factor, p):
    # v1.1 17.2 / 2nd 15.2: x2 Turns 6-9, x3 10-13, x4 14-16.
    assert _expansion(p["v1.1"], turn) == factor
    assert _expansion(p["2nd"], turn) == factor


def test_base_expansion_condition(p):
    assert p["2nd"]["base_expansion_condition"] == "only-while-allied-controlled"   # 2nd 15.2


def test_resource_fueling_and_last_turn(p):
    for e in ("v1.1", "2nd"):   # v1.1 17.3, 16.0 / 2nd 15.3, 4.3
        assert p[e]["resource_fueling_from_turn"] == 10
        assert p[e]["last_turn"] == 16


def test_scenario_start_turns(p):
    assert p["v1.1"]["scenario_start_turns"] == {"campaign": 1, "short_campaign": 2}   # v1.1 3.0


def test_land_hit_merchantmen_loss(p):
    assert p["v1.1"]["land_hit_merchantmen_loss"] == 1   # v1.1 13.2
    assert p["2nd"]["land_hit_merchantmen_loss"] == 2    # 2nd 11.3.2


def test_v11_brigade_at_sea_example(p):
    # v1.1 13.2 example: CS 2 brigade takes 3 hits -> pool -2 (capped at CS before damage).
    assert min(3 * p["v1.1"]["land_hit_merchantmen_loss"], 2) == 2


def test_2nd_land_unit_at_sea_example(p):
    # 2nd 11.3.2 example: CS 2 unit takes 3 hits on Turn 2 -> pool -4 (cap CS x 2), back on Turn 4.
    assert min(3 * p["2nd"]["land_hit_merchantmen_loss"], 2 * 2) == 4
    assert 2 + p["2nd"]["eliminated_land_return"] == 4


def _return_turn(turn, friendly_phase_still_ahead, phases):
    first = turn if friendly_phase_still_ahead else turn + 1
    return first + phases - 1


def test_damaged_naval_return(p):
    assert p["v1.1"]["damaged_naval_return"] == p["2nd"]["damaged_naval_return"] == 2
    # v1.1 13.1 example: US BB, 2 hits in the Japanese turn of Turn 3 -> Turn 6.
    assert _return_turn(3, True, 2 * p["v1.1"]["damaged_naval_return"]) == 6
    # 2nd 11.3.1 example: Japanese BB, 3 hits in the Allied turn of Turn 3 -> Turn 9.
    assert _return_turn(3, False, 3 * p["2nd"]["damaged_naval_return"]) == 9


def test_eliminated_land_return(p):
    assert p["v1.1"]["eliminated_land_return"] == p["2nd"]["eliminated_land_return"] == 2   # v1.1 13.4 / 2nd 11.3.5


def test_sunk_ships(p):
    assert p["v1.1"]["sunk_naval_permanent"] == "japanese-cv-cvl-and-all-bb"   # v1.1 13.1
    assert p["2nd"]["sunk_naval_permanent"] == "all"                          # 2nd 11.3.1


def test_multi_hit_damage_check(p):
    assert p["v1.1"]["multi_hit_damage_modifier"]["standard"] is False   # v1.1 18.3.2 optional
    assert p["2nd"]["multi_hit_damage_modifier"]["standard"] is True     # 2nd 11.3.1


def test_record_track_limits(p):
    assert p["v1.1"]["oil_marker_flip_above"] == 30            # v1.1 2.1.2.1
    assert p["v1.1"]["air_points_marker_flip_above"] == 20     # v1.1 2.1.2.2
    assert p["2nd"]["air_points_marker_flip_above"] == 10      # 2nd 3.5 (+10 marker)
    assert p["v1.1"]["record_minimum"] == 0                    # v1.1 2.1.2.1
    assert p["v1.1"]["fraction_granularity"] == 0.25           # v1.1 2.1.2.1 quarter turns


def test_holding_boxes(p):
    assert p["v1.1"]["holding_boxes"] == ["Kure", "Yokosuka"]                   # v1.1 2.2.6
    assert p["2nd"]["holding_boxes"] == ["Kure", "Yokosuka", "Pearl Harbor"]    # 2nd 3.2.5


def test_netherlands_have_no_transport_points(p):
    assert p["v1.1"]["netherlands_transport_points"] == p["2nd"]["netherlands_transport_points"] == 0  # v1.1 17.4 / 2nd 15.4


# --------------------------------------------------------------------------
# Optional rules and sequence of play
# --------------------------------------------------------------------------

def test_optional_rules_lists(ed):
    v11 = {o["number"]: o for o in ed["v1.1"]["optional_rules"]}
    v2 = {o["number"]: o for o in ed["2nd"]["optional_rules"]}
    assert sorted(v11) == sorted([f"18.1.{i}" for i in range(1, 9)] + [f"18.2.{i}" for i in range(1, 6)] + ["18.3.1", "18.3.2"])
    assert sorted(v2) == sorted([f"16.1.{i}" for i in range(1, 9)] + [f"16.2.{i}" for i in range(1, 7)] + ["16.3.1"])
    for number, rule in v11.items():   # favours follow the section: 18.1 Allies, 18.2 Japan, 18.3 neither
        assert rule["favours"] == {"1": "allied", "2": "japan", "3": "neither"}[number.split(".")[1]]
    for number, rule in v2.items():    # 2nd 16.1 / 16.2 / 16.3
        assert rule["favours"] == {"1": "allied", "2": "japan", "3": "neither"}[number.split(".")[1]]
    # counterparts point at each other
    for number, rule in v11.items():
        if rule["counterpart"] != "none":
            assert v2[rule["counterpart"]]["counterpart"] == number
    assert v11["18.3.2"]["counterpart"] == "none"     # oomph became standard (2nd 11.3.1)
    assert v2["16.2.6"]["counterpart"] == "none"      # Naval AA Upgrade is new in 2nd


def _phase_titles(turn):
    return [ph["title"] for ph in turn["phases"]]


def test_v11_sequence_of_play(ed):
    jp, al = ed["v1.1"]["sequence_of_play"]
    assert jp["phasing"] == "japan" and al["phasing"] == "allied"   # v1.1 4.1, 4.2
    assert _phase_titles(jp)[0] == "Transport Phase"
    assert _phase_titles(al)[0] == "Economic Warfare Phase"
    assert "Allied Reaction Phase" in _phase_titles(jp) and "Japanese Reaction Phase" in _phase_titles(al)
    for turn in (jp, al):
        titles = _phase_titles(turn)
        assert len(titles) == 10
        assert titles.index("Second Deployment Phase") == titles.index("Return to Base Phase") + 1
        assert titles[-1] == "End Phase"


def test_2nd_sequence_of_play(ed):
    jp, al = ed["2nd"]["sequence_of_play"]
    assert _phase_titles(jp) == _phase_titles(al)                     # 2nd 4.2: both parts identical
    assert [ph["number"] for ph in jp["phases"]] == [f"{n}.0" for n in range(5, 15)]
    assert _phase_titles(jp)[0] == "Economic Phase"


# --------------------------------------------------------------------------
# Errata and charts
# --------------------------------------------------------------------------

def test_v11_errata_cover_the_three_chart_corrections(errata):
    charts = {e["chart"] for e in errata["errata"]}
    assert charts == {"Transport Cost Chart", "Combat Table", "Allied Campaign Game Set Up"}   # v1.1 2.3
    gs = next(e for e in errata["errata"] if e["id"] == "ground-support-air-supremacy")
    assert gs["corrected"]["modifier"] == 1
    assert errata["red_marked_changes"]["identifiable"] is False


def _combat_type(chart, cid):
    return next(c for c in chart["combat_table"]["combat_types"] if c["id"] == cid)


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_combat_table_hits_on_five_or_six(edition, charts):
    assert charts[edition]["combat_table"]["hit_on"] == [5, 6]   # v1.1 2.3 / 2nd Combat Table


def test_ground_support_air_supremacy_modifier(charts):
    for e in ("v1.1", "2nd"):   # v1.1 2.3 errata / 2nd Combat Table
        mods = _combat_type(charts[e], "ground-support")["modifiers"]
        assert [m["value"] for m in mods] == [1] and "Air Supremacy" in mods[0]["condition"]


def test_out_of_supply_land_combat_modifier(charts):
    for e in ("v1.1", "2nd"):   # v1.1 12.3.4.4 + Example of Play / 2nd Combat Table
        mods = _combat_type(charts[e], "land-combat")["modifiers"]
        assert any(m["value"] == -1 and "supply" in m["condition"] for m in mods)


def test_v11_chart_records_are_all_reconstructed(charts):
    # v1.1 2.3: the charts are on the Player Aid Cards, not in the rulebook text.
    for path, node in _walk(charts["v1.1"]):
        if node.get("verified") is False or "source" in node:
            assert "reconstructed" in node, path
    assert charts["v1.1"]["printed_in_rulebook"] is False and "reconstructed" in charts["v1.1"]


def test_surface_combat_table_2nd(charts):
    rows = {r["defense"]: {c["firepower"]: c for c in r["cells"]} for r in charts["2nd"]["surface_combat_table"]["rows"]}
    assert sorted(rows) == [7, 8, 9, 10, 11, 12]
    assert rows[12][0] == {"firepower": 0, "to_hit": 6, "half_hit": True}    # 2nd Surface Combat Table: 6* = 1/2 hit
    assert rows[9][4]["to_hit"] == 2 and rows[7][0]["to_hit"] == 4
    for d, cells in rows.items():   # more firepower never makes a hit harder; more defense never easier
        nums = [cells[f]["to_hit"] for f in range(5)]
        assert nums == sorted(nums, reverse=True)
        if d > 7:
            assert all(cells[f]["to_hit"] >= rows[d - 1][f]["to_hit"] for f in range(5))


def test_naval_damage_check(charts):
    for e in ("v1.1", "2nd"):   # v1.1 13.1 / 2nd 11.3.1
        t = charts[e]["naval_damage_check_table"]
        assert t["dice"] == 2
        assert any(m["value"] == "firer-firepower" for m in t["modifiers"])
    v2 = {m["condition"]: m["value"] for m in charts["2nd"]["naval_damage_check_table"]["modifiers"]}
    assert v2["Hit came from a submarine attack"] == 2 and v2["Hit came from an air strike"] == 1


def test_damage_and_return_2nd(charts):
    rows = charts["2nd"]["damage_and_return"]["rows"]
    sunk = [r for r in rows if r["unit_type"] == "naval" and r["cause"] == "sunk"]
    assert [r["result"] for r in sunk] == ["removed-from-game"]    # 2nd chart: sunk -> removed
    dmg = next(r for r in rows if r["unit_type"] == "naval" and r["cause"] == "damaged")
    assert dmg["delay_per_hit"] == 2
    elim = next(r for r in rows if r["unit_type"] == "land" and r["cause"] == "eliminated" and "condition" not in r)
    assert elim["delay_friendly_reinforcement_phases"] == 2


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_transport_cost_chart_matches_parameters(edition, charts, p):
    rows = charts[edition]["transport_cost_chart"]["rows"]
    for ut in ("naval", "air", "land"):
        sea = next(r for r in rows if r["unit_type"] == ut and r["movement"] == "sea-deployment")
        assert sea["multiplier"] == p[edition]["sea_deployment_multiplier"][ut]
        assert sea["max_hexes"] == p[edition]["sea_deployment_range"]
    for ut in ("air", "land"):
        op = next(r for r in rows if r["unit_type"] == ut and r["movement"] == "operational-movement")
        assert op["multiplier"] == p[edition]["operational_movement_multiplier"][ut]
        assert op["max_hexes"] == p[edition][f"{ut}_ops_move"]
    long = next(r for r in rows if r["unit_type"] == "naval" and r["movement"] == "operational-movement"
                and r["side"] == "japan" and r["distance"] == "5+ hexes")
    assert long["multiplier"] == p[edition]["naval_oil_long_multiplier"]
    for extra in charts[edition]["transport_cost_chart"]["additional_costs"]:
        if "parameter" in extra:
            assert extra["cost"] == p[edition][extra["parameter"]], extra["id"]


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_air_zoc_chart_covers_movement_kinds(edition, charts):
    kinds = {r["activity"] for r in charts[edition]["air_zoc_effects"]["rows"]}
    assert {"sea-deployment", "one-hex-deployment", "operational-movement", "reaction-movement", "supply-line"} <= kinds
