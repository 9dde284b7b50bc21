"""What a side may ask for (imperative). Positions are cm; bearings compass degrees (§8.8)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core.rules import Action

XY = tuple[float, float]


class ConfirmSetup(Action):
    """Agree to the table, scenario and both armies (§3, §8.7)."""

    kind: Literal["confirm_setup"] = "confirm_setup"


class ChooseEdge(Action):
    """The roll-off winner picks its own long edge on a custom table (CW-DEP-3)."""

    kind: Literal["choose_edge"] = "choose_edge"
    edge: Literal["south", "north"]


class ChooseRole(Action):
    """The roll-off winner picks attacker or defender in an objective scenario (CW-DEP-3, §8.6)."""

    kind: Literal["choose_role"] = "choose_role"
    role: Literal["attacker", "defender"]


class NameQuarry(Action):
    """Hunt (§8.6): name one own figure (an id) or a profile as the quarry."""

    kind: Literal["name_quarry"] = "name_quarry"
    quarry: str


class PlaceUnit(Action):
    """Secretly place one figure (or a hostage "H1"/"H2") inside the own Deployment Area (CW-DEP-2)."""

    kind: Literal["place_unit"] = "place_unit"
    unit: str
    x: float
    y: float


class AutoDeploy(Action):
    """Secretly place every figure by a plan: a line, behind cover, or spread out."""

    kind: Literal["auto_deploy"] = "auto_deploy"
    plan: Literal["line", "cover", "spread"]


class ConfirmDeployment(Action):
    """Declare the deployment final; both are revealed together once both sides are ready."""

    kind: Literal["confirm_deployment"] = "confirm_deployment"


class Move(Action):
    """Move a unit to (x, y), optionally through waypoints (CW-MOV-1, §8.8 one move per phase)."""

    kind: Literal["move"] = "move"
    unit: str
    x: float
    y: float
    via: tuple[XY, ...] = ()


class Charge(Action):
    """Cavalry charge: 30 cm straight along a compass bearing (CW-CHG, §8.4)."""

    kind: Literal["charge"] = "charge"
    unit: str
    bearing: int = Field(ge=0, le=359)


class Crew(Action):
    """Declare an infantryman in base contact with an uncrewed friendly gun its crewman (CW-ART-8)."""

    kind: Literal["crew"] = "crew"
    unit: str
    gun: str


class Shoot(Action):
    """A ranged attack at an enemy unit; `indirect` for a gun firing over obstacles (CW-ART-5)."""

    kind: Literal["shoot"] = "shoot"
    unit: str
    target: str
    indirect: bool = False


class ShootPoint(Action):
    """A gun's indirect fire at a point of the table (CW-ART-5)."""

    kind: Literal["shoot_point"] = "shoot_point"
    unit: str
    x: float
    y: float


class Fight(Action):
    """A close-combat attack (CW-CC-1)."""

    kind: Literal["fight"] = "fight"
    unit: str
    target: str


class Select(Action):
    """Pick the unit the controls act on ("" = back to the list). A step of the controls, not a rule."""

    kind: Literal["select"] = "select"
    unit: str = ""


class PlanMove(Action):
    """Ask to see a move before confirming it: to (x, y), toward a unit, or along a compass bearing.

    `distance` (cm) is how far toward the unit or along the bearing; without it, as far as the unit
    may legally go that way. The engine resolves it to a path with its cost (the preview)."""

    kind: Literal["plan_move"] = "plan_move"
    unit: str
    x: float | None = None
    y: float | None = None
    toward: str | None = None
    bearing: int | None = Field(default=None, ge=0, le=359)
    distance: float | None = None


class PlanCharge(Action):
    """Ask to see a charge's corridor before confirming it (CW-CHG, §8.4)."""

    kind: Literal["plan_charge"] = "plan_charge"
    unit: str
    bearing: int = Field(ge=0, le=359)


class Confirm(Action):
    """Carry out the previewed order."""

    kind: Literal["confirm"] = "confirm"


class EndPhase(Action):
    """End the current phase (after the Assault phase: the turn)."""

    kind: Literal["end_phase"] = "end_phase"


ClickWarsAction = Annotated[
    ConfirmSetup
    | ChooseEdge
    | ChooseRole
    | NameQuarry
    | PlaceUnit
    | AutoDeploy
    | ConfirmDeployment
    | Move
    | Charge
    | Crew
    | Shoot
    | ShootPoint
    | Fight
    | Select
    | PlanMove
    | PlanCharge
    | Confirm
    | EndPhase,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[ClickWarsAction] = TypeAdapter(ClickWarsAction)
