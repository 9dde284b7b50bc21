"""The move sample's memo: a unit's sampled moves depend only on what lies near it, so a sample is
kept per unit and reused while nothing it read has changed (legal.py's `_moves` draws them).

A sample records what it read of the other bases as it reads them, in one `Reads`: the rays its
moves were cast along and the corridors its tried moves, its crewman's and its charge swept. The
memo compares each unit with the last call's by identity first (units are immutable: a unit that is
the same object has the same fields), then by the fields the samples read (`ROW`), and drops the
samples a changed unit may alter (`_touches`). Exact: the same sample as drawn afresh
(tests/engine/clickwars/test_speed_paths.py).
"""

from __future__ import annotations

import itertools
import math
import operator
import threading
from collections.abc import Callable
from typing import Any

from engine.core import Action
from engine.core.shapes import seg_point_distance

from .armies import CHARGE_CM, GUN_PROFILES, MOVE_CM, PROFILES
from .checks import CREW_WALK_CM
from .los import MAX_REACH_CM
from .movement import SNAP_SLACK_CM, Bases
from .state import XY, ClickWarsState, Seat, Unit
from .terrain import Area


class Reads:
    """What one unit's sample read of the other bases, recorded as it reads them: the straight moves
    cast from its centre (`Surroundings.run` stops at the nearest base it meets: a base changes the
    answer only if met before that stop, or if it was the stop) and the corridors its tried moves,
    its crewman's and its charge swept (`check_move`, `check_charge` read the bases overlapping
    them)."""

    __slots__ = ("casts", "corridors")

    def __init__(self) -> None:
        self.casts: list[tuple[float, float, float]] = []
        self.corridors: list[tuple[float, float, float, float, float]] = []

    def ray(self, dx: float, dy: float, went: float) -> None:
        """A straight move cast along the unit vector (dx, dy) read the bases up to `went` cm."""
        self.casts.append((dx, dy, went))

    def corridor(self, x0: float, y0: float, x1: float, y1: float, r: float) -> None:
        """The bases a base of radius `r` swept from (x0, y0) to (x1, y1) meets, and those at its end."""
        self.corridors.append((x0, y0, x1, y1, r))


NEAR_CM = 12.0  # beyond the move or charge: the largest base (3) twice, the longest reach (3), a crewman
MEMOS = 64
RAY_PAD_CM = 1.0 + SNAP_SLACK_CM  # + both radii: how near `check_charge` sees a base, with a margin
RUN_PAD_CM = 0.5  # added to a base's radius and a move's length: `_stops` errs on the safe side


# A unit as the memo compares it: the fields the samples read, in one tuple (`ROW`).
#
# What of a unit the samples read, x and y first. Another unit's sample reads only its first GEO
# fields: where its base is, whether it stands, its close-combat weapon (the reach of an engagement,
# CW-CC-2), a gun's crew and a crewman's gun (crewing, CW-MOV-5); its profile never changes. Its own
# sample reads all of them up to SELF but its life, of which only whether it is wounded (the way
# home), see `_same_self`. Whether it may move at all this turn (moved, charged last turn, idle) is
# checked before the memo is asked. Its side, id and radius never change (the rules never change
# them); its side picks the units `_moves` walks.
ROW = operator.attrgetter(
    "x", "y", "alive", "melee_broken", "gun", "crew", "profile", "ranged_broken", "side", "max_life", "life",
    "id", "radius", "moved", "idle_turn", "charged_turn",
)  # fmt: skip
X, Y, ALIVE, MELEE_BROKEN, GUN, CREW, PROFILE, RANGED_BROKEN, SIDE, MAX_LIFE, LIFE = range(11)
ID, RADIUS, MOVED, IDLE, CHARGED = range(11, 16)
GEO = 6
SELF = 10
Row = tuple[Any, ...]  # see ROW
TYPE_OF = {name: p.type for name, p in PROFILES.items()}  # Unit.type by profile, as GUN_PROFILES
RANGED_OF = {name: p.ranged for name, p in PROFILES.items()}  # a profile's ranged weapon (Unit.ranged)


def _same_self(a: Row, b: Row) -> bool:
    """Whether a unit's own sample drawn with row `a` holds with row `b`: the same up to SELF, and
    wounded in both or in neither."""
    return a[:SELF] == b[:SELF] and (a[LIFE] < a[MAX_LIFE]) == (b[LIFE] < b[MAX_LIFE])  # type: ignore[operator]


