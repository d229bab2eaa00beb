"""Reading data files for the model: load, validate against the schema, collect findings.

Each step reports its problems as findings located in the user's files. A file that
fails its schema is not built into the model.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

from toolkit.findings import Finding, LoadError
from toolkit.load import Document, load_file, resolved
from toolkit.load.memo import while_working, while_working_on
from toolkit.model import Game, Scenario
from toolkit.records import field, lazy_dataclass
from toolkit.schema import schemas, validate

__all__ = ["Loaded", "read_document", "check_document", "find_game_root", "document_game_root", "bundled_scenarios", "suggest", "close_names", "in_edition",
           "is_bundled_name", "bundled_names", "bundled_scenario",
           "manifest_editions", "likely_edition"]

#: The ``toolkit`` folder, symbolic links followed (a constant: the package does not move while Chartroom runs).
_PACKAGE = Path(__file__).resolve().parents[1]


def bundled_scenarios() -> Path:
    """The games shipped with Chartroom: ``scenarios/`` in a checkout, ``toolkit/bundled`` when installed."""
    package = _PACKAGE
    for candidate in (package.parent / "scenarios", package / "bundled"):
        if candidate.is_dir():
            return candidate
    return package.parent / "scenarios"


#: A bundled scenario's name: its game's folder and its path there without ``.yaml`` (``fire-in-the-sky/short-campaign``);
#: compiled on first use (``re`` keeps it), not when the module loads (issue 22).
_BUNDLED_NAME = r"^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)+$"


def is_bundled_name(text: str) -> bool:
    """Whether ``text`` is written as a bundled scenario's name rather than a path: ``GAME/SCENARIO`` with no
    ``.yaml`` ending and no ``.`` or ``..`` part (a path to a file always ends in ``.yaml``).

    >>> is_bundled_name("fire-in-the-sky/short-campaign"), is_bundled_name("short-campaign.yaml"), is_bundled_name("../x/y")
    (True, False, False)
    """
    return bool(re.match(_BUNDLED_NAME, text))


def bundled_names() -> dict[str, Path]:
    """Every bundled scenario by name (``fire-in-the-sky/short-campaign``), in each game's manifest's order (``files.scenarios``)."""
    found: dict[str, Path] = {}
    for manifest in sorted(bundled_scenarios().glob("*/game.yaml")):
        files = ((_data(manifest).get("files") or {}).get("scenarios")) or []
        for file in files if isinstance(files, list) else []:
            path = manifest.parent / str(file)
            if str(file).endswith(".yaml") and _is_scenario(path):
                found[f"{manifest.parent.name}/{str(file)[: -len('.yaml')]}"] = path
    return found


def _data(path: Path) -> dict:
    try:
        data = load_file(path).data
    except LoadError:
        return {}
    return data if isinstance(data, dict) else {}


def _is_scenario(path: Path) -> bool:
    return path.is_file() and _data(path).get("kind") == "scenario"


def bundled_scenario(name: str) -> Path | None:
    """The file of a bundled scenario named ``GAME/SCENARIO``, or None."""
    if not is_bundled_name(name):
        return None
    path = bundled_scenarios() / f"{name}.yaml"
    return path if path.is_file() and _is_scenario(path) else None


def close_names(word: str, choices, most: int = 3) -> list[str]:
    """The names of ``choices`` a reader may have meant by ``word``: the closest spelling, else (up to ``most``, shortest
    first) the names that contain every word typed (``South Pacific`` -> ``South Pacific Ocean``).

    >>> close_names("Rabual", ["Rabaul", "Truk"])
    ['Rabaul']
    >>> close_names("South Pacific", ["The Slot", "South Pacific Ocean", "Eastern Solomons"])
    ['South Pacific Ocean']
    >>> close_names("x", ["Truk"])
    []
    """
    names = [str(c) for c in choices]
    close = difflib.get_close_matches(str(word), names, n=1, cutoff=0.6)
    if close:
        return close
    typed = [w for w in re.split(r"[\s_]+", str(word).lower()) if w]
    if not typed or len("".join(typed)) < 3:  # a letter or two is in too many names to help
        return []
    containing = sorted({n for n in names if all(w in n.lower() for w in typed)}, key=lambda n: (len(n), n))
    return containing[:most]


def suggest(word: str, choices) -> str:
    """``; did you mean 'X'?`` (or ``'X', 'Y' or 'Z'``) for :func:`close_names`, or ``""`` when none is close."""
    found = [repr(n) for n in close_names(word, choices)]
    if not found:
        return ""
    return f"; did you mean {found[0] if len(found) == 1 else ', '.join(found[:-1]) + ' or ' + found[-1]}?"


def in_edition(record: dict, edition: str) -> bool:
    editions = record.get("editions") if isinstance(record, dict) else None
    return not editions or edition in editions


@lazy_dataclass
class Loaded:
    """What loading produced: the documents read, the findings, and the model if it could be built."""

    findings: list[Finding] = field(default_factory=list)
    documents: list[Document] = field(default_factory=list)
    game: Game | None = None
    scenario: Scenario | None = None

    @property
    def ok(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)


def read_document(path: Path, kind: str | None, loaded: Loaded, game_root=None) -> Document | None:
    """Load and schema-validate one file; findings go to ``loaded``.

    ``game_root`` (a folder, or a function of the loaded document giving one) selects the
    game whose overlay schemas narrow the core schema; None checks against the core only.
    """
    try:
        document = load_file(path)
    except LoadError as error:
        loaded.findings.append(error.finding())
        return None
    return check_document(document, kind, loaded, game_root)


def check_document(document: Document, kind: str | None, loaded: Loaded, game_root=None) -> Document | None:
    """Schema-validate a document already read (as :func:`read_document` does after reading); findings go to ``loaded``."""
    loaded.documents.append(document)
    data = document.data
    if not isinstance(data, dict):
        loaded.findings.append(Finding("error", "SCHEMA-TYPE", "expected a mapping of keys at the top of the file", document.locate(())))
        return None
    actual = data.get("kind")
    if kind and actual != kind:
        loaded.findings.append(Finding("error", "SCHEMA-KIND", f"kind: expected {kind!r}, got {actual!r}", document.locate(("kind",))))
        return None
    kinds = while_working(("schema kinds", os.environ.get("CHARTROOM_SCHEMAS")), schemas)  # the core's folder, asked once a command
    if not isinstance(actual, str) or actual not in kinds:  # kind: [] is a finding, not a TypeError
        loaded.findings.append(Finding("error", "SCHEMA-KIND", f"kind: {actual!r} is not a Chartroom document kind{suggest(actual, schemas())}", document.locate(("kind",))))
        return None
    root = game_root(document) if callable(game_root) else game_root
    # A base read again for each of its variants is judged once a command (the schemas it is judged by are files: one
    # command reads them once, toolkit.schema); the document itself is held, so only this very document is answered.
    problems = while_working_on(document, ("schema findings", actual, str(root)),
                                lambda: _edition_hint(document, validate(document, actual, root), root))
    loaded.findings.extend(problems)
    return None if problems else document


def _edition_hint(document: Document, problems: list[Finding], root: Path | None) -> list[Finding]:
    """A malformed ``edition:`` (``2nd edition``, ``V1.1``, the number ``1.1``) names the game's editions and how to write one."""
    if "edition" not in document.data or root is None:
        return problems
    at = document.locate(("edition",))
    out = []
    for finding in problems:
        if finding.location == at and finding.code in ("SCHEMA-FORM", "SCHEMA-TYPE"):
            editions = manifest_editions(root)
            if editions:
                finding = Finding(finding.severity, finding.code, _edition_message(document.data["edition"], editions), at, finding.rule)
        out.append(finding)
    return out


