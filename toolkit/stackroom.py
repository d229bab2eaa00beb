"""A call made with room for deep calls on the interpreter's frame stack, so none of them maps memory (issue 22).

CPython 3.11 and 3.12 keep Python frames on a stack of memory chunks of 16 KB. When a call does not fit in the
chunk in use, the interpreter maps a new chunk; when that call returns, it unmaps it at once. A program whose
calls go up and down across a chunk's edge maps and unmaps memory for each crossing, each time faulting its
pages in afresh: WeasyPrint's layout of the aids, whose calls run deep and come back thousands of times a page,
did so 33,000 times for the Short Campaign's ``aids --pdf`` (``strace -c``), half the process's page faults
and most of its system CPU. CPython keeps a spare chunk since March 2026 (gh-142183, main, 3.14 and 3.13);
Debian's 3.11 does not.

:func:`with_stack_room` calls a function from a frame that reserves :data:`ROOM` bytes of frame stack (a code
object whose value stack is that large; its slots are never written, so its pages are never faulted in).
The interpreter gives that frame a chunk twice as large, and the calls made under it go into the rest of that
chunk: no chunk is mapped or unmapped until they return, however often they cross what would have been a 16 KB edge.
What the function computes does not change: only where the interpreter keeps its frames.
"""

from __future__ import annotations

import sys
from typing import Callable, TypeVar

__all__ = ["with_stack_room", "ROOM"]

T = TypeVar("T")

#: The frame stack reserved (bytes); the interpreter maps a chunk of twice this, the other half for the calls
#: made under it: thousands of frames deep, far more than the recursion limit allows.
ROOM = 4 * 1024 * 1024


def _call(function, args, kwargs):
    return function(*args, **kwargs)


if sys.implementation.name == "cpython" and hasattr(_call.__code__, "replace"):
    # The frame's size is its locals plus its value stack: a value stack of ROOM bytes, never used beyond its first slots.
    _call.__code__ = _call.__code__.replace(co_stacksize=_call.__code__.co_stacksize + ROOM // 8)


def with_stack_room(function: Callable[..., T], *args, **kwargs) -> T:
    """``function(*args, **kwargs)``, its calls kept on one chunk of frame stack (see the module's docstring)."""
    return _call(function, args, kwargs)
