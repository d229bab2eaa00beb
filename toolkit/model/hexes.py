"""Hex geometry for wargame maps: ids, cube coordinates, neighbours, distance.

Conventions
-----------
* A hex id is a four-character string ``"CCRR"``: a two-digit column number
  followed by a two-digit row number, both 1-based, as printed on wargame
  maps (``"0101"`` is the top-left hex, ``"1207"`` is column 12, row 7).
  Columns and rows therefore run from 1 to 99.
* Hexes are **flat-topped** and stand in vertical columns. Column numbers
  grow to the east (right), row numbers grow to the south (down).
* Offset ("odd-q"): **even-numbered columns (02, 04, 06, ...) sit half a hex
  lower than odd-numbered columns (01, 03, 05, ...)**. So ``"0101"`` is higher
  on the map than ``"0201"``, and ``"0201"`` touches both ``"0101"`` and
  ``"0102"``. This is the "odd-q" layout of the usual 0-based treatment
  (columns whose 0-based index ``col - 1`` is odd are shoved down).
* Cube coordinates ``(q, r, s)`` with ``q + r + s == 0`` are derived from the
  0-based indices ``c0 = col - 1`` and ``r0 = row - 1``::

      q = c0
      r = r0 - (c0 - (c0 & 1)) // 2
      s = -q - r

  so ``"0101"`` is ``(0, 0, 0)``.
* Directions, in the fixed order used by :func:`neighbours`:
  north, north-east, south-east, south, south-west, north-west
  (cube deltas ``(0,-1,+1)``, ``(+1,-1,0)``, ``(+1,0,-1)``, ``(0,+1,-1)``,
  ``(-1,+1,0)``, ``(-1,0,+1)``).

Every function is pure: no I/O, no map knowledge. Whether a neighbour is on
the playing area, or whether a hexside is impassable, is the map's business.
"""

from __future__ import annotations

import re

__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "parse_hex_id",
    "hex_id",
    "to_cube",
    "from_cube",
    "neighbours",
    "distance",
    "hexside",
    "are_adjacent",
]

#: Cube-coordinate deltas of the six neighbours, in the order of :data:`DIRECTION_NAMES`.
DIRECTIONS: tuple[tuple[int, int, int], ...] = (
    (0, -1, +1),
    (+1, -1, 0),
    (+1, 0, -1),
    (0, +1, -1),
    (-1, +1, 0),
    (-1, 0, +1),
)

#: Names of the six directions, in the order used by :func:`neighbours`.
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")

_HEX_ID = re.compile(r"[0-9]{4}")
_MAX = 99


def parse_hex_id(s: str) -> tuple[int, int]:
    """Split a hex id into its column and row numbers.

    Parameters
    ----------
    s : str
        A hex id ``"CCRR"``: exactly four ASCII digits, column then row,
        each between 01 and 99.

    Returns
    -------
    tuple[int, int]
        ``(column, row)``, both 1-based.

    Raises
    ------
    ValueError
        If ``s`` is not a string of four digits, or the column or row is 00.

    Example
    -------
    >>> parse_hex_id("1207")
    (12, 7)
    """
    if not isinstance(s, str) or not _HEX_ID.fullmatch(s):
        raise ValueError(f"not a hex id (expected four digits CCRR): {s!r}")
    col, row = int(s[:2]), int(s[2:])
    if col < 1 or row < 1:
        raise ValueError(f"hex id has column or row 00: {s!r}")
    return col, row


