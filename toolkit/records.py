"""Record classes: dataclasses made the first time they are used, with one compilation each (issue 22 item 2).

``dataclasses.dataclass`` (Python 3.11) writes a class's methods as source text and compiles each one when the
``class`` statement runs: ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and, frozen, ``__setattr__`` and
``__delattr__``, six compilations, about 0.6 ms a class. Those compilations were 30% of the instructions of a cold
``chartroom check`` of Fire from the Skies' Midway (callgrind).

:func:`lazy_dataclass` takes the options of ``dataclasses.dataclass`` and makes the class the first time it is made
(called, or unpickled or copied) or asked for its fields (``dataclasses.fields``, ``dataclasses.is_dataclass``): a
command pays only for the classes it makes. Until then it is the class as written, which only a reader of its
signature or of its class attributes could tell apart.

Making it gives the class exactly what ``dataclasses.dataclass`` would (the same fields, parameters, signature,
``__match_args__`` and methods' results), at a sixth of the cost: ``__init__`` alone is compiled (instances are
made in bulk, so it stays compiled code), in one compilation; equality, ordering, hashing, ``repr`` and the frozen
``__setattr__``/``__delattr__`` are closures over the field names (``operator.attrgetter``), made without compiling
anything. A declaration this module does not make itself (``slots``, ``kw_only``, ``unsafe_hash``, ``ClassVar``,
``InitVar``, a declaration ``dataclasses`` refuses, another Python than 3.11) goes to ``dataclasses.dataclass``
unchanged. ``tests/test_records_twins.py`` holds every record class of the toolkit to its ``dataclasses`` twin.

>>> @lazy_dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> "__eq__" in Point.__dict__  # not made yet
False
>>> Point(1) == Point(1, 0), "__eq__" in Point.__dict__, Point(1)
(True, True, Point(x=1, y=0))
>>> [f.name for f in __import__("dataclasses").fields(Point)]
['x', 'y']
"""

from __future__ import annotations

import abc
import dataclasses
import inspect
import operator
import re
import sys
from _thread import get_ident
from dataclasses import MISSING, Field, FrozenInstanceError
from types import MemberDescriptorType

__all__ = ["lazy_dataclass"]

#: What :func:`lazy_dataclass` puts on a class until it is made.
_STAND_INS = ("__init__", "__setstate__", "__dataclass_fields__")

#: Whether this Python's ``dataclasses`` is the one this module makes classes like (3.11's, see the module).
_MAKES_ITS_OWN = sys.version_info[:2] == (3, 11)

#: The options this module makes a class with itself, and their defaults; any other goes to ``dataclasses``.
_OPTIONS = {"init": True, "repr": True, "eq": True, "order": False, "frozen": False, "match_args": True}

#: Methods that must not be in the class already (``dataclasses`` refuses to overwrite them, or reads them).
_ORDER = (("__lt__", operator.lt), ("__le__", operator.le), ("__gt__", operator.gt), ("__ge__", operator.ge))

#: The leading name of a string annotation (``typing.ClassVar[int]`` → ``typing``, ``ClassVar``), as
#: ``dataclasses`` reads it to tell a ``ClassVar``, ``InitVar`` or ``KW_ONLY`` annotation.
_LEADING_NAME = re.compile(r"^(?:\s*(\w+)\s*\.)?\s*(\w+)")


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
        _made(cls, **self.options)

    def __get__(self, instance, owner):
        self.make()
        return self.cls.__dataclass_fields__


