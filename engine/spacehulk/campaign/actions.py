"""What the seats of a campaign do (imperative). The `table` seat reports a finished mission."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core import Action

from ..dw_types.force import ForceOrder

Side = Literal["marine", "genestealer"]


class Bid(Action):
    """The points this seat would spend on the Marines' whole campaign force (DW-CMP-1)."""

    kind: Literal["campaign_bid"] = "campaign_bid"
    points: int


class BuyForce(Action):
    """The Marine player's whole campaign force on squad sheets, timer points included (DW-CMP-1, A-36)."""

    kind: Literal["buy_force"] = "buy_force"
    order: ForceOrder


class Disband(Action):
    """Disband a squad: each survivor (member id) joins the squad named (DW-CMP-4)."""

    kind: Literal["disband"] = "disband"
    squad: str
    moves: dict[str, str]


class FieldSquads(Action):
    """The squads for the next mission (DW-CMP-2); `new_board` on an Establish Perimeter replay (DW-CMP-9)."""

    kind: Literal["field_squads"] = "field_squads"
    squads: tuple[str, ...]
    new_board: bool = False


class ChooseStance(Action):
    """The Genestealer player's answer to the written Defend Perimeter squads (DW-CMP-12)."""

    kind: Literal["choose_stance"] = "choose_stance"
    attack: bool


class LoseSquad(Action):
    """The non-playing squad a Defend Perimeter defeat costs, chosen by the Marine player (DW-CMP-13)."""

    kind: Literal["lose_squad"] = "lose_squad"
    squad: str


class MissionPlayed(Action):
    """A finished mission table, as the campaign reads it (`missions.report` builds it from the game).

    `winner`: the side that won it (None: a draw). `dead`: member ids killed. `blips`: blips the
    Genestealers used (DW-CMP-5). `tanks_seen` / `tanks_destroyed`: the Raid's cryo tanks (DW-CMP-14);
    `magi_roll`: the Magi D6 the table rolled when a Marine first saw them (None: not rolled there).
    `secured`: the entry areas whose securing won Establish Perimeter; `board`: the map played."""

    kind: Literal["mission_played"] = "mission_played"
    winner: Side | None
    dead: tuple[str, ...] = ()
    blips: int = Field(default=0, ge=0)
    tanks_seen: bool = False
    tanks_destroyed: bool = False
    magi_roll: int | None = Field(default=None, ge=1, le=6)  # DW-CMP-14: rolled by the table when seen
    secured: tuple[str, ...] = ()
    board: str | None = None


CampaignAction = Annotated[
    Bid | BuyForce | Disband | FieldSquads | ChooseStance | LoseSquad | MissionPlayed,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[CampaignAction] = TypeAdapter(CampaignAction)
