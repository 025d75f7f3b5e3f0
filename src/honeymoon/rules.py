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


class FirstCaller(Enum):
    """Who makes the first call of the auction."""

    DEALER = "dealer"
    NON_DEALER = "non-dealer"


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
    #: Score honours above the line as rubber bridge does (off in every profile by default).
    honours: bool = False

    def with_options(self, **options: bool) -> RuleSet:
        """A copy with some options changed, e.g. ``honours=True``.

        :raises UnknownVariantError: for an option this rule set does not have.
        """
        allowed = {f.name for f in fields(self)} - {
            "name",
            "title",
            "summary",
            "rules_section",
            "procedure",
        }
        for key in options:
            if key not in allowed:
                raise UnknownVariantError(
                    f"{key!r} is not an option of {self.name}: options are {sorted(allowed)}",
                    "unknown_option",
                )
        return replace(self, **options)  # type: ignore[arg-type]

    def options(self) -> dict[str, object]:
        """The option values that differ from the registered variant of the same name."""
        base = VARIANTS.get(self.name)
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

#: Every variant that can be played, by name.
VARIANTS: dict[str, RuleSet] = {DRAW_AND_DISCARD.name: DRAW_AND_DISCARD}

#: The default profile.
DEFAULT_RULES = DRAW_AND_DISCARD


def find_variant(name: str) -> RuleSet:
    """The registered variant called ``name`` (case-insensitive).

    :raises UnknownVariantError: naming the known variants.
    """
    key = name.strip().lower()
    rules = VARIANTS.get(key)
    if rules is None:
        raise UnknownVariantError(
            f"unknown variant {name!r}: choose one of {', '.join(sorted(VARIANTS))}"
        )
    return rules
