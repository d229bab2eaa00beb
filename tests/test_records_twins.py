"""Issue 22 item 2: every record class of the toolkit, as toolkit/records.py makes it, is the class
``dataclasses.dataclass`` makes from the same declaration.

Each ``@dataclass``/``@lazy_dataclass`` class statement of every toolkit module is run again twice, in its module's
namespace: once made by ``dataclasses.dataclass`` and once by toolkit/records.py (a class the module declares with
``lazy_dataclass`` is compared as the module made it). The two must agree on their fields and parameters, signature,
docstring, ``__match_args__`` and which methods they have, and on sample instances: construction (and its errors),
``repr``, equality, hashing, ordering, ``dataclasses.replace``, ``asdict``, copies and the frozen errors. Instances of
the module's own classes also survive a pickle round trip.
"""

from __future__ import annotations
import __future__

import ast
import copy
import dataclasses
import importlib
import inspect
import pickle
import re
import sys
import types
from pathlib import Path

import pytest

import toolkit
from toolkit import records
from toolkit.findings import Location
from toolkit.records import _made

DECORATORS = ("dataclass", "lazy_dataclass", "dataclasses.dataclass")
GENERATED = ("__init__", "__repr__", "__eq__", "__hash__", "__lt__", "__le__", "__gt__", "__ge__", "__setattr__",
             "__delattr__", "__match_args__")


def _declarations():
    """(module name, class name, decorator) of every record class statement in the toolkit."""
    found = []
    package = Path(toolkit.__file__).parent
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and node.decorator_list:
                decorator = node.decorator_list[0]
                name = ast.unparse(decorator.func if isinstance(decorator, ast.Call) else decorator)
                if name in DECORATORS:
                    found.append((module, node.name, name))
    return found


DECLARATIONS = _declarations()


def _twin(module, class_name, maker):
    """The class statement ``class_name`` of ``module`` run again in the module's namespace, made by ``maker``
    (called with the decorator's options) instead of its own decorator."""
    source = Path(module.__file__).read_text(encoding="utf-8")
    node = next(n for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name == class_name)
    first = node.decorator_list[0].lineno
    text = "\n" * (first - 1) + "".join(source.splitlines(keepends=True)[first - 1:node.end_lineno])  # the module's line numbers

    def decorator(cls=None, /, **options):
        def make(cls):
            return maker(cls, **options)
        return make if cls is None else make(cls)

    namespace = dict(vars(module))
    namespace.update(dataclass=decorator, lazy_dataclass=decorator, field=dataclasses.field if maker is dataclasses.dataclass else records.field,
                     dataclasses=type("dataclasses", (), {**vars(dataclasses), "dataclass": staticmethod(decorator)}))
    future = module.__dict__.get("annotations")
    flags = future.compiler_flag if future is __future__.annotations else 0
    exec(compile(text, module.__file__, "exec", flags=flags, dont_inherit=True), namespace)
    return namespace[class_name]


def _sample(annotation, name: str, which: int):
    """A value of the type ``annotation`` names (``which`` picks one of two), or None."""
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    for prefix, values in (("int", (3, 4)), ("float", (2.5, 0.5)), ("bool", (True, False)), ("str", (f"{name}-a", f"{name}-b")),
                           ("tuple", ((), ("x",))), ("frozenset", (frozenset(), frozenset({"x"}))), ("dict", ({}, {"k": 1})),
                           ("list", ([], [1])), ("Location", (Location("f.yaml", 2, 3), Location("g.yaml", 1, 1)))):
        if text.startswith(prefix):
            return values[which]
    return None


def _outcome(call):
    """What ``call()`` gives, or the type and message of what it raises (texts without addresses)."""
    try:
        value = call()
    except Exception as error:  # noqa: BLE001 - the error is the outcome compared
        return "raised", (type(error).__name__, _unplaced(str(error)))
    return "value", value


def _same(a, b, what, values=True):
    """Whether ``a()`` gave a value; it and ``b()`` give values of one ``repr`` (with ``values``) or raise alike."""
    kind_a, value_a = _outcome(a)
    kind_b, value_b = _outcome(b)
    if values or kind_a == "raised":
        assert (kind_a, _unplaced(repr(value_a))) == (kind_b, _unplaced(repr(value_b))), what
    assert kind_a == kind_b, what
    return kind_a == "value", value_a, value_b


