"""The markers of each edition's counter mix, each kind listed once (FitS 2nd 2.0; v1.1 18.1.4, 18.2.2).

The 2nd edition's component list (2nd 2.0) prints the line "5 Occupied Base markers" twice, once before and once
after the Battle marker. Read as one line printed twice (see the parameter's summary), the data lists the kind once;
a kind listed twice in a mix is the slip this test catches, in any edition's data.
"""

from __future__ import annotations

from collections import Counter

import pytest

from conftest import GAME
from toolkit.model.build import load_game

#: FitS 2nd 2.0, markers other than the replacements markers (counters in counters.yaml): kind -> count. The "7 Task
#: Force & Fleet markers" are US Task Force or British Fleet markers (2nd 16.1.4), split 5 and 2 as v1.1 18.1.4 does.
SECOND_EDITION_MARKERS = {
    "us-task-force": 5, "british-fleet": 2, "tokyo-express": 1, "game-turn": 1, "victory-points": 1, "oil-points": 1,
    "merchantmen-pool": 1, "transport-points": 3, "submarine-points": 2, "occupied-base": 5, "battle": 1,
    "air-superiority-supremacy": 2, "air-points": 2, "air-strike-hit": 15, "additional-hit": 5,
}


def listed_twice(mix) -> list[str]:
    """The marker kinds a mix lists more than once."""
    return sorted(kind for kind, n in Counter(entry["marker"] for entry in mix).items() if n > 1)


def test_a_kind_listed_twice_is_found():
    assert listed_twice([{"marker": "occupied-base", "count": 5}, {"marker": "battle", "count": 1},
                         {"marker": "occupied-base", "count": 5}]) == ["occupied-base"]
    assert listed_twice([{"marker": "occupied-base", "count": 5}]) == []


@pytest.mark.parametrize("edition", ["v1.1", "2nd"])
def test_no_marker_kind_is_listed_twice_in_an_editions_mix(edition):
    mix = load_game(GAME, edition).game.edition.param("marker_mix")
    assert mix, f"{edition} has no marker_mix"
    assert listed_twice(mix) == []
    assert all(isinstance(entry["count"], int) and entry["count"] > 0 for entry in mix)


def test_the_2nd_edition_mix_is_its_component_list():
    mix = load_game(GAME, "2nd").game.edition.param("marker_mix")
    assert {entry["marker"]: entry["count"] for entry in mix} == SECOND_EDITION_MARKERS
    assert sum(SECOND_EDITION_MARKERS.values()) == 47  # 5 Occupied Base markers once, not 10


def test_v11_lists_the_markers_its_rules_count():
    """v1.1 prints no component list of markers (2.0 names three countersheets); 18.1.4 names five US Task Force and
    two British Fleet markers, 18.2.2 the one Tokyo Express marker."""
    mix = load_game(GAME, "v1.1").game.edition.param("marker_mix")
    assert {entry["marker"]: entry["count"] for entry in mix} == {"us-task-force": 5, "british-fleet": 2, "tokyo-express": 1}