class Memo:
    """The last sample of one table and side, per unit, with the unit fields it was drawn from.

    A unit's sample is a function of its own fields (`_same_self`), its nearest enemy (where it
    stands: GEO), the GEO fields of the units within `_near` of it (every base its moves, charge,
    engagement or crewman could touch) and the table (terrain, size, scenario, roles, edges,
    hostages: the memo's key). Every call reads the fields (`ROW`) of the units that are not the
    same objects as at the last call (units are immutable: the same object, the same fields),
    compares them with the last call's, and drops the samples that a unit whose GEO fields changed
    may alter (`_touches`); a sample is reused only if its unit and its nearest enemy are as they
    were. Exact: the same sample as drawn afresh (tests/engine/clickwars/test_speed_paths.py).

    What a sample read of the other bases is kept with it: its engagement and the guns it could
    crew (within `close` of its centre), and its `Reads`."""

    def __init__(self, seat: Seat, spots: list[XY]) -> None:
        self.seat = seat
        self.spots = spots  # `cover_spots`: a function of the memo's key
        self.fixed: dict[tuple[float, ...], tuple[Any, ...]] = {}  # see `_unit_moves`: of the key too
        self.keys: list[str] = []  # the state's unit ids, in its order, at the last call
        self.objs: list[Unit] = []  # the units themselves (see `update`)
        self.values: list[Row] = []  # their rows, in that order
        self.fields: dict[str, Row] = {}  # the same by id
        self.own: list[Row] = []  # the memo's side's rows, in order
        self.others: list[Row] = []  # the other side's
        # per unit in the state's order: the list its row is in (own, others) and its index there
        self.places: list[tuple[list[Row], int]] = []
        self.index: Bases | None = None  # the placed units' `Bases`, once asked (`bases`)
        # a unit's nearest enemy by where the unit stands, while no enemy has changed (cleared when one does)
        self.nearest: dict[str, tuple[object, object, str | None]] = {}
        # per unit: its row, its nearest enemy and that one's row, the sample, what it read, _near squared
        self.samples: dict[str, tuple[Row, str | None, Row | None, list[Action], Reads, float]] = {}

    def update(self, s: ClickWarsState) -> None:
        units = s.units
        keys = list(units)
        objs = list(units.values())
        # each unit whose row changed: its row now and at the last call (None: new to the memo)
        diff: list[tuple[Row, Row | None]] = []
        gone: list[Row] = []  # the rows of the units no longer in the state
        if keys == self.keys:
            # A unit that is the same object as at the last call has the same row (units are
            # immutable). Only the others are read (in a game, one or two a call), and the rows
            # kept are changed where they are (nothing outside the memo holds these lists).
            others = list(itertools.compress(range(len(objs)), map(operator.is_not, objs, self.objs)))
            if not others:
                return
            self.objs = objs
            values, rows, places = self.values, self.fields, self.places
            for i in others:
                row, was = ROW(objs[i]), values[i]
                if row == was:
                    continue
                values[i] = rows[keys[i]] = row
                side, j = places[i]
                side[j] = row
                diff.append((row, was))
            if not diff:
                return
            if self.index is not None:  # the bases that moved, came or went, changed in the index
                for f, g in diff:
                    if g is not None and g[:3] == f[:3]:  # X, Y, ALIVE (radius, id and side never change)
                        continue
                    if g is not None and g[ALIVE] and g[X] is not None:
                        self.index.remove(g[X], g[ID])
                    if f[ALIVE] and f[X] is not None:
                        self.index.add((f[X], f[Y], f[RADIUS], f[ID], f[SIDE]))
        else:
            now = list(map(ROW, objs))
            self.objs = objs
            if keys == self.keys:
                if now == self.values:
                    return
                diff = [(f, g) for f, g in zip(now, self.values, strict=True) if f != g]
            else:
                old = self.fields
                diff = [(f, old.get(uid)) for uid, f in zip(keys, now, strict=True)]
                gone = [g for uid, g in old.items() if uid not in units]
            self.keys, self.values = keys, now
            self.fields = dict(zip(keys, now, strict=True))
            self.index = None
            self.own, self.others, self.places = [], [], []
            for f in now:  # a unit's side never changes (the rules never change it): its place holds
                side = self.own if f[SIDE] == self.seat else self.others
                self.places.append((side, len(side)))
                side.append(f)
        rows = self.fields
        seat = self.seat
        # the bases whose GEO fields changed, where they are and where they were, each with its row
        # then (a change of life or of a ranged weapon alone is read by that unit's own sample only:
        # `reuse`)
        changed: list[tuple[Row | None, object, object, bool]] = []  # True: where it is now
        enemy = False
        for f, g in diff:
            if g is not None and g[:GEO] == f[:GEO]:
                continue
            changed.append((f, f[X], f[Y], True))
            if g is not None:  # (with its row then: a gun's crew then, see `_touches`)
                changed.append((g, g[X], g[Y], False))
            enemy = enemy or f[SIDE] != seat
        for h in gone:
            changed.append((None, h[X], h[Y], False))
            enemy = True
        if not changed:
            return
        if enemy:
            self.nearest.clear()
        samples = self.samples
        for uid, kept in list(samples.items()):
            drawn, reads, near2 = kept[0], kept[4], kept[5]
            ux, uy = drawn[X], drawn[Y]
            u = rows.get(uid)
            if u is None or ux is None:
                del samples[uid]
                continue
            for o, x, y, now_there in changed:
                if o is None or x is None:
                    del samples[uid]  # a unit gone from the table's list, or not placed (never seen)
                    break
                dx, dy = x - ux, y - uy  # type: ignore[operator]
                if dx * dx + dy * dy <= near2 and _touches(u, o, ux, uy, reads, x, y, now_there):  # type: ignore[arg-type]
                    del samples[uid]
                    break

    def bases(self) -> Bases:
        """`movement.bases_of` the state of the last `update`, from the rows (built once, then kept
        up to date by `update`: a call in a game changes one or two of them)."""
        if self.index is None:
            self.index = Bases(
                [
                    (r[X], r[Y], r[RADIUS], r[ID], r[SIDE])
                    for r in self.values
                    if r[ALIVE] and r[X] is not None
                ]
            )  # type: ignore[misc]
        return self.index

    def reuse(self, uid: str, mine: Row, foe_id: str | None) -> list[Action] | None:
        """The kept sample of unit `uid`, whose row is `mine` now, if it holds with `foe_id` its
        nearest enemy, else None. (Rows that did not change are the same tuples: `is` first.)"""
        kept = self.samples.get(uid)
        if kept is None:
            return None
        drawn, kept_foe, foe_row, sample, _, _ = kept
        if kept_foe != foe_id or not (drawn is mine or drawn == mine or _same_self(drawn, mine)):
            return None
        if foe_id is not None:  # the sample reads where the foe stands, its base and profile, not its life
            now = self.fields[foe_id]
            if foe_row is not now and foe_row != now and foe_row[:GEO] != now[:GEO]:  # type: ignore[index]
                return None
        return sample

    def keep(self, uid: str, mine: Row, foe_id: str | None, sample: list[Action], reads: Reads) -> None:
        near = _near(mine)  # a function of the unit's profile and base
        foe_row = self.fields[foe_id] if foe_id is not None else None
        self.samples[uid] = (mine, foe_id, foe_row, sample, reads, near * near)


