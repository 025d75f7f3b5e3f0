"""The expert's Draw Bridge preliminary tricks (:mod:`honeymoon.bots.expert`): the card that
leaves the best expected hand after the draw, where winning the trick brings the face-up card
(when it is shown) and losing brings an unseen one. The drawing itself (Draw and Discard
Bridge) is the heuristic bot's, with the expert's values.
"""

from __future__ import annotations

from honeymoon.bots.advice import Advice, Candidate, Figures, Reason, ranked
from honeymoon.bots.heuristic import hand_value
from honeymoon.cards import CARD_MASK, Card, Strain, mask_to_card_ids
from honeymoon.knowledge import knowledge_of
from honeymoon.tricks import beats
from honeymoon.views import SeatView

__all__ = []


class _Drawing:
    """The expert's preliminary tricks of Draw Bridge: the card that leaves the best hand once
    the trick's cards are drawn."""

    def _draw_bridge_trick(self, view: SeatView) -> Advice:
        """The card that leaves the best expected hand once this trick's cards are drawn."""
        legal = view.legal_actions
        assert view.seat is not None
        hand = view.hand.mask
        trick = view.current_trick
        led = trick.cards[0].id if trick is not None and len(trick.cards) == 1 else -1
        facts = knowledge_of(view)
        gone, unseen, face_up = facts.all_played, facts.unseen, view.face_up
        unseen_ids = mask_to_card_ids(unseen)
        opponent_size = view.hand_sizes[1 - int(view.seat)]
        best: tuple[float, int] | None = None
        chance_of_best = 0.0
        compared: list[Candidate] = []  # for the advice
        for card in legal:
            rest = hand & ~CARD_MASK[card]
            random_draw = sum(hand_value(rest | CARD_MASK[u], gone) for u in unseen_ids) / max(
                1, len(unseen_ids)
            )
            if face_up is None:
                value = random_draw
                chance = 0.0
            else:
                if led >= 0:
                    chance = 1.0 if beats(card, led, Strain.NOTRUMP) else 0.0
                else:
                    chance = _chance_unbeaten(card, unseen, len(unseen_ids), opponent_size)
                value = chance * hand_value(rest | face_up.mask, gone) + (1 - chance) * random_draw
            key = value - 1e-6 * (card % 13)
            shown = round(chance, 3) if face_up is not None else None
            compared.append(Candidate(card, value=round(value, 2), chance=shown))
            if best is None or key > best[0]:
                best = (key, card)
                chance_of_best = chance
        assert best is not None
        card = best[1]
        figures = Figures(
            card=Card.from_id(card),
            value=round(best[0], 1),
            chance=round(chance_of_best, 3) if face_up is not None else None,
            face_up=face_up,
        )
        return Advice(card, Reason.BEST_HAND, figures, ranked(card, compared))


def _chance_unbeaten(card: int, unseen: int, unseen_count: int, opponent_size: int) -> float:
    """The chance that an opponent holding ``opponent_size`` of the ``unseen`` cards has no
    higher card of ``card``'s suit (hypergeometric)."""
    suit, rank = divmod(card, 13)
    higher = ((unseen >> (16 * suit)) & 0x1FFF) >> (rank + 1)
    count = higher.bit_count()
    chance = 1.0
    for i in range(min(opponent_size, unseen_count)):
        remaining = unseen_count - i
        chance *= max(0, remaining - count) / remaining
    return chance
