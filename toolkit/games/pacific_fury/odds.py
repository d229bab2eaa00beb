"""Pacific Fury's dice, exactly: fire, AS/AA and CAP, task forces, sinking, Henderson Field, the Tokyo Express.

Every probability is a :class:`fractions.Fraction`; a distribution is a ``dict`` from a number
of hits to its probability, keys ascending, probabilities summing to 1. The functions take
plain values (Combat Factors, modifiers, the faces a table lists); the game's tables supply
those values (:mod:`toolkit.games.pacific_fury.tables`).

>>> from fractions import Fraction
>>> unit_hits(4)[0], unit_hits(4)[4]                 # PF 10.2: CF 4 misses on 5-6
(Fraction(1, 3), Fraction(1, 6))
>>> mean(total_hits([unit_hits(4), unit_hits(4)]))
Fraction(10, 3)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from toolkit.exact import Distribution, at_least, convolve, mean, total  # shared by every game's odds
from toolkit.records import lazy_dataclass

__all__ = [
    "Distribution", "Ship", "hits_by_roll", "unit_hits", "convolve", "total_hits", "at_least", "mean",
    "task_force_type", "air_strike_rating", "anti_aircraft_rating", "air_strike_modifier", "cap_reduction",
    "sink_on", "sink_chance", "disruption_threshold", "over_rounds", "bombardment", "HendersonStrike",
    "air_strike_on_henderson", "tokyo_express_detection",
]

CARRIERS = ("CV", "CVL")


@lazy_dataclass(frozen=True)
class Ship:
    """A unit of a task force as combat reads it: its class and its ratings (None: not stated).

    ``cls`` is ``CV``, ``CVL``, ``Transports``, ``Tokyo Express`` or any other ship class.
    """

    name: str
    cls: str
    combat: int | None = None
    defense: int | None = None
    aircraft: int = 0

    @property
    def is_carrier(self) -> bool:
        return self.cls in CARRIERS

    @property
    def is_transports(self) -> bool:
        return self.cls == "Transports"


# --- fire (PF 10.2) with AS/AA (10.5) and CAP (10.5, 10.6) -----------------------------------

def hits_by_roll(combat_factor: int, modifier: int = 0, cap: int = 0, minimum: int = 1, die: int = 6) -> tuple[int, ...]:
    """Hits scored by each roll 1..die: a roll above CF + modifier misses; else the roll, less the CAP
    reduction but never below ``minimum`` (PF 10.2, 10.5).

    >>> hits_by_roll(4)                                   # PF 10.2 example
    (1, 2, 3, 4, 0, 0)
    >>> hits_by_roll(4, cap=2), hits_by_roll(4, cap=1)    # PF 10.5 example: rolls 4, miss, 2
    ((1, 1, 1, 2, 0, 0), (1, 1, 2, 3, 0, 0))
    """
    if combat_factor < 0 or cap < 0 or die < 1:
        raise ValueError("Combat Factor, CAP and die size must not be negative")
    factor = combat_factor + modifier
    out = []
    for roll in range(1, die + 1):
        if roll > factor:
            out.append(0)
        elif cap:
            out.append(max(minimum, roll - cap))
        else:
            out.append(roll)
    return tuple(out)


def unit_hits(combat_factor: int, modifier: int = 0, cap: int = 0, minimum: int = 1, die: int = 6) -> Distribution:
    """The hit distribution of one firing unit (PF 10.2): each face has chance 1/die.

    >>> unit_hits(2)
    {0: Fraction(2, 3), 1: Fraction(1, 6), 2: Fraction(1, 6)}
    """
    dist: Distribution = {}
    for hits in hits_by_roll(combat_factor, modifier, cap, minimum, die):
        dist[hits] = dist.get(hits, Fraction(0)) + Fraction(1, die)
    return dict(sorted(dist.items()))


def total_hits(units: Iterable[Mapping[int, Fraction]]) -> Distribution:
    """A task force's total hits: the exact convolution of its firing units' distributions (none: 0 hits).

    >>> total_hits([])
    {0: Fraction(1, 1)}
    """
    return total(units)


# --- task forces (PF 8.3, 10.5) ----------------------------------------------------------------

def task_force_type(ships: Sequence[Ship]) -> str:
    """``A`` with Transports, else ``C`` with a carrier, else ``B`` (PF 8.3); the Tokyo Express is a
    special TF-B (PF 9.6).

    >>> task_force_type([Ship("Zuiho", "CVL", aircraft=1), Ship("Tone", "CA")])
    'C'
    """
    if any(s.is_transports for s in ships):
        return "A"
    if any(s.is_carrier for s in ships):
        return "C"
    return "B"


def air_strike_rating(ships: Sequence[Ship]) -> int:
    """AS rating: the aircraft icons on the task force's carriers (PF 10.5).

    >>> air_strike_rating([Ship("Enterprise", "CV", aircraft=2), Ship("Wasp", "CV", aircraft=2)])
    4
    """
    return sum(s.aircraft for s in ships if s.is_carrier)


def anti_aircraft_rating(ships: Sequence[Ship]) -> int:
    """AA rating: the non-carrier ship units and Transports units of the target (PF 10.5).

    >>> anti_aircraft_rating([Ship("Shokaku", "CV", aircraft=2), Ship("Tone", "CA"), Ship("Chikuma", "CA")])
    2
    """
    return sum(1 for s in ships if not s.is_carrier)


def air_strike_modifier(as_rating: int, aa_rating: int, values: Mapping[str, int]) -> tuple[int, str]:
    """The modifier to each firing carrier's CF and the comparison that gives it (PF 10.5).

    ``values`` maps each comparison id of the table to its modifier.

    >>> values = {"as-at-least-double-aa-or-no-aa": 2, "as-greater-than-aa": 1, "as-not-greater-than-aa": 0}
    >>> air_strike_modifier(6, 6, values), air_strike_modifier(6, 3, values), air_strike_modifier(6, 4, values)
    ((0, 'as-not-greater-than-aa'), (2, 'as-at-least-double-aa-or-no-aa'), (1, 'as-greater-than-aa'))
    """
    if aa_rating == 0 or as_rating >= 2 * aa_rating:
        when = "as-at-least-double-aa-or-no-aa"
    elif as_rating > aa_rating:
        when = "as-greater-than-aa"
    else:
        when = "as-not-greater-than-aa"
    return values[when], when


def cap_reduction(target: Sequence[Ship], reductions: Mapping[str, int]) -> tuple[int, str]:
    """The CAP reduction a target task force imposes, and why: ``cv``, ``cvl`` or ``none`` (PF 10.5).

    >>> cap_reduction([Ship("Zuiho", "CVL", aircraft=1)], {"cv": 2, "cvl": 1, "none": 0})
    (1, 'cvl')
    """
    if any(s.cls == "CV" for s in target):
        return reductions["cv"], "cv"
    if any(s.cls == "CVL" for s in target):
        return reductions["cvl"], "cvl"
    return reductions.get("none", 0), "none"


# --- Sunk Table (PF 10.7) ----------------------------------------------------------------------

def sink_on(hits: int, defense: int, faces: Mapping[str, Sequence[int]]) -> tuple[int, ...]:
    """The die faces that sink a ship with ``hits`` applied and Defense Factor ``defense`` (none if no hits).

    >>> table = {"more-than-df": (2, 3, 4, 5, 6), "equal-to-df": (4, 5, 6), "fewer-than-df": (6,)}
    >>> sink_on(3, 2, table), sink_on(1, 2, table), sink_on(1, 0, table)   # PF 10.7 examples
    ((2, 3, 4, 5, 6), (6,), (2, 3, 4, 5, 6))
    """
    if hits < 0 or defense < 0:
        raise ValueError("hits and Defense Factor must not be negative")
    if hits == 0:
        return ()
    key = "more-than-df" if hits > defense else "equal-to-df" if hits == defense else "fewer-than-df"
    return tuple(faces[key])


def sink_chance(hits: int, defense: int, faces: Mapping[str, Sequence[int]], die: int = 6,
                automatic_at: int | None = None) -> Fraction:
    """P(the ship sinks). ``automatic_at``: hits that sink it without a roll (Transports, Tokyo Express: 1).

    >>> table = {"more-than-df": (2, 3, 4, 5, 6), "equal-to-df": (4, 5, 6), "fewer-than-df": (6,)}
    >>> sink_chance(3, 2, table), sink_chance(2, 2, table), sink_chance(1, 5, table, automatic_at=1)
    (Fraction(5, 6), Fraction(1, 2), Fraction(1, 1))
    """
    if automatic_at is not None and hits >= automatic_at:
        return Fraction(1)
    return Fraction(len(sink_on(hits, defense, faces)), die)


# --- Henderson Field (PF 10.4, 10.6) -----------------------------------------------------------

def disruption_threshold(box_value: int, minimum: int = 1) -> int:
    """Hits of one round that disrupt Henderson Field: the box's value, at least ``minimum``.

    >>> disruption_threshold(0), disruption_threshold(3)
    (1, 3)
    """
    return max(minimum, box_value)


def over_rounds(p: Fraction, rounds: int) -> Fraction:
    """P(success in at most ``rounds`` independent tries of chance ``p``; hits never carry over).

    >>> over_rounds(Fraction(1, 2), 2)
    Fraction(3, 4)
    """
    return 1 - (1 - Fraction(p)) ** rounds


def bombardment(combat_factors: Sequence[int], box_value: int, minimum: int = 1, die: int = 6) -> tuple[Fraction, Fraction]:
    """P(Henderson Field disrupted) by a TF-B's bombardment: one round, and within two rounds (PF 10.4).

    Only the attacker fires; first-round hits do not carry over; the second round is fired only
    if the first failed, so two rounds = 1 - (1 - p)^2.

    >>> bombardment([4], 0)
    (Fraction(2, 3), Fraction(8, 9))
    """
    p = at_least(total_hits(unit_hits(cf, die=die) for cf in combat_factors), disruption_threshold(box_value, minimum))
    return p, over_rounds(p, 2)


@lazy_dataclass(frozen=True)
class HendersonStrike:
    """An air strike against Henderson Field (PF 10.6), exactly.

    ``first_round``: P(disrupted in round 1). ``two_rounds``: P(disrupted in round 1, or in round 2
    by the carriers Henderson Field's round-1 hits leave). ``field_hits``: the distribution of the
    field's hits on the TF-C in round 1. ``carriers_left``: P(k carriers can fire a second round).
    ``second_round_possible``: P(round 1 failed and a carrier is left).
    """

    threshold: int
    first_round: Fraction
    two_rounds: Fraction
    field_hits: Distribution
    carriers_left: Distribution
    second_round_possible: Fraction
    strike_hits: Distribution


def air_strike_on_henderson(carrier_factors: Sequence[int], box_value: int, cap_icons: int, *,
                            operational: bool = True, return_fire_cap: int = 0, minimum_hits: int = 1,
                            cap_minimum: int = 1, die: int = 6) -> HendersonStrike:
    """Exact odds of an air strike by a TF-C's carriers against Henderson Field (PF 10.6).

    The carriers fire without an AS/AA modifier, each roll's hits reduced by the box's aircraft
    icons (``cap_icons``), never below ``cap_minimum``. An operational field fires back once per
    round, like a carrier of CF ``box_value``, its hits reduced by ``return_fire_cap`` (the TF-C's
    own CAP). Its hits are applied after both fire; the defender allocates them worst-case for the
    attacker: one hit to each carrier, strongest first, and a carrier hit is sunk or damaged and
    leaves at once (PF 10.7), so only the weakest carriers are left for round 2. Round 2 needs a
    carrier left; first-round hits do not carry over. A disrupted field is unaffected (no effect)
    and does not fire.

    >>> strike = air_strike_on_henderson([4], 0, 0)   # box 0: one hit disrupts; the field's CF 0 never hits
    >>> strike.first_round, strike.two_rounds
    (Fraction(2, 3), Fraction(8, 9))
    """
    threshold = disruption_threshold(box_value, minimum_hits)
    factors = sorted(carrier_factors)  # weakest first
    if not operational:
        zero = {0: Fraction(1)}
        return HendersonStrike(threshold, Fraction(0), Fraction(0), zero, {len(factors): Fraction(1)}, Fraction(0), zero)

    def strike(cfs: Sequence[int]) -> Distribution:
        return total_hits(unit_hits(cf, cap=cap_icons, minimum=cap_minimum, die=die) for cf in cfs)

    first = strike(factors)
    p1 = at_least(first, threshold)
    field = unit_hits(box_value, cap=return_fire_cap, minimum=cap_minimum, die=die)
    carriers_left: Distribution = {}
    p2 = Fraction(0)
    for hits, chance in field.items():
        left = max(0, len(factors) - hits)
        carriers_left[left] = carriers_left.get(left, Fraction(0)) + chance
        if left:
            p2 += chance * at_least(strike(factors[:left]), threshold)
    two = p1 + (1 - p1) * p2
    possible = (1 - p1) * sum((c for k, c in carriers_left.items() if k > 0), Fraction(0))
    return HendersonStrike(threshold, p1, two, field, dict(sorted(carriers_left.items())), possible, first)


# --- Tokyo Express (PF 9.6) --------------------------------------------------------------------

def tokyo_express_detection(us_in_ironbottom: bool, operational: bool, faces: Mapping[str, Sequence[int]], die: int = 6) -> Fraction:
    """P(the Tokyo Express is detected) as it moves into Ironbottom Sound (PF 9.6).

    >>> faces = {"detected": (1,), "detected-if-henderson-field-operational": (2,), "undetected": (3, 4, 5, 6)}
    >>> tokyo_express_detection(True, True, faces), tokyo_express_detection(True, False, faces), tokyo_express_detection(False, True, faces)
    (Fraction(1, 3), Fraction(1, 6), Fraction(0, 1))
    """
    if not us_in_ironbottom:
        return Fraction(0)
    detecting = set(faces.get("detected", ()))
    if operational:
        detecting |= set(faces.get("detected-if-henderson-field-operational", ()))
    return Fraction(len(detecting), die)
