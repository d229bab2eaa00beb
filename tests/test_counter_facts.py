"""Fire in the Sky counter mix, reinforcement schedules and scenarios against the rulebooks' facts.

The rule facts checked here come from the FitS v1.1 rulebook (MMP 2005), its Example of Play and
Short Campaign set-up (19.0), and the component list of the 2nd edition (Phalanx, 2.0).
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "scenarios" / "fire-in-the-sky"
SCHEMAS = ROOT / "schemas"
EDITIONS = ("v1.1", "2nd")

FILES = {  # each file names its game's overlay of its kind
    "counters.yaml": ("counters", "schemas/counters.schema.json"),
    "schedules/japan.yaml": ("schedule", "../schemas/schedule.schema.json"),
    "schedules/allied.yaml": ("schedule", "../schemas/schedule.schema.json"),
    "short-campaign.yaml": ("scenario", "schemas/scenario.schema.json"),
    "campaign.yaml": ("scenario", "schemas/scenario.schema.json"),
}


# --- loading -------------------------------------------------------------------------------


def load(name: str):
    return YAML(typ="safe").load((GAME / name).read_text(encoding="utf-8"))


def schema(kind: str) -> dict:
    return json.loads((SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8"))


def validator(kind: str) -> Draft202012Validator:
    """The validator of Fire in the Sky's overlay of ``kind`` (the core schema narrowed to the game)."""
    from toolkit.schema import validator as game_validator

    return game_validator(kind, GAME)


def in_edition(record: dict, edition: str) -> bool:
    return record.get("editions") is None or edition in record["editions"]


def counters(edition: str) -> dict[str, dict]:
    found = {}
    for record in load("counters.yaml")["counters"]:
        if in_edition(record, edition):
            assert record["id"] not in found, f"{record['id']} defined twice for {edition}"
            found[record["id"]] = record
    return found


def turns(side: str, edition: str) -> dict[int, dict]:
    found = {}
    for record in load(f"schedules/{side}.yaml")["turns"]:
        if in_edition(record, edition):
            assert record["turn"] not in found, f"{side} turn {record['turn']} given twice for {edition}"
            found[record["turn"]] = record
    return found


# --- schemas and file form -----------------------------------------------------------------


def _properties_without_description(node, path="$"):
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            if isinstance(sub, dict) and "description" not in sub:
                yield f"{path}.properties.{name}"
        for key, value in node.items():
            yield from _properties_without_description(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _properties_without_description(value, f"{path}[{i}]")


@pytest.mark.parametrize("kind", ["counters", "schedule"])
def test_own_schemas_are_valid_self_contained_and_described(kind):
    s = schema(kind)
    Draft202012Validator.check_schema(s)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert s["$id"] == f"https://chartroom.invalid/schemas/{kind}.schema.json"
    assert s["additionalProperties"] is False
    text = json.dumps(s)
    refs = [r for r in text.split('"$ref": ')[1:]]
    assert all(r.startswith(('"#/', '"defs.schema.json#/')) for r in refs), "every $ref stays inside the schema or the shared defs"
    assert list(_properties_without_description(s)) == []


@pytest.mark.parametrize("name", list(FILES))
def test_file_starts_with_schema_line_and_validates(name):
    kind, relative = FILES[name]
    first = (GAME / name).read_text(encoding="utf-8").splitlines()[0]
    assert first == f"# yaml-language-server: $schema={relative}"
    assert (GAME / name).parent.joinpath(relative).resolve() == (GAME / "schemas" / f"{kind}.schema.json").resolve()
    if not (SCHEMAS / f"{kind}.schema.json").exists():
        pytest.skip(f"{kind} schema not written yet")
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator(kind).iter_errors(load(name))]
    assert errors == []


def test_schema_rejects_records_without_provenance_and_bad_ids():
    v = validator("counters")
    good = {"id": "jp-dd", "name": "Japanese DD", "side": "japan", "nation": "japan", "type": "naval", "class": "DD",
            "ratings": {"anti_aircraft": 0.5, "firepower": 1, "defense": 7, "movement": 8, "transport": 0.5},
            "source": "FitS v1.1 19.0"}
    assert v.is_valid({"kind": "counters", "game": "fire-in-the-sky", "counters": [good]})
    for bad in ({k: x for k, x in good.items() if k != "source"}, {**good, "id": "JP DD"},
                {**good, "name": "DD\u0007"}, {**good, "editions": ["v 2"]},
                {**good, "ratings": {**good["ratings"], "defense": 13}}):
        assert not v.is_valid({"kind": "counters", "game": "fire-in-the-sky", "counters": [bad]})
    carrier_without_air = {**good, "class": "CV"}
    assert not v.is_valid({"kind": "counters", "game": "fire-in-the-sky", "counters": [carrier_without_air]})


