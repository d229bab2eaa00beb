"""The small per-game rules modules."""

from __future__ import annotations

import pytest

from toolkit.games import GameModuleError, game_module
from toolkit.model.build import bundled_scenarios, load_game


@pytest.fixture(scope="module", params=["v1.1", "2nd"])
def game(request):
    return load_game(bundled_scenarios() / "fire-in-the-sky", request.param).game


def test_fire_in_the_sky_names_its_module(game):
    assert type(game_module(game.rules_module)).__module__ == "toolkit.games.fire_in_the_sky"


@pytest.mark.parametrize("counter_id, v11, second", [
    ("us-ca", False, True),                     # v1.1 13.1: a US CA comes back; 2nd 11.3.1: gone
    ("jp-cv-akagi-kaga", True, True),           # Japanese CV: gone in both
    ("us-cv-enterprise-yorktown", False, True),  # an Allied CV comes back in v1.1
    ("us-bb-nevada-oklahoma", True, True),      # every BB: gone in both
    ("jp-air", False, False),                   # not a naval unit
])
def test_permanent_removal_by_edition(game, counter_id, v11, second):
    removed = game_module(game.rules_module).permanently_removed(game.counters[counter_id], game.edition)
    assert removed == (v11 if game.edition.id == "v1.1" else second)


@pytest.mark.parametrize("name, says", [
    (None, "names no game module"),
    ("fire_in_the_skies", "no game module 'fire_in_the_skies'"),
    ("os.path", "has no GAME object"),
    ("not a module", "is not a Python module name"),
])
def test_a_game_module_that_is_not_there_is_an_error(name, says):
    """A manifest naming no module, a missing one or something else is refused, never the defaults."""
    with pytest.raises(GameModuleError, match=says):
        game_module(name)


def test_optional_rules_are_read_in_either_numbering():
    """v1.1 18.2.5 is the 2nd edition's 16.2.5: a scenario written for one edition checks under the other."""
    second = load_game(bundled_scenarios() / "fire-in-the-sky", "2nd").game.edition
    v11 = load_game(bundled_scenarios() / "fire-in-the-sky", "v1.1").game.edition
    assert second.optional_number("18.2.5") == "16.2.5" and second.optional_number("16.2.5") == "16.2.5"
    assert v11.optional_number("16.2.5") == "18.2.5"
    assert v11.optional_number("18.9.9") is None


def test_a_variant_with_optional_counters_checks_under_both_editions(capsys):
    from toolkit.cli import main

    path = bundled_scenarios() / "fire-in-the-sky" / "variants" / "i-want-it-all.yaml"
    for edition in ("v1.1", "2nd"):
        status = main(["check", "--edition", edition, "--format", "json", str(path)])
        out, _ = capsys.readouterr()
        assert status == 0, out
        assert not [f for f in __import__("json").loads(out) if f["code"].startswith(("OPTIONAL", "COUNTER"))]


# --- the contract every bundled game module keeps ------------------------------------------

BUNDLED = [(folder.name, folder) for folder in sorted(bundled_scenarios().glob("*/")) if (folder / "game.yaml").is_file()]


@pytest.mark.parametrize("name, folder", BUNDLED, ids=[n for n, _ in BUNDLED])
def test_every_bundled_game_keeps_the_module_contract(name, folder):
    """Its module satisfies GameModule; every edition has the parameters it needs and the rules its checks cite."""
    from toolkit.games import GameModule
    from toolkit.session import Session

    session = Session()
    manifest, probe = session.game_manifest(folder)
    assert manifest is not None, probe.findings
    for edition in [e["id"] for e in manifest["editions"]]:
        opened = session.open_game(folder, edition)
        assert opened.ok, [f"{f.location}: {f.code} {f.message}" for f in opened.findings]
        module = opened.module
        assert isinstance(module, GameModule)
        assert module.map_kind == opened.game.map.kind
        assert [s.id for s in opened.game.sides], "the manifest names the sides"
        checks = module.checks()
        assert len(checks) > 0 and len({c.code for c in checks}) == len(checks)
        for check in checks.for_edition(edition):
            assert check.rule in opened.game.edition.rules, (edition, check.code, check.rule)
            assert opened.game.edition.cite(check.rule).startswith(opened.game.citation + " "), check.code


def test_fire_in_the_sky_declares_the_commands_its_parsers_add():
    """The names are declared without importing the parsers (start-up); they must be the ones the parsers add."""
    from toolkit.games.fire_in_the_sky import GAME
    from toolkit.games.fire_in_the_sky.parsers import COMMANDS

    assert GAME.commands == COMMANDS
