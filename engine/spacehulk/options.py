"""Game options: the mission, the expansions in play and the variants (one flag per open question).

`SpaceHulkOptions(mission, expansions, variants)`: the variants hold one edition flag for every open
question of the digest (Q1-Q20) plus later editions' rules; their defaults are the digest's
recommended resolutions (space_hulk_base.md, "Open questions").

Players write options as flat `key=value` pairs (`vision_arc=90 expansions=deathwing`): a flat
variant name is read as `variants.<name>`, and `expansions` also takes a comma-separated string.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from .missions import GENERATED, MISSIONS

Expansion = Literal["deathwing"]


class Variants(BaseModel):
    """Edition flags. Every field has the 1st-edition (recommended) default."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # Q1 vision arc: 180 (1e/2e) or 90 (3e). The fire arc is always the front 90 degrees.
    vision_arc: Literal[180, 90] = 180
    # Q2 sustained fire: +1 per consecutive shot up to the cap (1e), or one step to 5+ (2e/3e).
    sustained_fire: Literal["cumulative", "single_step"] = "cumulative"
    sustained_cap: int = Field(default=3, ge=1, le=5)
    # Q3 ranges: overwatch 12 squares; aimed fire unlimited (None).
    overwatch_range: int = Field(default=12, ge=1)
    aimed_range: int | None = None
    # Q4 overwatch lasts one Stealer action phase (removed in the end phase), or persists (sulkweb).
    overwatch_persists: bool = False
    # Q5 a double six in overwatch: resolve the kill and jam, or kill without jamming.
    double_six: Literal["kill_and_jam", "kill_no_jam"] = "kill_and_jam"
    # Q6 dice of a Genestealer assaulted from outside its front arc (3 = rulebook, 2 = Sulk source) and
    # which attacks count ("rear" = outside its front 180 degrees as Sulk; "side_or_rear" as DW-CA-1).
    stealer_flank_dice: int = Field(default=3, ge=1, le=3)
    stealer_flank_from: Literal["rear", "side_or_rear"] = "rear"
    # Q7 the heavy flamer against blips: one 2+ roll kills the whole blip (full value counts).
    flamer_hits_blips: bool = True
    # Q8 the blip bag (value -> counters) and draw mode; a mission may override the bag.
    blip_bag: dict[int, int] = Field(default_factory=lambda: {1: 8, 2: 4, 3: 9})
    blip_draw: Literal["without_replacement", "with_replacement"] = "without_replacement"
    # Q9 lurking blips per entry area (None = unlimited, 3e FAQ).
    entry_capacity: int | None = 3
    # Q10 forced lurking: a Marine within this many squares of the entry square; walking or Chebyshev.
    lurk_distance: int = 6
    lurk_metric: Literal["walk", "chebyshev"] = "walk"
    # Q11 Genestealers from a voluntary conversion act this phase with full AP.
    voluntary_conversion_acts: bool = True
    # Q12 who may take the CP interrupt: a Marine who saw the action (1e) or any Marine (3e FAQ).
    interrupt_actor: Literal["witness", "any"] = "witness"
    # Q13 turn and fire (3e: 1 AP for a 90-degree turn and a free shot); not in 1e.
    turn_and_fire: bool = False
    # Q14 a diagonal move is refused when both squares beside it are blocked (wall or model).
    diagonal_squeeze: bool = True
    # Q15 doors sit on squares (the map format models no other kind).
    doors_on: Literal["squares"] = "squares"
    # Q16 heavy flamer self-destruct (Sulk only).
    flamer_self_destruct: bool = False
    # Q17 Genestealer models available (20 in the 1e box; 28 with the Deathwing models; None = no cap).
    stealer_cap: int | None = 20
    # Q18 the Marine turn timer: real time (2:00 + 30 s per sergeant), untimed, or a per-prompt budget;
    # the engine reports the lengths and the platform's deadlines (Rules.time_limits); it never reads a clock.
    timer_mode: Literal["realtime", "untimed", "budget"] = "realtime"
    timer_base_s: int = 120
    timer_per_leader_s: int = 30
    timer_budget_s: int = 86_400  # "budget": the time the Marine player has for each prompt
    # Q19 after a tied close assault the defender may turn free to face the attacker.
    defender_turns_on_tie: bool = True
    # Q20 (geotile layouts) is map data, not a rule flag: geotiles will be .map files.

    # Later editions, for variants (not open questions of the 1e digest):
    overwatch_sustained: bool = False  # 3e: a later overwatch shot at the same target kills on 5+
    jams_clear_each_turn: bool = False  # 3e: jams cleared at the start of the Marine turn (SHB-8.6)
    # Digital: offer the CP interrupt after every action a Marine saw ("always": reveals nothing), or
    # only when the Marine has CP and something to do ("when_able": fewer prompts, but the prompts'
    # presence tells the Stealer player that CP remain, and with public spending the chit itself).
    # The default keeps the chit secret from the Stealer player (SHB-2.2, issue 5 item 7).
    interrupt_prompt: Literal["when_able", "always"] = "always"
    # Deathwing Terminator Force List: the Marine player builds his force with these points (DW-FL-1; the
    # book's secret bids are not built: the table sets the budget).
    force_points: int | None = Field(default=None, ge=5, le=125)  # 5 buys the cheapest force
    # Deathwing hidden simultaneous bids (DW-BID-1, DW-BID-2): the lower bidder plays the Marines with
    # that many points for his Force List force; `force_points` (above) skips the bids with a fixed
    # budget both players agreed; with bids on, the winning bid replaces any `force_points` given.
    # bids 5-50 (the campaign's 125 is `bid_max=125`).
    bids: bool = False
    bid_max: int = Field(default=50, ge=5, le=125)
    # Deathwing solo play (DW-SOLO-1 .. DW-SOLO-10): the engine plays the Genestealer side
    # (deathwing/solo.py); one person plays the Marines, untimed.
    solo: bool = False
    # Deathwing ambush markers, used only if both players agree (DW-AMB-1); the result cup.
    ambush: bool = False
    ambush_cup: dict[str, int] = Field(default_factory=lambda: {"genestealer": 3, "echo": 3})
    turn_limit: int | None = None
    """Override the mission's last turn (None: the mission's own)."""
    board_builder: Literal["random", "alternate"] = "random"
    """Generated geotile boards (A-34): built by the bot at random, or placed by the players in turn
    (the Genestealer player first) in a setup phase before the forces deploy (DW-GEO-2)."""


