"""Which forfeits the reinforcement schedule aid may call certain (FitS v1.1 2.1, 7.1; 2nd 3.1, 6.1).

The counter mix caps reinforcements, air steps too (v1.1 2.1 names them): an arrival with no free counter at its
Reinforcement Segment is lost (v1.1 7.1; 2nd 6.1). Arriving air steps are placed at a Home Base and each counter
holds two steps at most (v1.1 2.1.1.2; 2nd 3.1.2), so a mix of 15 counters all holding two steps has no room left.
But the schedule counts no losses, and some counters come back to the mix when their unit is lost: eliminated
or disbanded air units (v1.1 2.1.1.2, 15.2; 2nd 3.1.2, 14.0) and, in v1.1 only, sunk ships other than Japanese
CV/CVL and BBs (v1.1 13.1; 2nd 11.3.1 removes every sunk ship). Such an arrival is forfeited only if no counter
has come back by then, and the aid says so with the rule; any other is forfeited outright.
"""

from __future__ import annotations

from conftest import GAME
from toolkit.games import BaseGame
from toolkit.render.aids import schedule
from toolkit.render.env import environment
from toolkit.session import Session

CAMPAIGN = GAME / "campaign.yaml"


def _schedule(edition: str):
    loaded = Session().open_scenario(CAMPAIGN, edition=edition)
    return loaded.game, loaded.scenario, schedule(loaded.game, loaded.scenario, "japan", loaded.module)


def _forfeited(sched, counter):
    return [a for row in sched["turns"] for a in row["arrivals"] if a["id"] == counter and a["forfeited"]]


def _html(game, scenario, sched):
    return environment().get_template("schedule.html").render(
        game=game, scenario=scenario, edition=game.edition.citation, page_size="A4", orientation="portrait",
        aids=[], stem="schedule-japan", title="Schedule", sched=sched)


def test_v11_air_and_dd_forfeits_hold_only_while_no_counter_comes_back():
    game, scenario, sched = _schedule("v1.1")
    air, dd = _forfeited(sched, "jp-air"), _forfeited(sched, "jp-dd")
    assert air and dd and sched["forfeits"] == 21  # the no-loss count is unchanged
    # Eliminated air units' counters are reused (v1.1 2.1.1.2); sunk DDs are recycled (v1.1 13.1).
    assert {a["returns"] for a in air} == {"FitS v1.1 2.1.1.2"}
    assert {a["returns"] for a in dd} == {"FitS v1.1 13.1"}
    assert sched["conditional"] == 21
    html = _html(game, scenario, sched)
    assert "FORFEITED unless a counter is free by then" in html
    assert "an eliminated air unit&#39;s counter is reused, FitS v1.1 2.1.1.2" in html
    assert "a sunk ship&#39;s counter is recycled, FitS v1.1 13.1" in html
    assert "FORFEITED: 1 of 1" not in html


def test_2nd_air_forfeits_are_conditional_but_dd_forfeits_are_certain():
    game, scenario, sched = _schedule("2nd")
    air, dd = _forfeited(sched, "jp-air"), _forfeited(sched, "jp-dd")
    assert air and dd
    assert {a["returns"] for a in air} == {"FitS 2nd 3.1.2"}
    # Every sunk ship leaves the game (2nd 11.3.1): a DD counter never comes back, the forfeit is certain.
    assert {a["returns"] for a in dd} == {""}
    assert sched["conditional"] == sum(a["forfeited"] for a in air)
    html = _html(game, scenario, sched)
    assert "an eliminated air unit&#39;s counter is reused, FitS 2nd 3.1.2" in html
    assert "FORFEITED: 1 of 1 counter(s)</span> <span class=\"small\">(mix 12, all in use)" in html


def test_a_game_whose_counters_never_come_back_keeps_the_certain_forfeit():
    assert BaseGame().returns_to_mix(None, None) == ""


def _ticks_of_turn(html: str, turn: int) -> int:
    """The tick boxes of ``turn``'s row of the schedule table."""
    import re

    row = re.search(rf'<tr class="turn" data-turn="{turn}">(.*?)</tr>', html, re.S)
    return row.group(1).count('class="tick"') if row else -1


def test_an_arrival_forfeited_only_if_no_counter_comes_back_can_still_be_ticked():
    """Tick each arrival as you place it: one forfeited unless a counter is free may arrive, so it has its tick box
    (v1.1 2.1.1.2: an eliminated air unit's counter is reused); one forfeited outright has none (2nd 11.3.1: a sunk DD)."""
    for edition in ("v1.1", "2nd"):
        game, scenario, sched = _schedule(edition)
        html = _html(game, scenario, sched)
        for row in sched["turns"]:
            expected = sum(a["arrive"] + (a["forfeited"] if a["returns"] else 0) for a in row["arrivals"]) + len(row["track"])
            assert _ticks_of_turn(html, row["turn"]) == expected, (edition, row["turn"])
    game, scenario, sched = _schedule("v1.1")
    turn_8 = next(row for row in sched["turns"] if row["turn"] == 8)
    assert any(a["forfeited"] and a["returns"] for a in turn_8["arrivals"])
    assert _ticks_of_turn(_html(game, scenario, sched), 8) >= 2  # the 2 air counters that may yet arrive


# --- pools of interchangeable air counters (v1.1 2.1.1.2 note; 2nd 3.1.2 designer note) ---------------------------------


def _allied(edition: str):
    loaded = Session().open_scenario(CAMPAIGN, edition=edition)
    return schedule(loaded.game, loaded.scenario, "allied", loaded.module)


def test_v11_us_air_arrivals_may_take_the_free_marine_counters_but_not_the_british_ones():
    """v1.1 2.1.1.2 note: the two one-step blue Marine air units differ from the green Army ones in colour only, so a US
    air arrival counts against the 12 US air counters (10 + 2), not the 10 green ones: one 2-step arrival fewer is lost
    than when each counter id had its own limit (28). British air counters stay apart (the note names the US colours)."""
    sched = _allied("v1.1")
    us, british = _forfeited(sched, "us-air"), _forfeited(sched, "br-air")
    assert sched["forfeits"] == 27
    assert sum(a["forfeited"] for a in us) == 23 and {a["mix"] for a in us} == {"12 US air units, FitS v1.1 2.1.1.2"}
    assert {a["mix"] for a in british} == {3}


def test_2nd_every_allied_air_arrival_counts_against_one_pool():
    """2nd 3.1.2 designer note: every Allied air unit is exchangeable, so British arrivals count against the 15 Allied air
    counters (10 US Army, 2 Marine, 3 British) and are lost only once the whole pool is in use."""
    sched = _allied("2nd")
    british = _forfeited(sched, "br-air")
    assert sched["forfeits"] == 27
    assert {a["mix"] for a in british} == {"15 Allied air units, FitS 2nd 3.1.2 (Air Units designer note)"}
    assert all(a["in_use"] >= 13 for a in british)  # 13 two-step counters' worth, plus the one-step ones holding odd steps
