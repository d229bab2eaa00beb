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
docstring, ``__match_args__`` and methods' results) for about a quarter of the cost, and without importing
``dataclasses`` (which brings :mod:`inspect`, ``ast``, ``dis`` and ``tokenize``: about 8 ms of a cold check):

- ``__init__`` alone is compiled, in one compilation (instances are made in bulk, so it stays compiled code);
  equality, ordering, hashing, ``repr`` and the frozen ``__setattr__``/``__delattr__`` are closures over the field
  names (``operator.attrgetter``), made without compiling anything; an undocumented class's docstring (its
  signature) is written without :mod:`inspect`;
- :func:`field` declares a field as ``dataclasses.field`` does, and :func:`replace` is ``dataclasses.replace``; the
  ``dataclasses.Field`` objects of ``__dataclass_fields__`` (and ``__dataclass_params__``) are made the first time
  someone reads them (``dataclasses.fields``, ``is_dataclass``, ``asdict``), and ``FrozenInstanceError`` is
  ``dataclasses``' own.

A declaration this module does not make itself (``slots``, ``kw_only``, ``unsafe_hash``, ``ClassVar``, ``InitVar``, a
field of ``dataclasses.field``, a docstring only :mod:`inspect` writes, a declaration ``dataclasses`` refuses, another
Python than 3.11) goes to ``dataclasses.dataclass`` unchanged. ``tests/test_records_twins.py`` holds every record
class of the toolkit, and declarations of each kind, to the class ``dataclasses`` makes of the same declaration.

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
import operator
import re
import sys
from _thread import get_ident
from types import MemberDescriptorType

from toolkit import lazy

__all__ = ["lazy_dataclass", "field", "replace"]

#: What :func:`lazy_dataclass` puts on a class until it is made.
_STAND_INS = ("__init__", "__setstate__", "__dataclass_fields__")

#: Whether this Python's ``dataclasses`` is the one this module makes classes like (3.11's, see the module).
_MAKES_ITS_OWN = sys.version_info[:2] == (3, 11)

#: The options this module makes a class with itself, and their defaults; any other goes to ``dataclasses``.
_OPTIONS = {"init": True, "repr": True, "eq": True, "order": False, "frozen": False, "match_args": True}

_ORDER = (("__lt__", operator.lt), ("__le__", operator.le), ("__gt__", operator.gt), ("__ge__", operator.ge))

#: The leading name of a string annotation (``typing.ClassVar[int]`` → ``typing``, ``ClassVar``), as
#: ``dataclasses`` reads it to tell a ``ClassVar``, ``InitVar`` or ``KW_ONLY`` annotation.
_LEADING_NAME = re.compile(r"^(?:\s*(\w+)\s*\.)?\s*(\w+)")


class _Missing:
    """No default (``dataclasses.MISSING`` once the fields are ``dataclasses.Field`` objects)."""

    __slots__ = ()

    def __repr__(self):
        return "MISSING"


class _Factory:
    """The default of a parameter whose field has a default factory (``dataclasses``' own spells it so)."""

    __slots__ = ()

    def __repr__(self):
        return "<factory>"


MISSING = _Missing()
_HAS_DEFAULT_FACTORY = _Factory()


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True, metadata=None,
          kw_only=MISSING):
    """``dataclasses.field``, for a class :func:`lazy_dataclass` makes: its ``dataclasses.Field`` is made (and
    ``dataclasses`` imported) only when someone asks for the class's fields."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Spec(default, default_factory, init, repr, hash, compare, metadata, kw_only)


class _Spec:
    """A field as :func:`field` declares it; named and typed when its class is made."""

    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare", "metadata", "kw_only",
                 "field")

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = self.type = self.field = None
        self.default, self.default_factory, self.init, self.repr = default, default_factory, init, repr
        self.hash, self.compare, self.metadata, self.kw_only = hash, compare, metadata, kw_only

    @classmethod
    def of(cls, made):
        """The spec of a ``dataclasses.Field`` (a field of a base ``dataclasses`` made, or declared with its ``field``)."""
        dc = lazy.dataclasses()
        spec = cls(*(MISSING if value is dc.MISSING else value for value in (made.default, made.default_factory)),
                   made.init, made.repr, made.hash, made.compare, made.metadata,
                   MISSING if made.kw_only is dc.MISSING else made.kw_only)
        spec.name, spec.type, spec.field = made.name, made.type, made
        return spec

    def made(self):
        """The ``dataclasses.Field`` that ``dataclasses`` would have made of this field (one, shared by the classes
        that inherit it, as theirs share their base's)."""
        if self.field is not None:
            return self.field
        dc = lazy.dataclasses()
        made = dc.field(default=dc.MISSING if self.default is MISSING else self.default,
                        default_factory=dc.MISSING if self.default_factory is MISSING else self.default_factory,
                        init=self.init, repr=self.repr, hash=self.hash, compare=self.compare, metadata=self.metadata,
                        kw_only=dc.MISSING if self.kw_only is MISSING else self.kw_only)
        made.name, made.type, made._field_type = self.name, self.type, dc._FIELD
        self.field = made
        return made


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
    """``dataclasses.dataclass(cls, **options)``: the same class, with ``__init__`` its only compiled method, and
    ``dataclasses`` itself not imported until its fields are asked for (:class:`_Declared`)."""
    fields = _fields(cls, options) if _MAKES_ITS_OWN and options.keys() <= _OPTIONS.keys() else None
    if fields is None:
        return _left_to_dataclasses(cls, options)
    options = {**_OPTIONS, **options}
    own, fields = fields
    for f in own:
        fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), _Spec):  # the class attribute is the default, as dataclasses leaves it
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    listed = list(fields.values())
    _Declared(cls, listed, options)
    class_hash = cls.__dict__.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in cls.__dict__))
    in_init = [f for f in listed if f.init]
    if options["init"] and "__init__" not in cls.__dict__:
        _put(cls, _init(cls, listed, in_init, options["frozen"]))
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
        cls.__doc__ = cls.__name__ + _signature_text(in_init)
    if options["match_args"] and "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple(f.name for f in in_init)
    abc.update_abstractmethods(cls)
    return cls


