"""mkdocs hooks: the pages about the games, scenarios and reference are generated from the data.

``on_config`` sets the navigation (hand-written pages first, then what the data gives);
``on_files`` adds every generated page with ``File.generated`` (no plugin). The pages come
from ``extra.chartroom_generated``, which ``chartroom site`` sets (see
:func:`toolkit.render.site.build_site`).
"""

from __future__ import annotations

from mkdocs.structure.files import File


def _generate(config) -> tuple[dict, dict]:
    """The pages ``chartroom site`` generated (it opens the data through its session)."""
    generated = config.extra.get("chartroom_generated")
    if generated is None:
        raise RuntimeError("build the site with `chartroom site`, which generates the pages from the data")
    return generated


def on_config(config, **kwargs):
    pages, nav = _generate(config)
    if not config.nav:
        config.nav = [
            {"Home": "index.md"},
            {"Guides": [{"Authoring a scenario": "guide/authoring.md"}, {"Provenance and reconstructed data": "provenance.md"},
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
