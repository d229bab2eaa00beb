"""Dataclasses made the first time they are used, not when their module loads (issue 22 item 2).

``dataclasses.dataclass`` writes a class's methods as source text and compiles them when the ``class`` statement
runs: ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and, frozen, ``__setattr__`` and ``__delattr__``, six
compilations, about 0.6 ms a class. Those compilations were 30% of the instructions of a cold ``chartroom check`` of
Fire from the Skies' Midway (callgrind), and a third of the classes it loaded it never made: a check of a plotting
sheet makes no box, a check no game's site data.

:func:`lazy_dataclass` takes the options of ``dataclasses.dataclass`` and hands the class to it, unchanged, the first time
the class is made (called, or unpickled or copied) or asked for its fields (``dataclasses.fields``,
``dataclasses.is_dataclass``): from then on the class is exactly the dataclass the decorator would have made. Until
then it is the class as written, which only a reader of its signature or of its class attributes could tell apart.

>>> @lazy_dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> "__eq__" in Point.__dict__  # not made yet
False
>>> Point(1) == Point(1, 0), "__eq__" in Point.__dict__
(True, True)
>>> [f.name for f in __import__("dataclasses").fields(Point)]
['x', 'y']
"""

from __future__ import annotations

import dataclasses

__all__ = ["lazy_dataclass"]

#: What :func:`lazy_dataclass` puts on a class until it is made.
_STAND_INS = ("__init__", "__setstate__", "__dataclass_fields__")


def lazy_dataclass(cls=None, /, **options):
    """``dataclasses.dataclass(**options)``, applied to the class the first time it is used (see the module)."""

    def wrap(cls):
        if any(name in cls.__dict__ for name in _STAND_INS):
            raise TypeError(f"{cls.__name__}: a lazy dataclass defines no {', '.join(_STAND_INS)} of its own")
        pending = _Pending(cls, options)
        cls.__dataclass_fields__ = pending

        def __init__(self, *args, **kwargs):  # the first instance: make the class, then its own __init__
            pending.make()
            cls.__init__(self, *args, **kwargs)

        def __setstate__(self, state):  # an instance unpickled or copied before any was made
            pending.make()
            _restore(self, state)

        cls.__init__ = __init__
        cls.__setstate__ = __setstate__
        return cls

    return wrap if cls is None else wrap(cls)


class _Pending:
    """A lazy dataclass's ``__dataclass_fields__`` until it is made: reading it makes the class first."""

    def __init__(self, cls, options: dict):
        self.cls = cls
        self.options = options

    def make(self):
        cls = self.cls
        if cls.__dict__.get("__dataclass_fields__") is not self:
            return  # made already
        for name in _STAND_INS:
            delattr(cls, name)
        for base in reversed(cls.__mro__[1:]):  # a pending base first: dataclasses reads its fields
            pending = base.__dict__.get("__dataclass_fields__")
            if isinstance(pending, _Pending):
                pending.make()
        dataclasses.dataclass(cls, **self.options)

    def __get__(self, instance, owner):
        self.make()
        return self.cls.__dataclass_fields__


def _restore(instance, state):
    """Set an unpickled or copied instance's state as :mod:`pickle` and :mod:`copy` do for a class without
    ``__setstate__`` (or with the one a base has)."""
    setstate = getattr(instance, "__setstate__", None)
    if setstate is not None:
        setstate(state)
        return
    slots = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slots = state
    if state:
        instance.__dict__.update(state)
    for name, value in (slots or {}).items():
        setattr(instance, name, value)
