"""Hints in words, for the terminal: a bot's :class:`~honeymoon.bots.advice.Advice` (a reason
code and its figures) worded as a player reads it, and the numbers behind it on request.

The bots give codes and figures, never sentences; this module is the terminal's wording of
every :class:`~honeymoon.bots.advice.Reason` (the browser has its own in ``table.js``). Cards,
calls and contracts are worded by :mod:`honeymoon.cli.render`'s :class:`CardStyle`.

>>> from honeymoon.bots.advice import Advice, Figures, Reason
>>> from honeymoon.cards import Card, Suit
>>> king = Card.parse("SK")
>>> advice = Advice(90, Reason.KEEP_HIGH, Figures(card=king, suit=Suit.SPADES, longest=True))
>>> hint_line(advice, "expert")
'Hint (expert): keep ♠K: a high card in your longest suit.'
"""

from __future__ import annotations

from collections.abc import Callable

from honeymoon.actions import (
    KEEP,
    LEAD_DEFENDER,
    LEAD_DEFENDERS_DUMMY,
    REJECT,
    TAKE_EXPOSED,
    TAKE_OTHER,
    is_card_action,
)
from honeymoon.auction import DOUBLE, FIRST_BID, LAST_BID, PASS, REDOUBLE
from honeymoon.bots.advice import Advice, Candidate, Figures, Reason
from honeymoon.cards import Suit
from honeymoon.cli.render import SYMBOLS, CardStyle
from honeymoon.game import Phase

__all__ = ["hint_line", "action_words", "reason_words", "numbers_lines", "REASON_WORDS"]

_SUITS = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def _suit(figures: Figures, one: bool = False) -> str:
    suit = figures.suit
    if suit is None:
        return "cards"
    name = _SUITS[suit]
    return name[:-1] if one else name


def _contract(figures: Figures, style: CardStyle) -> str:
    return style.contract(figures.contract) if figures.contract is not None else "the contract"


def _layouts(figures: Figures) -> str:
    if not figures.layouts:
        return "with the hands known"
    return f"over {figures.layouts} layouts of the unseen cards"


def _chance(figures: Figures) -> str:
    chance = figures.chance or 0.0
    if not figures.layouts:
        return "with the hands known"
    return f"in {chance:.0%} of {figures.layouts} layouts"


def _tricks(figures: Figures) -> str:
    return f"{figures.tricks or 0:.1f}"


def _bid(f: Figures, s: CardStyle) -> str:
    if f.shape is not None:
        shape = "-".join(str(n) for n in f.shape)
        what = f"{f.points} points, a {shape} hand"
    else:
        what = f"{f.points} points, {f.length} {_suit(f)}"
    text = f"{what}, about {_tricks(f)} tricks"
    return text + (": one level too high" if f.push else "")


def _double(f: Figures, s: CardStyle) -> str:
    if f.margin is not None:
        return f"{_contract(f, s)} should go down by about {f.margin:.1f} tricks"
    return f"{_contract(f, s)} should go down ({f.points} points)"


def _best_call(f: Figures, s: CardStyle) -> str:
    tricks = f", about {_tricks(f)} tricks" if f.tricks is not None else ""
    return f"the best expected score, {f.score or 0:+.0f} points{tricks}, {_layouts(f)}"


def _pass_no_bid(f: Figures, s: CardStyle) -> str:
    if f.strain is None:
        return "no bid is worth it"
    return f"no bid is worth it (the best, {s.strain(f.strain)}, takes about {_tricks(f)} tricks)"


def _lost(f: Figures, s: CardStyle) -> str:
    if f.contract is None:
        return "no card takes seven memory tricks with the hands known: this loses least"
    verb = "makes" if f.declarer else "sets"
    return f"no card {verb} {_contract(f, s)} with the hands known: this loses least"


def _best_hand(f: Figures, s: CardStyle) -> str:
    text = "keeps the best hand for the draw"
    if f.face_up is not None:
        text += f", {f.chance or 0:.0%} to win {s.card(f.face_up)}"
    return text


