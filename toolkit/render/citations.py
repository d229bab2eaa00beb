"""The rules each check cites, read from the code: one row per check code of a game, for the docs' citation table.

A check is registered with its code, its summary (the clause it enforces) and a rule key that each
edition's rules table numbers (:func:`toolkit.rules.check`). Some findings cite a more precise rule
than the check's own: the check yields ``ctx.edition.cite("key")``, ``ctx.edition.cite_number("6.7")``
or a text ``f"{ctx.edition.citation} 6.7"`` as a third element, and ``DATA-MISSING`` cites the rule of
each record its game's ``NEEDS`` lists. These are read from the check's source (its syntax tree) and
its module, so the table follows the code as it changes and is never written by hand. The core's own
findings that cite a rule (:data:`toolkit.findings.CORE_CODES`: an unknown optional rule, a scenario
checked in another edition) have a row in every game's table too, with that game's rule.
"""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap
from pathlib import Path
from typing import Iterable, Mapping

from toolkit.findings import CORE_CODES, CoreCode
from toolkit.model import Edition
from toolkit.records import lazy_dataclass
from toolkit.rules import Check, Context

__all__ = ["CitationRow", "GameCitations", "also_cited", "citation_rows", "core_rows", "game_citations"]


@lazy_dataclass(frozen=True)
class CitationRow:
    """One check: its code, severity, the clause it enforces, its rule key, and per edition the rule it cites (``n/a`` where it does not run)."""

    code: str
    severity: str
    clause: str
    rule: str
    cells: tuple[str, ...]  # per edition: "7.4.5 Planning Searches", or "n/a"
    also: tuple[tuple[str, ...], ...]  # per edition: the rule numbers its findings may cite besides (sorted)
    core: bool = False  # a core finding (toolkit.findings.CORE_CODES), not a check of the game

    def numbers(self, index: int) -> set[str]:
        """Every rule number the check may cite in the ``index``-th edition."""
        main = self.cells[index].split(" ", 1)[0] if self.cells[index] != "n/a" else ""
        return ({main} if main else set()) | set(self.also[index])


def _source_tree(func) -> ast.AST | None:
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(func)))
    except (OSError, TypeError, SyntaxError):
        return None


def _context_classes(module) -> list[type]:
    """The :class:`toolkit.rules.Context` subclasses a check module names (its checks' ``ctx``)."""
    return [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, Context)] if module is not None else []


def _helpers(tree: ast.AST, module) -> list:
    """Functions the source calls that may cite for it: its module's own functions, and methods of its context (``ctx.setup_rule(...)``)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name):
            value = getattr(module, node.func.id, None)
            if inspect.isfunction(value) and value.__module__ == getattr(module, "__name__", None):
                found.append(value)
        elif isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and node.func.value.id == "ctx":
            for cls in _context_classes(module):
                value = inspect.getattr_static(cls, node.func.attr, None)
                value = getattr(value, "func", value)  # a cached_property
                if inspect.isfunction(value):
                    found.append(value)
    return found


def _texts(node: ast.AST) -> set[str]:
    """The string constants of an expression (``"a" if x else "b"``: both)."""
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _cited_in(tree: ast.AST, keys: set[str], numbers: set[str]) -> None:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "cite" and node.args:  # the key, or each key a conditional chooses between
                keys.update(_texts(node.args[0]))
            elif node.func.attr == "cite_number":
                numbers.update(t for a in node.args for t in _texts(a))
        elif isinstance(node, ast.JoinedStr):
            parts = node.values
            for first, second in zip(parts, parts[1:]):
                if (isinstance(first, ast.FormattedValue) and isinstance(first.value, ast.Attribute) and first.value.attr == "citation"
                        and isinstance(second, ast.Constant) and str(second.value).split()):
                    number = str(second.value).split()[0].rstrip(".,;:")
                    if number[:1].isdigit():
                        numbers.add(number)


def also_cited(check: Check) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(rule keys, rule numbers) the check's findings may cite besides its own rule, read from its source.

    The check's own body, the functions of its module it calls and the methods of its context it calls
    (two calls deep) are read for ``cite("key")``, ``cite_number("n")`` and ``f"{...citation} n"``; a check
    whose module lists ``NEEDS`` (``DATA-MISSING``) cites the rule of each.

    >>> from toolkit.rules import check
    >>> @check("X", "own", "A clause.")
    ... def x(ctx):
    ...     yield "m", None, ctx.edition.cite("other")
    ...     yield "m", None, ctx.edition.cite_number("3.4", "12.1")
    ...     yield "m", None, f"{ctx.edition.citation} 6.7"
    >>> also_cited(x.__check__)
    (('other',), ('12.1', '3.4', '6.7'))
    """
    keys: set[str] = set()
    numbers: set[str] = set()
    module = sys.modules.get(check.func.__module__)
    seen: set = set()
    todo = [(check.func, 0)]
    while todo:
        func, depth = todo.pop()
        if func in seen:
            continue
        seen.add(func)
        tree = _source_tree(func)
        if tree is None:
            continue
        _cited_in(tree, keys, numbers)
        if depth < 2:
            todo.extend((helper, depth + 1) for helper in _helpers(tree, sys.modules.get(func.__module__) or module))
    root = _source_tree(check.func)
    needs = getattr(module, "NEEDS", None) if root is not None and "NEEDS" in ast.unparse(root) else None
    for need in needs or ():
        rule = getattr(need, "rule", None)
        if isinstance(rule, str):
            keys.add(rule)
    keys.discard(check.rule)
    return tuple(sorted(keys)), tuple(sorted(numbers))


