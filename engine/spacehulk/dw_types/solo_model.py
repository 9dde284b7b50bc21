"""What the automated Genestealer player (../deathwing/solo.py) keeps in the state and writes in the log.

Kept apart from the player, low in the package, because the state and the events import it (the
player imports them).
Every decision the player makes is a `SoloDecided` event whose `reason` is a catalog key
("spacehulk.solo.<reason>") with its parameters, so `/game log` shows why each move was made.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core import Event, RuledEvent

from ..board import square_name

Square = tuple[int, int, int]


class SoloState(BaseModel):
    """The automated Genestealer player's memory (public: solo play hides nothing, deathwing.md §5).

    `order`: this Genestealer turn's movers, nearest to a Marine first (DW-SOLO-8); `seen`: those a
    Marine saw when the turn began (DW-SOLO-10, A-30); `done`: those that have stopped; `planned`: the
    turn the order was made; `ambush_turn`: the next turn an ambush result is drawn (DW-SOLO-5,
    DW-SOLO-7; 0: none); `fewer_turn`: the turn whose reinforcements lose a blip to that draw;
    `tie_key`, `picks`: the answers given so far to the ties of the decision being made (DW-SOLO-2,
    DW-SOLO-8), valid while the key matches that decision's."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    order: tuple[str, ...] = ()
    seen: tuple[str, ...] = ()
    done: tuple[str, ...] = ()
    planned: int = 0
    ambush_turn: int = 0
    fewer_turn: int = 0
    tie_key: str = ""  # the pending decision the picks belong to (AgSoloTie.key)
    picks: tuple[str, ...] = ()  # the solo player's answers to its ties so far, in order

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        return self


class AgSoloTie(BaseModel):
    """Choice (the Marine player, who plays solo): a tie the book leaves to the player ("ties: your
    choice"), DW-SOLO-2 and T-9 (which of equally near entry areas gets the next blip: `tie="area"`,
    `candidates` are area ids) or DW-SOLO-8 (which of equally near Genestealers moves first:
    `tie="mover"`, Genestealer ids). `distance`: their AP to a Marine; `slots`: blips left for these
    areas; `key`: the decision it belongs to; `short`: every one of these areas gets a blip, but the
    Genestealer models may run short among them, so the order decides whose figures are lost (DW-SOLO-4)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["solo_tie"] = "solo_tie"
    tie: Literal["area", "mover"]
    candidates: tuple[str, ...]
    distance: int
    slots: int = 1
    key: str
    short: bool = False

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        return self


class SoloDecided(Event):
    """One decision of the automated Genestealer player and its reason (a catalog key with params)."""

    kind: Literal["solo_decided"] = "solo_decided"
    model: str | None = None
    reason: str
    params: dict[str, Any] = {}
    stop: bool = False  # the model is done for this turn


class SoloPlanned(Event):
    """The Genestealer turn's order (DW-SOLO-8) and who was in a Marine's sight as it began (DW-SOLO-10)."""

    kind: Literal["solo_planned"] = "solo_planned"
    turn: int
    order: tuple[str, ...]
    seen: tuple[str, ...]


class SoloTieBroken(Event):
    """The answer to a tie (AgSoloTie): `pick`, chosen by the player or by the seeded dice (`by`)."""

    kind: Literal["solo_tie_broken"] = "solo_tie_broken"
    key: str
    pick: str
    by: Literal["player", "dice"]


class SoloAmbushRolled(RuledEvent, Event):
    """The D6 that schedules the next ambush draw (DW-SOLO-5, DW-SOLO-7): on turn `turn`."""

    kind: Literal["solo_ambush_rolled"] = "solo_ambush_rolled"
    roll: int
    turn: int


class SoloAmbushDrawn(Event):
    """An ambush result drawn at the start of a turn (DW-SOLO-5, DW-SOLO-6, A-30): a Genestealer goes on
    `square` (None: no square qualifies, it is lost); any other result costs this turn's command phase
    1 CP. Either way this turn's reinforcements bring one blip fewer."""

    kind: Literal["solo_ambush_drawn"] = "solo_ambush_drawn"
    turn: int
    result: str
    square: Square | None = None


SOLO_EVENTS = (SoloDecided, SoloPlanned, SoloTieBroken, SoloAmbushRolled, SoloAmbushDrawn)


def evolve(s: Any, event: Event) -> bool:
    """Fold a solo event into the state; False if `event` is not one."""
    solo: SoloState = s.solo
    match event:
        case SoloDecided(model=model, stop=True) if model is not None:
            s.solo = solo.model_copy(update={"done": (*solo.done, model)})
        case SoloDecided():
            pass
        case SoloPlanned(turn=turn, order=order, seen=seen):
            s.solo = solo.model_copy(
                update={"order": order, "seen": seen, "done": (), "planned": turn, "tie_key": "", "picks": ()}
            )
        case SoloTieBroken(key=key, pick=pick):
            picks = (*solo.picks, pick) if key == solo.tie_key else (pick,)
            s.solo = solo.model_copy(update={"tie_key": key, "picks": picks})
        case SoloAmbushRolled(turn=turn):
            s.solo = solo.model_copy(update={"ambush_turn": turn})
        case SoloAmbushDrawn(turn=turn, result=result):
            s.solo = solo.model_copy(update={"fewer_turn": turn})
            if result != "genestealer":
                s.cp_penalty += 1  # DW-SOLO-6, A-30: this turn's command phase, which follows
        case _:
            return False
    return True


REASONS = (
    "attack",
    "attack_through",
    "route_attack",
    "advance_seen",
    "advance_entry_seen",
    "hide",
    "stop_hide",
    "stop_advance_seen",
    "stop_advance_entry_seen",
    "stop_blocked",
    "stop_ap",
    "refused",
    "end_turn",
    "facing",
    "face_attacker",
    "place",
    "shift",
    "pass",
    "choose",
    "blip",
    "tie_area",
    "tie_mover",
    "ambush_roll",
    "ambush_stealer",
    "ambush_lost",
    "ambush_echo",
)
"""Every reason the player gives; the catalogs word each as "spacehulk.solo.<reason>"."""


def decided(reason: str, who: str | None = None, stop: bool = False, **params: Any) -> SoloDecided:
    """A logged decision of model `who`: the reason's catalog key and its parameters (squares by name)."""
    assert reason in REASONS, reason
    named = {k: square_name(v) if isinstance(v, tuple) else v for k, v in params.items()}
    return SoloDecided(model=who, reason=f"spacehulk.solo.{reason}", params=named, stop=stop)
