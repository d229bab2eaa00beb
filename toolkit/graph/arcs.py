"""Plane geometry of a hex sheet: hex centres, bearings between hexes, and the hexes a sector covers.

A plotting sheet is a hex grid (:class:`toolkit.model.hexes.HexGrid`) with a north. This module
answers, for any such grid, the geometric questions a search plan asks; it knows no game and no
rule. A game module turns its rules (which arcs a searcher may fly, how far, in which turns) into
calls of these functions.

Conventions
-----------
* **Plane coordinates.** Hexes have circumradius 1 (centre to corner). ``x`` grows to the right
  of the sheet, ``y`` grows *down* the sheet (as hex rows are numbered). A flat-topped hex at cube
  ``(q, r)`` is centred at ``(3/2 q, √3 (r + q/2))``; a pointy-topped one at
  ``(√3 (q + r/2), 3/2 r)``. Centres are measured from the centre of the hex at cube
  ``(0, 0, 0)`` (hex ``"0101"``).
* **Bearings** are degrees in ``[0, 360)``, clockwise from the sheet's north. ``north`` is the
  direction of north on the sheet, in degrees clockwise from the top of the sheet (0: north is up).
* **A sector** (a search arc) is given by its origin hex, the bearing of its first bounding line
  ``start`` and its ``width`` in degrees, swept clockwise: it holds the bearings ``start`` to
  ``start + width`` (both lines included). A width of 360 is the whole circle.
* **Covers.** A hex other than the origin is covered by a sector when the *interior* of the hex
  meets the closed sector drawn from the origin's centre (a ray along a bounding line that cuts
  through a hex covers it). A hex that the sector touches only along a hexside or at a corner is
  *not* covered: this is the tie rule. The origin hex holds the sector's apex and is always
  covered, at range 0. Range is counted in hexes (:meth:`HexGrid.distance`), not in plane
  distance: the hexes a sector covers "at range d" are the covered hexes d hexes from the origin.
* Comparisons of angles use a tolerance of :data:`EPSILON` degrees, so a corner lying exactly on a
  bounding line (as on 30° lines of a flat-topped grid) counts as touching, never as cut.

Every function is pure.
"""

from __future__ import annotations

import math

from toolkit.model.hexes import DIRECTIONS, HexGrid, hex_id
from toolkit.records import lazy_dataclass

__all__ = ["EPSILON", "Sector", "cube_centre", "hex_centre", "bearing", "cube_bearing", "corners",
           "covers_cube", "sector_cubes", "covered", "rotate_cube", "hexes_within"]

#: Tolerance, in degrees, of every comparison between an angle and a bounding line.
EPSILON = 1e-7

_SQRT3 = math.sqrt(3.0)


@lazy_dataclass(frozen=True)
class Sector:
    """A sector from the centre of ``origin``: bearings ``start`` to ``start + width`` clockwise, out to ``range`` hexes.

    Example
    -------
    >>> Sector.between("0505", 60, 240, 6)        # FFTS-style record "60-240": a semicircle
    Sector(origin='0505', start=60.0, width=180.0, range=6)
    >>> Sector.centred("0505", 90, 60, 3).start
    60.0
    """

    origin: str
    start: float
    width: float
    range: int

    def __post_init__(self):
        if not 0 < self.width <= 360:
            raise ValueError(f"a sector's width is more than 0 and at most 360 degrees, not {self.width}")
        if self.range < 0:
            raise ValueError(f"a sector's range is 0 or more hexes, not {self.range}")
        object.__setattr__(self, "start", float(self.start % 360))
        object.__setattr__(self, "width", float(self.width))

    @classmethod
    def between(cls, origin: str, first: float, last: float, range_: int) -> "Sector":
        """The sector from the ``first`` bearing line clockwise through the ``last`` (equal lines: the whole circle)."""
        width = (last - first) % 360 or 360
        return cls(origin, first, width, range_)

    @classmethod
    def centred(cls, origin: str, centre: float, width: float, range_: int) -> "Sector":
        """The sector of ``width`` degrees whose middle bearing is ``centre``."""
        return cls(origin, centre - width / 2, width, range_)

    @property
    def end(self) -> float:
        """The bearing of the last bounding line."""
        return (self.start + self.width) % 360

    @property
    def centre(self) -> float:
        """The middle bearing of the sector."""
        return (self.start + self.width / 2) % 360


def cube_centre(layout: str, q: int, r: int) -> tuple[float, float]:
    """Plane centre of the hex at cube ``(q, r)`` on a grid of ``layout`` (circumradius 1, y down).

    >>> cube_centre("flat-top", 0, -1)      # the hex north of the origin
    (0.0, -1.7320508075688772)
    >>> cube_centre("pointy-top", 1, 0)     # east of the origin
    (1.7320508075688772, 0.0)
    """
    if layout == "flat-top":
        return 1.5 * q, _SQRT3 * (r + q / 2)
    return _SQRT3 * (q + r / 2), 1.5 * r


def hex_centre(grid: HexGrid, hex_: str) -> tuple[float, float]:
    """Plane centre of hex ``hex_`` of ``grid``, measured from the centre of ``"0101"``."""
    q, r, _ = grid.to_cube(hex_)
    return cube_centre(grid.layout, q, r)


def corners(layout: str, q: int, r: int) -> list[tuple[float, float]]:
    """The six corners of the hex at cube ``(q, r)``."""
    x, y = cube_centre(layout, q, r)
    first = 0 if layout == "flat-top" else 30
    return [(x + math.cos(math.radians(first + 60 * k)), y + math.sin(math.radians(first + 60 * k))) for k in range(6)]


def _screen_angle(dx: float, dy: float) -> float:
    """Degrees clockwise from the top of the sheet of the vector (dx, dy), y down."""
    return math.degrees(math.atan2(dx, -dy)) % 360


