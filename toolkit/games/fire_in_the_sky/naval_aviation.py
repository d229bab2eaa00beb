"""Naval Aviation under optional rule "Elite and not-so-elite pilots" (FitS v1.1 18.2.3; 2nd 16.2.3).

Under the normal rules (v1.1 7.1.1; 2nd 6.1.1) the Japanese Reinforcement Schedule marks some arriving air
steps as eligible for the Naval Aviation box. With the optional rule in use:

- only the eligible steps up to Turn 4's still count; none after (v1.1 18.2.3 second paragraph; 2nd 16.2.3);
- any arriving air step may instead train for a year, 4 turns on the Turn Record Track (a turn is 3 months,
  v1.1 1.0; 2nd 1.0), and then enter the Naval Aviation box;
- every Japanese carrier arriving as a reinforcement enters the Carriers without Planes box, like a
  returning damaged carrier, and waits there for its air group (one air step per Air Strength, v1.1 7.1.1;
  air units of its Air Strength, 2nd 6.3), save CVL (Junyo, Hiyo) on Turn 4 (CV in the 2nd edition).

The numbers are the edition's ``elite_pilots`` parameter; without it, or with the rule not in use, the
schedule is as the data writes it.
"""

from __future__ import annotations

from toolkit.model import Game
from toolkit.model.schedule_notes import ScheduleNotes
from toolkit.words import counted

__all__ = ["elite_pilots_rule", "schedule_notes"]

#: The scheduled value the rule takes away after Turn 4.
ELIGIBLE = "naval_aviation_steps"


def elite_pilots_rule(game: Game, optional_rules: frozenset[str]) -> tuple[str, dict] | None:
    """(this edition's rule number, the ``elite_pilots`` parameter with its defaults) when the rule is in use, else None.

    A value of the wrong type (a spoiled edition file) falls back to the rule's own numbers (v1.1 18.2.3)."""
    param = game.edition.param("elite_pilots")
    if not isinstance(param, dict):
        return None
    number = game.edition.optional_number(str(param.get("optional_rule")))
    if number is None or number not in optional_rules:
        return None

    def whole(key: str, default: int) -> int:
        value = param.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    def text(key: str, default: str) -> str:
        value = param.get(key)
        return value if isinstance(value, str) else default

    trained = param.get("trained_on_arrival")
    classes = param.get("carrier_classes")
    return number, {
        "naval_aviation_last_turn": whole("naval_aviation_last_turn", 4), "training_turns": whole("training_turns", 4),
        "trained_on_arrival": trained if isinstance(trained, dict) else {},
        "carrier_classes": set(classes) if isinstance(classes, list) else {"CV", "CVL"},
        "air_group_of": text("air_group_of", "air steps"), "air_noun": text("air_noun", "air steps"),
        "track": text("track", "Turn Record Track"),
    }


def schedule_notes(game: Game, side: str, optional_rules: frozenset[str]) -> ScheduleNotes:
    """What v1.1 18.2.3 (2nd 16.2.3), when in use, changes in the Japanese Reinforcement Schedule: the eligible
    steps after Turn 4 withheld, each carrier arrival's way into play, and a sentence saying so."""
    found = elite_pilots_rule(game, optional_rules)
    if side != "japan" or found is None:
        return ScheduleNotes()
    number, param = found
    rule = game.edition.cite_number(number)
    last, training = param["naval_aviation_last_turn"], param["training_turns"]
    trained = param["trained_on_arrival"]  # counter id -> the turn it arrives with a trained air group
    carriers, air_group_of, noun, track = param["carrier_classes"], param["air_group_of"], param["air_noun"], param["track"]
    japanese = [st for st in sorted(game.schedules, key=lambda st: st.turn) if st.side == side]
    withheld = {(st.turn, ELIGIBLE): rule for st in japanese if st.turn > last and st.data.get(ELIGIBLE)}
    arrivals = {}
    for st in japanese:
        for entry in st.units:
            counter = game.counters.get(entry.counter)
            if counter is None or counter.cls not in carriers:
                continue
            if trained.get(counter.id) == st.turn:  # the one carrier that arrives with a trained air group
                arrivals[(st.turn, counter.id)] = f"arrives with its trained air group, {rule}"
                continue
            strength = counter.ratings.get("air_strength", 0)
            strength = int(strength) if isinstance(strength, (int, float)) else 0
            arrivals[(st.turn, counter.id)] = (f"to the Carriers without Planes box until {strength} {air_group_of} "
                                               f"from the Naval Aviation box form its air group, {rule}")
    turns = ", ".join(str(t) for t, _ in sorted(withheld))
    notes = [f"Optional rule {rule} in use: after turn {last} no scheduled {noun} may enter the Naval Aviation box"
             + (f" (the schedule's eligible {noun} of turns {turns} are left out)" if turns else "")
             + f"; any arriving {noun} may instead train on the {track} for {counted(training, 'turn')} "
             "and then enter the box. Carriers arriving as reinforcements wait in the Carriers without Planes box."]
    return ScheduleNotes(withheld=withheld, arrivals=arrivals, notes=tuple(notes))
