"""An aid's layout freed by reference counting once it is laid out, not by the cyclic collector (issue 22 item 4).

WeasyPrint lays a document out with a layout context that holds everything the layout made and keeps: the styles
of every element, every table laid out (with its rows and cells, at each try of a set-up card's column heights),
the hyphenation dictionaries. The context holds its own image loader, which holds the context (a ``partial``
given ``context=self``): a reference cycle, so all of it outlives the document's layout until a pass of the
collector finds it, 16,000 to 75,000 objects an aid for the Short Campaign, each walked by that pass before
it is freed. :func:`untie` gives each context laid out since it was last called an image loader that reaches
it by a weak reference, once the layout is done: the loader finds the same context for as long as anything
else holds it (a drawing given as an image holds it, to draw its texts), and reference counting frees it
as soon as nothing does. An image the loader loads is given the context itself, as WeasyPrint gives it, and
keeps it (a drawing loaded while the PDF is written, and kept in the image cache for a later aid, draws its own
images with it). Nothing the PDF is made of changes: the bytes are the same.
"""

from __future__ import annotations

import functools
import sys
import weakref

__all__ = ["install", "untie"]

_MADE: weakref.WeakSet = weakref.WeakSet()  # the layout contexts made since untie() was last called


def install() -> bool:
    """Note every layout context WeasyPrint makes, for :func:`untie`; True when done (or done before)."""
    layout = sys.modules.get("weasyprint.layout")
    context_class = getattr(layout, "LayoutContext", None)
    if context_class is None:
        return False
    original = context_class.__init__
    if not getattr(original, "chartroom", False):

        @functools.wraps(original)
        def __init__(self, *args, **kwargs):
            original(self, *args, **kwargs)
            _MADE.add(self)

        __init__.chartroom = True
        context_class.__init__ = __init__
    return True


def untie() -> None:
    """Each layout context made since the last call reached by its image loader through a weak reference, not held by it."""
    for context in list(_MADE):
        _MADE.discard(context)
        loader = context.__dict__.get("get_image_from_uri")
        if isinstance(loader, functools.partial) and loader.keywords.get("context") is context:
            context.get_image_from_uri = _loader_of(weakref.ref(context), functools.partial(
                loader.func, *loader.args, **{name: value for name, value in loader.keywords.items() if name != "context"}))


def _loader_of(context, load):
    """WeasyPrint's image loader ``load`` given the context ``context`` (a weak reference) refers to, itself, when called.

    An image loaded once the layout is done (a drawing's own image, loaded while the PDF is written) keeps the context it is
    given, as it would with WeasyPrint alone, and may be kept in the image cache the aids share, to be drawn again with it
    by a later aid: given a weak reference, it would find the context gone with its aid and the drawing lose its images.
    """

    def get_image_from_uri(*args, **kwargs):
        return load(*args, context=context(), **kwargs)

    get_image_from_uri.context = context  # for the tests: the context it loads images with
    return get_image_from_uri
