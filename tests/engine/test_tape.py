"""The shared tape (engine/core/tape.py): emit = evolve + version bump, on a scratch copy."""

from engine.core import Dice, Tape, apply, new_game
from tests.games.duel import RULES, Committed


def test_emit_evolves_a_scratch_copy_and_counts_versions():
    state, _ = new_game(RULES, {}, seed=7)
    before = state.model_dump()
    card = state.hands["red"][0]
    tape = Tape(RULES, state, Dice(7, state.version))
    tape.emit(Committed(seat="red", card=card))
    assert tape.state.committed["red"] == card
    assert tape.state.version == state.version + 1
    assert state.model_dump() == before  # the caller's state is untouched
    # the tape's scratch state is exactly what folding its events gives
    assert apply(RULES, state.model_copy(deep=True), tape.events).model_dump() == tape.state.model_dump()


def test_emitted_hook_runs_after_each_emit():
    calls = []

    class Counting(Tape):
        def emitted(self) -> None:
            calls.append(self.state.version)

    state, _ = new_game(RULES, {}, seed=3)
    tape = Counting(RULES, state, Dice(3, state.version))
    tape.emit(Committed(seat="red", card=state.hands["red"][0]))
    assert calls == [state.version + 1]
