"""/stats, /leaderboard and /campaign ledger in words (issue 28 item 4): read from the store, computed
by bot/ratings.py, said through the catalogs (renderers/locales/*/ratings.ftl).

Everything is recomputed when asked, from the stored results and journal: nothing here is stored.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from engine.core import Rejected

from . import ratings
from .games import presenter_for, rules_for
from .i18n import game_name, seat_name, t
from .panels import pack_blocks
from .records import ResultRecord, TableRecord
from .store_api import Store

PAGE_SIZE = 15
"""Leaderboard rows per page (a page stays well inside one message)."""


_FOLDS: dict[tuple[int | None, str | None], tuple[list[Any], ratings.Ratings]] = {}
"""The last fold per (server, game): the results it folded (their fingerprints) and the ratings."""


def _fingerprint(result: ResultRecord) -> tuple[Any, ...]:
    winners = tuple(result.outcome.winners) if result.outcome else None
    return (result.table_id, result.game, result.finished_at, winners, tuple(result.seats.items()))


def _fingerprints(results: Sequence[ResultRecord]) -> list[Any]:
    return [(_fingerprint(r), tuple(r.stand_ins), r.series) for r in results]


async def server_ratings(store: Store, guild_id: int | None, game: str | None = None) -> ratings.Ratings:
    """The server's ratings (of one game, or all), recomputed from its stored results: only the
    results after the last fold when those before are unchanged, else from the first; off the event
    loop's thread, so a long history never stalls the bot."""
    results = await store.results(guild_id, game)
    prints = _fingerprints(results)
    key = (guild_id, game)
    done, before = _FOLDS.get(key, ([], None))
    if before is None or prints[: len(done)] != done:
        done, before = [], None
    table = await asyncio.to_thread(ratings.compute, results[len(done) :], before)
    _FOLDS[key] = (prints, table)
    return table


def _mention(user_id: int) -> str:
    return f"<@{user_id}>"


def _rating_words(lang: str, rating: ratings.Rating) -> str:
    return t(lang, "ratings.rating", rating=round(rating.rating), rd=round(rating.rd))


def duration(lang: str, seconds: float) -> str:
    key, value = ratings.duration_parts(seconds)
    return t(lang, key, value=value)


async def player_stats(store: Store, guild_id: int | None, user_id: int) -> ratings.PlayerStats:
    """The player's record on the server, with the median time they took per turn over every table
    of the server they played (finished or not), from the action journal: two reads whatever the
    number of tables (the results, and every table's journal at once: `Store.turn_journal`)."""
    results = await store.results(guild_id)
    stats = ratings.player_record(results, user_id)
    times: list[float] = []
    for _, rows in groupby(await store.turn_journal(guild_id, user_id), key=lambda row: row.table_id):
        actions = list(rows)
        started = actions[0].started_at
        times += ratings.turn_times(actions, actions[0].at if started is None else started, user_id)
    stats.median_turn_s = ratings.median(times)
    stats.turns = len(times)
    return stats


async def stats_text(store: Store, guild_id: int | None, user_id: int, lang: str) -> list[str]:
    """/stats: games, wins per side with the side's rating, the games counted apart, the median
    time per turn; in messages of at most Discord's length."""
    stats = await player_stats(store, guild_id, user_id)
    who = _mention(user_id)
    if stats.games == 0 and stats.turns == 0:
        return [t(lang, "ratings.stats_none", user=who)]
    table = await server_ratings(store, guild_id)
    rated = sum(r.games for r in stats.sides.values())
    blocks = [
        t(lang, "ratings.stats_title", user=who),
        t(
            lang,
            "ratings.stats_games",
            count=stats.games,
            rated=rated,
            ai=stats.vs_ai.games,
            stood_in=stats.stood_in.games,
        ),
    ]
    for game in sorted({g for g, _ in stats.sides}):
        overall = table.of(game, None, user_id)
        lines = [
            t(
                lang,
                "ratings.stats_game",
                game=game_name(game, lang),
                rating=_rating_words(lang, overall) if overall else "—",
            )
        ]
        for (g, side), record in sorted(stats.sides.items()):
            if g != game:
                continue
            rating = table.of(game, side, user_id)
            lines.append(
                t(
                    lang,
                    "ratings.stats_side",
                    side=seat_name(game, side, lang),
                    games=record.games,
                    wins=record.wins,
                    rating=_rating_words(lang, rating) if rating else "—",
                )
            )
        blocks.append("\n".join(lines))
    if stats.vs_ai.games:
        blocks.append(t(lang, "ratings.stats_vs_ai", games=stats.vs_ai.games, wins=stats.vs_ai.wins))
    if stats.stood_in.games:
        blocks.append(t(lang, "ratings.stats_stood_in", games=stats.stood_in.games, wins=stats.stood_in.wins))
    if stats.median_turn_s is None:
        blocks.append(t(lang, "ratings.stats_turn_none"))
    else:
        blocks.append(
            t(lang, "ratings.stats_turn", time=duration(lang, stats.median_turn_s), turns=stats.turns)
        )
    return pack_blocks(blocks)


