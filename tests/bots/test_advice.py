"""Advice is data: every bot gives a reason code and its figures, the terminal words every code,
and no figure, candidate or worded hint names a card the seat has not seen."""

from __future__ import annotations

import re

import pytest

from honeymoon.bots import DDSampleBot, ExpertBot, HeuristicBot, NoviceBot, RandomBot, advise
from honeymoon.bots.advice import Advice, Candidate, Figures, Reason
from honeymoon.cards import Card, Suit
from honeymoon.cli.hints import REASON_WORDS, hint_line, numbers_lines
from honeymoon.cli.render import CardStyle
from honeymoon.cli.session import cards_seen
from honeymoon.engines import new_game
from honeymoon.game import Phase
from honeymoon.rules import find_variant
from honeymoon.views import SeatView, view_for

#: The codes whose figures name the card the advice is about.
_CARD_CODES = {
    Reason.KEEP_LENGTH,
    Reason.KEEP_MASTER,
    Reason.KEEP_HIGH,
    Reason.KEEP_VALUE,
    Reason.REJECT_VALUE,
    Reason.REJECT_SHORT,
    Reason.WHIM,
    Reason.ONLY_CARD,
    Reason.WIN_CHEAPLY,
    Reason.PLAY_LOW,
    Reason.RUFF,
    Reason.DISCARD,
    Reason.DRAW_TRUMPS,
    Reason.CASH,
    Reason.LEAD_SINGLETON,
    Reason.LEAD_SEQUENCE,
    Reason.LEAD_LENGTH,
    Reason.LEAD_SAFE,
    Reason.MAKES,
    Reason.SETS,
    Reason.MEMORY,
    Reason.LOST,
    Reason.MOST_TRICKS,
    Reason.BEST_HAND,
}
_CARD_TEXT = re.compile(r"([♠♥♦♣])(10|[2-9JQKA])")
_SYMBOL_SUITS = {"♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES}


def _views(variant: str, seed: str, limit: int = 400, **options: bool) -> list[SeatView]:
    """The views of both seats through the first hand of a game the heuristic bot plays."""
    game = new_game(find_variant(variant).with_options(**options), seed=seed)
    bot = HeuristicBot(seed)
    views: list[SeatView] = []
    while not game.is_over and game.hand_number < 1 and len(views) < limit:
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        views.append(view)
        game.apply(bot.act(view), seat)
    return views


def _cards_named(text: str) -> set[int]:
    return {
        Card.parse(f"{_SYMBOL_SUITS[suit].letter}{'T' if rank == '10' else rank}").id
        for suit, rank in _CARD_TEXT.findall(text)
    }


def _check(advice: Advice, view: SeatView) -> None:
    """The advice's shape, and that nothing in it (nor in its words) is a card unseen."""
    assert isinstance(advice.code, Reason), advice
    assert advice.action in view.legal_actions
    if advice.code in _CARD_CODES:
        assert advice.figures.card is not None, advice
    seen = cards_seen(view)
    for card in advice.figures.cards():
        assert card.id in seen, (advice, card)
    for candidate in advice.candidates:
        assert candidate.action in view.legal_actions, advice
    if advice.candidates:
        assert advice.candidates[0].action == advice.action, advice
        assert len({c.action for c in advice.candidates}) == len(advice.candidates)
    words = "\n".join([hint_line(advice, "a bot"), *numbers_lines(advice)])
    assert _cards_named(words) <= seen, (words, _cards_named(words) - seen)


@pytest.mark.parametrize(
    ("variant", "options"),
    [("draw-discard", {}), ("draw", {"face_up_stock": True}), ("memory", {})],
)
@pytest.mark.parametrize("level", ["novice", "heuristic", "expert", "ddsample"])
def test_every_bot_gives_a_code_figures_and_no_unseen_card(
    level: str, variant: str, options: dict[str, bool]
) -> None:
    views = _views(variant, f"advice:{level}:{variant}", **options)
    bots = {
        "novice": lambda: NoviceBot(1),
        "heuristic": lambda: HeuristicBot(1),
        "expert": lambda: ExpertBot(1, samples=4, max_samples=4),
        "ddsample": lambda: DDSampleBot(1, samples=4),
    }
    step = 1 if level in ("novice", "heuristic") else 7
    phases: set[Phase] = set()
    chosen = [v for i, v in enumerate(views) if i % step == 0 or v.phase is Phase.AUCTION]
    for view in chosen:
        _check(bots[level]().advise(view), view)
        phases.add(view.phase)
    assert Phase.AUCTION in phases and Phase.PLAY in phases


def test_the_expert_compares_every_legal_card_by_its_outcome_over_the_layouts() -> None:
    views = [
        view
        for view in _views("draw-discard", "advice:compare")
        if view.phase is Phase.PLAY and len(view.legal_actions) > 1
    ]
    assert views
    for view in views[:6]:
        advice = ExpertBot(2, samples=6, max_samples=6).advise(view)
        assert advice.code in (Reason.MAKES, Reason.SETS, Reason.LOST)
        assert advice.figures.contract == view.contract
        assert advice.figures.layouts in (0, 6)
        assert {c.action for c in advice.candidates} == set(view.legal_actions)
        best = advice.candidates[0]
        for candidate in advice.candidates:
            assert candidate.score is not None and candidate.tricks is not None
            assert candidate.chance is not None and 0 <= candidate.chance <= 1
            assert candidate.score <= best.score  # type: ignore[operator]
        assert best.chance == advice.figures.chance


def test_the_expert_call_names_its_expected_score_and_the_calls_it_weighed() -> None:
    view = next(v for v in _views("draw-discard", "advice:call") if v.phase is Phase.AUCTION)
    advice = ExpertBot(3, samples=6, max_samples=6).advise(view)
    assert advice.code is Reason.BEST_CALL and advice.figures.layouts
    assert advice.figures.call is not None and advice.figures.call.action == advice.action
    assert advice.candidates[0] == Candidate(advice.action, score=advice.figures.score)
    assert len(advice.candidates) > 1


def test_a_bot_without_advice_gets_a_code_too() -> None:
    view = _views("draw-discard", "advice:random", limit=1)[0]
    advice = advise(RandomBot(1), view)
    assert advice.code is Reason.BOT_CHOICE and advice.figures == Figures(bot="random")


def test_the_terminal_words_every_code_in_both_card_styles() -> None:
    assert set(REASON_WORDS) == set(Reason)
    ten = Card.parse("HT")
    figures = Figures(
        card=ten,
        suit=Suit.HEARTS,
        length=5,
        longest=True,
        points=12,
        tricks=8.4,
        score=120,
        chance=0.75,
        layouts=20,
        value=21.5,
        margin=1.5,
        face_up=ten,
        bot="novice",
    )
    letters = CardStyle(letters=True, ten="T")
    for code in Reason:
        advice = Advice(ten.id, code, figures, (Candidate(ten.id, score=120, chance=0.75),))
        words = hint_line(advice, "expert")
        assert words.startswith("Hint (expert): play ♥10: ") and words.endswith(".")
        assert "None" not in words and "_" not in words, words
        lettered = hint_line(advice, "expert", letters)
        assert "HT" in lettered and "♥" not in lettered, lettered
        assert "♥" not in "\n".join(numbers_lines(advice, letters))


def test_a_hint_reads_like_a_player_and_the_numbers_wait_until_asked() -> None:
    king = Card.parse("SK")
    advice = Advice(
        90, Reason.KEEP_HIGH, Figures(card=king, suit=Suit.SPADES, length=3, longest=True)
    )
    assert hint_line(advice, "expert") == (
        "Hint (expert): keep ♠K: a high card in your longest suit."
    )
    compared = Advice(
        advice.action,
        advice.code,
        advice.figures,
        (Candidate(90, value=21.5), Candidate(91, value=20.25)),
    )
    lines = numbers_lines(compared)
    assert lines[0] == "The choices compared:"
    assert "keep ♠K" in lines[1] and "21.5" in lines[1]
    assert "reject ♠K" in lines[2] and "20.2" in lines[2]
    assert "21.5" not in hint_line(compared, "expert")
