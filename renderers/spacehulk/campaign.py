"""The Deathwing campaign's presenter: the roster image, the status, the controls and the narration.

A campaign table shows its squad sheets (roster.py) and asks each player what the campaign needs:
the secret bid (a form), the force (the sample forces as buttons, or a typed list of squads), the
squads for the next mission (buttons, or typed squad ids), disbanding, the Defend Perimeter stance
and the squad a defeat costs. Missions are Space Hulk tables of their own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from engine.core import Action, Event, Rejected
from engine.spacehulk.campaign.actions import (
    Bid,
    BuyForce,
    ChooseStance,
    Disband,
    FieldSquads,
    LoseSquad,
    MissionPlayed,
)
from engine.spacehulk.campaign.events import (
    BidsRevealed,
    CampaignEnded,
    ForceBought,
    LossOwed,
    MissionBriefed,
    MissionOpened,
    MissionRecorded,
    SidesChosen,
    SquadDisbanded,
    SquadLost,
    SquadsFielded,
    StanceChosen,
    TeleportRolled,
    TorpedoesLaunched,
)
from engine.spacehulk.campaign.view import CampaignView
from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder
from renderers.base import Button, Control, Field, Form, Presenter, expect_view
from renderers.i18n import t
from renderers.measure import parse_number

from .ledger import campaign_ledger
from .roster import roster_png, roster_text

BOXES = ("command", "heavy", "standard", "assault", "recon")


def _view(view: BaseModel) -> CampaignView:
    return expect_view(view, CampaignView)


def _squads(lang: str, order: ForceOrder) -> str:
    names = [t(lang, f"spacehulk.squad.{s.squad}") for s in order.squads]
    return ", ".join(names)


def _status_text(v: CampaignView, lang: str) -> str:
    """Where the campaign stands (the status message, and the first block of the text board)."""
    if v.outcome is not None:
        return t(lang, v.outcome.reason)
    return t(
        lang,
        "spacehulk.campaign.status",
        phase=v.phase,
        round=v.bid_round,
        bids=len(v.bids_in),
        points=v.budget or 0,
        number=v.number,
        scenario=v.scenario,
    )


class CampaignPresenter(Presenter):
    """Implements renderers.base.Presenter for the Deathwing campaign."""

    game = "dw_campaign"

    def board_png(self, view: BaseModel, lang: str) -> bytes:
        return roster_png(_view(view), lang)

    def private_png(self, view: BaseModel, lang: str) -> bytes | None:
        return None

    def board_text(self, view: BaseModel, lang: str) -> list[str]:
        """Where the campaign stands, then the roster sheet by sheet (the roster image in words)."""
        v = _view(view)
        return [_status_text(v, lang), *roster_text(v, lang)]

    def status_text(self, view: BaseModel, lang: str) -> str:
        return _status_text(_view(view), lang)

    def private_text(self, view: BaseModel, lang: str) -> str | None:
        v = _view(view)
        if v.my_bid is not None:
            return t(lang, "spacehulk.campaign.private.bid", points=v.my_bid)
        if v.phase == "stance" and v.side == "marine" and v.fielded:
            return t(lang, "spacehulk.campaign.private.written", squads=", ".join(v.fielded))
        return None

    def action_label(self, action: Action, lang: str, view: BaseModel | None = None) -> str:
        match action:
            case Bid(points=points):
                return t(lang, "spacehulk.campaign.act.bid", points=points)
            case BuyForce(order=order):
                label = t(
                    lang, "spacehulk.campaign.act.buy", squads=_squads(lang, order), points=order.timer_points
                )
                return label[:80]
            case FieldSquads(squads=squads, new_board=new):
                return t(
                    lang, "spacehulk.campaign.act.field", squads=", ".join(squads), new=str(new).lower()
                )[:80]
            case Disband(squad=squad, moves=moves):
                targets = ", ".join(dict.fromkeys(moves.values()))
                return t(lang, "spacehulk.campaign.act.disband", squad=squad, targets=targets)[:80]
            case ChooseStance(attack=attack):
                return t(lang, "spacehulk.campaign.act.stance", attack=str(attack).lower())
            case LoseSquad(squad=squad):
                return t(lang, "spacehulk.campaign.act.lose", squad=squad)
            case MissionPlayed():
                return t(lang, "spacehulk.campaign.act.report")
        return action.kind

    def action_prompt(self, view: BaseModel, actions: Sequence[Action], lang: str) -> str:
        return t(lang, "spacehulk.campaign.prompt", phase=_view(view).phase)

    def controls(self, view: BaseModel, legal: Sequence[Action], lang: str) -> list[Control] | None:
        v = _view(view)
        if v.phase == "bids":
            field = Field(
                key="points", label=t(lang, "spacehulk.campaign.form.points"), kind="number", max_length=3
            )
            title = t(lang, "spacehulk.campaign.form.bid")
            return [Form(key="bid", label=title, title=title, fields=(field,), style="primary")]
        buttons: list[Control] = [
            Button(label=self.action_label(a, lang, v), choice=i, row=min(3, i // 5))
            for i, a in enumerate(legal[:20])
        ]
        if v.phase == "force":
            fields = (
                Field(key="squads", label=t(lang, "spacehulk.campaign.form.squads"), max_length=200),
                Field(
                    key="timer", label=t(lang, "spacehulk.campaign.form.timer"), kind="number", max_length=1
                ),
            )
            title = t(lang, "spacehulk.campaign.form.force")
            buttons.append(Form(key="force", label=title, title=title, fields=fields, row=4))
        if v.phase == "choose":
            field = Field(key="squads", label=t(lang, "spacehulk.campaign.form.squads"), max_length=200)
            title = t(lang, "spacehulk.campaign.form.field")
            buttons.append(Form(key="field", label=title, title=title, fields=(field,), row=4))
        return buttons

    def parse_form(self, form: Form, values: Mapping[str, str], view: BaseModel) -> Action:
        words = values.get("squads", "").replace(",", " ").split()
        match form.key:
            case "bid":
                return Bid(points=int(parse_number(values.get("points", ""))))
            case "force":
                unknown = [w for w in words if w.lower() not in BOXES]
                if unknown or not words:
                    raise Rejected(
                        "spacehulk.campaign.form.boxes",
                        "Name squads from: command, heavy, standard, assault, recon.",
                    )
                timer = int(parse_number(values.get("timer") or "1"))
                squads = tuple(SquadOrder(squad=w.lower()) for w in words)  # type: ignore[arg-type]
                try:
                    return BuyForce(order=ForceOrder(squads=squads, timer_points=timer))
                except ValueError:
                    raise Rejected(
                        "spacehulk.campaign.form.timer_range", "Buy 1 to 5 timer points."
                    ) from None
            case "field":
                return FieldSquads(squads=tuple(words))
        raise Rejected("bot.form_unknown", "That form is not on offer any more.")

    def narrate(self, event: Event, lang: str) -> str | None:
        key = f"spacehulk.campaign.log.{event.kind}"
        params: dict[str, Any] = {}
        match event:
            case BidsRevealed(bids=bids, tie=tie):
                params = {"tie": str(tie).lower(), "bids": " / ".join(str(b) for b in sorted(bids.values()))}
            case SidesChosen(points=points):
                params = {"points": points}
            case ForceBought(squads=squads, cost=cost, timer_points=points):
                params = {"squads": len(squads), "cost": cost, "points": points}
            case SquadDisbanded(squad=squad, moves=moves):
                params = {"squad": squad, "targets": ", ".join(dict.fromkeys(moves.values()))}
            case MissionOpened(number=number, scenario=scenario, attempt=attempt):
                params = {"number": number, "scenario": scenario, "attempt": attempt}
            case SquadsFielded(squads=squads):
                params = {
                    "squads": ", ".join(squads) if squads is not None else "?",
                    "secret": str(squads is None).lower(),
                }
            case TeleportRolled(killed=killed, rolls=rolls):
                params = {"rolled": len(rolls), "killed": len(killed), "names": ", ".join(killed) or "-"}
            case TorpedoesLaunched(count=count, left=left):
                params = {"count": count, "left": left}
            case StanceChosen(attack=attack, squads=squads):
                params = {"attack": str(attack).lower(), "squads": ", ".join(squads)}
            case MissionBriefed(brief=brief):
                params = {"number": brief.number, "scenario": brief.scenario, "marines": len(brief.marines)}
            case MissionRecorded(record=record):
                params = {
                    "result": record.result,
                    "scenario": record.scenario,
                    "dead": len(record.dead),
                    "blips": record.blips,
                    "magi": record.magi_roll or 0,
                }
            case LossOwed(choices=choices):
                params = {"count": len(choices)}
            case SquadLost(squad=squad):
                params = {"squad": squad}
            case CampaignEnded(outcome=outcome):
                return t(lang, outcome.reason)
            case _:
                return None
        return t(lang, key, **params)

    def ledger_text(self, events: Sequence[Event], lang: str) -> list[str] | None:
        return campaign_ledger(events, lang, self.narrate)

    def rules_text(self, lang: str) -> str:
        return t(lang, "spacehulk.campaign.rules")


PRESENTER = CampaignPresenter()
