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
