"""Game modules: everything particular to one game, behind one interface.

A game is data under ``scenarios/<game>/`` plus a module that its manifest names with
``rules_module:`` — a package under ``toolkit.games`` (``fire_in_the_sky``) or, for a game
kept elsewhere, a dotted module path importable from the working folder. The module exposes
``GAME``, an object that satisfies :class:`GameModule`; :class:`BaseGame` gives the parts a
small game may leave out. Nothing outside a game's own package names its sides, nations,
editions, places or rule numbers: the core asks the module, or reads the game's manifest.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Callable, Mapping, NamedTuple, Protocol, Sequence, runtime_checkable

from toolkit.errors import InputError
from toolkit.findings import Finding
from toolkit.games.registration import RESERVED_COMMANDS, CommandClash, command_clashes, guard_commands
from toolkit.model import Box, Counter, Edition, Game, Place, Scenario
from toolkit.model.schedule_notes import ScheduleNotes
from toolkit.records import lazy_dataclass
from toolkit.rules import CheckRegistry, Context

if TYPE_CHECKING:  # named in signatures only; loaded by the commands that use them (see _ON_FIRST_USE)
    from toolkit.games.calculation import Calculation
    from toolkit.games.maps import Distance, MapExport
    from toolkit.games.setup import SetUp
    from toolkit.model.mapstyle import MapStyle
    from toolkit.rules.shared import PoolUse

__all__ = ["GameModule", "BaseGame", "GameModuleError", "game_module", "bundled_modules",
           "Calculation", "CalcResult", "CalcInputError", "AidSpec", "SitePage", "SiteSection", "SiteData", "CORE_AIDS", "CORE_PAGES",
           "ScenarioInput", "parameters_type", "RESERVED_COMMANDS", "CommandClash", "guard_commands", "command_clashes",
           "with_commands", "default_module"]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")

#: What this module offers that only some commands use, by name, with the core module that defines it: the
#: calculations (``calc``, ``odds``), the map questions (``map``) and the map's drawing (``map draw``, aids,
#: site). They are loaded on first use (:func:`__getattr__`, :func:`_core_part`), so ``chartroom check``
#: creates none of their classes (issue 22 item 2: no work at import for what a command does not touch).
_ON_FIRST_USE = {name: "toolkit.games.calculation" for name in
                 ("Calculation", "CalcResult", "CalcInputError", "ScenarioInput", "parameters_type")}
_ON_FIRST_USE.update({"Distance": "toolkit.games.maps", "MapExport": "toolkit.games.maps"})
_ON_FIRST_USE.update({"SetUp": "toolkit.games.setup"})  # the set-up drawn on the map (``map draw``, aids): pieces, tracks


def __getattr__(name: str):
    """``from toolkit.games import Calculation`` (and the other names of :data:`_ON_FIRST_USE`): loaded on first use (PEP 562)."""
    if name not in _ON_FIRST_USE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_ON_FIRST_USE[name]), name)
    globals()[name] = value
    return value


def _core_part(module: str) -> ModuleType:
    """The core module ``module`` behind one of :class:`BaseGame`'s defaults, loaded the first time a command asks
    (as :meth:`BaseGame.part` loads a game's own parts)."""
    return importlib.import_module(module)


#: The player aids the core makes from shared templates fed by a game's data, by kind; a game's
#: ``core_aids`` names those it has (``setup``: a set-up card per side; ``schedule``: a reinforcement
#: schedule per side; ``manifest``: the counter manifest; ``charts``: the edition's charts;
#: ``sequence``: the sequence of play; ``bases``: the base directory; ``map``: the map; ``setup-map``: the
#: set-up drawn on the map, in sheets that print at full size, from ``setup_pieces``).
CORE_AIDS = ("setup", "schedule", "manifest", "charts", "sequence", "bases", "map", "setup-map")

#: The pages the core makes for a game's part of the site, from shared templates fed by its data; a
#: game's ``core_pages`` names those it has (the overview page is every game's). ``map``: the map on the
#: overview; ``bases``: the base directory per edition; ``counters``: the counter mix; ``schedules``:
#: the reinforcement schedules; ``editions``: the editions compared (only for a game of two editions
#: or more); ``errata``: the errata (only where some are recorded); ``sequence``: the sequence of play;
#: ``reference``: the authoring reference, every section and key of every kind of file the game is written in,
#: from its schemas and overlays.
#: A declared page the data has nothing for is left out, never shown empty.
CORE_PAGES = ("map", "bases", "counters", "schedules", "editions", "errata", "sequence", "reference")


class SitePage(NamedTuple):
    """A page a game adds to its part of the site: file stem, navigation label, Markdown text."""

    stem: str
    label: str
    markdown: str


class SiteSection(NamedTuple):
    """A section a game adds to the site page of each of its scenarios: heading and Markdown text."""

    heading: str
    markdown: str


@lazy_dataclass(frozen=True)
class SiteData:
    """What the core opened, through the session, for a game's own site pages.

    ``games`` maps each edition id to its :class:`~toolkit.model.Game`; ``scenario`` is the game's
    ``site_scenario`` opened for its first edition (``None`` when it has none or it does not load),
    and ``scenario_game`` the game as that scenario sees it (a scenario may bring its own map).
    """

    games: Mapping[str, Game]
    scenario: Scenario | None = None
    scenario_game: Game | None = None

    @property
    def game(self) -> Game:
        """The game of the first edition (or of the scenario, which may bring its own map)."""
        return self.scenario_game or next(iter(self.games.values()))


@lazy_dataclass(frozen=True)
class AidSpec:
    """An aid a game adds: file stem, title, page orientation (portrait or landscape), its
    template (in the game's ``templates`` folder; it may extend the core's ``aid.html``), and
    ``context(game, scenario)``, the template's variables."""

    stem: str
    title: str
    orientation: str
    template: str
    context: Callable[[Game, Scenario], dict]


@runtime_checkable
class GameModule(Protocol):
    """What a game gives the core.

    ``name``
        The module's name as the manifest writes it.
    ``game_id``
        The id of the game's data (``game:`` in its files; its folder under ``scenarios/``).
    ``map_kind``
        ``hex-grid`` or ``areas`` (the map kinds :class:`toolkit.model.Map` knows).
    ``required_parameters``
        Edition parameters its computations and checks read, each with who needs it;
        an edition that lacks one is an ``EDITION-PARAMETER`` finding when the game loads.
    ``checks()``
        Its :class:`~toolkit.rules.CheckRegistry`; the core runs those that apply to the edition.
    ``context(game, scenario)``
        The :class:`~toolkit.rules.Context` its checks receive.
    ``commands``
        The names of the commands it adds with ``register_commands`` (none may be a core command,
        :data:`RESERVED_COMMANDS`, or another game's: the clash is refused, a GAME-MODULE finding).
    ``register_commands(subparsers)``
        Adds its CLI commands and returns ``{command: handler(args) -> exit status}``. The core adds
        them twice: as ``chartroom calc GAME NAME`` and, for the default game, at the top level.
    ``default_game``
        True for the one game answered when a command names none (the first game Chartroom had, so
        that its spellings from before the other games keep working).
    ``map_distance(game, a, b, sea, scenario)`` / ``map_export(game)``
        ``chartroom map distance`` and ``map export``: a :class:`~toolkit.games.maps.Distance`
        and a :class:`~toolkit.games.maps.MapExport` (by default, by map kind: :mod:`toolkit.games.maps`).
    ``odds_kinds(subparsers)``
        Adds the kinds of battle ``chartroom odds GAME KIND`` answers besides its calculations of
        group ``odds``, and returns their handlers (``{}`` by default).
    ``permanently_removed(counter, edition)``
        Whether a sunk counter leaves the game for good.
    ``overlays(game, scenario)``
        Named sets of map nodes per side for the map's overlays (Air ZOC, supply), or ``{}``.
    ``scenario_parameters``
        Edition parameters a scenario's numbers are written against (name -> rule key), named in the
        note when a scenario is checked in another edition than its own.
    ``new_template``
        Example lines of the ``new`` command's variant file (commented YAML), or ``""``.
    ``marker_owner(name)``
        The side a record-track marker belongs to on the set-up cards, or ``None`` for both.
    ``counters_in_use(game, scenario)``
        Counters of each id in use at the start, counted as its counter-mix check counts them.
    ``pools_in_use(game, scenario)``
        Counter ids the rules make interchangeable (:class:`toolkit.rules.shared.PoolUse`), limited together, with
        their use at the start; the reinforcement schedule counts their arrivals against the pool (``BaseGame``: none).
    ``calculations()``
        The :class:`Calculation` objects ``chartroom calc <game_id>`` offers, by name.
    ``pitch``
        One line saying what the game is, for a player (the home page of the site).
    ``core_aids``
        Which of the core player aids the game has (:data:`CORE_AIDS`); the core makes no other.
    ``aids(game)``
        The aids it adds (:class:`AidSpec`), rendered from ``templates``.
    ``templates``
        The folder of its own Jinja templates (they may extend the core's ``aid.html``), or ``None``.
    ``core_pages``
        Which of the core's pages its part of the site has (:data:`CORE_PAGES`); the core makes no other.
    ``site_scenario``
        A scenario file in the game's folder whose start its own pages show, or ``None``; the core
        opens it through the session and hands it to ``site_pages``.
    ``site_pages(data)``
        The pages it adds to its part of the site (:class:`SitePage`), from :class:`SiteData`.
    ``scenario_sections(game, scenario)``
        The sections it adds to the site page of a scenario (:class:`SiteSection`), after the core's
        set-up cards and schedules: its own aids for that scenario.
    ``data_findings(game)``
        Findings about the game's own fields of its data (its overlay's keys, which the core
        does not read), located in its files; reported whenever the game is opened.
    ``base_facts(game, record)``
        The game's own columns of a base, another place or a box in the base directory, by
        name (the core gives name, hex, VP, flag and control); ``{}`` for none.
    ``map_style(game)``
        How the map drawing shows the game's own fields of places and boxes, and its terrain
        (:class:`toolkit.model.mapstyle.MapStyle`); the default shows none.
    ``setup_pieces(game, scenario, turn)``
        The scenario's set-up at the start of ``turn`` (its first by default) as pieces to draw on the map
        (:class:`toolkit.games.setup.SetUp`): by default its placements, Turn Record Track and the game's
        schedules (:func:`toolkit.games.setup.default_setup`); a game whose set-up is in its own sections
        (task forces) gives its own.
    ``schedule_notes(game, side, optional_rules)``
        What the optional rules in use (this edition's numbers) change in ``side``'s reinforcement schedule
        (:class:`toolkit.model.schedule_notes.ScheduleNotes`): scheduled values they take away, notes on
        arrivals, sentences for the schedule's head; empty by default.
    """

    name: str
    game_id: str
    map_kind: str
    required_parameters: Mapping[str, str]
    new_template: str
    commands: tuple[str, ...]
    default_game: bool
    pitch: str
    core_aids: tuple[str, ...]
    core_pages: tuple[str, ...]
    templates: Path | None
    site_scenario: str | None

    def checks(self) -> CheckRegistry: ...

    def context(self, game: Game, scenario: Scenario) -> Context: ...

    def register_commands(self, subparsers) -> dict[str, Callable]: ...

    def odds_kinds(self, subparsers) -> dict[str, Callable]: ...

    def map_distance(self, game: Game, a: str, b: str, sea: bool = False, scenario: Scenario | None = None) -> Distance: ...

    def map_export(self, game: Game) -> MapExport: ...

    def permanently_removed(self, counter: Counter, edition: Edition) -> bool: ...

    def returns_to_mix(self, game: Game, counter: Counter) -> str: ...

    def overlays(self, game: Game, scenario: Scenario) -> dict[str, dict[str, set[str]]]: ...

    def marker_owner(self, name: str) -> str | None: ...

    def counters_in_use(self, game: Game, scenario: Scenario) -> dict[str, int]: ...

    def pools_in_use(self, game: Game, scenario: Scenario) -> Sequence[PoolUse]: ...

    def calculations(self) -> Mapping[str, Calculation]: ...

    def aids(self, game: Game) -> Sequence[AidSpec]: ...

    def site_pages(self, data: SiteData) -> Sequence[SitePage]: ...

    def scenario_sections(self, game: Game, scenario: Scenario) -> Sequence[SiteSection]: ...

    def data_findings(self, game: Game) -> Sequence[Finding]: ...

    def map_style(self, game: Game) -> MapStyle: ...

    def base_facts(self, game: Game, record: Place | Box) -> dict: ...

    def setup_pieces(self, game: Game, scenario: Scenario, turn: int | None = None) -> SetUp: ...

    def schedule_notes(self, game: Game, side: str, optional_rules: frozenset[str]) -> ScheduleNotes: ...


class BaseGame:
    """Defaults for the parts of :class:`GameModule` a game may leave out."""

    def part(self, name: str) -> ModuleType:
        """The game's own module ``name`` (its aids, site pages, calculations, map questions, command lines).

        The core loads a game module by the name its manifest gives; it loads the parts of a game that only
        some commands use the same way, by name on first use, in this one place, so that ``chartroom check``
        pays for none of them (imports stay at the top of every module).
        """
        return importlib.import_module(f"{type(self).__module__}.{name}")

    name = ""
    game_id = ""
    pitch = ""
    #: What every map game has: a set-up card per side, the counter manifest, the map and the set-up drawn on it.
    core_aids: tuple[str, ...] = ("setup", "manifest", "map", "setup-map")
    #: The map, the counter mix and the sequence of play (each left out where the data has none), and the authoring reference.
    core_pages: tuple[str, ...] = ("map", "counters", "sequence", "reference")
    templates: Path | None = None
    site_scenario: str | None = None
    map_kind = "hex-grid"
    required_parameters: Mapping[str, str] = {}
    new_template = ""
    commands: tuple[str, ...] = ()
    default_game = False
    #: Edition parameters a scenario's own numbers are written against, each with the rule key that
    #: sets it: named when a scenario is checked in another edition than the one it was written for.
    scenario_parameters: Mapping[str, str] = {}

    def build_checks(self) -> CheckRegistry:
        """The game's checks, built once per module object (override this, not :meth:`checks`)."""
        return CheckRegistry()

    @cached_property
    def _checks(self) -> CheckRegistry:
        return self.build_checks()

    def checks(self) -> CheckRegistry:
        return self._checks

    def context(self, game: Game, scenario: Scenario) -> Context:
        return Context(game, scenario)

    def register_commands(self, subparsers) -> dict[str, Callable]:
        return {}

    def odds_kinds(self, subparsers) -> dict[str, Callable]:
        return {}

    def map_distance(self, game: Game, a: str, b: str, sea: bool = False, scenario: Scenario | None = None) -> Distance:
        """Hexes or steps between two places, by the map's kind (:func:`toolkit.games.maps.distance`); ``scenario``
        (given with ``--scenario``) may name more places, as a game's module decides."""
        if sea:
            raise InputError(f"--sea: {game.title}'s map does not tell sea from land; leave it out")
        return _core_part("toolkit.games.maps").distance(game, a, b)

    def map_export(self, game: Game) -> MapExport:
        """The resolved map as plain data, by the map's kind (:func:`toolkit.games.maps.export`)."""
        return _core_part("toolkit.games.maps").export(game)

    def permanently_removed(self, counter: Counter, edition: Edition) -> bool:
        return True

    def returns_to_mix(self, game: Game, counter: Counter) -> str:
        """The rule that puts a lost unit's counter back into the mix, or "" if none does (a forfeit is then certain)."""
        return ""

    def overlays(self, game: Game, scenario: Scenario) -> dict[str, dict[str, set[str]]]:
        return {}

    def marker_owner(self, name: str) -> str | None:
        return None

    def calculations(self) -> Mapping[str, Calculation]:
        return {}

    def aids(self, game: Game) -> Sequence[AidSpec]:
        return ()

    def site_pages(self, data: SiteData) -> Sequence[SitePage]:
        return ()

    def scenario_sections(self, game: Game, scenario: Scenario) -> Sequence[SiteSection]:
        return ()

    def data_findings(self, game: Game) -> Sequence[Finding]:
        return ()

    def map_style(self, game: Game) -> MapStyle:
        return _core_part("toolkit.model.mapstyle").MapStyle()

    def base_facts(self, game: Game, record: Place | Box) -> dict:
        return {}

    def setup_pieces(self, game: Game, scenario: Scenario, turn: int | None = None) -> SetUp:
        """The set-up as pieces to draw, from what the core model holds (:func:`toolkit.games.setup.default_setup`)."""
        return _core_part("toolkit.games.setup").default_setup(game, scenario, self.context(game, scenario), turn)

    def schedule_notes(self, game: Game, side: str, optional_rules: frozenset[str]) -> ScheduleNotes:
        """The schedule as the data writes it: no optional rule of the game changes it."""
        return ScheduleNotes()

    def pools_in_use(self, game: Game, scenario: Scenario) -> Sequence[PoolUse]:
        """Counters the rules make interchangeable, limited together, with their use at the start (none: each counter
        id has its own limit)."""
        return ()

    def counters_in_use(self, game: Game, scenario: Scenario) -> dict[str, int]:
        """Counters of each id in use at the start: set-up, Turn Record Track and sunk (copies)."""
        ctx = self.context(game, scenario)
        used: dict[str, int] = {}
        entries = [u.entry for u in ctx.units] + [e for _, p in scenario.turn_track for e in p.units if ctx.in_use(e)]
        entries += list(scenario.sunk)
        for entry in entries:
            if entry.counter in game.counters:
                used[entry.counter] = used.get(entry.counter, 0) + entry.count
        return used


class GameModuleError(InputError):
    """A manifest names a module that is not there, does not import, or is no game module."""


def game_module(name: str | None) -> GameModule:
    """The game module a manifest names; raises :class:`GameModuleError` with a one-line reason."""
    if not name:
        raise GameModuleError("rules_module: the manifest names no game module")
    if not isinstance(name, str) or not _NAME.match(name):
        raise GameModuleError(f"rules_module: {name!r} is not a Python module name")
    dotted = name if "." in name else f"{__name__}.{name}"
    try:
        module = importlib.import_module(dotted)
    except ModuleNotFoundError as exc:
        if exc.name and (dotted == exc.name or dotted.startswith(exc.name + ".")):
            known = ", ".join(bundled_modules()) or "none"
            raise GameModuleError(f"rules_module: no game module {name!r} (bundled: {known})") from None
        raise GameModuleError(f"rules_module: game module {name!r} failed to import: {exc}") from None
    except Exception as exc:  # a module with a bug: say which, never a traceback
        raise GameModuleError(f"rules_module: game module {name!r} failed to import: {type(exc).__name__}: {exc}") from None
    game = getattr(module, "GAME", None)
    if not isinstance(game, GameModule):
        raise GameModuleError(f"rules_module: {dotted} has no GAME object with the game-module interface")
    for member, kinds in (("core_aids", CORE_AIDS), ("core_pages", CORE_PAGES)):
        unknown = [kind for kind in getattr(game, member) if kind not in kinds]
        if unknown:
            raise GameModuleError(f"rules_module: {dotted} declares {member} {', '.join(map(repr, unknown))}, "
                                  f"which the core does not make (it makes {', '.join(kinds)})")
    return game


def bundled_modules() -> list[str]:
    """The game modules shipped under ``toolkit.games``, by name."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def all_bundled() -> Sequence[GameModule]:
    """Every bundled game module (for the commands they add to ``chartroom``)."""
    return [game_module(name) for name in bundled_modules()]


def with_commands() -> list[str]:
    """The bundled game modules that add commands of their own: those holding a ``commands`` module.

    Found without importing any game (as Django finds management commands), so that a command of one
    game imports no other game's module.
    """
    found = []
    for info in pkgutil.iter_modules(__path__):
        folder = Path(info.module_finder.path) / info.name
        if info.ispkg and any(sub.name == "commands" for sub in pkgutil.iter_modules([str(folder)])):
            found.append(info.name)
    return sorted(found)


def default_module() -> GameModule | None:
    """The bundled game answered when a command names none (:attr:`BaseGame.default_game`), or None."""
    return next((module for module in map(game_module, with_commands()) if module.default_game), None)