def _left_to_dataclasses(cls, options):
    """``dataclasses.dataclass(cls, **options)`` itself, given ``dataclasses.Field`` objects for :func:`field`'s."""
    for name, value in list(cls.__dict__.items()):
        if isinstance(value, _Spec):
            setattr(cls, name, value.made())
    return lazy.dataclasses().dataclass(cls, **options)


class _Declared:
    """A made class's fields (as :class:`_Spec`, its bases' first) and options, until its ``__dataclass_fields__`` or
    ``__dataclass_params__`` is read: then the ``dataclasses.Field`` and parameters objects ``dataclasses`` would have
    set take their place (and ``dataclasses`` is imported)."""

    def __init__(self, cls, fields: list, options: dict):
        self.cls = cls
        self.fields = fields
        self.options = options
        cls.__dataclass_params__ = _Unread(self, "__dataclass_params__")
        cls.__dataclass_fields__ = _Unread(self, "__dataclass_fields__")

    def read(self):
        cls = self.cls
        if isinstance(cls.__dict__.get("__dataclass_fields__"), _Unread):
            dc = lazy.dataclasses()
            options = self.options
            cls.__dataclass_params__ = dc._DataclassParams(options["init"], options["repr"], options["eq"], options["order"],
                                                           False, options["frozen"])
            cls.__dataclass_fields__ = {f.name: f.made() for f in self.fields}


class _Unread:
    """``__dataclass_fields__`` or ``__dataclass_params__`` of a made class, not read yet (see :class:`_Declared`)."""

    def __init__(self, declared: _Declared, name: str):
        self.declared = declared
        self.name = name

    def __get__(self, instance, owner):
        self.declared.read()
        return self.declared.cls.__dict__[self.name]


def _fields(cls, options):
    """The class's own new fields and all its fields (its bases' first) as ``dataclasses`` would read them (as
    :class:`_Spec`), or None where this module leaves the class to ``dataclasses``: an option it does not make, a
    ``ClassVar``, ``InitVar`` or ``KW_ONLY`` annotation (or one that could be, read as ``dataclasses`` reads it), a
    method it would not overwrite, a docstring it would need :mod:`inspect` for, or a declaration it refuses (it then
    says why)."""
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
        declared = _declared(base)
        if declared is not None:
            base_fields, frozen = declared
            if base_fields is None:
                return None
            fields.update((f.name, f) for f in base_fields)
            frozen_bases.add(frozen)
    if frozen_bases and frozen_bases != {options["frozen"]}:
        return None
    annotations = cls.__dict__.get("__annotations__", {})
    module = sys.modules.get(cls.__module__)
    namespace = module.__dict__ if module is not None else {}
    dc = sys.modules.get("dataclasses")
    own = []
    for name, kind in annotations.items():
        if name == "self" or name.startswith("_record_") or _special(kind, namespace, dc):
            return None
        default = getattr(cls, name, MISSING)
        if isinstance(default, MemberDescriptorType):  # a slot of a base
            return None
        if dc is not None and isinstance(default, dc.Field):
            return None  # dataclasses' own field(): dataclasses is here already
        f = default if isinstance(default, _Spec) else field(default=default)
        if f.kw_only is True or f.default.__class__.__hash__ is None:
            return None
        own.append((name, kind, f))
    if any(isinstance(value, (_Spec, dc.Field) if dc is not None else _Spec) and name not in annotations
           for name, value in cls.__dict__.items()):
        return None  # a field with no annotation: dataclasses says so
    every = {**fields, **{name: f for name, _, f in own}}  # a field a class redeclares keeps its place
    seen_default = False
    for f in every.values():
        if f.init:
            if f.default is not MISSING or f.default_factory is not MISSING:
                seen_default = True
            elif seen_default:
                return None
    if not cls.__doc__ and not (options["init"] and "__init__" not in cls.__dict__ and type(cls) is type
                                and cls.__new__ is object.__new__ and getattr(cls, "__signature__", None) is None
                                and all(isinstance(annotations[name] if name in annotations else f.type, str)
                                        for name, f in every.items() if f.init)):
        return None  # its docstring is inspect.signature's, which this module does not write
    for name, kind, f in own:
        f.name = name
        f.type = kind
        if f.kw_only is MISSING:
            f.kw_only = False
    return [f for _, _, f in own], fields


