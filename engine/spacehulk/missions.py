"""Missions: the map, the forces, reinforcements, usable entry areas and win/lose predicates.

A mission is data (a frozen pydantic model stored in the game's first event), so generated missions
(the Deathwing generator, campaigns) replay from the log like the built-in ones. Predicates are
checked at three moments (SHB-12.7): "immediate" after every action (kills, escapes, burns, deaths),
"marine_phase_end" at the end of the Marine action phase and "end_phase" in the end phase (turn
boundaries: sealed entry areas, surviving N turns, the turn limit).

Reading: when a win and a loss become true at the same moment, the win is reported (the Marines
achieved their objective with their last act); draw predicates come between the two. The turn limit is a Marine loss checked after the win
predicates of the end phase.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Outcome

from .board import Board, Facing, Square
from .board.mapfile import map_text, parse_cached
from .dw_types.timer import ForceTimer
from .weapons import MeleeName, WeaponName, weapon_of

if TYPE_CHECKING:
    from .state import SpaceHulkState

Moment = Literal["immediate", "marine_phase_end", "end_phase"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        return self  # immutable: sharing is safe and keeps state copies cheap


class MarineSpec(_Frozen):
    """One Terminator of the mission's force."""

    name: str
    weapon: WeaponName | None = "storm_bolter"  # None: lightning claws or thunder hammer only
    sergeant: bool = False
    captain: bool = False  # DW-CAP-1
    mastery: int = Field(default=0, ge=0, le=4)  # a Librarian's level (DW-LIB-2)
    melee: MeleeName | None = None  # None: power glove
    shield: bool = False
    grenades: int = 0  # a grenade launcher's shots (the Captain's: 10, DW-GL-3)
    reloads: int = 0  # spare magazines or tanks (DW-AC-7, DW-HF-1)
    squad: str = "A"
    square: Square | None = None  # None: the next deployment mark of the map, in reading order
    facing: Facing | None = None


class KillStealers(_Frozen):
    """Win: N Genestealers killed (blips count their value, SHB-10.10)."""

    kind: Literal["kill"] = "kill"
    count: int


class SealEntries(_Frozen):
    """Win at a turn boundary: every usable entry square has a Marine within the lurk distance (SHB-12.2)."""

    kind: Literal["seal"] = "seal"


class EscapeMarines(_Frozen):
    """Win: N Marines left the board through exits (SHB-1.6)."""

    kind: Literal["escape"] = "escape"
    count: int


class FlameSections(_Frozen):
    """Win: every listed section flamed at least once (SHB-12.1, SHB-12.4)."""

    kind: Literal["flame"] = "flame"
    sections: tuple[str, ...]


class SurviveTurns(_Frozen):
    """Win: the end phase of turn N is reached (SHB-12.6)."""

    kind: Literal["survive"] = "survive"
    turns: int


class ScenarioGoal(_Frozen):
    """A Mission Generator scenario's end state (DW-SC1 .. DW-SC6, A-35), tested by
    `goal_met`; the outcome's reason names the goal (spacehulk.win.<goal>)."""

    kind: Literal["scenario"] = "scenario"
    goal: str
    count: int = 0


WinCondition = Annotated[
    KillStealers | SealEntries | EscapeMarines | FlameSections | SurviveTurns | ScenarioGoal,
    Field(discriminator="kind"),
]


class AllMarinesDead(_Frozen):
    """Loss: no Marine left on the board (dead or gone through an exit)."""

    kind: Literal["all_dead"] = "all_dead"


class NoFlamerAmmo(_Frozen):
    """Loss: no living heavy flamer has a shot left (SHB-12.1, SHB-12.4)."""

    kind: Literal["no_flamer"] = "no_flamer"


class MarinesBelow(_Frozen):
    """Loss: living plus escaped Marines fall below N (SHB-12.5)."""

    kind: Literal["below"] = "below"
    count: int


class StealerOn(_Frozen):
    """Loss: a Genestealer stands on any listed square (SHB-12.6 ducting)."""

    kind: Literal["stealer_on"] = "stealer_on"
    squares: tuple[Square, ...]


