"""Record-track markers within the edition's limits (FitS v1.1 2.1.2, 7.2, 7.3, 16.0, 17.4; 2nd 3.3.5-3.3.8, 4.3.1, 6.2)."""

from __future__ import annotations

from toolkit.rules import Context, check, fmt


def _markers(ctx: Context):
    """(name, nation or None, Marker) for every marker value in the scenario."""
    for name, value in ctx.scenario.markers.items():
        if isinstance(value, dict):
            for nation, marker in value.items():
                yield name, nation, marker
        else:
            yield name, None, value


def _scheduled_level(ctx: Context, key: str) -> tuple[float, int] | None:
    """The highest level the Allied Reinforcement Schedule resets a total to up to the scenario's start turn, and
    the turn that sets it (v1.1 7.2, 7.3; 2nd 6.2): the marker is reset to the schedule and only spent in between,
    so it never shows more. None when the game schedules no such level."""
    levels = [(st.data[key], st.turn) for st in ctx.game.schedules
              if st.side == "allied" and st.turn <= ctx.scenario.start_turn and isinstance(st.data.get(key), (int, float))]
    return max(levels, default=None)


@check("MARKER-NEGATIVE", "record-track", "A record-track total below 0 (only Victory Points may be).")
def not_negative(ctx: Context):
    for name, nation, marker in _markers(ctx):
        if name != "victory_points" and marker.value < 0:
            label = name.replace("_", " ") + (f" ({nation})" if nation else "")
            yield f"{label} is {fmt(marker.value)}: no total on the General Record Track falls below 0", marker.at


@check("MARKER-FRACTION", "record-track", "A total kept in finer fractions than the track holds (quarters in v1.1, halves in the 2nd edition).")
def quarters(ctx: Context):
    for name, nation, marker in _markers(ctx):
        grain = ctx.edition.param("fraction_granularity")
        if (marker.value / grain) != int(marker.value / grain):
            label = name.replace("_", " ") + (f" ({nation})" if nation else "")
            yield f"{label} is {marker.value!r}: the track keeps fractions in steps of {grain:g} only", marker.at


@check("MARKER-MERCHANTMEN", "merchantmen-pool", "A Merchantmen Pool above its starting level or off its steps.")
def merchantmen_pool(ctx: Context):
    marker = ctx.scenario.marker("merchantmen_pool")
    if marker is None:
        return
    start = ctx.edition.param("merchantmen_pool_start")
    step = ctx.edition.param("merchantmen_pool_step")
    if start is not None and marker.value > start:
        yield f"Merchantmen Pool is {fmt(marker.value)}; it starts at {start} and never increases", marker.at
    if step and marker.value % step:
        yield f"Merchantmen Pool is {fmt(marker.value)}; in this edition it moves in steps of {step}", marker.at


@check("MARKER-TRANSPORT", "transport-points", "Transport Points above what the edition allows (Japan the Merchantmen Pool, the US its schedule, Britain a fixed level).")
def transport_points(ctx: Context):
    pool = ctx.scenario.marker("merchantmen_pool")
    japan = ctx.scenario.marker("transport_points", "japan")
    # Japan resets its TP to the Merchantmen Pool each turn (v1.1 2.1.2.1, 7.3; 2nd 3.3.6, 6.2). A scenario
    # that leaves the pool out keeps it at its starting level (v1.1: 30; 2nd: 60), which still bounds the TP.
    limit = pool.value if pool is not None else ctx.edition.param("merchantmen_pool_start")
    if japan is not None and limit is not None and japan.value > limit:
        what = f"the Merchantmen Pool ({fmt(limit)})" if pool is not None else f"the Merchantmen Pool's starting level ({fmt(limit)})"
        yield f"Japanese Transport Points are {fmt(japan.value)}, above {what} they are reset to each turn", japan.at
    britain = ctx.scenario.marker("transport_points", "britain")
    limit = ctx.edition.param("british_transport_points")
    if britain is not None and limit is not None and britain.value > limit:
        yield f"British Transport Points are {fmt(britain.value)}; Britain receives {limit} every turn", britain.at
    us = ctx.scenario.marker("transport_points", "us")
    level = _scheduled_level(ctx, "us_transport_points")
    if us is not None and level is not None and us.value > level[0]:
        yield (f"US Transport Points are {fmt(us.value)}, above the {fmt(level[0])} the Allied Reinforcement Schedule "
               f"sets them to by turn {level[1]}; they are reset to the schedule each turn and only spent in between", us.at)
    dutch = ctx.scenario.marker("transport_points", "netherlands")
    if dutch is not None and dutch.value > (ctx.edition.param("netherlands_transport_points", 0) or 0):
        yield f"the Netherlands receive no Transport Points ({ctx.edition.cite('netherlands')})", dutch.at


