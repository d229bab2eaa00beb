"""Exact battle odds in Fire in the Sky: every kind of combat the rules resolve with dice.

- :func:`air_combat`: the Air-to-Air Combat Round between two Air Point pools (v1.1 12.3.2.1;
  2nd 11.2.2.2), one simultaneous round (v1.1 17.1: Japan fires first in its Turn 1 player
  turn), then Air Superiority or Air Supremacy.
- :func:`air_strike`: air-to-air, then the target's anti-aircraft fire, then the strike's
  hits on one unit with the Combat Table's modifiers, then the unit's fate (v1.1 12.3.2.3,
  13.1, 13.3; 2nd 11.2.2.4, 11.3).
- :func:`submarine_attack`: the escort's ASW dice first, then the Submarine Point's die and
  the Damage Check (v1.1 12.2; 2nd 11.1).
- :func:`surface_round`: one Surface Combat Round, each ship one die on the Surface Combat
  Table, half hits, Damage Checks with the firer's Firepower (v1.1 12.3.3.2; 2nd 11.2.3).
- :func:`damage_check`: the Damage Checks of a ship taking hits: sunk, or damaged and the
  turn it returns (v1.1 13.1; 2nd 11.3.1, Damage and Return Schedule Chart).

Each returns an :class:`OddsResult`: plain data (distributions, chances, expected values,
the readings taken where the rules are open), never text; :mod:`.odds_report` prints it.
"""

from __future__ import annotations

from fractions import Fraction

from toolkit.games.fire_in_the_sky.bases import anti_aircraft_dice
from toolkit.games.fire_in_the_sky.combat_tables import READING_CHOICES, CombatCharts, Situation
from toolkit.games.fire_in_the_sky.dice import (
    Distribution,
    bernoulli,
    dice,
    die_hit,
    mean,
    mixture,
    total,
    two_dice_at_least,
)
from toolkit.games.fire_in_the_sky.movement import air_points
from toolkit.games.fire_in_the_sky.records import is_carrier
from toolkit.games.fire_in_the_sky.removal import permanently_removed
from toolkit.model import Counter, Edition
from toolkit.records import field, lazy_dataclass, replace
from toolkit.words import counted

__all__ = ["Piece", "numbered", "OddsResult", "air_combat", "air_strike", "submarine_attack", "surface_round", "damage_check",
           "convoy", "land_combat", "sink_chance", "return_turn", "READINGS", "strategic_bombing", "long_lance"]

#: Where the rules are open, the reading taken (and the other one), keyed for the results that depend on it.
READINGS = {
    "modified-hit": ("A modified die of 5 or more hits (a +1 makes 4-6 hit; a -2 leaves nothing that reaches 5). "
                     "Other reading: a natural 6 always hits; no rule says so, so not taken."),
    "losses-weakest-first": ("Air Points lost (air-to-air hits, AA hits) are the owner's choice (v1.1 12.3.2.1); "
                             "taken: he loses his unmodified points first and keeps elite ones. Other reading: losses "
                             "spread evenly; only matters when some Air Points carry a modifier."),
    "tie-roll-off": ("Equal Air Points: both roll a die, the higher wins Air Superiority; ties are rolled again, so "
                     "each side has 1/2. Nobody has Air Supremacy on a tie, not even at 0-0."),
    "base-aa-round-down": ("A base's Anti-Aircraft is half its printed Air Capacity; v1.1 2.2.3 and 12.3.2.3 give no "
                           "rounding, 2nd 11.2.2.4 rounds down: rounded down in both editions."),
    "carriers-at-anchor": ("Carriers give Air Points only from a Carrier Task Force box (v1.1 12.3.2; 2nd 11.2.2.1); a "
                           "carrier at anchor adds none and is a target."),
    "all-strike-one-target": ("Every Air Point left after air-to-air strikes the one target (unless --strikers caps "
                              "it); the defender's Air Points left are shown but their own strikes are not computed."),
    "surface-pairing": ("Combat groups: the Nth attacker fires at the Nth defender and back; unmatched ships fire at "
                        "the enemy in listed order, cycling (the Air Superiority player really chooses). No "
                        "withdrawal in one round."),
    "damage-order": ("Several hits on one ship are checked in firing order (a ship's own firer listed first), so "
                     "the +1 per hit beyond the first goes to the later checks."),
    "ground-support-supremacy": ("The ground-support +1 applies while the player has Air Supremacy and Air Points give "
                                 "ground support (v1.1 2.3 errata; 2nd Combat Table): taken literally, to every ground "
                                 "support die of that player, naval Firepower dice included. Other reading: only the Air "
                                 "Point dice get it ('when Air Points are involved', v1.1 12.3.2.1)."),
    "kamikaze-allocation": ("Kamikaze (v1.1 18.2.4; 2nd 16.2.4): every Japanese Air Point left after anti-aircraft fire "
                            "hits; the Allied player picks the unit hit by each odd-numbered point, the Japanese player by "
                            "each even-numbered one. Taken: the target is the only unit of its Task Force and takes every "
                            "hit, or else it takes the even-numbered points (half, rounded down) and the Allies send the "
                            "odd ones elsewhere. Other reading: the Allies put the odd ones on it too."),
    "tokyo-express-sea-control": ("With the Tokyo Express firing first, the Japanese ships' fates depend on the Allied "
                                  "ships'; each ship's chances are exact, the joint Sea Control chances are not given."),
    "battle-withdrawal": ("A battle to its end: the same pairing each round among the ships still fighting; a side "
                          "withdraws only when asked (--withdraw SIDE --after-rounds N), and in that round a ship of the "
                          "other side fires at its matched enemy if slower, else at the next slower one in line, else "
                          "not at all (v1.1 12.3.3.2; 2nd 11.2.3 [b]). The rules let either side withdraw every round; "
                          "each plan of withdrawal is its own question."),
    "land-combat-air": ("When the phasing player's land combat total is greater, every unit of the other side in the "
                        "hex loses a step (v1.1 13.4 says 'all the non-Phasing Player's units'; 2nd 11.3.5 names air "
                        "units: one Strength each); when it is greater by more than the Combat Strength, all are "
                        "eliminated. Taken: in both editions the defender's air units at base lose one step each, or "
                        "all their steps. Other reading (v1.1): only land units lose steps."),
    "land-at-sea": ("A land unit at sea loses a step for each reduced Combat Strength's worth of hits (v1.1 13.2); "
                    "2nd 11.3.2 eliminates at full Combat Strength: the same whenever full = 2 x reduced."),
}

#: The named readings (``--reading NAME=CHOICE``), each choice as its own entry: ``turn-1=v1.1-text``...
READINGS.update({f"{name}={choice}": f"{name}={choice}{' (the default)' if choice == default else ''}: {text}"
                 for name, (default, choices) in READING_CHOICES.items() for choice, text in choices.items()})


