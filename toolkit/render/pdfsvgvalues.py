"""A drawing's lengths, number lists, references and colours read once per text, not once per element (issue 22 item 4).

When WeasyPrint 62-70 draws an SVG it reads every element's font size, stroke width, coordinates, dash array,
paint references and colours from their text (``weasyprint.svg.utils``: ``size``, ``normalize``, ``parse_url``,
``color``), each time afresh: ``normalize`` runs four regular expressions over the text, ``size`` tries the text
as a number, then normalizes it, then tries each unit, ``color`` parses CSS. A set-up map of six sheets reads
about 19,000 lengths and 3,000 colours, most of them the same few texts ("1em", "9.4px", "1px", "#1a1a1a"). What
each answers depends only on the text (and, for ``size``, the font size and the length a percentage refers to),
so :func:`install` gives WeasyPrint's drawing modules functions that keep each answer and give it again: the
numbers, texts and URL tuples as they are (nothing changes them), a colour as a copy of its own (WeasyPrint sets
the copy's opacity). The PDF is the same bytes (tests/test_pdf_svg_values.py).

WeasyPrint is reached through its own modules (each ``weasyprint.svg`` module that imported these functions);
where they are not as expected (another version), nothing is changed.
"""

from __future__ import annotations

import copy
import sys

__all__ = ["install", "KEPT", "COPIED", "MAX_ANSWERS"]

#: The functions of ``weasyprint.svg.utils`` whose answers are kept: each gives the same for the same arguments.
KEPT = ("size", "normalize", "parse_url", "color")

#: Those whose answer WeasyPrint changes once it has it (a colour's opacity): each caller is given a copy.
COPIED = ("color",)

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
        kept = _kept(original, copied=name in COPIED)
        for module_name, module in list(sys.modules.items()):
            if module_name.startswith("weasyprint.svg") and getattr(module, name, None) is original:
                setattr(module, name, kept)
    return True


def _kept(original, copied: bool = False):
    """``original``, each answer kept by its arguments and given again, or a copy of it when ``copied`` (arguments that
    cannot be a key: asked afresh)."""
    answers: dict = {}
    given = copy.copy if copied else _as_it_is

    def kept(*args, **named):
        if named:  # WeasyPrint 62-70 passes its arguments by position: anything else is asked afresh
            return original(*args, **named)
        try:
            return given(answers[args])
        except KeyError:
            answer = original(*args)
            if len(answers) >= MAX_ANSWERS:
                answers.clear()
            answers[args] = given(answer)
            return answer
        except TypeError:  # an argument that cannot be a key
            return original(*args)

    kept.chartroom = True
    kept.original = original
    kept.__doc__ = original.__doc__
    kept.__name__ = original.__name__
    return kept


def _as_it_is(answer):
    """An answer nothing changes, given as it is."""
    return answer
