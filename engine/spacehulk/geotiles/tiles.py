"""The ten geotiles of the Deathwing Mission Generator (DW-GEO-1), in our own design (A-33).

The book's geotile maps are missing from the seed, so A-33 has us load a data file of our own. Each
tile is a plain map file (engine/spacehulk/board/mapfile.py) of 9 x 9 squares in
`engine/spacehulk/geotiles/maps/geotile_NN.map`, plus one header line of our own, `arrows: in=W
out=E`, naming the sides that carry Cloud Runner's entry and exit arrows (DW-CR-4).

Design rules every tile keeps (checked by `problems`, tested for all ten):
- An open corridor end (a "port") sits only at the middle of a side: N (4, 0), E (8, 4), S (4, 8),
  W (0, 4), marked by an entry digit. Its two neighbours along the side are walls, and the square
  inward is floor, so a port is a one-square-wide corridor end. A tile placed beside another joins
  a port to the facing port through one corridor square in the gap between them (layout.py), and
  every port left open becomes a Genestealer entry area (DW-GEN-3).
- At least one room (':'); corridors meet rooms only through doors (no corridor square touches a
  room square orthogonally).
- Every floor square is reachable from every other one inside the tile.
- Tiles 1-9 carry an entry and an exit arrow on two different ports (DW-CR-4). Tile 10 is the
  control room (A-33): a rectangular room behind exactly one door (a dead end), holding the cryogenic
  tanks, with its four corners free (Cloud Runner's leader and blips, DW-CR-7), and no arrows.

Tiles rotate by quarter turns (A-34): `Geotile.rotated(k)` turns the map, its ports and arrows k
times clockwise.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from importlib import resources
from typing import Literal, NamedTuple

from ..board.mapfile import parse_map

Side = Literal["N", "E", "S", "W"]
SIDES: tuple[Side, ...] = ("N", "E", "S", "W")
SIZE = 9
PORT_SQUARES: dict[str, tuple[int, int]] = {"N": (4, 0), "E": (8, 4), "S": (4, 8), "W": (0, 4)}
STEP: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE: dict[str, Side] = {"N": "S", "E": "W", "S": "N", "W": "E"}
CONTROL_ROOM = 10
TILE_NUMBERS = tuple(range(1, 11))

VOID = {" ", "#"}
DOORS = {"D", "d", "B", "H"}
CORRIDOR_MARKS = {".", "X", "^", ">", "v", "<"}
FEATURES = {"P", "L", "C", "R", "T", "U"}


def rotate_side(side: str, turns: int) -> Side:
    """The side `side` faces after `turns` clockwise quarter turns."""
    return SIDES[(SIDES.index(side) + turns) % 4]


class Geotile(NamedTuple):
    """One geotile card: its number, name, 9 rows of map characters and its Cloud Runner arrows."""

    number: int
    name: str
    rows: tuple[str, ...]
    entry_arrow: Side | None = None
    exit_arrow: Side | None = None

    def char(self, x: int, y: int) -> str:
        return self.rows[y][x]

    @property
    def ports(self) -> tuple[Side, ...]:
        """The sides with an open corridor end (an entry digit at the side's middle square)."""
        return tuple(s for s in SIDES if self.char(*PORT_SQUARES[s]).isdigit())

    def squares(self) -> dict[tuple[int, int], str]:
        """Every on-board square of the tile and its map character."""
        return {(x, y): ch for y, row in enumerate(self.rows) for x, ch in enumerate(row) if ch not in VOID}

    def rotated(self, turns: int) -> Geotile:
        """The tile turned `turns` times 90 degrees clockwise: a square (x, y) goes to (8 - y, x)."""
        turns %= 4
        rows = self.rows
        for _ in range(turns):
            rows = tuple("".join(rows[SIZE - 1 - x][y] for x in range(SIZE)) for y in range(SIZE))
        return self._replace(
            rows=rows,
            entry_arrow=rotate_side(self.entry_arrow, turns) if self.entry_arrow else None,
            exit_arrow=rotate_side(self.exit_arrow, turns) if self.exit_arrow else None,
        )


def square_class(squares: dict[tuple[int, int], str], sq: tuple[int, int]) -> str:
    """ "room", "corridor" or "door" for a tile square: doors are doors; ':' is room; a feature (crate,
    rubble, cryo tank) takes the kind most of its orthogonal neighbours have (a crate inside a room is
    room); anything else is corridor."""
    ch = squares[sq]
    if ch in DOORS:
        return "door"
    if ch == ":":
        return "room"
    if ch in FEATURES:
        x, y = sq
        near = [squares.get((x + dx, y + dy)) for dx, dy in STEP.values()]
        rooms = sum(1 for c in near if c == ":")
        corridors = sum(1 for c in near if c is not None and (c in CORRIDOR_MARKS or c.isdigit()))
        return "room" if rooms > corridors else "corridor"
    return "corridor"


def sections(squares: dict[tuple[int, int], str]) -> dict[tuple[int, int], int]:
    """Section number per square: each door alone; otherwise 4-connected groups of one class (a
    corridor piece or a room, SHB-1.2)."""
    classes = {sq: square_class(squares, sq) for sq in squares}
    found: dict[tuple[int, int], int] = {}
    count = 0
    for start in sorted(squares, key=lambda s: (s[1], s[0])):
        if start in found:
            continue
        found[start] = count
        if classes[start] != "door":
            queue = deque([start])
            while queue:
                x, y = queue.popleft()
                for dx, dy in STEP.values():
                    nxt = (x + dx, y + dy)
                    if nxt in squares and nxt not in found and classes[nxt] == classes[start]:
                        found[nxt] = count
                        queue.append(nxt)
        count += 1
    return found


def parse_tile(number: int, text: str) -> Geotile:
    """A geotile from its map text (the `arrows:` header is ours; the rest is the map format)."""
    arrows: dict[str, Side] = {}
    kept: list[str] = []
    for line in text.splitlines():
        if line.startswith("arrows:"):
            for word in line.removeprefix("arrows:").split():
                key, _, side = word.partition("=")
                if key not in ("in", "out") or side not in SIDES:
                    raise ValueError(f"geotile {number}: bad arrow {word!r} (in=N|E|S|W, out=...)")
                arrows[key] = side  # type: ignore[assignment]
            continue
        kept.append(line)
    board = parse_map("\n".join(kept), name=f"geotile {number}")  # the map format's own checks
    grid = [line for line in kept if line and not line.startswith(";")]
    start = grid.index("[level 0]") + 1
    rows = tuple(grid[start : start + SIZE])
    return Geotile(
        number=number,
        name=board.name,
        rows=rows,
        entry_arrow=arrows.get("in"),
        exit_arrow=arrows.get("out"),
    )


@cache
def geotile(number: int) -> Geotile:
    """Shipped geotile `number` (1-10)."""
    if number not in TILE_NUMBERS:
        raise KeyError(f"no geotile {number}; there are {TILE_NUMBERS[0]}-{TILE_NUMBERS[-1]}")
    path = resources.files(f"{__package__}.maps") / f"geotile_{number:02d}.map"
    return parse_tile(number, path.read_text(encoding="utf-8"))


def all_geotiles() -> tuple[Geotile, ...]:
    return tuple(geotile(n) for n in TILE_NUMBERS)


def problems(tile: Geotile) -> list[str]:
    """Every design rule (module docstring) the tile breaks; empty when it is sound."""
    found: list[str] = []
    if len(tile.rows) != SIZE or any(len(r) != SIZE for r in tile.rows):
        return [f"tile {tile.number}: not {SIZE} x {SIZE}"]
    squares = tile.squares()
    classes = {sq: square_class(squares, sq) for sq in squares}
    for sq, ch in squares.items():
        if ch.isdigit() and sq not in PORT_SQUARES.values():
            found.append(f"tile {tile.number}: entry digit off a side's middle at {sq}")
    for side in tile.ports:
        (x, y), (dx, dy) = PORT_SQUARES[side], STEP[side]
        beside = [(x + dy, y + dx), (x - dy, y - dx)]  # along the side
        if any(b in squares for b in beside):
            found.append(f"tile {tile.number}: port {side} is not a one-square corridor end")
        inward = (x - dx, y - dy)
        if classes.get(inward) != "corridor":
            found.append(f"tile {tile.number}: port {side} does not open onto a corridor")
    if "room" not in classes.values():
        found.append(f"tile {tile.number}: no room")
    for (x, y), kind in classes.items():
        for dx, dy in STEP.values():
            if kind == "corridor" and classes.get((x + dx, y + dy)) == "room":
                found.append(f"tile {tile.number}: corridor {(x, y)} meets a room without a door")
    walk = _reach(squares)
    if len(walk) != len(squares):
        found.append(f"tile {tile.number}: {len(squares) - len(walk)} squares cut off")
    if tile.number == CONTROL_ROOM:
        found += _control_room_problems(tile, squares, classes)
    else:
        if tile.entry_arrow not in tile.ports or tile.exit_arrow not in tile.ports:
            found.append(f"tile {tile.number}: arrows must sit on ports")
        if tile.entry_arrow == tile.exit_arrow:
            found.append(f"tile {tile.number}: entry and exit arrows on one port")
    if len(tile.ports) < 2:
        found.append(f"tile {tile.number}: fewer than two open corridor ends")
    return found


def _reach(squares: dict[tuple[int, int], str]) -> set[tuple[int, int]]:
    """Squares reached by orthogonal steps from the first one, through doors, never through crates or
    cryo tanks (they block movement, DW-CRT-1, DW-CRY-1)."""
    open_ = {sq for sq, ch in squares.items() if ch not in ("C", "T")}
    if not open_:
        return set()
    start = min(open_)
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in STEP.values():
            nxt = (x + dx, y + dy)
            if nxt in open_ and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen | (set(squares) - open_)


def control_room(tile: Geotile) -> tuple[tuple[tuple[int, int], ...], tuple[int, int]]:
    """(the control room's squares, its one door) on tile 10 (in the tile's own coordinates)."""
    squares = tile.squares()
    classes = {sq: square_class(squares, sq) for sq in squares}
    secs = sections(squares)
    rooms = {secs[sq] for sq, k in classes.items() if k == "room"}
    room = tuple(sorted((sq for sq in squares if secs[sq] in rooms), key=lambda s: (s[1], s[0])))
    doors = [
        sq
        for sq, k in classes.items()
        if k == "door" and any((sq[0] + dx, sq[1] + dy) in room for dx, dy in STEP.values())
    ]
    return room, doors[0]


def room_corners(room: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """The four corner squares of a rectangular room, in reading order."""
    xs = [x for x, _ in room]
    ys = [y for _, y in room]
    return tuple((x, y) for y in (min(ys), max(ys)) for x in (min(xs), max(xs)))


def _control_room_problems(
    tile: Geotile, squares: dict[tuple[int, int], str], classes: dict[tuple[int, int], str]
) -> list[str]:
    found: list[str] = []
    if tile.entry_arrow or tile.exit_arrow:
        found.append("tile 10 carries no arrows (DW-CR-4)")
    secs = sections(squares)
    room_secs = {secs[sq] for sq, k in classes.items() if k == "room"}
    if len(room_secs) != 1:
        return found + ["tile 10 must have exactly one room, the control room"]
    room, _ = control_room(tile)
    doors = {
        sq
        for sq, k in classes.items()
        if k == "door" and any((sq[0] + dx, sq[1] + dy) in room for dx, dy in STEP.values())
    }
    if len(doors) != 1:
        found.append("tile 10: the control room must be a dead end behind exactly one door")
    if not any(squares[sq] == "T" for sq in room):
        found.append("tile 10: no cryogenic tank in the control room")
    xs = [x for x, _ in room]
    ys = [y for _, y in room]
    if len(room) != (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1):
        found.append("tile 10: the control room is not a rectangle")
    if any(squares[c] != ":" for c in room_corners(room)):
        found.append("tile 10: a control-room corner is not bare floor")
    return found