def _text(value):
    """``repr`` of a value, a function named by its qualified name (each twin has its own)."""
    return f"function {value.__qualname__}" if inspect.isfunction(value) else repr(value)


def _unplaced(text: str) -> str:
    """A text without the addresses of the functions it names (each twin has its own)."""
    return re.sub(r" at 0x[0-9a-f]+>", ">", text)


def _field_record(f):
    return (f.name, f.type if isinstance(f.type, str) else repr(f.type), _text(f.default), f.default_factory, f.init, f.repr, f.hash, f.compare, dict(f.metadata),
            f.kw_only, f._field_type)


@pytest.mark.parametrize("module_name, class_name, decorator", DECLARATIONS, ids=[f"{m}.{c}" for m, c, _ in DECLARATIONS])
def test_the_record_class_is_the_dataclass_of_its_declaration(module_name, class_name, decorator):
    module = importlib.import_module(module_name)
    eager = _twin(module, class_name, dataclasses.dataclass)
    ours = getattr(module, class_name) if decorator == "lazy_dataclass" else _twin(module, class_name, _made)
    ours.__dataclass_fields__  # a lazy class is made here  # noqa: B018
    made_here = [name for name in GENERATED[1:-1] if inspect.isfunction(vars(ours).get(name))]
    assert all(vars(ours)[name].__code__.co_filename == records.__file__ for name in made_here)  # not left to dataclasses
    _compare(eager, ours, pickled=decorator == "lazy_dataclass")


