"""WeasyPrint's line breaking and measuring of texts, done once per text, style and width (issue 22 item 4).

WeasyPrint lays every line of text out with Pango (``split_first_line``): to measure a table cell's narrowest
and widest text (``weasyprint.layout.preferred``, word by word, for the widths of a table's columns), and again
to break it into lines (``weasyprint.layout.inline``), and again each time the block holding it is laid out
anew: each try of a two-column set-up card's column heights, each table row moved to the next page. The
aids repeat the same short texts in the same style ("0.000", "1/6", "allied", a rule number) hundreds of
times, and what Pango answers depends only on the text, the style properties it reads (:data:`MEASURED_BY`)
and the width given, so :func:`install` gives both modules a function that asks Pango once per text, style
and width (about half of the calls of the Short Campaign's aids). The lines are the same: the PDF is the
same bytes (the tests compare them with WeasyPrint's own).

The answers are kept with the font configuration the aids share (one per command, or per worker process),
so fonts loaded by another configuration never answer for them. Where WeasyPrint is not as expected
(another version), nothing is changed.
"""

from __future__ import annotations

import copy
import copyreg
import sys
from operator import itemgetter

__all__ = ["install", "MEASURED_BY", "measured_by", "shallow_copy"]

#: The style properties WeasyPrint's ``split_first_line`` reads (weasyprint/text/line_break.py and fonts.py, 62-70):
#: two texts measure alike when these and the text are the same.
MEASURED_BY = ("font_family", "font_style", "font_stretch", "font_weight", "font_size", "font_variant_caps",
               "font_variation_settings", "font_kerning", "font_variant_ligatures", "font_variant_position",
               "font_variant_numeric", "font_variant_alternates", "font_variant_east_asian", "font_feature_settings",
               "font_language_override", "lang", "direction", "white_space", "word_spacing", "letter_spacing",
               "overflow_wrap", "word_break", "tab_size", "hyphens", "hyphenate_character", "hyphenate_limit_zone",
               "hyphenate_limit_chars", "text_decoration_line", "line_height")

#: The style's values of :data:`MEASURED_BY`, read in one call (a text's key is made thousands of times an aid).
_measured_by = itemgetter(*MEASURED_BY)
measured_by = _measured_by  # a style's values of MEASURED_BY (toolkit.render.pdftexts keys its layouts by them too)

#: Answers kept per font configuration and kind at most (a long document's texts), then started afresh.
MAX_ANSWERS = 50_000


def shallow_copy(thing):
    """``copy.copy(thing)``, made directly for an object of a plain class (WeasyPrint's ``Layout``: an instance dictionary,
    no slots, no copying or pickling methods of its own), which ``copy.copy`` makes in the same way by way of
    ``__reduce_ex__``, at a fifth of the cost; any other object by ``copy.copy``."""
    kind = thing.__class__
    plain = _PLAIN.get(kind)
    if plain is None:
        plain = _PLAIN[kind] = _is_plain(kind)
    if not plain:
        return copy.copy(thing)
    made = object.__new__(kind)
    made.__dict__.update(thing.__dict__)
    return made


_PLAIN: dict = {}  # class -> whether shallow_copy may copy its objects directly


def _is_plain(kind) -> bool:
    """Whether ``copy.copy`` makes an object of ``kind`` as a new object of it with a copy of its instance dictionary
    (asked once per class: a class given a way of copying after its first object is copied keeps the first answer)."""
    return (kind.__dictoffset__ != 0 and kind.__new__ is object.__new__ and kind.__reduce_ex__ is object.__reduce_ex__ and kind.__reduce__ is object.__reduce__
            and getattr(kind, "__getstate__", object.__getstate__) is object.__getstate__
            and not any(hasattr(kind, name) for name in ("__copy__", "__setstate__"))
            and not any("__slots__" in vars(base) for base in kind.__mro__) and kind not in copy._copy_dispatch
            and kind not in copyreg.dispatch_table)  # copy.copy asks copyreg's table before __reduce_ex__


def install() -> bool:
    """Give WeasyPrint's width measuring and line breaking the once-per-text function; True when done (or done before)."""
    done = False
    for module_name, keep_layout in (("weasyprint.layout.preferred", False), ("weasyprint.layout.inline", True)):
        module = sys.modules.get(module_name)
        original = getattr(module, "split_first_line", None)
        if original is None:
            continue
        if not getattr(original, "chartroom", False):
            module.split_first_line = _once_per_text(original, keep_layout)
        done = True
    return done


def _once_per_text(original, keep_layout: bool):
    """``original`` (WeasyPrint's ``split_first_line``) answering each text and style once per font configuration.

    With ``keep_layout`` each answer carries a copy of the first answer's layout (as WeasyPrint returns it, its Pango
    objects released), which the box drawn from it makes afresh from its own style when it is painted; without,
    no layout (the widths' measuring never reads it).
    """
    store = "chartroom_lines" if keep_layout else "chartroom_measures"

    def split_first_line(text, style, context, max_width, justification_spacing, is_line_start=True, minimum=False):
        try:
            key = (text, max_width, justification_spacing, is_line_start, minimum, *_measured_by(style))
            hash(key)
            answers = style.font_config.__dict__.setdefault(store, {})
        except (TypeError, KeyError, AttributeError):  # a value that cannot be a key, a style or configuration unlike 62-70's
            return original(text, style, context, max_width, justification_spacing, is_line_start, minimum)
        found = answers.get(key)
        if found is None:
            answer = original(text, style, context, max_width, justification_spacing, is_line_start, minimum)
            if len(answers) >= MAX_ANSWERS:
                answers.clear()
            answers[key] = (copy.copy(answer[0]) if keep_layout else None, *answer[1:])
            return answer
        if keep_layout:  # each box its own layout object: drawing one (an ellipsis, say) never changes another's
            return (shallow_copy(found[0]), *found[1:])
        return found

    split_first_line.chartroom = True
    split_first_line.__doc__ = original.__doc__
    return split_first_line
