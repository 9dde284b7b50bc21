"""Defend Perimeter's Marine deployment (DW-SC3; in the campaign DW-CMP-11, A-45).

"Corridors placed as usual, but Marines deploy anywhere. He picks 4 entry areas pre-secured."
The step (`AgDeploy`, a Marine choice) comes after the force stands in the deployment corridors
(the standard squads, the Force List force or the campaign's squads, each squad whole, leader in
front) and before turn 1. The Marine player moves any Marine, as often as he likes, to a square of
his choice with a facing (`Deploy`), picks the 4 entry areas secured before play (`PickPerimeter`;
until he does, the 4 nearest the corridors are the pick), and ends the step (`EndDeployment`);
`EndDeployment(corridors=True)` puts every Marine back in the corridors first: the shortcut that
skips the step. Every placement is an event the Genestealer player sees (Marines are public).

Readings:
- "Anywhere" is any floor square of the board: not a wall or off the board, not a door square
  (a door counter, open or closed, bulkheads too), not a square whose feature bars standing on it
  (crate, cryogenic tank, pit, ladder, chute; rubble is floor), not a square another model holds.
  The lurking spaces are off the board, so no Marine can stand in one. The deployment corridors
  are floor: a Marine may stay in them.
- Not on the entry square of an area that is not secured, nor on a square touching it (the 8
  around it). Why a player of the physical game expects it: the entry area's first square is where
  the Genestealers' models come onto the board; a Terminator on it, or beside it with his gun on
  it, is exactly what securing an area means (DW-SEC-2, A-23: a Marine adjacent to the empty
  entry square, seeing it), and DW-SC3 says "no further securing": the 4 pre-secured areas are the
  whole of the Marine's perimeter. Standing on the area would also shut it for good, and a game
  whose Genestealers can never come on could never end (A-35: the Marine wins once the total is
  spent). Beside a pre-secured area's entry square a Marine may stand: that area is shut anyway.
  Two squares away he may stand too, even facing it on overwatch: the Genestealers can still come
  on there (forced to lurk a turn, SHB-10.4), which is the battle the scenario is about.
- The 4 areas: any 4 different entry areas the Genestealers may use (fewer than 4: all of them),
  as often as he likes during the step; a pick that would leave a Marine standing at an area no
  longer secured is refused (move him first). In the campaign the 4 areas whose securing won
  Establish Perimeter replace the pick (DW-CMP-11, A-45): `PickPerimeter` is refused, but he
  still deploys anywhere.
- Legal actions are a cheap sample, not every square x facing: ending the step (as placed, or
  back in the corridors), a few 4-area picks, and one guard post per Marine still in a corridor
  (`guard_posts`: on each open area's shortest way to the corridors, 2 squares in from its entry
  square and further back in turn, facing the area). `decide` takes any square the rules allow;
  the presenter offers a form with a typed cell and facing, and `/order` reads `M1 deploy D7 N`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action

from .actions import Deploy, EndDeployment, PickPerimeter
from .board import Facing, Square
from .board.board import chebyshev
from .corridors import place_squads
from .events import Deployed, DeploymentEnded, PerimeterPicked
from .messages import Problem, problem, refuse
from .missions import MarineSpec, Mission
from .state import AgDeploy, Piece, SpaceHulkState
from .tape import Tape

PERIMETER = 4  # DW-SC3
FLOOR_FEATURES = (None, "rubble")  # rubble is floor (DW-RUB-1); the others bar standing there
POST_DEPTH = 2  # the first guard post: 2 squares in from an open entry square


def step_for(mission: Mission, brief: Mapping[str, Any] | Any | None) -> AgDeploy | None:
    """The deployment step of a Defend Perimeter mission (DW-SC3); no pick when a campaign carries
    the 4 areas from Establish Perimeter (DW-CMP-11, A-45)."""
    if mission.scenario != "defend_perimeter":
        return None
    if brief is None:
        return AgDeploy()
    secured = brief.get("secured") if isinstance(brief, Mapping) else getattr(brief, "secured", ())
    return AgDeploy(pick=not secured)


def open_entries(state: SpaceHulkState) -> dict[str, Square]:
    """The entry areas the Genestealers may use that are not secured, and their entry squares."""
    board = state.board
    return {a: board.entries[a].square for a in state.mission.usable_areas() if a not in state.secured}


def square_problem(state: SpaceHulkState, model: str, square: Square) -> Problem | None:
    """Why Marine `model` may not deploy on `square` (see the readings), or None."""
    board = state.board
    x, y, z = square
    if not (0 <= x < board.width and 0 <= y < board.height and 0 <= z < board.levels):
        return problem("deploy.off_board", square=square)
    cell = board.cells.get(square)
    if cell is None:
        return problem("deploy.wall", square=square)
    if square in board.door_index:
        return problem("deploy.door", square=square)
    if cell.feature not in FLOOR_FEATURES:
        return problem("deploy.feature", square=square)
    holder = state.occupancy().get(square)
    if holder is not None and holder != model:
        return problem("deploy.occupied", square=square, other=_name(state.pieces[holder]))
    for area, entry in open_entries(state).items():
        if chebyshev(entry, square) <= 1:
            return problem("deploy.entry", square=square, area=area)
    return None


def _name(p: Piece) -> str:
    return p.name or p.id.upper()


def _step(tape: Tape) -> AgDeploy:
    top = tape.state.top()
    if not isinstance(top, AgDeploy):
        raise refuse("deploy.none")
    return top


def deploy(tape: Tape, action: Deploy) -> None:
    """DW-SC3: one Marine on a square of the player's choice, with a facing."""
    _step(tape)
    p = tape.state.pieces.get(action.model)
    if p is None or p.kind != "marine":
        raise refuse("deploy.not_marine", model=action.model.upper())
    square: Square = (action.square[0], action.square[1], action.square[2])
    found = square_problem(tape.state, p.id, square)
    if found is not None:
        raise found.reject()
    tape.emit(Deployed(model=p.id, square=square, facing=action.facing))


