"""Claims in Bridgette: judged by the solver that knows the Colons, from fixed 55-card packs.

The packs deal the hands one card at a time (non-dealer first), then the upcard and the stock;
both players discard back the cards they took in the exchange, so the dealt hands are played.
South deals and declares, East (non-dealer) leads. The expected verdicts are worked out by hand
in each test's docstring from the rules (BRIDGETTE.md, "Play").
"""

from __future__ import annotations

from bridgette_packs import exchange_back, pack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from honeymoon.actions import COLON_ACTIONS, PASS
from honeymoon.auction import Call
from honeymoon.bridgette import BridgetteGame
from honeymoon.cards import Card, CardSet, Suit
from honeymoon.claims import ClaimVerdict, best_line, judge_claim
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.rules import BRIDGETTE
from honeymoon.seats import Seat
from honeymoon.solver.colons import bridgette_tricks

SOUTH, EAST = Seat.SOUTH, Seat.EAST
SEATS_BOTH = (SOUTH, EAST)


def to_play(east: str, south: str, contract: str) -> BridgetteGame:
    """South deals and bids ``contract``, East passes and leads, with the dealt hands."""
    stock = pack(east, south, "H2")
    game = exchange_back(new_game(BRIDGETTE, seed=1, stocks=[stock], first_dealer=SOUTH))
    game.apply(Call.parse(contract), SOUTH)
    game.apply(PASS, EAST)
    assert game.phase is Phase.PLAY and game.to_act == EAST
    assert game.hand(EAST) == CardSet.parse(east) and game.hand(SOUTH) == CardSet.parse(south)
    return game


def check_line(game: Game, verdict: ClaimVerdict) -> None:
    """The verdict's line is legal card by card to the end of the hand, and as it is best play
    by both, the claimant takes exactly the tricks the verdict guarantees along it."""
    play = game.clone()
    hand = play.hand_number
    done = len(play.completed_tricks)
    for card in verdict.line:
        assert play.phase is Phase.PLAY and play.hand_number == hand, "the line outlasts the hand"
        assert card.action in play.legal_actions(), f"{card} is not legal in the line"
        play.apply(card.action)
    assert play.hand_number != hand or play.is_over, "the line stops before the end of the hand"
    tricks = play.hand_log(hand).tricks
    assert len(tricks) == 13 and all(t.winner is not None for t in tricks)
    won = sum(1 for trick in tricks[done:] if trick.winner == verdict.claimant)
    assert won == verdict.guaranteed
    assert (won == verdict.remaining) is verdict.accepted


# East: the ♠A (a trump) and twelve hearts. South: the ♠2, eleven diamonds and a 13th card.
EAST_ACE = "♠A ♥AKQJ109876543"


def test_a_claim_of_winners_the_defence_cannot_spoil_is_accepted() -> None:
    """With the Little Colon for South's 13th card (it matches 2 to 10, not the ♠A), East's ♠A
    draws South's only trump (South must follow) and the twelve hearts are winners: every
    trick is East's."""
    game = to_play(EAST_ACE, "♠2 ♦AKQJ10987654 :L", "1S")
    verdict = judge_claim(game, EAST)
    assert verdict.accepted and verdict.remaining == 13 and verdict.guaranteed == 13
    check_line(game, verdict)


def test_the_matching_colon_decides_a_claim() -> None:
    """With the Grand Colon instead of the Little, South answers the ♠A with it (the matching Colon,
    allowed while holding the ♠2) and keeps the trump for the hearts: East's best is to lead
    hearts, South ruffs, East ruffs the diamond back with the ♠A: twelve of thirteen."""
    game = to_play(EAST_ACE, "♠2 ♦AKQJ10987654 :G", "1S")
    verdict = judge_claim(game, EAST)
    assert not verdict.accepted
    assert verdict.remaining == 13 and verdict.guaranteed == 12
    check_line(game, verdict)
    # South's claim, judged while East is to move: the defence leaves South one trick.
    south = judge_claim(game, SOUTH)
    assert not south.accepted and south.guaranteed == 1 and south.line == verdict.line


def test_the_bar_on_the_next_lead_decides_a_claim() -> None:
    """East holds ♠AK and eleven hearts. At trick 1, ♠K first draws the ♠2 (the Grand Colon
    does not match a king): every trick. After ♠A spoiled by the Grand Colon, East wins the
    trick but may not lead spades: a heart is ruffed, and East takes eleven of the twelve;
    without the bar the ♠K would draw the trump and take all twelve."""
    game = to_play("♠AK ♥AKQJ10987654", "♠2 ♦AKQJ10987654 :G", "1S")
    first = judge_claim(game, EAST)
    assert first.accepted and first.guaranteed == 13
    check_line(game, first)
    game.apply(Card.parse("SA").action, EAST)
    game.apply(Card.parse(":G").action, SOUTH)
    assert game.to_act == EAST and game.barred_suit == Suit.SPADES
    verdict = judge_claim(game, EAST)
    assert verdict.remaining == 12 and not verdict.accepted and verdict.guaranteed == 11
    assert verdict.line[0].is_colon or verdict.line[0].suit is not Suit.SPADES
    check_line(game, verdict)
    # The bar is what decides: the same cards with no bar are all East's.
    east, south = game.hand(EAST).mask, game.hand(SOUTH).mask
    assert bridgette_tricks(east, south, int(Suit.SPADES)) == 12


def test_a_claim_with_a_card_led_counts_the_trick_in_progress() -> None:
    """East leads ♠A; South to move may answer with the Grand Colon. South's claim of all
    thirteen is refused; East's claim, judged on South's turn, too (South spoils)."""
    game = to_play(EAST_ACE, "♠2 ♦AKQJ10987654 :G", "1S")
    game.apply(Card.parse("SA").action, EAST)
    east = judge_claim(game, EAST)
    assert east.remaining == 13 and not east.accepted
    assert east.line[0] == Card.parse(":G")  # South's best answer keeps the trump
    assert east.guaranteed == 1
    check_line(game, east)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_best_line_plays_only_legal_cards_from_any_bridgette_position(data: st.DataObject) -> None:
    """From a position reached by any legal play (a one-bid auction), both seats' verdicts
    agree with each other and their line is legal and best for both to the end."""
    seed = data.draw(st.integers(0, 2**16), label="seed")
    game = new_game(BRIDGETTE, seed=seed, first_dealer=data.draw(st.sampled_from(SEATS_BOTH)))
    bid = False
    while game.phase is not Phase.PLAY:
        legal = game.legal_actions()
        if game.phase is Phase.AUCTION:
            bids = [a for a in legal if PASS < a < COLON_ACTIONS[0]]
            action = PASS if bid else data.draw(st.sampled_from(bids[:8]), label="bid")
            bid = True
        else:
            action = data.draw(st.sampled_from(legal), label="discard")
        game.apply(action)
    for _ in range(data.draw(st.integers(0, 25), label="cards played")):
        game.apply(data.draw(st.sampled_from(game.legal_actions()), label="card"))
    for seat in SEATS_BOTH:
        verdict = judge_claim(game, seat)
        assert 0 <= verdict.guaranteed <= verdict.remaining
        check_line(game, verdict)
        assert judge_claim(game, seat.other).guaranteed == verdict.remaining - verdict.guaranteed
    assert best_line(game) == judge_claim(game, SOUTH).line