_SIDE_OF = operator.itemgetter(SIDE)


def _touches(u: Row, o: Row, ux: float, uy: float, reads: Reads, x: float, y: float, now_there: bool) -> bool:
    """Whether a change of unit `o` (a base that is at (x, y) if `now_there`, else was; `o` its row
    now, or then) may alter the sample of `u` drawn at (ux, uy) that read `reads` (both units' rows):
    an enemy within reach of an engagement (CW-CC-2), an uncrewed own gun (now, or then) within
    reach of walking to it and crewing it (an infantryman serving no gun: the sample reads only the
    side's uncrewed guns, `_uncrewed_guns`; a crewed one is a base like any other), a base met by a
    move's ray before where it stopped (one that comes) or at that stop (one that goes), with both
    radii and the snap's room (`Surroundings.run`), or a base whose radius and the corridor's +
    RAY_PAD_CM come near a corridor."""
    ur, orad = u[RADIUS], o[RADIUS]
    cx, cy = x - ux, y - uy
    d2 = cx * cx + cy * cy
    if o[SIDE] != u[SIDE] or (
        o[CREW] is None
        and o[PROFILE] in GUN_PROFILES
        and u[GUN] is None
        and TYPE_OF[u[PROFILE]] == "infantry"
    ):  # type: ignore[index]
        close = ur + orad + MAX_REACH_CM + 1.0  # type: ignore[operator]
        if o[SIDE] == u[SIDE]:
            close = CREW_WALK_CM + 1.0  # a gun to walk to and crew (CW-ART-8), beyond crewing reach
        if d2 <= close * close:
            return True
    big = ur + orad + SNAP_SLACK_CM + RUN_PAD_CM  # type: ignore[operator]
    casts = reads.casts
    if casts:
        if now_there:  # a base that comes: met before where a move stopped
            if _stops(cx, cy, casts, big):
                return True
        elif _stops(cx, cy, casts, big, True, RUN_PAD_CM):  # one that goes: it was a stop
            return True
    pad = orad + RAY_PAD_CM
    for x0, y0, x1, y1, r in reads.corridors:
        if seg_point_distance(x, y, x0, y0, x1, y1) <= r + pad:
            return True
    return False


