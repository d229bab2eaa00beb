"""toolkit.stackroom: a call whose deep calls stay on one chunk of frame stack, whatever they compute."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from toolkit.stackroom import with_stack_room

#: Calls going 300 frames deep (past a 16 KB chunk's edge) and back, 3,000 times, with and without room;
#: the minor page faults of each (each chunk the interpreter maps is faulted in afresh).
CHURN = r'''
import json, resource, sys
from toolkit.stackroom import with_stack_room

def down(depth):
    return 0 if depth == 0 else 1 + down(depth - 1)

def up_and_down():
    return sum(down(300) for _ in range(3000))

def faults(run):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    total = run()
    return total, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before

up_and_down()  # the code warmed up, whatever it allocates once
plain, plain_faults = faults(up_and_down)
roomy, roomy_faults = faults(lambda: with_stack_room(up_and_down))
print(json.dumps({"same": plain == roomy == 900_000, "plain": plain_faults, "roomy": roomy_faults}))
'''


def test_the_answer_arguments_and_errors_are_the_functions_own():
    assert with_stack_room(divmod, 17, 5) == (3, 2)
    assert with_stack_room(sorted, [3, 1, 2], reverse=True) == [3, 2, 1]
    with pytest.raises(ZeroDivisionError):
        with_stack_room(divmod, 1, 0)


def test_deep_calls_under_it_map_no_chunk_each_time_they_cross_an_edge():
    ran = subprocess.run([sys.executable, "-c", CHURN], capture_output=True, text=True, cwd=ROOT, check=True)
    found = json.loads(ran.stdout)
    assert found["same"]
    if found["plain"] < 2_000:
        pytest.skip(f"this Python keeps a spare chunk of frame stack (gh-142183): {found['plain']} faults without room")
    assert found["roomy"] < found["plain"] / 10, found
