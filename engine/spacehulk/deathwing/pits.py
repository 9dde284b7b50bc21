"""Pits and jumps: falling to the level below and the landing table (deathwing.md §2.3, DW-PIT-*, A-12, A-13).

Levels grow downwards: the square under (x, y, z) is (x, y, z + 1). A faller stays on his square
until the landing is resolved (so two models never share a square), then moves in one event.
"""

from __future__ import annotations

from engine.core import Ruling

from ..board import Square
from ..combat import kill
from ..events import FallRolled, Fell, Landed, Shifted
from ..state import AgFacing, AgShift, Piece
from ..tape import Tape


def landing_square(tape: Tape, start: Square) -> Square:
    """DW-PIT-1: the square directly below; through further pits without stopping."""
    x, y, z = start
    below = (x, y, z + 1)
    while tape.is_pit(below):
        below = (x, y, below[2] + 1)
    return below


def is_pit(tape: Tape, sq: Square) -> bool:
    return tape.is_pit(sq)


def entered(tape: Tape, m: Piece, *, jump: bool) -> None:
    """A model has just entered a hole square: a Marine entering a pit rolls (DW-PIT-4: falls on a 1);
    any model that announced a jump goes down (DW-PIT-5, DW-PIT-10, DW-LAD-4)."""
    assert m.pos is not None
    if jump:
        fall(tape, m)
        return
    if m.kind == "marine" and is_pit(tape, m.pos):
        roll = tape.dice.d6()[0]
        ruling = Ruling(rules=("DW-PIT-4",), numbers={"roll": roll, "falls_on": 1})
        tape.emit(FallRolled(model=m.id, against=None, roll=roll, ruling=ruling))
        if roll == 1:
            fall(tape, m)


def fall(tape: Tape, m: Piece) -> None:
    """DW-PIT-1 .. DW-PIT-10, A-12: the faller loses overwatch and sustained fire, keeps his AP."""
    assert m.pos is not None
    landing = landing_square(tape, m.pos)
    tape.emit(Fell(model=m.id, landing=landing))
    below = tape.occ.get(landing)
    if m.kind != "marine":
        assert below is None  # Genestealers and blips never jump onto a model
        tape.emit(Landed(model=m.id, square=landing, roll=None, prone=False))
        if m.kind == "genestealer":
            tape.push(AgFacing(models=(m.id,), reveal=False))  # DW-PIT-10: the owner picks the facing
        return
    if below is None:
        land(tape, m.id, landing)
        return
    other = tape.state.pieces[below]
    if other.kind == "marine":
        _onto_marine(tape, m, other, landing)
    else:
        _onto_stealer(tape, m, other, landing)


def land(tape: Tape, model: str, square: Square) -> None:
    """DW-PIT-6: 1 D6, 1-4 prone, 5-6 on his feet facing as the Marine player chooses."""
    roll = tape.dice.d6()[0]
    ruling = Ruling(rules=("DW-PIT-6",), numbers={"roll": roll, "prone_up_to": 4})
    tape.emit(Landed(model=model, square=square, roll=roll, prone=roll <= 4, ruling=ruling))
    if roll >= 5:
        tape.push(AgFacing(models=(model,), reveal=False, chooser="marine"))


def _free_around(tape: Tape, sq: Square) -> tuple[Square, ...]:
    return tuple(n for _d, n in tape.board.neighbours(sq) if tape.square_problem(n, None) is None)


def _onto_stealer(tape: Tape, m: Piece, g: Piece, landing: Square) -> None:
    """DW-PIT-7, A-12 (a blip below is read as a Genestealer): the Genestealer player rolls; 3-6 it
    scuttles to an adjacent empty square of his choice, keeping its facing, and the Marine lands as
    DW-PIT-6 (no empty square: it dies); 1-2 it dies and the Marine is prone there."""
    roll = tape.dice.d6()[0]
    ruling = Ruling(rules=("DW-PIT-7",), numbers={"roll": roll, "below_dies_up_to": 2})
    tape.emit(FallRolled(model=m.id, against=g.id, roll=roll, ruling=ruling))
    if roll <= 2:
        kill(tape, g.id)
        tape.emit(Landed(model=m.id, square=landing, roll=None, prone=True))
        return
    squares = _free_around(tape, landing)
    if not squares:
        kill(tape, g.id)
        land(tape, m.id, landing)
    elif len(squares) == 1:
        tape.emit(Shifted(model=g.id, square=squares[0], prone=False))
        land(tape, m.id, landing)
    else:
        tape.push(AgShift(model=g.id, squares=squares, chooser="genestealer", faller=m.id, landing=landing))


def _onto_marine(tape: Tape, m: Piece, below: Piece, landing: Square) -> None:
    """DW-PIT-8, A-12: the Marine player rolls; 1-3 the one below dies and the faller is prone there;
    4-6 the one below is prone and the Genestealer player puts the faller prone on an adjacent empty
    square (none: the one below dies and the faller is prone there)."""
    roll = tape.dice.d6()[0]
    ruling = Ruling(rules=("DW-PIT-8",), numbers={"roll": roll, "below_dies_up_to": 3})
    tape.emit(FallRolled(model=m.id, against=below.id, roll=roll, ruling=ruling))
    if roll <= 3:
        kill(tape, below.id)
        tape.emit(Landed(model=m.id, square=landing, roll=None, prone=True))
        return
    tape.emit(Shifted(model=below.id, square=landing, prone=True))
    squares = _free_around(tape, landing)
    if not squares:
        kill(tape, below.id)
        tape.emit(Landed(model=m.id, square=landing, roll=None, prone=True))
    elif len(squares) == 1:
        tape.emit(Landed(model=m.id, square=squares[0], roll=None, prone=True))
    else:
        tape.push(AgShift(model=m.id, squares=squares, chooser="genestealer", faller=None, landing=landing))


def shifted(tape: Tape, item: AgShift, square: Square) -> None:
    """The Genestealer player chose where the scuttling Genestealer or the thrown faller goes."""
    if item.faller is not None:  # DW-PIT-7: the Genestealer scuttled; now the Marine lands
        tape.emit(Shifted(model=item.model, square=square, prone=False))
        land(tape, item.faller, item.landing)
    else:  # DW-PIT-8: the faller goes prone there
        tape.emit(Landed(model=item.model, square=square, roll=None, prone=True))