@lazy_dataclass(frozen=True)
class Piece:
    """A unit in a fight: its counter, side, air steps, and whether it is in a Task Force (else at base/anchor)."""

    counter: Counter
    side: str
    steps: int = 1
    task_force: bool = True
    long_range: bool = False
    reduced: bool = False
    number: int = 0  # 1, 2, ... when the battle holds more than one of this counter (see :func:`numbered`)

    @property
    def id(self) -> str:
        return self.counter.id

    @property
    def name(self) -> str:
        """The counter's id, with ``#N`` when the battle holds several of it (``jp-ca #1``, ``jp-ca #2``)."""
        return f"{self.counter.id} #{self.number}" if self.number else self.counter.id

    @property
    def type(self) -> str:
        return self.counter.type

    @property
    def cls(self) -> str | None:
        return self.counter.cls

    def rating(self, name: str, default=0):
        return self.counter.ratings.get(name, default)

    @property
    def label(self) -> str:
        if self.type == "air":
            where = "long range" if self.long_range else ("at sea" if self.task_force else "at base")
            return f"{self.name} ({counted(self.steps, 'step')}, {where})"
        if self.type == "naval" and not self.task_force:
            return f"{self.name} (at anchor)"
        return self.name


@lazy_dataclass
class OddsResult:
    """One combat's exact answer: plain data for the reporters."""

    kind: str
    title: str
    rules: list[str]
    edition: str
    forces: dict = field(default_factory=dict)  # label -> [text]
    distributions: list = field(default_factory=list)  # (name, Distribution, unit label)
    chances: list = field(default_factory=list)  # (name, Fraction)
    expected: list = field(default_factory=list)  # (name, Fraction)
    tables: list = field(default_factory=list)  # (name, [column names], [[cells]])
    modifiers: list = field(default_factory=list)  # (roll, [(value, condition)])
    readings: list = field(default_factory=list)  # keys of READINGS
    simulation: dict = field(default_factory=dict)  # beyond the exact budget: why, trials, seed (see .odds_simulated)


# --- pools of Air Points -------------------------------------------------------------------

@lazy_dataclass(frozen=True)
class Group:
    """Air Points of one counter rolling with one chance to hit."""

    count: int
    unit: str
    modifier: int
    label: str = ""  # the counter as the answer names it (``jp-cv #2`` when there are several)


def pool(charts: CombatCharts, pieces, situation: Situation, kind: str) -> list[Group]:
    """Air Points by counter (v1.1 12.3.2; 2nd 11.2.2.1), each group's modifier for ``kind``; weakest first."""
    groups = []
    long_range = sum(p.steps for p in pieces if p.type == "air" and p.long_range)
    for p in pieces:
        if p.type == "naval" and is_carrier(p.counter) and p.task_force:
            n = int(p.rating("air_strength", 0))
        elif p.type == "air" and not p.task_force and not p.long_range:
            n = air_points(at_base_steps=p.steps)
        else:
            continue
        if n:
            groups.append(Group(n, p.id, charts.modifier(kind, situation.with_facts(unit=p.id)), p.name))
    if long_range:
        unit = next(p.id for p in pieces if p.type == "air" and p.long_range)
        groups.append(Group(air_points(long_range_steps=long_range), unit, charts.modifier(kind, situation.with_facts(unit=unit))))
    return sorted(groups, key=lambda g: (g.modifier, g.unit))


def points(groups) -> int:
    return sum(g.count for g in groups)


def lose(groups: list[Group], n: int) -> list[Group]:
    """The groups after losing ``n`` Air Points, weakest first (the owner's choice, READINGS losses-weakest-first)."""
    out = []
    for g in groups:
        take = min(g.count, n)
        n -= take
        if g.count - take:
            out.append(Group(g.count - take, g.unit, g.modifier, g.label))
    return out


def keep(groups: list[Group], n: int) -> list[Group]:
    """The best ``n`` Air Points of the groups."""
    return lose(groups, max(0, points(groups) - n))


def fire(groups, threshold: int) -> Distribution:
    return total(dice(g.count, die_hit(g.modifier, threshold)) for g in groups)


def exchange(att: list[Group], dfn: list[Group], threshold: int, first: str | None = None) -> dict:
    """Air-to-air: the joint distribution of (attacker's, defender's) Air Points left.

    ``first``: ``attacker`` or ``defender`` when one side fires first and the other fires only
    with its surviving points (v1.1 17.1); None: simultaneous (v1.1 12.3.2.1; 2nd 11.2.2.2).
    """
    a, d = points(att), points(dfn)
    joint: dict = {}

    def add(key, p):
        joint[key] = joint.get(key, Fraction(0)) + p

    if first is None:
        on_d, on_a = fire(att, threshold), fire(dfn, threshold)
        for x, px in on_d.items():
            for y, py in on_a.items():
                add((a - min(a, y), d - min(d, x)), px * py)
    elif first == "attacker":
        for x, px in fire(att, threshold).items():
            for y, py in fire(lose(dfn, x), threshold).items():
                add((a - min(a, y), d - min(d, x)), px * py)
    else:
        for y, py in fire(dfn, threshold).items():
            for x, px in fire(lose(att, y), threshold).items():
                add((a - min(a, y), d - min(d, x)), px * py)
    return dict(sorted(joint.items()))


def air_status(joint: dict) -> dict[str, Fraction]:
    """Chances of Air Superiority and Air Supremacy for each side (v1.1 12.3.2.1; 2nd 11.2.2.2)."""
    out = {k: Fraction(0) for k in ("attacker supremacy", "attacker superiority", "defender supremacy", "defender superiority")}
    for (a, d), p in joint.items():
        if a > d:
            out["attacker superiority"] += p
            if d == 0:
                out["attacker supremacy"] += p
        elif d > a:
            out["defender superiority"] += p
            if a == 0:
                out["defender supremacy"] += p
        else:  # a roll-off (READINGS tie-roll-off)
            out["attacker superiority"] += p / 2
            out["defender superiority"] += p / 2
    return out


def _marginal(joint: dict, index: int) -> Distribution:
    out: Distribution = {}
    for key, p in joint.items():
        out[key[index]] = out.get(key[index], Fraction(0)) + p
    return dict(sorted(out.items()))


def _first_fire(edition: Edition, situation: Situation, attacker: str) -> str | None:
    rule = edition.param("air_to_air_fires_first")
    if not rule or situation.turn not in rule.get("turns", ()) or situation.player_turn != rule.get("player_turn"):
        return None
    return "attacker" if rule.get("side") == attacker else "defender"


def _side_label(side: str) -> str:
    return {"japan": "Japanese", "allied": "Allied"}.get(side, side)


