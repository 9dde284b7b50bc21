"""ClickWars you can follow (issue 27 item 2): what a seat's own action did, on its private panel, and
one public summary of each game turn (moves, charges, shots, assaults, blasts, wounds, losses).

Both read events only, already redacted (for the seat, or for nobody): nothing here sees a state.

Readings (OUR, the rules are silent on presentation):
- The panel repeats the narration of the action's own dice (the roll of each attack and what it
  needed, each damage die with its armour and shield saves, blasts, fumbles), at most
  `REPORT_LINES` lines; the AI's answers after the action are the turn summary's business.
- A turn summary groups by kind rather than by time: a player reading it at the start of their
  turn asks "what moved, what was shot, what did I lose", not in which order the dice fell (that
  order is in each shooter's own panel and in the status message's "just now").
- A range of events with no play in it (the set-up, the deployment) keeps the plain narration.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.clickwars import events as ev
from engine.core import Event
from renderers.i18n import t

from .text import narrate, side

REPORT_LINES = 12
PLAY = (ev.Moved, ev.Charged, ev.AttackRolled, ev.Damaged, ev.Killed, ev.BlastLanded, ev.CrewJoined)
"""Events that only happen in a game turn: a range of events with none of them is no turn's play."""
RARE = (
    ev.FriendlyFire,
    ev.FumbleRolled,
    ev.WeaponBroken,
    ev.Idled,
    ev.CrewJoined,
    ev.CrewLeft,
    ev.Pushed,
    ev.Healed,
    ev.RoundEnded,
)
"""Events told in full in a summary, one line each, after the grouped lines."""
SHOT_MODES = ("ranged", "artillery", "indirect")


def action_report(events: Sequence[Event], lang: str) -> str | None:
    """The narration of a seat's own action (`events` redacted for it), as a quote, or None when it
    rolled nothing and moved nothing (picking a unit, previewing an order, ending a phase)."""
    lines = [
        line
        for e in events
        if not isinstance(e, ev.PhaseEnded | ev.TurnBegan | ev.GameEnded)
        if (line := narrate(e, lang))
    ]
    if not lines:
        return None
    kept = lines[:REPORT_LINES]
    if len(lines) > len(kept):
        kept.append(t(lang, "clickwars.follow.more", n=len(lines) - len(kept)))
    return "\n".join(f"> {line}" for line in kept)


def turn_summary(events: Sequence[Event], lang: str) -> list[str] | None:
    """One summary per game turn in `events` (redacted for nobody), or None when no turn was
    played in them (then the platform posts the plain narration)."""
    if not any(isinstance(e, PLAY) for e in events):
        return None
    blocks: list[list[Event]] = [[]]
    for e in events:
        if isinstance(e, ev.TurnBegan) and blocks[-1]:
            blocks.append([])
        blocks[-1].append(e)
    lines: list[str] = []
    for n, block in enumerate(blocks):
        later = blocks[n + 1][0] if n + 1 < len(blocks) else None
        lines += _block(block, later if isinstance(later, ev.TurnBegan) else None, lang)
    return lines


def last_turn(events: Sequence[Event]) -> list[Event]:
    """The events of the last game turn played in `events` (from its beginning, or from the first
    event, up to the next turn's beginning); [] when no turn was played in them."""
    blocks: list[list[Event]] = [[]]
    for e in events:
        if isinstance(e, ev.TurnBegan) and blocks[-1]:
            blocks.append([])
        blocks[-1].append(e)
    played = [b for b in blocks if any(isinstance(e, PLAY) for e in b)]
    return played[-1] if played else []


def _block(block: Sequence[Event], following: ev.TurnBegan | None, lang: str) -> list[str]:
    """One game turn's lines: its heading and what happened in it, grouped."""
    begun = block[0] if block and isinstance(block[0], ev.TurnBegan) else None
    played = any(isinstance(e, (*PLAY, ev.PhaseEnded)) for e in block)
    if not played:  # the next turn's beginning (and its heals): as narrated
        return [line for e in block if (line := narrate(e, lang))]
    sides = [e.side for e in block if isinstance(e, ev.PhaseEnded)]
    seat: str | None = sides[0] if sides else None
    if begun is not None:
        seat = begun.side
    ended = next((e.round for e in block if isinstance(e, ev.RoundEnded)), None)
    rnd = begun.round if begun else ended if ended is not None else following.round if following else None
    if rnd is None:
        head = t(lang, "clickwars.follow.turn_head_plain", side=side(lang, seat))
    else:
        head = t(lang, "clickwars.follow.turn_head", side=side(lang, seat), round=rnd)
    out = [f"**{head}**"]
    moves = [
        t(
            lang,
            "clickwars.follow.flee_item" if e.fled else "clickwars.follow.move_item",
            unit=e.unit,
            cost=round(e.cost, 1),
        )
        for e in block
        if isinstance(e, ev.Moved)
    ]
    charges = [
        t(lang, "clickwars.follow.charge_item", unit=e.unit, bearing=e.bearing)
        for e in block
        if isinstance(e, ev.Charged)
    ]
    attacks = [e for e in block if isinstance(e, ev.AttackRolled)]
    shots = [_attack(e, lang) for e in attacks if e.mode in SHOT_MODES]
    fights = [_attack(e, lang) for e in attacks if e.mode not in SHOT_MODES]
    blasts = [
        ", ".join(e.victims) if e.victims else t(lang, "clickwars.ui.nobody")
        for e in block
        if isinstance(e, ev.BlastLanded)
    ]
    killed = {e.unit for e in block if isinstance(e, ev.Killed)}
    wounds = [
        t(lang, "clickwars.follow.wound_item", unit=e.unit, net=e.net, life=e.life)
        for e in block
        if isinstance(e, ev.Damaged) and e.net > 0 and e.unit not in killed
    ]
    losses = [
        t(lang, "clickwars.follow.loss_item", unit=e.unit, cause=t(lang, f"clickwars.cause.{e.cause}"))
        for e in block
        if isinstance(e, ev.Killed)
    ]
    for key, items, joint in (
        ("moves", moves, ", "),
        ("charges", charges, ", "),
        ("shots", shots, "; "),
        ("assaults", fights, "; "),
        ("blasts", blasts, "; "),
        ("wounds", wounds, ", "),
        ("losses", losses, ", "),
    ):
        if items:
            out.append("• " + t(lang, f"clickwars.follow.{key}", n=len(items), items=joint.join(items)))
    if not (moves or charges or attacks):
        out.append("• " + t(lang, "clickwars.follow.quiet"))
    out += [f"• {line}" for e in block if isinstance(e, RARE) if (line := narrate(e, lang))]
    return out


def _attack(e: ev.AttackRolled, lang: str) -> str:
    target = e.target or t(lang, "clickwars.say.the_point")
    return t(
        lang,
        "clickwars.follow.attack_item",
        unit=e.attacker,
        target=target,
        roll=e.roll,
        need=e.need,
        result=e.result,
    )
