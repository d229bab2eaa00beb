"""Bounded memos: the least recently used entry goes first when one is full; a session owns them (:class:`SessionMemos`)."""

from __future__ import annotations

from collections import OrderedDict
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

__all__ = ["BoundedMemo", "SessionMemos", "session_memo", "remembered", "while_working", "while_working_on", "within_a_session"]


class BoundedMemo:
    """A mapping with at most ``size`` entries (LRU); a miss is ``None``.

    >>> memo = BoundedMemo(2)
    >>> memo.put("a", 1); memo.put("b", 2); memo.get("a"); memo.put("c", 3)
    1
    >>> memo.get("b") is None, memo.get("a"), memo.get("c"), len(memo)
    (True, 1, 3, 2)
    """

    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict = OrderedDict()

    def get(self, key):
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key, value) -> None:
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def __contains__(self, key) -> bool:
        return self.get(key) is not None

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every entry (the benchmarks measure a cold start this way)."""
        self._entries.clear()


class SessionMemos:
    """The memos one session owns: a bounded :class:`BoundedMemo` per name, dropped with the session.

    What a game folder's files decide (its overlay schemas, say) may change between two sessions
    of one process (a test, a language server): it is kept here, never process-wide. A layer
    below the session reaches the memos of the session at work through :func:`session_memo`.

    >>> memos = SessionMemos(4)
    >>> with memos.active():
    ...     session_memo("validators").put("k", 1)
    ...     session_memo("validators").get("k")
    1
    >>> session_memo("validators") is None  # outside a session nothing is kept
    True
    """

    def __init__(self, size: int = 32):
        self.size = size
        self._memos: dict[str, BoundedMemo] = {}
        self._depth = 0  # how many of :meth:`active` are open: the outermost one is one piece of work
        self.work: dict = {}  # what holds only while that piece of work runs (:func:`while_working`)

    def __getitem__(self, name: str) -> BoundedMemo:
        if name not in self._memos:
            self._memos[name] = BoundedMemo(self.size)
        return self._memos[name]

    @contextmanager
    def active(self) -> Iterator["SessionMemos"]:
        """Make these the memos :func:`session_memo` gives while the block runs (nesting restores the outer ones)."""
        token = _ACTIVE.set(self)
        self._depth += 1
        try:
            yield self
        finally:
            self._depth -= 1
            if self._depth == 0:
                self.work.clear()
            _ACTIVE.reset(token)


_ACTIVE: ContextVar[SessionMemos | None] = ContextVar("chartroom_session_memos", default=None)


def session_memo(name: str) -> BoundedMemo | None:
    """The memo ``name`` of the session at work, or None outside a session (then compute, keep nothing)."""
    memos = _ACTIVE.get()
    return None if memos is None else memos[name]


@contextmanager
def within_a_session() -> Iterator[SessionMemos]:
    """The memos of the session at work, or fresh ones for this block when none is (a call from Python outside a
    :class:`~toolkit.session.Session`): one load reads and judges a game's overlay schemas once, not once per file.

    >>> with within_a_session() as outer, within_a_session() as inner:
    ...     inner is outer
    True
    """
    memos = _ACTIVE.get()
    if memos is not None:
        yield memos
        return
    with SessionMemos().active() as memos:
        yield memos


def remembered(name: str, key, build: Callable[[], object]):
    """``build()``, kept under ``key`` in the session's memo ``name`` (None and other falsy values are kept too).

    >>> calls = []
    >>> with SessionMemos().active():
    ...     remembered("m", 1, lambda: calls.append(1)); remembered("m", 1, lambda: calls.append(1))
    >>> len(calls)
    1
    """
    memo = session_memo(name)
    if memo is None:
        return build()
    hit = memo.get(key)
    if hit is None:
        hit = (build(),)
        memo.put(key, hit)
    return hit[0]


def while_working(key, build: Callable[[], object]):
    """``build()``, kept under ``key`` while the session's outermost method runs (one command, one language-server
    request), then forgotten: for what the file system says (a path with its links followed, the files of a folder),
    asked again and again by one command, which a later one must ask afresh. Outside a session: ``build()``.

    >>> memos, calls = SessionMemos(), []
    >>> with memos.active():
    ...     with memos.active():
    ...         while_working("k", lambda: calls.append(1)); while_working("k", lambda: calls.append(1))
    ...     while_working("k", lambda: calls.append(1))
    >>> with memos.active():
    ...     while_working("k", lambda: calls.append(1))
    >>> len(calls)
    2
    """
    memos = _ACTIVE.get()
    if memos is None:
        return build()
    work = memos.work
    if key in work:
        return work[key]
    value = work[key] = build()
    return value


def while_working_on(thing, name, build: Callable[[], object]):
    """``build()`` for this very object ``thing`` (a document read, an entry of a cache) under ``name``, kept as
    :func:`while_working` keeps: ``thing`` is held with it, so another object that reuses its ``id`` is never answered.

    >>> memos, calls, thing = SessionMemos(), [], object()
    >>> with memos.active():
    ...     while_working_on(thing, "k", lambda: calls.append(1)); while_working_on(thing, "k", lambda: calls.append(1))
    >>> len(calls)
    1
    """
    held = while_working((name, id(thing)), lambda: (thing, build()))
    return held[1] if held[0] is thing else build()