# --- the counter mix -----------------------------------------------------------------------


def totals(edition: str) -> dict[tuple[str, str], int]:
    result: dict[tuple[str, str], int] = defaultdict(int)
    for record in counters(edition).values():
        result[(record["side"], record["type"])] += record.get("count", 1)
    return dict(result)


@pytest.mark.parametrize("edition", EDITIONS)
def test_component_totals_match_the_2nd_edition_list(edition):
    # FitS 2nd 2.0: 115 naval (33 J, 82 A), 25 land (11 J, 14 A), 30 air (15 J, 15 A), 10 replacements (3 J, 7 A).
    t = totals(edition)
    assert t[("japan", "naval")] == 33 and t[("allied", "naval")] == 82
    assert t[("japan", "land")] == 11 and t[("allied", "land")] == 14
    assert t[("japan", "air")] == 15 and t[("allied", "air")] == 15
    assert t[("japan", "marker")] == 3 and t[("allied", "marker")] == 7


def test_replacements_markers_are_unlimited_and_only_markers():
    for edition in EDITIONS:
        for record in counters(edition).values():
            assert record.get("unlimited", False) == (record["type"] == "marker")


def test_us_marine_air_units_are_two_one_step_counters():
    mix = counters("v1.1")
    assert mix["us-marine-air"]["count"] == 2 and mix["us-marine-air"]["ratings"] == {"steps": 1}
    assert all(r["ratings"]["steps"] == 2 for k, r in mix.items() if r["type"] == "air" and k != "us-marine-air")


def test_named_pairs_named_in_the_rules_exist():
    names = {r["name"] for e in EDITIONS for r in counters(e).values()}
    for name in ["CV (Akagi, Kaga)", "CV (Shokaku, Zuikaku)", "CV (Hiryu, Soryu)", "CVL (Zuiho, Shoho)",
                 "CVL (Hosho, Ryujo)", "BB (Mutsu, Nagato)", "BB (Ise, Hyuga)", "BBV (Ise, Hyuga)",
                 "BB (Fuso, Yamashiro)", "BB (Hiei, Kirishima)", "BB (Kongo, Haruna)", "CVL (Junyo, Hiyo)",
                 "CV (Junyo, Hiyo)", "BB (Maryland, West Virginia)", "BB (California, Tennessee)",
                 "BB (Nevada, Oklahoma)", "BB (Pennsylvania, Arizona)", "BB (Prince of Wales, Repulse)",
                 "CV (Ranger)", "CV (Unryu, Shinano)"]:
        assert name in names


def test_optional_counters_carry_their_rule():
    mix = counters("v1.1")
    assert mix["jp-hosho-ryujo"]["optional_rule"] == "18.2.5"
    assert mix["jp-bbv-ise-hyuga"]["optional_rule"] == "18.2.5"
    assert mix["jp-cv-unryu-shinano"]["optional_rule"] == "18.2.5"
    assert mix["us-cv-ranger"]["optional_rule"] == "18.1.5"
    assert counters("2nd")["jp-bbv-ise-hyuga"]["optional_rule"] == "16.2.5"


def test_junyo_hiyo_is_a_cvl_in_v11_and_a_cv_in_the_2nd_edition():
    assert counters("v1.1")["jp-junyo-hiyo"]["class"] == "CVL"
    assert counters("2nd")["jp-junyo-hiyo"]["class"] == "CV"
    for edition in EDITIONS:
        arrivals = [u["counter"] for u in turns("japan", edition)[4].get("units", [])]
        assert "jp-junyo-hiyo" in arrivals  # v1.1 18.2.3, 2nd 16.2.3: Turn 4


def test_bbv_has_no_air_strength_in_v11_and_two_in_the_2nd_edition():
    assert "air_strength" not in counters("v1.1")["jp-bbv-ise-hyuga"]["ratings"]  # v1.1 18.2.5
    assert counters("2nd")["jp-bbv-ise-hyuga"]["ratings"]["air_strength"] == 2  # 2nd 16.2.5


