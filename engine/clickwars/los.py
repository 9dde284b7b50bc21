"""Line of sight, cover, elevation, distances and engagement (CW-LOS, CW-RNG-3, CW-CC-2, §8.3).

LoS is the segment between base centres. It is blocked by a solid blocker crossed for any length,
by more than 5 cm of wood (the woods it crosses added together: our reading of "runs more than 5 cm
inside a wood", so two thin woods back to back hide as well as one thick one), and, unless the
shooter is a gun (CW-ART-2), by another figure's or gun's base, except the shooter's and the
target's and those of figures engaged with the target. Hills never block (A15). Grazing a base
(the line touching its rim) does not block.
"""

from __future__ import annotations

import math

from engine.core.ruling import Sight
from engine.core.shapes import Shape, contains, length_inside, seg_crosses

from .armies import FISTS, PROFILES, Weapon
from .state import ClickWarsState, Unit
from .terrain import WOOD_SEE_DEPTH_CM, Area, per_list

XY = tuple[float, float]
CONTACT_CM = 0.5  # §8.8: in base contact when the gap is at most 0.5 cm
HILL_BONUS_CM = 10.0  # CW-RNG-3
MAX_REACH_CM = 3.0  # the longest CC reach (lances, A8)


def gap(a: Unit, b: Unit) -> float:
    """Edge-to-edge distance between two bases (CW-GEN-4), 0 when touching or overlapping."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)  # type: ignore[operator]


def melee_weapon(u: Unit) -> Weapon | None:
    """The CC weapon in hand: fists when none or broken (CW-CC-4); a gun piece has none."""
    if u.is_gun:
        return None
    w = u.p.melee
    return FISTS if (w is None or u.melee_broken) else w


def reach(u: Unit) -> float:
    w = melee_weapon(u)
    return 0.0 if w is None else w.reach_cm


def engaged(a: Unit, b: Unit) -> bool:
    """CW-CC-2: enemies are engaged while their gap is within the reach of either's CC weapon."""
    ax, bx = a.x, b.x
    if ax is None or bx is None or a.side == b.side or not a.alive or not b.alive:
        return False
    lim = a.radius + b.radius + MAX_REACH_CM + 1e-9  # cheap test first: no weapon reaches farther
    dx, dy = ax - bx, a.y - b.y  # type: ignore[operator]
    if dx > lim or dx < -lim or dy > lim or dy < -lim or dx * dx + dy * dy > lim * lim:
        return False
    r = max(reach(a), reach(b))
    return r > 0 and gap(a, b) <= r + 1e-9


def _near_enemies(state: ClickWarsState, u: Unit) -> list[Unit]:
    """The placed enemies whose centres lie within the bases' radii and the longest reach of `u`'s
    (a box test: a superset of those `engaged` with it, in the state's order)."""
    ux, uy = u.x, u.y
    if ux is None or not u.alive:
        return []
    near = u.radius + MAX_REACH_CM + 1e-6
    side = u.side
    out = []
    for o in state.units.values():  # its side first: a friend is passed over after one read
        if o.side == side:
            continue
        ox = o.x
        if ox is None:
            continue
        lim = near + o.radius
        dx, dy = ox - ux, o.y - uy  # type: ignore[operator]
        if -lim < dx < lim and -lim < dy < lim:
            out.append(o)
    return out


def engaged_with(state: ClickWarsState, u: Unit) -> list[Unit]:
    return [o for o in _near_enemies(state, u) if engaged(u, o)]


def is_engaged(state: ClickWarsState, u: Unit, near: list[Unit] | None = None) -> bool:
    """Whether `u` is engaged with any enemy (CW-CC-2). `near`: the caller's list of the placed
    enemies that could be (any superset of those within the bases' radii and the longest reach, in
    any order: the legal sample has them from its y window), instead of looking at every unit."""
    return any(engaged(u, o) for o in (_near_enemies(state, u) if near is None else near))


class _Sight:
    """What sight asks of one terrain list, read once: the pieces that can block it with their boxes
    (solid blockers and woods, §8.3), the hills (CW-RNG-3), and the answers of `terrain_blocks` and
    `elevated` already given, by the segment's ends or the point (a function of the terrain and the two points alone:
    units stand on a 0.5 cm grid, so the same lines are asked again, by the legal sample, then by
    `decide` for the chosen shot, then by the next step's sample)."""

    SEEN = 1024  # answers kept, at most (then forgotten all at once)

    def __init__(self, terrain: list[Area]) -> None:
        self.terrain = terrain  # held, so that its id is not reused while this index lives
        self.areas = list(terrain)  # the pieces it was read from (frozen: see `_sight`)
        self.blockers = [(*a.shape.bbox(), a.sight == "solid", a.shape) for a in terrain if a.sight != "none"]
        self.hills = [a.shape for a in terrain if a.elevated]
        self.key = _canonical(Pieces(terrain))
        self.seen: dict[tuple[float, float, float, float], bool] = {}
        self.high: dict[XY, bool] = {}  # `elevated`'s answers, by the point


