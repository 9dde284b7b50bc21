"""The automated Genestealer player's routes (DW-SOLO-8 .. DW-SOLO-10, A-31, DW-LVL-1): the field of
least AP to a square from which a Genestealer attacks a Marine, the local search of this activation's
moves (models as obstacles, sight), and the plan it follows: attack, advance, or hide.

See deathwing/solo.py for how the player plays and the readings."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import Any

from engine.core import Action

from ..actions import Climb, Door, Jump, Move, Turn
from ..board import FACINGS, VECTORS, Square, add
from ..board.los import clear, in_vision_arc
from ..queries import Queries
from ..state import Piece
from ..tape import Tape

FAR = 1 << 20
TURN_LEFT = {"N": "W", "W": "S", "S": "E", "E": "N"}
TURN_RIGHT = {v: k for k, v in TURN_LEFT.items()}
BEHIND = {"N": "S", "S": "N", "E": "W", "W": "E"}


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
                # DW-PIT-10: the Genestealer player chooses the facing on landing, at no cost: the
                # plan counts on the one toward its next step (or its target). If the landing's
                # choice (`solo_moves._answer`) differs, the state recorded here no longer matches
                # and the route is planned again from where it stands.
                facing = then
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
