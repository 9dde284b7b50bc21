"""The campaign state: the bids, the roster on its squad sheets, the torpedoes, the blip pool, the
current mission and the history (deathwing.md §2.11, §5 "Persistence").

Secrets live in plainly named fields: `bids` (each seat's bid until both are in) and `fielded` while
`phase == "stance"` (the Marine player's written choice for Defend Perimeter, DW-CMP-12). The roster
is public, casualties too (deathwing.md §5).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core import Outcome, Seat, State

from ..missions import MarineSpec
from .options import CampaignOptions

Scenario = Literal["reconnaissance", "establish_perimeter", "defend_perimeter", "raid", "search_and_destroy"]
ORDER: tuple[Scenario, ...] = (
    "reconnaissance",
    "establish_perimeter",
    "defend_perimeter",
    "raid",
    "search_and_destroy",
)  # DW-CMP-7
Phase = Literal["bids", "force", "choose", "stance", "mission", "lose_squad", "over"]
Result = Literal["won", "lost", "draw", "held"]
TABLE: Seat = "table"
"""The seat that reports a finished mission: the platform (or a test), never a player."""
BLIP_POOL = 125  # DW-CMP-5
TORPEDOES = 4  # DW-CMP-10
TORPEDO_BERTHS = 5  # DW-CMP-10, A-36
SQUAD_CAP = 5  # DW-CMP-4
BLIPS_PER_TURN = 2  # DW-CMP-5
AMBUSH_LIMIT = 4


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        return self  # immutable: sharing keeps state copies cheap


class Member(_Frozen):
    """One Terminator on the squad sheets: `id` is stable for the whole campaign."""

    id: str
    spec: MarineSpec
    dead: bool = False

    @property
    def role(self) -> str:
        if self.spec.captain:
            return "captain"
        if self.spec.sergeant:
            return "sergeant"
        return "librarian" if self.spec.mastery else "brother"

    @property
    def leader(self) -> bool:
        return self.spec.captain or self.spec.sergeant


class Squad(_Frozen):
    """A squad sheet: its box, its size as bought, and its members (the dead stay on the sheet)."""

    id: str
    box: str  # command, heavy, standard, assault, recon (DW-FL-2)
    size: int  # Marines as bought
    members: tuple[str, ...]
    guarding: bool = False  # DW-CMP-13: held back in Defend Perimeter, for the rest of the campaign
    lost: bool = False  # DW-CMP-13: the squad a Defend Perimeter defeat cost
    disbanded: bool = False  # DW-CMP-4


class MissionBrief(_Frozen):
    """What the next mission table needs from the campaign: the scenario, the Marines fielded (each
    `MarineSpec.name` is the member id, `squad` his squad), the blip pool left and the penalties."""

    scenario: Scenario
    number: int  # missions opened so far, this one included
    attempt: int  # 1 + replays of this scenario (DW-CMP-9, DW-CMP-17)
    squads: tuple[str, ...]
    marines: tuple[MarineSpec, ...]
    blips_left: int  # DW-CMP-5: the scenario's total is what is left of the 125
    blips_per_turn: int = BLIPS_PER_TURN
    ambush_limit: int = AMBUSH_LIMIT  # outside the 125
    turn_seconds: int  # DW-TMR-1 with N = leaders fielded, less the Raid penalty (DW-CMP-16)
    timer_points: int = 1  # bought once
    timer_cut_s: int = 0  # what the table takes off the Force List table's time to give turn_seconds
    cp_penalty: int = 0  # DW-CMP-16 (1): -3 CP each turn, never below 0
    halve_psychic: bool = False  # DW-CMP-16 (3)
    board: str | None = None  # the map text to play on (DW-CMP-9 kept board, DW-CMP-11); None: new
    secured: tuple[str, ...] = ()  # DW-CMP-11: areas secured from the start
    lost_before: int = 0  # DW-CMP-8: Marines killed teleporting in count as scenario losses
    teleport_from_entry: bool = False  # DW-CMP-15: teleport out from the Marine entry areas


class MissionRecord(_Frozen):
    """One line of the campaign's history."""

    scenario: Scenario
    number: int
    attempt: int
    result: Result  # the Marine player's result
    squads: tuple[str, ...]
    dead: tuple[str, ...]
    blips: int
    magi_roll: int | None = None  # DW-CMP-14


class CampaignState(State):
    """The whole campaign (deathwing.md §5 "The campaign record")."""

    game: str = "dw_campaign"
    options: CampaignOptions = CampaignOptions()
    phase: Phase = "bids"
    sides: dict[str, Seat] = {"marine": "marine", "genestealer": "genestealer"}
    bids: dict[Seat, int] = {}  # secret until both are in (DW-CMP-1)
    bid_round: int = 1
    revealed: dict[Seat, int] = {}  # the last bids shown together (public)
    budget: int | None = None
    cost: int = 0
    timer_points: int = 1  # bought once
    members: dict[str, Member] = {}
    squads: dict[str, Squad] = {}
    torpedoes: int = TORPEDOES
    blips_used: int = 0
    scenario: Scenario = "reconnaissance"
    number: int = 0
    attempt: int = 0
    fielded: tuple[str, ...] = ()  # secret while phase == "stance" (DW-CMP-12)
    keep_board: bool = False
    brief: MissionBrief | None = None
    last_played: tuple[str, ...] = ()  # member ids of the last scenario played (DW-CMP-2)
    last_board: str | None = None  # the last Establish Perimeter board (DW-CMP-9)
    perimeter_board: str | None = None  # the board Establish Perimeter was won on (DW-CMP-11)
    perimeter: tuple[str, ...] = ()  # the areas whose securing won it (DW-CMP-11, A-45)
    raid_lost: bool = False  # DW-CMP-16
    history: list[MissionRecord] = []
    outcome: Outcome | None = None

    def seat_of(self, side: str) -> Seat:
        return self.sides[side]

    def side_of(self, seat: Seat) -> str | None:
        return next((side for side, s in self.sides.items() if s == seat), None)

    def alive(self, squad: str) -> list[str]:
        """The squad's surviving members."""
        return [m for m in self.squads[squad].members if not self.members[m].dead]

    def available(self, squad: str) -> bool:
        """DW-CMP-2, DW-CMP-4, DW-CMP-13, A-43: survivors, not guarding, none in the last scenario played."""
        sheet = self.squads[squad]
        alive = self.alive(squad)
        if sheet.guarding or sheet.lost or sheet.disbanded or not alive:
            return False
        return not any(m in self.last_played for m in alive)

    def available_squads(self) -> list[str]:
        return [s for s in self.squads if self.available(s)]

    @property
    def blips_left(self) -> int:
        return max(0, BLIP_POOL - self.blips_used)
