"""mkdocs hooks: the pages about the games, scenarios and reference are generated from the data.

``on_config`` sets the navigation (for players and designers first, developers last);
``on_files`` adds every generated page with ``File.generated`` (no plugin);
``on_page_markdown`` puts the games, drawn from their data, into the hand-written home page at
its marker. What is generated comes from ``extra.chartroom_generated``, which ``chartroom site``
sets (see :func:`toolkit.render.site.build_site`).
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
            {"Guides": [{"Authoring a scenario": "guide/authoring.md"}, *nav["guides"],
                        {"Provenance and reconstructed data": "provenance.md"}]},
            {"Games": nav["games"]},
            {"Scenarios": nav["scenarios"]},
            {"Reference": nav["reference"]},
            {"Developers": [*nav["developers"], {"Benchmarks": "benchmarks.md"}]},
        ]
    return config


#: The line of the home page (``docs/index.md``) that the list of games replaces.
HOME_MARKER = "<!-- chartroom: games -->"


def on_page_markdown(markdown, page, config, **kwargs):
    if page.file.src_uri != "index.md":
        return markdown
    _, nav = _generate(config)
    return markdown.replace(HOME_MARKER, nav["home"])  # a home page of one's own without the marker stays as written


def on_files(files, config, **kwargs):
    pages, _ = _generate(config)
    for uri in sorted(pages):
        existing = files.get_file_from_path(uri)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, uri, content=pages[uri]))
    return files