def _cell(edition: Edition, key: str) -> str:
    rule = edition.rules.get(key)
    return f"{rule.get('number')} {rule.get('title', '')}".strip() if rule else ""


def citation_rows(checks: Iterable[Check], editions: Mapping[str, Edition]) -> list[CitationRow]:
    """One row per check, by code: the rule each edition cites for it and the other rules its findings may cite."""
    rows = []
    for c in sorted(checks, key=lambda c: c.code):
        keys, numbers = also_cited(c)
        cells, also = [], []
        for edition_id, edition in editions.items():
            if not c.applies_to(edition_id):
                cells.append("n/a")
                also.append(())
                continue
            cells.append(_cell(edition, c.rule))
            own = cells[-1].split(" ", 1)[0]
            extra = {edition.rules[k]["number"] for k in keys if k in edition.rules} | set(numbers)
            also.append(tuple(sorted(extra - {own}, key=_rule_order)))
        rows.append(CitationRow(c.code, c.severity, c.summary, c.rule, tuple(cells), tuple(also)))
    return rows


def core_rows(editions: Mapping[str, Edition], module=None, codes: Iterable[CoreCode] = CORE_CODES) -> list[CitationRow]:
    """One row per core finding that cites a rule, with the rule each edition of this game numbers for it.

    A code's rule is its ``rule`` key, or the keys its game module lists under ``module_rules`` (the first is
    the row's own, the others go to *also*); ``n/a`` in a game with fewer editions than the code needs, and
    where no key is given (the finding then cites the edition alone).
    """
    rows = []
    for code in codes:
        keys = [code.rule] if code.rule else list(dict.fromkeys((getattr(module, code.module_rules, None) or {}).values()))
        runs = len(editions) >= code.editions and bool(keys)
        cells, also = [], []
        for edition in editions.values():
            own = _cell(edition, keys[0]) if runs else ""
            cells.append(own or "n/a")
            extra = {edition.rules[k]["number"] for k in keys[1:] if k in edition.rules} if runs else set()
            also.append(tuple(sorted(extra - {own.split(" ", 1)[0]}, key=_rule_order)))
        rows.append(CitationRow(code.code, code.severity, code.clause, keys[0] if keys else "n/a", tuple(cells), tuple(also), core=True))
    return rows


def _rule_order(number: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 0 for p in number.split("."))


@lazy_dataclass(frozen=True)
class GameCitations:
    """A game's citation table: its title, its editions' citation prefixes (``FitS v1.1``), its rows, and its module and game."""

    title: str
    editions: tuple[str, ...]
    rows: tuple[CitationRow, ...]
    module: object
    game: object


def game_citations(game_folders: Iterable[Path], session) -> list[GameCitations]:
    """The citation table of each game folder that opens (its module's checks, each edition's rules table)."""
    out = []
    for folder in game_folders:
        info, _ = session.game_manifest(folder)
        if info is None:
            continue
        editions, module, game = {}, None, None
        for e in info.get("editions", []):
            opened = session.open_game(folder, e["id"])
            if opened.game is not None and opened.module is not None:
                editions[e["id"]] = opened.game.edition
                module, game = opened.module, opened.game
        if module is None:
            continue
        rows = sorted(citation_rows(module.checks(), editions) + core_rows(editions, module), key=lambda r: r.code)
        out.append(GameCitations(info.get("title", folder.name), tuple(e.citation for e in editions.values()), tuple(rows), module, game))
    return out
