"""The shape of the code, counted: the figures issue 18 asks to compare before and after a move.

``python benchmarks/structure.py [PACKAGE_DIR]`` prints, for the ``toolkit`` package:

- lines per package (non-blank lines of ``.py`` files, by first-level folder);
- imports inside functions (``import`` statements nested in a ``def``), and which modules they import;
- exception roots: classes deriving directly from a built-in exception (``Exception``, ``ValueError``, ...);
- process-wide caches: ``functools.lru_cache``/``cache`` decorators and module-level ``_CACHE``-like dicts.

It reads the source only (``ast``), imports nothing of the package, and is not run by ``make bench``
(its name does not start with ``bench_``).
"""

from __future__ import annotations

import ast
import builtins
import sys
from collections import Counter
from pathlib import Path

BUILTIN_EXCEPTIONS = {name for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, BaseException)}


def _package_of(path: Path, root: Path) -> str:
    parts = path.relative_to(root).parts
    return f"{root.name}/{parts[0]}" if len(parts) > 1 else root.name


def _lines(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def _inner_imports(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(func):
                if isinstance(node, ast.Import):
                    found += [(node.lineno, alias.name) for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    found.append((node.lineno, "." * node.level + (node.module or "")))
    return sorted(set(found))


def _exception_roots(tree: ast.AST) -> list[str]:
    roots = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = [b.id for b in node.bases if isinstance(b, ast.Name)]
            if bases and all(b in BUILTIN_EXCEPTIONS for b in bases):
                roots.append(node.name)
    return roots


def _caches(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
                if name in ("lru_cache", "cache"):
                    found.append(node.name)
    for node in getattr(tree, "body", []):  # module-level memo dicts
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and "CACHE" in target.id.upper() and isinstance(node.value, (ast.Dict, ast.Call)):
                    found.append(target.id)
    return found


def main(root: Path) -> None:
    lines: Counter[str] = Counter()
    inner, roots, caches = [], [], []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(root.parent)
        lines[_package_of(path, root)] += _lines(path)
        inner += [f"{where}:{line} {name}" for line, name in _inner_imports(tree)]
        roots += [f"{where} {name}" for name in _exception_roots(tree)]
        caches += [f"{where} {name}" for name in _caches(tree)]
    print("lines per package (non-blank):")
    for package, count in sorted(lines.items()):
        print(f"  {package:<28} {count:>6}")
    print(f"  {'total':<28} {sum(lines.values()):>6}")
    for title, rows in (("imports inside functions", inner), ("exception roots", roots), ("process-wide caches", caches)):
        print(f"{title}: {len(rows)}")
        for row in rows:
            print(f"  {row}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "toolkit")