class SectionBurned(_Frozen):
    """Loss: any listed section set alight (SHB-12.6 control room)."""

    kind: Literal["burned"] = "burned"
    sections: tuple[str, ...]


LoseCondition = Annotated[
    AllMarinesDead | NoFlamerAmmo | MarinesBelow | StealerOn | SectionBurned | ScenarioGoal,
    Field(discriminator="kind"),
]


class Mission(_Frozen):
    """A playable mission (SHB-12.7)."""

    id: str
    name: str
    map_name: str
    map_text: str
    marines: tuple[MarineSpec, ...]
    start_blips: int = 0
    reinforcements: int = 2
    reinforcement_schedule: dict[int, int] = {}  # turn -> blips, overriding `reinforcements`
    entry_areas: tuple[str, ...] | None = None  # None: every entry area of the map
    blip_bag: dict[int, int] | None = None  # SHB-10.2 mission override
    flamer_shots: int = 6  # SHB-9.1 (Defend: 4)
    win: tuple[WinCondition, ...]
    draw: tuple[WinCondition, ...] = ()  # e.g. Rescue: a damaged C.A.T. carried off gives a draw (SHB-12.3)
    lose: tuple[LoseCondition, ...] = (AllMarinesDead(),)
    last_turn: int | None = None  # the Marines lose when this turn's end phase passes without a win
    deathwing: bool = False  # a Deathwing mission: playing it turns the expansion on
    teleport: bool = False  # Marines may teleport out (DW-TEL-1)
    securing: bool = False  # Marines may secure entry areas (DW-SEC-1)
    force_timer: ForceTimer | None = None  # the Force List timer replaces the base timer (DW-TMR-1, A-16)
    # A Deathwing campaign's penalties after a lost Raid (campaign/missions.py, DW-CMP-16):
    cp_penalty: int = 0  # command points less each turn, never below 0
    timer_cut_s: int = 0  # seconds off every turn's time, never below 30 s
    psychic_halved: bool = False  # every Librarian starts with half his psychic points
    # The Mission Generator (scenarios.py): the D6 rolls, the scenario and the squares its rules name.
    scenario: str | None = None
    rolls: dict[str, int] = {}  # e.g. {"scenario": 3, "force": 5} (DW-GEN-1, DW-GEN-4), public
    blip_total: int | None = None  # blips for the whole scenario (DW-GEN-4); None: no limit
    ambush_allowed: bool = True  # the scenario allows ambush markers (DW-SC3: none)
    ambush_limit: int | None = None  # ambush markers per scenario (DW-GEN-5: 4)
    # DW-SOLO-7: the turns at whose start the solo rules draw an ambush result, where a mission fixes
    # them («Si la misión te dice cuándo se deben colocar los marcadores de emboscada ... no hagas la
    # tirada»); () = none fixed: the D6 schedule of DW-SOLO-5 and DW-SOLO-7.
    ambush_turns: tuple[int, ...] = ()
    secured_start: tuple[str, ...] = ()  # entry areas secured before play (DW-SC3)
    teleport_unlock: int | None = None  # teleporting out waits for this many Genestealers (DW-SC1, A-35)
    teleport_squares: tuple[Square, ...] | None = None  # teleport only from these squares (DW-SC5)
    marine_corridors: tuple[tuple[Square, ...], ...] = ()  # deployment corridors (DW-GEN-3, DW-SC3)
    # the geotile port each corridor runs from ((slot x, slot y), side), so it can grow (DW-GEN-7)
    corridor_ports: tuple[tuple[tuple[int, int], str], ...] = ()
    objective: tuple[Square, ...] = ()  # the cryo tanks to destroy (DW-SC4) or the control room (DW-SC5)
    # The campaign Raid (DW-CMP-14): the squads fielded; the first time a Marine sees the cryo tanks
    # (`objective`) the Magi D6 is rolled, and lower than this number they have escaped. 0: no roll.
    magi_squads: int = 0
    perimeter: tuple[str, ...] = ()  # the entry areas to secure (DW-SC2, A-35)
    layout: tuple[tuple[int, int, int, int], ...] = ()  # geotiles: (tile, quarter turns, slot x, slot y)
    # Cloud Runner boards 1-9: geotile 10's cryo tanks are a weapons cache (DW-CR-6)
    cache: tuple[Square, ...] = ()

    @property
    def board(self) -> Board:
        return parse_cached(self.map_text)

    def reinforcements_for(self, turn: int) -> int:
        """Blips arriving in this turn's reinforcement phase (SHB-10.3)."""
        return self.reinforcement_schedule.get(turn, self.reinforcements)

    def usable_areas(self) -> tuple[str, ...]:
        """Entry areas the Genestealer player may use (SHB-10.3)."""
        ids = tuple(self.board.entries)
        return ids if self.entry_areas is None else tuple(a for a in ids if a in self.entry_areas)

    def check(self, state: SpaceHulkState, moment: Moment, helpers: Checks) -> Outcome | None:
        """The outcome reached at this moment, if any."""
        found = self._check(state, moment, helpers)
        if found is not None and self.scenario == "cloud_runner":  # DW-CR-10: the results table, win or lose
            found = found.model_copy(update={"params": result_params(state)})
        return found

    def _check(self, state: SpaceHulkState, moment: Moment, helpers: Checks) -> Outcome | None:
        for cond in self.win:
            if _win_met(cond, state, moment, helpers):
                return Outcome(
                    winners=("marine",), reason=f"spacehulk.win.{_name(cond)}", params=_params(cond)
                )
        for cond in self.draw:
            if _win_met(cond, state, moment, helpers):
                return Outcome(winners=(), reason=f"spacehulk.draw.{_name(cond)}", params=_params(cond))
        for lose in self.lose:
            if _lose_met(lose, state, helpers):
                return Outcome(
                    winners=("genestealer",), reason=f"spacehulk.lose.{_name(lose)}", params=_params(lose)
                )
        last = state.options.variants.turn_limit or self.last_turn
        if moment == "end_phase" and last is not None and state.turn >= last:
            return Outcome(winners=("genestealer",), reason="spacehulk.lose.turns", params={"turns": last})
        return None