def check_game(game: str, side: str | None) -> None:
    """Refuse an unknown game, or a side the game does not have (in words, changing nothing)."""
    try:
        rules = rules_for(game)
        presenter_for(game)
    except LookupError:
        raise Rejected("ratings.no_such_game", "There is no game called {game}.", game=game) from None
    if side is not None and side not in rules.seats:
        raise Rejected(
            "ratings.no_such_side",
            "{game} has no side called {side}.",
            game=game_name(game, None),
            side=side,
        )


@dataclass(frozen=True)
class Page:
    text: str
    page: int
    pages: int


async def leaderboard(
    store: Store, guild_id: int | None, game: str, side: str | None, page: int, lang: str
) -> Page:
    """/leaderboard: the server's rated players of a game (all sides, or one), best first, page by
    page (`PAGE_SIZE` a page; a page past the end shows the last)."""
    check_game(game, side)
    board = (await server_ratings(store, guild_id, game)).table(game, side)
    side_words = seat_name(game, side, lang) if side else t(lang, "ratings.all_sides")
    if not board:
        return Page(t(lang, "ratings.board_empty", game=game_name(game, lang), side=side_words), 1, 1)
    pages = max(1, math.ceil(len(board) / PAGE_SIZE))
    page = min(max(1, page), pages)
    first = (page - 1) * PAGE_SIZE
    rows = [
        t(
            lang,
            "ratings.board_row",
            rank=first + i + 1,
            user=_mention(user),
            rating=_rating_words(lang, rating),
            games=rating.games,
            wins=rating.wins,
            losses=rating.losses,
            draws=rating.draws,
        )
        for i, (user, rating) in enumerate(board[first : first + PAGE_SIZE])
    ]
    title = t(
        lang, "ratings.board_title", game=game_name(game, lang), side=side_words, page=page, pages=pages
    )
    footer = [t(lang, "ratings.board_more", next=page + 1, pages=pages)] if page < pages else []
    return Page("\n".join([title, *rows, *footer]), page, pages)


async def ledger_text(store: Store, table: TableRecord, lang: str) -> list[str]:
    """/campaign ledger: a series' record for its whole life (missions, casualties, what it spent,
    the outcome), as its game's presenter writes it from the table's public events (redacted as for
    a spectator), with the round tables it opened; refused for a table that keeps none."""
    rules, presenter = rules_for(table.game), presenter_for(table.game)
    events = []
    for record in await store.load_events(table.id):
        shown = rules.parse_event(record.data).redacted_for(None)
        if shown is not None:
            events.append(shown)
    lines = presenter.ledger_text(events, lang)
    if lines is None:
        raise Rejected(
            "ratings.no_ledger",
            "Table #{table} ({game}) keeps no ledger: only a campaign does.",
            table=table.number,
            game=game_name(table.game, lang),
        )
    rounds = await store.list_tables(guild_id=table.guild_id)
    mine = sorted((r for r in rounds if r.series_of == table.id), key=lambda r: r.id)
    blocks = [t(lang, "ratings.ledger_title", table=table.number, game=game_name(table.game, lang)), *lines]
    if mine:
        blocks.append(t(lang, "ratings.ledger_rounds", tables=_round_list(mine, lang)))
    return pack_blocks(blocks)


def _round_list(rounds: Sequence[TableRecord], lang: str) -> str:
    return ", ".join(f"#{r.number} ({t(lang, f'bot.status.{r.status}')})" for r in rounds)
