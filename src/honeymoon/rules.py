"""Rule sets: the parameters of each variant, and the registry that finds them by name.

A variant is a :class:`RuleSet` plus, where its procedure differs, phases of its own in the
game state machine. The default profile is Draw and Discard Bridge (RULES.md section 2).

>>> find_variant("draw-discard").title
'Draw and Discard Bridge'
>>> find_variant("draw-discard").with_options(honours=True).honours
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import Enum

from honeymoon.errors import UnknownVariantError


class Procedure(Enum):
    """How the cards reach the hands before the auction (and what else differs)."""

    #: RULES.md 2 and 2a: nothing dealt, the players build hands from the stock.
    DRAW_DISCARD = "draw-discard"
    #: RULES.md 3: 13 dealt each, 13 preliminary tricks with drawing.
    DRAW = "draw"
    #: RULES.md 4: 13 dealt each, 13 preliminary tricks, then a second deal.
    MEMORY = "memory"
    #: RULES.md 5–8: four hands, each player with a dummy.
    DUMMIES = "dummies"
    #: RULES.md 9: Bridgette, 55 cards with three Colons, 13 dealt each and a compulsory
    #: exchange with the stock before the auction.
    BRIDGETTE = "bridgette"


class FirstCaller(Enum):
    """Who makes the first call of the auction."""

    DEALER = "dealer"
    NON_DEALER = "non-dealer"


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """How a variant option is named for players: a short ``label`` and a ``description``."""

    label: str
    description: str


#: Every variant option, by its field name in :class:`RuleSet`.
OPTIONS: dict[str, OptionInfo] = {
    "honours": OptionInfo("Score honours", "score honours above the line, as rubber bridge does"),
    "preliminary_follow_suit": OptionInfo(
        "Follow suit in the preliminary tricks",
        "follow suit in the preliminary tricks (false, the default: any card may be played)",
    ),
    "face_up_stock": OptionInfo(
        "Face-up stock: the winner's card is shown before each preliminary trick",
        "the top stock card is turned face up before each preliminary trick",
    ),
    "racks": OptionInfo(
        "Racks: a dummy is never shown to the opponent",
        "each dummy is seen by its owner only, never by the opponent (RULES.md 5.5)",
    ),
    "twelve_and_two": OptionInfo(
        "Twelve and two: two extra cards each after the auction",
        "12 cards are dealt to each hand and players see their own dummy in the auction; after "
        "it each player gets two more cards, one for their hand and one for their dummy, their "
        "choice (RULES.md 5.5)",
    ),
    "rubber_scoring": OptionInfo(
        "Rubber scoring instead of the six-deal match",
        "score as a rubber (RULES.md 1.5) instead of a match of six deals scored one by one",
    ),
    "clockwise": OptionInfo(
        "Clockwise arrangement: the defender's dummy always leads",
        "after the auction the hands are placed clockwise as defender's dummy, declarer's "
        "dummy, defender, declarer, so the defender's dummy makes the opening lead "
        "(RULES.md 5.5)",
    ),
}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The parameters of one variant. Frozen; derive options with :meth:`with_options`."""

    name: str
    title: str
    summary: str
    rules_section: str
    procedure: Procedure
    first_caller: FirstCaller = FirstCaller.NON_DEALER
    #: Draw and discard: after keeping the top card the player must discard the next (RULES.md 2);
    #: False is the variation of 2a, where keeping ends the turn.
    discard_after_keep: bool = True
    #: Score honours above the line as rubber bridge does: on by default in the variants of
    #: seeds 002 and 003 ("scoring is the same as in Rubber Bridge", "the players score as in
    #: Bridge"), off in Draw and Discard Bridge, whose seed 000 omits them by agreement.
    honours: bool = False
    #: The preliminary tricks require following suit. Memory Bridge's always do; in Draw Bridge
    #: they do not by default (the rule of seeds 002 and 004) and do with this option (seed 003).
    preliminary_follow_suit: bool = True
    #: Draw Bridge: the top stock card is turned face up before each preliminary trick.
    face_up_stock: bool = False
    #: Double Dummy Bridge: each dummy is seen by its owner only, never by the opponent.
    racks: bool = False
    #: Double Dummy Bridge: after the auction the hands are placed clockwise as defender's
    #: dummy, declarer's dummy, defender, declarer (the defender's dummy leads).
    clockwise: bool = False
    #: Single Dummy Bridge: one dummy (the dealer's) is face up in the auction, and declarer
    #: then chooses either dummy as partner (RULES.md 6).
    exposed_dummy: bool = False
    #: Double Dummy Bridge: 12 cards dealt to each hand; after the auction each player gets two
    #: more, one for their hand and one for their dummy (RULES.md 5.5).
    twelve_and_two: bool = False
    #: Semi-Exposed Dummies: each dummy is laid out as six face-down cards, each covered by a
    #: face-up card, and a seventh face-up card; a dummy plays only face-up cards (RULES.md 7).
    semi_exposed: bool = False
    #: Honeymoon Bridge with a Widow: 12 cards dealt to each hand and four to the widow, which
    #: declarer shares out after the auction and then chooses the opening leader (RULES.md 8).
    widow: bool = False
    #: Bridgette: the 55-card pack, the 52 and the three Colons.
    colons: bool = False
    #: Bridgette: a match of this many deals, each scored on its own with a game or part-score
    #: bonus and a fixed vulnerability schedule; 0 for rubber scoring.
    match_deals: int = 0
    #: Bridgette: a rubber instead of the match of ``match_deals`` deals.
    rubber_scoring: bool = False
    #: A passed-out deal is dealt again by the same dealer (Bridgette) instead of passing on.
    redeal_passed_out: bool = False
    #: The options a player may change with :meth:`with_options`.
    option_names: tuple[str, ...] = ("honours",)

    def with_options(self, **options: bool) -> RuleSet:
        """A copy with some options changed, e.g. ``honours=True``.

        :raises UnknownVariantError: for an option this variant does not have.
        """
        for key, value in options.items():
            if key not in self.option_names:
                raise UnknownVariantError(
                    f"{key!r} is not an option of {self.name}: its options are "
                    f"{', '.join(self.option_names)}",
                    "unknown_option",
                )
            if not isinstance(value, bool):
                raise UnknownVariantError(
                    f"option {key!r} is true or false, not {value!r}", "bad_option"
                )
        return replace(self, **options)  # type: ignore[arg-type]

    def public_rules(self) -> dict[str, object]:
        """The rules a client needs to show the game, as JSON-ready values: the procedure, who
        calls first and each rule flag (the one place a RuleSet is written out for clients).

        >>> DRAW_AND_DISCARD.public_rules()["procedure"]
        'draw-discard'
        """
        rules: dict[str, object] = {
            "procedure": self.procedure.value,
            "first_caller": self.first_caller.value,
            "discard_after_keep": self.discard_after_keep,
            "preliminary_follow_suit": self.preliminary_follow_suit,
            "face_up_stock": self.face_up_stock,
            "honours": self.honours,
        }
        if self.procedure is Procedure.BRIDGETTE:
            rules["colons"] = True
            rules["match_deals"] = self.deals_in_match
            rules["rubber_scoring"] = self.rubber_scoring
            rules["redeal_passed_out"] = self.redeal_passed_out
        if self.procedure is Procedure.DUMMIES:
            rules["racks"] = self.racks
            rules["clockwise"] = self.clockwise
            rules["exposed_dummy"] = self.exposed_dummy
            rules["twelve_and_two"] = self.twelve_and_two
            rules["semi_exposed"] = self.semi_exposed
            rules["widow"] = self.widow
        return rules

    @property
    def preliminary_follows_suit(self) -> bool:
        """True if the preliminary tricks require following suit: always in Memory Bridge
        (RULES.md 4.1), in Draw Bridge with its option.

        >>> MEMORY_BRIDGE.preliminary_follows_suit, DRAW_BRIDGE.preliminary_follows_suit
        (True, False)
        """
        return self.preliminary_follow_suit or self.procedure is Procedure.MEMORY

    @property
    def deals_in_match(self) -> int:
        """The deals of a match scored deal by deal (6 in Bridgette), or 0 for a rubber.

        >>> BRIDGETTE.deals_in_match, BRIDGETTE.with_options(rubber_scoring=True).deals_in_match
        (6, 0)
        """
        return 0 if self.rubber_scoring else self.match_deals

    @property
    def four_hands(self) -> bool:
        """True for the variants played at a four-hand table (each player with a dummy).

        >>> DOUBLE_DUMMY.four_hands, DRAW_AND_DISCARD.four_hands
        (True, False)
        """
        return self.procedure is Procedure.DUMMIES

    def options(self) -> dict[str, object]:
        """The option values that differ from the registered variant of the same name."""
        base = (
            VARIANTS.get(self.name) or TABLE_VARIANTS.get(self.name) or PACK_VARIANTS.get(self.name)
        )
        if base is None:
            return {}
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        }


