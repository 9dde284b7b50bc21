"""Take-backs by consent (issue 26, "undo by consent").

A player may take back their last action at once while nothing was revealed since (no die rolled,
no card or blip drawn or turned, no secret reached any seat) and no other player has acted since
(AI seats and stand-ins answering in the same move do not count: nobody must agree for them, and an
AI keeps no memory of what its seat was shown). After that, `/takeback` asks the players who acted
since or were shown a secret by the move, with one button to accept and one to refuse; an accepted
take-back goes back to the version before that action. Never across a reveal to the asking player:
if the moves since drew on chance, or showed the asking player anything they could not know (the
opponent's card played face up, a blip converted), no take-back is possible, with consent or
without: nobody may see hidden information and then undo it. Only the table's last player action
can be taken back, once.

What was revealed, and to whom, is the engine's rule (`Rules.disclosed`: chance is the core's, any
draw from the dice; the secrets shown are each game's own `Rules.shown_to`, written event by event
in its engine package for the games with hidden hands, and tested against `resample_hidden` on
random games: tests/engine/test_take_back.py). For example, a card played face up from a hidden
hand was seen by the opponent: it is taken back only if the opponent agrees, and not at all once
the opponent has answered with a card of their own. docs/architecture.md (Take-backs) tells it
game by game.
Moves whose actions are not recorded (a typed order, a standing order's answer) are treated as
revealing, conservatively.

The log stays append-only: a take-back is a `Rewound` event (engine/core) that carries the state to
go back to; the version goes on counting, so the dice of the replayed turn are new ones.
"""

from __future__ import annotations

from typing import Any

from engine.core import Disclosed, Rejected, Rewound, apply, fold

from . import moves, offload
from .service_part import ServicePart
from .store import NewDelivery, TableRecord

MOVES_MAX = 200
"""Moves kept per seat since its last action; beyond, its take-back is refused (blind)."""


def noted(table: TableRecord, prepared: moves.Prepared) -> dict[str, Any]:
    """The table's take-back record after a commit: every seat's record gets this commit's moves
    (they would be rewound with its action); the acting player's record starts at this commit."""
    by_seat: dict[str, Any] = {}
    for seat, record in (table.undo.get("by_seat") or {}).items():
        kept = [*record.get("moves", []), *prepared.moves]
        blind = bool(record.get("blind")) or prepared.blind or len(kept) > MOVES_MAX
        by_seat[seat] = {"from": record["from"], "moves": [] if blind else kept, "blind": blind}
    if prepared.undo_seat is not None:
        by_seat[prepared.undo_seat] = {
            "from": table.version + 1,
            "moves": prepared.moves,
            "blind": prepared.blind,
        }
    return {"by_seat": by_seat} if by_seat else {}


def nothing_to_take_back(table: TableRecord) -> Rejected:
    return Rejected(
        "absent.undo_nothing", "You have no move to take back at table #{table}.", table=table.number
    )


class TakeBack(ServicePart):
    """The take-backs' part of the table service (mixed into TableService)."""

    async def take_back(self, table_id: int, user_id: int) -> tuple[TableRecord, bool]:
        """`user_id` takes back their last action: (the table, whether it was taken back now; False:
        the other players were asked)."""
        async with self.lock(table_id):
            loaded = await self.load(table_id)
            table = loaded.table
            seat = table.seat_of(user_id)
            if seat is None:
                raise Rejected(
                    "bot.not_a_player", "You are not playing at table #{table}.", table=table.number
                )
            if table.is_over:
                raise Rejected("core.game_over", "This game is over.")
            undo = table.undo
            mine = (undo.get("by_seat") or {}).get(seat)
            if mine is None:
                raise nothing_to_take_back(table)
            records = await self.store.load_events(table.id)
            first = int(mine["from"])
            shown = (
                Disclosed(True, frozenset(table.seats))
                if mine.get("blind")
                else await offload.run(
                    moves.disclosed, table.game, [r.data for r in records], first, mine.get("moves", [])
                )
            )
            if shown.to(seat):
                raise Rejected(
                    "absent.undo_revealed",
                    "That move cannot be taken back: something was revealed since (a die, a card, a hidden choice).",
                )
            humans = {s for s in table.seats if table.user_of(s) is not None and s != seat}
            acted: set[str] = {r.actor for r in records[first - 1 :] if r.actor is not None}
            others = (acted | shown.seats) & humans  # who acted since, or saw a secret of the move
            if not others:
                return await self._rewind(loaded, records, seat, first, user_id), True
            if undo.get("asked") == seat:
                raise Rejected("absent.undo_asked", "You have asked already; the others must answer.")
            asked = [u for s in sorted(others) if (u := table.user_of(s)) is not None]
            async with self.store.transaction() as tx:
                await tx.update_table(table.id, undo={**undo, "asked": seat})
                await tx.add_delivery(
                    NewDelivery(
                        table_id=table.id,
                        version=table.version,
                        kind="undo",
                        target=f"asked:{user_id}",
                        payload={"event": "asked", "by": user_id, "asked": asked},
                    )
                )
            self.notify()
            return await self.get(table.id), False

    async def answer_take_back(self, table_id: int, user_id: int, version: int, accept: bool) -> TableRecord:
        """A player asked to agree to a take-back accepts or refuses it (the table as it was asked)."""
        async with self.lock(table_id):
            loaded = await self.load(table_id)
            table = loaded.table
            undo = table.undo
            asking = undo.get("asked")
            mine = (undo.get("by_seat") or {}).get(asking) if asking else None
            if table.version != version or mine is None:
                raise Rejected("bot.table_moved_on", "The table has moved on; here is where it stands now.")
            seat = table.seat_of(user_id)
            if seat is None or seat == asking:
                raise Rejected("absent.undo_not_yours", "This take-back is not yours to answer.")
            requester = table.user_of(str(asking))
            if not accept:
                kept = {s: r for s, r in (undo.get("by_seat") or {}).items() if s != asking}
                async with self.store.transaction() as tx:  # refused: that move stands, asked once
                    await tx.update_table(table.id, undo={"by_seat": kept})
                    await tx.add_delivery(
                        NewDelivery(
                            table_id=table.id,
                            version=table.version,
                            kind="undo",
                            target=f"refused:{user_id}",
                            payload={"event": "refused", "by": user_id, "asked": [requester]},
                        )
                    )
                self.notify()
                return await self.get(table.id)
            records = await self.store.load_events(table.id)
            return await self._rewind(loaded, records, str(asking), int(mine["from"]), user_id)

    async def _rewind(self, loaded: Any, records: list[Any], seat: str, first: int, by: int) -> TableRecord:
        """Back to the version before the seat's last action (event `first`): a `Rewound` event,
        committed as a move; nobody can take back what came before it."""
        table, rules, state = loaded.table, loaded.rules, loaded.state
        before = fold(rules, [rules.parse_event(r.data) for r in records[: first - 1]])
        event = Rewound(to_version=first - 1, seat=seat, state=before.model_dump(mode="json"))
        new = apply(rules, state.model_copy(deep=True), [event])
        prepared = moves.prepare(table, rules, state, new, [(event, seat)], actor_user=by)
        prepared.fields["undo"] = {}
        prepared.change.deliveries.append(
            NewDelivery(
                table_id=table.id,
                version=new.version,
                kind="undo",
                target="done",
                payload={"event": "done", "by": by, "seat": seat, "asked": []},
            )
        )
        return await self._write(table, rules, prepared)
