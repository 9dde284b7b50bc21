"""The Deathwing campaign's ledger (issue 28 item 4, renderers/spacehulk/ledger.py): each mission's
result and casualties as logged (DW-CMP-3), the boarding torpedoes spent and left (DW-CMP-10), the
squads lost (DW-CMP-13), the totals and the outcome, in English and Spanish."""

from __future__ import annotations

from engine.core import Outcome
from engine.spacehulk.campaign import events as ev
from engine.spacehulk.campaign.state import MissionRecord
from renderers.spacehulk.campaign import PRESENTER


def _log() -> list:
    return [
        ev.MissionOpened(scenario="reconnaissance", number=1, attempt=1),
        ev.MissionRecorded(
            record=MissionRecord(
                scenario="reconnaissance", number=1, attempt=1, result="won", squads=("A",), dead=(), blips=7
            ),
            played=("A1",),
        ),
        ev.MissionOpened(scenario="establish_perimeter", number=2, attempt=1),
        ev.TorpedoesLaunched(count=2, left=2),
        ev.MissionRecorded(
            record=MissionRecord(
                scenario="establish_perimeter",
                number=2,
                attempt=1,
                result="lost",
                squads=("B", "C"),
                dead=("B2", "C4"),
                blips=20,
            ),
            played=("B2", "C4"),
        ),
        ev.SquadLost(squad="D"),
        ev.CampaignEnded(
            outcome=Outcome(winners=("genestealer",), reason="spacehulk.campaign.end.torpedoes")
        ),
    ]


def test_the_ledger_keeps_each_mission_its_dead_the_torpedoes_and_the_outcome() -> None:
    blocks = PRESENTER.ledger_text(_log(), "en")
    assert blocks is not None and len(blocks) == 4  # two missions, the totals, the outcome
    assert blocks[0].startswith("▸ Mission 1: Reconnaissance.") and "no Marine died" in blocks[0]
    assert "2 boarding torpedoes launched; 2 left." in blocks[1] and "Dead: B2, C4" in blocks[1]
    assert blocks[2] == (
        "**So far**: 2 missions played, 2 Marines dead, 2 boarding torpedoes spent (2 left),"
        " 27 blips used; squads lost: D."
    )
    assert "torpedoes are spent" in blocks[3]


def test_the_ledger_in_spanish_and_a_campaign_that_goes_on() -> None:
    blocks = PRESENTER.ledger_text(_log()[:2], "es")
    assert blocks is not None
    assert "1 misión jugada, 0 Marines muertos, 0 torpedos de abordaje gastados (quedan 4)" in blocks[-2]
    assert blocks[-1] == "La campaña sigue."