def test_abda_has_one_step_and_no_reduced_side():
    abda = counters("v1.1")["nl-abda"]
    assert abda["nation"] == "netherlands" and abda["ratings"]["steps"] == 1
    assert "reduced" not in abda["ratings"]


def test_land_transport_is_full_combat_strength():
    # v1.1 2.1.1.3: a reduced 8-Combat Strength unit still has Transport rating 8.
    for edition in EDITIONS:
        for record in counters(edition).values():
            if record["type"] == "land":
                assert record["ratings"]["transport"] == record["ratings"]["combat"]
                if "reduced" in record["ratings"]:
                    assert record["ratings"]["reduced"] * 2 == record["ratings"]["combat"]


def test_japanese_dd_anti_aircraft_is_a_half_and_long_lance_raises_firepower():
    mix = counters("2nd")
    assert mix["jp-dd"]["ratings"]["anti_aircraft"] == 0.5  # 2nd 16.2.6
    assert mix["jp-dd"]["ratings"]["firepower"] < 2 and mix["jp-ca"]["ratings"]["firepower"] < 2  # v1.1 18.2.1


def test_carriers_have_air_strength_and_others_do_not():
    for edition in EDITIONS:
        for record in counters(edition).values():
            if record["type"] != "naval":
                continue
            if record["class"] in ("CV", "CVL"):
                assert record["ratings"]["air_strength"] >= 1
            elif record["class"] != "BBV":
                assert "air_strength" not in record["ratings"]


# --- the Example of Play arithmetic (v1.1) -------------------------------------------------

SEA_DEPLOYMENT_FACTOR = {"naval": 1.0, "land": 0.5, "air": 0.5}  # v1.1 Transport Cost Chart, 8.2 example


def transport_rating(counter: dict, steps: int | None = None) -> float:
    if counter["type"] == "air":
        return float(steps if steps is not None else counter["ratings"]["steps"])
    return float(counter["ratings"]["transport"])


def sea_deployment(mix, *units, times=1) -> float:
    """TP for a Sea Deployment of units (counter id, or (air id, steps)); `times` deployments."""
    cost = 0.0
    for unit in units:
        cid, steps = unit if isinstance(unit, tuple) else (unit, None)
        counter = mix[cid]
        cost += transport_rating(counter, steps) * SEA_DEPLOYMENT_FACTOR[counter["type"]]
    return cost * times


def operational(mix, *units, hexes=4) -> tuple[float, float]:
    """(TP, Oil) for a Japanese Task Force's Operational Movement (v1.1 9.2, 9.3)."""
    tp = oil = 0.0
    for cid in units:
        counter = mix[cid]
        if counter["type"] == "naval":
            oil += transport_rating(counter) * (1.5 if hexes > 4 else 1.0)
        else:
            tp += transport_rating(counter)
    return tp, oil


def test_rule_examples():
    mix = counters("v1.1")
    assert sea_deployment(mix, "jp-land-4") == 2  # 8.2: 4 x 0.5 = 2
    assert operational(mix, ("jp-air"))[0] == 2  # 9.2: a 2-Transport air unit pays 2
    assert operational(mix, "jp-dd", hexes=6)[1] == 0.75  # 9.3: 0.5 x 1.5