def hex_id(col: int, row: int) -> str:
    """Build the hex id of a column and row.

    Parameters
    ----------
    col : int
        Column number, 1 to 99.
    row : int
        Row number, 1 to 99.

    Returns
    -------
    str
        The id ``"CCRR"`` with both parts zero-padded to two digits.

    Raises
    ------
    ValueError
        If either number is outside 1..99 or is not an integer.

    Example
    -------
    >>> hex_id(3, 11)
    '0311'
    """
    for name, value in (("column", col), ("row", row)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be an int, got {value!r}")
        if not 1 <= value <= _MAX:
            raise ValueError(f"{name} {value} is outside 1..{_MAX}")
    return f"{col:02d}{row:02d}"


def to_cube(hex_: str) -> tuple[int, int, int]:
    """Convert a hex id to cube coordinates.

    Parameters
    ----------
    hex_ : str
        A hex id ``"CCRR"``.

    Returns
    -------
    tuple[int, int, int]
        ``(q, r, s)`` with ``q + r + s == 0``; ``"0101"`` maps to ``(0, 0, 0)``.

    Raises
    ------
    ValueError
        If the id is malformed (see :func:`parse_hex_id`).

    Example
    -------
    >>> to_cube("0101")
    (0, 0, 0)
    >>> to_cube("0201")   # even column: half a hex lower
    (1, 0, -1)
    >>> to_cube("0302")
    (2, 0, -2)
    """
    col, row = parse_hex_id(hex_)
    c0, r0 = col - 1, row - 1
    q = c0
    r = r0 - (c0 - (c0 & 1)) // 2
    return q, r, -q - r


def from_cube(q: int, r: int, s: int) -> str:
    """Convert cube coordinates back to a hex id.

    Parameters
    ----------
    q, r, s : int
        Cube coordinates; they must sum to zero.

    Returns
    -------
    str
        The hex id ``"CCRR"``.

    Raises
    ------
    ValueError
        If ``q + r + s != 0`` or the hex would have a column or row outside 1..99.

    Example
    -------
    >>> from_cube(1, 0, -1)
    '0201'
    >>> from_cube(*to_cube("1207"))
    '1207'
    """
    if q + r + s != 0:
        raise ValueError(f"cube coordinates must sum to 0: ({q}, {r}, {s})")
    c0 = q
    r0 = r + (q - (q & 1)) // 2
    return hex_id(c0 + 1, r0 + 1)


def _in_range(q: int, r: int) -> bool:
    c0 = q
    r0 = r + (q - (q & 1)) // 2
    return 0 <= c0 < _MAX and 0 <= r0 < _MAX


def neighbours(hex_: str) -> list[str]:
    """List the geometric neighbours of a hex.

    The list is unfiltered by any map: it holds every adjacent hex whose
    column and row are both between 1 and 99, in the fixed direction order
    N, NE, SE, S, SW, NW (see :data:`DIRECTION_NAMES`). Hexes that would have
    a column or row below 1 (or above 99) are left out, so hexes on the first
    column or row have fewer than six.

    Parameters
    ----------
    hex_ : str
        A hex id ``"CCRR"``.

    Returns
    -------
    list[str]
        Up to six hex ids.

    Raises
    ------
    ValueError
        If the id is malformed.

    Example
    -------
    >>> neighbours("0303")   # odd column
    ['0302', '0402', '0403', '0304', '0203', '0202']
    >>> neighbours("0404")   # even column, half a hex lower
    ['0403', '0504', '0505', '0405', '0305', '0304']
    >>> neighbours("0101")
    ['0201', '0102']
    """
    q, r, s = to_cube(hex_)
    out: list[str] = []
    for dq, dr, ds in DIRECTIONS:
        nq, nr, ns = q + dq, r + dr, s + ds
        if _in_range(nq, nr):
            out.append(from_cube(nq, nr, ns))
    return out


def distance(a: str, b: str) -> int:
    """Count the hexes between two hexes on an open grid.

    This is the pure geometric distance (number of steps between
    neighbouring hexes), ignoring the playing area and impassable hexsides.

    Parameters
    ----------
    a, b : str
        Hex ids ``"CCRR"``.

    Returns
    -------
    int
        0 for the same hex, 1 for neighbours, and so on.

    Raises
    ------
    ValueError
        If either id is malformed.

    Example
    -------
    >>> distance("0101", "0101")
    0
    >>> distance("0303", "0402")
    1
    >>> distance("0101", "0501")
    4
    >>> distance("0101", "0104")
    3
    """
    aq, ar, as_ = to_cube(a)
    bq, br, bs = to_cube(b)
    return max(abs(aq - bq), abs(ar - br), abs(as_ - bs))


def are_adjacent(a: str, b: str) -> bool:
    """Tell whether two hexes share a hexside.

    Parameters
    ----------
    a, b : str
        Hex ids ``"CCRR"``.

    Returns
    -------
    bool
        True exactly when the distance is 1 (a hex is not adjacent to itself).

    Raises
    ------
    ValueError
        If either id is malformed.

    Example
    -------
    >>> are_adjacent("0303", "0402")
    True
    >>> are_adjacent("0303", "0404")
    False
    """
    return distance(a, b) == 1


def hexside(a: str, b: str) -> frozenset[str]:
    """Name the hexside between two adjacent hexes.

    A hexside is identified by the unordered pair of the hexes it separates,
    so ``hexside(a, b) == hexside(b, a)``.

    Parameters
    ----------
    a, b : str
        Hex ids ``"CCRR"`` of two adjacent hexes.

    Returns
    -------
    frozenset[str]
        ``frozenset({a, b})``.

    Raises
    ------
    ValueError
        If either id is malformed or the hexes are not adjacent.

    Example
    -------
    >>> sorted(hexside("0402", "0303"))
    ['0303', '0402']
    """
    if not are_adjacent(a, b):
        raise ValueError(f"hexes {a} and {b} are not adjacent")
    return frozenset((a, b))


# --- the hex-grid map kind -----------------------------------------------------------

#: Offsets allowed with each layout: a flat-topped grid stands in columns (``-q``), a
#: pointy-topped one in rows (``-r``); ``odd``/``even`` name the 0-based lines shoved out.
OFFSETS = {"flat-top": ("odd-q", "even-q"), "pointy-top": ("odd-r", "even-r")}


class HexGrid:
    """The geometry of one map's hex grid, as its ``grid:`` record sets it.

    The module's functions are the flat-topped ``odd-q`` grid; a ``HexGrid`` reads
    ``layout`` and ``offset`` so a map printed otherwise gets its own neighbours
    and distances. It is the adapter that turns hex ids into adjacency.

    Example
    -------
    >>> HexGrid().neighbours("0303") == neighbours("0303")
    True
    >>> HexGrid("flat-top", "even-q").neighbours("0101")
    ['0201', '0202', '0102']
    >>> sorted(HexGrid("pointy-top", "odd-r").neighbours("0202"))
    ['0102', '0201', '0203', '0301', '0302', '0303']
    >>> HexGrid("pointy-top", "odd-r").distance("0101", "0303")
    3
    """

    __slots__ = ("layout", "offset")

    def __init__(self, layout: str = "flat-top", offset: str = "odd-q"):
        if offset not in OFFSETS.get(layout, ()):
            raise ValueError(f"a {layout} grid takes offset {' or '.join(OFFSETS.get(layout, ('?',)))}, not {offset!r}")
        self.layout = layout
        self.offset = offset

    def __repr__(self) -> str:
        return f"HexGrid({self.layout!r}, {self.offset!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, HexGrid) and (self.layout, self.offset) == (other.layout, other.offset)

    def __hash__(self) -> int:
        return hash((self.layout, self.offset))

    def to_cube(self, hex_: str) -> tuple[int, int, int]:
        col, row = parse_hex_id(hex_)
        c0, r0 = col - 1, row - 1
        if self.layout == "flat-top":
            q = c0
            r = r0 - (c0 - (c0 & 1)) // 2 if self.offset == "odd-q" else r0 - (c0 + (c0 & 1)) // 2
        else:
            r = r0
            q = c0 - (r0 - (r0 & 1)) // 2 if self.offset == "odd-r" else c0 - (r0 + (r0 & 1)) // 2
        return (q, r, -q - r)

    def _offset_of(self, q: int, r: int) -> tuple[int, int]:
        """0-based (column, row) of a cube position."""
        if self.layout == "flat-top":
            c0 = q
            r0 = r + (q - (q & 1)) // 2 if self.offset == "odd-q" else r + (q + (q & 1)) // 2
        else:
            r0 = r
            c0 = q + (r - (r & 1)) // 2 if self.offset == "odd-r" else q + (r + (r & 1)) // 2
        return c0, r0

    def neighbours(self, hex_: str) -> list[str]:
        """The hexes sharing a hexside with ``hex_`` whose column and row lie in 1..99."""
        q, r, _ = self.to_cube(hex_)
        out = []
        for dq, dr, _ in DIRECTIONS:
            c0, r0 = self._offset_of(q + dq, r + dr)
            if 0 <= c0 < _MAX and 0 <= r0 < _MAX:
                out.append(hex_id(c0 + 1, r0 + 1))
        return out

    def distance(self, a: str, b: str) -> int:
        qa, ra, sa = self.to_cube(a)
        qb, rb, sb = self.to_cube(b)
        return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))