def mission_ids() -> tuple[str, ...]:
    """Every mission a table may name: the built-in ones (missions.MISSIONS), then the generated ones
    (missions.GENERATED)."""
    return (*MISSIONS, *(name for name in GENERATED if name not in MISSIONS))


MAX_BRIEF_VALUES = 2000
MAX_BRIEF_TEXT = 65_536  # a kept board's map text and corridors, as JSON (MissionBrief.board)


def _mission_examples(schema: dict[str, Any]) -> None:
    schema["examples"] = list(mission_ids())


class SpaceHulkOptions(BaseModel):
    """Table options for a Space Hulk game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mission: str = Field(default="purge", json_schema_extra=lambda schema: _mission_examples(schema))
    """The mission to play: a built-in one (missions.MISSIONS) or a generated one (missions.GENERATED:
    "dw_generator" rolls the scenario D6; "dw_raid" etc. name one; the board is built from the seed).
    Listed in the schema's examples so /game new can suggest them."""
    brief: dict[str, Any] | None = None
    """A Deathwing campaign's mission brief (engine/spacehulk/campaign): the mission is built from it."""
    expansions: frozenset[Expansion] = frozenset()
    """Expansions in play; "deathwing" enables the Deathwing rules (deathwing.md)."""
    variants: Variants = Variants()

    @field_validator("brief", mode="before")
    @classmethod
    def _brief_bounded(cls, value: Any) -> Any:
        """A brief is what a campaign hands its mission table (a few hundred values); a larger one
        is refused before it is read (issue 24 item 4). Counted without recursion."""
        if isinstance(value, dict):
            count, stack = 0, [value]
            while stack:
                item = stack.pop()
                count += 1
                if count > MAX_BRIEF_VALUES or (isinstance(item, str) and len(item) > MAX_BRIEF_TEXT):
                    raise PydanticCustomError(
                        "brief_too_large",
                        "a campaign brief holds at most {max} values",
                        {"max": MAX_BRIEF_VALUES},
                    )
                if isinstance(item, dict):
                    stack.extend(item.values())
                elif isinstance(item, list | tuple):
                    stack.extend(item)
        return value

    @field_validator("mission")
    @classmethod
    def _known_mission(cls, value: str) -> str:
        """A built-in mission, named by its id (missions.MISSIONS); the refusal lists them."""
        known = mission_ids()
        if value not in known:
            raise ValueError(f"there is no mission {value!r}; the missions are {', '.join(known)}")
        return value

    @model_validator(mode="before")
    @classmethod
    def _flat_keys(cls, data: Any) -> Any:
        """Accept the players' flat `key=value` form: variant names at the top level, dotted names."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        moved = {key.removeprefix("variants."): key for key in data}
        moved = {name: data.pop(key) for name, key in moved.items() if name in Variants.model_fields}
        if moved:
            given = data.get("variants") or {}
            given = given.model_dump() if isinstance(given, BaseModel) else dict(given)
            data["variants"] = {**given, **moved}
        expansions = data.get("expansions")
        if isinstance(expansions, str):
            data["expansions"] = [e.strip() for e in expansions.split(",") if e.strip()]
        return data

    @property
    def deathwing(self) -> bool:
        return "deathwing" in self.expansions
