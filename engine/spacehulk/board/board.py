"""The static board: squares, sections, doors, entry areas, exits, features and grid geometry.

A `Board` is built once from a map text (see mapfile.py) and never changes; everything that changes
during play (door states, flames, models, destroyed features) lives in the game state.

Squares are `(col, row, level)` tuples; rows grow downwards (the map text's line order). Facings
are "N", "E", "S", "W". Distances are Chebyshev (SHB-1.7) unless a rule asks for walking distance.

Reading (Deathwing room, SHB-13.4): every square records `kind`, `section` and `level`, and may
carry one feature from deathwing.md §2.3/§2.6 (pit, ladder, crate, rubble, cryo tank, chute). Their
generic effect on movement and sight comes from the FEATURES table; their special rules (falls,
climbing, rubble cost, deflection) belong to the Deathwing issue. Bulkheads and chute hatches are
door squares that cannot be opened by hand (`Door.fixed`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cached_property
from typing import Literal, NamedTuple

Square = tuple[int, int, int]
"""(col, row, level); col and row count from 0, the top-left square of the map text is (0, 0, 0)."""

Facing = Literal["N", "E", "S", "W"]
FACINGS: tuple[Facing, ...] = ("N", "E", "S", "W")
VECTORS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
DoorStatus = Literal["closed", "open", "destroyed"]
Kind = Literal["corridor", "room"]

DIRS8: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
DIRS4: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


class FeatureSpec(NamedTuple):
    """Generic effect of a feature on the square that carries it."""

    blocks_move: bool
    blocks_los: bool


FEATURES: dict[str, FeatureSpec] = {
    "pit": FeatureSpec(False, False),  # DW-PIT-2: a hole to the level below; sight passes
    "ladder": FeatureSpec(False, False),  # DW-LAD-1: blocks neither movement nor sight
    "crate": FeatureSpec(True, True),  # DW-CRT-1 (becomes rubble when destroyed)
    "rubble": FeatureSpec(False, False),  # DW-RUB-1: +1 AP to enter, sight passes
    "cryo": FeatureSpec(True, True),  # DW-CRY-1: blocks even when destroyed
    "chute": FeatureSpec(False, False),  # DW-CHT-1: a disposal chute square
}


class Cell(NamedTuple):
    """One on-board square."""

    kind: Kind
    section: str
    feature: str | None = None


class Door(NamedTuple):
    """A door counter on a square (SHB-1.4, Q15). `fixed` doors (bulkhead, chute hatch) never open by hand."""

    square: Square
    initial: DoorStatus
    fixed: str | None = None  # None | "bulkhead" | "hatch"


class EntryArea(NamedTuple):
    """An entry area: an off-board lurking space and its entry square (SHB-1.5)."""

    id: str
    square: Square


class Deployment(NamedTuple):
    """A Marine start square with its facing, in map reading order."""

    square: Square
    facing: Facing


def add(sq: Square, d: tuple[int, int]) -> Square:
    """The square one step from `sq` in direction `d` (same level)."""
    return (sq[0] + d[0], sq[1] + d[1], sq[2])


def chebyshev(a: Square, b: Square) -> int:
    """Squares between a and b with diagonal steps counting 1 (SHB-1.7); other levels are infinitely far."""
    if a[2] != b[2]:
        return 1 << 30
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def relative(facing: str, origin: Square, target: Square) -> tuple[int, int]:
    """(forward, right) offset of `target` as seen by a model at `origin` facing `facing`."""
    fx, fy = VECTORS[facing]
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    return dx * fx + dy * fy, dx * -fy + dy * fx


def turn_cost_steps(frm: str, to: str) -> int:
    """How many 90-degree steps separate two facings (0, 1 or 2)."""
    d = (FACINGS.index(to) - FACINGS.index(frm)) % 4
    return 2 if d == 2 else (0 if d == 0 else 1)


def facing_toward(origin: Square, target: Square) -> Facing | None:
    """The facing that puts an orthogonally adjacent `target` directly ahead (None if not orthogonal)."""
    d = (target[0] - origin[0], target[1] - origin[1])
    for name, vec in VECTORS.items():
        if vec == d:
            return name  # type: ignore[return-value]
    return None


def col_name(col: int) -> str:
    """Spreadsheet-style column letters: 0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        name = chr(65 + rem) + name
    return name