def test_example_of_play_transport_and_oil_totals():
    mix = counters("v1.1")
    dd, ca = "jp-dd", "jp-ca"
    tp = 30.0  # Merchantmen Pool 30
    tp -= sea_deployment(mix, dd, dd)
    assert tp == 29  # 2 DD to Hainan
    tp -= sea_deployment(mix, "jp-land-4", ca, dd, dd)
    assert tp == 25  # Surabaya force to Palau
    tp -= sea_deployment(mix, dd, times=2)
    assert tp == 24  # one DD to Brunei, two deployments
    tp -= sea_deployment(mix, ("jp-air", 2), times=2) * 2
    assert tp == 20  # 2 air steps to Rabaul and 2 to Wake, two deployments each
    truk = sea_deployment(mix, "jp-cv-shokaku-zuikaku", "jp-cvl-zuiho-shoho", ca, ca, *[dd] * 5)
    assert truk == 7.5
    tp -= truk
    assert tp == 12.5
    tp -= sea_deployment(mix, ("jp-air", 2))
    assert tp == 11.5
    tp = math.floor(tp)  # fractions lost at the end of the phase
    assert mix["jp-cv-shokaku-zuikaku"]["ratings"]["transport"] + mix["jp-cvl-zuiho-shoho"]["ratings"]["transport"] == 3

    oil = 12 + 4.0  # Short Campaign Oil 12 + 4 shipped in the Transport Phase
    assert operational(mix, dd, hexes=6)[1] == 0.75
    oil -= 0.75
    assert oil == 15.25  # DD Hainan-Rangoon, more than 4 hexes
    oil -= operational(mix, dd)[1]
    assert oil == 14.75  # DD Hainan-Singapore
    oil -= operational(mix, dd)[1]
    assert oil == 14.25  # DD Kure-Manila
    cost_tp, cost_oil = operational(mix, dd, "jp-land-2")
    tp, oil = tp - cost_tp, oil - cost_oil
    assert (tp, oil) == (9, 13.75)  # DD + 2-CS land unit Brunei-Lae
    cost_tp, cost_oil = operational(mix, ca, dd, dd, "jp-land-4")
    assert cost_oil == 2  # CA + 2 DD + land unit Palau-Surabaya: 2 Oil
    tp, oil = tp - cost_tp, oil - cost_oil
    assert (tp, oil) == (5, 11.75)

    tp -= sea_deployment(mix, dd, dd, times=2)
    assert tp == 3  # Second Deployment: 2 DD Kure-Singapore
    tp -= sea_deployment(mix, ("jp-air", 2))
    assert tp == 2


# --- schedules -----------------------------------------------------------------------------


