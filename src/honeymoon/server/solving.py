"""The requests the hub answers in worker threads: the analysis of a finished hand, a hint on
a seat's decision, a claim judged; each worked out once and answered from the room's cache.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from honeymoon.bots import advise, strongest_bot_name
from honeymoon.bots.choice import choose_bot
from honeymoon.claims import ClaimError, ClaimVerdict, judge_claim, line_tricks
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, Phase
from honeymoon.seats import SEAT_NAMES, SEATS, Direction
from honeymoon.server.connections import Connection
from honeymoon.server.fair_play import HINTS_DECLINED, HINTS_OFFERED
from honeymoon.server.protocol import (
    CANNOT_CLAIM,
    CANNOT_END,
    HINTS_OFF,
    NO_HINT,
    RATE_LIMITED,
    SEAT_LINK_REPLACED,
    STALE_VERSION,
    STORAGE_ERROR,
    AnswerHints,
    Claim,
    Hint,
    claim_message,
    claim_trick,
    error_message,
    hint_message,
    review_claim,
)
from honeymoon.server.rooms import Room, Rooms
from honeymoon.server.storage import (
    GameGone,
    SeatLinkReplaced,
)
from honeymoon.table import TableGame
from honeymoon.views import SeatView, TableView, view_for

__all__ = ["Solving", "HINTS_PER_VERSION"]

logger = logging.getLogger("honeymoon.server")

#: Hints a seat may ask for one decision (one version of the game), over all its sockets;
#: the first is worked out, the others are answered from the room's cache.
HINTS_PER_VERSION = 3


def claim_line_tricks(game: Game | TableGame, verdict: ClaimVerdict) -> list[dict[str, Any]]:
    """A claim's line trick by trick, as the engine plays it from the claim on a copy of
    ``game`` (:func:`honeymoon.claims.line_tricks`): each trick's leader, its cards with the
    hand that played each (the seats at the two-hand table, the directions at the four-hand
    one) and its winner, the cards already on the table at the claim set apart."""
    names = tuple(d.name.lower() for d in Direction) if isinstance(game, TableGame) else SEAT_NAMES
    current = game.current_trick
    on_table = len(current.cards) if current is not None else 0
    entries = []
    for number, trick in enumerate(line_tricks(game, verdict.line)):
        played = [
            (names[hand], card.pbn) for hand, card in zip(trick.players, trick.cards, strict=True)
        ]
        entries.append(
            claim_trick(
                leader=names[trick.leader],
                played=played,
                winner=names[trick.winner] if trick.winner is not None else None,
                on_table=on_table if number == 0 else 0,
            )
        )
    return entries


class Solving(Rooms):
    """The requests the hub answers in worker threads: the analysis of a finished hand, a hint,
    a claim judged (at most ``max_analyses`` at once, server-wide)."""

    async def analysis(self, room: Room, connection: Connection, hand: int) -> None:
        """Answer an ``analysis`` request: worked out once per hand (in a worker thread, with
        the room's lock held), then from the room's cache."""
        refused = room.finished_hand_error(hand, "an analysis")
        if refused is not None:
            connection.send(refused)
            return
        if len(room.analyses) < len(room.game.history):
            async with self._solving, room.lock:
                try:
                    await asyncio.to_thread(room.analyse_finished)
                except HoneymoonError as error:  # no DDS for the four hands
                    connection.send(error_message(error.code, error.message))
                    return
        connection.send(room.analysis_message(connection.seat, hand))

    async def hint(self, room: Room, connection: Connection, hint: Hint) -> None:
        """Answer a ``hint`` request: the strongest bot's advice on the seat's decision, from
        the seat's own view (so it holds no card the seat has not seen), worked out in a
        worker thread. The advice is data (a reason code, its figures and the choices
        compared); the browser words it. Refused when the seat has no decision to make.

        A hint is worked out once per seat and version: asked again, from any socket of the
        seat, it is answered from the room's cache (a request that comes while it is being
        worked out waits for the same one). Each seat may ask :data:`HINTS_PER_VERSION` hints
        for one decision and ``hints_per_minute`` a minute; beyond that the answer is
        ``rate_limited``, before any work is done.
        """
        seat = connection.seat
        async with room.lock:  # the view is a snapshot: the bot thinks without the lock
            left = room.left_refusal()
            if left is not None:
                connection.send(left)
                return
            version = room.version
            if hint.version is not None and hint.version != version:
                connection.send(
                    error_message(
                        STALE_VERSION,
                        f"the game is at version {version}, not {hint.version}: "
                        "ask again for the current state",
                    )
                )
                return
            off = await self._hints_refusal(room, seat)
            if off is not None:
                connection.send(error_message(HINTS_OFF, off, version=version))
                return
            refusal = self._spend_hint(room, seat, version)
            if refusal is not None:
                connection.send(error_message(RATE_LIMITED, refusal, version=version))
                return
            if room.hint_asks[seat] == (version, 1) and not await self._count_hint(
                room, connection
            ):
                return
            cached = room.hints.get(seat)
            if cached is not None and cached[0] == version:
                working = cached[1]
            else:
                view = view_for(room.game, SEATS[seat])
                if not view.legal_actions:
                    refusal = "a hint is given on your turn, for your decision"
                    connection.send(error_message(NO_HINT, refusal))
                    return
                working = asyncio.ensure_future(self._work_out_hint(room, view, version))
                room.hints[seat] = (version, working)
        try:
            # Shielded: a socket that goes away does not cancel the others' hint.
            text = await asyncio.shield(working)
        except Exception:
            if room.hints.get(seat, (version, None))[1] is working:
                del room.hints[seat]  # a hint that failed is worked out again if asked
            raise
        connection.send(text)

    async def _hints_refusal(self, room: Room, seat: int) -> str | None:
        """Why ``seat`` may not have a hint in this game (None if it may). Between people the
        database decides: an offer this node holds as unanswered is read again (the other
        player may have accepted it on another node); off and declined are final."""
        if room.hints_setting.state == HINTS_OFFERED:
            # Only an offer can change (off and declined are final): read only then.
            stored = await self.storage.read(self.storage.fair_play, room.id)
            if stored is not None and room.set_fair_play(*stored):
                room.tell_fair_play()
        setting = room.hints_setting
        if setting.allowed:
            return None
        if setting.state == HINTS_OFFERED:
            if setting.offered_by == seat:
                return "hints are off until your opponent accepts your offer of them"
            return "hints are off until you accept your opponent's offer of them"
        if setting.state == HINTS_DECLINED:
            return "hints are off in this game: the offer of them was declined"
        return (
            "hints are off in this game: between two people they are on only if both "
            "agreed when the game was made"
        )

    async def _count_hint(self, room: Room, connection: Connection) -> bool:
        """Count the first hint a seat asked for a decision, in the database and for both
        seats to see; False (and the seat told) if the database did not take it."""
        try:
            asked = await self.storage.run(self.storage.count_hint, room.id, connection.seat)
        except Exception as error:
            logger.error("game %s: a hint not counted (%s)", room.id, type(error).__name__)
            room.hint_asks.pop(connection.seat, None)
            connection.send(
                error_message(STORAGE_ERROR, "the hint could not be recorded: ask again")
            )
            return False
        if room.set_fair_play(room.hints_setting.stored, asked):
            room.tell_fair_play()
        return True

    async def answer_hints(self, room: Room, connection: Connection, answer: AnswerHints) -> None:
        """Answer the other player's offer of hints: stored only if the offer still stands in
        the database (an answer is final), then both seats are told."""
        seat = connection.seat
        async with room.lock:
            stored = await self.storage.read(self.storage.fair_play, room.id)
            if stored is not None:
                room.set_fair_play(*stored)
            answered = room.hints_setting.answer(seat, agree=answer.agree)
            if isinstance(answered, str):
                connection.send(error_message(HINTS_OFF, answered))
                return
            try:
                done = await self.storage.run(
                    self.storage.answer_hints, room.id, room.hints_setting.stored, answered.stored
                )
            except Exception as error:
                logger.error("game %s: an answer not stored (%s)", room.id, type(error).__name__)
                connection.send(
                    error_message(STORAGE_ERROR, "the answer could not be stored: send it again")
                )
                return
            if done:
                room.hints_setting = answered
                logger.info("game %s: hints %s", room.id, answered.state)
            else:  # answered meanwhile from another device: the database's answer stands
                stored = await self.storage.read(self.storage.fair_play, room.id)
                if stored is not None:
                    room.set_fair_play(*stored)
            room.tell_fair_play()

    async def end_rubber(self, room: Room, connection: Connection) -> None:
        """End the rubber as left by the other player, who has had no socket on any node for
        :attr:`leave_after` seconds: stored only if the database agrees (the other player
        came back meanwhile, or the rubber was ended elsewhere: not), then both seats are
        told. Recorded as left, never as a result on points."""
        other = 1 - connection.seat
        async with room.lock:
            refusal = self._end_refusal(room, other)
            if refusal is None:
                away = (await self.storage.read(self.storage.away_since, room.id))[other]
                refusal = self._away_refusal(away)
            if refusal is not None:
                connection.send(error_message(CANNOT_END, refusal))
                return
            cutoff = datetime.now(UTC) - timedelta(seconds=self.leave_after)
            if not await self.storage.run(self.storage.end_as_left, room.id, other, cutoff):
                connection.send(
                    error_message(
                        CANNOT_END,
                        "the rubber goes on: your opponent came back, or it was ended already",
                    )
                )
                return
            logger.info("game %s: ended as left by %s", room.id, SEAT_NAMES[other])
            room.end_as_left(other)

    def _end_refusal(self, room: Room, other: int) -> str | None:
        """Why the rubber cannot be ended as left by ``other`` from what this node knows."""
        if room.bot_seat is not None:
            return "a rubber against the computer is not left: it waits for you"
        if room.game.is_over or room.left_by is not None:
            return "the rubber is over already"
        if room.connections[other] or room.elsewhere[other]:
            return "your opponent is here: the rubber goes on"
        return None

    def _away_refusal(self, away: datetime | None) -> str | None:
        """Why a player away since ``away`` (None: never left) has not left the rubber yet."""
        wait = self.leave_after
        if away is None:
            return f"your opponent has not left: a rubber is ended after {_minutes(wait)} away"
        gone = (datetime.now(UTC) - away).total_seconds()
        if gone < wait:
            return (
                f"your opponent has been away {_minutes(gone)}: you may end the rubber once "
                f"they have been away {_minutes(wait)}"
            )
        return None

    def _spend_hint(self, room: Room, seat: int, version: int) -> str | None:
        """Count one hint asked by ``seat`` at ``version`` against the seat's budget; the
        words of the refusal if it is spent (nothing is counted then), else None."""
        asked_version, asked = room.hint_asks.get(seat, (version, 0))
        if asked_version != version:
            asked = 0
        if asked >= HINTS_PER_VERSION:
            return (
                f"at most {HINTS_PER_VERSION} hints for one decision: "
                "ask again at your next decision"
            )
        wait = self.hint_budget.take(f"{room.id}:{seat}")
        if wait > 0:
            return (
                f"at most {self.hints_per_minute:g} hints a minute: "
                f"ask again in {math.ceil(wait)} s"
            )
        room.hint_asks[seat] = (version, asked + 1)
        return None

    async def _work_out_hint(self, room: Room, view: SeatView | TableView, version: int) -> str:
        """The ``hint`` message for ``view`` at ``version``: the strongest bot's advice,
        worked out in a worker thread (with the analyses' and claims' limit)."""
        adviser, _ = choose_bot(strongest_bot_name(), f"hint:{room.id}:{version}", room.game.rules)
        name = adviser.name
        async with self._solving:
            self.hints_worked_out += 1
            advice = await asyncio.to_thread(advise, adviser, view)
        return hint_message(version, name, advice.to_dict())

    async def claim(self, room: Room, connection: Connection, claim: Claim) -> None:
        """Judge a claim of every remaining trick with :func:`honeymoon.claims.judge_claim`.

        Accepted: both seats are told, and the rest of the hand is played out along the
        verdict's line of best play, card by card through the normal commit (so the stored
        actions are ordinary moves). Refused: both seats are told only that it was refused,
        and play goes on. The count the best defence leaves the claimant and the line depend
        on the opponent's hidden cards (a count at every turn would be a double-dummy oracle):
        they go out only in the review of the hand, once the hand is over.
        """
        seat = connection.seat
        async with room.lock:
            room.last_active = time.monotonic()
            game = room.game
            if self._claim_refused(room, connection, claim):
                return
            verdict = await self._verdict(room, connection)
            if verdict is None:
                return
            hand = game.hand_number
            trick = len(game.completed_tricks) + 1
            entry = review_claim(
                seat=SEAT_NAMES[seat],
                trick=trick,
                remaining=verdict.remaining,
                guaranteed=verdict.guaranteed,
                accepted=verdict.accepted,
                line=[card.pbn for card in verdict.line],
                tricks=claim_line_tricks(game, verdict),
            )
            if not room.claims.get(hand) or room.claims[hand][-1] != entry:
                room.claims.setdefault(hand, []).append(entry)
            logger.info(
                "game %s: %s claimed (%s)",
                room.id,
                SEAT_NAMES[seat],
                "accepted" if verdict.accepted else "refused",
            )
            # Only what either seat may know: the verdict and the public position. The same
            # text goes to both seats, whatever the hidden cards are.
            text = claim_message(
                hand=hand,
                trick=trick,
                claimant=SEAT_NAMES[seat],
                accepted=verdict.accepted,
                remaining=verdict.remaining,
            )
            for side in (0, 1):
                for other in room.connections[side]:
                    other.send(text)
            if not verdict.accepted or not await self._play_out(room, connection, verdict):
                return
            room.broadcast_state()
        self._schedule_bot(room)

    def _claim_refused(self, room: Room, connection: Connection, claim: Claim) -> bool:
        """Refuse a claim that cannot be judged (the rubber left, an old version, not the
        play of a hand), telling the socket why; False if it can be judged."""
        game = room.game
        left = room.left_refusal()
        if left is not None:
            connection.send(left)
            return True
        if claim.version is not None and claim.version != room.version:
            connection.send(
                error_message(
                    STALE_VERSION,
                    f"the game is at version {room.version}, not {claim.version}: "
                    "claim again from the current state",
                    version=room.version,
                )
            )
            connection.send(room.state_message(connection.seat))
            return True
        if game.phase is not Phase.PLAY:
            phase = (
                "the rubber is over"
                if game.is_over
                else f"now it is the {game.phase.name.lower()} phase"
            )
            connection.send(
                error_message(
                    CANNOT_CLAIM,
                    "a claim is made during the play of a hand, after the auction; " + phase,
                    version=room.version,
                )
            )
            return True
        return False

    async def _verdict(self, room: Room, connection: Connection) -> ClaimVerdict | None:
        """The verdict on the seat's claim at the room's version: worked out in a worker
        thread, or the seat's last one if it claimed at this version already; None, the seat
        told ``cannot_claim``, if no claim can be judged yet."""
        seat = connection.seat
        cached = room.last_claims.get(seat)
        if cached is not None and cached[0] == room.version:
            return cached[1]
        try:
            async with self._solving:
                verdict = await asyncio.to_thread(judge_claim, room.game, SEATS[seat])
        except ClaimError as error:  # a semi-exposed dummy's cards still face down
            connection.send(error_message(CANNOT_CLAIM, error.message, version=room.version))
            return None
        room.last_claims[seat] = (room.version, verdict)
        return verdict

    async def _play_out(self, room: Room, connection: Connection, verdict: ClaimVerdict) -> bool:
        """Play the rest of the hand along an accepted claim's line, card by card through the
        normal commit; False if the game is gone (every socket of it told and closed)."""
        link = self._link(connection)
        try:
            for card in verdict.line:
                mover = room.game.to_act
                assert mover is not None
                await self._commit(room, int(mover), card.action, None, link)
        except GameGone:
            return False  # every socket of the game was told and closed (_forget)
        except SeatLinkReplaced:
            logger.info("game %s: refused a claim (%s)", room.id, SEAT_LINK_REPLACED)
            self._close_link(room, connection)
        except Exception as error:
            logger.error(
                "game %s: could not store a claimed card (%s)", room.id, type(error).__name__
            )
            connection.send(
                error_message(
                    STORAGE_ERROR,
                    "the claimed tricks could not all be stored; play goes on from here",
                    version=room.version,
                )
            )
        return True


def _minutes(seconds: float) -> str:
    """A time away in words: whole minutes from one minute, else seconds.

    >>> _minutes(30.4), _minutes(1), _minutes(60), _minutes(900.5)
    ('30 seconds', '1 second', '1 minute', '15 minutes')
    """
    if seconds < 60:
        whole = int(seconds)
        return "1 second" if whole == 1 else f"{whole} seconds"
    whole = int(seconds // 60)
    return "1 minute" if whole == 1 else f"{whole} minutes"