class Checks:
    """State queries a mission predicate may need (injected by the rules to avoid an import cycle)."""

    def __init__(self, sealed: Callable[[], bool]) -> None:
        self.sealed = sealed


def _name(cond: BaseModel) -> str:
    return cond.goal if isinstance(cond, ScenarioGoal) else cond.kind  # type: ignore[attr-defined, no-any-return]


def _params(cond: BaseModel) -> dict[str, Any]:
    return {k: v for k, v in cond.model_dump().items() if k not in ("kind", "goal")}


def _win_met(cond: WinCondition, state: SpaceHulkState, moment: Moment, helpers: Checks) -> bool:
    match cond:
        case KillStealers(count=n):
            return state.kills >= n
        case EscapeMarines(count=n):
            return len(state.escaped) >= n
        case FlameSections(sections=secs):
            return all(s in state.flamed_sections for s in secs)
        case SurviveTurns(turns=n):
            return moment == "end_phase" and state.turn >= n
        case SealEntries():
            return moment == "end_phase" and helpers.sealed()
        case ScenarioGoal(goal="held"):  # DW-SC3: read at the end phase, as SurviveTurns
            return moment == "end_phase" and goal_met(cond, state)
        case ScenarioGoal():
            return goal_met(cond, state)
    return False


def _lose_met(cond: LoseCondition, state: SpaceHulkState, helpers: Checks) -> bool:
    marines = [p for p in state.pieces.values() if p.kind == "marine"]
    match cond:
        case AllMarinesDead():
            return not marines
        case NoFlamerAmmo():
            return not any(weapon_of(p).flame and p.ammo > 0 for p in marines)
        case MarinesBelow(count=n):
            return len(marines) + len(state.escaped) + len(state.teleported) < n  # DW-TEL-2
        case StealerOn(squares=squares):
            return any(p.kind == "genestealer" and p.pos in squares for p in state.pieces.values())
        case SectionBurned(sections=secs):
            return any(s in state.flamed_sections for s in secs)
        case ScenarioGoal():
            return goal_met(cond, state)
    return False