def manifest_editions(root: Path) -> list[str]:
    """The edition ids the manifest in ``root`` lists ([] when it cannot be read)."""
    try:
        manifest = load_file(root / "game.yaml").data
    except LoadError:
        return []
    records = manifest.get("editions") if isinstance(manifest, dict) else None
    return [r["id"] for r in records or [] if isinstance(r, dict) and isinstance(r.get("id"), str)]


def _edition_message(value, editions: list[str]) -> str:
    written = f"text {value!r}" if isinstance(value, str) else f"{type(value).__name__} {value!r}"
    guess = likely_edition(value, editions)
    hint = f"; did you mean {guess!r}?" if guess else "."
    example = guess or editions[0]
    number = " (YAML reads an unquoted number as a number)" if isinstance(value, (int, float)) and not isinstance(value, bool) else ""
    return (f"edition: {written} is not an edition id; this game's editions are {', '.join(editions)}{hint} "
            f"Write the id as game.yaml gives it, in quotes: edition: \"{example}\"{number}")


def likely_edition(value, editions: list[str]) -> str | None:
    """The edition a loosely written ``value`` means (``V1.1``, ``1.1``, ``2nd edition``), or None."""
    text = re.sub(r"\b(edition|ed|rules?)\b\.?", "", str(value).strip().lower()).strip(" .-_")
    for candidate in (text, f"v{text}", text.removeprefix("v")):
        if candidate in editions:
            return candidate
    starting = [edition for edition in editions if text and edition.startswith(text)]
    if len(starting) == 1:
        return starting[0]
    close = difflib.get_close_matches(text, editions, n=1, cutoff=0.6)
    return close[0] if close else None


def document_game_root(document: Document) -> Path | None:
    """The game folder of a data file: ``game.yaml`` beside it or above it, else the bundled game it names."""
    game_id = document.data.get("game") if isinstance(document.data, dict) else None
    return find_game_root(document.path, game_id if isinstance(game_id, str) else None)


def _game_root(start: Path) -> Path | None:
    here = resolved(start).parent if start.suffix or start.is_file() else resolved(start)
    return while_working(("game.yaml above", str(here)), lambda: _manifest_folder(here))  # every variant of a folder asks


def _manifest_folder(here: Path) -> Path | None:
    """``here`` or the nearest of its three parents holding ``game.yaml``."""
    for folder in [here, *here.parents][:4]:
        if (folder / "game.yaml").is_file():
            return folder
    return None


def find_game_root(start: Path, game_id: str | None = None) -> Path | None:
    """The folder holding ``game.yaml``: the scenario's folder or a parent, else the bundled game (asked again while one
    command runs, the first answer: a check asks it four times a variant, twice of its base)."""
    found = while_working(("game root", os.getcwd(), os.fspath(start)), lambda: _game_root(Path(start)))
    if found is not None:
        return found
    if game_id:
        bundled = bundled_scenarios() / game_id
        if (bundled / "game.yaml").is_file():
            return bundled
    return None
