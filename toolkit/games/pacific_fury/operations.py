"""The Operation Boxes through an Operations Phase (PF 8.2, 9.0, 9.1, 9.7).

A side's task forces wait in numbered Operation Boxes 1-7. A Sortie takes the task force in
the lowest-numbered occupied box to the map and leaves the others where they are (9.1). Any
other operation, a pass included (9.0: a pass still counts as an operation), moves every task
force still in a box one box higher; one pushed past box 7 returns to base and cannot sortie
this turn (9.7). Each side conducts seven operations a turn (9.0).

>>> steps = operation_boxes({1: "TF1", 2: "TF2", 3: "TF3"}, ["sortie", "other"])   # PF 9.7 example
>>> [(s.action, s.sortied, s.boxes) for s in steps]
[('sortie', 'TF1', {2: 'TF2', 3: 'TF3'}), ('other', None, {3: 'TF2', 4: 'TF3'})]
"""

from __future__ import annotations

from typing import Mapping, Sequence

from toolkit.errors import InputError
from toolkit.records import lazy_dataclass

__all__ = ["ACTIONS", "OperationsError", "OperationStep", "operation_boxes", "eligible_to_sortie"]

ACTIONS = ("sortie", "other", "pass")


class OperationsError(InputError, ValueError):
    """Boxes or actions the rules do not allow (a sortie with no task force in a box, an eighth operation)."""


@lazy_dataclass(frozen=True)
class OperationStep:
    """The Operation Boxes after one operation: ``boxes`` maps box number to task force."""

    number: int
    action: str
    sortied: str | None
    boxes: dict[int, str]
    eligible: str | None  # the task force that may sortie next (lowest-numbered box), if any
    returned_to_base: tuple[str, ...]  # pushed past the last box by this operation


def eligible_to_sortie(boxes: Mapping[int, str]) -> str | None:
    """The task force in the lowest-numbered occupied box: the only one that may sortie (PF 9.1).

    >>> eligible_to_sortie({3: "B", 2: "A"}), eligible_to_sortie({})
    ('A', None)
    """
    return boxes[min(boxes)] if boxes else None


def operation_boxes(boxes: Mapping[int, str], actions: Sequence[str], box_count: int = 7,
                    operations: int = 7, none_at_sea: bool = False) -> tuple[OperationStep, ...]:
    """Each operation's effect on the boxes, in order (PF 9.1, 9.7). With ``none_at_sea`` (the phase's start: every
    task force still in its box), an operation other than a sortie or a pass before the first sortie is refused:
    a move, landing, bombardment or air strike needs a task force on the map (PF 9.0, 9.2-9.5).

    >>> steps = operation_boxes({6: "Late", 7: "Last"}, ["pass"])
    >>> steps[0].boxes, steps[0].returned_to_base
    ({7: 'Late'}, ('Last',))
    """
    current = dict(sorted(boxes.items()))
    for box in current:
        if not isinstance(box, int) or not 1 <= box <= box_count:
            raise OperationsError(f"box {box} is not an Operation Box (1-{box_count}, PF 8.2)")
    names = list(current.values())
    if len(set(names)) != len(names):
        raise OperationsError("a task force stands in two boxes; name each once")
    if len(actions) > operations:
        raise OperationsError(f"{len(actions)} operations: a side conducts {operations} operations a turn (PF 9.0)")
    steps = []
    sortied_yet = not none_at_sea
    for number, action in enumerate(actions, start=1):
        if action not in ACTIONS:
            raise OperationsError(f"operation {number}: {action!r} is not one of {', '.join(ACTIONS)}")
        if action == "other" and not sortied_yet:  # PF 9.0: with nothing on the map a side sorties or passes
            raise OperationsError(f"operation {number}: no task force is on the map yet to move, land, bombard or strike "
                                  "(PF 9.2-9.5); sortie or pass (PF 9.0)")
        sortied_yet = sortied_yet or action == "sortie"
        sortied, returned = None, ()
        if action == "sortie":
            if not current:
                raise OperationsError(f"operation {number}: no task force is left in the Operation Boxes to sortie; pass instead")
            lowest = min(current)
            sortied = current.pop(lowest)
        else:
            returned = tuple(name for box, name in current.items() if box + 1 > box_count)
            current = {box + 1: name for box, name in current.items() if box + 1 <= box_count}
        steps.append(OperationStep(number, action, sortied, dict(current), eligible_to_sortie(current), returned))
    return tuple(steps)
