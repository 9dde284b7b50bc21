"""Deployment corridors (DW-GEN-3, DW-GEN-6, DW-GEN-7, A-35): squads placed whole in them, leader in
front; corridors grown when the squads do not fit; the entry areas nearest them.

Pure functions of a mission's data (its map, corridors, geotile layout and ports), shared by the
Mission Generator (scenarios.py), the Force List force of a generated mission (setup.py,
force_list.py's sample), Defend Perimeter's deployment (deployment.py) and the campaign's
squads (campaign/missions.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board, Square
from .geotiles import Placement, compose
from .geotiles.layout import DEPLOY_LENGTH, Corridor, corridor_path
from .missions import MarineSpec, Mission


def layout_of(mission: Mission) -> list[Placement]:
    return [Placement(t, r, (x, y)) for t, r, x, y in mission.layout]


def place_squads(
    marines: Sequence[MarineSpec], corridors: Sequence[Sequence[Square]]
) -> tuple[MarineSpec, ...] | None:
    """DW-GEN-6, DW-GEN-7: each squad whole in one deployment corridor, its leader on the square
    nearest the board; None when the squads cannot be placed so. Squads in the order they first appear;
    each goes to the corridor with the most room left (the first on a tie); when that leaves a later
    squad no room, the other corridors are tried in turn (a small search: at most a few squads), so a
    force is refused only when no placement exists. Shared by the Force List force of a generated
    mission (setup.build_force) and the campaign's squads (campaign/missions.py)."""
    squads: dict[str, list[MarineSpec]] = {}
    for man in marines:
        squads.setdefault(man.squad, []).append(man)
    groups = [sorted(men, key=lambda m: not (m.captain or m.sergeant)) for men in squads.values()]
    chosen = _assign([len(g) for g in groups], [len(run) for run in corridors])
    if chosen is None:
        return None
    filled = [0] * len(corridors)
    out: list[MarineSpec] = []
    for men, c in zip(groups, chosen, strict=True):
        run = corridors[c]
        for man in men:
            out.append(
                man.model_copy(update={"square": run[filled[c]], "facing": corridor_facing(run, filled[c])})
            )
            filled[c] += 1
    return tuple(out)


def _squad_sizes(marines: Sequence[MarineSpec]) -> list[int]:
    sizes: dict[str, int] = {}
    for man in marines:
        sizes[man.squad] = sizes.get(man.squad, 0) + 1
    return list(sizes.values())


def extend_corridors(mission: Mission, marines: Sequence[MarineSpec]) -> Mission | None:
    """DW-GEN-7: the mission with its deployment corridors grown until every squad fits whole in one,
    or None when they cannot grow so (boxed in; never seen on our boards) or the board has no geotile
    ports to grow from.

    Both corridors grow one square at a time, straight out from the hulk (straight sections) and,
    where a geotile stands in line, round a corner (our drawing of the imaginary linked corridors,
    `geotiles.layout.corridor_path`); then each keeps only the squares its squads fill, never fewer
    than its 5 (DW-GEN-3). Every other square the mission names moves with the map when the new
    squares push its top-left corner (the board is redrawn before any model stands on it)."""
    if not mission.corridor_ports or not mission.layout or not mission.marine_corridors:
        return None
    placed = layout_of(mission)
    ports = [((slot[0], slot[1]), side) for slot, side in mission.corridor_ports]
    sizes = _squad_sizes(marines)
    start = max(len(run) for run in mission.marine_corridors)
    start = max(start, -(-sum(sizes) // len(ports)))  # no shorter length can hold them all
    for length in range(start, max(start, sum(sizes)) + 1):
        paths: list[tuple[tuple[int, int], ...]] = []
        taken: set[tuple[int, int]] = set()
        for port in ports:
            path = corridor_path(placed, port, length, taken)  # type: ignore[arg-type]
            paths.append(path)
            taken |= set(path)
        chosen = _assign(sizes, [len(p) for p in paths])
        if chosen is not None:
            break
    else:
        return None
    used = [0] * len(paths)
    for size, c in zip(sizes, chosen, strict=True):
        used[c] += size
    paths = [
        p[: max(DEPLOY_LENGTH, n, len(old))]
        for p, n, old in zip(paths, used, mission.marine_corridors, strict=True)
    ]
    name = mission.map_text.split("\n", 1)[0].removeprefix("name: ")
    corridors = [Corridor(port, len(p), path=p) for port, p in zip(ports, paths, strict=True)]  # type: ignore[arg-type]
    built = compose(placed, corridors, name=name)
    old, new = mission.marine_corridors[0][0], built.corridors[0][0]
    dx, dy = new[0] - old[0], new[1] - old[1]

    def moved(squares: Sequence[Square]) -> tuple[Square, ...]:
        return tuple((x + dx, y + dy, z) for x, y, z in squares)

    return mission.model_copy(
        update={
            "map_text": built.map_text,
            "marine_corridors": built.corridors,
            "objective": moved(mission.objective),
            "teleport_squares": None if mission.teleport_squares is None else moved(mission.teleport_squares),
            "cache": moved(mission.cache),
            "marines": tuple(
                m if m.square is None else m.model_copy(update={"square": moved([m.square])[0]})
                for m in mission.marines
            ),
        }
    )


def fits(mission: Mission, marines: Sequence[MarineSpec]) -> bool:
    """Whether the force can deploy on this mission's corridors, grown if need be (DW-GEN-6, DW-GEN-7)."""
    corridors = mission.marine_corridors
    return place_squads(marines, corridors) is not None or extend_corridors(mission, marines) is not None


def _assign(sizes: Sequence[int], room: Sequence[int]) -> list[int] | None:
    """The corridor of each squad (depth first, most room first), or None when none fits them all.
    Rooms already found to fail for the squads left are remembered, so a large force that does not
    fit is refused at once rather than after trying every way (DW-GEN-7 tries many lengths)."""
    failed: set[tuple[int, tuple[int, ...]]] = set()
    left = [sum(sizes[i:]) for i in range(len(sizes) + 1)]

    def go(i: int, rooms: tuple[int, ...]) -> list[int] | None:
        if i == len(sizes):
            return []
        if (i, rooms) in failed or left[i] > sum(rooms):
            return None
        for c in sorted(range(len(rooms)), key=lambda k: (-rooms[k], k)):
            if rooms[c] < sizes[i]:
                continue
            rest = go(i + 1, tuple(r - sizes[i] if k == c else r for k, r in enumerate(rooms)))
            if rest is not None:
                return [c, *rest]
        failed.add((i, rooms))
        return None

    return go(0, tuple(room))


def corridor_facing(run: Sequence[Square], i: int = 0) -> str:
    """Marines in a corridor face the board: toward the square before theirs, nearer the port (a
    corridor may turn a corner, DW-GEN-7); the first square faces as the second does."""
    if len(run) < 2:
        return "N"
    a, b = (run[i - 1], run[i]) if i > 0 else (run[0], run[1])
    dx, dy = a[0] - b[0], a[1] - b[1]
    return {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}[(dx, dy)]


def nearest_areas(
    board: Board, starts: Sequence[Square], areas: Sequence[str], count: int
) -> tuple[str, ...]:
    """The `count` entry areas nearest any of `starts` by the shortest route (A-35); ties in area order."""
    far = 10**9
    best = {a: far for a in areas}
    for start in starts:
        dist = board.walk_distances(start, far)
        for a in areas:
            best[a] = min(best[a], dist.get(board.entries[a].square, far))
    ranked = sorted(areas, key=lambda a: (best[a], list(board.entries).index(a)))
    return tuple(ranked[:count])
