"""The ships an event takes (PF 7.1 Torpedo Hit(s), 7.2 Submarine Attack), clause by clause.

An event record may name them: ``targets:`` (Torpedo Hit(s): each US ship and its hits) and ``ship:``
(Submarine Attack: the Japanese ship drawn), with ``roll:`` (the die). Each clause of the rule is one
test below, every one a message and the node it is about:

- Torpedo Hit(s) (7.1): as many hits as the die shows (1-3), the Japanese player choosing the ships; only
  US ships, only those in Espiritu Santo in that Event Phase (not those on the Turn Record Track); every
  ship hit rolls on the Sunk Table (10.7), so it is sunk or damaged that turn with those hits.
- Submarine Attack (7.2): one Japanese ship, drawn at random by the US player from Truk (not the Reserve
  box, not the Turn Record Track), removed from the game: listed under ``sunk`` and nowhere else.

A reading: a Transports unit is not a ship here; PF 10.5 counts "ship units and Transports units" apart,
and both events speak of ships. Who chooses (the Japanese player's choice, the US player's random draw)
leaves nothing to check: any ship the clauses allow is legal. Without ``targets:`` or ``ship:`` the check
reads the losses the scenario lists (a US ship damaged that turn or sunk; a Japanese ship sunk that could
have been in Truk) and its message says so.
"""

from __future__ import annotations

from collections import Counter

from toolkit.games.pacific_fury.checks.damage import return_turn
from toolkit.games.pacific_fury.state import PFContext


def is_ship(ctx: PFContext, counter_id: str, side: str) -> bool:
    """A ship unit of ``side``: naval, not a Transports unit (the reading above)."""
    counter = ctx.game.counters.get(counter_id)
    return counter is not None and counter.side == side and counter.type == "naval" and counter.cls != "Transports"


def off_base(ctx: PFContext, counter_id: str, turn: int) -> str | None:
    """Why the ship was not in its base in turn ``turn``'s Event Phase, or None when it may have been.

    Arrivals and returning ships enter in the Task Force Phase, after the events (PF 8.1, 7.1 and 7.2 notes).
    """
    arrives = ctx.late_arrivals.get(counter_id)  # as the chain's start has it: a variant may have moved it
    if arrives is not None and arrives >= turn:
        return f"it waits on the Turn Record Track until turn {arrives} ({ctx.setup_rule('us')}, PF 8.1)"
    if counter_id in ctx.reserve_ships:
        released = [e["turn"] for e in ctx.events_used if e["event"] == ctx.edition.param("reserve_event")]
        if not released or released[0] >= turn:
            return "it is in the Japanese Reserve box, which only Release Reserve on an earlier turn empties (PF 3.1, 7.1)"
    counter = ctx.game.counters[counter_id]
    for record in ctx.damaged:
        if record["counter"] == counter_id and record["turn"] < turn:
            back = return_turn(ctx, counter.side, record["hits"], record["turn"])
            if back is not None and back >= turn:
                return (f"it was damaged on turn {record['turn']} and waits on the Turn Record Track until turn {back} "
                        f"(PF 10.7, 8.1)")
    return None


def torpedo_hits(ctx: PFContext, i: int, record: dict):
    """Torpedo Hit(s) (PF 7.1, 10.7): the targets, their number and what the hits did."""
    turn, faces, base = record["turn"], _faces(ctx, record), ctx.base("us")
    compulsory = ctx.edition.param("torpedo_hits_compulsory", True)
    targets = record.get("targets")
    if not targets:
        if compulsory and not _torpedo_loss_shown(ctx, turn):
            yield (f"Torpedo Hit(s) on turn {turn} put one to three hits on US ships in {base} (PF 7.1), but no US ship that was "
                   f"there is damaged on turn {turn} or sunk: name the ships hit as targets: [{{counter, hits}}] and record each "
                   f"under damaged (or sunk); the edition's torpedo_hits_compulsory takes the other reading",
                   ctx.section_at("events_used", i))
        return
    hits, valid = Counter(), set()
    for j, target in enumerate(targets):
        at = ctx.section_at("events_used", i, "targets", j)
        counter_id = target["counter"]
        hits[counter_id] += target["hits"]
        if counter_id not in ctx.game.counters:
            yield f"no counter {counter_id!r} in the counter sheet", ctx.section_at("events_used", i, "targets", j, "counter")
        elif not is_ship(ctx, counter_id, "us"):
            yield (f"Torpedo Hit(s) hit US ships only (PF 7.1), and {ctx.name(counter_id)} is not one"
                   f"{_transports_note(ctx, counter_id)}: name a US ship in {base}", at)
        elif (why := off_base(ctx, counter_id, turn)) is not None:
            yield (f"Torpedo Hit(s) on turn {turn} hit only US ships in {base} in the Event Phase (PF 7.1), and "
                   f"{ctx.name(counter_id)} was not there: {why}", at)
        else:
            valid.add(counter_id)
    total = sum(hits.values())
    roll = record.get("roll")
    if roll is not None and faces and roll not in faces:
        yield (f"Torpedo Hit(s) comes on a roll of {_faces_text(faces)}, not {roll} (PF 7.1)", ctx.section_at("events_used", i, "roll"))
    elif roll is not None and (total > roll or (compulsory and total < roll)):
        yield (f"Torpedo Hit(s) on a roll of {roll} gives {roll} hit(s) (PF 7.1), but the targets take {total}: "
               f"{'put exactly' if compulsory else 'put at most'} {roll}"
               f"{'' if compulsory else ' (the edition reads the hits as optional)'}", ctx.section_at("events_used", i, "targets"))
    elif roll is None and faces and total > max(faces):
        yield (f"Torpedo Hit(s) gives at most {max(faces)} hits, the die roll (PF 7.1), but the targets take {total}",
               ctx.section_at("events_used", i, "targets"))
    for counter_id, n in hits.items():
        if counter_id in valid:
            yield from _hit_shown(ctx, i, record, counter_id, n)