def numbered(*forces):
    """The forces with each counter that appears more than once in the battle numbered ``#1``, ``#2``, ... in listed order,
    so that the answer tells them apart."""
    counts: dict[str, int] = {}
    for piece in (p for force in forces for p in force):
        counts[piece.id] = counts.get(piece.id, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for force in forces:
        renamed = []
        for piece in force:
            if counts[piece.id] > 1:
                seen[piece.id] = seen.get(piece.id, 0) + 1
                piece = replace(piece, number=seen[piece.id])
            renamed.append(piece)
        out.append(renamed)
    return out


def _forces(attackers, defenders, attacker_side, defender_side) -> dict:
    return {f"{_side_label(attacker_side)} (attacker)": [p.label for p in attackers],
            f"{_side_label(defender_side)} (defender)": [p.label for p in defenders]}


def _groups_text(groups) -> str:
    return ", ".join(f"{g.count} from {g.label or g.unit}" + (f" ({g.modifier:+d})" if g.modifier else "") for g in groups) or "none"


def _used_modifiers(charts: CombatCharts, kind: str, situations) -> tuple[str, list]:
    seen = []
    for situation in situations:
        for m in charts.applicable(kind, situation):
            item = (m.signed(), m.condition)
            if item not in seen:
                seen.append(item)
    return (f"{charts.name(kind)} ({charts.rule(kind)})", seen)


# --- air-to-air ----------------------------------------------------------------------------

def air_combat(charts: CombatCharts, edition: Edition, attackers, defenders, situation: Situation) -> OddsResult:
    """The Air-to-Air Combat Round: Air Points left on each side, Air Superiority and Supremacy."""
    attacker = situation.side
    defender = next(p.side for p in defenders) if defenders else ("allied" if attacker == "japan" else "japan")
    t = charts.hit_threshold
    att = pool(charts, attackers, situation, "air-to-air")
    dfn = pool(charts, defenders, situation.for_side(defender), "air-to-air")
    first = _first_fire(edition, situation, attacker)
    joint = exchange(att, dfn, t, first)
    status = air_status(joint)
    a_left, d_left = _marginal(joint, 0), _marginal(joint, 1)
    result = OddsResult("air", "Air-to-air combat", [charts.rule("air-to-air")], edition.id,
                        _forces(attackers, defenders, attacker, defender))
    result.forces["Air Points"] = [f"attacker {points(att)}: {_groups_text(att)}", f"defender {points(dfn)}: {_groups_text(dfn)}"]
    if first:
        result.forces["Air Points"].append(f"{first} fires first ({edition.cite('turn-1-special')})")
    result.distributions += [("attacker Air Points left", a_left, "Air Points"), ("defender Air Points left", d_left, "Air Points")]
    result.chances += [("attacker gains Air Supremacy", status["attacker supremacy"]),
                       ("attacker gains at least Air Superiority (Superiority or Supremacy)", status["attacker superiority"]),
                       ("defender gains Air Supremacy", status["defender supremacy"]),
                       ("defender gains at least Air Superiority (Superiority or Supremacy)", status["defender superiority"])]
    result.expected += [("attacker Air Points left", mean(a_left)), ("defender Air Points left", mean(d_left)),
                        ("hits on the defender", points(dfn) - mean(d_left)), ("hits on the attacker", points(att) - mean(a_left))]
    result.modifiers += [_used_modifiers(charts, "air-to-air", [situation.with_facts(unit=g.unit) for g in att]
                                         + [situation.for_side(defender).with_facts(unit=g.unit) for g in dfn])]
    result.readings += ["modified-hit", "tie-roll-off", "carriers-at-anchor"]
    if any(g.modifier for g in att + dfn) or first:
        result.readings.append("losses-weakest-first")
    return result


# --- damage ------------------------------------------------------------------------------

def sink_chance(charts: CombatCharts, defense: int, situation: Situation, hits: int, firepowers=()) -> Fraction:
    """P(a ship of ``defense`` is sunk by ``hits`` Damage Checks) (v1.1 13.1; 2nd 11.3.1).

    ``situation.facts`` names the cause; ``firepowers``: the firer's Firepower of each hit (surface combat).
    """
    survive = Fraction(1)
    for check in range(1, hits + 1):
        fp = firepowers[check - 1] if check - 1 < len(firepowers) else 0
        need = defense - charts.damage_modifier(situation, check, fp, hits)
        survive *= 1 - two_dice_at_least(need)
    return 1 - survive


def return_turn(edition: Edition, turn: int | None, player_turn: str | None, owner: str, hits: int, delay: int) -> int | None:
    """The game turn a ship damaged by ``hits`` returns: the (delay x hits)-th friendly Reinforcement Phase.

    A friendly Reinforcement Phase still to come this game turn counts (v1.1 13.1 example: a US BB
    hit twice in the Japanese player turn of Turn 3 returns on Turn 6; 2nd 11.3.1 example: a
    Japanese BB hit three times in the Allied part of Turn 3 returns on Turn 9).
    """
    if turn is None or player_turn is None:
        return None
    order = [pt.get("phasing") for pt in edition.sequence_of_play] or ["japan", "allied"]
    later_this_turn = owner in order and player_turn in order and order.index(owner) > order.index(player_turn)
    return turn + delay * hits - (1 if later_this_turn else 0)


def _fate_rows(charts, edition, piece: Piece, hit_dist: Distribution, situation: Situation, firepowers_of=None):
    """(P sunk, P damaged, rows of (hits, P(hits), P(sunk | hits), returns)) for a ship taking ``hit_dist`` hits."""
    sunk = damaged = Fraction(0)
    rows = []
    defense = int(piece.rating("defense", 0))
    check = situation.for_side(piece.side).with_facts(*situation.facts)
    delay = charts.delay_per_hit()
    for h, p in hit_dist.items():
        if h == 0:
            continue
        s = sink_chance(charts, defense, check, h, firepowers_of(h) if firepowers_of else ())
        sunk += p * s
        damaged += p * (1 - s)
        back = return_turn(edition, situation.turn, situation.player_turn, piece.side, h, delay)
        rows.append([h, p, s, f"Turn {back}" if back else f"after {delay * h} friendly Reinforcement Phases"])
    return sunk, damaged, rows


# --- air strike ----------------------------------------------------------------------------

def _steps_lost(piece: Piece, hits: int) -> int:
    if piece.type == "air":
        return min(piece.steps, hits)
    if piece.type == "land":
        # v1.1 13.2; 2nd 11.3.2: a step per reduced Combat Strength of hits, up to the steps the unit has left
        # (a reduced unit has one: the first step lost eliminates it).
        reduced = int(piece.rating("reduced", 0)) or 1
        return min(_land_steps(piece), hits // reduced)
    return 0


def _land_steps(piece: Piece) -> int:
    """Steps a land unit has left: two at full strength, one reduced (v1.1 2.1.1.3; 2nd 3.1.3) or for a one-step unit."""
    return 1 if piece.reduced else (piece.counter.steps or 2)


def air_strike(charts: CombatCharts, edition: Edition, attackers, defenders, target: Piece, situation: Situation, *,
               base_air_capacity: int | None = None, strikers: int | None = None) -> OddsResult:
    """Air-to-air, then the target's anti-aircraft fire, then the strike on ``target`` and its fate.

    The target is struck in its Task Force (anti-aircraft: the Task Force's ratings summed, rounded
    down) or at its base (``base_air_capacity`` given: anti-aircraft half the printed Air
    Capacity; v1.1 12.3.2.3; 2nd 11.2.2.4).
    """
    attacker, defender = situation.side, target.side
    t = charts.hit_threshold
    att = pool(charts, attackers, situation, "air-to-air")
    dfn = pool(charts, defenders, situation.for_side(defender), "air-to-air")
    joint = exchange(att, dfn, t, _first_fire(edition, situation, attacker)) if dfn else {(points(att), 0): Fraction(1)}
    status = air_status(joint)
    # The target's anti-aircraft (v1.1 12.3.2.3 [1]; 2nd 11.2.2.4 [a]).
    at_base = base_air_capacity is not None
    if at_base:
        aa = anti_aircraft_dice(edition, base_air_capacity)
        zero = edition.param("base_anti_aircraft_zero")
        if zero and situation.turn in zero.get("turns", ()) and situation.player_turn == zero.get("player_turn") \
                and defender == zero.get("side"):
            aa = 0
    else:
        ships = [p for p in defenders if p.type == "naval" and p.task_force]
        aa_sum = sum(Fraction(str(p.rating("anti_aircraft", 0))) for p in ships)
        if _aa_upgrade(charts, situation, defender):  # 2nd 16.2.6: +1/2 each Japanese naval unit from Turn 10
            aa_sum += Fraction(len(ships), 2)
        aa = int(aa_sum)  # the Task Force's ratings summed, then rounded down (v1.1 12.3.2.3; 2nd 11.2.2.4 [a])
    aa_situation = situation.for_side(defender).with_facts(*(() if at_base else ("task-force-target",)))
    aa_p = die_hit(charts.modifier("anti-aircraft", aa_situation), t)
    aa_hits = dice(aa, aa_p)
    facts = set()
    if target.type == "naval" and not target.task_force:
        facts.add("at-anchor")
    if target.type in ("air", "land") and target.task_force:
        facts.add("carried-in-task-force")
    if target.cls == "CV" and target.counter.nation == "britain":
        facts.add("british-cv-target")
    # Kamikaze (v1.1 18.2.4; 2nd 16.2.4): Japanese Air Points that survive a Task Force's AA hit without a roll.
    kamikaze = "kamikaze" in situation.facts and attacker == "japan" and target.task_force and not at_base
    others = [p for p in defenders if p is not target and p.task_force and p.type in ("naval", "air", "land")]
    striking_dist: dict = {}
    # Cases that strike with the same groups fire the same hits: their chances are summed and the hits worked out once
    # (exact fractions: the same answer). Each case fired anew, the counter mix's carriers and air against the Allied
    # carriers (about 60 Air Points a side) ran past a minute; ten US carriers against jp-air:30 took 4 s.
    hits_cases: dict = {}
    modifiers: dict = {}  # (supremacy, unit) -> the air-strike modifier: the same for every case that shares them
    after_air: dict = {}  # (attacker's Air Points left, supremacy) -> chance: all the strike depends on
    for (a_left, d_left), p in joint.items():
        key = (a_left, a_left > 0 and d_left == 0)
        after_air[key] = after_air.get(key, Fraction(0)) + p
    for (a_left, supremacy), p in after_air.items():
        left = keep(lose(att, points(att) - a_left), a_left if strikers is None else min(a_left, strikers))
        sit = situation.with_facts(*facts, *(("air-supremacy",) if supremacy else ()))
        for g in left:
            if (supremacy, g.unit) not in modifiers:
                modifiers[supremacy, g.unit] = charts.modifier("air-strike", sit.with_facts(unit=g.unit))
        for x, px in aa_hits.items():
            survivors = lose(left, x)
            n = points(survivors)
            striking_dist[n] = striking_dist.get(n, Fraction(0)) + p * px
            if kamikaze:  # READINGS kamikaze-allocation
                case = ("kamikaze", n // 2 if others else n)
            else:
                case = tuple(Group(g.count, g.unit, modifiers[supremacy, g.unit], g.label) for g in survivors)
            hits_cases[case] = hits_cases.get(case, Fraction(0)) + p * px
    hits = mixture((w, {case[1]: Fraction(1)} if case[:1] == ("kamikaze",) else fire(case, t)) for case, w in hits_cases.items())
    striking = dict(sorted(striking_dist.items()))
    where = f"at its base (AA {aa})" if at_base else f"in its Task Force (AA {aa})"
    result = OddsResult("strike", f"Air strike on {target.label} {where}",
                        [charts.rule("air-to-air"), charts.rule("anti-aircraft"), charts.rule("air-strike")],
                        edition.id, _forces(attackers, defenders, attacker, defender))
    result.forces["Air Points"] = [f"attacker {points(att)}: {_groups_text(att)}", f"defender {points(dfn)}: {_groups_text(dfn)}"]
    result.distributions += [("attacker Air Points left after air-to-air", _marginal(joint, 0), "Air Points"),
                             ("defender Air Points left after air-to-air", _marginal(joint, 1), "Air Points"),
                             ("Air Points striking after anti-aircraft fire", striking, "Air Points"),
                             (f"hits on {target.name}", hits, "hits")]
    result.chances += [("attacker gains Air Supremacy", status["attacker supremacy"]),
                       ("attacker gains at least Air Superiority (Superiority or Supremacy)", status["attacker superiority"])]
    result.expected += [("attacker Air Points left after air-to-air", mean(_marginal(joint, 0))),
                        ("defender Air Points left after air-to-air", mean(_marginal(joint, 1))),
                        ("Air Points striking", mean(striking)), (f"hits on {target.name}", mean(hits))]
    _target_fate(result, charts, edition, target, hits, situation.with_facts("air-strike"), cause_rule=charts.rule("air-strike"))
    mods = [_used_modifiers(charts, "air-to-air", [situation.with_facts(unit=g.unit) for g in att]
                            + [situation.for_side(defender).with_facts(unit=g.unit) for g in dfn]),
            _used_modifiers(charts, "anti-aircraft", [aa_situation]),
            _used_modifiers(charts, "air-strike", [] if kamikaze else [situation.with_facts(*facts, *extra, unit=g.unit)
                                                                       for g in att for extra in ((), ("air-supremacy",))])]
    if target.type == "naval":
        mods.append(_damage_modifiers(charts, situation.for_side(defender).with_facts("air-strike")))
    result.modifiers += mods
    result.readings += ["modified-hit", "tie-roll-off", "carriers-at-anchor", "all-strike-one-target"]
    if kamikaze:
        result.forces["Kamikaze"] = [f"every Air Point left after anti-aircraft fire hits, no strike die ({edition.cite('kamikaze', edition.optional_number('18.2.4'))})"]
        result.readings.append("kamikaze-allocation")
    if at_base:
        result.readings.append("base-aa-round-down")
    if any(g.modifier for g in att + dfn):
        result.readings.append("losses-weakest-first")
    return result


def _aa_upgrade(charts: CombatCharts, situation: Situation, defender: str) -> bool:
    """Naval AA Upgrade Program (2nd 16.2.6, optional): from Turn 10 each Japanese naval unit's AA is +1/2."""
    return (defender == "japan" and "16.2.6" in {charts.optional_number(n) for n in situation.optional}
            and situation.turn is not None and situation.turn >= 10)


def _damage_modifiers(charts, situation: Situation) -> tuple[str, list]:
    seen = []
    for m in charts.damage_modifiers():
        probe = situation.with_facts("extra-hit") if "extra-hit" in m.when else situation
        if charts.applies(m, probe):
            seen.append(("+FP" if m.value == "firer-firepower" else m.signed(), m.condition))
    return (f"{charts.damage_table.get('title', 'Naval Damage Check Table')} ({charts.damage_rule})", seen)


def _target_fate(result: OddsResult, charts, edition, target: Piece, hits: Distribution, situation: Situation,
                 cause_rule: str, firepowers_of=None):
    if target.type == "naval":
        sunk, damaged, rows = _fate_rows(charts, edition, target, hits, situation, firepowers_of)
        gone = "removed from the game" if permanently_removed(target.counter, edition) else "may come back as a reinforcement"
        result.rules.append(edition.cite("damage-naval"))
        result.chances += [(f"{target.name} sunk ({gone})", sunk), (f"{target.name} damaged, not sunk", damaged),
                           (f"{target.name} unhurt", hits.get(0, Fraction(0))),
                           ("attacker's objective met: the target sunk", sunk),
                           ("defender's objective met: the target not sunk", 1 - sunk)]
        result.tables.append((f"{target.name} (Defense {target.rating('defense')}) by hits",
                              ["hits", "chance", "sunk if so", "damaged returns"], rows))
    else:
        lost: Distribution = {}
        for h, p in hits.items():
            k = _steps_lost(target, h)
            lost[k] = lost.get(k, Fraction(0)) + p
        lost = dict(sorted(lost.items()))
        result.distributions.append((f"{target.name} steps lost", lost, "steps"))
        result.expected.append((f"{target.name} steps lost", mean(lost)))
        steps = target.steps if target.type == "air" else _land_steps(target)
        result.chances += [("attacker's objective met: at least one step lost", 1 - lost.get(0, Fraction(0))),
                           (f"{target.name} eliminated", lost.get(steps, Fraction(0)))]
        result.rules.append(edition.cite("damage-land") if target.type == "land" else cause_rule)
        if target.type == "land":
            result.readings.append("land-at-sea")
        if target.side == "japan" and target.task_force:
            _pool_lost(result, edition, target, hits)


def _pool_lost(result: OddsResult, edition: Edition, target: Piece, hits: Distribution) -> None:
    """Each hit on a Japanese land or air unit at sea costs the Merchantmen Pool (not the TP) 1 (v1.1 13.2, 13.3.1) or 2
    (2nd 11.3.2, 11.3.3), never more than that much per point of the unit's Combat Strength (air: steps) before the hits
    (v1.1 13.2 example: a 2-strength brigade hit three times costs 2; 2nd 11.3.2 example: 4)."""
    land = target.type == "land"
    loss = int(edition.param("land_hit_merchantmen_loss" if land else "air_hit_merchantmen_loss", 0))
    if not loss:
        return
    cap = loss * (_strength(target) if land else target.steps)
    lost: Distribution = {}
    for h, p in hits.items():
        lost[min(h * loss, cap)] = lost.get(min(h * loss, cap), Fraction(0)) + p
    result.distributions.append(("Japanese Merchantmen Pool lost (not TP)", dict(sorted(lost.items())), "points"))
    result.expected.append(("Japanese Merchantmen Pool lost", mean(lost)))


# --- submarine attack -----------------------------------------------------------------------

def submarine_attack(charts: CombatCharts, edition: Edition, task_force, target: Piece, situation: Situation, *,
                     friendly_air_in_hex: bool = False) -> OddsResult:
    """One Submarine Point against a Task Force: ASW first, then one die, then the Damage Check (v1.1 12.2; 2nd 11.1)."""
    attacker, defender = situation.side, target.side
    t = charts.hit_threshold
    dds = [p for p in task_force if p.type == "naval" and p.cls == "DD"]
    asw_sit = situation.for_side(defender).with_facts(*(("friendly-air-in-hex",) if friendly_air_in_hex else ()))
    asw_p = die_hit(charts.modifier("asw-task-force", asw_sit), t)
    stopped = 1 - (1 - asw_p) ** len(dds)
    facts = []
    if not dds:
        facts.append("no-dd")
    if target.type in ("air", "land"):
        facts.append("target-air-or-land")
    attack_sit = situation.with_facts(*facts)
    attack_p = die_hit(charts.modifier("submarine-vs-task-force", attack_sit), t)
    hit = (1 - stopped) * attack_p
    hits = bernoulli(hit)
    result = OddsResult("submarine", f"Submarine attack on {target.label}",
                        [charts.rule("asw-task-force"), charts.rule("submarine-vs-task-force")], edition.id,
                        {f"{_side_label(attacker)} (attacker)": ["1 Submarine Point"],
                         f"{_side_label(defender)} (Task Force)": [p.label for p in task_force]})
    result.forces["dice"] = [f"ASW: {len(dds)} DD dice, each hits with {attack_fraction(asw_p)}",
                             f"torpedo: 1 die, hits with {attack_fraction(attack_p)}"]
    result.chances += [("the escort's ASW stops the attack", stopped), (f"{target.name} hit", hit)]
    result.distributions.append((f"hits on {target.name}", hits, "hits"))
    result.expected.append((f"hits on {target.name}", hit))
    _target_fate(result, charts, edition, target, hits, situation.with_facts("submarine-attack"),
                 cause_rule=charts.rule("submarine-vs-task-force"))
    result.modifiers += [_used_modifiers(charts, "asw-task-force", [asw_sit]),
                         _used_modifiers(charts, "submarine-vs-task-force", [attack_sit])]
    if target.type == "naval":
        result.modifiers.append(_damage_modifiers(charts, situation.for_side(defender).with_facts("submarine-attack")))
    result.readings.append("modified-hit")
    return result


def attack_fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


# --- surface combat -------------------------------------------------------------------------

def _pairs(firers, targets) -> list[tuple[int, int]]:
    """(firer index, target index): the Nth against the Nth, extras cycling (READINGS surface-pairing)."""
    if not targets:
        return []
    return [(i, i % len(targets)) for i in range(len(firers))]


def _ship_outcome(charts, edition, situation, target: Piece, shots) -> tuple[Fraction, Fraction, Distribution, list]:
    """shots: [(p, half, firepower)] at ``target``; (P sunk, P damaged, checks distribution, fate rows)."""
    sunk = damaged = Fraction(0)
    checks: Distribution = {}
    defense = int(target.rating("defense", 0))
    check_sit = situation.for_side(target.side).with_facts("surface-combat")
    by_checks: dict = {}
    for (full, paired, _lone), p in _hit_patterns(shots).items():
        fps = list(full + paired)  # full hits in firing order, then each two halves as one hit (a lone half: no check)
        n = len(fps)
        checks[n] = checks.get(n, Fraction(0)) + p
        s = sink_chance(charts, defense, check_sit, n, fps) if n else Fraction(0)
        sunk += p * s
        if n:
            damaged += p * (1 - s)
            entry = by_checks.setdefault(n, [Fraction(0), Fraction(0)])
            entry[0] += p
            entry[1] += p * s
    delay = charts.delay_per_hit()
    rows = []
    for n, (p, s) in sorted(by_checks.items()):
        back = return_turn(edition, situation.turn, situation.player_turn, target.side, n, delay)
        rows.append([n, p, s / p, f"Turn {back}" if back else f"after {delay * n} friendly Reinforcement Phases"])
    return sunk, damaged, dict(sorted(checks.items())), rows


def _hit_patterns(shots) -> dict:
    """The hits of ``shots`` ([(p, half, firepower)] in firing order) as {(full hits' Firepowers, paired halves'
    Firepowers, the lone half's or None): chance}, shot by shot: shots alike merge, so twenty DDs firing at one ship
    make a few hundred patterns, not 2^20 (the answer is the same as hit by hit)."""
    patterns = {((), (), None): Fraction(1)}
    for chance, half, fp in shots:
        step: dict = {}
        for (full, paired, lone), p in patterns.items():
            if chance != 1:
                step[(full, paired, lone)] = step.get((full, paired, lone), Fraction(0)) + p * (1 - chance)
            if not chance:
                continue
            if not half:
                key = (full + (fp,), paired, lone)
            elif lone is None:
                key = (full, paired, fp)
            else:
                key = (full, paired + (max(lone, fp),), None)  # two halves make one hit, at the higher Firepower
            step[key] = step.get(key, Fraction(0)) + p * chance
        patterns = step
    return patterns


def long_lance(charts: CombatCharts, situation: Situation, ship: Piece, first_round: bool = True) -> int:
    """A ship's Firepower in a Surface Combat Round: Japanese CA and DD count 2 in the first round with Long Lance
    torpedoes (v1.1 18.2.1; 2nd 16.2.1, optional), their printed Firepower otherwise."""
    fp = int(ship.rating("firepower", 0))
    if first_round and ship.side == "japan" and ship.cls in ("CA", "DD") \
            and charts.optional_number("18.2.1") in {charts.optional_number(n) for n in situation.optional}:
        return 2
    return fp


def surface_round(charts: CombatCharts, edition: Edition, attackers, defenders, situation: Situation, *,
                  tokyo_express: bool = False, first_round: bool = True) -> OddsResult:
    """One Surface Combat Round: every ship fires one die at its matched enemy, simultaneously (v1.1 12.3.3.2; 2nd 11.2.3).

    ``tokyo_express``: the Japanese ships fire first and their hits are assessed before the Allies fire back, so an
    Allied ship sunk or damaged does not fire (v1.1 18.2.2; 2nd 16.2.2). Long Lance (v1.1 18.2.1; 2nd 16.2.1) gives
    Japanese CA and DD Firepower 2 in the first round.
    """
    attacker = situation.side
    defender = defenders[0].side if defenders else ("allied" if attacker == "japan" else "japan")
    result = OddsResult("surface", "Surface combat round", [charts.surface_rule, edition.cite("damage-naval")], edition.id,
                        _forces(attackers, defenders, attacker, defender))
    side_out = {}
    order = [("attacker", attackers, defenders), ("defender", defenders, attackers)]
    if tokyo_express and attacker != "japan":
        order.reverse()  # the Tokyo Express (Japanese) fires first
    out_of = {}  # id(piece) -> P(out of the fight before it fires back), Tokyo Express only
    for side_name, firers, targets in order:
        shots: dict[int, list] = {}
        lines = []
        for i, j in _pairs(firers, targets):
            f, tgt = firers[i], targets[j]
            fp, dfn = long_lance(charts, situation, f, first_round), int(tgt.rating("defense", 0))
            to_hit, half = charts.surface_cell(fp, dfn)
            p = die_hit(0, to_hit) * (1 - out_of.get(id(f), Fraction(0)))
            shots.setdefault(j, []).append((p, half, fp))
            lines.append(f"{f.name} (Firepower {fp}) fires at {tgt.name} (Defense {dfn}): {to_hit}+{' half hit' if half else ''}, "
                         f"{attack_fraction(die_hit(0, to_hit))}" + (" if it is still in the fight" if id(f) in out_of else ""))
        result.forces[f"{side_name} fire"] = lines
        outs = []
        for j, tgt in enumerate(targets):
            sunk, damaged, checks, rows = _ship_outcome(charts, edition, situation, tgt, shots.get(j, []))
            outs.append((sunk, damaged))
            if tokyo_express:
                out_of[id(tgt)] = sunk + damaged
            result.chances += [(f"{tgt.name} sunk", sunk), (f"{tgt.name} damaged, not sunk", damaged)]
            if rows:
                result.tables.append((f"{tgt.name} (Defense {tgt.rating('defense')}) by Damage Checks",
                                      ["checks", "chance", "sunk if so", "damaged returns"], rows))
        side_out[side_name] = outs
        label = "defender" if side_name == "attacker" else "attacker"
        sunk_dist = total(bernoulli(s) for s, _ in outs)
        out_dist = total(bernoulli(s + d) for s, d in outs)
        result.distributions += [(f"{label} ships sunk", sunk_dist, "ships"),
                                 (f"{label} ships out of the fight (sunk or damaged)", out_dist, "ships")]
        result.expected += [(f"{label} ships sunk", mean(sunk_dist)), (f"{label} ships sunk or damaged", mean(out_dist))]
    if tokyo_express:
        result.forces["Tokyo Express"] = [f"the Japanese ships fire first; an Allied ship sunk or damaged does not fire back "
                                          f"({edition.cite('tokyo-express', charts.optional_number('18.2.2'))})"]
        result.readings.append("tokyo-express-sea-control")
    all_out = {k: _product(s + d for s, d in v) for k, v in side_out.items()}  # k fired: its targets all out
    result.chances += [] if tokyo_express else [
        ("attacker's objective met: Sea Control after this round (every defender out, an attacker left)",
         all_out["attacker"] * (1 - all_out["defender"])),
        ("defender's objective met: Sea Control after this round (every attacker out, a defender left)",
         all_out["defender"] * (1 - all_out["attacker"])),
        ("both sides out: nobody has Sea Control", all_out["attacker"] * all_out["defender"]),
        ("the fight goes on to another round", (1 - all_out["attacker"]) * (1 - all_out["defender"])),
    ]
    result.modifiers.append(_damage_modifiers(charts, situation.for_side(defender).with_facts("surface-combat")))
    result.readings += ["surface-pairing", "damage-order"]
    return result


def _product(values) -> Fraction:
    out = Fraction(1)
    for v in values:
        out *= v
    return out


# --- the Damage Check on its own ----------------------------------------------------------------

CAUSES = {"air-strike": "air-strike", "surface": "surface-combat", "submarine": "submarine-attack"}


def damage_check(charts: CombatCharts, edition: Edition, target: Piece, hits: int, cause: str, situation: Situation, *,
                 firepower: int = 0) -> OddsResult:
    """``hits`` Damage Checks on one ship: sunk, or damaged and when it returns (v1.1 13.1; 2nd 11.3.1)."""
    fact = CAUSES[cause]
    sit = situation.for_side(target.side).with_facts(fact)
    result = OddsResult("damage", f"Damage Checks of {target.name} after {hits} {'hit' if hits == 1 else 'hits'} ({cause})",
                        [charts.damage_rule, edition.cite("damage-naval")], edition.id,
                        {"ship": [f"{target.name}, Defense {target.rating('defense')}"]})
    fps = [firepower] * hits
    rows = []
    for n in range(1, hits + 1):
        need = int(target.rating("defense", 0)) - charts.damage_modifier(sit, n, firepower if fact == "surface-combat" else 0, hits)
        rows.append([n, f"{need}+", two_dice_at_least(need)])
    result.tables.append(("each Damage Check", ["check", "two dice need", "sinks"], rows))
    sunk, damaged, fate = _fate_rows(charts, edition, target, {hits: Fraction(1)}, situation.with_facts(fact),
                                     (lambda h: fps) if fact == "surface-combat" else None)
    gone = "removed from the game" if permanently_removed(target.counter, edition) else "may come back as a reinforcement"
    back = fate[0][3] if fate else ""
    result.chances += [(f"sunk ({gone})", sunk), (f"damaged, returns {back}", damaged)]
    result.modifiers.append(_damage_modifiers(charts, sit))
    return result


# --- the war on merchant shipping -------------------------------------------------------------

def convoy(charts: CombatCharts, edition: Edition, asw_dice: int, sub_points: int, situation: Situation) -> OddsResult:
    """Convoy ASW, then the Allied Submarine Points left against merchant shipping (v1.1 6.1, 6.2; 2nd 5.3, 5.4).

    Each ASW hit cancels one Submarine Point; each submarine hit costs the Merchantmen Pool and the
    current Japanese TP ``merchantmen_loss_per_sub_hit`` each (v1.1 1, 2nd 2).
    """
    result, asw_p, sub_p, loss = convoy_frame(charts, edition, asw_dice, sub_points, situation)
    left: Distribution = {}
    cases = []
    for x, px in dice(asw_dice, asw_p).items():
        n = sub_points - min(sub_points, x)
        left[n] = left.get(n, Fraction(0)) + px
        cases.append((px, dice(n, sub_p)))
    left = dict(sorted(left.items()))
    hits = mixture(cases)
    pool = {h * loss: p for h, p in hits.items()}
    result.distributions += [("Allied Submarine Points left after ASW", left, "points"), ("submarine hits", hits, "hits"),
                             ("Merchantmen Pool and Japanese TP lost (each)", pool, "points")]
    result.chances += [("Japan's objective met: no loss", hits.get(0, Fraction(0))),
                       ("Allied objective met: at least one hit", 1 - hits.get(0, Fraction(0)))]
    result.expected += [("Submarine Points left", mean(left)), ("submarine hits", mean(hits)),
                        ("Merchantmen Pool and TP lost (each)", mean(pool))]
    return result


def convoy_frame(charts: CombatCharts, edition: Edition, asw_dice: int, sub_points: int, situation: Situation):
    """The convoy question without its answer: the result's forces and modifiers, each ASW and submarine die's chance
    to hit, and the Merchantmen Pool lost per hit (v1.1 6.1, 6.2; 2nd 5.3, 5.4)."""
    t = charts.hit_threshold
    japan = situation.for_side("japan")
    allied = situation.for_side("allied")
    asw_p = die_hit(charts.modifier("asw-convoy", japan), t)
    sub_p = die_hit(charts.modifier("submarine-vs-convoy", allied), t)
    loss = edition.param("merchantmen_loss_per_sub_hit", 1)
    result = OddsResult("convoy", "Convoy ASW and submarine attacks on merchant shipping",
                        [charts.rule("asw-convoy"), charts.rule("submarine-vs-convoy")], edition.id,
                        {"Japanese": [f"{asw_dice} ASW dice (DDs in the Convoy Escort box), each hits with {attack_fraction(asw_p)}"],
                         "Allied": [f"{sub_points} Submarine Points, each hits with {attack_fraction(sub_p)}"]})
    result.modifiers += [_used_modifiers(charts, "asw-convoy", [japan]), _used_modifiers(charts, "submarine-vs-convoy", [allied])]
    result.readings.append("modified-hit")
    return result, asw_p, sub_p, loss


# --- land combat with ground support -------------------------------------------------------------

@lazy_dataclass(frozen=True)
class LandDice:
    """One side's land combat dice (v1.1 12.3.4.3-12.3.4.5; 2nd 11.2.5.3-11.2.5.5): its Combat Strength dice (``own``:
    (dice, chance to hit) pairs), ``support`` ground support dice hitting with ``support_p`` whose hits count up to
    ``cap`` (its Combat Strength), and ``extra`` hits (the defender's air steps at base)."""

    own: tuple
    support: int
    support_p: Fraction
    cap: int
    extra: int = 0

    @property
    def dice(self) -> int:
        return sum(n for n, _ in self.own) + self.support


def land_dice(charts: CombatCharts, side_sit: Situation, land, air_points_: int, firepower: int, supremacy: bool,
              extra: int = 0) -> LandDice:
    """The dice one side rolls in land combat, with their chances (shared by the exact and the simulated answers)."""
    t = charts.hit_threshold
    strength = sum(_strength(p) for p in land)
    # Semper Fi (v1.1 18.1.6; 2nd 16.1.6, optional): US Marines landing amphibiously get +1 on their own dice.
    marines = sum(_strength(p) for p in land if _semper_fi(p, side_sit))
    # The Dutch ABDA unit is always out of supply for land combat (v1.1 17.4; 2nd 15.4): its own dice take that modifier.
    dutch = sum(_strength(p) for p in land if _always_unsupplied(p))
    own = ((strength - marines - dutch, die_hit(charts.modifier("land-combat", side_sit), t)),
           (marines, die_hit(charts.modifier("land-combat", side_sit.with_facts("marine-landing")), t)),
           (dutch, die_hit(charts.modifier("land-combat", side_sit.with_facts("out-of-supply")), t)))
    facts = (("air-supremacy",) if supremacy else ()) + (("air-point",) if air_points_ else ())
    support_p = die_hit(charts.modifier("ground-support", side_sit.with_facts(*facts)), t)
    return LandDice(own, air_points_ + firepower, support_p, strength, extra)


def _land_total(rolled: LandDice) -> Distribution:
    """Land combat hits of one side: its own dice, plus ground support hits capped at its Combat Strength, plus extra."""
    own = total([dice(n, p) for n, p in rolled.own])
    capped: Distribution = {}
    for h, p in dice(rolled.support, rolled.support_p).items():
        capped[min(h, rolled.cap)] = capped.get(min(h, rolled.cap), Fraction(0)) + p
    out = total([own, capped])
    return {k + rolled.extra: v for k, v in out.items()}


def _semper_fi(p: Piece, situation: Situation) -> bool:
    """A US Marine unit (not the Japanese SNLF) in a side that landed amphibiously in an enemy-occupied hex."""
    return "amphibious-landing" in situation.facts and p.counter.marine and p.counter.nation == "us"


#: The chance line added when a step lost is every defender's last (v1.1 13.4, 17.4; 2nd 11.3.5, 15.4).
LAST_STEP = "every defending land unit is eliminated, a step lost included (each is on its last step)"


def on_last_step(defenders) -> bool:
    """Every defending land unit is reduced or has one step (the Dutch ABDA unit): one step lost eliminates it (v1.1 13.4,
    17.4; 2nd 11.3.5, 15.4), so the 'loses a step' result eliminates them all too."""
    land = [p for p in defenders if p.type == "land"]
    return bool(land) and all(p.reduced or (p.counter.steps or 2) < 2 for p in land)


def add_last_step(result: OddsResult, chance) -> None:
    """The :data:`LAST_STEP` line, right after the all-eliminated result it widens."""
    at = next(i for i, (label, _) in enumerate(result.chances) if label == "every defending land unit is eliminated")
    result.chances.insert(at + 1, (LAST_STEP, chance))


def _always_unsupplied(p: Piece) -> bool:
    """The Dutch ABDA land unit, never in supply for land combat (v1.1 17.4; 2nd 15.4)."""
    return p.type == "land" and p.counter.nation == "netherlands"


def _strength(p: Piece) -> int:
    return int(p.rating("reduced" if p.reduced else "combat", 0))


def land_combat(charts: CombatCharts, edition: Edition, attackers, defenders, situation: Situation, *,
                attacker_air_points: int = 0, defender_air_points: int = 0, attacker_firepower: int = 0,
                defender_firepower: int = 0, supremacy: str | None = None, out_of_supply=(), amphibious: bool = False) -> OddsResult:
    """The Land Combat Round after ground support: no effect, every defender loses a step, or all are eliminated (v1.1 13.4; 2nd 11.3.5)."""
    result, a_dice, d_dice = land_frame(charts, edition, attackers, defenders, situation, attacker_air_points=attacker_air_points,
                                        defender_air_points=defender_air_points, attacker_firepower=attacker_firepower,
                                        defender_firepower=defender_firepower, supremacy=supremacy, out_of_supply=out_of_supply,
                                        amphibious=amphibious)
    a, d = _land_total(a_dice), _land_total(d_dice)
    strength = d_dice.cap
    def_air = d_dice.extra
    none = step = elim = Fraction(0)
    for x, px in a.items():
        for y, py in d.items():
            if x <= y:
                none += px * py
            elif x > y + strength:
                elim += px * py
            else:
                step += px * py
    result.distributions += [("attacker land combat hits", a, "hits"), ("defender land combat hits", d, "hits")]
    result.chances += [("no effect (defender's total equal or greater)", none),
                       ("every defending land unit loses a step", step),
                       ("every defending land unit is eliminated", elim),
                       ("attacker's objective met: the defenders lose at least a step", step + elim),
                       ("defender's objective met: no effect", none)]
    result.expected += [("attacker hits", mean(a)), ("defender hits", mean(d))]
    if on_last_step(defenders):
        add_last_step(result, step + elim)
    air_units = [p for p in defenders if p.type == "air" and not p.task_force]
    if air_units:  # what the defender's air units at base lose (v1.1 13.4; 2nd 11.3.5; READINGS land-combat-air)
        one_each = sum(min(1, p.steps) for p in air_units)
        lost = {k: v for k, v in ((0, none), (one_each, step), (def_air, elim)) if v}
        merged: Distribution = {}
        for k, v in lost.items():
            merged[k] = merged.get(k, Fraction(0)) + v
        result.distributions.append(("defender air steps lost", dict(sorted(merged.items())), "steps"))
        result.chances.append(("every defending air unit is eliminated", elim + (step if one_each == def_air else 0)))
        result.expected.append(("defender air steps lost", mean(merged)))
        result.readings.append("land-combat-air")
    result.readings += ["modified-hit", "ground-support-supremacy"]
    return result


def land_frame(charts: CombatCharts, edition: Edition, attackers, defenders, situation: Situation, *,
               attacker_air_points: int = 0, defender_air_points: int = 0, attacker_firepower: int = 0,
               defender_firepower: int = 0, supremacy: str | None = None, out_of_supply=(), amphibious: bool = False):
    """The land combat question without its answer: the result's forces, modifiers and readings, and each side's dice."""
    attacker = situation.side
    defender = defenders[0].side if defenders else ("allied" if attacker == "japan" else "japan")
    att_land = [p for p in attackers if p.type == "land"]
    def_land = [p for p in defenders if p.type == "land"]
    def_air = sum(p.steps for p in defenders if p.type == "air" and not p.task_force)
    a_sit = situation.with_facts(*(("out-of-supply",) if attacker in out_of_supply else ()),
                                 *(("amphibious-landing",) if amphibious else ()))
    d_sit = situation.for_side(defender).with_facts(*(("out-of-supply",) if defender in out_of_supply else ()))
    a_dice = land_dice(charts, a_sit, att_land, attacker_air_points, attacker_firepower, supremacy == attacker)
    d_dice = land_dice(charts, d_sit, def_land, defender_air_points, defender_firepower, supremacy == defender, def_air)
    result = OddsResult("land", "Land combat with ground support", [charts.rule("ground-support"), charts.rule("land-combat")], edition.id,
                        _forces(attackers, defenders, attacker, defender))
    result.forces["ground support"] = [f"attacker {attacker_air_points} Air Points + Firepower {attacker_firepower}",
                                       f"defender {defender_air_points} Air Points + Firepower {defender_firepower}"
                                       + (f"; {def_air} air steps at base count as hits" if def_air else "")]
    dutch = [sit.with_facts("out-of-supply") for sit, units in ((a_sit, att_land), (d_sit, def_land))
             if any(_always_unsupplied(p) for p in units)]
    result.modifiers += [_used_modifiers(charts, "land-combat", [a_sit, d_sit] + ([a_sit.with_facts("marine-landing")]
                                                                              if any(_semper_fi(p, a_sit) for p in att_land) else [])
                                         + dutch),
                         _used_modifiers(charts, "ground-support", [a_sit.with_facts("air-supremacy", "air-point")]
                                         if supremacy == attacker and attacker_air_points else [])]
    return result, a_dice, d_dice


# --- strategic bombing ------------------------------------------------------------------------

def strategic_bombing(charts: CombatCharts, edition: Edition, tp: int, situation: Situation) -> OddsResult:
    """Allied strategic bombing of Japanese Oil (v1.1 18.1.3; 2nd 16.1.3, optional): one die per Transport Point
    spent, each hit costs Japan 1 Oil Point; +1 when an Allied-controlled base lies within two hexes of a Japanese
    Home Base (Combat Table, strategic air warfare)."""
    result, p = bombing_frame(charts, edition, tp, situation)
    hits = dice(tp, p)
    result.distributions.append(("Japanese Oil Points lost", hits, "Oil Points"))
    result.chances += [("Allied objective met: at least one Oil Point lost", 1 - hits.get(0, Fraction(0))),
                       ("Japan's objective met: no Oil Point lost", hits.get(0, Fraction(0)))]
    result.expected.append(("Oil Points lost", mean(hits)))
    return result


def bombing_frame(charts: CombatCharts, edition: Edition, tp: int, situation: Situation):
    """The bombing question without its answer: the result's forces and modifiers, and each die's chance to hit."""
    allied = situation.for_side("allied")
    p = die_hit(charts.modifier("strategic-air-warfare", allied), charts.hit_threshold)
    result = OddsResult("bombing", "Strategic bombing of Japanese Oil", [charts.rule("strategic-air-warfare")], edition.id,
                        {"Allied": [f"{tp} Transport Points spent: {tp} dice, each hits with {attack_fraction(p)}"]})
    result.modifiers.append(_used_modifiers(charts, "strategic-air-warfare", [allied]))
    result.readings.append("modified-hit")
    return result, p