def _made(cls, **options):
    """``dataclasses.dataclass(cls, **options)``: the same class, with ``__init__`` its only compiled method."""
    fields = _fields(cls, options) if _MAKES_ITS_OWN and options.keys() <= _OPTIONS.keys() else None
    if fields is None:
        return dataclasses.dataclass(cls, **options)
    options = {**_OPTIONS, **options}
    own, fields = fields
    cls.__dataclass_params__ = dataclasses._DataclassParams(options["init"], options["repr"], options["eq"], options["order"],
                                                            False, options["frozen"])
    for f in own:
        fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), Field):  # the class attribute is the default, as dataclasses leaves it
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    cls.__dataclass_fields__ = fields
    class_hash = cls.__dict__.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in cls.__dict__))
    listed = list(fields.values())
    in_init = [f for f in listed if f.init]
    init = None
    if options["init"] and "__init__" not in cls.__dict__:
        init = _init(cls, listed, in_init, options["frozen"])
        _put(cls, init)
    if options["repr"] and "__repr__" not in cls.__dict__:
        _put(cls, _repr([f.name for f in listed if f.repr]))
    compared = _key([f.name for f in listed if f.compare])
    if options["eq"] and "__eq__" not in cls.__dict__:
        _put(cls, _compare("__eq__", operator.eq, compared))
    if options["order"]:
        for name, op in _ORDER:
            _put(cls, _compare(name, op, compared))
    if options["frozen"]:
        names = frozenset(f.name for f in listed)
        _put(cls, _frozen_setattr(cls, names))
        _put(cls, _frozen_delattr(cls, names))
    if options["eq"] and not explicit_hash:
        if options["frozen"]:
            _put(cls, _hash(_key([f.name for f in listed if (f.compare if f.hash is None else f.hash)])))
        else:
            cls.__hash__ = None
    if not cls.__doc__:
        cls.__doc__ = cls.__name__ + _signature_text(cls, init, in_init)
    if options["match_args"] and "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple(f.name for f in in_init)
    abc.update_abstractmethods(cls)
    return cls


def _fields(cls, options):
    """The class's own new fields and all its fields (its bases' first) as ``dataclasses`` would read them, or None
    where this module leaves the class to ``dataclasses``: an option it does not make, a ``ClassVar``, ``InitVar`` or
    ``KW_ONLY`` annotation (or one that could be, read as ``dataclasses`` reads it), a method it would not overwrite,
    or a declaration it refuses (it then says why)."""
    options = {**_OPTIONS, **options}
    if options["order"] and not options["eq"]:
        return None
    clashing = [name for name, _ in _ORDER] if options["order"] else []
    if options["frozen"]:
        clashing += ["__setattr__", "__delattr__"]
    if any(name in cls.__dict__ for name in clashing):
        return None
    fields = {}
    frozen_bases = set()
    for base in cls.__mro__[-1:0:-1]:
        base_fields = getattr(base, "__dataclass_fields__", None)
        if base_fields is not None:
            for f in base_fields.values():
                if f._field_type is not dataclasses._FIELD:
                    return None
                fields[f.name] = f
            frozen_bases.add(base.__dataclass_params__.frozen)
    if frozen_bases and frozen_bases != {options["frozen"]}:
        return None
    annotations = cls.__dict__.get("__annotations__", {})
    module = sys.modules.get(cls.__module__)
    namespace = module.__dict__ if module is not None else {}
    own = []
    for name, kind in annotations.items():
        if name == "self" or name.startswith("_record_") or _special(kind, namespace):
            return None
        default = getattr(cls, name, MISSING)
        if isinstance(default, MemberDescriptorType):  # a slot of a base
            return None
        f = default if isinstance(default, Field) else dataclasses.field(default=default)
        if f.kw_only is True or f.default.__class__.__hash__ is None:
            return None
        own.append((name, kind, f))
    if any(isinstance(value, Field) and name not in annotations for name, value in cls.__dict__.items()):
        return None
    seen_default = False
    for f in {**fields, **{name: f for name, _, f in own}}.values():  # a field a class redeclares keeps its place
        if f.init:
            if f.default is not MISSING or f.default_factory is not MISSING:
                seen_default = True
            elif seen_default:
                return None
    for name, kind, f in own:
        f.name = name
        f.type = kind
        f._field_type = dataclasses._FIELD
        if f.kw_only is MISSING:
            f.kw_only = False
    return [f for _, _, f in own], fields


