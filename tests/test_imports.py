"""Issue 18, item 9: imports at the top of modules; the measured heavy libraries lazily, each in one place.

The imports nested in a function in ``toolkit/`` are counted as ``benchmarks/structure.py`` counts
them (an ``import`` statement inside a ``def``, one per name imported). At most 15, and each must
be on :data:`ALLOWED`: a third-party library that costs real time to import (measured with
``python -X importtime -c "import X"``, cumulative, best of three) and that ``chartroom check``
does not need, imported in :mod:`toolkit.lazy` and nowhere else.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "toolkit"
LIMIT = 15

#: What may be imported inside a function, where, and why (milliseconds to import on the development machine).
ALLOWED = {
    "networkx": ("toolkit/lazy.py", "the map graphs, about 180 ms"),
    "jinja2": ("toolkit/lazy.py", "the templates, about 70 ms"),
    "weasyprint.text.fonts": ("toolkit/lazy.py", "WeasyPrint, about 760 ms"),
    "pypdf": ("toolkit/lazy.py", "joining PDFs, about 120 ms"),
    "mkdocs.commands.build": ("toolkit/lazy.py", "the docs site, about 110 ms"),
    "mkdocs.config": ("toolkit/lazy.py", "the docs site's configuration (with the line above)"),
    "jsonschema": ("toolkit/lazy.py", "the messages of an invalid document, about 100 ms"),
    "referencing.jsonschema": ("toolkit/lazy.py", "jsonschema's schema registry, about 50 ms"),
    "jsonschema_rs": ("toolkit/lazy.py", "the compiled validator, about 20 ms, not paid on a warm cache"),
    "ruamel.yaml": ("toolkit/lazy.py", "the YAML parser, about 20 ms, not paid on a warm cache"),
    "dataclasses": ("toolkit/lazy.py", "dataclasses with inspect, ast, dis and tokenize, about 8 ms: the record classes are made without it"),
    # Not a library: a core command (check, audit, schema, rules) builds no other command's parser, so it
    # does not import the renderer's PDF workers (multiprocessing, concurrent.futures: about 40 ms).
    "toolkit.calc_cli": ("toolkit/cli.py", "the other commands' modules"),
    "toolkit.map_cli": ("toolkit/cli.py", "the other commands' modules"),
    "toolkit.render_cli": ("toolkit/cli.py", "the other commands' modules"),
    "toolkit.variant_cli": ("toolkit/cli.py", "the other commands' modules"),
    "toolkit.exact": ("toolkit/cli.py", "the other commands' number options (exact dice arithmetic: fractions, decimal)"),
    "toolkit.shell_cli": ("toolkit/cli.py", "the other commands' modules"),
    "resvg_py": ("toolkit/lazy.py", "map draw -o FILE.png only: optional (the pdf extra), about 1 ms"),
    "toolkit.lsp.server": ("toolkit/cli.py", "chartroom lsp only: pygls and lsprotocol, about 1 s (lsprotocol's types)"),
    "watchfiles": ("toolkit/lazy.py", "check --watch only: a compiled extension and its event thread"),
}


def inner_imports(package: Path = PACKAGE) -> list[tuple[str, int, str]]:
    """``(file, line, module)`` of every import inside a function (``from a import b`` names ``a.b``
    when ``b`` is a module of the package, else ``a``)."""
    found = set()
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package.parent).as_posix()
        for func in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(func):
                if isinstance(node, ast.Import):
                    found.update((where, node.lineno, alias.name) for alias in node.names)
                elif isinstance(node, ast.ImportFrom):
                    base = "." * node.level + (node.module or "")
                    for alias in node.names:
                        sub = f"{base}.{alias.name}"
                        is_module = (package.parent / sub.replace(".", "/")).with_suffix(".py").is_file()
                        found.add((where, node.lineno, sub if is_module else base))
    return sorted(found)


def problems(package: Path = PACKAGE) -> list[str]:
    found = inner_imports(package)
    statements = len({(where, line) for where, line, _ in found})  # counted as issue 18 and benchmarks/structure.py count them
    wrong = [f"{where}:{line}: {module} is imported inside a function; import it at the top of the module"
             + ("" if module not in ALLOWED else f" (allowed in {ALLOWED[module][0]} only)")
             for where, line, module in found if ALLOWED.get(module, ("",))[0] != where]
    if statements > LIMIT:
        wrong.append(f"{statements} imports inside functions; at most {LIMIT}")
    return wrong


def test_imports_inside_functions_are_few_and_for_a_heavy_library():
    assert problems() == []
    assert len({(where, line) for where, line, _ in inner_imports()}) <= LIMIT


def test_each_lazy_library_is_imported_in_one_place():
    places: dict[str, set] = {}
    for where, _, module in inner_imports():
        places.setdefault(module, set()).add(where)
    assert {module: where for module, where in places.items() if len(where) > 1} == {}


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    package = tmp_path / "toolkit"
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    return package


def test_a_lazy_import_of_a_light_module_is_caught(tmp_path):
    """Shown, not assumed: a game's own submodule (or a standard module) imported in a method is refused, at its line."""
    package = _package(tmp_path, {"__init__.py": "", "games/__init__.py": "", "games/g/__init__.py": "",
                                  "games/g/site.py": "",
                                  "games/g/game.py": "def site_pages(data):\n    from toolkit.games.g import site\n\n"
                                                     "    import json\n    return site\n"})
    assert problems(package) == [
        "toolkit/games/g/game.py:2: toolkit.games.g.site is imported inside a function; import it at the top of the module",
        "toolkit/games/g/game.py:4: json is imported inside a function; import it at the top of the module"]


def test_a_heavy_library_outside_its_one_place_is_caught(tmp_path):
    package = _package(tmp_path, {"__init__.py": "", "lazy.py": "def networkx():\n    import networkx\n    return networkx\n",
                                  "graph.py": "def build():\n    import networkx\n    return networkx.Graph()\n"})
    assert problems(package) == ["toolkit/graph.py:2: networkx is imported inside a function; import it at the top of the "
                                 "module (allowed in toolkit/lazy.py only)"]


def test_more_than_the_limit_is_caught(tmp_path):
    body = "".join(f"def f{i}():\n    import networkx\n\n" for i in range(LIMIT + 1))
    package = _package(tmp_path, {"__init__.py": "", "lazy.py": body})
    assert problems(package) == [f"{LIMIT + 1} imports inside functions; at most {LIMIT}"]
