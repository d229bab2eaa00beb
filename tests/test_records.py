"""Issue 22 item 2: dataclasses made the first time they are used (toolkit/records.py).

A lazy dataclass is, once used, exactly the dataclass ``dataclasses.dataclass`` makes with the same options; until
then its methods are not compiled, so a command pays only for the classes it makes.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit import records
from toolkit.records import lazy_dataclass

ROOT = Path(__file__).resolve().parents[1]


def _pair(**options):
    """The same class twice: made by dataclasses at once, and lazily."""

    def body():
        class Ship:
            name: str
            hits: int = 0
            aboard: tuple = ()
            note: str = dataclasses.field(default="", compare=False)

        return Ship

    return dataclasses.dataclass(**options)(body()), lazy_dataclass(**options)(body())


def test_nothing_is_compiled_before_the_first_use():
    _, lazy = _pair(frozen=True)
    assert not any(name in lazy.__dict__ for name in ("__eq__", "__hash__", "__repr__", "__setattr__"))
    lazy("Akagi")
    assert all(name in lazy.__dict__ for name in ("__eq__", "__hash__", "__repr__", "__setattr__"))


@pytest.mark.parametrize("options", [{"frozen": True}, {"frozen": True, "order": True}, {}])
def test_once_used_it_is_the_dataclass(options):
    eager, lazy = _pair(**options)
    a, b = eager("Kaga", 2, ("A6M",)), lazy("Kaga", 2, ("A6M",))
    assert repr(a) == repr(b)
    assert b == lazy("Kaga", 2, ("A6M",), note="other") and b != lazy("Kaga", 3)
    assert [f.name for f in dataclasses.fields(lazy)] == [f.name for f in dataclasses.fields(eager)]
    assert dataclasses.replace(b, hits=3) == lazy("Kaga", 3, ("A6M",))
    assert dataclasses.asdict(b) == dataclasses.asdict(a)
    if options.get("frozen"):
        assert hash(b) == hash(lazy("Kaga", 2, ("A6M",)))
        with pytest.raises(dataclasses.FrozenInstanceError):
            b.hits = 4
    if options.get("order"):
        assert sorted([lazy("Soryu"), lazy("Hiryu")]) == [lazy("Hiryu"), lazy("Soryu")]
    with pytest.raises(TypeError) as made_eagerly:
        eager()
    with pytest.raises(TypeError) as made_lazily:
        lazy()
    assert str(made_lazily.value) == str(made_eagerly.value)


def test_asking_for_its_fields_makes_it():
    _, lazy = _pair(frozen=True)
    assert dataclasses.is_dataclass(lazy)
    assert [f.name for f in dataclasses.fields(lazy)] == ["name", "hits", "aboard", "note"]
    assert "__eq__" in lazy.__dict__


def test_bases_and_subclasses():
    @lazy_dataclass(frozen=True)
    class Unit:
        id: str

    @lazy_dataclass(frozen=True)
    class Carrier(Unit):
        planes: int = 0

    @dataclasses.dataclass(frozen=True)
    class Escort(Unit):
        guns: int = 0

    class Plain(Unit):
        pass

    assert Carrier("cv", 3) == Carrier("cv", 3) and repr(Carrier("cv", 3)).endswith("Carrier(id='cv', planes=3)")
    assert Escort("dd", 2).id == "dd" and Plain("x") == Plain("x")


def test_a_copy_and_an_unpickled_instance_are_whole(tmp_path):
    _, lazy = _pair(frozen=True)
    ship = lazy("Hornet", 1)
    assert copy.copy(ship) == ship and copy.deepcopy(ship) == ship
    # unpickled in a process that never made one: the class is made then
    module = tmp_path / "lazyships.py"
    module.write_text("from toolkit.records import lazy_dataclass\n\n@lazy_dataclass(frozen=True)\nclass Ship:\n    name: str\n",
                      encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    made = subprocess.run([sys.executable, "-c", "import pickle, sys, lazyships; sys.stdout.buffer.write(pickle.dumps(lazyships.Ship('Yorktown')))"],
                          capture_output=True, check=True, env=env).stdout
    probe = ("import pickle, sys, lazyships; ship = pickle.loads(sys.stdin.buffer.read()); "
             "print(repr(ship), ship == lazyships.Ship('Yorktown'), hash(ship) == hash(lazyships.Ship('Yorktown')))")
    out = subprocess.run([sys.executable, "-c", probe], input=made, capture_output=True, check=True, env=env).stdout.decode()
    assert out.strip() == "Ship(name='Yorktown') True True"


def test_a_class_of_its_own_making_is_refused():
    with pytest.raises(TypeError):
        @lazy_dataclass
        class Odd:
            x: int

            def __init__(self, x):
                self.x = x


PROBE = """
import io, contextlib, json, sys
from toolkit.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(sys.argv[1:])
import toolkit.model as model
print(json.dumps(sorted(name for name in dir(model) if isinstance(getattr(model, name), type)
                        and "__eq__" in vars(getattr(model, name)) and name[0].isupper())))