def square_name(sq: Square) -> str:
    """Human name of a square: column letters, 1-based row, and "@level" above level 0 ("C4", "B2@1")."""
    base = f"{col_name(sq[0])}{sq[1] + 1}"
    return base if sq[2] == 0 else f"{base}@{sq[2]}"


def parse_square(text: str) -> Square:
    """Inverse of square_name ("C4" -> (2, 3, 0)); raises ValueError naming the input."""
    raw = text.strip().upper()
    level = 0
    if "@" in raw:
        raw, lv = raw.split("@", 1)
        if not lv.isdigit():
            raise ValueError(f"bad level in square {text!r}")
        level = int(lv)
    i = 0
    while i < len(raw) and raw[i].isalpha():
        i += 1
    letters, digits = raw[:i], raw[i:]
    if not letters or not digits.isdigit() or int(digits) < 1:
        raise ValueError(f"not a square name: {text!r}")
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - 64)
    return (col - 1, int(digits) - 1, level)


class Board:
    """The static map. Built by mapfile.parse_map; holds lazily filled geometry caches."""

    def __init__(
        self,
        *,
        name: str,
        width: int,
        height: int,
        levels: int,
        cells: dict[Square, Cell],
        doors: Iterable[Door],
        entries: Iterable[EntryArea],
        exits: Iterable[Square],
        deployments: Iterable[Deployment],
    ) -> None:
        self.name = name
        self.width, self.height, self.levels = width, height, levels
        self.cells = cells
        self.doors: tuple[Door, ...] = tuple(sorted(doors))
        self.door_index: dict[Square, int] = {d.square: i for i, d in enumerate(self.doors)}
        self.entries: dict[str, EntryArea] = {e.id: e for e in sorted(entries)}
        self.entry_of_square: dict[Square, str] = {e.square: e.id for e in self.entries.values()}
        self.exits: frozenset[Square] = frozenset(exits)
        self.deployments: tuple[Deployment, ...] = tuple(deployments)
        self.sections: dict[str, tuple[Square, ...]] = {}
        for sq in sorted(cells):
            self.sections.setdefault(cells[sq].section, ())
            self.sections[cells[sq].section] += (sq,)
        self.static_blocks_los: frozenset[Square] = frozenset(
            sq for sq, c in cells.items() if c.feature and FEATURES[c.feature].blocks_los
        )
        self.static_blocks_move: frozenset[Square] = frozenset(
            sq for sq, c in cells.items() if c.feature and FEATURES[c.feature].blocks_move
        )
        self._neighbours: dict[Square, tuple[tuple[tuple[int, int], Square], ...]] = {}
        self.los_cache: dict[tuple[Square, Square], object] = {}
        self._walk_cache: dict[tuple[Square, int], dict[Square, int]] = {}
        self._near_cache: dict[tuple[Square, int], tuple[Square, ...]] = {}
        self._holes_around: dict[Square, tuple[Square, ...]] = {}

    def __contains__(self, sq: object) -> bool:
        return sq in self.cells

    @cached_property
    def chutes(self) -> tuple[tuple[Square, tuple[Square, ...]], ...]:
        """(hatch square, the chute squares behind it) for every disposal chute (DW-CHT-1, A-29)."""
        found = []
        for door in self.doors:
            if door.fixed != "hatch":
                continue
            group: set[Square] = set()
            todo = [add(door.square, d) for d in DIRS4]
            while todo:
                sq = todo.pop()
                cell = self.cells.get(sq)
                if sq in group or cell is None or cell.feature != "chute":
                    continue
                group.add(sq)
                todo.extend(add(sq, d) for d in DIRS4)
            found.append((door.square, tuple(sorted(group))))
        return tuple(found)

    @cached_property
    def has_holes(self) -> bool:
        """Whether any pit or ladder joins two levels (multi-level rules apply, deathwing.md §2.3)."""
        return any(c.feature in ("ladder", "pit") for c in self.cells.values())

    @cached_property
    def holes(self) -> frozenset[Square]:
        """Every square that is a hole (see `hole`), found once: the board never changes."""
        cells = self.cells
        return frozenset(
            sq
            for sq, cell in cells.items()
            if cell.feature in ("pit", "ladder") and (sq[0], sq[1], sq[2] + 1) in cells
        )

    @cached_property
    def rubble(self) -> frozenset[Square]:
        """The squares the map gives rubble (DW-RUB-1), found once."""
        return frozenset(sq for sq, cell in self.cells.items() if cell.feature == "rubble")

    def hole(self, sq: Square) -> bool:
        """A pit or ladder on `sq` opening onto the square directly below it (DW-PIT-1, DW-LAD-1)."""
        return sq in self.holes

    def holes_around(self, x: int, y: int, level: int) -> tuple[Square, ...]:
        """The holes on `level` among the 3 x 3 squares centred on column x, row y (column by column)."""
        key = (x, y, level)
        found = self._holes_around.get(key)
        if found is None:
            holes = self.holes
            found = tuple(
                (hx, hy, level)
                for hx in (x - 1, x, x + 1)
                for hy in (y - 1, y, y + 1)
                if (hx, hy, level) in holes
            )
            self._holes_around[key] = found
        return found

    def ladder_end(self, sq: Square) -> Square | None:
        """The other end of the ladder on `sq`: the ladder square directly below or above (DW-LAD-1)."""
        for dz in (1, -1):
            other = (sq[0], sq[1], sq[2] + dz)
            if self.cells.get(sq) and self.cells[sq].feature == "ladder":
                cell = self.cells.get(other)
                if cell is not None and cell.feature == "ladder":
                    return other
        return None

    def section_of(self, sq: Square) -> str:
        return self.cells[sq].section

    def neighbours(self, sq: Square) -> tuple[tuple[tuple[int, int], Square], ...]:
        """(direction, square) for each on-board 8-way neighbour of `sq` on its level."""
        found = self._neighbours.get(sq)
        if found is None:
            found = tuple((d, add(sq, d)) for d in DIRS8 if add(sq, d) in self.cells)
            self._neighbours[sq] = found
        return found

    def within(self, origin: Square, radius: int) -> tuple[Square, ...]:
        """Squares of origin's level within `radius` (Chebyshev), nearest first."""
        key = (origin, radius)
        found = self._near_cache.get(key)
        if found is None:
            near = (sq for sq in self.cells if sq[2] == origin[2] and chebyshev(origin, sq) <= radius)
            found = tuple(sorted(near, key=lambda sq: (chebyshev(origin, sq), sq)))
            self._near_cache[key] = found
        return found

    def walk_distances(self, start: Square, limit: int) -> dict[Square, int]:
        """8-way walking distance from `start` up to `limit` over on-board squares (SHB-10.4, Q10).

        Walls and movement-blocking features stop the walk; doors (in any state) and models do not;
        a diagonal step is refused when both squares beside it are walls (SHB-7.2).
        """
        key = (start, limit)
        found = self._walk_cache.get(key)
        if found is not None:
            return found
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            if dist[cur] >= limit:
                continue
            for d, nxt in self.neighbours(cur):
                if nxt in dist or nxt in self.static_blocks_move:
                    continue
                if d[0] and d[1] and not self._diagonal_open(cur, d):
                    continue
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
        self._walk_cache[key] = dist
        return dist

    def _diagonal_open(self, cur: Square, d: tuple[int, int]) -> bool:
        a, b = add(cur, (d[0], 0)), add(cur, (0, d[1]))
        walled = [s not in self.cells or s in self.static_blocks_move for s in (a, b)]
        return not all(walled)

    def section_flood(self, start: Square, closed: frozenset[Square] | set[Square]) -> tuple[Square, ...]:
        """Squares of `start`'s section reached orthogonally from it without crossing `closed` squares (SHB-9.3)."""
        section = self.cells[start].section
        seen = {start}
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            for d in DIRS4:
                nxt = add(cur, d)
                cell = self.cells.get(nxt)
                if cell is None or nxt in seen or cell.section != section or nxt in closed:
                    continue
                seen.add(nxt)
                queue.append(nxt)
        return tuple(sorted(seen))
