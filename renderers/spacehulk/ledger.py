"""The Deathwing campaign's ledger (issue 28 item 4, `/campaign ledger`): the campaign's whole life
from its public log, mission by mission (DW-CMP-3: each mission's result and casualties are logged),
with the boarding torpedoes spent (DW-CMP-10), the squads lost (DW-CMP-13), and the outcome.

Each mission's block is the narration of its own events (the same sentences the table's thread
showed), then the dead by name; a last block adds it all up."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import Event
from engine.spacehulk.campaign.events import (
    CampaignEnded,
    ForceBought,
    MissionOpened,
    MissionRecorded,
    SidesChosen,
    SquadLost,
    StanceChosen,
    TeleportRolled,
    TorpedoesLaunched,
)
from engine.spacehulk.campaign.state import TORPEDOES
from renderers.i18n import t

LEDGER_EVENTS = (
    SidesChosen,
    ForceBought,
    MissionOpened,
    TorpedoesLaunched,
    TeleportRolled,
    StanceChosen,
    MissionRecorded,
    SquadLost,
)


def campaign_ledger(
    events: Sequence[Event], lang: str, narrate: Callable[[Event, str], str | None]
) -> list[str]:
    """The ledger's blocks: the start, one block per mission attempt, then the totals and the outcome."""
    blocks: list[str] = []
    lines: list[str] = []
    missions = dead = blips = spent = 0
    left = TORPEDOES
    lost: list[str] = []
    outcome: str | None = None
    for event in events:
        if isinstance(event, MissionOpened) and lines:
            blocks.append("\n".join(lines))
            lines = []
        if isinstance(event, LEDGER_EVENTS):
            said = narrate(event, lang)
            if said:
                lines.append(("▸ " if isinstance(event, MissionOpened) else "• ") + said)
        match event:
            case TorpedoesLaunched(count=count, left=now_left):
                spent += count
                left = now_left
            case MissionRecorded(record=record):
                missions += 1
                dead += len(record.dead)
                blips += record.blips
                if record.dead:
                    lines.append(
                        "  " + t(lang, "spacehulk.campaign.ledger.dead", names=", ".join(record.dead))
                    )
            case SquadLost(squad=squad):
                lost.append(squad)
            case CampaignEnded():
                outcome = narrate(event, lang)
    if lines:
        blocks.append("\n".join(lines))
    blocks.append(
        t(
            lang,
            "spacehulk.campaign.ledger.totals",
            missions=missions,
            dead=dead,
            spent=spent,
            left=left,
            blips=blips,
            lost=", ".join(lost) or "—",
        )
    )
    blocks.append(outcome or t(lang, "spacehulk.campaign.ledger.going"))
    return blocks
