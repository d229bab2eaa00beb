"""A game's authoring reference: every section and key of every kind of file the game is written in.

The rows come from the schemas (:mod:`toolkit.schema.reference`), the examples from the game's own
files, so the page says what ``chartroom check`` accepts and what the bundled data writes.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.findings import ChartroomError
from toolkit.load import load_file
from toolkit.records import lazy_dataclass
from toolkit.schema.reference import Section, document_kinds, examples_from, reference

__all__ = ["KindReference", "authoring_reference", "game_documents"]


@lazy_dataclass(frozen=True)
class KindReference:
    """One document kind of a game: its description (the schema's) and its sections."""

    kind: str
    description: str
    sections: tuple[Section, ...]


def game_documents(folder: Path, gid: str, extra: Path | None = None) -> dict[str, list[dict]]:
    """The game's YAML files as plain data, by ``kind:`` (in path order; a file that does not load is left out:
    ``chartroom check`` reports it), then those of ``extra`` (the docs' worked examples) that are the game's."""
    out: dict[str, list[dict]] = {}
    paths = sorted(Path(folder).rglob("*.yaml")) + (sorted(extra.glob("*.yaml")) if extra is not None and extra.is_dir() else [])
    for path in paths:
        try:
            data = load_file(path).data
        except ChartroomError:
            continue
        if isinstance(data, dict) and isinstance(data.get("kind"), str) and data.get("game") in (gid, None):
            out.setdefault(data["kind"], []).append(data)
    return out


def authoring_reference(folder: Path, manifest: dict, examples: Path | None = None) -> list[KindReference]:
    """Every kind of file of the game in :data:`~toolkit.schema.reference.ORDER`, each with its sections; the
    examples from the game's files, then from the worked examples in ``examples`` (``docs/examples``)."""
    documents = game_documents(folder, manifest.get("game", Path(folder).name), examples)
    out = []
    for kind in document_kinds(folder, manifest):
        editions = tuple(e["id"] for e in manifest.get("editions") or [] if isinstance(e, dict) and isinstance(e.get("id"), str))
        sections = reference(kind, folder, manifest.get("citation"), examples_from(documents.get(kind, [])), editions)
        if not sections:
            continue
        top = sections[0]
        out.append(KindReference(kind, top.meaning, tuple(sections)))
    return out
