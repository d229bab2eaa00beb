"""A bounded, in-process memo: the least recently used entry goes first when it is full."""

from __future__ import annotations

from collections import OrderedDict

__all__ = ["BoundedMemo"]


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
