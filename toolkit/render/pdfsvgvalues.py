"""A drawing's lengths, number lists and references read once per text, not once per element (issue 22 item 4).

When WeasyPrint 62-70 draws an SVG it reads every element's font size, stroke width, coordinates, dash array
and paint references from their text (``weasyprint.svg.utils``: ``size``, ``normalize``, ``parse_url``), each
time afresh: ``normalize`` runs four regular expressions over the text, and ``size`` tries the text as a
number, then normalizes it, then tries each unit. A set-up map of six sheets reads about 19,000 lengths, most
of them the same few texts ("1em", "9.4px", "1px"). What each of the three answers depends only on the text
(and, for ``size``, the font size and the length a percentage refers to), and the answers are numbers, texts
and URL tuples, never changed afterwards, so :func:`install` gives WeasyPrint's drawing modules functions
that keep each answer and give it again. The PDF is the same bytes (tests/test_pdf_svg_values.py).

WeasyPrint is reached through its own modules (each ``weasyprint.svg`` module that imported these functions);
where they are not as expected (another version), nothing is changed.
"""

from __future__ import annotations

import sys

__all__ = ["install", "KEPT", "MAX_ANSWERS"]

#: The functions of ``weasyprint.svg.utils`` whose answers are kept: each gives the same for the same arguments.
KEPT = ("size", "normalize", "parse_url")

#: Answers kept per function at most, then started afresh (a large drawing's coordinates).
MAX_ANSWERS = 50_000


def install() -> bool:
    """Give WeasyPrint's SVG modules the functions that keep their answers; True when done (or done before)."""
    utils = sys.modules.get("weasyprint.svg.utils")
    originals = {name: getattr(utils, name, None) for name in KEPT}
    if any(original is None for original in originals.values()):
        return False
    for name, original in originals.items():
        if getattr(original, "chartroom", False):
            continue
        kept = _kept(original)
        for module_name, module in list(sys.modules.items()):
            if module_name.startswith("weasyprint.svg") and getattr(module, name, None) is original:
                setattr(module, name, kept)
    return True


def _kept(original):
    """``original``, each answer kept by its arguments and given again (arguments that cannot be a key: asked afresh)."""
    answers: dict = {}

    def kept(*args, **named):
        if named:  # WeasyPrint 62-70 passes its arguments by position: anything else is asked afresh
            return original(*args, **named)
        try:
            return answers[args]
        except KeyError:
            answer = original(*args)
            if len(answers) >= MAX_ANSWERS:
                answers.clear()
            answers[args] = answer
            return answer
        except TypeError:  # an argument that cannot be a key
            return original(*args)

    kept.chartroom = True
    kept.original = original
    kept.__doc__ = original.__doc__
    kept.__name__ = original.__name__
    return kept
