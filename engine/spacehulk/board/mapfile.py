"""The plain-text map format and its parser.

A map file has header lines, then blocks. Lines starting with ';' are comments (anywhere).

    name: Straight corridor          header lines "key: value" (keys: name, description)
    [level 0]                        the terrain of level 0, one character per square
    #1.....D.....X#
    [sections 0]                     optional: one section label per floor square of level 0
    #AAAAAABBBBBBB#

Terrain legend (one character per square):

    ' ' or '#'   no square (a wall; walls are the edges with no neighbour, SHB-1.3)
    .            corridor floor          :   room floor
    D            closed door             d   open door  (doors sit on squares, SHB-1.4, Q15)
    1-9          entry square of entry area "1".."9" (its lurking space is off-board, SHB-1.5)
    a-z but d, v more entry areas "a".."z" (generated geotile boards can open more than nine)
    X            exit square (SHB-1.6)
    ^ > v <      Marine deployment square facing N, E, S, W (numbered in reading order)
    B            bulkhead (a door that never opens, DW-BLK-1)
    H            chute hatch (a door never opened by hand, DW-CHT-1)
    P pit   L ladder   C crate   R rubble   T cryo tank   U chute square  (deathwing.md §2.3, §2.6)

Levels are numbered 0, 1, ... without gaps ([level 1] is the level below level 0, for Deathwing
pits and ladders). A [sections N] block has the same shape as [level N]: every floor square carries
a label (any character but ' ' and '#') and nothing else does. Without a [sections N] block, every
4-connected group of squares sharing a floor character ('.' or ':'; other markers count as '.')
is one section and every door square is a section of its own. Section ids are "<level>:<label>".
Reading: a section with any room square (':') is a room.

Errors raise MapError naming the line and column (1-based) of the offending character.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from importlib import resources

from .board import Board, Cell, Deployment, Door, EntryArea, Square

TERRAIN_FLOOR = {".": "corridor", ":": "room"}
DOOR_CHARS = {
    "D": ("closed", None),
    "d": ("open", None),
    "B": ("closed", "bulkhead"),
    "H": ("closed", "hatch"),
}
FEATURE_CHARS = {"P": "pit", "L": "ladder", "C": "crate", "R": "rubble", "T": "cryo", "U": "chute"}
DEPLOY_CHARS = {"^": "N", ">": "E", "v": "S", "<": "W"}
VOID = {" ", "#"}
HEADER_KEYS = {"name", "description"}
ENTRY_LETTERS = frozenset("abcefghijklmnopqrstuwxyz")  # not d (an open door) nor v (a deployment mark)


class MapError(ValueError):
    """A malformed map: the message names the line and column."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line, self.column, self.message = line, column, message


class _Block:
    def __init__(self, kind: str, level: int, header_line: int) -> None:
        self.kind, self.level, self.header_line = kind, level, header_line
        self.rows: list[tuple[int, str]] = []  # (line number, text)


def _split(text: str) -> tuple[dict[str, str], list[_Block]]:
    header: dict[str, str] = {}
    blocks: list[_Block] = []
    current: _Block | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if line.startswith(";"):
            continue
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            current = _block_header(stripped, number, line)
            if any(b.kind == current.kind and b.level == current.level for b in blocks):
                raise MapError(number, line.index("[") + 1, f"duplicate block {stripped}")
            blocks.append(current)
        elif current is None:
            if not stripped:
                continue
            key, sep, value = line.partition(":")
            if not sep or key.strip() not in HEADER_KEYS:
                raise MapError(
                    number, 1, f"expected 'name: ...', 'description: ...' or a [level N] block, got {line!r}"
                )
            header[key.strip()] = value.strip()
        else:
            if "\t" in line:
                raise MapError(number, line.index("\t") + 1, "tab character (use spaces)")
            current.rows.append((number, line.rstrip()))
    for block in blocks:  # trailing blank lines belong to no grid
        while block.rows and not block.rows[-1][1]:
            block.rows.pop()
    return header, blocks


def _block_header(stripped: str, number: int, line: str) -> _Block:
    words = stripped[1:-1].split()
    col = line.index("[") + 1
    if len(words) != 2 or words[0] not in ("level", "sections") or not words[1].isdigit():
        raise MapError(number, col, f"unknown block {stripped} (expected [level N] or [sections N])")
    return _Block(words[0], int(words[1]), number)


