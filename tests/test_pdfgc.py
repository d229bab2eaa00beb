"""toolkit.render.pdfgc: fewer collector passes while aids are laid out, the collector as it was afterwards."""

from __future__ import annotations

import gc
import weakref

import pytest

from toolkit.render import pdfgc


def test_fewer_collections_sets_thresholds_and_freezes_then_restores():
    before = gc.get_threshold()
    with pdfgc.fewer_collections():
        assert gc.get_threshold() == pdfgc.AID_THRESHOLDS
        assert gc.get_freeze_count() > 0  # what was alive is set aside
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_fewer_collections_restores_after_an_error():
    before = gc.get_threshold()
    with pytest.raises(RuntimeError):
        with pdfgc.fewer_collections():
            raise RuntimeError("an aid failed")
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_collect_aid_frees_an_aids_cycles():
    with pdfgc.fewer_collections():
        gc.collect()  # the young generation's count starts at 0: no pass before 10,000 new objects

        class Box:
            pass

        box = Box()
        box.self = box  # a cycle, as WeasyPrint's boxes and styles make
        ref = weakref.ref(box)
        del box
        assert ref() is not None  # no pass yet: a pass only every 10,000 new objects
        pdfgc.collect_aid()
        assert ref() is None


def test_collect_aid_sets_aside_what_outlives_it_then_frees_it_later():
    class Box:
        pass

    with pdfgc.fewer_collections():
        kept = Box()
        kept.self = kept  # alive when the aid's pass runs: set aside after it
        frozen = gc.get_freeze_count()
        pdfgc.collect_aid()
        assert gc.get_freeze_count() > frozen
        ref = weakref.ref(kept)
        del kept
        pdfgc.collect_aid()
        assert ref() is not None  # set aside: no pass walks it while the aids are laid out
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert ref() is None  # afterwards the collector frees it as before
    pdfgc.collect_aid()  # outside: a pass, nothing set aside
    assert gc.get_freeze_count() == 0


def test_fewer_collections_within_fewer_collections_restores_once_at_the_end():
    before = gc.get_threshold()
    with pdfgc.fewer_collections():
        with pdfgc.fewer_collections():
            pass
        assert gc.get_threshold() == pdfgc.AID_THRESHOLDS  # the outer one still holds
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