@check("MARKER-SUBMARINE", "submarine-points", "Submarine Points above the level they are reset to (Japan 2; the Allies by their schedule).")
def submarine_points(ctx: Context):
    japan = ctx.scenario.marker("submarine_points", "japan")
    limit = ctx.edition.param("japanese_submarine_points")
    if japan is not None and limit is not None and japan.value > limit:
        yield f"Japanese Submarine Points are {fmt(japan.value)}; Japan resets them to {limit} every turn", japan.at
    us = ctx.scenario.marker("submarine_points", "us")
    level = _scheduled_level(ctx, "submarine_points")
    if us is not None and level is not None and us.value > level[0]:
        yield (f"US Submarine Points are {fmt(us.value)}, above the {fmt(level[0])} the Allied Reinforcement Schedule "
               f"sets them to by turn {level[1]}; they are reset to the schedule each turn and only spent in between", us.at)


@check("MARKER-OIL", "record-track", "Oil Points beyond the track (30, or 60 with the marker flipped).")
def oil_points(ctx: Context):
    oil = ctx.scenario.marker("oil_points")
    limit = ctx.edition.param("oil_marker_max", 60)
    if oil is not None and limit is not None and oil.value > limit:
        yield f"Oil Points are {fmt(oil.value)}; the track holds at most {limit}", oil.at


def expected_victory_points(ctx: Context) -> tuple[int, int]:
    """(start, captures): Victory Points from base captures, Japanese captures adding and Allied
    captures subtracting (v1.1 16.0), on top of the Turn 1 total, which is 0 in v1.1 and the value
    of the printed Japanese bases in the 2nd edition (2nd 3.3.10). A scenario checked in another
    edition than its own is read on its own edition's track (``ctx.written_for``)."""
    start = 0
    if (ctx.written_for or ctx.edition).param("vp_start_rule") != "zero-at-turn-1":
        start = sum(p.vp for p in ctx.map.places.values() if p.is_base and p.printed_control == "japan")
    total = 0
    changed = {entry.base for entry in ctx.scenario.control}  # any other base is as printed: it adds nothing
    for place in ctx.map.places.values():
        if not place.is_base or place.name not in changed:
            continue
        now = ctx.control(place.name)
        if now == place.printed_control or now == "none":
            continue
        if now == "japan":
            total += place.vp
        elif now == "allied":
            total -= place.vp
    return start, total


@check("MARKER-VP", "victory-points", "A Victory Point marker that does not match the bases captured.", severity="warning")
def victory_points(ctx: Context):
    marker = ctx.scenario.marker("victory_points")
    if marker is None:
        return
    start, captured = expected_victory_points(ctx)
    expected = start + captured
    if marker.value == expected:
        return
    if start:
        sign = "+" if captured >= 0 else "-"
        basis = f"{start} at the start of the game {sign} {abs(captured)} for bases captured = {expected}"
    else:
        basis = f"the bases captured give {expected}"
    yield (f"Victory Points are {fmt(marker.value)} but {basis}; correct the marker unless the "
           f"difference comes from the Brisbane lifeline or the Manila/Singapore deductions", marker.at)


@check("MARKER-VP-WON", "victory-points", "A Victory Point total at which the game has already ended (a win reached at once).")
def victory_already_won(ctx: Context):
    """v1.1 16.0; 2nd 4.3: reaching the Japanese threshold (v1.1 20, 2nd 40) or the Allied one (v1.1 -1, 2nd 19) ends the game
    at once, so a scenario cannot start there. A scenario checked in another edition is read on its own edition's track."""
    marker = ctx.scenario.marker("victory_points")
    edition = ctx.written_for or ctx.edition
    japan, allied = edition.param("victory_japan_at"), edition.param("victory_allied_at")
    if marker is None or japan is None or allied is None:
        return
    if marker.value >= japan:
        yield (f"Victory Points are {fmt(marker.value)}: at {japan} or more the game ends at once with a Japanese win; "
               "a scenario starts below it", marker.at)
    elif marker.value <= allied:
        yield (f"Victory Points are {fmt(marker.value)}: at {allied} or less the game ends at once with an Allied win; "
               "a scenario starts above it", marker.at)