"""


def test_a_check_of_a_plotting_sheet_makes_no_box_and_no_schedule():
    env = dict(os.environ, CHARTROOM_CACHE="off")
    out = subprocess.run([sys.executable, "-c", PROBE, "check", "scenarios/fire-from-the-skies/midway.yaml"], capture_output=True,
                         text=True, cwd=ROOT, env=env, check=True).stdout
    made = json.loads(out.strip().splitlines()[-1])
    assert "Sheet" in made and "Game" in made
    assert "Box" not in made and "ScheduleTurn" not in made and "AreaPair" not in made


def test_a_cold_check_imports_neither_dataclasses_nor_inspect():
    """The record classes are made without dataclasses (toolkit/records.py): its import, with inspect, ast's and dis's
    friends, cost about 8 ms of a check that never asks for a dataclasses.Field."""
    probe = ("import io, contextlib, sys\nfrom toolkit.cli import main\nwith contextlib.redirect_stdout(io.StringIO()):\n"
             "    main(sys.argv[1:])\nprint(sorted(m for m in ('dataclasses', 'inspect') if m in sys.modules))")
    env = dict(os.environ, CHARTROOM_CACHE="off")
    for scenario in ("fire-in-the-sky/short-campaign.yaml", "pacific-fury/campaign.yaml", "fire-from-the-skies/midway.yaml"):
        done = subprocess.run([sys.executable, "-c", probe, "check", f"scenarios/{scenario}"], capture_output=True, text=True,
                              cwd=ROOT, env=env, check=True)
        assert done.stdout.strip().splitlines()[-1] == "[]", scenario


def test_fields_asked_for_are_dataclasses_own():
    @lazy_dataclass(frozen=True)
    class Sheet:
        columns: int
        north: float = 0.0
        notes: tuple = records.field(default=(), compare=False)
        seen: dict = records.field(default_factory=dict, compare=False, hash=False)

    @lazy_dataclass(frozen=True)
    class Plotted(Sheet):
        rows: int = 0

    sheet = Plotted(3)
    made = dataclasses.fields(Plotted)
    assert [type(f) for f in made] == [dataclasses.Field] * 5 and made[3].default_factory is dict
    assert made[2].default == () and made[2].compare is False and made[3].default is dataclasses.MISSING
    assert Plotted.__dataclass_fields__["columns"] is Sheet.__dataclass_fields__["columns"]  # shared, as dataclasses does
    assert Plotted.__dataclass_params__.frozen and dataclasses.is_dataclass(sheet)
    assert records.replace(sheet, rows=2) == Plotted(3, rows=2) == dataclasses.replace(sheet, rows=2)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'rows'"):
        sheet.rows = 1
    with pytest.raises(ValueError, match="cannot specify both default and default_factory"):
        records.field(default=(), default_factory=tuple)
