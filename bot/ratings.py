"""Ratings per server, per game and per side (issue 28 item 4): Glicko-2, recomputed from the results.

The truth is the stored results (`Store.results`: each finished table's seats and outcome, in the
order the tables finished; migration 8). `compute` is a pure function of that ordered list: nothing
rated is stored, so a fix to the formula (or to a result) rewrites every rating consistently the
next time a rating is shown. The fold costs about 0.1 ms a game (bench/ratings.py: 5,000 games in
about half a second on the shared machine), so bot/stats.py keeps the last fold per server and game
in memory and folds only the results after it, when the results before are unchanged (a changed
one, or a restart, recomputes from the first); the stored results stay the only truth.

Why Glicko-2 (docs/ratings.md has the whole reasoning): our games are two-sided duels, often
asymmetric, played slowly and irregularly (async games over weeks). Glicko-2's rating deviation says
how sure a rating is, which is what a small server's table needs (a player with two games is not
ranked as if known); TrueSkill/OpenSkill's team and free-for-all machinery buys nothing for 1-vs-1
and TrueSkill is patented. The package is `glicko2` (PyPI, 2.1.0); its volatility step (Glickman's
step 5, the function f) squares the rating where the paper squares the deviation, so `_Player`
corrects that one function; every other step is the package's own.

Choices where the issue is silent (docs/ratings.md):

- Each rated game is one rating period for its players, as online servers do for slow games; the
  players not in it keep their ratings unchanged (no deviation growth between games).
- Two pools per game: the game as a whole, and each side apart (Marines and Genestealers have ratings
  of their own; a Marine rating moves against the opponent's Genestealer rating).
- Counted apart, never rated: games with an AI seat (`/game new` against the AI) and games in which
  a stand-in played any turn for an absent player (their actions journalled as `ai:<seat>`): neither
  is a result between the players seated. `/stats` counts both kinds on their own lines.
- Not rated either: a series table (a campaign: its rounds are tables of their own games and are
  rated as such), a table with fewer than two distinct players, and abandoned tables (no result).
- A draw (no winners) scores ½. With more than two seats each player meets every other once in the
  period: 1 against a non-winner when they won, ½ against a fellow winner or fellow loser.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import glicko2

from .records import AI, ResultRecord

START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5
"""Glickman's system constant (he suggests 0.3 to 1.2); the package's own value."""

Pool = tuple[str, str | None]
"""(game, side): side None is the game's pool whatever the side played."""


class _Player(glicko2.Player):  # type: ignore[misc]  # the package has no type information
    """glicko2 2.1.0's player, with Glickman's step 5 function f as the paper writes it:
    f(x) = eˣ(Δ² − φ² − v − eˣ) / 2(φ² + v + eˣ)² − (x − a)/τ². The package's `_f` has the rating μ²
    where the paper has the deviation φ², so its new volatility is off (the paper's worked example
    gives σ' = 0.059996 exactly; the package 0.059993), the more so the further from 1500."""

    _tau = TAU

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi2 = self._Player__rd**2  # the package's private deviation (name-mangled), on its own scale
        num = ex * (delta**2 - phi2 - v - ex)
        den = 2 * (phi2 + v + ex) ** 2
        return num / den - (x - a) / self._tau**2