def _stops(
    cx: float,
    cy: float,
    casts: list[tuple[float, float, float]],
    big: float,
    at: bool = False,
    pad: float = 0.0,
) -> bool:
    """Whether a base grown to `big` at (cx, cy) from a unit's centre is met by `Surroundings.run`
    along any of `casts` (dx, dy, length) before its length + `pad` (`at`: at it or before), by run's
    own arithmetic: a base behind (or beside) the start, or in contact with it while the move goes
    away from it, is passed over by `run`. `run` answers the nearest stop: a base that comes changes
    its answer only if met before it (a move that went 0 cm stays at 0), one that goes only if it was
    the stop (met at it). A grown base and a longer length only answer True more often (the safe side)."""
    c = cx * cx + cy * cy - big * big
    for dx, dy, length in casts:
        b = -(dx * cx + dy * cy)
        if b >= 0.0:
            continue  # not ahead: `run` skips it (a hit would lie behind the start)
        length += pad
        if c < 0.0:
            if at or length > 0.0:
                return True  # in contact, going toward it: `run` stops at once
            continue
        disc = b * b - c
        if disc <= 0.0:
            continue
        t = -b - math.sqrt(disc)
        if t <= length if at else t < length:
            return True
    return False


def _near(u: Row) -> float:
    """How far from a unit's centre (its row) a change can alter its sample: its longest move or
    charge, plus margins."""
    kind, r = TYPE_OF[u[PROFILE]], u[RADIUS]  # type: ignore[index]
    move = MOVE_CM[kind]
    if kind == "cavalry" and CHARGE_CM > move:  # the longest of its move and its charge
        move = CHARGE_CM
    near = move + r + NEAR_CM
    if kind == "infantry" and CREW_WALK_CM + 1.0 > near:
        near = CREW_WALK_CM + 1.0  # a gun to walk to (CW-ART-8)
    return near


class _Caches(threading.local):
    """The memos, one set per thread. A memo is mutable (`Memo.update` brings it to the state asked
    about), so two threads asking about two states of one table at once (the bot runs engine jobs
    in threads while its worker processes start, beside the event loop's own queries) would each
    read a sample drawn for the other's state. A worker process has one thread: one set, as before."""

    def __init__(self) -> None:
        self.memos: dict[tuple[object, ...], Memo] = {}
        # id -> (the terrain list itself, its token, the pieces it held then)
        self.terrains: dict[int, tuple[list[Area], int, list[Area]]] = {}


_LOCAL = _Caches()
_TOKENS = itertools.count(1)  # next() on a count is atomic under the GIL: tokens stay unique across threads


def memo_for(
    s: ClickWarsState, seat: Seat, goal: XY | None, cover_spots: Callable[[ClickWarsState, Seat], list[XY]]
) -> Memo:
    """The memo of this table and side (a small cache: the oldest is dropped past MEMOS), brought up
    to date with `s`; `cover_spots` gives a new memo its spots (a function of the memo's key)."""
    memos, terrains = _LOCAL.memos, _LOCAL.terrains
    terrain = s.terrain
    known = terrains.get(id(terrain))
    # holding the list keeps its id from being reused; a list changed in place (its pieces no longer
    # those the token was given for) gets a new token, so no sample drawn on the old pieces is served
    if known is None or known[0] is not terrain or known[2] != terrain:
        if len(terrains) >= MEMOS:
            terrains.clear()
            memos.clear()
        known = (terrain, next(_TOKENS), list(terrain))
        terrains[id(terrain)] = known
    options, hostages = s.options, s.hostages
    key = (
        known[1],
        seat,
        options.width,
        options.height,
        options.scenario,
        s.south,
        s.attacker,
        goal,
        tuple((h.id, h.x, h.y) for h in hostages) if hostages else (),
    )
    memo = memos.get(key)
    if memo is None:
        if len(memos) >= MEMOS:
            memos.pop(next(iter(memos)))
        memo = memos[key] = Memo(seat, cover_spots(s, seat))
    memo.update(s)
    return memo
