"""mkdocs hooks: the pages about the games, scenarios and reference are generated from the data.

``on_config`` sets the navigation (hand-written pages first, then what the data gives);
``on_files`` adds every generated page with ``File.generated`` (no plugin). Extra scenario
pages come from ``extra.chartroom_scenarios`` (a list of paths), which ``chartroom site
--scenario PATH`` sets.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File

_generated: dict = {}


def _generate(config) -> tuple[dict, dict]:
    from toolkit.render.sitepages import generate_pages

    extra = config.extra.get("chartroom_scenarios") or []
    key = tuple(str(p) for p in extra)
    if key not in _generated:
        _generated.clear()
        _generated[key] = generate_pages(extra_scenarios=[Path(p) for p in extra])
    return _generated[key]


def on_config(config, **kwargs):
    pages, nav = _generate(config)
    if not config.nav:
        config.nav = [
            {"Home": "index.md"},
            {"Guides": [{"Authoring a scenario": "authoring.md"}, {"Provenance and reconstructed data": "provenance.md"},
                        *nav["guides"], {"Benchmarks": "benchmarks.md"}]},
            {"Games": nav["games"]},
            {"Scenarios": nav["scenarios"]},
            {"Reference": nav["reference"]},
        ]
    return config


def on_files(files, config, **kwargs):
    pages, _ = _generate(config)
    for uri in sorted(pages):
        existing = files.get_file_from_path(uri)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, uri, content=pages[uri]))
    return files


def on_post_build(config, **kwargs):
    _generated.clear()
