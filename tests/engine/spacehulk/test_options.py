"""Edition flags: one per open question of the digest (Q1-Q20), defaulting to its recommendation."""

from __future__ import annotations

from engine.spacehulk.options import Options

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
    opts = Options()
    for name, value in RECOMMENDED.items():
        assert getattr(opts, name) == value, name


def test_options_round_trip_and_reject_unknown_flags() -> None:
    import pytest
    from pydantic import ValidationError

    opts = Options(vision_arc=90, blip_bag={1: 9, 2: 4, 3: 9}, stealer_cap=28)
    assert Options.model_validate_json(opts.model_dump_json()) == opts
    with pytest.raises(ValidationError):
        Options(guard=True)  # type: ignore[call-arg]
