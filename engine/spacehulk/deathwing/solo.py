"""The automated Genestealer player of the Deathwing solo rules (deathwing.md §2.7: DW-SOLO-1 .. DW-SOLO-10,
A-30, A-31, A-47), for any mission: with the table option `solo=true` the engine itself plays the
Genestealer side and one person plays the Marines.

The player is three modules, named here: solo_routes.py (the route field, the local search, the plan
of an activation), solo_moves.py (the turn's order, each step, the prompts' answers; `play`) and
solo_reinforcements.py (the blips, the ties between entry areas, the ambush draws); ../dw_types/solo_model.py
holds what it keeps in the state and writes in the log.

`turn.settle` calls `act` whenever the Genestealer side must choose (its action phase, or a prompt it
answers: reinforcements, facings, placements, scuttles); `act` returns the action, which goes through
the same `decide` path as a player's (so overwatch, interrupts and every check apply), after writing
its decision and the reason as a `SoloDecided` event. Everything is deterministic from the game's
seeded dice: ties use `tape.dice`.

How it plays (the book's order):
- Reinforcements (DW-SOLO-2 .. DW-SOLO-4, A-47): the turn's blips are drawn at random, one per
  unsecured entry area, nearest area to a Marine first; blips beyond the areas are lost; they never
  lurk; then all flip together in placement order (figures beyond the model cap are lost, not kills)
  and their Genestealers wait in the area's lurking space, entering by the movement rules below.
- Ambush (DW-SOLO-5 .. DW-SOLO-7, A-30), where the table plays with ambush markers: a D6 before turn 1
  gives the first draw's turn (a mission that fixes the turns, `Mission.ambush_turns`, rolls no D6:
  the draws come at the start of those turns, DW-SOLO-7); at the start of that turn, before the Marine command phase, one result
  is drawn: a Genestealer goes on a random empty square exactly 6 squares by the shortest route from
  the nearest Marine that no Marine sees (none: it is lost); any other result costs that command phase
  1 CP (not below 0); that turn's reinforcements bring one blip fewer; a new D6 schedules the next.
- Movement (DW-SOLO-8 .. DW-SOLO-10, A-31): when the action phase begins, the Genestealers are ordered
  nearest to a Marine first (least AP; ties at random; Cloud Runner's leader last, DW-CR-8) and
  those a Marine sees are noted. Each in turn: if it can end adjacent to and facing a Marine with 1 AP
  left, it takes the least-AP route there and spends all its AP attacking; otherwise, if a Marine saw
  it as the turn began, or (still lurking) a Marine sees its entry square, it advances on the nearest
  Marine all the same; otherwise it moves only through squares no Marine sees (opening a door that
  would show it counts as being seen) to the one nearest a Marine, and stops there.

Readings:
- Least AP (A-31) counts moves (forward, diagonal and side steps 1, back steps 2), turns (90 degrees
  free, 180 degrees 1: SHB-4.4), doors (1 to open), rubble (+1), ladders (2), pits (3 up, 1 down).
  Models are obstacles for the moves this Genestealer can make this turn; beyond its reach the route
  is measured around the Marines and walls as they stand, ignoring the other Genestealers, which move
  one by one before and after it (an exact search over every model for every step would cost the
  whole turn's time budget).
- "Nearest to a Marine" = least AP to a square from which it attacks a Marine (orthogonally next to
  him, or directly under or over him through a pit or ladder hole, DW-LVL-1); a lurking Genestealer
  counts its entry square plus 1 AP.
- DW-LVL-1: "can attack" (A-31) counts the square under or over a Marine as an attack position that
  needs no facing (the attack goes through the hole); once there it attacks through the hole. A square
  beside him and one through a hole at the same AP are equal route ties (seeded dice); standing next to
  him and facing him is checked first.
- The book's "your choice" ties (which of equally near areas gets a blip, which of equally near
  Genestealers moves first; DW-SOLO-2, T-9, DW-SOLO-8) are asked of the solo player, who plays the
  Marine seat (deathwing.md §5): the engine pushes a `solo_tie` prompt (`AgSoloTie`) naming the tied
  entry areas or Genestealers (ids as on the hulk image) and waits, untimed (DW-SOLO-1); he answers
  with `BreakTie(pick=...)`, or `BreakTie()` to let the seeded dice choose, which is what his
  standing order "ties: random" answers for him, and the Marine AI pilot too. The answers are kept
  in `state.solo.picks` (for the decision `tie_key` names) until the decision is made; each is
  logged with its reason (`tie_area`, `tie_mover`: who chose, among which, at what distance).
  Only ties whose answer changes the game are asked: areas of a group that all get a blip take them
  in the dice's order (T-9's "in any order"), unless the Genestealer models may run short before the
  group's blips are all flipped (DW-SOLO-4: the surplus is lost in placement order, so the order
  decides which area's figures come): then the order is asked, one pick at a time until one area is
  left. Reading: the blips are face down when placed, so "may run short" is judged on the counters
  that could still be drawn: the group's order is asked when the models left are fewer than the
  largest figures the blips up to and including the group could bring, and more than the smallest
  figures the blips placed before it could bring (else the group gets them all, or none, whatever
  the order). The question is also asked one pick at a time while the group is larger than the
  blips left for it; areas that no route joins to a Marine are not "near" him, so their tie goes to
  the dice. Among movers, those no route brings to a Marine
  (they stay) are never asked about, and Genestealers waiting in the same entry area are
  interchangeable (the lowest number stands for them); "which moves first?" is asked one pick at a
  time until one place is left in the group, the rest of the order being the dice's. Route ties
  (A-31) and equal placement squares (A-30) stay with the seeded dice, as the section says.
- Choices the Genestealer player makes in prompts: a new Genestealer faces its first step toward the
  nearest Marine; a Genestealer attacked from the side or rear turns to face its attacker; scuttling
  and thrown fallers take the free square nearest a Marine; placements of a converted blip nearest a
  Marine first.
- DW-SOLO-1: solo play is untimed (the option turns the timer off) and has no bids.
"""

from __future__ import annotations

from ..dw_types.solo_model import REASONS, decided
from .solo_moves import act, on, play, waiting
from .solo_reinforcements import (
    ambush_allowed,
    ambush_due,
    blips_due,
    break_tie,
    reinforce,
    schedule,
    setup,
    turn_start,
)
from .solo_routes import attack_squares, distance, field, plan, search

__all__ = [
    "REASONS",
    "act",
    "ambush_allowed",
    "ambush_due",
    "attack_squares",
    "blips_due",
    "break_tie",
    "decided",
    "distance",
    "field",
    "on",
    "plan",
    "play",
    "reinforce",
    "schedule",
    "search",
    "setup",
    "turn_start",
    "waiting",
]
