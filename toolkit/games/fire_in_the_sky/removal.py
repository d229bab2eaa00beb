"""Fire in the Sky: the rules its data alone does not express."""

from __future__ import annotations


def permanently_removed(counter, edition) -> bool:
    """Does a sunk naval unit leave the game for good?

    v1.1 13.1: Japanese CV and CVL units and both sides' BB units are removed; other sunk
    naval units come back as reinforcements. 2nd 11.3.1: every sunk naval unit is removed.
    """
    if counter.type != "naval":
        return False
    if edition.param("sunk_naval_permanent") == "japanese-cv-cvl-and-all-bb":
        return counter.cls == "BB" or (counter.side == "japan" and counter.cls in ("CV", "CVL"))
    return True


def returns_to_mix(counter, edition) -> str:
    """The rule that puts the counter of a lost unit back into the mix, or "" if it never comes back.

    Eliminated and disbanded air units are reused (v1.1 2.1.1.2, 15.2; 2nd 3.1.2, 14.0; only the
    2nd edition's Kamikaze counters, 16.2.4, are lost for good); a sunk ship that does not leave the
    game is recycled (v1.1 13.1; never in the 2nd edition, 11.3.1). Land units come back themselves.
    """
    if counter.type == "air":
        return edition.cite("air-steps")
    if counter.type == "naval" and not permanently_removed(counter, edition):
        return edition.cite("damage-naval")
    return ""
