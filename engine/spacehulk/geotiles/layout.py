"""The board builder: geotiles placed on a grid of slots, joined corridor to corridor, then written out
as one map text (DW-GEO-2, DW-GEN-3, DW-CR-4, DW-CR-7, A-34).

Geometry (our design, A-33): every tile is 9 x 9 squares and sits in a slot of a grid whose pitch
is 10, so one empty line of squares separates neighbouring tiles (their walls never touch). Two
tiles in neighbouring slots are joined where both have a port on the facing sides: the gap square
between the two ports becomes corridor. A port whose outward slot stays empty is an open corridor
end: a Genestealer entry area (DW-GEN-3), unless a 5-square corridor is joined to it (a Marine
deployment corridor, DW-GEN-3; Cloud Runner's entry and exit corridors, DW-CR-4), which runs
straight out through the gap into the empty slot beyond.

Readings (listed in docs/geotiles.md):
- "Placing it with 1+ corridor joining a placed tile; no overlaps" (DW-GEO-2): a placement takes an
  empty slot beside the board and joins at least one port to a free port. "Corridors must connect"
  (issue 13): a port may not face a neighbouring tile's wall, nor a wall that tile's port (`strict`).
  The random builder falls back to `strict=False` (a port facing a wall is a dead end) only when no
  remaining tile has a strict placement, and stops early only if no tile fits at all (never seen
  with the ten shipped tiles; tested).
- The random builder draws tiles like cards without replacement (DW-GEO-1), tries each drawn tile
  and sets aside one that cannot be placed; among a tile's legal placements it prefers those that
  leave an open port for the tiles still to come, then picks one with the seeded dice.
- The two deployment corridors go on two free ports whose outward slots differ, picked with the
  dice (the book lets the Marine choose; A-34's default has the bot build while he picks his force).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple, Protocol

from ..board import Square
from .tiles import (
    CONTROL_ROOM,
    OPPOSITE,
    PORT_SQUARES,
    SIDES,
    STEP,
    TILE_NUMBERS,
    Geotile,
    Side,
    control_room,
    geotile,
    room_corners,
    sections,
)

PITCH = 10
DEPLOY_LENGTH = 5  # DW-GEN-3, DW-CR-4: "un pasillo de 5 casillas"
ENTRY_IDS = "123456789abcefghijklmnopqrstuwxyz"  # the map format's entry marks (not d nor v)
DEPLOY_MARK = {"N": "^", "E": ">", "S": "v", "W": "<"}

Slot = tuple[int, int]
Port = tuple[Slot, Side]  # a tile's open corridor end: its slot and the side it opens on


class Chooser(Protocol):
    """The part of engine.core.Dice the builder uses."""

    def index(self, n: int) -> int: ...

    def shuffled(self, items: Sequence[int]) -> list[int]: ...


class Placement(NamedTuple):
    """Geotile `tile` turned `rotation` quarter turns clockwise in grid slot `slot`."""

    tile: int
    rotation: int
    slot: Slot

    @property
    def geotile(self) -> Geotile:
        return _rotated(self.tile, self.rotation)

    @property
    def ports(self) -> tuple[Side, ...]:
        return self.geotile.ports


_ROTATIONS: dict[tuple[int, int], Geotile] = {}


def _rotated(tile: int, rotation: int) -> Geotile:
    key = (tile, rotation % 4)
    found = _ROTATIONS.get(key)
    if found is None:
        found = _ROTATIONS[key] = geotile(tile).rotated(rotation)
    return found


def neighbour(slot: Slot, side: str) -> Slot:
    dx, dy = STEP[side]
    return (slot[0] + dx, slot[1] + dy)


def occupied(placed: Sequence[Placement]) -> dict[Slot, Placement]:
    return {p.slot: p for p in placed}


def free_ports(placed: Sequence[Placement]) -> list[Port]:
    """Ports whose outward slot is empty: still open corridor ends."""
    slots = occupied(placed)
    return [(p.slot, side) for p in placed for side in p.ports if neighbour(p.slot, side) not in slots]


def joins(placed: Sequence[Placement]) -> list[tuple[Port, Port]]:
    """Pairs of facing ports of neighbouring tiles (each pair once)."""
    slots = occupied(placed)
    found = []
    for p in placed:
        for side in p.ports:
            other = slots.get(neighbour(p.slot, side))
            if other is not None and OPPOSITE[side] in other.ports and p.slot < other.slot:
                found.append(((p.slot, side), (other.slot, OPPOSITE[side])))
    return found


def legal_placements(
    placed: Sequence[Placement],
    tile: int,
    *,
    strict: bool = True,
    keep_free: Iterable[Port] = (),
) -> list[Placement]:
    """Where geotile `tile` may go (DW-GEO-2): an empty slot, at least one port joined to a placed
    tile's free port, and (strict) no port facing a wall either way. Ports in `keep_free` must stay
    open (Cloud Runner's arrows, DW-CR-4). The first tile goes in slot (0, 0), any rotation."""
    slots = occupied(placed)
    if tile in {p.tile for p in placed}:
        return []
    if not placed:
        return [Placement(tile, r, (0, 0)) for r in range(4)]
    blocked = {neighbour(slot, side) for slot, side in keep_free}
    candidates = sorted({neighbour(slot, side) for slot, side in free_ports(placed)} - blocked)
    found = []
    for slot in candidates:
        for rotation in range(4):
            ports = _rotated(tile, rotation).ports
            joined, ok = 0, True
            for side in SIDES:
                other = slots.get(neighbour(slot, side))
                if other is None:
                    continue
                mine, theirs = side in ports, OPPOSITE[side] in other.ports
                if mine and theirs:
                    joined += 1
                elif (mine or theirs) and strict:
                    ok = False
            if ok and joined:
                found.append(Placement(tile, rotation, slot))
    return found


def placements_for(placed: Sequence[Placement], tile: int) -> list[Placement]:
    """Where a drawn tile may go: the strict placements, or, when there is none, the relaxed ones."""
    return legal_placements(placed, tile) or legal_placements(placed, tile, strict=False)


def random_layout(
    dice: Chooser, count: int = 8, tiles: Sequence[int] = TILE_NUMBERS
) -> tuple[Placement, ...]:
    """DW-GEO-1, DW-GEO-2 built by the bot (A-34's default): draw tiles like cards and place each
    at random where it may go, until `count` are placed."""
    placed: list[Placement] = []
    deck = list(dice.shuffled(list(tiles)))
    while len(placed) < count and deck:
        choice = None
        for strict in (True, False):
            for tile in deck:
                options = legal_placements(placed, tile, strict=strict)
                if options and len(placed) + 1 < count:
                    roomy = [o for o in options if free_ports([*placed, o])]
                    options = roomy or options
                if options:
                    choice = (tile, options[dice.index(len(options))])
                    break
            if choice:
                break
        if choice is None:
            break  # no tile fits anywhere: the board stays smaller (never happens with our tiles)
        deck.remove(choice[0])
        placed.append(choice[1])
    return tuple(placed)


class Corridor(NamedTuple):
    """A straight corridor joined to a free port, running `length` squares out from it."""

    port: Port
    length: int = DEPLOY_LENGTH
    deploy: bool = True  # deployment marks (Marines face the board) or plain floor
    # DW-GEN-7: the corridor's squares when it was extended (`corridor_path`), nearest the port first,
    # in the layout's own coordinates; empty: `length` squares straight out
    path: tuple[tuple[int, int], ...] = ()


class BuiltBoard(NamedTuple):
    """A layout written as a map, with the squares the scenarios and Cloud Runner refer to."""

    map_text: str
    placements: tuple[Placement, ...]
    corridors: tuple[tuple[Square, ...], ...]  # each joined corridor's squares, nearest the port first
    entry_ports: dict[str, Port]  # entry area id -> the port it opens
    control_room: tuple[Square, ...]  # geotile 10's room ((): not on the board)
    control_door: Square | None
    cryo: tuple[Square, ...]
    corners: tuple[Square, ...]  # the control room's corners, in reading order
    corridor_ports: tuple[Port, ...] = ()  # the port each joined corridor runs from, in `corridors` order


def deployment_ports(placed: Sequence[Placement], dice: Chooser, count: int = 2) -> tuple[Port, ...]:
    """DW-GEN-3: up to `count` free ports for the Marine corridors, on different outward slots."""
    free = free_ports(placed)
    chosen: list[Port] = []
    while free and len(chosen) < count:
        port = free[dice.index(len(free))]
        chosen.append(port)
        target = neighbour(*port)
        free = [f for f in free if neighbour(*f) != target]
    return tuple(chosen)


def compose(placed: Sequence[Placement], corridors: Sequence[Corridor] = (), *, name: str = "") -> BuiltBoard:
    """Write the layout as one map (level 0, with its [sections 0] block).

    Joined ports and their gap square become corridor (the gap joins the section of the earlier
    tile's port square); the other free ports, except those carrying a corridor, get entry marks
    1-9 then a-z in reading order; each corridor is its own section.
    """
    chars: dict[tuple[int, int], str] = {}
    labels: dict[tuple[int, int], int] = {}
    next_label = 0
    origin: dict[Slot, tuple[int, int]] = {}
    for p in placed:
        ox, oy = p.slot[0] * PITCH, p.slot[1] * PITCH
        origin[p.slot] = (ox, oy)
        squares = p.geotile.squares()
        secs = sections(squares)
        for (x, y), ch in squares.items():
            chars[(ox + x, oy + y)] = "." if ch.isdigit() else ch
            labels[(ox + x, oy + y)] = next_label + secs[(x, y)]
        next_label += max(secs.values()) + 1

    def port_square(port: Port) -> tuple[int, int]:
        ox, oy = origin[port[0]]
        px, py = PORT_SQUARES[port[1]]
        return ox + px, oy + py

    for a, _b in joins(placed):
        (x, y), (dx, dy) = port_square(a), STEP[a[1]]
        chars[(x + dx, y + dy)] = "."
        labels[(x + dx, y + dy)] = labels[(x, y)]
    corridor_squares: list[list[tuple[int, int]]] = []
    carrying = {c.port for c in corridors}
    for c in corridors:
        (x, y), (dx, dy) = port_square(c.port), STEP[c.port[1]]
        run = list(c.path) or [(x + dx * k, y + dy * k) for k in range(1, c.length + 1)]
        for sq, facing in zip(run, path_facings(run, c.port[1]), strict=True):
            chars[sq] = DEPLOY_MARK[facing] if c.deploy else "."
            labels[sq] = next_label
        next_label += 1
        corridor_squares.append(run)
    open_ports = sorted(
        (p for p in free_ports(placed) if p not in carrying), key=lambda p: port_square(p)[::-1]
    )
    if len(open_ports) > len(ENTRY_IDS):
        raise ValueError(f"{len(open_ports)} entry areas: the map format marks at most {len(ENTRY_IDS)}")
    entry_ports: dict[str, Port] = {}
    for ident, port in zip(ENTRY_IDS, open_ports, strict=False):
        chars[port_square(port)] = ident
        entry_ports[ident] = port
    xs = [x for x, _ in chars]
    ys = [y for _, y in chars]
    mx, my = min(xs), min(ys)

    def shift(sq: tuple[int, int]) -> Square:
        return (sq[0] - mx, sq[1] - my, 0)

    width, height = max(xs) - mx + 1, max(ys) - my + 1
    grid = [["#"] * width for _ in range(height)]
    sec_grid = [["#"] * width for _ in range(height)]
    for (x, y), ch in chars.items():
        grid[y - my][x - mx] = ch
        sec_grid[y - my][x - mx] = _label(labels[(x, y)])
    text = "\n".join(
        [
            f"name: {name or 'Generated geotile board'}",
            "description: "
            + ", ".join(f"geotile {p.tile} turned {p.rotation}x90 at {p.slot}" for p in placed),
            "[level 0]",
            *("".join(row) for row in grid),
            "[sections 0]",
            *("".join(row) for row in sec_grid),
            "",
        ]
    )
    room: tuple[Square, ...] = ()
    door: Square | None = None
    cryo: tuple[Square, ...] = ()
    corners: tuple[Square, ...] = ()
    for p in placed:
        if p.tile == CONTROL_ROOM:
            ox, oy = origin[p.slot]
            tiles_room, tile_door = control_room(p.geotile)
            room = tuple(shift((ox + x, oy + y)) for x, y in tiles_room)
            door = shift((ox + tile_door[0], oy + tile_door[1]))
            cryo = tuple(sq for sq in room if chars[(sq[0] + mx, sq[1] + my)] == "T")
            corners = tuple(shift((ox + x, oy + y)) for x, y in room_corners(tiles_room))
    return BuiltBoard(
        map_text=text,
        placements=tuple(placed),
        corridors=tuple(tuple(shift(sq) for sq in run) for run in corridor_squares),
        entry_ports=entry_ports,
        control_room=room,
        control_door=door,
        cryo=cryo,
        corners=corners,
        corridor_ports=tuple(c.port for c in corridors),
    )


def path_facings(run: Sequence[tuple[int, int]], side: Side) -> list[Side]:
    """The facing of a Marine on each square of a corridor: toward the board, i.e. toward the square
    before it (the first square faces the port)."""
    out: list[Side] = [OPPOSITE[side]]
    for (ax, ay), (bx, by) in zip(run, run[1:], strict=False):
        out.append(next(name for name, step in STEP.items() if step == (ax - bx, ay - by)))  # type: ignore[misc]
    return out[: len(run)]


HORIZON = 60  # how far ahead `corridor_path` looks when it must turn a corner


def corridor_path(
    placed: Sequence[Placement], port: Port, length: int, taken: Iterable[tuple[int, int]] = ()
) -> tuple[tuple[int, int], ...]:
    """DW-GEN-7: a deployment corridor of up to `length` squares from `port`, in layout coordinates.

    It runs straight out (straight sections) while no geotile stands in line; where one does, it turns
    a corner toward the side with the longer straight run and goes on (our drawing of the book's
    "imaginary linked corridors": the table never runs out, so the linked corridor is drawn where it
    fits). A corridor square keeps one empty line from every tile's slot and from the squares of
    `taken` (the other corridors) and never touches itself but at its corners, so its walls stay
    whole. Shorter than `length` only when it is boxed in; the path for a length is a prefix of the
    path for any longer length (the look-ahead is fixed)."""
    slots = [p.slot for p in placed]
    others = set(taken)
    (px, py), (dx, dy) = _port_square(port), STEP[port[1]]
    path: list[tuple[int, int]] = [(px + dx, py + dy)]  # the gap square: always free (outward slot empty)

    def free(sq: tuple[int, int]) -> bool:
        x, y = sq
        for sx, sy in slots:
            if (
                sx * PITCH - 1 <= x <= sx * PITCH + PITCH - 1
                and sy * PITCH - 1 <= y <= sy * PITCH + PITCH - 1
            ):
                return False
        near = [(x + i, y + j) for i in (-1, 0, 1) for j in (-1, 0, 1)]
        if any(n in others for n in near):
            return False
        return not any(n in own for n in near if n not in path[-2:])

    def run_length(start: tuple[int, int], step: tuple[int, int]) -> int:
        n, (x, y) = 0, start
        saved = list(path)
        while n < HORIZON:
            nxt = (x + step[0], y + step[1])
            if not free(nxt):
                break
            path.append(nxt)
            own.add(nxt)
            x, y = nxt
            n += 1
        for sq in path[len(saved) :]:
            own.discard(sq)
        del path[len(saved) :]
        return n

    own = set(path)
    while len(path) < length:
        x, y = path[-1]
        ahead = (x + dx, y + dy)
        if not free(ahead):
            turns = [(-dy, dx), (dy, -dx)]  # right, left
            runs = [run_length(path[-1], t) for t in turns]
            if max(runs) == 0:
                break  # boxed in
            dx, dy = turns[0] if runs[0] >= runs[1] else turns[1]
            ahead = (x + dx, y + dy)
        path.append(ahead)
        own.add(ahead)
    return tuple(path)


def _port_square(port: Port) -> tuple[int, int]:
    """A port's square in layout coordinates (the map before it is shifted to start at 0, 0)."""
    px, py = PORT_SQUARES[port[1]]
    return port[0][0] * PITCH + px, port[0][1] * PITCH + py


def _label(n: int) -> str:
    """A one-character section label (the map format's [sections] block): letters, then any
    printable code point past Latin-1 (never ' ' or '#')."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    return alphabet[n] if n < len(alphabet) else chr(0x100 + n)


def generator_board(
    dice: Chooser,
    *,
    count: int = 8,
    add_control_room: bool = False,
    placed: Sequence[Placement] | None = None,
) -> BuiltBoard:
    """DW-GEO-2 + DW-GEN-3: `count` random geotiles (or the players' `placed` ones, A-34), then the two
    5-square deployment corridors.

    SC4/SC5 (A-34): geotile 10 joins as one more tile when the draw left it out."""
    placed = list(random_layout(dice, count) if placed is None else placed)
    if add_control_room and CONTROL_ROOM not in {p.tile for p in placed}:
        for strict in (True, False):
            options = legal_placements(placed, CONTROL_ROOM, strict=strict)
            if options:
                placed.append(options[dice.index(len(options))])
                break
    ports = deployment_ports(placed, dice)
    length = DEPLOY_LENGTH if len(ports) > 1 else 2 * DEPLOY_LENGTH  # DW-GEN-7: one corridor, longer
    return compose(placed, [Corridor(port, length) for port in ports], name="Mission Generator board")


def cloud_runner_board(dice: Chooser, board_number: int) -> BuiltBoard:
    """One board of The Last Battle of Cloud Runner (DW-CR-4, DW-CR-7).

    Boards 1-9: draw two different geotiles (10 is set aside and a third drawn); place the second
    without blocking the first one's entry arrow, and so that its own exit arrow stays open; add
    geotile 10 if it was drawn, blocking neither; join the 5-square entry corridor (the Marines
    deploy there) to the first tile's entry arrow and the 5-square exit corridor to the second tile's
    exit arrow. Board 10: the same two tiles, then geotile 10 always on the second tile's exit arrow
    and only the entry corridor.
    """
    deck = dice.shuffled([n for n in TILE_NUMBERS])
    first, second = [n for n in deck if n != CONTROL_ROOM][:2]
    drew_ten = deck.index(CONTROL_ROOM) < max(deck.index(first), deck.index(second))
    one = Placement(first, dice.index(4), (0, 0))
    entry_side, exit_side = one.geotile.entry_arrow, None
    assert entry_side is not None
    entry: Port = (one.slot, entry_side)
    options = [
        o
        for o in legal_placements([one], second, keep_free=[entry])
        if neighbour(o.slot, o.geotile.exit_arrow) != one.slot  # type: ignore[arg-type]
    ]
    two = options[dice.index(len(options))]
    exit_side = two.geotile.exit_arrow
    assert exit_side is not None
    exit_: Port = (two.slot, exit_side)
    placed = [one, two]
    if board_number >= 10:
        target = neighbour(*exit_)
        for strict in (True, False):
            fits = [
                o
                for o in legal_placements(placed, CONTROL_ROOM, strict=strict, keep_free=[entry])
                if o.slot == target
            ]
            if fits:
                placed.append(fits[dice.index(len(fits))])
                break
        corridors = [Corridor(entry)]
    else:
        if drew_ten:
            for strict in (True, False):
                fits = legal_placements(placed, CONTROL_ROOM, strict=strict, keep_free=[entry, exit_])
                if fits:
                    placed.append(fits[dice.index(len(fits))])
                    break
        corridors = [Corridor(entry), Corridor(exit_, deploy=False)]
    return compose(placed, corridors, name=f"Cloud Runner board {board_number}")
