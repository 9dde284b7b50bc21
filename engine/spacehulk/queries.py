"""Read-only rule queries shared by `decide` and `legal_actions`, so the two can never disagree.

Each check returns the AP cost of a legal action or a `Problem` (the refusal `decide` raises).

Readings (see the package docstring for the full list):
- A blip may not move into a square a Marine would see once the blip has left its old square
  (the blip itself no longer blocks that view) (SHB-10.5).
- Genestealers from a converted blip are placed on the 8 squares around the blip with the same
  diagonal rule as movement (no squeezing past two blocked squares, no cutting a closed door's
  corner) (SHB-10.8, SHB-7.2).
- A door action needs the door in one of the front three squares; blips use any of the 8 adjacent
  squares (SHB-11.2). Bulkheads and hatches (`fixed`) never open by hand.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import FACINGS, VECTORS, Board, Square, add, chebyshev, relative, square_name
from .board.los import clear, front_three, in_fire_arc, in_vision_arc
from .messages import Problem, problem
from .missions import held_turn
from .options import Variants
from .state import Piece, SpaceHulkState
from .weapons import GRENADE_RANGE, melee_of, weapon_of


def door_key(sq: Square) -> str:
    """How auto fire names a door it attacked (pieces are named by id)."""
    return "door@{},{},{}".format(*sq)


def who(p: Piece) -> str:
    """A short player-facing name for a piece."""
    return p.name or {"genestealer": "Genestealer", "blip": "Blip", "marine": "Marine"}[p.kind] + f" {p.id}"


class Queries:
    """Queries over one state, with per-state caches of occupancy and blocking squares."""

    def __init__(self, state: SpaceHulkState) -> None:
        self.state = state
        self.board: Board = state.mission.board
        self.opt: Variants = state.options.variants
        self.deathwing = state.options.deathwing
        self.chutes = self.board.chutes if self.deathwing else ()
        self._occ: dict[Square, str] | None = None
        self._closed: set[Square] | None = None
        self._blockers: set[Square] | None = None
        self._burning: set[Square] | None = None
        self._blocks_move: frozenset[Square] | None = None
        self._sight: dict[tuple[Square, str, Square], bool] = {}
        self._marine_ids: tuple[str, ...] | None = None

    # --- cached facts --------------------------------------------------------------------------
    @property
    def occ(self) -> dict[Square, str]:
        if self._occ is None:
            self._occ = self.state.occupancy()
        return self._occ

    @property
    def closed(self) -> set[Square]:
        if self._closed is None:
            self._closed = self.state.closed_doors()
        return self._closed

    @property
    def burning(self) -> set[Square]:
        if self._burning is None:
            self._burning = set(self.state.burning)
        return self._burning

    @property
    def blockers(self) -> set[Square]:
        """Squares that block sight now (SHB-6.4): models, blips, closed doors, flames, blocking features."""
        if self._blockers is None:
            self._blockers = set(self.occ) | self.closed | self.burning | self.blocks_los
        return self._blockers

    @property
    def blocks_los(self) -> frozenset[Square]:
        """Features that block sight now: intact crates, cryo tanks even destroyed (DW-CRT-1, DW-CRY-1)."""
        return (
            self.board.static_blocks_los - self.rubbled
            if self.state.wrecked
            else self.board.static_blocks_los
        )

    @property
    def blocks_move(self) -> frozenset[Square]:
        if self._blocks_move is None:
            static = self.board.static_blocks_move
            self._blocks_move = static - self.rubbled if self.state.wrecked else static
        return self._blocks_move

    @property
    def rubbled(self) -> frozenset[Square]:
        """Destroyed crates: rubble now (DW-CRT-1, A-26)."""
        cells = self.board.cells
        return frozenset(sq for sq in self.state.wrecked if cells[sq].feature == "crate")

    @property
    def rubble(self) -> frozenset[Square]:
        """Every square whose `feature` is "rubble" now: the map's rubble and destroyed crates (DW-RUB-1)."""
        static = self.board.rubble
        wrecked = self.state.wrecked
        return (static - set(wrecked)) | self.rubbled if wrecked else static

    def feature(self, sq: Square) -> str | None:
        """The feature on sq now: a destroyed crate is rubble; a destroyed cryo tank is "wrecked_cryo"."""
        cell = self.board.cells.get(sq)
        if cell is None or cell.feature is None:
            return None
        if sq in self.state.wrecked:
            return {"crate": "rubble", "ladder": "pit"}.get(cell.feature, "wrecked_cryo")
        return cell.feature

    def intact_ladder(self, sq: Square) -> bool:
        """The upper end of a ladder still standing (attacked like a door, A-15)."""
        return self.board.hole(sq) and self.ladder_end(sq) is not None

    def attackable_feature(self, sq: Square) -> bool:
        """An intact crate or cryo tank: attacked like a door by close assault and fire (DW-CRT-1,
        DW-CRY-1, A-26). Only in Deathwing games (the base game has no features)."""
        return self.deathwing and self.feature(sq) in ("crate", "cryo")

    def feature_squares(self, sq: Square) -> tuple[Square, ...]:
        """The squares destroyed with the feature on sq: a crate's whole 4-connected group (A-26)."""
        if self.feature(sq) != "crate":
            return (sq,)
        group, todo = {sq}, [sq]
        while todo:
            cur = todo.pop()
            for d in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                nxt = add(cur, d)
                if nxt not in group and self.feature(nxt) == "crate":
                    group.add(nxt)
                    todo.append(nxt)
        return tuple(sorted(group))

    def invalidate(self) -> None:
        """Drop what was cached about the state."""
        self._occ = self._closed = self._blockers = self._burning = None
        self._blocks_move = None
        self._marine_ids = None
        if self._sight:
            self._sight = {}

    def moved(self, steps: list[tuple[str, Square | None, Square]]) -> None:
        """Models moved (model, from, to) and nothing else changed: the cached occupancy and sight
        blockers are updated (new objects: a caller may hold the old ones), the sight memo dropped."""
        occ, blockers = self._occ, self._blockers
        if occ is not None:
            occ = dict(occ)
            for model, frm, to in steps:
                if frm is not None and occ.get(frm) == model:
                    del occ[frm]
                occ[to] = model
            if blockers is not None:
                blockers = set(blockers)
                static = self.closed | self.burning | self.blocks_los
                for _model, frm, to in steps:
                    if frm is not None and frm not in occ and frm not in static:
                        blockers.discard(frm)
                    blockers.add(to)
        self._occ, self._blockers = occ, blockers if occ is not None else None
        if self._sight:
            self._sight = {}

    def marines(self) -> list[Piece]:
        """The Marines on the board, in the pieces' order. Which they are is remembered until an event
        other than a step, an agenda, activation, payment or turn event (`invalidate`)."""
        pieces = self.state.pieces
        ids = self._marine_ids
        if ids is None:
            ids = self._marine_ids = tuple(
                p.id for p in pieces.values() if p.kind == "marine" and p.pos is not None
            )
        return [pieces[i] for i in ids]

    def stealers(self) -> list[Piece]:
        return [p for p in self.state.pieces.values() if p.kind == "genestealer"]

    # --- sight ---------------------------------------------------------------------------------
    def sees(self, viewer: Piece, target: Square, blockers: set[Square] | None = None) -> bool:
        """The viewer has target in its vision arc with clear LoS (SHB-6.2, SHB-6.4, Q1).

        With the state's own blockers the answer is remembered by (viewer's square, facing, target)
        until the blockers change (`invalidate`): overwatch, conversions, interrupt witnesses and the
        solo player ask the same questions many times between two moves."""
        assert viewer.pos is not None and viewer.facing is not None
        if viewer.prone:
            return False  # DW-PIT-9: no line of sight while prone
        if blockers is not None:
            return self._sees(viewer, target, blockers)
        key = (viewer.pos, viewer.facing, target)
        hit = self._sight.get(key)
        if hit is None:
            hit = self._sight[key] = self._sees(viewer, target, None)
        return hit

    def _sees(self, viewer: Piece, target: Square, blockers: set[Square] | None) -> bool:
        pos = viewer.pos
        assert pos is not None and viewer.facing is not None
        if pos[2] != target[2]:
            return self.hole_sight(viewer, target, fire=False, blockers=blockers)
        if self.opt.vision_arc == 90:
            if not in_fire_arc(viewer.facing, pos, target):
                return False
        else:  # in_vision_arc's 180 degrees, inline (the hot path of every sight question)
            fx, fy = VECTORS[viewer.facing]
            dx, dy = target[0] - pos[0], target[1] - pos[1]
            forward = dx * fx + dy * fy
            if forward < 0 or (forward == 0 and dy * fx - dx * fy == 0):
                return False
        return clear(self.board, pos, target, self.blockers if blockers is None else blockers)

    def seen_by_marines(self, target: Square, blockers: set[Square] | None = None) -> list[Piece]:
        return [m for m in self.marines() if self.sees(m, target, blockers)]

    def marine_sees(self, target: Square, blockers: set[Square] | None = None) -> bool:
        return any(self.sees(m, target, blockers) for m in self.marines())

    def can_target(self, shooter: Piece, target: Square, max_range: int | None) -> bool:
        """Target in the fire arc, with clear LoS, within range (SHB-6.3, SHB-8.1, SHB-8.4)."""
        assert shooter.pos is not None and shooter.facing is not None
        if shooter.prone:
            return False
        pos = shooter.pos
        if pos[2] != target[2]:
            return self.hole_sight(shooter, target, fire=True)  # DW-LVL-4: fire through a hole
        fx, fy = VECTORS[shooter.facing]  # in_fire_arc and chebyshev, inline (legal actions' hot path)
        dx, dy = target[0] - pos[0], target[1] - pos[1]
        forward = dx * fx + dy * fy
        if forward < 1 or abs(dy * fx - dx * fy) > forward:
            return False
        if max_range is not None and max(abs(dx), abs(dy)) > max_range:
            return False
        return clear(self.board, pos, target, self.blockers)

    def climb_cost(self, p: Piece, facing: str | None) -> int | Problem:
        """DW-LAD-3, A-13: 2 AP from a ladder square to its other end, which must be free; Marines,
        Genestealers and blips alike (a blip keeps out of Marine sight, SHB-10.5)."""
        end = self.climb_end(p)
        if end is None:
            if (
                p.kind == "marine"
                and p.pos is not None
                and self.board.hole((p.pos[0], p.pos[1], p.pos[2] - 1))
            ):
                return problem("climb.marines_pit")  # DW-PIT-3
            return problem("climb.no_ladder")
        if (p.kind == "blip") != (facing is None):
            return problem("climb.facing")
        found = self.square_problem(end, p)
        if found is None and p.kind == "blip":
            found = self.blip_square_problem(p, end)
        assert p.pos is not None
        ladder = self.ladder_end(p.pos) is not None
        return found if found is not None else (2 if ladder else 3)  # DW-LAD-3; up a pit 3 AP (DW-PIT-10)

    def climb_end(self, p: Piece) -> Square | None:
        """Where a climb leads: the ladder's other end, or for a Genestealer or blip under a pit, up it."""
        if p.pos is None:
            return None
        end = self.ladder_end(p.pos)
        if end is not None:
            return end
        above = (p.pos[0], p.pos[1], p.pos[2] - 1)
        if p.kind != "marine" and self.is_pit(above):
            return above
        return None

    def ladder_end(self, sq: Square) -> Square | None:
        """The other end of an intact ladder on sq (a destroyed ladder is a pit, A-15)."""
        end = self.board.ladder_end(sq)
        if end is None or (self.state.wrecked and (sq in self.state.wrecked or end in self.state.wrecked)):
            return None
        return end

    def is_pit(self, sq: Square) -> bool:
        """A pit, or a destroyed ladder's hole (A-15), opening onto the square below (DW-PIT-1)."""
        if not self.board.hole(sq):
            return False
        feature = self.board.cells[sq].feature
        return feature == "pit" or (feature == "ladder" and sq in self.state.wrecked)

    def jump_problem(self, p: Piece, at: Square) -> Problem | None:
        """DW-PIT-5, DW-PIT-10, DW-LAD-4, A-13: down the pit or ladder hole on `at`; Genestealers and blips
        only onto an empty square."""
        if not self.board.hole(at):
            return problem("jump.no_hole")
        if p.kind != "marine":
            x, y, z = at
            below = (x, y, z + 1)
            while self.is_pit(below):
                below = (x, y, below[2] + 1)
            if below in self.occ:
                return problem("jump.occupied")
        return None

    def hole_sight(
        self, viewer: Piece, target: Square, *, fire: bool, blockers: set[Square] | None = None
    ) -> bool:
        """Sight (or fire) through a pit or ladder hole to the next level (DW-LOS-1 .. DW-LOS-4, A-14).

        A viewer on a hole column H, or next to it at offset d, sees on the other level the square
        under or over H and, if beside it, the square H - d beyond. H must lie in his vision arc (fire
        arc to shoot) unless he stands on it. Far-level walls and doors block; a model on the upper
        square of the hole blocks everything else (it can itself be seen); one below blocks nothing.
        Looking up works as looking down.
        """
        assert viewer.pos is not None and viewer.facing is not None
        vx, vy, vz = viewer.pos
        tx, ty, tz = target
        if abs(vz - tz) != 1:
            return False
        if abs(vx - tx) > 2 or abs(vy - ty) > 2:
            return False  # the target is at most one square beyond a hole next to the viewer
        upper = min(vz, tz)
        around = self.board.holes_around(vx, vy, upper)
        if not around:
            return False
        blocking = self.blockers if blockers is None else blockers
        for hx, hy, _z in around:
            dx, dy = vx - hx, vy - hy
            near, far = (hx, hy, vz), (hx, hy, tz)
            if target not in (far, (hx - dx, hy - dy, tz)):
                continue
            if (dx, dy) != (0, 0):
                in_arc = (
                    in_fire_arc(viewer.facing, viewer.pos, near)
                    if fire
                    else in_vision_arc(viewer.facing, viewer.pos, near, self.opt.vision_arc)
                )
                if not in_arc or not clear(self.board, viewer.pos, near, blocking):
                    continue
            top = (hx, hy, upper)
            if top != viewer.pos and top in self.occ and target != top:
                continue  # DW-LOS-3: a model on the upper square blocks the hole
            if target == far:
                return True
            lower = (hx, hy, upper + 1)
            if clear(self.board, far, target, blocking - {lower}):  # far-level walls and doors
                return True
        return False

    def marine_adjacent(self, sq: Square, ignore: Square | None = None) -> bool:
        return any(m.pos != ignore and chebyshev(m.pos, sq) == 1 for m in self.marines() if m.pos)  # type: ignore[arg-type]

    # --- movement ------------------------------------------------------------------------------
    def square_problem(self, sq: Square, mover: Piece | None) -> Problem | None:
        """Whether a model could stand on sq (SHB-7.1); `mover` may already stand in flames."""
        if sq not in self.board.cells:
            return problem("move.wall", square=sq)
        if sq in self.occ:
            return problem("move.occupied", square=sq)
        if sq in self.closed:
            return problem("move.closed_door", square=sq)
        if sq in self.blocks_move:
            return problem("move.feature", square=sq)
        if self.chutes and mover is not None and mover.kind != "marine" and self.chute_full(sq, mover):
            return problem("move.chute_full")  # one Genestealer in a chute at a time
        if sq in self.burning and (mover is None or mover.pos not in self.burning):
            # SHB-9.5: only a model already in the flames may move within and out of them
            return problem("move.burning", square=sq)
        return None

    def chute_full(self, sq: Square, mover: Piece) -> bool:
        """A-29: a chute holds at most one Genestealer (or blip)."""
        if self.board.cells[sq].feature != "chute":
            return False
        for _hatch, squares in self.chutes:
            if sq in squares:
                return any(
                    p.pos in squares and p.kind != "marine" and p.id != mover.id
                    for p in self.state.pieces.values()
                )
        return False

    def diagonal_problem(self, frm: Square, to: Square) -> Problem | None:
        """SHB-7.2 / Q14: no cutting a closed door's corner; no squeeze between two blocked squares."""
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        if not dx or not dy:
            return None
        flanks = (add(frm, (dx, 0)), add(frm, (0, dy)))
        if any(f in self.closed for f in flanks):
            return problem("move.door_corner")
        if self.opt.diagonal_squeeze:
            blocked = [f not in self.board.cells or f in self.occ or f in self.blocks_move for f in flanks]
            if all(blocked):
                return problem("move.squeeze")
        return None

    def move_cost(
        self, p: Piece, to: Square, *, fire: bool = False, facing: str | None = None
    ) -> int | Problem:
        """AP cost of moving p one square to `to` (SHB-4.3, SHB-7, SHB-10.4, SHB-10.5)."""
        if p.pos is None:
            cost = self._entry_cost(p, to, facing)
        else:
            cost = self._step_cost(p, to, facing)
        if isinstance(cost, Problem):
            return cost
        if fire:
            fp = self.can_fire_at_all(p)
            if fp is not None:
                return fp
        found = self.square_problem(to, p)
        if found is None and p.pos is not None:
            found = self.diagonal_problem(p.pos, to)
        if self.deathwing and isinstance(cost, int) and self.feature(to) == "rubble":
            cost += 1  # DW-RUB-1: entering rubble costs 1 AP more
        if found is None and p.kind == "blip":
            found = self.blip_square_problem(p, to)
        return found if found is not None else cost

    def step_costs(self, p: Piece) -> list[tuple[Square, int]]:
        """Every square next to p it may move to now with its AP cost, in `board.neighbours` order:
        exactly the squares where `move_cost(p, to)` gives a number, and that number (SHB-7,
        DW-RUB-1, SHB-10.5), without building the refusals of the others (legal actions' hot path)."""
        pos = p.pos
        assert pos is not None
        kind = p.kind
        fx, fy = (0, 0) if kind == "blip" else VECTORS[p.facing]  # type: ignore[index]
        occ, closed, blocks, burning = self.occ, self.closed, self.blocks_move, self.burning
        rubble = self.rubble if self.deathwing else ()
        chutes = self.chutes and kind != "marine"
        found: list[tuple[Square, int]] = []
        for d, to in self.board.neighbours(pos):
            cost = 1  # SHB-7.3: a step ahead, a blip's step, a Genestealer's side-step
            if kind != "blip":
                forward = d[0] * fx + d[1] * fy
                if forward == -1:
                    cost = 2  # a step back
                elif forward == 0 and kind == "marine":
                    continue  # SHB-7.3: Marines never side-step
            if to in occ or to in closed or to in blocks:
                continue
            if chutes and self.chute_full(to, p):
                continue
            if to in burning and pos not in burning:
                continue  # SHB-9.5
            if d[0] and d[1] and self.diagonal_problem(pos, to) is not None:
                continue
            if to in rubble:
                cost += 1  # DW-RUB-1
            if kind == "blip" and self.blip_square_problem(p, to) is not None:
                continue
            found.append((to, cost))
        return found

    def _entry_cost(self, p: Piece, to: Square, facing: str | None) -> int | Problem:
        assert p.area is not None
        entry = self.board.entries[p.area].square
        if p.kind == "marine":
            return problem("move.not_yours")
        if to != entry:
            return problem(
                "move.entry_only",
                square=entry,
            )
        if self.state.turn <= p.lurk_until:
            # SHB-10.4: forced to lurk for one whole turn
            return problem(
                "move.must_lurk",
                distance=self.opt.lurk_distance,
            )
        if p.kind == "genestealer" and facing is None:
            return problem("move.entry_facing")
        if p.kind == "blip" and facing is not None:
            return problem("move.blip_facing")
        return 1  # SHB-10.4: entering from the lurking space is a normal 1 AP move

    def _step_cost(self, p: Piece, to: Square, facing: str | None) -> int | Problem:
        assert p.pos is not None
        if facing is not None:
            return problem("move.keep_facing")
        if to[2] != p.pos[2] or chebyshev(p.pos, to) != 1:
            return problem("move.not_adjacent")
        if p.kind == "blip":
            return 1  # SHB-10.5
        assert p.facing is not None
        forward, _side = relative(p.facing, p.pos, to)
        if forward == 1:
            return 1
        if forward == -1:
            return 2
        if p.kind == "marine":
            return problem("move.no_sidestep")  # SHB-7.3
        return 1  # a Genestealer side-steps for 1 AP

    def blip_square_problem(self, p: Piece, to: Square) -> Problem | None:
        """SHB-10.5: a blip never moves into Marine sight or next to a Marine; an ambush marker may, and
        converts at once (DW-AMB-4, DW-AMB-5)."""
        if p.ambush:
            return None
        if self.marine_adjacent(to):
            return problem("move.blip_adjacent")
        blockers = self.blockers - {p.pos} if p.pos is not None else self.blockers
        if self.marine_sees(to, blockers):
            return problem("move.blip_seen")
        return None

    # --- turning -------------------------------------------------------------------------------
    def turn_cost(self, p: Piece, facing: str, *, fire: bool = False) -> tuple[int, str | None] | Problem:
        """(AP cost, free-turn direction after) of turning p to `facing` (SHB-4.3, SHB-4.4, Q13).

        Reading (SHB-4.4): a Genestealer's 90-degree turn is free unless its previous action was a
        free turn the same way (Sulk's just_turned): alternating left/right turns stay free, and each
        still triggers overwatch.
        """
        if p.kind == "blip":
            return problem("turn.blip")
        if p.pos is None or p.facing is None:
            return problem("turn.off_board")
        steps = (FACINGS.index(facing) - FACINGS.index(p.facing)) % 4  # type: ignore[arg-type]
        if steps == 0:
            return problem("turn.same", facing=facing)
        if fire:
            if not self.opt.turn_and_fire:
                return problem("turn.no_turn_and_fire")
            if steps == 2:
                return problem("turn.fire_90")
            fp = self.can_fire_at_all(p)
            return fp if fp is not None else (1, None)
        if p.kind == "marine":
            return (2 if steps == 2 else 1), None
        if steps == 2:
            return 1, None
        direction = "right" if steps == 1 else "left"
        if p.free_turn == direction:
            return 1, None  # SHB-4.4: a second 90-degree turn the same way costs 1 AP
        return 0, direction

    # --- doors ---------------------------------------------------------------------------------
    def door_cost(self, p: Piece, sq: Square) -> int | Problem:
        """SHB-11.1, SHB-11.2: open or close a door in the front three squares (blips: any adjacent)."""
        i = self.board.door_index.get(sq)
        if i is None:
            return problem("door.none", square=sq)
        if p.pos is None:
            return problem("door.off_board")
        if p.kind == "blip":
            if chebyshev(p.pos, sq) != 1:
                return problem("door.not_adjacent", square=sq)
        elif sq not in front_three(p.facing, p.pos):  # type: ignore[arg-type]
            return problem(
                "door.not_in_front",
                square=sq,
            )
        if self.board.doors[i].fixed:
            return problem("door.fixed")
        status = self.state.doors[i]
        if status == "destroyed":
            return problem("door.destroyed")
        if status == "open" and sq in self.occ:
            return problem("door.blocked")
        return 1

    # --- weapons -------------------------------------------------------------------------------
    def can_fire_at_all(self, p: Piece) -> Problem | None:
        weapon = weapon_of(p)
        if p.kind != "marine" or not weapon.fire_dice:
            return problem("fire.no_bolter")
        if p.jammed:
            return problem("fire.jammed")  # SHB-8.6
        if weapon.ammo is not None and p.ammo <= 0:
            return problem("fire.empty")  # DW-AC-5: empty until reloaded
        return None

    def fire_target(self, p: Piece, at: Square) -> str | Problem:
        """The target key ("door" or a Genestealer id) of an aimed shot at `at` (SHB-8.1, SHB-8.8)."""
        found = self.can_fire_at_all(p)
        if found is not None:
            return found
        target = self.occ.get(at)
        key: str
        if target is not None and self.state.pieces[target].kind == "genestealer":
            key = target
        elif at in self.closed:
            key = "door"
            if (
                self.board.doors[self.board.door_index[at]].fixed == "bulkhead"
                and not weapon_of(p).hits_bulkheads
            ):
                return problem("fire.bulkhead")  # DW-BLK-3
        elif self.attackable_feature(at):
            key = "feature"  # DW-CRT-1, DW-CRY-1, A-26: shot like a door
        else:
            return problem(
                "fire.no_target",
                square=at,
            )
        if not self.can_target(p, at, self.opt.aimed_range):
            return problem(
                "fire.no_line",
                square=at,
            )
        return key

    def fire_targets(self, p: Piece) -> list[Square]:
        """Squares an aimed shot of p may target."""
        if self.can_fire_at_all(p) is not None:
            return []
        out = [g.pos for g in self.stealers() if g.pos is not None]
        hits_bulkheads = weapon_of(p).hits_bulkheads
        out += sorted(sq for sq in self.closed if hits_bulkheads or not self.is_bulkhead(sq))
        if self.deathwing:
            out += [sq for sq in sorted(self.board.static_blocks_los) if self.attackable_feature(sq)]
        return [sq for sq in out if self.can_target(p, sq, self.opt.aimed_range)]

    def auto_problem(self, p: Piece) -> Problem | None:
        """DW-AC-3, DW-AC-6: an assault cannon with 5 bursts left and something to shoot at."""
        weapon = weapon_of(p)
        if p.kind != "marine" or not weapon.auto_dice:
            return problem("auto.no_cannon")
        if p.ammo < weapon.auto_bursts:
            return problem("auto.ammo", bursts=weapon.auto_bursts, left=p.ammo)
        if not self.auto_targets(p, set()):
            return problem("auto.no_target")
        return None

    def auto_targets(self, p: Piece, done: set[str]) -> list[tuple[str, Square]]:
        """(key, square) of every target of auto fire in arc and sight, nearest first (DW-AC-3, A-4).

        Genestealers, Marines and closed doors are targets; blips are not; bulkheads are unaffected
        (DW-BLK-3). `done` holds the keys already attacked (piece ids, door squares as "door@x,y,z").
        """
        assert p.pos is not None
        found: list[tuple[int, str, Square]] = []
        for q in self.state.pieces.values():
            if q.id != p.id and q.pos is not None and q.kind != "blip" and q.id not in done:
                found.append((chebyshev(p.pos, q.pos), q.id, q.pos))
        for sq in self.closed:
            key = door_key(sq)
            if key not in done and not self.is_bulkhead(sq):
                found.append((chebyshev(p.pos, sq), key, sq))
        if self.deathwing:  # crates and cryo tanks too
            for sq in self.board.static_blocks_los:
                key = "feature@{},{},{}".format(*sq)
                if key not in done and self.attackable_feature(sq):
                    found.append((chebyshev(p.pos, sq), key, sq))
        found.sort(key=lambda t: (t[0], t[2]))
        return [(key, sq) for _d, key, sq in found if self.can_target(p, sq, self.opt.aimed_range)]

    def self_destruct_problem(self, p: Piece) -> Problem | None:
        """Who may self-destruct: a thunder hammer (DW-TH-2) always; a heavy flamer with a shot left when
        the table allows it (Q16), and in every Deathwing game (A-37)."""
        if p.kind == "marine" and melee_of(p).self_destruct:
            return None
        if not (self.opt.flamer_self_destruct or self.deathwing):
            return problem("destruct.off")  # Q16
        if p.kind != "marine" or not weapon_of(p).self_destruct or p.ammo <= 0:
            return problem("destruct.no_fuel")
        return None

    def cut_cost(self, p: Piece) -> int | Problem:
        """DW-CF-2, DW-CF-3: a chainfist cuts the closed door (1 AP) or bulkhead (2 AP) in the square in front."""
        weapon = melee_of(p)
        if p.kind != "marine" or weapon.cuts_door_ap is None:
            return problem("cut.no_chainfist")
        sq = self.ahead(p)
        if sq is None or sq not in self.closed:
            return problem("cut.no_door")
        if self.is_bulkhead(sq):
            return weapon.cuts_bulkhead_ap or weapon.cuts_door_ap
        return weapon.cuts_door_ap

    def section_doors(self, section: str) -> list[Square]:
        """A-42: the doors of a section for an effect on the whole section: every door square in it or
        orthogonally next to one of its squares (not yet destroyed)."""
        squares = self.board.sections[section]
        found: set[Square] = set()
        for sq in squares:
            for d in ((0, -1), (1, 0), (0, 1), (-1, 0), (0, 0)):
                near = add(sq, d)
                if near in self.board.door_index and self.state.door_status(near) != "destroyed":
                    found.add(near)
        return sorted(found)

    def teleport_problem(self, p: Piece) -> Problem | None:
        """DW-TEL-1, A-24: where the mission allows it, in the Marine turn, at most one Marine a turn."""
        if not self.state.mission.teleport:
            return problem("teleport.off")
        if p.kind != "marine" or p.pos is None:
            return problem("teleport.marines")
        if self.state.phase != "marine":
            return problem("teleport.own_turn")
        if self.state.teleport_turn == self.state.turn:
            return problem("teleport.one_a_turn")
        return self._scenario_teleport_problem(p)

    def cache_into(self, p: Piece, into: str | None = None) -> str | Problem | None:
        """DW-CR-6: with an intact cache tank in a front square, a heavy flamer or assault cannon takes one
        reload (4 AP) «bien en el arma, o almacenarse en la reserva del Marine», as he chooses (`into`):
        the weapon when it is not full (the rounds left in it are lost, as in any reload: DW-AC-8), or
        the reserve, which holds at most 1 heavy-flamer or 3 assault-cannon reloads (own type only).
        Reading, when he does not say (`into` None, e.g. an order typed without it): the weapon when it
        is empty or the reserve is full, else the reserve, so no round is thrown away unasked. None: no
        cache in front (an ordinary reload). Reading: a destroyed tank is no cache."""
        if not self.at_cache(p):
            return None
        weapon = weapon_of(p)
        if not weapon.reload_ap:
            return problem("reload.cannot")
        weapon_room = p.ammo < (weapon.ammo or 0)
        reserve_room = p.reloads < (1 if weapon.flame else 3)
        if into is None:
            into = "weapon" if weapon_room and (p.ammo == 0 or not reserve_room) else "reserve"
            if not reserve_room and not weapon_room:
                return problem("reload.cache_full", name=who(p))
        if into == "weapon":
            return "weapon" if weapon_room else problem("reload.weapon_full", name=who(p))
        return "reserve" if reserve_room else problem("reload.cache_full", name=who(p))

    def at_cache(self, p: Piece) -> bool:
        """An intact tank of Cloud Runner's weapons cache is in a front square of `p` (DW-CR-6)."""
        cache = self.state.mission.cache
        if not cache or p.kind != "marine" or p.pos is None or p.facing is None:
            return False
        front = front_three(p.facing, p.pos)
        return any(sq in front and sq not in self.state.wrecked for sq in cache)

    def _scenario_teleport_problem(self, p: Piece) -> Problem | None:
        """DW-SC5: only from inside the control room. DW-SC1, A-35: only after the Nth Genestealer was
        placed, or once the blip total is spent and nothing Genestealer is left on the board, or (OUR
        RESOLUTION, as DW-SC3's last turn) once the Genestealers' last turn is over
        (`missions.held_turn`): they could otherwise keep the Marines in for ever by passing their
        reinforcements (DW-GEN-4) and keeping blips lurking or unseen (SHB-10.4)."""
        m = self.state.mission
        if m.teleport_squares is not None and p.pos not in m.teleport_squares:
            return problem("teleport.room")
        if m.teleport_unlock is not None and self.state.tally.get("stealers", 0) < m.teleport_unlock:
            spent = m.blip_total is not None and self.state.tally.get("blips", 0) >= m.blip_total
            left = any(q.kind != "marine" for q in self.state.pieces.values())
            last = held_turn(m)
            over = last is not None and self.state.turn > last
            if (not spent or left) and not over:
                if last is None:  # no last turn (no blip total or corridors to reckon it from)
                    return problem("teleport.locked_count", count=m.teleport_unlock)
                return problem("teleport.locked", count=m.teleport_unlock, turn=last)
        return None

    def securable(self) -> list[str]:
        """Entry areas a Marine secures now (A-23): next to the area's entry square, that square empty,
        and the Marine has it in sight (DW-SEC-2: anything in the way must go first)."""
        out = []
        for area in self.state.mission.usable_areas():
            if area in self.state.secured:
                continue
            entry = self.board.entries[area].square
            if entry in self.occ:
                continue
            if any(m.pos and chebyshev(m.pos, entry) == 1 and self.sees(m, entry) for m in self.marines()):
                out.append(area)
        return out

    def grenade_problem(self, p: Piece, at: Square) -> Problem | None:
        """DW-GL-1, DW-GL-3, A-5, A-6: grenades left; a square within 8 by the shortest route on the same
        level, in the fire arc with a clear line of sight (the firer's own section allowed)."""
        if p.kind != "marine" or p.grenades <= 0:
            return problem("grenade.none")
        assert p.pos is not None
        if at not in self.board.cells:
            return problem("flame.wall", square=at)
        if at[2] < p.pos[2]:
            return problem("grenade.up")  # never up through a hole
        if at[2] > p.pos[2]:  # DW-LVL-5, A-6: down through a hole, in range, sight and arc
            return None if self.hole_sight(p, at, fire=True) else problem("grenade.no_line", square=at)
        if at not in self.board.walk_distances(p.pos, GRENADE_RANGE):
            return problem("grenade.range", square=at, range=GRENADE_RANGE)
        if at != p.pos and not self.can_target(p, at, None):
            return problem("grenade.no_line", square=at)
        return None

    def grenade_targets(self, p: Piece) -> list[Square]:
        """One target square per section the launcher can reach (nearest first), like the flamer's."""
        if p.kind != "marine" or p.grenades <= 0 or p.pos is None:
            return []
        covered: set[str] = set()
        out = []
        cells = self.board.cells
        reach = self.board.walk_distances(p.pos, GRENADE_RANGE)
        for sq in self.board.within(p.pos, GRENADE_RANGE):  # on the board, on p's level
            section = cells[sq].section
            if section in covered or sq not in reach:
                continue
            if sq == p.pos or self.can_target(p, sq, None):  # grenade_problem(p, sq) is None
                covered.add(section)
                out.append(sq)
        return out

    def ambush_open(self) -> bool:
        """DW-AMB-1, DW-AMB-2, DW-AMB-3: the table agreed, none placed this turn, fewer than 2 in play."""
        s = self.state
        if not (s.options.deathwing and self.opt.ambush) or s.ambush_turn == s.turn:
            return False
        if not s.mission.ambush_allowed:  # DW-SC3
            return False
        if s.mission.ambush_limit is not None and s.tally.get("ambushes", 0) >= s.mission.ambush_limit:
            return False  # DW-GEN-5
        return sum(1 for p in s.pieces.values() if p.ambush) < 2

    def ambush_square_problem(self, sq: Square) -> Problem | None:
        """DW-AMB-3, A-22: an empty square at least 6 squares (shortest route) from the nearest Marine,
        out of every Marine's sight."""
        if not self.ambush_open():
            return problem("ambush.closed")
        if self.square_problem(sq, None) is not None:
            return problem("ambush.square", square=sq)
        if any(sq in self.board.walk_distances(m.pos, 5) for m in self.marines() if m.pos is not None):
            return problem("ambush.near", square=sq)
        if self.marine_sees(sq):
            return problem("ambush.seen", square=sq)
        return None

    def ambush_squares(self, limit: int = 6) -> list[Square]:
        """A sample of squares an ambush marker may take (decide accepts any that qualifies)."""
        if not self.ambush_open():
            return []
        out: list[Square] = []
        for sq in sorted(self.board.cells):
            if self.ambush_square_problem(sq) is None:
                out.append(sq)
                if len(out) >= limit:
                    break
        return out

    def is_bulkhead(self, sq: Square) -> bool:
        i = self.board.door_index.get(sq)
        return i is not None and self.board.doors[i].fixed == "bulkhead"

    def flame_problem(self, p: Piece, at: Square) -> Problem | None:
        """SHB-9.2: in the fire arc with LoS within 12; not a closed door, own section or a Marine's square."""
        if p.kind != "marine" or not weapon_of(p).flame:
            return problem("flame.no_flamer")
        if p.ammo <= 0:
            return problem("flame.empty")
        assert p.pos is not None
        if at not in self.board.cells:
            return problem("flame.wall", square=at)
        if at in self.closed:
            return problem("flame.door")
        if self.board.section_of(at) == self.board.section_of(p.pos):
            return problem("flame.own_section")
        occupant = self.occ.get(at)
        if occupant is not None and self.state.pieces[occupant].kind == "marine":
            return problem("flame.marine")
        if not self.can_target(p, at, 12):
            return problem(
                "flame.no_line",
                square=at,
            )
        return None

    def flame_area(self, at: Square) -> tuple[Square, ...]:
        return self.board.section_flood(at, self.closed)  # SHB-9.3

    def flame_targets(self, p: Piece) -> list[Square]:
        """One target square per distinct area the flamer can set alight (nearest first).

        Reading: legal_actions offers one flame per distinct burnable area (its nearest visible
        square); decide accepts any valid square (the area, hence the effect, is the same).
        """
        if p.kind != "marine" or not weapon_of(p).flame or p.ammo <= 0 or p.pos is None:
            return []
        origin = p.pos
        covered: set[Square] = set()
        out = []
        for sq in self.board.within(origin, 12):
            if sq in covered or not in_fire_arc(p.facing, origin, sq):  # type: ignore[arg-type]
                continue
            if self.flame_problem(p, sq) is None:
                out.append(sq)
                covered.update(self.flame_area(sq))
        return out

    def ahead(self, p: Piece) -> Square | None:
        if p.pos is None or p.facing is None:
            return None
        return add(p.pos, VECTORS[p.facing])

    def vertical_target(self, p: Piece, way: str) -> str | Problem:
        """DW-LVL-1, DW-LVL-2: a Genestealer attacks the Marine directly above or below it through a pit
        or ladder hole; Marines never start a close assault with another level."""
        if p.kind != "genestealer" or p.pos is None:
            return problem("assault.levels")
        x, y, z = p.pos
        other = (x, y, z - 1 if way == "up" else z + 1)
        upper = min(z, other[2])
        target = self.occ.get(other)
        if not self.board.hole((x, y, upper)) or target is None or self.state.pieces[target].kind != "marine":
            return problem("assault.no_marine_through")
        return target

    def assault_target(self, p: Piece) -> str | Problem:
        """SHB-8.9, SHB-8.13: the model or closed door directly ahead ("door" or a piece id).

        Reading: Marines cannot attack Marines, nor Genestealers each other; blips cannot be
        attacked (they convert first).
        """
        if p.kind == "blip":
            return problem("assault.blip")
        sq = self.ahead(p)
        if sq is None:
            return problem("assault.off_board")
        target = self.occ.get(sq)
        if target is not None:
            kind = self.state.pieces[target].kind
            if kind == p.kind:
                return problem("assault.friend")  # Genestealers never attack each other
            if kind == "blip":
                return problem("assault.blip_target")
            return target
        if sq in self.closed:
            return "door"
        if self.attackable_feature(sq):
            return "feature"  # DW-CRT-1, DW-CRY-1: attacked like a door
        if self.deathwing and self.intact_ladder(sq):
            return "ladder"  # DW-LAD-2, A-15: the upper end of a ladder is attacked like a door
        return problem("assault.nothing")

    # --- blips and entry areas -----------------------------------------------------------------
    def lurking(self, area: str, kind: str = "blip") -> list[Piece]:
        return [p for p in self.state.pieces.values() if p.area == area and p.kind == kind]

    def area_has_room(self, area: str) -> bool:
        cap = self.opt.entry_capacity
        return cap is None or len(self.lurking(area)) < cap  # SHB-10.3, Q9

    def marine_near_entry(self, area: str) -> bool:
        """SHB-10.4 / Q10: a Marine within the lurk distance of the area's entry square.

        Reading: "walk" measures 8-way over all board squares, doors passable, models ignored.
        """
        entry = self.board.entries[area].square
        limit = self.opt.lurk_distance
        if self.opt.lurk_metric == "chebyshev":
            return any(chebyshev(m.pos, entry) <= limit for m in self.marines() if m.pos)  # type: ignore[arg-type]
        near = self.board.walk_distances(entry, limit)
        return any(m.pos in near for m in self.marines())

    def sealed(self) -> bool:
        """SHB-12.2: every usable entry square has a Marine within the lurk distance."""
        return all(self.marine_near_entry(a) for a in self.state.mission.usable_areas())

    def placement_squares(self, origin: Square, voluntary: bool) -> list[Square]:
        """SHB-10.8: free squares around a converted blip (not in sight for a voluntary conversion)."""
        out = []
        x, y, z = origin
        through = [  # DW-LVL-3: on or under a ladder or pit, also the square directly below or above
            sq
            for sq, upper in (((x, y, z + 1), origin), ((x, y, z - 1), (x, y, z - 1)))
            if self.board.hole(upper)
        ]
        neighbours = [sq for _d, sq in self.board.neighbours(origin)] + through
        for sq in neighbours:
            if self.square_problem(sq, None) is not None or self.diagonal_problem(origin, sq) is not None:
                continue
            if voluntary and self.marine_sees(sq):
                continue
            out.append(sq)
        return out

    def stealer_room(self) -> int | None:
        """How many more Genestealer models may be placed (SHB-10.9, Q17); None = no cap.

        Reading: the cap counts models on the board and in lurking spaces.
        """
        cap = self.opt.stealer_cap
        return None if cap is None else max(0, cap - len(self.stealers()))


def raise_if(found: Problem | None) -> None:
    if found is not None:
        raise found.reject()


def squares_named(squares: Iterable[Square]) -> str:
    return ", ".join(square_name(s) for s in squares)
