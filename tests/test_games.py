"""The small per-game rules modules."""

from __future__ import annotations

import pytest

from toolkit.games import default, rules_for
from toolkit.model.build import bundled_scenarios, load_game


@pytest.fixture(scope="module", params=["v1.1", "2nd"])
def game(request):
    return load_game(bundled_scenarios() / "fire-in-the-sky", request.param).game


def test_fire_in_the_sky_names_its_module(game):
    assert rules_for(game).__name__ == "toolkit.games.fire_in_the_sky"


@pytest.mark.parametrize("counter_id, v11, second", [
    ("us-ca", False, True),                     # v1.1 13.1: a US CA comes back; 2nd 11.3.1: gone
    ("jp-cv-akagi-kaga", True, True),           # Japanese CV: gone in both
    ("us-cv-enterprise-yorktown", False, True),  # an Allied CV comes back in v1.1
    ("us-bb-nevada-oklahoma", True, True),      # every BB: gone in both
    ("jp-air", False, False),                   # not a naval unit
])
def test_permanent_removal_by_edition(game, counter_id, v11, second):
    removed = rules_for(game).permanently_removed(game.counters[counter_id], game.edition)
    assert removed == (v11 if game.edition.id == "v1.1" else second)


def test_a_game_without_a_module_gets_the_defaults():
    class Bare:
        rules_module = None

    assert rules_for(Bare()) is default