def _purge() -> Mission:
    return Mission(
        id="purge",
        name="Purge (test mission)",
        map_name="purge",
        map_text=map_text("purge"),
        marines=(
            MarineSpec(name="Sergeant Lorenzo", sergeant=True),
            MarineSpec(name="Brother Deino"),
            MarineSpec(name="Brother Zael", weapon="heavy_flamer"),
            MarineSpec(name="Brother Goriel"),
        ),
        start_blips=2,
        reinforcements=2,
        win=(KillStealers(count=8), SealEntries()),
        lose=(AllMarinesDead(),),
        last_turn=6,
    )


def _deathwing_purge() -> Mission:
    """The test mission on two levels (a ladder, rubble, a crate) with a Deathwing command squad that may
    secure entry areas (DW-CAP-1, DW-LIB-1, DW-AC-7, DW-SS-1, DW-SEC-1)."""
    return _purge().model_copy(
        update={
            "id": "deathwing_purge",
            "name": "Purge, Deathwing command squad (test mission)",
            "map_name": "deathwing_decks",
            "map_text": map_text("deathwing_decks"),
            "deathwing": True,
            "securing": True,
            "marines": (
                MarineSpec(name="Captain Azrael", captain=True, melee="power_sword", grenades=10),
                MarineSpec(name="Librarian Ezekiel", mastery=2, melee="force_axe"),
                MarineSpec(name="Brother Zael", weapon="assault_cannon", reloads=1),
                MarineSpec(name="Brother Goriel", weapon=None, melee="thunder_hammer", shield=True),
            ),
        }
    )


MISSIONS: dict[str, Callable[[], Mission]] = {"purge": _purge, "deathwing_purge": _deathwing_purge}
"""Built-in missions by id (built on demand: the map text is read from the package)."""


def get_mission(mission_id: str) -> Mission:
    """A built-in mission; raises KeyError naming the id."""
    if mission_id not in MISSIONS:
        raise KeyError(f"unknown Space Hulk mission {mission_id!r}; known: {sorted(MISSIONS)}")
    return MISSIONS[mission_id]()


# --- the Mission Generator's ids (DW-GEN-1) and the scenarios' end states (DW-SC1 .. DW-SC6, A-35) ------

SCENARIO_D6: dict[int, str] = {
    1: "reconnaissance",
    2: "establish_perimeter",
    3: "defend_perimeter",
    4: "raid",
    5: "escape",
    6: "search_and_destroy",
}  # DW-GEN-1
GENERATED: dict[str, str | None] = {
    "dw_generator": None,
    **{f"dw_{name}": name for name in SCENARIO_D6.values()},
    "dw_cloud_runner": "cloud_runner",  # the solo mission (cloud_runner.py, DW-CR-1 .. DW-CR-10)
}


BLIP_AP = 6  # SHB-4.1: a blip's action points a turn, 1 a square (SHB-10.5)
HELD_SPARE = 1  # one turn more: a forced lurk (SHB-10.4) or doors on the way


