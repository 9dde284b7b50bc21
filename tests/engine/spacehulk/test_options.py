"""Edition flags: one per open question of the digest (Q1-Q20), defaulting to its recommendation."""

from __future__ import annotations

from engine.spacehulk.options import SpaceHulkOptions, Variants

RECOMMENDED = {
    "vision_arc": 180,  # Q1
    "sustained_fire": "cumulative",  # Q2
    "sustained_cap": 3,  # Q2
    "overwatch_range": 12,  # Q3
    "aimed_range": None,  # Q3
    "overwatch_persists": False,  # Q4
    "double_six": "kill_and_jam",  # Q5
    "stealer_flank_dice": 3,  # Q6
    "flamer_hits_blips": True,  # Q7
    "blip_bag": {1: 8, 2: 4, 3: 9},  # Q8
    "blip_draw": "without_replacement",  # Q8
    "entry_capacity": 3,  # Q9
    "lurk_distance": 6,  # Q10
    "lurk_metric": "walk",  # Q10
    "voluntary_conversion_acts": True,  # Q11
    "interrupt_actor": "witness",  # Q12
    "turn_and_fire": False,  # Q13
    "diagonal_squeeze": True,  # Q14
    "doors_on": "squares",  # Q15
    "flamer_self_destruct": False,  # Q16
    "stealer_cap": 20,  # Q17
    "timer_mode": "realtime",  # Q18
    "timer_base_s": 120,  # Q18
    "timer_per_leader_s": 30,  # Q18
    "defender_turns_on_tie": True,  # Q19
}


def test_every_open_question_has_a_flag_with_the_recommended_default() -> None:
    opts = SpaceHulkOptions()
    for name, value in RECOMMENDED.items():
        assert getattr(opts.variants, name) == value, name


def test_options_round_trip_and_reject_unknown_flags() -> None:
    import pytest
    from pydantic import ValidationError

    opts = SpaceHulkOptions(vision_arc=90, blip_bag={1: 9, 2: 4, 3: 9}, stealer_cap=28)
    assert SpaceHulkOptions.model_validate_json(opts.model_dump_json()) == opts
    with pytest.raises(ValidationError):
        SpaceHulkOptions(guard=True)  # type: ignore[call-arg]


def test_grouped_options_accept_the_players_flat_keys() -> None:
    """`key=value` options as players type them: flat variant names, dotted names, expansions as text."""
    from engine.spacehulk import RULES

    opts = RULES.parse_options({"vision_arc": 90, "variants.turn_limit": 4, "expansions": "deathwing"})
    assert isinstance(opts, SpaceHulkOptions)
    assert opts.variants.vision_arc == 90 and opts.variants.turn_limit == 4
    assert opts.expansions == frozenset({"deathwing"}) and opts.deathwing
    stored = opts.model_dump(mode="json")  # what the table service stores
    assert RULES.parse_options(stored) == opts
    assert RULES.parse_options(None).variants == Variants()


def test_grouped_options_name_the_bad_flag() -> None:
    import pytest
    from pydantic import ValidationError

    with pytest.raises(ValidationError) as err:
        SpaceHulkOptions(vision_arc=45)  # type: ignore[call-arg]
    assert err.value.errors()[0]["loc"][:2] == ("variants", "vision_arc")
    with pytest.raises(ValidationError):
        SpaceHulkOptions(expansions="warzone")  # type: ignore[arg-type]