def _compare(eager, ours, pickled=False):
    """Assert that the class ``ours`` is the dataclass ``eager`` (see the module); ``pickled``: also pickle instances."""
    assert [_field_record(f) for f in ours.__dataclass_fields__.values()] == \
        [_field_record(f) for f in eager.__dataclass_fields__.values()]
    assert repr(ours.__dataclass_params__) == repr(eager.__dataclass_params__)
    assert _unplaced(str(inspect.signature(ours))) == _unplaced(str(inspect.signature(eager)))
    assert _unplaced(ours.__doc__ or "") == _unplaced(eager.__doc__ or "")
    assert getattr(ours, "__match_args__", None) == getattr(eager, "__match_args__", None)
    assert [name in vars(ours) for name in GENERATED] == [name in vars(eager) for name in GENERATED]
    assert (vars(ours).get("__hash__", ...) is None) == (vars(eager).get("__hash__", ...) is None)
    for f in dataclasses.fields(eager):
        assert _text(getattr(ours, f.name, "absent")) == _text(getattr(eager, f.name, "absent")), f.name

    in_init = [f for f in dataclasses.fields(eager) if f.init]
    required = [f for f in in_init if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if required:
        _same(lambda: eager(), lambda: ours(), "made without arguments")
    _same(lambda: eager(*range(len(in_init) + 1)), lambda: ours(*range(len(in_init) + 1)), "one argument too many", values=False)
    _same(lambda: eager(not_a_field=1), lambda: ours(not_a_field=1), "an unknown keyword", values=False)
    for which in (0, 1):
        arguments = {f.name: _sample(f.type, f.name, which) for f in (required if which == 0 else in_init)}
        _compare_instances(eager, ours, arguments, in_init, which, pickled)


def _compare_instances(eager, ours, arguments, in_init, which, pickled):
    """Assert that instances of ``eager`` and ``ours`` made from ``arguments`` behave alike (see the module)."""
    made, a, b = _same(lambda: eager(**arguments), lambda: ours(**arguments), f"made with {arguments}", values=False)
    if not made:
        return
    _same(lambda: repr(a), lambda: repr(b), "repr")
    _, a2, b2 = _same(lambda: eager(*arguments.values()), lambda: ours(*arguments.values()), "made again", values=False)
    _same(lambda: (a == a2, a != a2, a == 1, repr(a2)), lambda: (b == b2, b != b2, b == 1, repr(b2)), "equality")
    if "__hash__" in vars(eager):  # made from the fields (else the identity's, or none)
        _same(lambda: hash(a), lambda: hash(b), "hash value")
    _same(lambda: hash(a) == hash(a2), lambda: hash(b) == hash(b2), "equal hashes")
    _same(lambda: dataclasses.asdict(a), lambda: dataclasses.asdict(b), "asdict")
    _same(lambda: dataclasses.astuple(a), lambda: dataclasses.astuple(b), "astuple")
    _same(lambda: copy.deepcopy(a) == a, lambda: copy.deepcopy(b) == b, "deepcopy")
    _same(lambda: vars(copy.copy(a)), lambda: vars(copy.copy(b)), "copy")
    if in_init:
        change = {in_init[0].name: _sample(in_init[0].type, in_init[0].name, 1 - which)}
        ok, ra, rb = _same(lambda: dataclasses.replace(a, **change), lambda: dataclasses.replace(b, **change), "replace", values=False)
        _same(lambda: repr(dataclasses.replace(a, **change)), lambda: repr(records.replace(b, **change)), "records.replace")
        if ok:
            _same(lambda: (repr(ra), ra == a), lambda: (repr(rb), rb == b), "replaced")
            _same(lambda: (a < ra, a <= ra, a > ra, a >= ra), lambda: (b < rb, b <= rb, b > rb, b >= rb), "ordering")
    field = in_init[0].name if in_init else "absent"
    _same(lambda: setattr(a, field, 1), lambda: setattr(b, field, 1), "assigning a field")
    _same(lambda: setattr(a, "not_a_field", 1), lambda: setattr(b, "not_a_field", 1), "assigning an attribute")
    _same(lambda: delattr(a, field), lambda: delattr(b, field), "deleting a field")
    not_in_init = {f.name: 1 for f in dataclasses.fields(eager) if not f.init}  # replace refuses a field __init__ does not take
    _same(lambda: dataclasses.replace(a, **not_in_init), lambda: records.replace(b, **not_in_init), "replace init=False")
    _same(lambda: repr(a), lambda: repr(b), "repr after")
    c = ours(**arguments)
    if pickled and _outcome(lambda: pickle.dumps(vars(c)))[0] == "value":  # its fields' values pickle
        restored = pickle.loads(pickle.dumps(c))
        assert repr(restored) == repr(c) and vars(restored) == vars(c)


#: Declarations the toolkit does not (yet) make, each in both ways: what toolkit/records.py makes itself (defaults,
#: factories, ``init=False``, ``__post_init__``, a class's own methods, bases, a field a subclass redeclares) and what
#: it leaves to dataclasses (``ClassVar``, ``InitVar``, ``KW_ONLY``, ``slots``, declarations dataclasses refuses).
DECLARED = {
    "no fields": "@dataclass(frozen=True)\nclass Empty:\n    pass",
    "one field": "@dataclass(frozen=True)\nclass One:\n    x: float",
    "defaults and factories": """
@dataclass
class Tally:
    name: str
    hits: int = 0
    seen: list = field(default_factory=list)
    note: str = field(default="", compare=False, repr=False)
    total: int = field(default=0, init=False)
    made: dict = field(default_factory=dict, init=False)

    def __post_init__(self):
        self.total = self.hits * 2""",
    "ordered": "@dataclass(order=True)\nclass Rank:\n    a: int\n    b: str = 'x'",
    "frozen and ordered": "@dataclass(frozen=True, order=True)\nclass Where:\n    file: str\n    line: int = 0\n    column: int = 0",
    "not compared": "@dataclass(eq=False)\nclass Handle:\n    x: int",
    "frozen, not compared": "@dataclass(frozen=True, eq=False)\nclass Pin:\n    x: int",
    "its own __eq__": "@dataclass(frozen=True)\nclass OwnEq:\n    x: int\n\n    def __eq__(self, other):\n        return True",
    "its own __hash__": "@dataclass\nclass OwnHash:\n    x: int\n\n    def __hash__(self):\n        return 1",
    "its own __repr__": "@dataclass(frozen=True)\nclass OwnRepr:\n    x: int\n\n    def __repr__(self):\n        return 'mine'",
    "no repr, no match_args": "@dataclass(repr=False, match_args=False)\nclass Quiet:\n    x: int",
    "no __init__": "@dataclass(init=False)\nclass Bare:\n    x: int = 1",
    "hash options": "@dataclass(frozen=True)\nclass Hashed:\n    a: int\n    b: int = field(default=0, hash=False)\n    c: int = field(default=0, hash=True, compare=False)",
    "a documented class": "@dataclass(frozen=True)\nclass Told:\n    '''Its own words.'''\n\n    x: int",
    "bases": """
@dataclass(frozen=True)
class Base:
    a: int
    b: str = "x"


class Plain(Base):
    pass


@dataclass(frozen=True)
class Child(Plain):
    c: int = 0
    a: int = 5""",
    "annotations not strings": "@dataclass(frozen=True)\nclass Typed:\n    x: int\n    y: tuple[int, ...] = ()\n    z: int | None = None",
    "ClassVar": "@dataclass\nclass Counted:\n    x: int\n    made: ClassVar[int] = 0",
    "ClassVar by another name": "CV = ClassVar\n\n@dataclass\nclass Counted:\n    x: int\n    made: CV[int] = 0",
    "InitVar": "@dataclass\nclass Scaled:\n    x: int\n    scale: InitVar[int] = 1\n\n    def __post_init__(self, scale):\n        self.x *= scale",
    "KW_ONLY": "@dataclass(frozen=True)\nclass Keyed:\n    x: int\n    _: KW_ONLY\n    y: int = 0",
    "kw_only": "@dataclass(kw_only=True)\nclass Keyed:\n    x: int",
    "slots": "@dataclass(frozen=True, slots=True)\nclass Slotted:\n    x: int\n    y: int = 0",
    "a field named self": "@dataclass\nclass Selfish:\n    self: int",
    "a default before a field without": "@dataclass\nclass Wrong:\n    x: int = 0\n    y: int",
    "a mutable default": "@dataclass\nclass Wrong:\n    x: list = []",
    "a field without annotation": "@dataclass\nclass Wrong:\n    x = field(default=0)",
    "frozen from a thawed base": "@dataclass\nclass Thawed:\n    x: int\n\n@dataclass(frozen=True)\nclass Wrong(Thawed):\n    y: int = 0",
    "ordered, not compared": "@dataclass(order=True, eq=False)\nclass Wrong:\n    x: int",
    "its own __setattr__, frozen": "@dataclass(frozen=True)\nclass Wrong:\n    x: int\n\n    def __setattr__(self, name, value):\n        pass",
}

PRELUDE = "from dataclasses import InitVar, KW_ONLY\nfrom typing import ClassVar\n"


def _declared(name, source, maker, future, field=None):
    """The last class ``source`` declares, made by ``maker``, in a module of its own (or what making it raised);
    ``field`` is ``maker``'s own unless given."""
    module = types.ModuleType("records_twins_declared")
    module.field = field or (dataclasses.field if maker is dataclasses.dataclass else records.field)
    module.dataclass = lambda cls=None, /, **options: (lambda c: maker(c, **options)) if cls is None else maker(cls, **options)
    sys.modules[module.__name__] = module
    try:
        exec(compile(PRELUDE + source, "<declared>", "exec", flags=future, dont_inherit=True), vars(module))
    except (TypeError, ValueError) as refused:
        return type(refused).__name__, str(refused)
    finally:
        del sys.modules[module.__name__]
    return [value for value in vars(module).values() if isinstance(value, type) and value.__module__ == module.__name__][-1]


@pytest.mark.parametrize("future", [__future__.annotations.compiler_flag, 0], ids=["string annotations", "evaluated annotations"])
@pytest.mark.parametrize("name", DECLARED)
def test_a_declaration_is_made_as_dataclasses_makes_it(name, future):
    eager = _declared(name, DECLARED[name], dataclasses.dataclass, future)
    for ours in (_declared(name, DECLARED[name], _made, future),
                 _declared(name, DECLARED[name], _made, future, field=dataclasses.field)):  # left to dataclasses
        if isinstance(eager, tuple):  # refused: for the same reason
            assert ours == eager
        else:
            _compare(eager, ours)


def test_a_recursive_repr_and_the_identity_of_a_field():
    eager, ours = (_declared("", "@dataclass\nclass Node:\n    x: object = None", maker, 0) for maker in (dataclasses.dataclass, _made))
    a, b = eager(), ours()
    a.x, b.x = a, b
    assert repr(a).replace("records_twins_declared.", "") == repr(b).replace("records_twins_declared.", "") == "Node(x=...)"
    nan = float("nan")
    assert (eager(nan) == eager(nan), ours(nan) == ours(nan)) == (True, True)  # the same object: equal, as in a tuple
    assert (eager(nan) == eager(float("nan")), ours(nan) == ours(float("nan"))) == (False, False)
