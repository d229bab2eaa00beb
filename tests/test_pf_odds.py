"""Pacific Fury's dice, exactly: the rulebook's worked examples, hand-worked cases, laws and a Monte Carlo check.

The numbers come from the game's own charts (scenarios/pacific-fury/charts/english.yaml) through
the tables reader, so a test here fails if either the data or the arithmetic drifts.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from toolkit.games.pacific_fury import odds
from toolkit.games.pacific_fury.odds import Ship
from toolkit.games.pacific_fury.tables import Tables
from toolkit.model.build_game import load_game

PF = ROOT / "scenarios" / "pacific-fury"


@pytest.fixture(scope="module")
def tables() -> Tables:
    loaded = load_game(Path(PF))
    assert loaded.game is not None, [str(f) for f in loaded.findings]
    return Tables.of(loaded.game.charts)


# --- PF 10.2: fire ------------------------------------------------------------------------------

def test_10_2_example_cf4_rolls_one_to_four_hit_five_six_miss(tables):
    assert odds.hits_by_roll(4, die=tables.die) == (1, 2, 3, 4, 0, 0)
    assert tuple(tables.table("fire")["example"]["hits_by_roll"]) == odds.hits_by_roll(4)


def test_unit_distribution_by_hand():
    assert odds.unit_hits(4) == {0: Fraction(1, 3), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6), 4: Fraction(1, 6)}
    assert odds.unit_hits(0) == {0: Fraction(1)}
    assert odds.unit_hits(6) == {k: Fraction(1, 6) for k in range(1, 7)}
    assert odds.unit_hits(9) == odds.unit_hits(6)  # a CF above the die hits on every roll


def test_two_units_convolution_by_hand():
    # CF 1 and CF 1: each 1 hit with 1/6; total 2 with 1/36, 1 with 10/36, 0 with 25/36
    assert odds.total_hits([odds.unit_hits(1), odds.unit_hits(1)]) == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}


# --- PF 10.5: AS/AA and CAP ----------------------------------------------------------------------

def test_10_5_example_no_modifier_and_cap(tables):
    us = [Ship(n, "CV", 4, None, 2) for n in ("Enterprise", "Saratoga", "Wasp")]
    japan = [Ship("Shokaku", "CV", None, None, 2), Ship("Zuiho", "CVL", None, None, 1)] + [Ship(f"escort {i}", "CA") for i in range(6)]
    assert odds.air_strike_rating(us) == 6
    assert odds.anti_aircraft_rating(japan) == 6
    assert odds.air_strike_modifier(6, 6, tables.modifiers()) == (0, "as-not-greater-than-aa")
    cap, why = odds.cap_reduction(japan, tables.cap_reductions())
    assert (cap, why) == (2, "cv")
    rolls = (4, 6, 2)  # the rolls that give the printed 2, 0 and 1
    hits = [odds.hits_by_roll(4, 0, cap, tables.cap_minimum)[r - 1] for r in rolls]
    assert hits == [2, 0, 1] and sum(hits) == 3
    only_cvl = [s for s in japan if s.name != "Shokaku"]
    cap, why = odds.cap_reduction(only_cvl, tables.cap_reductions())
    assert (cap, why) == (1, "cvl")
    hits = [odds.hits_by_roll(4, 0, cap, tables.cap_minimum)[r - 1] for r in rolls]
    assert hits == [3, 0, 1] and sum(hits) == 4
    example = tables.table("cap")["example"]
    assert example["hits_against_cv"] == [2, 0, 1] and example["hits_against_cvl_only"] == [3, 0, 1]


@pytest.mark.parametrize("as_rating, aa_rating, expected", [
    (6, 0, 2), (6, 3, 2), (7, 3, 2), (5, 3, 1), (4, 3, 1), (3, 3, 0), (2, 3, 0), (0, 0, 2),
])
def test_as_aa_modifier_boundaries(tables, as_rating, aa_rating, expected):
    assert odds.air_strike_modifier(as_rating, aa_rating, tables.modifiers())[0] == expected


def test_cap_minimum_one_only_when_the_roll_hit():
    assert odds.hits_by_roll(3, cap=2) == (1, 1, 1, 0, 0, 0)
    assert odds.hits_by_roll(2, modifier=1, cap=1) == (1, 1, 2, 0, 0, 0)


# --- PF 10.7: Sunk Table -------------------------------------------------------------------------

def test_10_7_examples(tables):
    faces = tables.sink_faces()
    assert odds.sink_chance(3, 2, faces) == Fraction(5, 6)  # Hornet DF 2, 3 hits: 2-6
    assert odds.sink_chance(1, 2, faces) == Fraction(1, 6)  # Hornet, 1 hit: 6 only
    assert odds.sink_on(1, 0, faces) == (2, 3, 4, 5, 6)     # Ryujo DF 0, 1 hit: 2-6
    assert odds.sink_chance(2, 2, faces) == Fraction(1, 2)  # equal: 4-6
    assert odds.sink_chance(0, 0, faces) == 0
    for example in tables.table("sunk")["examples"]:
        assert list(odds.sink_on(example["hits"], example["defense_factor"], faces)) == example["sink_on"]


def test_transports_and_tokyo_express_sink_on_one_hit(tables):
    auto = tables.sunk_automatically()
    assert auto == {"transports": 1, "tokyo-express": 1}
    assert odds.sink_chance(1, 9, tables.sink_faces(), automatic_at=auto["transports"]) == 1


# --- PF 10.4, 10.6: Henderson Field ----------------------------------------------------------------

def test_disruption_thresholds(tables):
    assert odds.disruption_threshold(0, tables.disruption_minimum) == 1  # box 0 needs one hit
    assert [odds.disruption_threshold(v) for v in range(1, 6)] == [1, 2, 3, 4, 5]


def test_bombardment_by_hand():
    # one CF-4 ship against box 2: P(>= 2) = 3/6; two rounds, no carry-over: 1 - (1/2)^2
    assert odds.bombardment([4], 2) == (Fraction(1, 2), Fraction(3, 4))
    # CF 1 against box 2 can never disrupt: its only hit is 1
    assert odds.bombardment([1], 2) == (0, 0)


def test_air_strike_on_henderson_by_hand():
    # two CF-4 carriers, box US 2 (CF 2, CAP 1 icon), the TF-C's CAP 2 on the field's fire
    s = odds.air_strike_on_henderson([4, 4], 2, 1, return_fire_cap=2)
    assert s.threshold == 2
    assert s.first_round == Fraction(2, 3)
    # the field hits (rolls 1 or 2, reduced to the minimum 1) with 1/3: one carrier left
    assert s.carriers_left == {1: Fraction(1, 3), 2: Fraction(2, 3)}
    # round 2: one carrier P(>= 2) = 1/3, two carriers 2/3 -> 2/3 + 1/3 * (1/3*1/3 + 2/3*2/3)
    assert s.two_rounds == Fraction(23, 27)
    assert s.second_round_possible == Fraction(1, 3)


def test_air_strike_single_carrier_lost_means_no_second_round():
    # one CF-3 carrier against box 3: the field (CF 3, no CAP on its fire) hits on 1-3 and takes the carrier
    s = odds.air_strike_on_henderson([3], 3, 0)
    assert s.first_round == Fraction(1, 6)
    assert s.two_rounds == Fraction(1, 6) + Fraction(5, 6) * Fraction(1, 2) * Fraction(1, 6)


def test_air_strike_worst_case_takes_the_strongest_carrier():
    # CF 6 and CF 1 against box 1 (CF 1): if the field hits, the CF-6 carrier leaves
    s = odds.air_strike_on_henderson([1, 6], 1, 0)
    assert s.first_round == 1  # the CF-6 carrier hits on every roll: round 1 always disrupts box 1
    s = odds.air_strike_on_henderson([1, 5], 2, 0)
    first = odds.at_least(odds.total_hits([odds.unit_hits(1), odds.unit_hits(5)]), 2)
    field = odds.unit_hits(2)
    second = field[0] * first + field[1] * odds.at_least(odds.unit_hits(1), 2) + field[2] * 0
    assert s.two_rounds == first + (1 - first) * second


def test_air_strike_on_disrupted_field_has_no_effect():
    s = odds.air_strike_on_henderson([6, 6], 1, 0, operational=False)
    assert s.first_round == s.two_rounds == 0


# --- PF 9.6: Tokyo Express ----------------------------------------------------------------------

def test_tokyo_express_detection(tables):
    faces = tables.detection_rows()
    assert odds.tokyo_express_detection(True, True, faces) == Fraction(1, 3)
    assert odds.tokyo_express_detection(True, False, faces) == Fraction(1, 6)
    assert odds.tokyo_express_detection(False, True, faces) == 0


# --- laws -----------------------------------------------------------------------------------------

cf = st.integers(min_value=0, max_value=8)
cap = st.integers(min_value=0, max_value=3)
mod = st.integers(min_value=0, max_value=2)


@given(cf, mod, cap)
def test_distribution_sums_to_one(c, m, r):
    assert sum(odds.unit_hits(c, m, r).values()) == 1


@given(st.integers(min_value=0, max_value=6))
def test_mean_without_cap(c):
    assert odds.mean(odds.unit_hits(c)) == Fraction(c * (c + 1), 12)


@given(cf, mod, cap, st.integers(min_value=0, max_value=12))
def test_more_cf_never_lowers_the_chance_of_n_hits(c, m, r, n):
    assert odds.at_least(odds.unit_hits(c + 1, m, r), n) >= odds.at_least(odds.unit_hits(c, m, r), n)


@given(st.lists(st.tuples(cf, cap), min_size=1, max_size=4), st.randoms(use_true_random=False))
@settings(max_examples=50)
def test_convolution_is_commutative_and_sums_to_one(units, rng):
    dists = [odds.unit_hits(c, 0, r) for c, r in units]
    shuffled = list(dists)
    rng.shuffle(shuffled)
    total = odds.total_hits(dists)
    assert total == odds.total_hits(shuffled)
    assert sum(total.values()) == 1
    assert odds.mean(total) == sum(odds.mean(d) for d in dists)


@given(st.lists(cf, min_size=1, max_size=3), st.integers(min_value=0, max_value=5), st.integers(min_value=0, max_value=2))
@settings(max_examples=40)
def test_two_rounds_at_least_one_round(cfs, box, icons):
    s = odds.air_strike_on_henderson(cfs, box, icons, return_fire_cap=2)
    assert 0 <= s.first_round <= s.two_rounds <= odds.over_rounds(s.first_round, 2) <= 1
    assert sum(s.carriers_left.values()) == 1


# --- seeded Monte Carlo cross-checks ------------------------------------------------------------

def _within(estimate: float, exact: Fraction, n: int) -> bool:
    p = float(exact)
    return abs(estimate - p) <= 4.5 * (p * (1 - p) / n) ** 0.5 + 1e-9


def _roll_hits(rng, c, m=0, r=0):
    roll = rng.randint(1, 6)
    if roll > c + m:
        return 0
    return max(1, roll - r) if r else roll


def test_monte_carlo_task_force_total():
    rng = random.Random(9)
    cfs, m, r, n = [4, 4, 3, 2], 1, 2, 40_000
    exact = odds.total_hits(odds.unit_hits(c, m, r) for c in cfs)
    counts = {}
    for _ in range(n):
        total = sum(_roll_hits(rng, c, m, r) for c in cfs)
        counts[total] = counts.get(total, 0) + 1
    for hits in (3, 5, 7):
        assert _within(sum(v for k, v in counts.items() if k >= hits) / n, odds.at_least(exact, hits), n)


def test_monte_carlo_two_round_air_strike():
    rng = random.Random(42)
    cfs, box, icons, back_cap, n = [5, 4, 2], 3, 1, 2, 40_000
    exact = odds.air_strike_on_henderson(cfs, box, icons, return_fire_cap=back_cap)
    disrupted = 0
    for _ in range(n):
        carriers = sorted(cfs)
        first = sum(_roll_hits(rng, c, 0, icons) for c in carriers)
        field = _roll_hits(rng, box, 0, back_cap)
        if first >= box:
            disrupted += 1
            continue
        left = carriers[: max(0, len(carriers) - field)]  # the strongest leave first
        if left and sum(_roll_hits(rng, c, 0, icons) for c in left) >= box:
            disrupted += 1
    assert _within(disrupted / n, exact.two_rounds, n)
