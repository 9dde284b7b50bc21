"""Space Hulk (1st edition) rules engine: board, line of sight, actions, overwatch, flamer, assault, blips.

Modules: board (squares, sections, doors, entry areas), mapfile (the plain-text map format), los (line
of sight and arcs), options (an edition flag for every open question Q1-Q20), missions, state, actions,
events, queries (rule checks shared by decide and legal_actions), legal, combat, blips, tape (the
scratch state decide writes on), evolve, rules (decide and the agenda), views, ai (pilots).

Readings: where the digest (../shared/rules/space_hulk_base.md) left a choice, this is what we chose.
Board and sight
 - Doors sit on squares (Q15); bulkheads and chute hatches are door squares never opened by hand.
 - Without a [sections] block, sections are 4-connected groups of one floor character, doors alone;
   section ids are "<level>:<label>"; a section with any room square is a room.
 - Sight is an exact supercover line; each exactly-grazed corner blocks only if both squares block
   (walls count); viewer and target squares never block; sight stays on one level until Deathwing.
 - The 180-degree vision arc includes the squares level with the model (its sides) (SHB-6.2).
Turn, timer, activation, command points
 - The timer is reported when the Marine turn begins (120 s + 30 s per living sergeant on the board);
   a sergeant dying mid-turn does not shorten the running turn. Rules.time_limits gives the platform
   its deadlines: real time (one per Marine turn), budget (one per Marine prompt), untimed (none).
 - TimeExpired is accepted from whichever seat is active during the Marine action phase (refused in
   untimed mode); a step in progress (free shot, placement, facing) resolves, then the phase ends. It
   is never a legal action.
 - Acting with a model activates it (no separate "activate" action). Paying with AP activates the
   model and ends the previous one's activation; paying wholly with CP never changes the active model;
   AP short of the cost are topped up with CP. A Marine whose activation ended may act on CP only.
 - Unspent Marine AP are set to 0 when the Marine phase ends, so Genestealer-turn actions are CP only.
 - A Genestealer's 90-degree turn is free unless the previous action was a free turn the same way
   (Sulk's just_turned): alternating left/right turns stay free; each still triggers overwatch.
 - Zero-cost actions (free turn, voluntary conversion) still activate the model.
Interrupts (SHB-5.3)
 - After each Stealer-side action, once its overwatch fire, conversions and free turn are resolved,
   a window opens for the Marine player if a Marine saw the action: he saw the acting Genestealer
   before or after it, the door it worked, or a Genestealer that action revealed. Default prompt
   "always": after every witnessed action, revealing nothing about the secret chit; the option
   "when_able" prompts only with CP left and an affordable action (fewer prompts, but it shows the
   Genestealer player that CP remain). One action, CP only.
 - The 3e rule "no overwatch shot and CP action by one Marine for the same action" is not applied.
Shooting and assault
 - Sustained fire needs the same target on the same square: a target that moved is a new aim; every
   aim ends with the turn. A move-and-fire (or 3e turn-and-fire) shot gets no bonus but starts a
   sequence: the next aimed shot at that target gets +1.
 - Move-and-fire is a move followed by a free-shot prompt: the target is picked after the move and
   after any blip the move revealed has been placed.
 - All Marines on overwatch that can shoot fire, in model order, even at a target already dead
   (each roll can jam); the shooters are fixed when the action ends. Overwatch follows every
   Genestealer action, entering from a lurking space and free turns included; never blips.
 - Overwatch against revealed Genestealers happens only in the Genestealer turn, after placement and
   facing; each Marine picks among the targets he could shoot then (no prompt for a single one).
 - A sergeant's +1 also counts against doors (5+). The defender's free turn is a prompt to its owner,
   not offered when it already faces the attacker. Flank dice (Q6) apply only to a Genestealer
   defending; "rear" = outside its front 180 degrees (Sulk), "side_or_rear" is the DW-CA-1 variant.
 - Marines cannot attack Marines; blips cannot be attacked or shot (they convert first).
Heavy flamer
 - legal_actions offers one flame per distinct burnable area (its nearest visible square); decide
   accepts any valid square (the area, hence the effect, is the same).
 - Self-destruct (flag) kills every model and blip in the whole section (blips count their value),
   ignoring closed doors, and destroys its doors.
Blips
 - A blip is drawn only when it can be placed: with every usable area full (or no counter anywhere)
   the arriving blips are lost undrawn. The bag refills from the used counters when a draw finds it
   empty. Blips of a mission's opening are placed before turn 1 and lurk through turn 1 if forced.
 - Forced lurking walks 8-way over all board squares, doors passable, models ignored (Q10).
 - Lurking Genestealers (from a lurking conversion) do not count towards the 3-blip capacity; they
   inherit the blip's forced lurk and choose their facing on entering.
 - An involuntary conversion of a blip not yet activated this turn gives Genestealers with 6 AP that
   may act later in the phase; of an active or finished blip, none (Q11).
 - Genestealers are placed on the 8 squares around the blip with the movement's diagonal rule; when
   the free squares are no more than those to place, they are filled without asking.
 - A blip may not move where a Marine would see it once the blip has left its old square.
 - Conversions are checked after every decision, one blip at a time in order, until none is seen.
 - The Genestealer cap counts models on the board and in lurking spaces.
Missions and views
 - At the same moment wins beat draws beat losses; sealed entry areas count only in the end phase;
   the turn limit is a Marine loss after the last end phase. Exit: 1 AP from an exit square.
 - The number of counters left in the bag and the revealed (used) counters are public; the bag's
   composition is not. resample_hidden draws the CP chit uniformly from max(1, spent)..6.
"""

from .rules import RULES, SpaceHulkRules

__all__ = ["RULES", "SpaceHulkRules"]
