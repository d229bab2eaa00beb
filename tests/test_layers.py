"""The layer contract: data flows one way, and no module imports from a layer above its own.

load -> schema -> model -> graph -> rules -> render/report -> games -> commands (session, cli).
Every import counts, at the top of a module or inside a function. A game module builds on
the check registry and the renderer; the core never imports a game (the session finds a
game's module by the name its manifest gives).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "toolkit"

#: Lowest first. A module's layer is the first prefix that matches its dotted name.
LAYERS = [
    ("base", ["toolkit", "toolkit.errors", "toolkit.findings", "toolkit.exits", "toolkit.outputs", "toolkit.pathnames", "toolkit.exact", "toolkit.bounds",
              "toolkit.simulate", "toolkit.words", "toolkit.sealed", "toolkit.records"]),
    ("load", ["toolkit.load"]),
    ("schema", ["toolkit.schema"]),
    ("model", ["toolkit.model"]),
    ("graph", ["toolkit.graph"]),
    ("rules", ["toolkit.rules", "toolkit.crossref"]),
    ("render", ["toolkit.render", "toolkit.report", "toolkit.audit", "toolkit.fmt"]),
    ("games", ["toolkit.games"]),
    ("commands", ["toolkit.session", "toolkit.inherited", "toolkit.written_for", "toolkit.check", "toolkit.variant", "toolkit.cli", "toolkit.render_cli",
                  "toolkit.variant_cli", "toolkit.calc_cli", "toolkit.map_cli", "toolkit.surface", "toolkit.listing", "toolkit.completion",
                  "toolkit.shell_cli", "toolkit.watch", "toolkit.lsp", "toolkit.answers", "toolkit.entry"]),
]


def layer_of(module: str) -> int | None:
    best, rank = -1, None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), index
    return rank


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> list[tuple[str, int]]:
    """Every toolkit module ``path`` imports, with the line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found += [(f"{node.module}.{alias.name}", node.lineno) for alias in node.names]
    return [(name, line) for name, line in found if name.startswith("toolkit")]


def upward_imports(package: Path = PACKAGE) -> list[str]:
    problems = []
    for path in sorted(package.rglob("*.py")):
        here = module_name(path, package)
        own = layer_of(here)
        for target, line in imports(path):
            theirs = layer_of(target)
            if own is not None and theirs is not None and theirs > own:
                problems.append(f"{path.relative_to(package.parent)}:{line}: {here} ({LAYERS[own][0]}) imports "
                                f"{target} ({LAYERS[theirs][0]})")
    return problems


def test_no_module_imports_from_a_layer_above():
    assert upward_imports() == []


def test_every_module_has_a_layer():
    assert [module_name(p) for p in PACKAGE.rglob("*.py") if layer_of(module_name(p)) is None] == []


def test_the_contract_fails_on_an_upward_import(tmp_path):
    """Shown, not assumed: a model module that imports a game is caught, at its line."""
    package = tmp_path / "toolkit"
    (package / "model").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "model" / "__init__.py").write_text('"""A model."""\n\nfrom toolkit.games import game_module\n')
    assert upward_imports(package) == [
        "toolkit/model/__init__.py:3: toolkit.model (model) imports toolkit.games.game_module (games)"]


def test_no_game_is_named_outside_its_module():
    """The core names no side, edition or citation of a bundled game (docstring examples aside); a game's own package may."""
    offenders = []
    games = PACKAGE / "games"
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent != games and games in path.parents:
            continue  # inside toolkit/games/<game>/: the game's own module
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                      and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                for word in ("japan", "allied", "FitS", "v1.1", "pacific", "Pacific Fury", "Henderson"):
                    if word in node.value:
                        offenders.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {word!r}")
    assert offenders == []


@pytest.mark.parametrize("name", ["toolkit.model.hexes", "toolkit.games.fire_in_the_sky.state", "toolkit.cli"])
def test_layer_of_known_modules(name):
    assert layer_of(name) is not None


def import_cycles(package: Path = PACKAGE) -> list[list[str]]:
    """Circles of imports between toolkit modules (at the top or inside functions; ``from package import name``
    counts as importing the package, ``from package import module`` the module)."""
    modules = {module_name(p, package): p for p in package.rglob("*.py")}
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for here, path in modules.items():
        for target, _ in imports(path):
            while target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]
            if target in modules and target != here:
                edges[here].add(target)
    cycles, state = [], {}

    def visit(node, trail):
        state[node] = "open"
        for nxt in sorted(edges[node]):
            if state.get(nxt) == "open":
                cycles.append(trail[trail.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = "done"

    for start in sorted(modules):
        if start not in state:
            visit(start, [start])
    return cycles


def test_no_import_circle():
    """Issue 18, item 9: Fire in the Sky's commands shared private helpers in a circle; none is left anywhere."""
    assert import_cycles() == []


def test_an_import_circle_is_caught(tmp_path):
    package = tmp_path / "toolkit"
    (package / "games").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "games" / "__init__.py").write_text("")
    (package / "games" / "a.py").write_text("from toolkit.games.b import helper\n")
    (package / "games" / "b.py").write_text("def helper():\n    from toolkit.games.a import x\n")
    assert import_cycles(package) == [["toolkit.games.a", "toolkit.games.b", "toolkit.games.a"]]