def _signature_text(cls, init, in_init) -> str:
    """What dataclasses names a class without a docstring after: ``str(inspect.signature(cls))`` without its
    ``-> None``, written here for the usual class (its signature is the ``__init__`` made here, its annotations
    strings)."""
    if (init is None or type(cls) is not type or cls.__new__ is not object.__new__
            or getattr(cls, "__signature__", None) is not None or not all(isinstance(f.type, str) for f in in_init)):
        try:
            return str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):  # as dataclasses: a signature it cannot read leaves the name alone
            return ""
    parameters = []
    for f in in_init:  # inspect.Parameter's spelling: a string annotation as its repr, a default factory "<factory>"
        if f.default is not MISSING:
            parameters.append(f"{f.name}: {f.type!r} = {f.default!r}")
        elif f.default_factory is not MISSING:
            parameters.append(f"{f.name}: {f.type!r} = {dataclasses._HAS_DEFAULT_FACTORY!r}")
        else:
            parameters.append(f"{f.name}: {f.type!r}")
    return f"({', '.join(parameters)}) -> None".replace(" -> None", "")


def _special(kind, namespace) -> bool:
    """Whether an annotation is (or, a string, may be) ``ClassVar``, ``InitVar`` or ``KW_ONLY``."""
    if isinstance(kind, str):
        leading = _LEADING_NAME.match(kind)
        if leading is None:
            return False
        kind = namespace.get(leading.group(2))
        if leading.group(2) in ("ClassVar", "InitVar", "KW_ONLY"):
            return True
    typing = sys.modules.get("typing")
    class_var = typing.ClassVar if typing is not None else MISSING
    return (kind is class_var or getattr(kind, "__origin__", None) is class_var or kind is dataclasses.InitVar
            or type(kind) is dataclasses.InitVar or kind is dataclasses.KW_ONLY)


def _put(cls, method):
    """Set ``method`` on ``cls`` under its name, named as a method of ``cls`` (as dataclasses names them)."""
    method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
    method.__module__ = cls.__module__
    setattr(cls, method.__name__, method)


def _init(cls, listed, in_init, frozen):
    """``__init__``, compiled in the class's module as dataclasses compiles it: its parameters in order with their
    defaults, each field set (``object.__setattr__`` when frozen), a default factory called when its parameter is
    left out, then ``__post_init__``."""
    cells = {"_record_set": object.__setattr__, "_record_factory": dataclasses._HAS_DEFAULT_FACTORY}
    lines = []
    for f in listed:
        if f.default_factory is not MISSING:
            factory = f"_record_factory_{f.name}"
            cells[factory] = f.default_factory
            value = f"{factory}() if {f.name} is _record_factory else {f.name}" if f.init else f"{factory}()"
        elif f.init:
            value = f.name
        else:
            continue
        lines.append(f"_record_set(self,{f.name!r},{value})" if frozen else f"self.{f.name}={value}")
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    module = sys.modules.get(cls.__module__)
    source = (f"def __create_fn__({','.join(cells)}):\n def __init__(self,{','.join(f.name for f in in_init)}):\n  "
              + "\n  ".join(lines or ["pass"]) + "\n return __init__")
    scope = {}
    exec(source, module.__dict__ if module is not None else {}, scope)
    init = scope["__create_fn__"](**cells)
    defaults = tuple(f.default if f.default is not MISSING else dataclasses._HAS_DEFAULT_FACTORY for f in in_init
                     if f.default is not MISSING or f.default_factory is not MISSING)
    init.__defaults__ = defaults or None
    init.__annotations__ = {**{f.name: f.type for f in in_init}, "return": None}
    return init


def _key(names):
    """The tuple of the fields ``names`` of an instance (``operator.attrgetter`` gives one value for one name)."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        value = operator.attrgetter(names[0])
        return lambda self: (value(self),)
    return lambda self: ()


def _compare(name, op, key):
    """``__eq__`` or an ordering method: ``op`` of the two instances' field tuples, for two instances of one class."""

    def compare(self, other):
        if other.__class__ is self.__class__:
            return op(key(self), key(other))
        return NotImplemented

    compare.__name__ = name
    return compare


def _hash(key):
    def __hash__(self):
        return hash(key(self))

    return __hash__


def _repr(names):
    """``Name(field=value, ...)`` of the fields ``names``; ``...`` for an instance inside its own repr."""
    running = set()

    def __repr__(self):
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            return self.__class__.__qualname__ + f"({', '.join([f'{name}={getattr(self, name)!r}' for name in names])})"
        finally:
            running.discard(key)

    return __repr__


def _frozen_setattr(cls, names):
    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _frozen_delattr(cls, names):
    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


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
