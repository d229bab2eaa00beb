"""The heavy third-party libraries, each imported in one place: here, when a command first needs it.

Every other import is at the top of its module. These libraries cost real time to import
(``python -X importtime -c "import X"``, cumulative, best of three, on the development machine),
and ``chartroom check`` needs none of them (tests/test_startup.py), so each is imported by one
function below, the first time a command asks for it; Python keeps the module afterwards.

- :func:`networkx`: the map graphs (map questions, supply, reach, overlays), about 180 ms;
- :func:`jinja2`: the templates of the aids, the site and the ledgers, about 70 ms;
- :func:`weasyprint`: HTML to PDF, about 760 ms;
- :func:`pypdf`: joining and inspecting PDFs, about 120 ms;
- :func:`mkdocs`: building the docs site, about 110 ms;
- :func:`resvg_py`: SVG to PNG (``map draw -o FILE.png``), about 1 ms but optional (the ``pdf`` extra), so
  only a PNG asks for it;
- :func:`jsonschema` and :func:`referencing`: the schema messages of an invalid document, about 100 ms and 50 ms;
- :func:`jsonschema_rs`: the compiled validator (optional), about 20 ms, not paid when the cache knows the verdict;
- :func:`dataclasses`: the standard library's, with :mod:`inspect` (and ast, dis, tokenize), about 8 ms: the record
  classes are made without it (:mod:`toolkit.records`), which imports it only when someone asks for their
  ``dataclasses.Field`` objects, for a ``FrozenInstanceError``, or for a declaration it leaves to ``dataclasses``;
- :func:`ruamel_yaml`: ruamel.yaml's round trip for ``chartroom fmt``, about 20 ms, not paid by a warm ``check``
  (the loader's own parser, :mod:`toolkit.load.yamlpos`, is the other place that imports it, itself loaded
  only when a document is not in the cache).

>>> networkx().path_graph(3).number_of_edges()
2
"""

from __future__ import annotations

from types import ModuleType

__all__ = ["dataclasses", "jinja2", "jsonschema", "jsonschema_rs", "mkdocs", "networkx", "pypdf", "referencing", "resvg_py", "ruamel_yaml", "watchfiles", "weasyprint"]


def networkx() -> ModuleType:
    """networkx."""
    import networkx

    return networkx


def jinja2() -> ModuleType:
    """jinja2."""
    import jinja2

    return jinja2


def weasyprint() -> ModuleType:
    """WeasyPrint with its fonts module (``weasyprint.text.fonts.FontConfiguration``); ImportError without the extra."""
    import weasyprint.text.fonts

    return weasyprint


def pypdf() -> ModuleType:
    """pypdf; ImportError without the extra."""
    import pypdf

    return pypdf


def mkdocs() -> ModuleType:
    """MkDocs with its build command (``mkdocs.commands.build``, ``mkdocs.config``, ``mkdocs.exceptions``); ImportError without the extra."""
    import mkdocs.commands.build
    import mkdocs.config

    return mkdocs


def jsonschema() -> ModuleType:
    """jsonschema (``jsonschema.exceptions`` with it)."""
    import jsonschema

    return jsonschema


def referencing() -> ModuleType:
    """referencing with its JSON Schema specifications (``referencing.jsonschema``)."""
    import referencing.jsonschema

    return referencing


def jsonschema_rs() -> ModuleType:
    """jsonschema-rs, the compiled validator; ImportError when it is not installed."""
    import jsonschema_rs

    return jsonschema_rs


def dataclasses() -> ModuleType:
    """dataclasses (with inspect, ast, dis and tokenize), for what toolkit.records leaves to it."""
    import dataclasses

    return dataclasses


def ruamel_yaml() -> ModuleType:
    """ruamel.yaml (its ``comments``, ``error``, ``events`` and ``tokens`` modules with it)."""
    import ruamel.yaml

    return ruamel.yaml


def watchfiles() -> ModuleType:
    """watchfiles, for ``check --watch`` (a compiled extension and its event thread)."""
    import watchfiles

    return watchfiles


def resvg_py() -> ModuleType:
    """resvg-py, the resvg SVG rasteriser (a wheel with no system library); ImportError without the extra."""
    import resvg_py

    return resvg_py