DRAW_AND_DISCARD = RuleSet(
    name="draw-discard",
    title="Draw and Discard Bridge",
    summary=(
        "Nothing is dealt: in turns the players look at the top card of the stock and keep it "
        "(discarding the next unseen by the opponent) or reject it (keeping the next). Then a "
        "two-person auction, thirteen two-card tricks and rubber scoring."
    ),
    rules_section="2",
    procedure=Procedure.DRAW_DISCARD,
)

DRAW_AND_DISCARD_KEEP_ENDS_TURN = RuleSet(
    name="draw-discard-no-discard",
    title="Draw and Discard Bridge, keeping without discarding",
    summary=(
        "As Draw and Discard Bridge, but keeping the top card ends the turn (nothing is "
        "discarded); rejecting it discards it and keeps the next. Each turn adds one card, so "
        "both players reach 13 together; the rest of the stock stays unseen."
    ),
    rules_section="2a",
    procedure=Procedure.DRAW_DISCARD,
    discard_after_keep=False,
)

DRAW_BRIDGE = RuleSet(
    name="draw",
    title="Draw Bridge",
    summary=(
        "13 cards dealt each, 26 in the stock. Thirteen preliminary tricks at no trump: the "
        "winner of each draws the top stock card, the loser the next, privately; any card may "
        "be played to them. They score nothing. Then the auction (dealer first), play and "
        "rubber scoring."
    ),
    rules_section="3",
    procedure=Procedure.DRAW,
    honours=True,
    first_caller=FirstCaller.DEALER,
    preliminary_follow_suit=False,
    option_names=("honours", "preliminary_follow_suit", "face_up_stock"),
)