class Pieces(tuple):  # type: ignore[type-arg]
    """A table's terrain pieces as one key of the caches that take them (the deployment plans),
    hashed once: a frozen pydantic model hashes its fields again at every call, and a tuple of them
    is hashed at every lookup. Equal to any tuple of the same pieces (tuple equality, identity
    first)."""

    hash: int

    def __new__(cls, areas: list[Area]) -> Pieces:
        new = super().__new__(cls, areas)
        new.hash = tuple.__hash__(new)
        return new

    def __hash__(self) -> int:
        return self.hash


_CANON: dict[Pieces, Pieces] = {}


def _canonical(key: Pieces) -> Pieces:
    """The first key seen of these pieces: every new game builds its own terrain list of its own
    pieces (equal in value to the last game's on a default table), and a cache compares a key with
    the one it holds piece by piece (pydantic's `__eq__`, a few microseconds a piece) unless they are
    the same object. One comparison per terrain list here instead of one per lookup."""
    if len(_CANON) >= 64:
        _CANON.clear()
    return _CANON.setdefault(key, key)


def terrain_key(terrain: list[Area]) -> Pieces:
    """The pieces of a terrain list as one key hashed once (`Pieces`), the same object while the
    list holds the same pieces (`_sight`)."""
    return _sight(terrain).key


_SIGHTS: dict[int, _Sight] = {}


def _sight(terrain: list[Area]) -> _Sight:
    """The sight index of a terrain list. A game's list is shared by every copy of its state, and
    its pieces are frozen, but a list may still be changed in place (a test does), so the index is
    kept while the list is the one it was read from and holds the same pieces (the list comparison
    is by identity first, so this costs little; an equal piece put in place of one would do as
    well). Shared by the threads: an index never changes once built but for `seen` and `high`,
    whose answers do not depend on who asks (two threads may each compute one: the same)."""
    return per_list(_SIGHTS, terrain, _Sight, 32)


def elevated(state: ClickWarsState, x: float, y: float) -> bool:
    """CW-RNG-3, §8.3: a unit is elevated when its centre is on a hill."""
    sight = _sight(state.terrain)
    known = sight.high.get((x, y))
    if known is None:
        known = any(contains(shape, x, y) for shape in sight.hills)
        if len(sight.high) >= _Sight.SEEN:
            sight.high.clear()
        sight.high[(x, y)] = known
    return known


def terrain_blocks(state: ClickWarsState, a: XY, b: XY) -> bool:
    """Solid blockers (any length) and more than 5 cm of wood block sight (§8.3)."""
    sight = _sight(state.terrain)
    key = (a[0], a[1], b[0], b[1])
    known = sight.seen.get(key)
    if known is None:
        known = _terrain_blocks(sight.blockers, a, b)
        if len(sight.seen) >= _Sight.SEEN:
            sight.seen.clear()
        sight.seen[key] = known
    return known


def _terrain_blocks(blockers: list[tuple[float, float, float, float, bool, Shape]], a: XY, b: XY) -> bool:
    woods = []
    ax, ay = a
    bx, by = b
    lox, hix = (ax, bx) if ax <= bx else (bx, ax)
    loy, hiy = (ay, by) if ay <= by else (by, ay)
    for x0, y0, x1, y1, solid, shape in blockers:
        if hix < x0 or lox > x1 or hiy < y0 or loy > y1:
            continue  # the segment's box misses the piece's box
        if solid:
            if seg_crosses(a, b, shape):
                return True
        else:
            woods.append(shape)
    # §8.3, OUR READING: "runs more than 5 cm inside a wood" counts the cm inside every wood the line
    # crosses, summed, not the depth of each wood alone: two thin woods one behind the other hide as
    # well as one thick wood (docs/rules/clickwars.md, "Readings").
    return bool(woods) and length_inside(a, b, woods) > WOOD_SEE_DEPTH_CM + 1e-9


