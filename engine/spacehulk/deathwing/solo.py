"""The automated Genestealer player of the Deathwing solo rules (deathwing.md §2.7: DW-SOLO-1 .. DW-SOLO-10,
A-30, A-31, A-47), for any mission: with the table option `solo=true` the engine itself plays the
Genestealer side and one person plays the Marines.

`rules._settle` calls `act` whenever the Genestealer side must choose (its action phase, or a prompt it
answers: reinforcements, facings, placements, scuttles); `act` returns the action, which goes through
the same `decide` path as a player's (so overwatch, interrupts and every check apply), after writing
its decision and the reason as a `SoloDecided` event. Everything is deterministic from the game's
seeded dice: ties use `tape.dice`.

How it plays (the book's order):
- Reinforcements (DW-SOLO-2 .. DW-SOLO-4, A-47): the turn's blips are drawn at random, one per
  unsecured entry area, nearest area to a Marine first; blips beyond the areas are lost; they never
  lurk; then all flip together in placement order (figures beyond the model cap are lost, not kills)
  and their Genestealers wait in the area's lurking space, entering by the movement rules below.
- Ambush (DW-SOLO-5 .. DW-SOLO-7, A-30), where the table plays with ambush markers: a D6 before turn 1
  gives the first draw's turn (a mission that fixes the turns, `Mission.ambush_turns`, rolls no D6:
  the draws come at the start of those turns, DW-SOLO-7); at the start of that turn, before the Marine command phase, one result
  is drawn: a Genestealer goes on a random empty square exactly 6 squares by the shortest route from
  the nearest Marine that no Marine sees (none: it is lost); any other result costs that command phase
  1 CP (not below 0); that turn's reinforcements bring one blip fewer; a new D6 schedules the next.
- Movement (DW-SOLO-8 .. DW-SOLO-10, A-31): when the action phase begins, the Genestealers are ordered
  nearest to a Marine first (least AP; ties at random; Cloud Runner's leader last, DW-CR-8) and
  those a Marine sees are noted. Each in turn: if it can end adjacent to and facing a Marine with 1 AP
  left, it takes the least-AP route there and spends all its AP attacking; otherwise, if a Marine saw
  it as the turn began, or (still lurking) a Marine sees its entry square, it advances on the nearest
  Marine all the same; otherwise it moves only through squares no Marine sees (opening a door that
  would show it counts as being seen) to the one nearest a Marine, and stops there.

Readings:
- Least AP (A-31) counts moves (forward, diagonal and side steps 1, back steps 2), turns (90 degrees
  free, 180 degrees 1: SHB-4.4), doors (1 to open), rubble (+1), ladders (2), pits (3 up, 1 down).
  Models are obstacles for the moves this Genestealer can make this turn; beyond its reach the route
  is measured around the Marines and walls as they stand, ignoring the other Genestealers, which move
  one by one before and after it (an exact search over every model for every step would cost the
  whole turn's time budget).
- "Nearest to a Marine" = least AP to a square from which it attacks a Marine (orthogonally next to
  him, or directly under or over him through a pit or ladder hole, DW-LVL-1); a lurking Genestealer
  counts its entry square plus 1 AP.
- DW-LVL-1: "can attack" (A-31) counts the square under or over a Marine as an attack position that
  needs no facing (the attack goes through the hole); once there it attacks through the hole. A square
  beside him and one through a hole at the same AP are equal route ties (seeded dice); standing next to
  him and facing him is checked first.
- The book's "your choice" ties (which of equally near areas gets a blip, which of equally near
  Genestealers moves first; DW-SOLO-2, T-9, DW-SOLO-8) are asked of the solo player, who plays the
  Marine seat (deathwing.md §5): the engine pushes a `solo_tie` prompt (`AgSoloTie`) naming the tied
  entry areas or Genestealers (ids as on the hulk image) and waits, untimed (DW-SOLO-1); he answers
  with `BreakTie(pick=...)`, or `BreakTie()` to let the seeded dice choose, which is what his
  standing order "ties: random" answers for him, and the Marine AI pilot too. The answers are kept
  in `state.solo.picks` (for the decision `tie_key` names) until the decision is made; each is
  logged with its reason (`tie_area`, `tie_mover`: who chose, among which, at what distance).
  Only ties whose answer changes the game are asked: areas of a group that all get a blip take them
  in the dice's order (T-9's "in any order"), unless the Genestealer models may run short before the
  group's blips are all flipped (DW-SOLO-4: the surplus is lost in placement order, so the order
  decides which area's figures come): then the order is asked, one pick at a time until one area is
  left. Reading: the blips are face down when placed, so "may run short" is judged on the counters
  that could still be drawn: the group's order is asked when the models left are fewer than the
  largest figures the blips up to and including the group could bring, and more than the smallest
  figures the blips placed before it could bring (else the group gets them all, or none, whatever
  the order). The question is also asked one pick at a time while the group is larger than the
  blips left for it; areas that no route joins to a Marine are not "near" him, so their tie goes to
  the dice. Among movers, those no route brings to a Marine
  (they stay) are never asked about, and Genestealers waiting in the same entry area are
  interchangeable (the lowest number stands for them); "which moves first?" is asked one pick at a
  time until one place is left in the group, the rest of the order being the dice's. Route ties
  (A-31) and equal placement squares (A-30) stay with the seeded dice, as the section says.
- Choices the Genestealer player makes in prompts: a new Genestealer faces its first step toward the
  nearest Marine; a Genestealer attacked from the side or rear turns to face its attacker; scuttling
  and thrown fallers take the free square nearest a Marine; placements of a converted blip nearest a
  Marine first.
- DW-SOLO-1: solo play is untimed (the option turns the timer off) and has no bids.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import Any

from engine.core import Action, Rejected

from .. import blips
from ..actions import Assault, Climb, Door, EndTurn, Jump, Move, Pass, PlaceStealer, SetFacing, Shift, Turn
from ..board import FACINGS, VECTORS, Square, add, square_name
from ..board.los import clear, in_vision_arc
from ..events import BlipPlaced, ReinforcementsLost, StealerPlaced
from ..legal import choice_actions
from ..messages import refuse
from ..queries import Queries
from ..state import AgFaceAttacker, AgFacing, AgPlace, AgReinforce, AgShift, Piece, chooser_of
from ..tape import Tape
from .solo_model import AgSoloTie, SoloAmbushDrawn, SoloAmbushRolled, SoloDecided, SoloPlanned, SoloTieBroken

FAR = 1 << 20
AMBUSH_DISTANCE = 6  # DW-SOLO-6
TURN_LEFT = {"N": "W", "W": "S", "S": "E", "E": "N"}
TURN_RIGHT = {v: k for k, v in TURN_LEFT.items()}
BEHIND = {"N": "S", "S": "N", "E": "W", "W": "E"}


def on(state: Any) -> bool:
    """The engine plays the Genestealers in this game."""
    return bool(state.options.variants.solo)


# --- the route field ------------------------------------------------------------------------------


def attack_squares(q: Queries) -> dict[Square, str]:
    """Squares from which a Genestealer attacks a Marine: orthogonally next to him, facing him (SHB-8.9),
    or directly under or over him through a pit or ladder hole, any facing (DW-LVL-1)."""
    out: dict[Square, str] = {}
    cells = q.board.cells
    holes = q.board.has_holes
    for m in sorted(q.marines(), key=lambda p: p.number):
        assert m.pos is not None
        around = [add(m.pos, d) for d in ((0, -1), (1, 0), (0, 1), (-1, 0))]
        if holes:
            around += [sq for sq, _way in _through_holes(q, m.pos)]
        for sq in around:
            if sq in cells and sq not in q.blocks_move and not _fixed_door(q, sq) and sq not in out:
                out[sq] = m.id
    return out


def _through_holes(q: Queries, at: Square) -> list[tuple[Square, str]]:
    """The squares directly above and below `at` joined to it by a pit or ladder hole, with the way a
    Genestealer there attacks a model on `at` (DW-LVL-1: "up" from below, "down" from above)."""
    x, y, z = at
    out = []
    above, below = (x, y, z - 1), (x, y, z + 1)
    if q.board.hole(above):
        out.append((above, "down"))
    if q.board.hole(at):
        out.append((below, "up"))
    return out


def _marine_through(q: Queries, sq: Square) -> tuple[str, str] | None:
    """(way, Marine) for a Marine directly above or below sq through a hole (DW-LVL-1); None if none."""
    if not q.board.has_holes:
        return None
    for other, way in _through_holes(q, sq):
        target = q.occ.get(other)
        if target is not None and q.state.pieces[target].kind == "marine":
            return ("up" if way == "down" else "down"), target  # the way seen from sq, not from `other`
    return None


def _fixed_door(q: Queries, sq: Square) -> bool:
    i = q.board.door_index.get(sq)
    return i is not None and q.board.doors[i].fixed is not None and q.state.doors[i] == "closed"


def field(q: Queries) -> dict[Square, int]:
    """Least AP from every square to an attack square (A-31), Marines and walls as obstacles, the other
    Genestealers ignored (they move one by one). A reverse Dijkstra with small integer costs, cached on
    the board by what it depends on (the Marines' squares, the doors, the flames, wrecked features)."""
    key = _field_key(q)
    cache: dict[Any, dict[Square, int]] = q.board.__dict__.setdefault("_solo_fields", {})
    hit = cache.get(key)
    if hit is not None:
        return hit
    marines = {m.pos for m in q.marines()}
    board = q.board
    cells = board.cells
    blocks = q.blocks_move
    closed = q.closed
    burning = q.burning
    rubble = _rubble(q)
    fixed = {d.square for d, st in zip(board.doors, q.state.doors, strict=True) if d.fixed and st == "closed"}
    banned = marines | blocks | fixed
    walled = banned | fixed  # squares a diagonal may not squeeze past (with the walls)
    holes = board.has_holes
    dist: dict[Square, int] = {}
    heap: list[tuple[int, Square]] = []
    for sq in attack_squares(q):
        if sq not in marines and sq not in burning:
            dist[sq] = 0
            heap.append((0, sq))
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, u = pop(heap)
        if d > dist[u]:
            continue
        nd = d + 1 + (1 if u in closed else 0) + (1 if u in rubble else 0)
        ux, uy, uz = u
        for delta, v in board.neighbours(u):
            if v in banned:
                continue
            if delta[0] and delta[1]:  # the move is v -> u: the squares beside that diagonal
                a, b = (ux, uy + delta[1], uz), (ux + delta[0], uy, uz)
                if a in closed or b in closed:
                    continue
                if (a not in cells or a in walled) and (b not in cells or b in walled):
                    continue
            if nd < dist.get(v, FAR):
                dist[v] = nd
                push(heap, (nd, v))
        if holes:
            for v, cost in _level_links(q, u):
                if v not in marines and d + cost < dist.get(v, FAR):
                    dist[v] = d + cost
                    push(heap, (d + cost, v))
    if len(cache) >= 16:
        cache.pop(next(iter(cache)))  # a few boards' worth: the oldest goes (a pure cache, like los_cache)
    cache[key] = dist
    return dist


def _field_key(q: Queries) -> tuple[Any, ...]:
    return (
        tuple(sorted(m.pos for m in q.marines() if m.pos is not None)),
        tuple(q.state.doors),
        tuple(q.state.burning),
        tuple(q.state.wrecked),
    )


def _level_links(q: Queries, u: Square) -> Iterable[tuple[Square, int]]:
    """Squares v on another level from which a model reaches u, and the AP (DW-LAD-3, DW-PIT-10)."""
    if not q.board.has_holes:
        return ()
    out = []
    end = q.ladder_end(u)
    if end is not None:
        out.append((end, 2))  # climb the ladder either way
    above = (u[0], u[1], u[2] - 1)
    if q.is_pit(above):
        out.append((above, 1))  # jump down from above
    below = (u[0], u[1], u[2] + 1)
    if q.is_pit(u) and below in q.board.cells and q.ladder_end(u) is None:
        out.append((below, 3))  # climb up through the pit
    return out


def distance(q: Queries, g: Piece) -> int:
    """How near a Genestealer is to a Marine in AP (DW-SOLO-8): lurking ones count their entry square + 1."""
    f = field(q)
    if g.pos is not None:
        return f.get(g.pos, FAR)
    if g.area is None or g.area not in q.board.entries:
        return FAR
    return f.get(q.board.entries[g.area].square, FAR - 1) + 1


# --- the local search ------------------------------------------------------------------------------

# --- this activation's route ---------------------------------------------------------------------


class Plan:
    """A Genestealer's route this activation: the actions, where each leaves it (square, facing; None:
    not checked), why, and whether it ends facing a Marine to attack."""

    def __init__(
        self,
        actions: list[Action],
        states: list[tuple[Square, str | None]],
        reason: str,
        params: dict[str, Any],
        attack: bool,
    ) -> None:
        self.actions, self.states, self.reason, self.params, self.attack = (
            actions,
            states,
            reason,
            params,
            attack,
        )


Reach = dict[Square, tuple[int, Square | None, str]]  # square -> (AP, previous square, step kind)
LURK: Square = (-1, -1, -1)  # the lurking space, as the start of a search


def search(q: Queries, g: Piece, *, hide: bool) -> Reach:
    """Every square this Genestealer reaches with its AP, the least AP (A-31) and the step that led there.

    Every step costs 1 AP (+1 rubble, +1 to open a closed door): with 90-degree turns free (SHB-4.4)
    a Genestealer faces any step's way first, so facings are settled afterwards by `_actions`, which
    prices the route exactly. `hide`: only through squares no Marine sees, opening no door that shows
    it (DW-SOLO-9, A-31)."""
    ap = g.ap
    occ = q.occ
    board = q.board
    blocks = q.blocks_move
    closed = q.closed
    burning = q.burning
    rubble = _rubble(q)
    memo: dict[tuple[Square, Square | None], bool] = {}
    blockers = q.blockers - {g.pos} if g.pos is not None else q.blockers
    arc = q.opt.vision_arc
    eyes = [m for m in q.marines() if not m.prone]

    def seen(sq: Square, door: Square | None = None) -> bool:
        """A Marine would see the Genestealer on sq (with `door` open): SHB-6.2, SHB-6.4, A-14."""
        key = (sq, door)
        hit = memo.get(key)
        if hit is None:
            view = blockers - {door} if door is not None else blockers
            hit = False
            for m in eyes:
                pos = m.pos
                assert pos is not None and m.facing is not None
                if pos[2] != sq[2]:
                    hit = q.sees(m, sq, view)  # through a hole (DW-LOS-1 .. DW-LOS-4)
                elif in_vision_arc(m.facing, pos, sq, arc):
                    hit = clear(board, pos, sq, view)
                if hit:
                    break
            memo[key] = hit
        return hit

    best: Reach = {}
    heap: list[tuple[int, Square]] = []
    if g.pos is None:
        assert g.area is not None
        entry = board.entries[g.area].square
        if q.state.turn <= g.lurk_until or entry in occ or entry in closed or entry in burning:
            return best
        if hide and seen(entry):
            return best
        best[entry] = (1 + (1 if entry in rubble else 0), None, "enter")
        heap.append((best[entry][0], entry))
    else:
        best[g.pos] = (0, None, "start")
        heap.append((0, g.pos))
    squeeze = q.opt.diagonal_squeeze
    while heap:
        cost, sq = heapq.heappop(heap)
        if best[sq][0] < cost or cost >= ap:
            continue
        inside = sq in burning
        for d, to in board.neighbours(sq):
            if to in occ or to in blocks or (to in burning and not inside):
                continue
            door = to in closed
            nc = cost + (2 if to in rubble else 1) + (1 if door else 0)
            if nc > ap or nc >= best.get(to, (FAR,))[0]:
                continue  # before the sight checks: they are the dear part
            if d[0] and d[1]:
                a, b = (sq[0] + d[0], sq[1], sq[2]), (sq[0], sq[1] + d[1], sq[2])
                if a in closed or b in closed:
                    continue
                if (
                    squeeze
                    and (a not in board.cells or a in occ or a in blocks)
                    and (b not in board.cells or b in occ or b in blocks)
                ):
                    continue
            kind = "move"
            if door:
                if _fixed_door(q, to) or (hide and (seen(sq, to) or seen(to, to))):
                    continue
                kind = "door"
            elif hide and seen(to):
                continue
            best[to] = (nc, sq, kind)
            heapq.heappush(heap, (nc, to))
        if board.has_holes:
            for to, price, kind in _climbs(q, g, sq):
                if to in occ or (hide and seen(to)):
                    continue
                nc = cost + price
                if nc <= ap and nc < best.get(to, (FAR,))[0]:
                    best[to] = (nc, sq, kind)
                    heapq.heappush(heap, (nc, to))
    return best


def _rubble(q: Queries) -> frozenset[Square]:
    if not q.deathwing:
        return frozenset()
    cached = q.__dict__.get("_solo_rubble")
    if cached is None:
        cached = frozenset(sq for sq in q.board.cells if q.feature(sq) == "rubble")
        q.__dict__["_solo_rubble"] = cached
    return cached  # type: ignore[no-any-return]


def _climbs(q: Queries, g: Piece, sq: Square) -> list[tuple[Square, int, str]]:
    """Ladders (2 AP), up a pit (3 AP), down a hole (1 AP): DW-LAD-3, DW-PIT-10."""
    out = []
    end = q.ladder_end(sq)
    above = (sq[0], sq[1], sq[2] - 1)
    if end is not None:
        out.append((end, 2, "climb"))
    elif q.is_pit(above):
        out.append((above, 3, "climb"))
    if q.board.hole(sq) and q.jump_problem(g, sq) is None:
        x, y, z = sq
        below = (x, y, z + 1)
        while q.is_pit(below):
            below = (x, y, below[2] + 1)
        out.append((below, 1, "jump"))
    return out


def _path(best: Reach, end: Square) -> list[tuple[str, Square]]:
    steps: list[tuple[str, Square]] = []
    cur: Square | None = end
    while cur is not None:
        _cost, prev, kind = best[cur]
        if kind == "start":
            break
        steps.append((kind, cur))
        cur = prev
    steps.reverse()
    return steps


def _way(frm: Square, to: Square) -> tuple[int, int]:
    return (to[0] - frm[0], to[1] - frm[1])


def _forward(facing: str, d: tuple[int, int]) -> int:
    fx, fy = VECTORS[facing]
    return d[0] * fx + d[1] * fy


def _face_for(
    d: tuple[int, int], facing: str, free: str | None, door: bool, then: str | None
) -> tuple[str, int, str | None]:
    """The facing to take before a step of direction d (no back step; a door in the front three), the AP
    of the turn (90 degrees free unless the same way as the last free turn, SHB-4.4; 180 is 1 AP) and the
    free-turn record after it. `then`: a facing worth ending in (the next step's, the attack's)."""
    need = 1 if door else 0
    if _forward(facing, d) >= need:
        return facing, 0, free
    options = []
    for turn, to in (("left", TURN_LEFT[facing]), ("right", TURN_RIGHT[facing])):
        if _forward(to, d) >= need:
            cost = 1 if free == turn else 0
            options.append((cost, 0 if to == then else 1, to, turn if cost == 0 else None))
    if options:
        cost, _pref, to, record = min(options)
        return to, cost, record
    return BEHIND[facing], 1, None  # a door straight behind: 180 degrees


def _actions(
    q: Queries, g: Piece, steps: list[tuple[str, Square]], face: str | None
) -> tuple[list[Action], list[tuple[Square, str | None]], int]:
    """The engine actions of a route, the (square, facing) each leaves it in, and their exact AP.
    `face`: the facing to end in (toward the Marine to attack)."""
    out: list[Action] = []
    states: list[tuple[Square, str | None]] = []
    total = 0
    rubble = _rubble(q)
    cur = g.pos
    facing: str | None = g.facing
    free: str | None = g.free_turn
    for i, (kind, sq) in enumerate(steps):
        nxt = steps[i + 1][1] if i + 1 < len(steps) else None
        then = _toward_step(sq, nxt) if nxt is not None and nxt[2] == sq[2] else face
        match kind:
            case "enter":
                facing = then or _toward_step(sq, nxt) or "N"
                if facing is None:
                    facing = "N"
                out.append(Move(model=g.id, to=sq, facing=facing))  # type: ignore[arg-type]
                total += 1 + (1 if sq in rubble else 0)
                free = None
            case "move" | "door":
                assert cur is not None and facing is not None
                d = _way(cur, sq)
                to, cost, free = _face_for(d, facing, free, kind == "door", then)
                if to != facing:
                    out.append(Turn(model=g.id, facing=to))  # type: ignore[arg-type]
                    states.append((cur, to))
                    total += cost
                    facing = to
                if kind == "door":
                    out.append(Door(model=g.id, square=sq))
                    states.append((cur, facing))
                    total += 1
                out.append(Move(model=g.id, to=sq))
                total += (2 if _forward(facing, d) < 0 else 1) + (1 if sq in rubble else 0)
                free = None
            case "climb":
                facing = then or facing or "N"
                out.append(Climb(model=g.id, facing=facing))  # type: ignore[arg-type]
                total += 2 if q.ladder_end(cur) is not None else 3  # type: ignore[arg-type]
                free = None
            case "jump":
                out.append(Jump(model=g.id))
                total += 1
                facing = None  # chosen on landing (DW-PIT-10)
                free = None
        states.append((sq, facing))
        cur = sq
    if face is not None and facing is not None and facing != face:
        if face == BEHIND[facing]:
            cost = 1
        else:
            turn = "left" if TURN_LEFT[facing] == face else "right"
            cost = 1 if free == turn else 0
        out.append(Turn(model=g.id, facing=face))  # type: ignore[arg-type]
        states.append((cur, face))  # type: ignore[arg-type]
        total += cost
    return out, states, total


def _toward_step(frm: Square, to: Square | None) -> str | None:
    """A facing that has `to` ahead or ahead-diagonal (None: no next step)."""
    if to is None:
        return None
    d = _way(frm, to)
    return next((facing for facing in FACINGS if _forward(facing, d) >= 1), None)


def _marine_toward(q: Queries, sq: Square) -> tuple[str, str] | None:
    """(facing, Marine) for a Marine orthogonally next to sq; None if there is none."""
    for facing in FACINGS:
        target = q.occ.get(add(sq, VECTORS[facing]))
        if target is not None and q.state.pieces[target].kind == "marine":
            return facing, target
    return None


def plan(tape: Tape, g: Piece) -> Plan:
    """This Genestealer's decision for the rest of its activation (DW-SOLO-8 .. DW-SOLO-10, A-31)."""
    q: Queries = tape
    f = field(q)
    s = tape.state
    # Can it attack? Least AP to a square next to a Marine, facing him, with 1 AP left. The route
    # field is a lower bound of that AP (it ignores the other Genestealers): far ones skip the search.
    reach: Reach = search(q, g, hide=False) if distance(q, g) + 1 <= g.ap else {}
    found = _attack_route(tape, g, reach)
    if found is not None:
        return found
    seen_start = g.id in s.solo.seen
    entry_seen = g.pos is None and g.area is not None and q.marine_sees(q.board.entries[g.area].square)
    if seen_start or entry_seen:
        reason = "advance_seen" if seen_start else "advance_entry_seen"
        return _closest(tape, g, reach or search(q, g, hide=False), f, reason)
    return _closest(tape, g, search(q, g, hide=True), f, "hide")


def _attack_route(tape: Tape, g: Piece, reach: Reach) -> Plan | None:
    q: Queries = tape
    if g.pos is not None and g.facing is not None:
        ahead = q.occ.get(add(g.pos, VECTORS[g.facing]))
        if ahead is not None and q.state.pieces[ahead].kind == "marine":
            return Plan([], [], "attack", {"model": g.id, "marine": ahead}, True)
    if g.pos is not None:
        through = _marine_through(q, g.pos)
        if through is not None:  # DW-LVL-1: through the hole, whatever its facing
            return Plan(
                [], [], "attack_through", {"model": g.id, "marine": through[1], "way": through[0]}, True
            )
    options = []
    for sq, (cost, _prev, _kind) in reach.items():
        if cost + 1 > g.ap:
            continue
        face: str | None
        found = _marine_toward(q, sq)
        if found is not None:
            face, marine = found
        else:
            through = _marine_through(q, sq)
            if through is None:
                continue
            face, marine = None, through[1]  # DW-LVL-1: under or over him, any facing
        actions, states, exact = _actions(q, g, _path(reach, sq), face)
        if exact + 1 <= g.ap:
            options.append((exact, sq, marine, actions, states))
    if not options:
        return None
    low = min(o[0] for o in options)
    ties = sorted((o for o in options if o[0] == low), key=lambda o: o[1])
    exact, sq, marine, actions, states = ties[tape.dice.index(len(ties))] if len(ties) > 1 else ties[0]
    params = {"model": g.id, "marine": marine, "square": sq, "ap": exact}
    return Plan(actions, states, "route_attack", params, True)


def _closest(tape: Tape, g: Piece, reach: Reach, f: dict[Square, int], reason: str) -> Plan:
    """Go to the reachable square nearest a Marine (then fewest AP; random ties); stop if already there.
    The route is cut where the AP run out (turns the search did not count)."""
    q: Queries = tape
    here = distance(q, g)
    scored = [(f.get(sq, FAR), cost, sq) for sq, (cost, _p, _k) in reach.items()]
    if not scored:
        return Plan([], [], "stop_blocked", {"model": g.id}, False)
    low = min((d, c) for d, c, _ in scored)
    if low[0] >= here:
        return Plan([], [], "stop_" + reason, {"model": g.id, "distance": here}, False)
    ties = sorted(sq for d, c, sq in scored if (d, c) == low)
    end = ties[tape.dice.index(len(ties))] if len(ties) > 1 else ties[0]
    actions, states, exact = _actions(q, g, _path(reach, end), None)
    if exact > g.ap:
        actions, states = _affordable(q, g, actions, states)
    params = {"model": g.id, "square": end, "ap": min(exact, g.ap), "distance": low[0]}
    return Plan(actions, states, reason, params, False)


def _affordable(
    q: Queries, g: Piece, actions: list[Action], states: list[tuple[Square, str | None]]
) -> tuple[list[Action], list[tuple[Square, str | None]]]:
    """The longest prefix of the route that the AP pay for, checked action by action on the engine's costs."""
    ap = g.ap
    probe = g
    keep = 0
    for action, (sq, facing) in zip(actions, states, strict=True):
        match action:
            case Move():
                cost: Any = q.move_cost(probe, action.to, facing=action.facing)
            case Turn():
                found = q.turn_cost(probe, action.facing)
                cost = found[0] if isinstance(found, tuple) else found
            case Door():
                cost = q.door_cost(probe, action.square)
            case _:
                cost = ap + 1
        if not isinstance(cost, int) or cost > ap:
            break
        ap -= cost
        keep += 1
        probe = probe.model_copy(update={"pos": sq, "facing": facing or probe.facing})
    return actions[:keep], states[:keep]


# --- the driver ------------------------------------------------------------------------------------

REASONS = (
    "attack",
    "attack_through",
    "route_attack",
    "advance_seen",
    "advance_entry_seen",
    "hide",
    "stop_hide",
    "stop_advance_seen",
    "stop_advance_entry_seen",
    "stop_blocked",
    "stop_ap",
    "refused",
    "end_turn",
    "facing",
    "face_attacker",
    "place",
    "shift",
    "pass",
    "choose",
    "blip",
    "tie_area",
    "tie_mover",
    "ambush_roll",
    "ambush_stealer",
    "ambush_lost",
    "ambush_echo",
)
"""Every reason the player gives; the catalogs word each as "spacehulk.solo.<reason>"."""


def decided(reason: str, who: str | None = None, stop: bool = False, **params: Any) -> SoloDecided:
    """A logged decision of model `who`: the reason's catalog key and its parameters (squares by name)."""
    assert reason in REASONS, reason
    named = {k: square_name(v) if isinstance(v, tuple) else v for k, v in params.items()}
    return SoloDecided(model=who, reason=f"spacehulk.solo.{reason}", params=named, stop=stop)


def act(tape: Tape) -> Action | None:
    """The Genestealer side's next action (it must act now: its phase, or a prompt it answers); None
    when a tie prompt for the solo player was pushed instead (DW-SOLO-8)."""
    s = tape.state
    top = s.top()
    if top is not None:
        return _answer(tape, top)
    if s.solo.planned != s.turn and not _make_order(tape):
        return None  # DW-SOLO-8: the solo player must break a tie first (the prompt is pushed)
    for gid in s.solo.order:
        g = tape.state.pieces.get(gid)
        if g is None or gid in tape.state.solo.done:
            continue
        if g.activated and tape.state.active != gid:
            continue  # its activation ended (SHB-4.2)
        action = _next_step(tape, g)
        if action is not None:
            return action
    tape.emit(decided("end_turn"))
    return EndTurn()


def play(tape: Tape, dispatch: Any) -> None:
    """Choose the Genestealer side's next action and play it through `decide`'s own dispatch. Should
    the rules refuse a model's move (a case the search did not foresee), that model stops for the turn
    and the refusal is logged, so a solo game never stalls; a refused prompt answer is a bug and raises."""
    action = act(tape)
    if action is None:
        return  # DW-SOLO-8: a tie waits for the solo player
    try:
        dispatch(tape, "genestealer", action)
    except Rejected as refusal:
        model = getattr(action, "model", None)
        if model is None or isinstance(action, SetFacing):
            raise
        tape.emit(decided("refused", model, True, model=model, step=action.kind, why=refusal.message_id))


def _make_order(tape: Tape) -> bool:
    """DW-SOLO-8, DW-SOLO-10, A-30: the movers nearest first (the leader last), and who a Marine sees as
    the turn begins. Equally near Genestealers: the solo player chooses which moves first (a tie prompt
    is pushed and False returned until every such choice is answered); the rest of the order among
    them is the seeded dice's."""
    s = tape.state
    movers = [p for p in s.pieces.values() if p.kind == "genestealer"]
    near = {p.id: (p.leader, distance(tape, p)) for p in movers}
    key = f"mover-{s.turn}-{s.next_id}"
    picks = s.solo.picks if s.solo.tie_key == key else ()
    tie = _mover_tie(movers, near, picks)
    if tie is not None:
        group, far = tie
        tape.push(AgSoloTie(tie="mover", candidates=group, distance=far, key=key))
        return False
    shuffled = tape.dice.shuffled(sorted(movers, key=lambda p: p.number)) if len(movers) > 1 else movers
    ordered = sorted(shuffled, key=lambda p: (near[p.id], picks.index(p.id) if p.id in picks else len(picks)))
    seen = tuple(p.id for p in ordered if p.pos is not None and tape.marine_sees(p.pos))
    tape.emit(SoloPlanned(turn=s.turn, order=tuple(p.id for p in ordered), seen=seen))
    return True


def _mover_tie(
    movers: list[Piece], near: dict[str, tuple[bool, int]], picks: tuple[str, ...]
) -> tuple[tuple[str, ...], int] | None:
    """The next "which moves first?" among equally near Genestealers (DW-SOLO-8), or None.

    Reading: only ties whose order can matter are asked: Genestealers that no route brings to a Marine
    (they stay where they are) are not; Genestealers waiting in the same entry area's lurking space are
    interchangeable, so one of them stands for all (the lowest number) and the order among them is the
    dice's. Picks are asked one at a time, nearest group first, until one place is left in the group."""
    for key in sorted(set(near.values())):
        if key[1] >= FAR - 1:
            continue
        group = sorted((p for p in movers if near[p.id] == key and p.id not in picks), key=lambda p: p.number)
        places: dict[Any, str] = {}
        for p in group:
            places.setdefault(p.pos if p.pos is not None else ("area", p.area), p.id)
        if len(places) > 1:
            return tuple(places.values()), key[1]
    return None


def _next_step(tape: Tape, g: Piece) -> Action | None:
    """The next action of this Genestealer, or None once it stops. A plan is made (and logged with its
    reason) when the Genestealer starts, and again whenever the board changes under it (overwatch,
    an interrupt, a death, a door): otherwise it follows the route it chose (ties are drawn once)."""
    plans: dict[str, Any] = tape.__dict__.setdefault("_solo_plans", {})
    cached = plans.get(g.id)
    if cached is not None:
        actions, states, expect, world = cached
        if (
            actions
            and (g.pos, g.facing if expect[1] is not None else None) == expect
            and world == _world(tape, g)
        ):
            plans[g.id] = (actions[1:], states[1:], states[0], _world(tape, g, ahead=actions[0]))
            return actions[0]
    if g.ap <= 0:
        tape.emit(decided("stop_ap", g.id, True, model=g.id))
        return None
    p = plan(tape, g)
    if p.attack and not p.actions:
        tape.emit(decided(p.reason, g.id, **p.params))
        # once adjacent it spends all its AP attacking; DW-LVL-1: through a hole, up or down
        return Assault(model=g.id, vertical=p.params.get("way"))
    if not p.actions:
        tape.emit(decided(p.reason, g.id, True, **p.params))
        return None
    tape.emit(decided(p.reason, g.id, **p.params))
    plans[g.id] = (p.actions[1:], p.states[1:], p.states[0], _world(tape, g, ahead=p.actions[0]))
    return p.actions[0]


def _world(tape: Tape, g: Piece, ahead: Action | None = None) -> tuple[Any, ...]:
    """What a plan depends on besides the mover: every other model's square, facing and overwatch, the
    doors (but the one the next action opens), the flames."""
    s = tape.state
    doors = list(s.doors)
    if isinstance(ahead, Door):
        doors[tape.board.door_index[ahead.square]] = "open"
    return (
        tuple(sorted((p.id, p.pos, p.facing, p.overwatch) for p in s.pieces.values() if p.id != g.id)),
        tuple(doors),
        tuple(s.burning),
    )


def _answer(tape: Tape, top: Any) -> Action:
    """A prompt the Genestealer player answers."""
    q: Queries = tape
    match top:
        case AgFacing(models=models):
            gid = models[0]
            g = tape.state.pieces[gid]
            facing = _toward(tape, g)
            tape.emit(decided("facing", gid, model=gid, facing=facing))
            return SetFacing(model=gid, facing=facing)  # type: ignore[arg-type]
        case AgFaceAttacker(model=model, toward=toward):
            tape.emit(decided("face_attacker", model, model=model, facing=toward))
            return Turn(model=model, facing=toward, use="free")
        case AgPlace(origin=origin, voluntary=voluntary):
            options = q.placement_squares(origin, voluntary)
            f = field(q)
            best = min(options, key=lambda sq: (f.get(sq, FAR), sq))
            tape.emit(decided("place", square=best))
            return PlaceStealer(square=best)
        case AgShift(squares=squares):
            f = field(q)
            best = min(squares, key=lambda sq: (f.get(sq, FAR), sq))
            tape.emit(decided("shift", square=best))
            return Shift(square=best)
    # any other prompt (e.g. a geotile to place): a seeded pick

    offered = choice_actions(q, top)
    if not offered or any(isinstance(x, Pass) for x in offered):
        tape.emit(decided("pass", step=getattr(top, "kind", "")))
        return Pass()
    tape.emit(decided("choose", step=getattr(top, "kind", "")))
    return offered[tape.dice.index(len(offered))] if len(offered) > 1 else offered[0]


def _toward(tape: Tape, g: Piece) -> str:
    """The facing of a new Genestealer: toward its first step on the route to the nearest Marine."""
    f = field(tape)
    assert g.pos is not None
    options = []
    for facing in FACINGS:
        ahead = add(g.pos, VECTORS[facing])
        options.append((f.get(ahead, FAR), facing))
    low = min(d for d, _ in options)
    ties = [facing for d, facing in options if d == low]
    return ties[tape.dice.index(len(ties))] if len(ties) > 1 else ties[0]


def waiting(state: Any) -> bool:
    """The Genestealer side must act now (and the engine plays it)."""
    if not on(state) or state.outcome is not None:
        return False
    top = state.top()
    if top is not None:
        return chooser_of(top) == "genestealer" and not isinstance(top, AgReinforce)
    return state.phase == "stealer"


# --- reinforcements and ambush ---------------------------------------------------------------------


def reinforce(tape: Tape, item: AgReinforce) -> None:
    """DW-SOLO-2 .. DW-SOLO-4, A-47: one blip per unsecured entry area, nearest first; the rest lost;
    never forced to lurk; then all flip together in placement order. Where equally near areas are more
    than the blips left for them, the solo player chooses (T-9): a tie prompt is pushed and the blips
    wait for its answers. Equally near areas that all get a blip take them in the seeded dice's order
    (T-9: "in any order")."""
    s = tape.state
    areas = [a for a in s.mission.usable_areas() if a not in s.secured]
    f = field(tape)
    near = {a: f.get(tape.board.entries[a].square, FAR) for a in areas}
    n = item.remaining
    key = f"area-{s.turn}-{s.next_id}"  # blips placed change next_id: stale picks never apply
    picks = s.solo.picks if s.solo.tie_key == key else ()
    tie = _area_tie(areas, near, min(n, _counters(tape)), picks, _shortage(tape))
    if tie is not None:
        group, slots, distance, short = tie
        tape.push(
            AgSoloTie(tie="area", candidates=group, distance=distance, slots=slots, key=key, short=short)
        )
        return
    tape.pop()
    shuffled = tape.dice.shuffled(sorted(areas)) if len(areas) > 1 else areas
    ordered = sorted(shuffled, key=lambda a: (near[a], picks.index(a) if a in picks else len(picks)))
    placed: list[str] = []
    for area in ordered[:n]:
        if not blips.counters_left(tape):
            break
        value, from_bag = blips._draw(tape)
        model = f"b{tape.state.next_id}"
        tape.emit(
            decided("blip", area=area, distance=near[area]),
            BlipPlaced(
                model=model,
                area=area,
                value=value,
                lurk_until=0,  # DW-SOLO-3: never forced to lurk
                from_bag=from_bag,
                owner=tape.state.seat_of("genestealer"),
            ),
        )
        placed.append(model)
    if n > len(placed):
        tape.emit(ReinforcementsLost(count=n - len(placed)))  # DW-SOLO-3: beyond the areas
    for model in placed:  # DW-SOLO-4: flipped together, figures in placement order
        blip = tape.state.pieces[model]
        blips.convert(tape, blip, voluntary=True)


def _counters(tape: Tape) -> int:
    """How many blips can still be drawn (the bag and the used pile, which refills it; Q8)."""
    if tape.opt.blip_draw == "with_replacement":
        return FAR
    return sum(tape.state.bag.values()) + sum(tape.state.used.values())


def _shortage(tape: Tape) -> Any:
    """Whether the Genestealer models may run short within the blips placed `before` a group and the
    `upto` blips that include it, so that the order of the group's blips decides whose figures are
    lost (DW-SOLO-4, DW-SOLO-2; reading in the module docstring): fewer models left than the largest
    figures `upto` blips could bring, and more than the smallest `before` blips could bring."""
    room = tape.stealer_room()
    if tape.opt.blip_draw == "with_replacement":
        composition = tape.state.mission.blip_bag or tape.opt.blip_bag  # = blips.bag_composition
        cup = sorted(v for v, n in composition.items() for _ in range(n))
        most = [max(cup, default=0)] * len(cup)
        least = [min(cup, default=0)] * len(cup)
    else:
        cup = sorted(
            v for pile in (tape.state.bag, tape.state.used) for v, n in pile.items() for _ in range(n)
        )
        most, least = cup[::-1], cup

    def short(before: int, upto: int) -> bool:
        return room is not None and sum(least[:before]) < room < sum(most[:upto])

    return short


def _area_tie(
    areas: list[str], near: dict[str, int], n: int, picks: tuple[str, ...], short: Any = None
) -> tuple[tuple[str, ...], int, int, bool] | None:
    """The tie still to be answered (DW-SOLO-2, T-9): the equally near areas not yet picked, the blips
    left for that group, its distance and whether it is asked because the models may run short; None when the nearest-first order leaves no choice that
    matters (every area of a group gets a blip and the models cannot run short among them, or none
    gets one; reading: areas that no route joins to a Marine are not "near" him at all, and their tie
    goes to the dice, as the movers' does). `short(before, upto)`: whether the models may run short
    within those blips (`_shortage`); then the order of a group that all get a blip is asked too."""
    taken = 0
    for distance in sorted(set(near.values())):
        group = [a for a in areas if near[a] == distance]
        chosen = [a for a in picks if a in group]
        if taken + len(group) <= n:
            if (
                short is not None
                and len(group) - len(chosen) > 1
                and distance < FAR - 1
                and short(taken, taken + len(group))
            ):
                left = tuple(sorted((a for a in group if a not in chosen), key=_area_order))
                return left, len(left), distance, True  # DW-SOLO-4: the order decides whose figures are lost
            taken += len(group)
            continue
        slots = n - taken
        if slots <= 0 or len(chosen) >= slots or distance >= FAR - 1:
            return None  # no blip left for the group, or the areas no route joins to a Marine: the dice
        left = tuple(sorted((a for a in group if a not in chosen), key=_area_order))
        return left, slots - len(chosen), distance, False
    return None


def _area_order(area: str) -> tuple[int, str]:
    return (int(area), area) if area.isdigit() else (FAR, area)


def break_tie(tape: Tape, top: AgSoloTie, pick: str | None) -> None:
    """The answer to a tie prompt (DW-SOLO-2, DW-SOLO-8): the player's pick, or the seeded dice's when
    he leaves it to them (the "random" standing order, deathwing.md §5). Logged with its reason."""
    by = "player"
    if pick is None:
        pick = top.candidates[tape.dice.index(len(top.candidates))]
        by = "dice"
    elif pick not in top.candidates:
        raise refuse("solo_tie.pick", pick=pick, candidates=", ".join(top.candidates))
    tape.pop()
    if top.tie == "area":
        log = decided("tie_area", area=pick, areas=list(top.candidates), distance=top.distance, by=by)
    else:
        log = decided(
            "tie_mover", pick, model=pick, models=list(top.candidates), distance=top.distance, by=by
        )
    tape.emit(log, SoloTieBroken(key=top.key, pick=pick, by=by))  # type: ignore[arg-type]


def schedule(tape: Tape, after: int) -> None:
    """DW-SOLO-5, DW-SOLO-7: roll the D6 for the next ambush draw."""
    roll = tape.dice.d6()[0]
    turn = after + roll
    tape.emit(
        decided("ambush_roll", roll=roll, turn=turn),
        SoloAmbushRolled(roll=roll, turn=turn),
    )


def ambush_allowed(state: Any) -> bool:
    """The table plays with ambush markers (DW-AMB-1), the mission allows them, and it does not give its
    own (Cloud Runner rolls them on its reinforcement table, DW-CR-9)."""
    return (
        state.options.deathwing
        and state.options.variants.ambush
        and state.mission.ambush_allowed
        and state.mission.scenario != "cloud_runner"
    )


def setup(tape: Tape) -> None:
    """Before turn 1 (DW-SOLO-5); a mission that fixes the ambush turns skips the D6 (DW-SOLO-7)."""
    if ambush_allowed(tape.state) and not tape.state.mission.ambush_turns:
        schedule(tape, 0)


def ambush_due(state: Any) -> bool:
    """An ambush result is drawn at the start of this turn: one the mission fixes (DW-SOLO-7), or the
    one the last D6 scheduled (DW-SOLO-5, DW-SOLO-7)."""
    fixed = state.mission.ambush_turns
    return state.turn in fixed if fixed else state.solo.ambush_turn == state.turn


def turn_start(tape: Tape) -> None:
    """At the start of the turn, before the Marine command phase (A-30): the scheduled ambush draw."""
    s = tape.state
    if not ambush_allowed(s) or not ambush_due(s):
        return
    cup = [r for r, n in sorted(tape.opt.ambush_cup.items()) for _ in range(n)]
    result = tape.dice.choice(cup) if cup else "echo"
    square = _ambush_square(tape) if result == "genestealer" else None
    if result == "genestealer":
        reason = "ambush_stealer" if square is not None else "ambush_lost"
    else:
        reason = "ambush_echo"
    tape.emit(
        decided(reason, None, False, **({"square": square} if square else {})),
        SoloAmbushDrawn(turn=s.turn, result=result, square=square),
    )
    if square is not None and tape.stealer_room() != 0:
        model = f"g{tape.state.next_id}"
        tape.emit(StealerPlaced(model=model, square=square, ap=6, activated=False))
        tape.push(AgFacing(models=(model,), reveal=False))
    if not s.mission.ambush_turns:
        schedule(tape, s.turn)  # DW-SOLO-7: the next draw; a mission that fixes the turns rolls no D6


def _ambush_square(tape: Tape) -> Square | None:
    """DW-SOLO-6, A-30: a random empty square exactly 6 squares by the shortest route from the nearest
    Marine (no Marine nearer), which no Marine sees."""
    board = tape.board
    nearest: dict[Square, int] = {}
    for m in tape.marines():
        assert m.pos is not None
        for sq, d in board.walk_distances(m.pos, AMBUSH_DISTANCE).items():
            nearest[sq] = min(d, nearest.get(sq, d))
    spots = sorted(
        sq
        for sq, d in nearest.items()
        if d == AMBUSH_DISTANCE
        and tape.square_problem(sq, None) is None
        and sq not in board.door_index
        and not tape.marine_sees(sq)
    )
    return spots[tape.dice.index(len(spots))] if spots else None


def blips_due(state: Any, n: int) -> int:
    """DW-SOLO-5: a turn that drew an ambush result brings one blip fewer."""
    return max(0, n - 1) if state.solo.fewer_turn == state.turn and state.turn > 0 else n