MEMORY_BRIDGE = RuleSet(
    name="memory",
    title="Memory Bridge",
    summary=(
        "13 cards dealt each and thirteen tricks at no trump with no drawing: whoever takes "
        "seven or more scores as for 1NT bid and made, plus 100. Then the other 26 cards are "
        "dealt, and the players bid, play and score as usual."
    ),
    rules_section="4",
    procedure=Procedure.MEMORY,
    honours=True,
)

DOUBLE_DUMMY = RuleSet(
    name="double-dummy",
    title="Double Dummy Bridge",
    summary=(
        "Four hands of 13 are dealt: each player's own and a dummy opposite. The players bid "
        "(dealer first) seeing only their own hands, then look at their dummies; the hand at "
        "declarer's left leads, both dummies are turned face up, and four-card tricks are "
        "played clockwise, each player playing their dummy's cards. Rubber scoring."
    ),
    rules_section="5",
    procedure=Procedure.DUMMIES,
    honours=True,
    first_caller=FirstCaller.DEALER,
    option_names=("honours", "racks", "clockwise", "twelve_and_two"),
)

SINGLE_DUMMY = RuleSet(
    name="single-dummy",
    title="Single Dummy Bridge",
    summary=(
        "As Double Dummy Bridge, but the dealer's dummy is dealt face up before the auction. "
        "After the auction declarer takes the exposed dummy or the other one as partner; the "
        "chosen dummy sits opposite declarer, the other opposite the defender, both face up, "
        "and the play goes on as in Double Dummy Bridge."
    ),
    rules_section="6",
    procedure=Procedure.DUMMIES,
    honours=True,
    first_caller=FirstCaller.DEALER,
    exposed_dummy=True,
    option_names=("honours",),
)