@pytest.mark.parametrize("side", ["japan", "allied"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_schedules_cover_turns_1_to_16(side, edition):
    assert sorted(turns(side, edition)) == list(range(1, 17))


@pytest.mark.parametrize("edition", EDITIONS)
def test_japanese_submarine_points_are_always_2(edition):
    # v1.1 7.2 Play Note
    assert {t: r["submarine_points"] for t, r in turns("japan", edition).items()} == {t: 2 for t in range(1, 17)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_allied_submarine_points_start_at_2_and_never_fall(edition):
    levels = [turns("allied", edition)[t]["submarine_points"] for t in range(1, 17)]
    assert levels[1] == 2  # 19.0: US Sub 2 on Turn 2
    assert levels == sorted(levels) and levels[-1] > levels[0]


def test_transport_points_levels():
    v11, second = turns("allied", "v1.1"), turns("allied", "2nd")
    assert v11[2]["us_transport_points"] == 14  # 19.0 marker set-up
    assert all(v11[t]["british_transport_points"] == 6 for t in range(1, 17))  # v1.1 2.1.2.1, 7.3
    assert all(second[t]["british_transport_points"] == 12 for t in range(1, 17))  # 2nd 6.2
    levels = [v11[t]["us_transport_points"] for t in range(1, 17)]
    assert levels == sorted(levels) and max(levels) <= 30


def test_naval_aviation_steps():
    for edition in EDITIONS:
        japan = turns("japan", edition)
        assert japan[2]["naval_aviation_steps"] == 2  # Example of Play: 2 air steps on Turn 2
        assert japan[4]["naval_aviation_steps"] == 2  # v1.1 18.2.3
        for record in japan.values():
            arriving = sum(u.get("steps", 0) for u in record.get("units", []) if u["counter"] == "jp-air")
            assert record.get("naval_aviation_steps", 0) <= arriving
        assert [u for u in japan[2]["units"] if u["counter"] == "jp-air"][0]["steps"] == 2


def test_ise_hyuga_conversion_under_optional_rule():
    for edition in EDITIONS:
        japan = turns("japan", edition)
        withdrawals = [(t, w) for t, r in japan.items() for w in r.get("withdrawals", [])]
        assert len(withdrawals) == 1
        turn, withdrawal = withdrawals[0]
        assert (turn, withdrawal["counter"], withdrawal["optional_rule"]) == (6, "jp-bb-ise-hyuga", "18.2.5")
        back = [(t, u) for t, r in japan.items() for u in r.get("units", []) if u["counter"] == "jp-bbv-ise-hyuga"]
        assert back == [(withdrawal["returns_turn"], back[0][1])] and back[0][0] == 9 > turn
        assert back[0][1]["optional_rule"] == "18.2.5"


def test_british_european_fleet_arrives_on_turn_14():
    for edition in EDITIONS:
        allied = turns("allied", edition)
        mix = counters(edition)
        british_naval = {t: [u for u in r.get("units", []) if mix[u["counter"]]["nation"] == "britain"
                             and mix[u["counter"]]["type"] == "naval"] for t, r in allied.items()}
        assert british_naval[14] and all("17.6" in u.get("source", "") for u in british_naval[14])


def test_optional_counters_only_arrive_under_their_rule():
    for edition in EDITIONS:
        mix = counters(edition)
        for side in ("japan", "allied"):
            for record in turns(side, edition).values():
                for unit in record.get("units", []):
                    if mix[unit["counter"]].get("optional_rule"):
                        assert unit.get("optional_rule") == "18.2.5"


# --- references ----------------------------------------------------------------------------


def scenario_entries(data):
    for section in ("setup", "turn_track"):
        for placement in data.get(section, []) or []:
            for unit in placement["units"]:
                yield unit
    yield from data.get("sunk", []) or []


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_counter_referenced_by_schedules_exists(edition):
    mix = counters(edition)
    for side in ("japan", "allied"):
        for record in turns(side, edition).values():
            for unit in record.get("units", []) + record.get("withdrawals", []):
                assert unit["counter"] in mix, unit
                assert mix[unit["counter"]]["side"] == side
                if mix[unit["counter"]]["type"] == "air":
                    assert "steps" in unit and "count" not in unit
                else:
                    assert "steps" not in unit
            for withdrawal in record.get("withdrawals", []):
                if "returns_as" in withdrawal:
                    assert withdrawal["returns_as"] in mix


@pytest.mark.parametrize("name", ["short-campaign.yaml", "campaign.yaml"])
def test_every_counter_referenced_by_scenarios_exists(name):
    data = load(name)
    mix = counters(data["edition"])
    for placement in data.get("setup", []) + data.get("turn_track", []):
        for unit in placement["units"]:
            counter = mix[unit["counter"]]
            assert counter["side"] == placement["side"], unit
            assert (counter["type"] == "air") == ("steps" in unit), unit
            if unit.get("reduced"):
                assert counter["type"] == "land" and counter["ratings"].get("steps", 2) == 2
            if counter.get("optional_rule"):
                assert unit.get("optional_rule") == counter["optional_rule"]
    for entry in data.get("sunk", []):
        assert entry["counter"] in mix


@pytest.mark.parametrize("name", ["short-campaign.yaml", "campaign.yaml"])
def test_scenarios_stay_within_the_counter_mix(name):
    data = load(name)
    mix = counters(data["edition"])
    used: Counter = Counter()
    for unit in scenario_entries(data):
        counter = mix[unit["counter"]]
        used[unit["counter"]] += math.ceil(unit["steps"] / counter["ratings"]["steps"]) if "steps" in unit else unit.get("count", 1)
    used["jp-air"] += math.ceil(data["markers"]["naval_aviation_steps"]["value"] / 2)
    for cid, n in used.items():
        assert n <= mix[cid].get("count", 1), cid


def test_unique_counters_are_never_scheduled_twice():
    """Set-up on Turn 1 plus every scheduled arrival fits the mix for one-of-a-kind and land counters."""
    for edition in EDITIONS:
        mix = counters(edition)
        placed: Counter = Counter()
        for unit in scenario_entries(load("campaign.yaml")):
            if mix[unit["counter"]]["type"] != "air":
                placed[unit["counter"]] += unit.get("count", 1)
        for side in ("japan", "allied"):
            for record in turns(side, edition).values():
                for unit in record.get("units", []):
                    if mix[unit["counter"]]["type"] != "air":
                        placed[unit["counter"]] += unit.get("count", 1)
        for cid, n in placed.items():
            counter = mix[cid]
            if counter.get("count", 1) == 1 or counter["type"] == "land" or counter["side"] == "allied":
                assert n <= counter.get("count", 1), (edition, cid, n)


# --- the Short Campaign (v1.1 19.0), exactly as printed --------------------------------------

HOME = "either Japanese Home Base"

# Transcribed from FitS v1.1 19.0. Keys: a counter name as printed, a naval class for generic
# units ("5x CA"), "air steps", or "land <strength>[ marine][ reduced]".
RULEBOOK_19_0 = {
    "japan": {
        HOME: {"CV (Akagi, Kaga)": 1, "CV (Shokaku, Zuikaku)": 1, "CV (Hiryu, Soryu)": 1, "CVL (Zuiho, Shoho)": 1,
               "CVL (Hosho, Ryujo)": 1, "BB (Mutsu, Nagato)": 1, "BB (Ise, Hyuga)": 1, "BB (Fuso, Yamashiro)": 1,
               "BB (Hiei, Kirishima)": 1, "BB (Kongo, Haruna)": 1, "CA": 5, "DD": 12, "land 4": 4},
        "Formosa": {"air steps": 8},
        "Manila": {"land 8": 1},
        "Saigon": {"air steps": 8},
        "Singapore": {"land 8": 1},
        "Bangkok": {"land 8": 1},
        "Marshall Islands": {"air steps": 2},
        "Gilbert Islands": {"land 2": 1},
        "Rabaul": {"air steps": 2, "land 2": 1},
        "Wake": {"land 2 marine": 1},
        "Brunei": {"land 2": 1},
    },
    "allied": {
        "Pearl Harbor": {"CA": 1, "CL": 1, "DD": 2},
        "Midway": {"air steps": 2, "land 2": 1},
        "Ellice Islands": {"air steps": 2, "land 2": 1},
        "Noumea": {"CV": 1, "CA": 1, "DD": 2},
        "Manila": {"land 8 reduced": 1},
        "Port Moresby": {"air steps": 1, "land 2": 1},
        "Guadalcanal": {"air steps": 1, "land 2": 1},
        "Brisbane": {"CL": 1},
        "Singapore": {"land 8 reduced": 1},
        "Calcutta": {"land 8": 1},
        "Rangoon": {"land 4": 1},
        "Ceylon": {"air steps": 2},
        "Surabaya": {"CL": 1, "DD": 1, "land 4": 1},
    },
}
NATION_19_0 = {"Singapore": "britain", "Calcutta": "britain", "Rangoon": "britain", "Ceylon": "britain",
               "Surabaya": "netherlands"}


def tally(placements, mix, expected_keys) -> tuple[dict, dict]:
    counts: dict[str, Counter] = defaultdict(Counter)
    nations: dict[str, set] = defaultdict(set)
    for placement in placements:
        where = HOME if placement["side"] == "japan" and placement["at"] in ("Kure", "Yokosuka") else placement["at"]
        for unit in placement["units"]:
            counter = mix[unit["counter"]]
            nations[where].add(counter["nation"])
            if counter["type"] == "air":
                counts[where]["air steps"] += unit["steps"]
                continue
            if counter["type"] == "land":
                key = f"land {counter['ratings']['combat']}" + (" marine" if counter.get("marine") else "")
                key += " reduced" if unit.get("reduced") else ""
            else:
                key = counter["name"] if counter["name"] in expected_keys else counter["class"]
            counts[where][key] += unit.get("count", 1)
    return {k: dict(v) for k, v in counts.items()}, nations


@pytest.mark.parametrize("side", ["japan", "allied"])
def test_short_campaign_setup_is_the_rulebook_list(side):
    data = load("short-campaign.yaml")
    mix = counters("v1.1")
    expected = RULEBOOK_19_0[side]
    keys = {k for where in expected.values() for k in where}
    counts, nations = tally([p for p in data["setup"] if p["side"] == side], mix, keys)
    assert counts == expected
    if side == "allied":
        for where in expected:
            assert nations[where] == {NATION_19_0.get(where, "us")}, where
    for placement in data["setup"]:
        assert "source" in placement and "19.0" in placement["source"]


def test_short_campaign_japanese_naval_units_are_at_kure_and_the_optional_cvl_is_flagged():
    data = load("short-campaign.yaml")
    mix = counters("v1.1")
    for placement in data["setup"]:
        for unit in placement["units"]:
            if placement["side"] == "japan" and mix[unit["counter"]]["type"] == "naval":
                assert placement["at"] == "Kure"
            if unit["counter"] == "jp-hosho-ryujo":
                assert unit["optional_rule"] == "18.2.5"
    assert data["optional_rules"] == []


def test_short_campaign_header_markers_control_track_and_sunk():
    data = load("short-campaign.yaml")
    assert (data["id"], data["edition"], data["start_turn"]) == ("short-campaign", "v1.1", 2)
    markers = data["markers"]
    assert markers["merchantmen_pool"]["value"] == 30
    assert markers["oil_points"]["value"] == 12
    assert {k: v for k, v in markers["transport_points"].items() if k != "source"} == {"japan": 4, "us": 14, "britain": 6}
    assert {k: v for k, v in markers["submarine_points"].items() if k != "source"} == {"japan": 2, "us": 2}
    assert markers["convoy_escort"]["value"] == 0
    assert markers["naval_aviation_steps"]["value"] == 2
    assert markers["victory_points"]["value"] == 5
    control = {c["base"]: c["side"] for c in data["control"]}
    assert control == {"Wake": "japan", "Gilbert Islands": "japan", "Rabaul": "japan", "Brunei": "japan",
                       "Bangkok": "japan", "Hollandia": "none", "Lae": "none"}
    assert data["turn_track"] == [{
        "turn": 3, "side": "allied",
        "units": [{"counter": "us-bb-maryland-west-virginia"}, {"counter": "us-bb-california-tennessee"},
                  {"counter": "us-bb-nevada-oklahoma"}],
        "source": data["turn_track"][0]["source"]}]
    assert [(s["counter"], s.get("count", 1)) for s in data["sunk"]] == [
        ("us-bb-pennsylvania-arizona", 1), ("br-bb-prince-of-wales-repulse", 1), ("br-dd", 1)]


def test_short_campaign_contested_hexes_have_both_sides():
    data = load("short-campaign.yaml")
    sides = defaultdict(set)
    for placement in data["setup"]:
        sides[placement["at"]].add(placement["side"])
    assert sides["Manila"] == sides["Singapore"] == {"japan", "allied"}


# --- the Turn 1 Campaign Game (reconstructed) ------------------------------------------------


def non_air_inventory(data, mix) -> Counter:
    inventory: Counter = Counter()
    for unit in scenario_entries(data):
        if mix[unit["counter"]]["type"] != "air":
            inventory[unit["counter"]] += unit.get("count", 1)
    return inventory


def test_campaign_header_and_labels():
    data = load("campaign.yaml")
    assert (data["id"], data["edition"], data["start_turn"]) == ("campaign", "v1.1", 1)
    assert "reconstructed" in data["title"].lower()
    assert "RECONSTRUCTED" in data["notes"]
    assert all("reconstructed" in p for p in data["setup"])
    assert data["markers"]["merchantmen_pool"]["value"] == 30  # v1.1 2.1.2.1
    assert data["markers"]["victory_points"]["value"] == 0
    assert data["markers"]["naval_aviation_steps"]["value"] == 2  # 18.2.3: both scenarios
    assert {c["base"]: c["side"] for c in data["control"]} == {"Bangkok": "none", "Hollandia": "none", "Lae": "none"}


def test_campaign_turn_1_has_the_units_of_the_player_notes():
    data = load("campaign.yaml")
    mix = counters("v1.1")
    at = defaultdict(list)
    for placement in data["setup"]:
        at[(placement["at"], placement["side"])].extend(placement["units"])
    singapore = {u["counter"] for u in at[("Singapore", "allied")]}
    assert {"br-bb-prince-of-wales-repulse", "br-dd"} <= singapore
    assert any(mix[u["counter"]]["type"] == "air" for u in at[("Saigon", "japan")])
    assert any(mix[u["counter"]]["type"] == "land" and u["counter"] == "jp-land-8" for u in at[("Saigon", "japan")])
    assert [u["counter"] for u in at[("Iwo Jima", "japan")]] == ["jp-marine-2"]
    assert any(mix[u["counter"]].get("class") == "CVL" for u in at[("Palau", "japan")])
    pearl = [u["counter"] for u in at[("Pearl Harbor", "allied")]]
    assert sum(mix[c].get("class") == "BB" for c in pearl) == 4 and "us-air" in pearl
    reaction = at[("West Coast USA", "allied")]
    assert all(u.get("task_force") for u in reaction)
    assert sorted(mix[u["counter"]]["class"] for u in reaction) == ["CA", "CV", "DD"]


def test_campaign_turn_1_leads_to_the_short_campaign():
    """Same naval and land counters on Turn 1 as on the Turn 2 map, track and sunk list (air steps recycle)."""
    mix = counters("v1.1")
    turn1 = non_air_inventory(load("campaign.yaml"), mix)
    for record in turns("japan", "v1.1")[1].get("units", []) + turns("allied", "v1.1")[1].get("units", []):
        if mix[record["counter"]]["type"] != "air":
            turn1[record["counter"]] += record.get("count", 1)
    assert turn1 == non_air_inventory(load("short-campaign.yaml"), mix)
