"""What a seat may ask for in Hunt for the Arkenstone (imperative, one class per kind)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, FiniteFloat, TypeAdapter

from engine.core.rules import Action

Compass = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


class PlaceFigure(Action):
    """Set your figure on the table at a centre (AK-SET-1)."""

    kind: Literal["place_figure"] = "place_figure"
    x: FiniteFloat
    y: FiniteFloat


class PlaceCard(Action):
    """Lay the next treasure (face down) or location card (face up) centred here (AK-SET-2/3)."""

    kind: Literal["place_card"] = "place_card"
    x: FiniteFloat
    y: FiniteFloat


class Guess(Action):
    """Guess whether your next card is higher (True) or lower than the reference (AK-TRN-4)."""

    kind: Literal["guess"] = "guess"
    higher: bool


class MoveTo(Action):
    """Move your figure straight to exact coordinates (AK-ACT-B1/S1)."""

    kind: Literal["move_to"] = "move_to"
    x: FiniteFloat
    y: FiniteFloat


class MoveToward(Action):
    """Move toward a card ("T5", "7C") or the other figure; `distance_in` None = as far as allowed."""

    kind: Literal["move_toward"] = "move_toward"
    target: str
    distance_in: FiniteFloat | None = None


class MoveDirection(Action):
    """Move in a compass direction for a distance (stopping at the table edge)."""

    kind: Literal["move_direction"] = "move_direction"
    direction: Compass
    distance_in: FiniteFloat


class Search(Action):
    """Bilbo turns a face-down treasure card within 1 inch (AK-ACT-B2)."""

    kind: Literal["search"] = "search"
    card: str


class Recover(Action):
    """Bilbo takes the face-up Arkenstone within 1 inch (AK-ACT-B3)."""

    kind: Literal["recover"] = "recover"


class Discover(Action):
    """Smaug tries to discover Bilbo within 1 inch (AK-ACT-S2)."""

    kind: Literal["discover"] = "discover"


class Pass(Action):
    """Take no action this time (AK-ACT-B4)."""

    kind: Literal["pass"] = "pass"


class PlaceRest(Action):
    """Leave the rest of your cards of the layout to chance: this one and every later one you would
    place go to random free cells (AK-SET-2/3/4, issue 15 item 1)."""

    kind: Literal["place_rest"] = "place_rest"


class Trick(Action):
    """The non-active player's answer to a trick: move the rival figure onto the club, or not (AK-TRN-8)."""

    kind: Literal["trick"] = "trick"
    move: bool


class TurnUp(Action):
    """Bilbo's Lucky / Ring-winner / Barrel-rider: turn one face-down card anywhere (AK-EVB-1)."""

    kind: Literal["turn_up"] = "turn_up"
    card: str


ArkenstoneAction = Annotated[
    PlaceFigure
    | PlaceCard
    | PlaceRest
    | Guess
    | MoveTo
    | MoveToward
    | MoveDirection
    | Search
    | Recover
    | Discover
    | Pass
    | Trick
    | TurnUp,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[ArkenstoneAction] = TypeAdapter(ArkenstoneAction)

MoveAction = MoveTo | MoveToward | MoveDirection