def _declared(base):
    """A base's fields (as :class:`_Spec`) and whether it is frozen; None if it is no dataclass, (None, None) if its
    fields are more than this module makes (``ClassVar``, ``InitVar``, ``kw_only``)."""
    value = next((klass.__dict__["__dataclass_fields__"] for klass in base.__mro__ if "__dataclass_fields__" in klass.__dict__), None)
    if value is None:
        return None
    if isinstance(value, _Pending):
        value.make()
        return _declared(base)
    if isinstance(value, _Unread):
        return value.declared.fields, value.declared.options["frozen"]
    dc = lazy.dataclasses()
    if any(f._field_type is not dc._FIELD or f.kw_only for f in value.values()):
        return None, None
    return [_Spec.of(f) for f in value.values()], base.__dataclass_params__.frozen


def replace(obj, /, **changes):
    """``dataclasses.replace``: a copy of ``obj`` with ``changes``; for a class made here, without ``dataclasses``."""
    declared = next((klass.__dict__["__dataclass_fields__"] for klass in type(obj).__mro__ if "__dataclass_fields__" in klass.__dict__), None)
    if not isinstance(declared, _Unread):
        return lazy.dataclasses().replace(obj, **changes)
    for f in declared.declared.fields:
        if not f.init:
            if f.name in changes:
                raise ValueError(f"field {f.name} is declared with init=False, it cannot be specified with replace()")
        elif f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def _signature_text(in_init) -> str:
    """What dataclasses names a class without a docstring after: ``str(inspect.signature(cls))`` without its
    ``-> None``, written here (the signature of the ``__init__`` made here, with string annotations; :func:`_fields`
    leaves any other class to dataclasses)."""
    parameters = []
    for f in in_init:  # inspect.Parameter's spelling: a string annotation as its repr, a default factory "<factory>"
        if f.default is not MISSING:
            parameters.append(f"{f.name}: {f.type!r} = {f.default!r}")
        elif f.default_factory is not MISSING:
            parameters.append(f"{f.name}: {f.type!r} = {_HAS_DEFAULT_FACTORY!r}")
        else:
            parameters.append(f"{f.name}: {f.type!r}")
    return f"({', '.join(parameters)}) -> None".replace(" -> None", "")


def _special(kind, namespace, dc) -> bool:
    """Whether an annotation is (or, a string, may be) ``ClassVar``, ``InitVar`` or ``KW_ONLY`` (``dc``: the
    ``dataclasses`` module if imported: without it there is no ``InitVar`` or ``KW_ONLY``)."""
    if isinstance(kind, str):
        leading = _LEADING_NAME.match(kind)
        if leading is None:
            return False
        if leading.group(2) in ("ClassVar", "InitVar", "KW_ONLY"):
            return True
        kind = namespace.get(leading.group(2))
    typing = sys.modules.get("typing")
    if typing is not None and (kind is typing.ClassVar or getattr(kind, "__origin__", None) is typing.ClassVar):
        return True
    return dc is not None and (kind is dc.InitVar or type(kind) is dc.InitVar or kind is dc.KW_ONLY)


def _put(cls, method):
    """Set ``method`` on ``cls`` under its name, named as a method of ``cls`` (as dataclasses names them)."""
    method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
    method.__module__ = cls.__module__
    setattr(cls, method.__name__, method)


def _init(cls, listed, in_init, frozen):
    """``__init__``, compiled in the class's module as dataclasses compiles it: its parameters in order with their
    defaults, each field set (``object.__setattr__`` when frozen), a default factory called when its parameter is
    left out, then ``__post_init__``."""
    cells = {"_record_set": object.__setattr__, "_record_factory": _HAS_DEFAULT_FACTORY}
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
    defaults = tuple(f.default if f.default is not MISSING else _HAS_DEFAULT_FACTORY for f in in_init
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
            raise lazy.dataclasses().FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _frozen_delattr(cls, names):
    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise lazy.dataclasses().FrozenInstanceError(f"cannot delete field {name!r}")
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