@dataclass(frozen=True)
class Rating:
    """One player's rating in one pool, and their record there."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY
    games: int = 0
    wins: int = 0
    draws: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws


def glicko2_update(player: Rating, opponents: Sequence[tuple[float, float, float]]) -> Rating:
    """One rating period for `player`: `opponents` are (rating, deviation, score) with score 1, ½, 0.
    The rating, deviation and volatility after it (the record is left to the caller)."""
    p = _Player(player.rating, player.rd, player.volatility)
    if opponents:
        p.update_player([o[0] for o in opponents], [o[1] for o in opponents], [o[2] for o in opponents])
    else:
        p.did_not_compete()
    return Rating(p.rating, p.rd, p.vol, player.games, player.wins, player.draws)


def rated(result: ResultRecord) -> bool:
    """Whether a result moves the ratings (see the module's doc): an outcome, no AI seat, no stand-in,
    not a series, and at least two distinct players."""
    if result.outcome is None or result.series or result.stand_ins:
        return False
    if any(holder == AI or holder is None for holder in result.seats.values()):
        return False
    users = [h for h in result.seats.values() if isinstance(h, int)]
    return len(users) >= 2 and len(set(users)) == len(users)


def _score(winners: Sequence[str], mine: str, theirs: str) -> float:
    if (mine in winners) == (theirs in winners):
        return 0.5
    return 1.0 if mine in winners else 0.0


@dataclass
class Ratings:
    """Every pool's ratings after the results (`compute`)."""

    pools: dict[Pool, dict[int, Rating]] = field(default_factory=dict)

    def of(self, game: str, side: str | None, user: int) -> Rating | None:
        return self.pools.get((game, side), {}).get(user)

    def table(self, game: str, side: str | None = None) -> list[tuple[int, Rating]]:
        """A pool's players, best first (rating, then fewer games behind more, then the user id)."""
        pool = self.pools.get((game, side), {})
        return sorted(pool.items(), key=lambda item: (-item[1].rating, -item[1].games, item[0]))


def compute(results: Iterable[ResultRecord], after: Ratings | None = None) -> Ratings:
    """The ratings after `results`, in the order given (the order the tables finished); `after`: the
    ratings after the results before these (a fold: compute(a + b) == compute(b, compute(a)))."""
    out = Ratings({pool: dict(players) for pool, players in (after.pools if after else {}).items()})
    for result in results:
        if not rated(result):
            continue
        assert result.outcome is not None
        winners = tuple(result.outcome.winners)
        seats = {seat: holder for seat, holder in result.seats.items() if isinstance(holder, int)}
        for side_of in (lambda seat: None, lambda seat: seat):
            before: dict[str, Rating] = {}
            for seat, user in seats.items():
                pool = out.pools.setdefault((result.game, side_of(seat)), {})
                before[seat] = pool.get(user, Rating())
            for seat, user in seats.items():
                mine = before[seat]
                faced = [
                    (before[other].rating, before[other].rd, _score(winners, seat, other))
                    for other in seats
                    if other != seat
                ]
                new = glicko2_update(mine, faced)
                won = seat in winners and len(winners) < len(seats)
                drew = not won and (not winners or len(winners) == len(seats))
                out.pools[(result.game, side_of(seat))][user] = Rating(
                    new.rating,
                    new.rd,
                    new.volatility,
                    mine.games + 1,
                    mine.wins + int(won),
                    mine.draws + int(drew),
                )
    return out


# --- a player's record (/stats) -----------------------------------------------------------------


@dataclass
class SideRecord:
    games: int = 0
    wins: int = 0


@dataclass
class PlayerStats:
    """One player's record on a server: rated games per game and side, the games counted apart, and
    the median time they took per turn."""

    user_id: int
    sides: dict[tuple[str, str], SideRecord] = field(default_factory=dict)  # (game, side) -> record
    vs_ai: SideRecord = field(default_factory=SideRecord)
    stood_in: SideRecord = field(default_factory=SideRecord)  # games a stand-in played a turn in
    median_turn_s: float | None = None
    turns: int = 0

    @property
    def games(self) -> int:
        return sum(r.games for r in self.sides.values()) + self.vs_ai.games + self.stood_in.games


def player_record(results: Iterable[ResultRecord], user_id: int) -> PlayerStats:
    """The player's finished games on the server, sorted into rated (per game and side), against the
    AI and with a stand-in's turns."""
    stats = PlayerStats(user_id)
    for result in results:
        seat = result.seat_of(user_id)
        if seat is None or result.outcome is None or result.series:
            continue
        won = seat in result.outcome.winners and len(result.outcome.winners) < len(result.seats)
        if AI in result.seats.values():
            bucket = stats.vs_ai
        elif result.stand_ins:
            bucket = stats.stood_in
        elif rated(result):
            bucket = stats.sides.setdefault((result.game, seat), SideRecord())
        else:
            continue
        bucket.games += 1
        bucket.wins += int(won)
    return stats


class Timed(Protocol):
    """An action of the journal as `turn_times` reads it (an ActionRecord, or /stats's JournalRecord)."""

    @property
    def seat(self) -> str: ...
    @property
    def holder(self) -> int | str | None: ...
    @property
    def at(self) -> float: ...


def turn_times(actions: Sequence[Timed], started_at: float, user_id: int) -> list[float]:
    """How long `user_id` took over each of their turns at one table, from its action journal: a turn
    is a run of actions in a row by one seat; it took from the previous run's last action (or the
    table's start) to its own last action. Only the runs the player took themselves (not a stand-in,
    not the AI) count."""
    times: list[float] = []
    previous_end = started_at
    run: list[Timed] = []

    def close(run: list[Timed]) -> None:
        if run and all(a.holder == user_id for a in run):
            times.append(max(0.0, run[-1].at - previous_end))

    for action in actions:
        if run and action.seat != run[-1].seat:
            close(run)
            previous_end = run[-1].at
            run = []
        run.append(action)
    close(run)
    return times


def median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def duration_parts(seconds: float) -> tuple[str, Any]:
    """A duration as the catalog says it: the message key's unit and the number (a whole number of
    seconds or minutes; hours and days with one decimal)."""
    if seconds < 60:
        return "ratings.duration_s", round(seconds)
    if seconds < 3600:
        return "ratings.duration_min", round(seconds / 60)
    if seconds < 86400:
        return "ratings.duration_h", round(seconds / 3600, 1)
    return "ratings.duration_d", round(seconds / 86400, 1)