#: The terminal's words for each reason code, from its figures and the card style.
REASON_WORDS: dict[Reason, Callable[[Figures, CardStyle], str]] = {
    Reason.NO_CHOICE: lambda f, s: "the only choice",
    Reason.BOT_CHOICE: lambda f, s: f"the {f.bot or 'computer'} bot's choice",
    Reason.KEEP_LENGTH: lambda f, s: f"your {_suit(f)} grow to {f.length} cards",
    Reason.KEEP_MASTER: lambda f, s: f"the top {_suit(f, one=True)} left in play",
    Reason.KEEP_HIGH: lambda f, s: "a high card" + (" in your longest suit" if f.longest else ""),
    Reason.KEEP_VALUE: lambda f, s: "worth more to your hand than an unseen card on average",
    Reason.REJECT_VALUE: lambda f, s: "an unseen card is worth more to your hand on average",
    Reason.REJECT_SHORT: lambda f, s: "a low card of a short suit",
    Reason.WHIM: lambda f, s: "a hunch",
    Reason.PASS_WEAK: lambda f, s: f"{f.points} points, not enough to open",
    Reason.PASS_CONTENT: lambda f, s: f"{f.points} points, happy to stop here",
    Reason.PASS_NO_SUIT: lambda f, s: f"{f.points} points and no suit to bid",
    Reason.PASS_NO_BID: _pass_no_bid,
    Reason.PASS_OWN: lambda f, s: f"{_contract(f, s)} is your contract",
    Reason.PASS_DEFEND: lambda f, s: f"defending {_contract(f, s)} costs less than bidding on",
    Reason.PASS_TOO_HIGH: lambda f, s: f"too high to bid on over {_contract(f, s)}",
    Reason.BID: _bid,
    Reason.DOUBLE: _double,
    Reason.REDOUBLE: lambda f, s: f"you expect {_tricks(f)} tricks in {_contract(f, s)}",
    Reason.BEST_CALL: _best_call,
    Reason.ONLY_CARD: lambda f, s: "your only legal card",
    Reason.WIN_CHEAPLY: lambda f, s: "wins the trick as cheaply as you can",
    Reason.PLAY_LOW: lambda f, s: "you cannot win the trick, so play low",
    Reason.RUFF: lambda f, s: "ruff with your lowest trump",
    Reason.DISCARD: lambda f, s: "your least useful card",
    Reason.DRAW_TRUMPS: lambda f, s: "draw the opponent's trumps",
    Reason.CASH: lambda f, s: "a sure winner: cash it",
    Reason.LEAD_SINGLETON: lambda f, s: "a singleton, to ruff later",
    Reason.LEAD_SEQUENCE: lambda f, s: "the top of a sequence",
    Reason.LEAD_LENGTH: lambda f, s: f"low from your length ({f.length} {_suit(f)})",
    Reason.LEAD_SAFE: lambda f, s: "the safest suit to lead",
    Reason.MAKES: lambda f, s: f"makes {_contract(f, s)} {_chance(f)}",
    Reason.SETS: lambda f, s: f"sets {_contract(f, s)} {_chance(f)}",
    Reason.MEMORY: lambda f, s: f"takes seven or more memory tricks {_chance(f)}",
    Reason.LOST: _lost,
    Reason.MOST_TRICKS: lambda f, s: f"the most tricks, {_tricks(f)} on average, {_layouts(f)}",
    Reason.BEST_HAND: _best_hand,
}


#: The four-hand table's own decisions (declarer's dummy, the opening leader), in words.
_TABLE_CHOICES = {
    TAKE_EXPOSED: "take the dummy dealt face up",
    TAKE_OTHER: "take the other dummy",
    LEAD_DEFENDER: "have the defender lead from their hand",
    LEAD_DEFENDERS_DUMMY: "have the defender lead from their dummy",
}
#: Where a card goes in each phase of the table that places cards.
_PLACED = {
    Phase.EXTRA_CARDS: "in your hand (the other to your dummy)",
    Phase.WIDOW_HAND: "in your hand",
    Phase.WIDOW_DUMMY: "in your dummy (the other two go to the defender)",
}


def action_words(
    action: int,
    advice_card: Figures | None = None,
    style: CardStyle = SYMBOLS,
    *,
    phase: Phase | None = None,
    from_dummy: bool = False,
) -> str:
    """What to do: ``keep ♠K``, ``reject ♦4``, ``bid 2♠``, ``pass``, ``double``, ``play ♠Q``;
    in Bridgette's exchange (``phase``) a card is discarded: ``discard ♠4``, ``discard ⁝L``; at
    the four-hand table a card comes ``from your dummy`` or is put somewhere, and declarer
    chooses a dummy or the opening leader.

    >>> action_words(52), action_words(57), action_words(96), action_words(2, phase=Phase.EXCHANGE)
    ('pass', 'bid 1♥', 'play ⁝L', 'discard ♣4')
    >>> action_words(51, from_dummy=True), action_words(51, phase=Phase.WIDOW_HAND)
    ('play ♠A from your dummy', 'put ♠A in your hand')
    >>> action_words(TAKE_OTHER)
    'take the other dummy'
    """
    if action in _TABLE_CHOICES:
        return _TABLE_CHOICES[action]
    card = advice_card.card if advice_card is not None else None
    if action in (KEEP, REJECT):
        verb = "keep" if action == KEEP else "reject"
        return f"{verb} {style.card(card)}" if card is not None else verb
    if action == PASS:
        return "pass"
    if action == DOUBLE:
        return "double"
    if action == REDOUBLE:
        return "redouble"
    if FIRST_BID <= action <= LAST_BID:
        return f"bid {style.action(action)}"
    if is_card_action(action):
        # A card (a Colon too): played to a trick, discarded face down in the exchange, or
        # put in a hand at the four-hand table.
        if phase in _PLACED:
            return f"put {style.action(action)} {_PLACED[phase]}"
        verb = "discard" if phase is Phase.EXCHANGE else "play"
        return f"{verb} {style.action(action)}{' from your dummy' if from_dummy else ''}"
    return style.action(action)