def parse_map(text: str, name: str = "map") -> Board:
    """Parse a map text into a Board; raises MapError with line and column on any defect."""
    header, blocks = _split(text)
    terrain = {b.level: b for b in blocks if b.kind == "level"}
    sections = {b.level: b for b in blocks if b.kind == "sections"}
    if not terrain:
        raise MapError(1, 1, "the map has no [level 0] block")
    for level in range(len(terrain)):
        if level not in terrain:
            raise MapError(
                max(b.header_line for b in terrain.values()),
                1,
                f"levels must be 0..N without gaps; [level {level}] is missing",
            )
    for level, block in sections.items():
        if level not in terrain:
            raise MapError(block.header_line, 1, f"[sections {level}] has no matching [level {level}]")
    width = max((len(t) for b in terrain.values() for _, t in b.rows), default=0)
    height = max((len(b.rows) for b in terrain.values()), default=0)
    cells: dict[Square, Cell] = {}
    chars: dict[Square, str] = {}
    where: dict[Square, tuple[int, int]] = {}
    doors: list[Door] = []
    entries: dict[str, EntryArea] = {}
    exits: list[Square] = []
    deployments: list[Deployment] = []
    for level, block in sorted(terrain.items()):
        for row, (number, line) in enumerate(block.rows):
            for col, ch in enumerate(line):
                if ch in VOID:
                    continue
                sq = (col, row, level)
                where[sq] = (number, col + 1)
                chars[sq] = ch
                if ch in TERRAIN_FLOOR:
                    continue
                if ch in DOOR_CHARS:
                    status, fixed = DOOR_CHARS[ch]
                    doors.append(Door(sq, status, fixed))  # type: ignore[arg-type]
                elif (ch.isdigit() and ch != "0") or ch in ENTRY_LETTERS:
                    if ch in entries:
                        raise MapError(number, col + 1, f"entry area {ch} already has its entry square")
                    entries[ch] = EntryArea(ch, sq)
                elif ch == "X":
                    exits.append(sq)
                elif ch in DEPLOY_CHARS:
                    deployments.append(Deployment(sq, DEPLOY_CHARS[ch]))  # type: ignore[arg-type]
                elif ch not in FEATURE_CHARS:
                    raise MapError(number, col + 1, f"unknown map character {ch!r}")
    if not chars:
        raise MapError(terrain[0].header_line, 1, "the map has no squares")
    labels = _section_labels(chars, sections, where)
    # A section with any ':' square is a room; markers inside it (doors, entries) share its kind.
    roomy = {(sq[2], labels[sq]) for sq, ch in chars.items() if ch == ":"}
    for sq, ch in chars.items():
        label = labels[sq]
        kind = "room" if (sq[2], label) in roomy else "corridor"
        cells[sq] = Cell(kind, f"{sq[2]}:{label}", FEATURE_CHARS.get(ch))  # type: ignore[arg-type]
    return Board(
        name=header.get("name", name),
        width=width,
        height=height,
        levels=len(terrain),
        cells=cells,
        doors=doors,
        entries=entries.values(),
        exits=exits,
        deployments=deployments,
    )


def _section_labels(
    chars: dict[Square, str],
    sections: dict[int, _Block],
    where: dict[Square, tuple[int, int]],
) -> dict[Square, str]:
    labels: dict[Square, str] = {}
    for level, block in sections.items():
        for row, (number, line) in enumerate(block.rows):
            for col, ch in enumerate(line):
                sq = (col, row, level)
                if ch in VOID:
                    continue
                if sq not in chars:
                    raise MapError(
                        number, col + 1, f"section label {ch!r} on a square that is a wall in [level {level}]"
                    )
                labels[sq] = ch
        for sq, (number, col) in where.items():
            if sq[2] == level and sq not in labels:
                raise MapError(
                    number, col, f"floor square has no label in [sections {level}] (line {block.header_line})"
                )
    unlabelled = [sq for sq in sorted(chars) if sq not in labels]
    labels.update(_derived_sections(unlabelled, chars))
    return labels


def _derived_sections(squares: list[Square], chars: dict[Square, str]) -> dict[Square, str]:
    """Default sections: 4-connected groups of one floor character; doors alone."""

    def base(sq: Square) -> str:
        ch = chars[sq]
        return ch if ch in (".", ":") else ("door" if ch in DOOR_CHARS else ".")

    todo = set(squares)
    labels: dict[Square, str] = {}
    counter = 0
    for start in squares:
        if start not in todo:
            continue
        counter += 1
        label = f"s{counter}"
        todo.discard(start)
        labels[start] = label
        if base(start) == "door":
            continue
        queue = deque([start])
        while queue:
            x, y, z = queue.popleft()
            for nxt in ((x + 1, y, z), (x - 1, y, z), (x, y + 1, z), (x, y - 1, z)):
                if nxt in todo and base(nxt) == base(start):
                    todo.discard(nxt)
                    labels[nxt] = label
                    queue.append(nxt)
    return labels


@cache
def parse_cached(text: str) -> Board:
    """The Board for a map text, parsed once per process (boards are immutable)."""
    return parse_map(text)


@cache
def map_text(name: str) -> str:
    """The text of a shipped map, engine/spacehulk/maps/<name>.map."""
    return (resources.files(f"{__package__}.maps") / f"{name}.map").read_text(encoding="utf-8")


def load_map(name: str) -> Board:
    """A shipped map, parsed."""
    return parse_cached(map_text(name))
