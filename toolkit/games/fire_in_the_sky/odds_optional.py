"""Which optional rules and readings change which odds, so that none is accepted and then ignored.

Every optional rule given to ``chartroom odds`` either changes the answer of the kind asked or
is refused with the reason (issue 20 item 5). The table is keyed by the v1.1 number where the
rule has one (the 2nd edition's counterpart is found through the edition), else by the 2nd
edition's own number (16.2.6 is new in the 2nd edition).
"""

from __future__ import annotations

from toolkit.games.fire_in_the_sky.combat_tables import READING_CHOICES
from toolkit.model import Edition
from toolkit.records import lazy_dataclass

__all__ = ["OptionalEffect", "OPTIONAL_EFFECTS", "refusal", "reading_refusal", "READING_KINDS"]


@lazy_dataclass(frozen=True)
class OptionalEffect:
    kinds: tuple[str, ...]  # the odds kinds whose answer it can change
    what: str  # what it changes, for the refusal
    from_turn: int | None = None  # it changes nothing before this turn


#: v1.1 number (else 2nd) -> what it changes in the odds.
OPTIONAL_EFFECTS = {
    "18.1.2": OptionalEffect(("strike",), "Japanese air strikes on a British CV (-1)"),
    "18.1.3": OptionalEffect(("bombing",), "strategic bombing of Japanese Oil (odds bombing)"),
    "18.1.6": OptionalEffect(("land",), "US Marines' land combat dice on an amphibious landing (odds land --amphibious)"),
    "18.1.7": OptionalEffect(("air", "strike", "submarine"), "Allied ASW, air-to-air and anti-aircraft dice from Turn 10",
                             from_turn=10),
    "18.2.1": OptionalEffect(("surface", "battle"), "Japanese CA and DD Firepower in the first Surface Combat Round"),
    "18.2.2": OptionalEffect(("surface", "battle"), "a Tokyo Express Task Force firing first (--tokyo-express)"),
    "18.2.3": OptionalEffect(("air", "strike"), "the elite Air Points of Akagi/Kaga and Hiryu/Soryu (+1)"),
    "18.2.4": OptionalEffect(("air", "strike"), "Kamikaze, once declared (--kamikaze)", from_turn=10),
    "16.2.6": OptionalEffect(("strike",), "Japanese naval anti-aircraft (+1/2 each unit) from Turn 10", from_turn=10),
    "18.3.2": OptionalEffect(("strike", "surface", "battle", "damage"), "Damage Checks of a ship hit more than once (v1.1)"),
}

#: The kinds whose answer each reading can change.
READING_KINDS = {
    "turn-1": ("air", "strike", "submarine", "surface", "battle", "damage"),
    "multi-hit": ("strike", "surface", "battle", "damage"),
}


def _key(edition: Edition, number: str) -> str | None:
    """The table key of this edition's optional rule ``number``."""
    for key in OPTIONAL_EFFECTS:
        if edition.optional_number(key) == number:
            return key
    return None


def refusal(edition: Edition, number: str, kind: str, turn: int | None, *, kamikaze: bool = False,
            tokyo_express: bool = False) -> str | None:
    """Why ``--optional number`` would change nothing in ``odds kind`` (None: it changes the answer)."""
    ours = edition.optional_number(number)
    title = edition.optional_rules.get(ours, "")
    name = f"{ours} ({title})" if title else ours
    key = _key(edition, ours)
    if key is None:
        return f"--optional {number}: {name} is not a combat rule and changes no odds"
    effect = OPTIONAL_EFFECTS[key]
    if kind not in effect.kinds:
        return (f"--optional {number}: {name} changes {effect.what}; it changes nothing in odds {kind} "
                f"(it does in odds {', '.join(effect.kinds)})")
    if effect.from_turn is not None and turn is not None and turn < effect.from_turn:
        return f"--optional {number}: {name} applies from Turn {effect.from_turn}; this is Turn {turn}"
    if key == "18.2.4" and not kamikaze:
        return (f"--optional {number}: {name} changes nothing until the Japanese player declares Kamikaze; "
                "add --kamikaze to ask with it declared")
    if key == "18.2.2" and not tokyo_express:
        return f"--optional {number}: {name} changes nothing unless a Task Force is the Tokyo Express; add --tokyo-express"
    return None


def reading_refusal(edition_id: str, text: str, kind: str) -> str | None:
    """Why ``--reading text`` is refused (unknown name or choice, or a reading that changes nothing here)."""
    name, sep, choice = text.partition("=")
    if not sep or name not in READING_CHOICES:
        return f"--reading {text}: expected NAME=CHOICE with NAME one of {', '.join(READING_CHOICES)}"
    choices = READING_CHOICES[name][1]
    if choice not in choices:
        return f"--reading {text}: {name} is one of {', '.join(choices)}"
    if kind not in READING_KINDS[name]:
        return f"--reading {text}: the {name} reading changes nothing in odds {kind}"
    if name == "turn-1" and edition_id != "v1.1":
        return f"--reading {text}: the 2nd edition prints its Turn 1 modifiers; the turn-1 reading is a v1.1 question"
    if name == "multi-hit" and edition_id != "2nd":
        return (f"--reading {text}: the multi-hit reading is the 2nd edition's 11.3.1; v1.1 18.3.2's example settles it "
                "(every check +1 per hit over one)")
    return None