def held_turn(mission: Mission) -> int | None:
    """DW-SC3, "Marine wins by preventing it" (OUR RESOLUTION, beside A-35): the last turn the
    Genestealers have to reach a Marine entry corridor. None when the mission has no blip total.

    The scenario names no turn limit, and the A-35 end (the total spent and nothing Genestealer left)
    can be put off for ever by the Genestealer side alone: it may bring fewer blips or none (DW-GEN-4),
    a blip may lurk off the board indefinitely (SHB-10.4) where no Marine can reach it, and a
    Genestealer may keep away. Space Hulk bounds its own defence mission by turns (SHB-12.6, Defend:
    survive to the end of turn 16; its blips keep coming, 2 a turn, SHB-10.3, till then). So the
    Marine has prevented it once the Genestealers have had every chance: the turn by which the whole
    blip total could have arrived at the D6's rate (DW-GEN-4: ceil(total / per turn)), plus the turns
    a blip arriving then needs to walk from the farthest entry area to the nearest corridor square
    (1 AP to come on, 1 a square, 6 AP a turn: SHB-10.4, SHB-10.5), plus HELD_SPARE. The Marine wins
    at the end of that turn if no Genestealer has entered a corridor; a table's `turn_limit` is
    another matter (it ends the game for the Genestealers, as in every mission)."""
    total, per_turn = mission.blip_total, mission.reinforcements
    if total is None or per_turn <= 0 or not mission.marine_corridors:
        return None
    key = (mission.map_text, mission.marine_corridors, mission.entry_areas, total, per_turn)
    known = _HELD.get(key)
    if known is None:
        board = mission.board
        corridor = {sq for run in mission.marine_corridors for sq in run}
        far = 10**9
        walk = 0
        for area in mission.usable_areas():
            dist = board.walk_distances(board.entries[area].square, far)
            near = min((dist[sq] for sq in corridor if sq in dist), default=None)
            if near is not None:
                walk = max(walk, near)
        arrive = -(-total // per_turn)
        known = arrive + -(-(1 + walk) // BLIP_AP) + HELD_SPARE
        if len(_HELD) > 64:
            _HELD.clear()
        _HELD[key] = known
    return known


_HELD: dict[tuple[object, ...], int] = {}


def goal_met(goal: ScenarioGoal, state: Any) -> bool:
    """Whether a scenario end state holds now (DW-SC1 .. DW-SC6, A-35); "held" is read at the end
    phase only (`_win_met`)."""
    m = state.mission
    tally = state.tally
    pieces = state.pieces.values()
    on_board = [p for p in pieces if p.kind == "marine"]
    force = len(on_board) + len(state.teleported) + len(state.escaped) + tally.get("marines_lost", 0)
    match goal.goal:
        case "recon_out":
            return (not on_board and bool(state.teleported) and tally.get("seen", 0) > 0) and tally.get(
                "marines_lost", 0
            ) <= 1
        case "recon_draw":
            return not on_board and tally.get("marines_lost", 0) < 2
        case "recon_kills":
            return tally.get("marines_lost", 0) >= goal.count
        case "perimeter":
            return all(a in state.secured for a in m.perimeter)
        case "corridor":
            squares = {sq for run in m.marine_corridors for sq in run}
            return any(p.kind != "marine" and p.pos in squares for p in pieces)
        case "wiped":
            spent = m.blip_total is not None and tally.get("blips", 0) >= m.blip_total
            return spent and not any(p.kind != "marine" for p in pieces)
        case "tanks":
            return bool(m.objective) and all(sq in state.wrecked for sq in m.objective)
        case "escaped_half":
            return force > 0 and len(state.teleported) >= -(-force // 2)
        case "escape_failed":
            return force > 0 and len(on_board) + len(state.teleported) < -(-force // 2)
        case "all_secured":
            return all(a in state.secured for a in m.usable_areas())
        case "leader":  # DW-CR-10
            return tally.get("leader", 0) > 0
        case "fallen":  # Cloud Runner: no Marine left (the results table is shown, DW-CR-10)
            return not on_board
        case "held":  # DW-SC3: the Genestealers' last turn has ended (held_turn) and none got in
            last = held_turn(m)
            # the corridor end is read first after every action; read here too, so that the order in
            # which a mission lists its ends (wins before losses) cannot turn a loss into "held"
            return (
                last is not None and state.turn >= last and not goal_met(ScenarioGoal(goal="corridor"), state)
            )
    raise ValueError(f"unknown scenario goal {goal.goal!r}")


# --- Cloud Runner's results table (DW-CR-10), shown with its outcome, win or lose ---------------------

RESULTS: tuple[tuple[int, str], ...] = (
    (100, "heroic"),
    (76, "famous"),
    (51, "ordinary"),
    (21, "badly"),
    (0, "incompetence"),
)  # DW-CR-10: the fewest kills of each row, best first (A-32: rows split by sentence flow)


def result_of(kills: int) -> str:
    """DW-CR-10: the results-table row for this many Genestealers killed."""
    return next(row for least, row in RESULTS if kills >= least)


def result_params(state: SpaceHulkState) -> dict[str, Any]:
    return {"kills": state.kills, "result": result_of(state.kills), "board": state.tally.get("board", 1)}