def pick(tape: Tape, action: PickPerimeter) -> None:
    """DW-SC3: the 4 entry areas secured before play (refused in the campaign: DW-CMP-11, A-45)."""
    if not _step(tape).pick:
        raise refuse("deploy.carried")
    s = tape.state
    usable = s.mission.usable_areas()
    by_name = {a.lower(): a for a in usable}
    areas: list[str] = []
    for given in action.areas:
        area = by_name.get(given.lower())
        if area is None:
            raise refuse("deploy.unknown_area", area=given)
        areas.append(area)
    count = min(PERIMETER, len(usable))
    if len(set(areas)) != len(areas) or len(areas) != count:
        raise refuse("deploy.areas", count=count, given=len(action.areas))
    board = s.board
    for p in sorted(s.marines(), key=lambda p: p.number):
        for area in usable:
            if area not in areas and p.pos is not None and chebyshev(board.entries[area].square, p.pos) <= 1:
                raise refuse("deploy.pick_blocked", model=_name(p), area=area)
    tape.emit(PerimeterPicked(areas=tuple(a for a in usable if a in areas)))


def end(tape: Tape, action: EndDeployment) -> None:
    """The deployment is over; with `corridors`, every Marine first goes back to the corridors."""
    _step(tape)
    if action.corridors:
        s = tape.state
        for pid, (square, facing) in home(s).items():
            p = s.pieces[pid]
            if p.pos != square or p.facing != facing:
                tape.emit(Deployed(model=pid, square=square, facing=facing))  # type: ignore[arg-type]
    tape.pop()
    tape.emit(DeploymentEnded(corridors=action.corridors))


def home(state: SpaceHulkState) -> dict[str, tuple[Square, str]]:
    """Where each Marine stands in the deployment corridors: each squad whole, leader in front
    (DW-GEN-6, the placement every generated mission starts from)."""
    marines = sorted(state.marines(), key=lambda p: p.number)
    specs = [MarineSpec(name=p.id, squad=p.squad, sergeant=p.sergeant, captain=p.captain) for p in marines]
    placed = place_squads(specs, state.mission.marine_corridors)
    if placed is None:  # never: the force was placed so before the step
        return {p.id: (p.pos, p.facing or "N") for p in marines if p.pos is not None}
    return {m.name: (m.square, m.facing or "N") for m in placed if m.square is not None}