SEMI_EXPOSED = RuleSet(
    name="semi-exposed",
    title="Semi-Exposed Dummies",
    summary=(
        "As Double Dummy Bridge, but each dummy is laid out as six face-down cards, each "
        "covered by a face-up card, and a seventh face-up card: both players see the seven "
        "face-up cards of each dummy from the deal. A dummy plays only face-up cards (and "
        "follows suit with them alone); a covered card is turned face up at the end of the "
        "trick in which its cover was played."
    ),
    rules_section="7",
    procedure=Procedure.DUMMIES,
    honours=True,
    first_caller=FirstCaller.DEALER,
    semi_exposed=True,
    option_names=("honours",),
)

WIDOW = RuleSet(
    name="widow",
    title="Honeymoon Bridge with a Widow",
    summary=(
        "Four hands of 12 are dealt, each player's own and a dummy opposite, and four cards "
        "face down as the widow. The players bid (dealer first) seeing only their own hands. "
        "Declarer takes the widow unseen by the defender, puts one card in their hand and one "
        "in their dummy and gives the other two to the defender, who puts one in each; then "
        "declarer has the defender or the defender's dummy lead, and the play goes on as in "
        "Double Dummy Bridge."
    ),
    rules_section="8",
    procedure=Procedure.DUMMIES,
    honours=True,
    first_caller=FirstCaller.DEALER,
    widow=True,
    option_names=("honours",),
)

BRIDGETTE = RuleSet(
    name="bridgette",
    title="Bridgette",
    summary=(
        "55 cards: the 52 and three Colons (Grand with the aces, Royal with the court cards, "
        "Little with 2 to 10). 13 dealt each and an upcard; non-dealer takes two from the "
        "stock and discards two, then dealer takes 4, 8 or 12 by the upcard and discards as "
        "many. Auction (dealer first) and play; the second player may play the Colon matching "
        "the led card even when able to follow: the leader wins the trick and must lead another "
        "suit next. A match of six deals scored one by one."
    ),
    rules_section="9",
    procedure=Procedure.BRIDGETTE,
    first_caller=FirstCaller.DEALER,
    colons=True,
    match_deals=6,
    redeal_passed_out=True,
    option_names=("rubber_scoring",),
)

#: Every two-hand variant, by name: the variants :class:`~honeymoon.game.Game` plays and the
#: clients offer.
VARIANTS: dict[str, RuleSet] = {
    rules.name: rules
    for rules in (DRAW_AND_DISCARD, DRAW_AND_DISCARD_KEEP_ENDS_TURN, DRAW_BRIDGE, MEMORY_BRIDGE)
}

#: The two-hand variants with a pack of their own (RULES.md 9, Bridgette's 55 cards), by name:
#: :class:`~honeymoon.game.Game` plays them, views and records show them, :func:`find_variant`
#: finds them, and the clients (the terminal, the browser) offer them.
PACK_VARIANTS: dict[str, RuleSet] = {BRIDGETTE.name: BRIDGETTE}

#: The variants played at a four-hand table (RULES.md 5–8), by name: the engine
#: (:class:`~honeymoon.table.TableGame`) plays them and the clients (the terminal, the
#: browser) offer every one, Semi-Exposed Dummies and the Widow included.
TABLE_VARIANTS: dict[str, RuleSet] = {
    rules.name: rules for rules in (DOUBLE_DUMMY, SINGLE_DUMMY, SEMI_EXPOSED, WIDOW)
}

#: The default profile.
DEFAULT_RULES = DRAW_AND_DISCARD


def find_variant(name: str, *, four_hands: bool = False) -> RuleSet:
    """The registered variant called ``name`` (case-insensitive): one of :data:`VARIANTS` or
    :data:`PACK_VARIANTS`, or with ``four_hands`` also one of :data:`TABLE_VARIANTS`.

    >>> find_variant("Double-Dummy", four_hands=True).rules_section
    '5'

    :raises UnknownVariantError: naming the known variants.
    """
    key = name.strip().lower()
    known = {**VARIANTS, **PACK_VARIANTS}
    if four_hands:
        known.update(TABLE_VARIANTS)
    rules = known.get(key)
    if rules is None:
        raise UnknownVariantError(
            f"unknown variant {name!r}: choose one of {', '.join(sorted(known))}"
        )
    return rules