def figures_block(state: ClickWarsState, shooter: Unit, target: Unit) -> bool:
    """Another base on the line blocks a non-artillery shooter (§8.3)."""
    ax, ay = shooter.x, shooter.y
    bx, by = target.x, target.y
    dx, dy = bx - ax, by - ay  # type: ignore[operator]
    qq = dx * dx + dy * dy
    lox, hix = (ax, bx) if ax <= bx else (bx, ax)  # type: ignore[operator]
    loy, hiy = (ay, by) if ay <= by else (by, ay)  # type: ignore[operator]
    skip = (
        shooter.id,
        target.id,
        shooter.gun,
        target.gun,
    )  # gun and crewman are one artillery unit (CW-GEN-1)
    for o in state.units.values():  # the box tests first: most bases lie beside the line
        ox = o.x
        if ox is None:
            continue
        r = o.radius
        if ox + r < lox or ox - r > hix:  # type: ignore[operator]
            continue
        oy = o.y
        if oy + r < loy or oy - r > hiy or not o.alive or o.id in skip:  # type: ignore[operator]
            continue
        t = ((ox - ax) * dx + (oy - ay) * dy) / qq if qq else 0.0  # type: ignore[operator]
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        ex, ey = ox - ax - t * dx, oy - ay - t * dy  # type: ignore[operator]
        rr = r - 1e-6
        if ex * ex + ey * ey < rr * rr:
            if o.side != target.side and engaged(o, target):
                continue  # figures engaged with the target never hide it
            return True
    return False


def line_of_sight(state: ClickWarsState, shooter: Unit, target: Unit) -> bool:
    """CW-LOS-1 via §8.3; a gun sees over troops (CW-ART-2)."""
    if terrain_blocks(state, shooter.xy, target.xy):
        return False
    if shooter.is_gun:
        return True
    return not figures_block(state, shooter, target)


def sight_line(state: ClickWarsState, shooter: Unit, target: Unit) -> tuple[Sight, float]:
    """The line of sight `line_of_sight` judges, told (`/why`): clear, or what blocks it first (a
    solid piece, the woods together, another base), near where on the line; and the cm of wood it
    runs through. Asked only when a shot is decided (never by the legal sample), so it may take its
    time; it answers as `line_of_sight` does (a test holds them together)."""
    a, b = shooter.xy, target.xy
    woods = [p for p in state.terrain if p.sight not in ("none", "solid")]
    wood_cm = round(length_inside(a, b, [p.shape for p in woods]), 1) if woods else 0.0
    for piece in state.terrain:
        if piece.sight == "solid" and seg_crosses(a, b, piece.shape):
            return _blocked(a, b, piece.id, piece.shape.bbox()), wood_cm
    if woods and length_inside(a, b, [p.shape for p in woods]) > WOOD_SEE_DEPTH_CM + 1e-9:
        crossed = [p for p in woods if length_inside(a, b, [p.shape]) > 1e-6]
        return _blocked(a, b, ", ".join(p.id for p in crossed), crossed[0].shape.bbox()), wood_cm
    if not shooter.is_gun and figures_block(state, shooter, target):
        skip = (shooter.id, target.id, shooter.gun, target.gun)
        bases = [o for o in state.units.values() if o.placed and o.alive and o.id not in skip]
        for o in sorted(bases, key=lambda o: math.hypot(o.x - a[0], o.y - a[1])):  # type: ignore[operator]
            if _on_line(a, b, o) and not (o.side != target.side and engaged(o, target)):
                box = (o.x - o.radius, o.y - o.radius, o.x + o.radius, o.y + o.radius)  # type: ignore[operator]
                return _blocked(a, b, o.id, box), wood_cm
    return Sight(frm=a, to=b, clear=True), wood_cm


def _on_line(a: XY, b: XY, o: Unit) -> bool:
    """Whether the segment a-b passes inside `o`'s base (as `figures_block` reads it)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    qq = dx * dx + dy * dy
    t = ((o.x - a[0]) * dx + (o.y - a[1]) * dy) / qq if qq else 0.0  # type: ignore[operator]
    t = min(1.0, max(0.0, t))
    ex, ey = o.x - a[0] - t * dx, o.y - a[1] - t * dy  # type: ignore[operator]
    return ex * ex + ey * ey < (o.radius - 1e-6) ** 2


def _blocked(a: XY, b: XY, by: str, box: tuple[float, float, float, float]) -> Sight:
    """A blocked sight: `by`, at the point of the line nearest the blocker's middle."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    qq = dx * dx + dy * dy
    t = min(1.0, max(0.0, ((cx - a[0]) * dx + (cy - a[1]) * dy) / qq)) if qq else 0.0
    return Sight(frm=a, to=b, clear=False, by=by, at=(round(a[0] + t * dx, 1), round(a[1] + t * dy, 1)))


def weapon_range(state: ClickWarsState, shooter: Unit, weapon: Weapon) -> float:
    """CW-RNG-3: the weapon's range, +10 cm from a hill (a gun measures from the gun piece, §8.8)."""
    bonus = HILL_BONUS_CM if elevated(state, shooter.x, shooter.y) else 0.0  # type: ignore[arg-type]
    return weapon.range_cm + bonus


def profile_letter(u: Unit) -> str:
    return PROFILES[u.profile].letter