# --- the legal-action sample ---------------------------------------------------------------------


def legal(state: SpaceHulkState, top: AgDeploy) -> list[Action]:
    """A cheap sample (see the readings): the two ways to end, a few picks, one post per Marine
    still in a corridor. Ending as placed comes first: a prompt's deadline takes the first answer
    (the asynchronous pace), and it keeps what the player placed (with nothing placed, it is the
    shortcut's corridors)."""
    out: list[Action] = [EndDeployment(), EndDeployment(corridors=True)]
    if top.pick:
        out += [PickPerimeter(areas=areas) for areas in _picks(state)]
    corridor = {sq for run in state.mission.marine_corridors for sq in run}
    waiting = [p for p in sorted(state.marines(), key=lambda p: p.number) if p.pos in corridor]
    if waiting:
        taken = set(state.occupancy())
        posts = [(sq, f) for sq, f in guard_posts(state, len(waiting) + len(taken)) if sq not in taken]
        out += [Deploy(model=p.id, square=sq, facing=f) for p, (sq, f) in zip(waiting, posts, strict=False)]
    return out


def _picks(state: SpaceHulkState) -> list[tuple[str, ...]]:
    """The pre-secured areas now, the 4 nearest the corridors, the first 4 and the last 4."""
    usable = state.mission.usable_areas()
    count = min(PERIMETER, len(usable))
    candidates = [
        tuple(a for a in usable if a in state.secured),
        tuple(a for a in usable if a in state.mission.secured_start),
        usable[:count],
        usable[len(usable) - count :],
    ]
    board = state.board
    marines = [p.pos for p in state.marines() if p.pos is not None]
    out: list[tuple[str, ...]] = []
    for areas in candidates:
        if len(areas) != count or areas in out:
            continue
        blocked = any(
            chebyshev(board.entries[a].square, sq) <= 1 for a in usable if a not in areas for sq in marines
        )
        if not blocked:
            out.append(areas)
    return out


def guard_posts(state: SpaceHulkState, count: int) -> list[tuple[Square, Facing]]:
    """Up to `count` squares where a Marine may deploy to hold an open entry area: on each area's
    shortest way to the deployment corridors, `POST_DEPTH` squares in from its entry square, then
    one further back, area after area in turn; each faces back toward the area."""
    board = state.board
    far = 10**6
    dist: dict[Square, int] = {}
    for run in state.mission.marine_corridors:
        for sq, d in board.walk_distances(run[0], far).items():
            if d < dist.get(sq, far):
                dist[sq] = d
    routes: list[list[Square]] = []
    for entry in open_entries(state).values():
        route = [entry]
        while dist.get(route[-1], 0) > 0 and len(route) < 200:
            here = dist[route[-1]]
            steps = [nxt for _d, nxt in board.neighbours(route[-1]) if dist.get(nxt, far) == here - 1]
            if not steps:
                break
            route.append(
                min(steps, key=lambda sq: (abs(sq[0] - route[-1][0]) + abs(sq[1] - route[-1][1]), sq))
            )
        routes.append(route)
    posts: list[tuple[Square, Facing]] = []
    seen: set[Square] = set()
    holders = state.occupancy()
    depth = POST_DEPTH
    while len(posts) < count and any(depth < len(r) for r in routes):
        for route in routes:
            if depth >= len(route) or len(posts) >= count:
                continue
            sq = route[depth]
            # a square a model holds may still be a post: that model may move off it
            if sq in seen or square_problem(state, holders.get(sq, ""), sq) is not None:
                continue
            seen.add(sq)
            posts.append((sq, _toward(sq, route[depth - 1])))
        depth += 1
    return posts


def _toward(sq: Square, target: Square) -> Facing:
    dx, dy = target[0] - sq[0], target[1] - sq[1]
    if abs(dx) >= abs(dy):
        return "E" if dx > 0 else "W"
    return "S" if dy > 0 else "N"