def _hit_shown(ctx: PFContext, i: int, record: dict, counter_id: str, hits: int):
    """A ship hit rolls on the Sunk Table (PF 10.7): sunk, or damaged that turn with those hits."""
    turn, name = record["turn"], ctx.name(counter_id)
    if any(e.counter == counter_id for e in ctx.scenario.sunk):
        return
    at = ctx.section_at("events_used", i, "targets", _first(record["targets"], counter_id))
    damaged = [(k, d) for k, d in enumerate(ctx.damaged) if d["counter"] == counter_id and d["turn"] == turn]
    if not damaged:
        yield (f"{name} took {hits} torpedo hit(s) on turn {turn} and rolled on the Sunk Table (PF 7.1, 10.7): it is sunk or "
               f"damaged, so list it under sunk, or under damaged with turn: {turn}, hits: {hits}", at)
    elif damaged[0][1]["hits"] != hits:
        record_at = ctx.section_at("damaged", damaged[0][0], "hits")
        yield (f"{name} took {hits} torpedo hit(s) on turn {turn} (the event's targets), but damaged records "
               f"{damaged[0][1]['hits']}: make them agree (its return turn depends on them, PF 10.7)",
               record_at if record_at.file == at.file else at)  # the file that wrote the later of the two


def _torpedo_loss_shown(ctx: PFContext, turn: int) -> bool:
    """Without targets: a US ship damaged on ``turn`` that may have been in base then, or a US ship sunk."""
    damaged = any(d["turn"] == turn and is_ship(ctx, d["counter"], "us") and off_base(ctx, d["counter"], turn) is None
                  for d in ctx.damaged)
    return damaged or any(is_ship(ctx, e.counter, "us") for e in ctx.scenario.sunk)


def submarine_attack(ctx: PFContext, i: int, record: dict):
    """Submarine Attack (PF 7.2): one Japanese ship from Truk, removed from the game."""
    turn, base = record["turn"], ctx.base("japan")
    ship = record.get("ship")
    if ship is None:
        if not any(is_ship(ctx, e.counter, "japan") and off_base(ctx, e.counter, turn) is None for e in ctx.scenario.sunk):
            yield (f"the Submarine Attack of turn {turn} removed a Japanese ship drawn from {base} from the game (PF 7.2), but no "
                   f"Japanese ship that could have been in {base} then is listed under sunk: name it as ship: and list it under "
                   f"sunk", ctx.section_at("events_used", i))
        return
    at = ctx.section_at("events_used", i, "ship")
    if ship not in ctx.game.counters:
        yield f"no counter {ship!r} in the counter sheet", at
        return
    if not is_ship(ctx, ship, "japan"):
        yield (f"a Submarine Attack takes a Japanese ship (PF 7.2), and {ctx.name(ship)} is not one"
               f"{_transports_note(ctx, ship)}: name a Japanese ship in {base}", at)
        return
    if (why := off_base(ctx, ship, turn)) is not None:
        yield (f"a Submarine Attack on turn {turn} draws a ship from {base} in the Event Phase (PF 7.2), and {ctx.name(ship)} "
               f"was not there: {why}", at)
    places = [where for where, _ in ctx.whereabouts.get(ship, []) if where != "sunk"]
    if not any(e.counter == ship for e in ctx.scenario.sunk):  # listed twice: PF-COUNTER-MIX says so
        yield (f"{ctx.name(ship)}, drawn by the Submarine Attack of turn {turn}, is removed from the game (PF 7.2): "
               f"list it under sunk{' and take it out of ' + places[0] if places else ''}", at)
    for k, d in enumerate(ctx.damaged):
        if d["counter"] == ship and d["turn"] >= turn:
            yield (f"{ctx.name(ship)} was removed from the game by the Submarine Attack of turn {turn} (PF 7.2), so it cannot "
                   f"be damaged on turn {d['turn']}: remove this record", ctx.section_at("damaged", k))


def misplaced_keys(ctx: PFContext, i: int, record: dict, event_id: str):
    """``targets:`` belongs to Torpedo Hit(s), ``ship:`` to a Submarine Attack; a roll must be one of the event's faces."""
    owners = {"targets": "torpedo-hits", "ship": "submarine-attack"}
    for key, owner in owners.items():
        if key in record and event_id != owner:
            yield (f"{key}: names the ships of {ctx.events.get(owner, {}).get('name', owner)} only; "
                   f"{ctx.events.get(event_id, {}).get('name', event_id)} takes none: remove it", ctx.section_at("events_used", i, key))
    faces = _faces(ctx, record)
    if event_id != "torpedo-hits" and record.get("roll") is not None and faces and record["roll"] not in faces:
        yield (f"{ctx.events.get(event_id, {}).get('name', event_id)} comes on a roll of {_faces_text(faces)}, not {record['roll']}",
               ctx.section_at("events_used", i, "roll"))


def _faces(ctx: PFContext, record: dict) -> tuple[int, ...]:
    return tuple(ctx.events.get(record["event"], {}).get("faces", ()))


def _faces_text(faces) -> str:
    return f"{min(faces)}-{max(faces)}" if len(faces) > 1 else str(faces[0])


def _first(targets: list[dict], counter_id: str) -> int:
    return next(j for j, t in enumerate(targets) if t["counter"] == counter_id)


def _transports_note(ctx: PFContext, counter_id: str) -> str:
    counter = ctx.game.counters[counter_id]
    return " (a Transports unit is not a ship: PF 10.5 counts ship units and Transports units apart)" if counter.cls == "Transports" else ""