def cube_bearing(layout: str, dq: int, dr: int, north: float = 0.0) -> float:
    """Bearing of the hex at cube offset ``(dq, dr)`` from the origin's centre (degrees clockwise from north).

    >>> cube_bearing("flat-top", 1, -1)     # the north-east neighbour of a flat-topped hex
    60.0
    >>> cube_bearing("flat-top", 1, -1, north=60)
    0.0
    """
    if dq == 0 and dr == 0:
        raise ValueError("a hex has no bearing from itself")
    x, y = cube_centre(layout, dq, dr)
    return round((_screen_angle(x, y) - north) % 360, 9) % 360


def bearing(grid: HexGrid, a: str, b: str, north: float = 0.0) -> float:
    """Bearing from the centre of hex ``a`` to the centre of hex ``b``, clockwise from the sheet's north.

    Raises
    ------
    ValueError
        If ``a`` and ``b`` are the same hex, or an id is malformed.

    Example
    -------
    >>> g = HexGrid("flat-top", "odd-q")
    >>> bearing(g, "0303", "0302"), bearing(g, "0303", "0304"), bearing(g, "0303", "0403")
    (0.0, 180.0, 120.0)
    """
    qa, ra, _ = grid.to_cube(a)
    qb, rb, _ = grid.to_cube(b)
    return cube_bearing(grid.layout, qb - qa, rb - ra, north)


def covers_cube(layout: str, dq: int, dr: int, start: float, width: float, north: float = 0.0) -> bool:
    """Whether the sector ``start``..``start + width`` from the origin covers the hex at cube offset ``(dq, dr)``.

    The origin itself (offset 0, 0) is always covered. Another hex is covered when its interior
    meets the closed sector: the open interval of bearings its interior spans meets the closed
    interval of the sector's bearings (see the module's conventions for the tie rule).

    >>> covers_cube("flat-top", 1, -1, 90, 60)   # NE neighbour: touches the 90° line along a hexside only
    False
    >>> covers_cube("flat-top", 1, 0, 90, 60)    # SE neighbour: inside
    True
    """
    if dq == 0 and dr == 0:
        return True
    if width >= 360:
        return True
    cx, cy = cube_centre(layout, dq, dr)
    centre = _screen_angle(cx, cy)
    offsets = []
    for x, y in corners(layout, dq, dr):
        delta = (_screen_angle(x, y) - centre + 180) % 360 - 180  # within (-90, 90): the origin lies outside the hex
        offsets.append(delta)
    low = (centre + min(offsets) - north) % 360
    span = max(offsets) - min(offsets)
    s = (low - start) % 360  # where the hex's bearings begin, measured clockwise from the first line
    return s < width - EPSILON or s + span > 360 + EPSILON


def rotate_cube(q: int, r: int, steps: int = 1) -> tuple[int, int]:
    """The cube offset ``(q, r)`` turned ``steps`` times 60° clockwise on the sheet about the origin.

    >>> rotate_cube(0, -1)      # north neighbour to north-east neighbour (flat-topped)
    (1, -1)
    """
    s = -q - r
    for _ in range(steps % 6):
        q, r, s = -r, -s, -q
    return q, r


def sector_cubes(layout: str, start: float, width: float, range_: int, north: float = 0.0) -> dict[int, frozenset[tuple[int, int]]]:
    """Cube offsets the sector covers on an unbounded grid, by range 0..``range_``.

    >>> sorted(sector_cubes("flat-top", 330, 60, 1)[1])   # centred on north: the NE and NW neighbours touch its lines along hexsides only
    [(0, -1)]
    """
    rings: dict[int, frozenset[tuple[int, int]]] = {0: frozenset({(0, 0)})}
    for d in range(1, range_ + 1):
        found = set()
        q, r = DIRECTIONS[4][0] * d, DIRECTIONS[4][1] * d  # walk the ring of radius d
        for side in range(6):
            for _ in range(d):
                if covers_cube(layout, q, r, start, width, north):
                    found.add((q, r))
                q, r = q + DIRECTIONS[side][0], r + DIRECTIONS[side][1]
        rings[d] = frozenset(found)
    return rings


def covered(grid: HexGrid, sector: Sector, north: float = 0.0, hexes=None) -> dict[int, frozenset[str]]:
    """Hex ids the sector covers, by range 0..``sector.range``; ``hexes`` (the sheet's) keeps only those on the sheet.

    Example
    -------
    >>> g = HexGrid("flat-top", "odd-q")
    >>> rings = covered(g, Sector.centred("0505", 0, 60, 2))
    >>> sorted(rings[0]), sorted(rings[1]), sorted(rings[2])
    (['0505'], ['0504'], ['0403', '0503', '0603'])
    """
    oq, or_, _ = grid.to_cube(sector.origin)
    out: dict[int, frozenset[str]] = {}
    for d, cubes in sector_cubes(grid.layout, sector.start, sector.width, sector.range, north).items():
        ids = set()
        for dq, dr in cubes:
            hid = _hex_at(grid, oq + dq, or_ + dr)
            if hid is not None and (hexes is None or hid in hexes):
                ids.add(hid)
        out[d] = frozenset(ids)
    return out


def hexes_within(grid: HexGrid, origin: str, range_: int, hexes=None) -> dict[int, frozenset[str]]:
    """Every hex 0..``range_`` hexes from ``origin``, by distance (the whole circle)."""
    return covered(grid, Sector(origin, 0, 360, range_), hexes=hexes)


def _hex_at(grid: HexGrid, q: int, r: int) -> str | None:
    c0, r0 = grid._offset_of(q, r)
    if 0 <= c0 < 99 and 0 <= r0 < 99:
        return hex_id(c0 + 1, r0 + 1)
    return None