def reason_words(advice: Advice, style: CardStyle = SYMBOLS) -> str:
    """Why, in words, from the code and figures."""
    return REASON_WORDS[advice.code](advice.figures, style)


def hint_line(
    advice: Advice,
    adviser: str,
    style: CardStyle = SYMBOLS,
    *,
    phase: Phase | None = None,
    from_dummy: bool = False,
) -> str:
    """The hint: ``Hint (expert): play ♠Q: wins the trick as cheaply as you can.`` (``phase``:
    the phase it is given in, so that a card of Bridgette's exchange is a discard;
    ``from_dummy``: the card is played from the player's dummy, at the four-hand table)."""
    what = action_words(advice.action, advice.figures, style, phase=phase, from_dummy=from_dummy)
    return f"Hint ({adviser}): {what}: {reason_words(advice, style)}."


#: The figures of a choice compared, and of the advice, each worded by one template, in the
#: order they are shown; a figure the advice does not give is left out.
_CANDIDATE_FIGURES = (
    ("score", "{:+.0f} points"),
    ("tricks", "{:.1f} tricks"),
    ("value", "value {:.1f}"),
)
_ADVICE_FIGURES = (
    ("tricks", "about {:.1f} tricks expected"),
    ("margin", "about {:.1f} tricks to spare on defence"),
    ("value", "hand value {:.1f}"),
    ("chance", "chance {:.0%}"),
    ("score", "expected {:+.0f} points"),
)


def _worded(source: object, templates: tuple[tuple[str, str], ...]) -> list[str]:
    """Each figure of ``source`` named in ``templates`` that it gives, in words."""
    values = ((getattr(source, name), template) for name, template in templates)
    return [template.format(value) for value, template in values if value is not None]


def _candidate_words(
    candidate: Candidate, advice: Advice, style: CardStyle, phase: Phase | None, from_dummy: bool
) -> str:
    parts: list[str] = []
    if candidate.chance is not None:
        goal = {Reason.MAKES: "makes", Reason.SETS: "sets", Reason.MEMORY: "7+ tricks"}.get(
            advice.code, "succeeds"
        )
        parts.append(f"{goal} {candidate.chance:.0%}")
    parts += _worded(candidate, _CANDIDATE_FIGURES)
    what = action_words(candidate.action, advice.figures, style, phase=phase, from_dummy=from_dummy)
    return f"{what:<14}" + "  ".join(parts)


def _figure_words(figures: Figures, style: CardStyle) -> list[str]:
    words: list[str] = []
    if figures.points is not None:
        words.append(f"{figures.points} high-card points")
    if figures.suit is not None and figures.length is not None:
        words.append(f"{figures.length} {_suit(figures, one=figures.length == 1)}")
    if figures.shape is not None:
        words.append("shape " + "-".join(str(n) for n in figures.shape))
    return words + _worded(figures, _ADVICE_FIGURES)


def numbers_lines(
    advice: Advice,
    style: CardStyle = SYMBOLS,
    *,
    phase: Phase | None = None,
    from_dummy: bool = False,
) -> list[str]:
    """The numbers behind a hint: what each choice the computer compared comes to (best
    first), or the figures its rule of thumb read. Never a card of a layout the computer
    sampled: those are guesses about the unseen cards."""
    figures = advice.figures
    lines: list[str] = []
    if advice.candidates:
        if figures.layouts is not None:
            lines.append(f"The choices compared, {_layouts(figures)}:")
        else:
            lines.append("The choices compared:")
        lines += [
            "  " + _candidate_words(c, advice, style, phase, from_dummy) for c in advice.candidates
        ]
        if advice.candidates[0].value is not None and advice.action in (KEEP, REJECT):
            lines.append(
                "  (value: the hand's worth by high cards and length; for reject, the "
                "average over the cards you have not seen)"
            )
        if figures.layouts:
            lines.append("Each layout is a guess at the cards you cannot see; none is shown.")
    else:
        lines.append("A rule of thumb, not a comparison of outcomes.")
    read = _figure_words(figures, style)
    if read:
        lines.append("Figures: " + ", ".join(read) + ".")
    return lines
