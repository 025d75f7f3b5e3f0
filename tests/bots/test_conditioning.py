"""The expert reads the opponent's calls with the bots' own bidding model: layouts that fit
them, a bounded search with a fallback, and doubles valued by their expected score."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from helpers import call_all, cards, draw_all, play_south_against, stock_for_hands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from honeymoon.auction import (
    DOUBLE,
    FIRST_BID,
    PASS,
    AuctionSummary,
    Call,
    Contract,
    cheapest_bid,
)
from honeymoon.bots import ExpertBot, make_bot
from honeymoon.bots.expert import auction as expert_module
from honeymoon.bots.expert.auction import CALL_TOLERANCE, READER_SAMPLES, CallReader
from honeymoon.bots.heuristic import (
    SAMPLE_ATTEMPTS,
    best_call,
    call_values,
    high_card_points,
    shown_suits_of,
    trick_table,
)
from honeymoon.bots.sampling import (
    CONDITION_ATTEMPTS,
    Knowledge,
    conditioned_layouts,
    knowledge_from_view,
    sample_layouts,
)
from honeymoon.cards import SUIT_MASKS, Strain
from honeymoon.game import Game, Phase
from honeymoon.seats import Seat
from honeymoon.views import SeatView, view_for


def _drawn_game(seed: int) -> Game:
    """A game whose first hand is drawn by the heuristic bot for both seats."""
    game = Game(seed=f"conditioning:{seed}", first_dealer=Seat.SOUTH)
    bots = {seat: make_bot("heuristic", f"{seed}:{seat.label}") for seat in Seat}
    while game.phase is Phase.DRAWING:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(view_for(game, seat)), seat)
    return game


def _model_accepts(hand: int, opponent_view: SeatView, action: int, hidden: int) -> bool:
    """Whether the bidding model, holding ``hand`` in the opponent's place and seeing what
    the opponent saw (its own view when it called), ranks ``action`` within the tolerance of
    its best call. ``hidden`` are the cards the opponent could not see (the seat's hand and
    discards). Computed here from the opponent's view, not from the reader."""
    opponent = opponent_view.seat
    assert opponent is not None
    seat = opponent.other
    summary = AuctionSummary.read(opponent_view.auction, opponent_view.first_caller, opponent)
    # The model samples the seat's hand from the cards the opponent could not see (the
    # reader draws them once, seeded by those cards).
    rng = random.Random(hidden)
    seat_knowledge = Knowledge(0, hidden, hidden, 13, 0, 0, 0, True)
    candidates = [
        sample_layouts(seat_knowledge, rng, SAMPLE_ATTEMPTS) for _ in range(READER_SAMPLES)
    ]
    table = trick_table(
        hand,
        seat_knowledge,
        rng,
        shown_suits_of(summary.opponent_calls),
        summary.last_bid_by(int(seat)),
        candidates=candidates,
    )
    sheet = opponent_view.score_sheet
    values, _ = call_values(
        table,
        opponent_view.legal_actions,
        opponent_view.contract,
        opponent_view.declarer == opponent,
        (sheet.vulnerable(opponent), sheet.vulnerable(seat)),
        (sheet.progress[opponent], sheet.progress[seat]),
    )
    return action in values and values[action] >= max(values.values()) - CALL_TOLERANCE


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10**6), seat=st.sampled_from(list(Seat)))
def test_a_conditioned_layout_never_contradicts_the_opponents_calls(
    data: st.DataObject, seed: int, seat: Seat
) -> None:
    game = _drawn_game(seed)
    opponent_bot = make_bot("heuristic", f"opponent:{seed}")
    hidden = game.hand(seat).mask | game.discards(seat).mask
    # The opponent's calls are the heuristic bot's; the seat's are drawn (low bids, passes
    # and doubles), and the auction is looked at after a drawn number of calls.
    opponent_calls: list[tuple[SeatView, int]] = []
    for _ in range(data.draw(st.integers(1, 6), label="calls")):
        if game.phase is not Phase.AUCTION:
            break
        to_act = game.to_act
        assert to_act is not None
        view = view_for(game, to_act)
        if to_act == seat:
            legal = [a for a in view.legal_actions if a < FIRST_BID + 15]
            action = data.draw(st.sampled_from(legal), label="seat's call")
        else:
            action = opponent_bot.act(view)
            opponent_calls.append((view, action))
        game.apply(action, to_act)
    view = view_for(game, seat)
    if game.phase is not Phase.AUCTION or view.to_act != seat or not opponent_calls:
        return
    knowledge = knowledge_from_view(view)
    reader = CallReader(view, knowledge)
    assert len(reader.points) == len(opponent_calls)
    layouts, fits = conditioned_layouts(
        knowledge, random.Random(seed), 6, reader.misfit, attempts=60
    )
    assert len(layouts) == 6
    for layout in layouts:  # the hard facts hold for every layout, fitting or not
        assert layout & ~knowledge.possible == 0 and layout.bit_count() == 13
    for layout in layouts[:fits]:
        assert reader.misfit(layout) == 0
        for opponent_view, action in opponent_calls:
            assert _model_accepts(layout, opponent_view, action, hidden), (
                layout,
                [str(Call(a)) for _, a in opponent_calls],
            )
    for layout in layouts[fits:]:
        assert reader.misfit(layout) > 0


def _auction_after(seed: int, wanted: str) -> tuple[SeatView, Game] | None:
    """South's view after East (the heuristic bot) opened ``wanted``, if it did."""
    game = _drawn_game(seed)
    east = make_bot("heuristic", f"east:{seed}")
    to_act = game.to_act
    assert to_act is Seat.EAST
    action = east.act(view_for(game, Seat.EAST))
    if str(Call(action)) != wanted:
        return None
    game.apply(action, Seat.EAST)
    return view_for(game, Seat.SOUTH), game


def _longest(hand: int) -> int:
    return max((hand & mask).bit_count() for mask in SUIT_MASKS)


def _mean(values: list[int]) -> float:
    return sum(values) / len(values)


def test_an_opening_bid_shows_its_suit_and_a_pass_caps_the_hand() -> None:
    spade_openings = passes = 0
    for seed in range(400):
        game = _drawn_game(seed)
        east = make_bot("heuristic", f"east:{seed}")
        call = Call(east.act(view_for(game, Seat.EAST)))
        if not (call.strain is Strain.SPADES and call.level == 1) and call.action != PASS:
            continue
        game.apply(call.action, Seat.EAST)
        view = view_for(game, Seat.SOUTH)
        knowledge = knowledge_from_view(view)
        reader = CallReader(view, knowledge)
        plain = sample_layouts(knowledge, random.Random(seed), 60)
        if call.action == PASS:
            if passes >= 3:
                continue
            ruled_out = [h for h in plain if reader.misfit(h) > 0]
            if len(ruled_out) < 5:
                continue  # a pass says something only where some hands would have opened
            passes += 1
            fitted = [h for h in plain if reader.misfit(h) <= 0]
            # A pass caps the hand: the hands it rules out hold more points and longer suits
            # than those that fit it.
            assert _mean([high_card_points(h) for h in ruled_out]) > _mean(
                [high_card_points(h) for h in fitted]
            )
            assert _mean([_longest(h) for h in ruled_out]) > _mean([_longest(h) for h in fitted])
            continue
        if spade_openings >= 3:
            continue
        layouts, fits = conditioned_layouts(
            knowledge, random.Random(seed), 60, reader.misfit, attempts=900
        )
        assert fits >= 30
        fitted = layouts[:fits]
        spade_openings += 1
        # An opening of 1♠ shows spades: the hands that fit it hold more than plain draws,
        # and never a doubleton.
        spades = SUIT_MASKS[Strain.SPADES]
        assert _mean([(h & spades).bit_count() for h in fitted]) > _mean(
            [(h & spades).bit_count() for h in plain]
        )
        assert min((h & spades).bit_count() for h in fitted) >= 3
        if spade_openings == 3 and passes == 3:
            break
    assert spade_openings == 3 and passes == 3


def test_with_no_layout_fitting_the_sampler_falls_back_to_plain_layouts() -> None:
    game = _drawn_game(7)
    knowledge = knowledge_from_view(view_for(game, Seat.EAST))
    drawn: list[int] = []

    def never(layout: int) -> float:
        drawn.append(layout)
        return 1.0

    layouts, fits = conditioned_layouts(knowledge, random.Random(3), 12, never)
    assert fits == 0
    # The tries are bounded, and the layouts are the plain ones the same generator deals.
    assert len(drawn) == CONDITION_ATTEMPTS * 12
    assert layouts == sample_layouts(knowledge, random.Random(3), 12)
    # Some fitting: they come first, then the layouts that missed by least. A layout fits
    # with as many spades as the most any of the forty plain layouts holds.
    spades = SUIT_MASKS[Strain.SPADES]
    most = max(
        (layout & spades).bit_count() for layout in sample_layouts(knowledge, random.Random(3), 40)
    )

    def long_spades(layout: int) -> float:
        return max(0, most - (layout & spades).bit_count())

    layouts, fits = conditioned_layouts(knowledge, random.Random(3), 12, long_spades, 40)
    assert 0 < fits < 12
    misses = [long_spades(layout) for layout in layouts]
    assert misses[:fits] == [0] * fits and all(m > 0 for m in misses[fits:])
    assert misses[fits:] == sorted(misses[fits:])
    # Deterministic for a seed.
    assert conditioned_layouts(knowledge, random.Random(3), 12, long_spades, 40) == (
        layouts,
        fits,
    )


def _deal(east: str, south: str, calls: list[str]) -> Game:
    stock, draws = stock_for_hands(cards(east), cards(south))
    game = Game(stocks=[stock], first_dealer=Seat.SOUTH)  # East draws and calls first
    draw_all(game, draws)
    call_all(game, calls)
    return game


def test_an_opening_no_hand_could_make_leaves_the_expert_its_plain_layouts() -> None:
    # East opens 7NT on nothing: no hand of the unseen cards bids it by the model, so the
    # expert weighs every layout alike, and still doubles.
    game = _deal("5432.5432.5432.2", "AKQJ.AKQJ.AKQ.AK", ["7NT"])
    view = view_for(game, Seat.SOUTH)
    bot = ExpertBot(1, samples=12)
    advice = bot.advise(view)
    assert advice.action == DOUBLE, advice
    table = bot._auction
    assert table is not None and table.fitting == 0 and len(table.layouts) >= 12
    # Nothing fits, so every layout weighs the same (plain sampling).
    assert set(table.weights()) == {expert_module.MISFIT_WEIGHT}


# -- doubles by their expected score ---------------------------------------------------------


def _layouts_with(opponent_tricks: list[int], seat_tricks: int) -> expert_module._AuctionLayouts:
    """Layouts where the opponent takes ``opponent_tricks[i]`` as declarer in every strain on
    layout ``i``, and the seat ``seat_tricks`` on each."""
    return expert_module._AuctionLayouts(
        (0, 0, 0, 0),
        [0] * len(opponent_tricks),
        [(seat_tricks,) * 5 for _ in opponent_tricks],
        [(t,) * 5 for t in opponent_tricks],
        [True] * len(opponent_tricks),
    )


def _search_with(
    view: SeatView,
    opponent_tricks: list[int],
    seat_tricks: int = 6,
    play_spread: expert_module.PlaySpread | None = None,
) -> expert_module._AuctionSearch:
    """An auction search over :func:`_layouts_with`'s layouts (the contracts scored at the
    layouts' counts unless ``play_spread`` spreads them)."""
    table = _layouts_with(opponent_tricks, seat_tricks)
    assert view.seat is not None
    return expert_module._AuctionSearch(
        view, int(view.seat), table, table.weights(), 0.5, play_spread
    )


def _values_after(calls: list[str], opponent_tricks: list[int]) -> dict[int, float]:
    game = _deal("AKQJ10.65.AK.AKQJ", "9.AKQJ1098.432.32", calls)
    view = view_for(game, Seat.SOUTH)
    search = _search_with(view, opponent_tricks)
    state = expert_module._state_of(AuctionSummary.read(view.auction, view.first_caller, 0))
    return dict(search.root_values(state, 1))


def test_doubles_a_game_that_fails_on_nearly_every_layout() -> None:
    values = _values_after(["4S"], [8] * 9 + [10])  # down two, once made
    assert values[DOUBLE] > values[PASS] > values[DOUBLE] - 1000
    assert max(values, key=values.__getitem__) == DOUBLE


def test_does_not_double_a_part_score_that_makes_into_game_when_doubled() -> None:
    # 2♠ makes on seven layouts in ten: doubled it is a game (and more when redoubled).
    values = _values_after(["2S"], [8] * 7 + [7] * 3)
    assert values[DOUBLE] < values[PASS]
    assert max(values, key=values.__getitem__) != DOUBLE


def test_a_double_is_valued_after_the_redouble_it_invites() -> None:
    # 1♠ makes on six layouts in ten and fails by two on four: left alone, doubled it would
    # gain (0 against −5 undoubled, the part score counting toward game), but the declarer
    # may redouble, and redoubled it costs 72 on average, so the double is not made.
    game = _deal("AKQJ10.65.AK.AKQJ", "9.AKQJ1098.432.32", ["1S"])
    view = view_for(game, Seat.SOUTH)
    search = _search_with(view, [7] * 6 + [5] * 4)
    undoubled, doubled, redoubled = search.value[1][Contract(1, Strain.SPADES)]
    assert doubled > undoubled > redoubled
    state = expert_module._state_of(AuctionSummary.read(view.auction, view.first_caller, 0))
    values = dict(search.root_values(state, 1))
    assert values[DOUBLE] == redoubled
    assert values[PASS] == undoubled
    assert max(values, key=values.__getitem__) != DOUBLE


def test_the_models_answer_is_computed_once_per_hand_and_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A close call deals more layouts and asks for the answers of the first ones again: each
    # is the model's best call, computed once.
    game = _drawn_game(3)
    east = make_bot("heuristic", "east:3")
    game.apply(east.act(view_for(game, Seat.EAST)), Seat.EAST)
    view = view_for(game, Seat.SOUTH)
    knowledge = knowledge_from_view(view)
    reader = CallReader(view, knowledge)
    bid = next(a for a in view.legal_actions if Call(a).contract is not None)
    point = reader.answer_point(bid)
    assert point is not None
    hands = sample_layouts(knowledge, random.Random(3), 6)
    computed: list[int] = []
    real = CallReader._values

    def counting(self: CallReader, hand: int, at: object) -> dict[int, float]:
        computed.append(hand)
        return real(self, hand, at)  # type: ignore[arg-type]

    monkeypatch.setattr(CallReader, "_values", counting)
    first = [reader.answer(hand, point) for hand in hands]
    again = [reader.answer(hand, point) for hand in hands]
    assert first == again and len(computed) == len(set(hands))
    for hand, answer in zip(hands, first, strict=True):
        assert answer == best_call(real(reader, hand, point))


def test_a_rare_opening_is_read_on_layouts_that_fit_it() -> None:
    # East (the heuristic bot) opens 3NT on this drawing: few hands of the unseen cards bid
    # it so. The auction's layouts are dealt until twelve fit it (with four tries per layout
    # wanted, only five did, and the call was read on them).
    found = _auction_after(21, "3NT")
    assert found is not None
    view, _ = found
    bot = ExpertBot(1, samples=12, max_samples=12)
    knowledge = knowledge_from_view(view)
    table, reader = bot._auction_layouts(view, knowledge)
    assert isinstance(reader, CallReader)
    assert table.fitting == 12
    fitting = [layout for layout, fits in zip(table.layouts, table.fits, strict=True) if fits]
    assert all(reader.misfit(layout) == 0 for layout in fitting)


def test_the_models_work_is_kept_through_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    # After East's second call, a reader given the memory of the first works out the trick
    # tables of East's first call no more: the same hands read the same, with half the work.
    game = _drawn_game(3)
    east = make_bot("heuristic", "east:3")
    game.apply(east.act(view_for(game, Seat.EAST)), Seat.EAST)
    first_view = view_for(game, Seat.SOUTH)
    first = CallReader(first_view, knowledge_from_view(first_view))
    hands = sample_layouts(knowledge_from_view(first_view), random.Random(3), 6)
    assert all(first.misfit(hand) >= 0 for hand in hands)
    bid = next(a for a in first_view.legal_actions if Call(a).contract is not None)
    game.apply(bid, Seat.SOUTH)
    assert game.phase is Phase.AUCTION and game.to_act is Seat.EAST
    game.apply(east.act(view_for(game, Seat.EAST)), Seat.EAST)
    view = view_for(game, Seat.SOUTH)
    knowledge = knowledge_from_view(view)
    built: list[int] = []
    real = expert_module.trick_table

    def counting(hand: int, *args: object, **kwargs: object) -> object:
        built.append(hand)
        return real(hand, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(expert_module, "trick_table", counting)
    fresh = CallReader(view, knowledge)
    fresh_misfits = [fresh.misfit(hand) for hand in hands]
    fresh_work = len(built)
    built.clear()
    kept = CallReader(view, knowledge, first.memory)
    assert kept.memory is first.memory
    assert [kept.misfit(hand) for hand in hands] == fresh_misfits
    assert len(built) < fresh_work
    # Another deal's reader starts afresh.
    other = _drawn_game(4)
    other_view = view_for(other, Seat.SOUTH)
    assert CallReader(other_view, knowledge_from_view(other_view), first.memory).memory is not (
        first.memory
    )


def test_keeping_the_models_work_changes_no_call() -> None:
    # The same seeded expert, with and without the model's work kept between its calls,
    # advises the same calls with the same figures through whole auctions (of two or three
    # calls of its own on these seeds).
    for seed in (1, 3, 4):
        game = _drawn_game(seed)
        east = make_bot("heuristic", f"east:{seed}")
        keeping, forgetting = ExpertBot(seed, samples=12), ExpertBot(seed, samples=12)

        def south(
            view: SeatView, keeping: ExpertBot = keeping, forgetting: ExpertBot = forgetting
        ) -> int:
            forgetting._memory = None
            advice = keeping.advise(view)
            assert forgetting.advise(view) == advice
            return advice.action

        play_south_against(game, east, south, lambda g: g.phase is Phase.AUCTION)
        assert keeping._memory is not None and keeping._memory.tables


def test_the_drawing_gives_up_on_a_call_too_rare_for_its_tries() -> None:
    # About one draw in ninety holds seven hearts here: with sixteen tries per layout it would
    # be looked for to the end, but when the share found by the fourth try per layout says
    # the end will not be reached, the drawing stops there. A common shape (three hearts) is
    # drawn as before.
    game = _drawn_game(7)
    knowledge = knowledge_from_view(view_for(game, Seat.EAST))
    hearts = SUIT_MASKS[Strain.HEARTS]

    def counted(test: Callable[[int], bool]) -> tuple[Callable[[int], float], list[int]]:
        drawn: list[int] = []

        def misfit(layout: int) -> float:
            drawn.append(layout)
            return 0.0 if test(layout) else 1.0

        return misfit, drawn

    def rare(layout: int) -> bool:
        return (layout & hearts).bit_count() >= 7

    def common(layout: int) -> bool:
        return (layout & hearts).bit_count() >= 3

    for test, gives_up in ((rare, True), (common, False)):
        results = []
        for give_up_after in (None, 4 * 20):
            misfit, drawn = counted(test)
            layouts, fits = conditioned_layouts(
                knowledge, random.Random(5), 20, misfit, 16 * 20, give_up_after
            )
            results.append((layouts, fits, len(drawn)))
        (patient, patient_fits, patient_drawn), (quick, quick_fits, quick_drawn) = results
        assert all(test(layout) for layout in quick[:quick_fits])
        if gives_up:
            assert patient_fits < 20 and patient_drawn == 16 * 20
            assert 4 * 20 <= quick_drawn < patient_drawn and quick_fits * 16 < quick_drawn
        else:
            assert (quick, quick_fits, quick_drawn) == (patient, patient_fits, patient_drawn)
            assert quick_fits == 20


# -- the model's second answer ---------------------------------------------------------------


def test_the_point_after_an_answer_and_the_seats_next_call_is_the_auctions_own() -> None:
    # East opened 1♠. South bids 2♦, East answers 2♠ and South bids 3♥: East then stands
    # where the real auction would leave it, having seen South bid diamonds and hearts.
    game = _deal("AKQJ98.K2.Q2.K32", "5.AQJ98.K983.J54", ["1S"])
    view = view_for(game, Seat.SOUTH)
    reader = CallReader(view, knowledge_from_view(view))
    calls = [Call.parse(text).action for text in ("2D", "2S", "3H")]
    point = reader.answer_point(*calls)
    call_all(game, ["2D", "2S", "3H"])
    assert point is not None and game.to_act is Seat.EAST
    assert point.legal == tuple(game.legal_actions())
    assert point.current == Contract(3, Strain.HEARTS) and not point.theirs_standing
    assert point.seat_suits == (int(Strain.DIAMONDS), int(Strain.HEARTS))
    assert point.seat_bid == Contract(3, Strain.HEARTS)
    # a pass after East's answer ends the auction: there is no point to answer
    assert reader.answer_point(calls[0], calls[1], PASS) is None


class _SpadesOverEverything(CallReader):
    """The opponent answers each bid of the seat with the cheapest spade bid over it, up to
    4♠, and passes over anything higher (a scripted model, for the valuation's sake)."""

    def answer(self, hand: int, point: expert_module._CallPoint) -> int:
        bid = cheapest_bid(Strain.SPADES, point.current)
        return bid.action if bid is not None and bid.level <= 4 else PASS


def _outbid_with_spades() -> tuple[
    expert_module._AuctionSearch, expert_module._State, expert_module._Answers
]:
    """East opened 1♠ and takes ten tricks in every strain on eight layouts, South eight;
    the scripted model outbids each bid of South's with spades up to 4♠. The one-call search,
    the auction's state and the answers' valuation."""
    game = _deal("AKQJ98.K2.Q2.K32", "5.AQJ98.K983.J54", ["1S"])
    view = view_for(game, Seat.SOUTH)
    search = _search_with(view, [10] * 8, seat_tricks=8)
    table = _layouts_with([10] * 8, seat_tricks=8)
    reader = _SpadesOverEverything(view, knowledge_from_view(view))
    state = expert_module._state_of(AuctionSummary.read(view.auction, view.first_caller, 0))
    answers = expert_module._Answers(view, 0, table, table.weights(), reader, 0.5)
    return search, state, answers


def test_the_seats_next_call_is_valued_with_the_models_second_answer() -> None:
    # East opened 1♠ and takes ten tricks; South takes eight in every strain. East outbids
    # each of South's bids with spades up to 4♠. One answer deep, 2♥ looked good: after
    # East's 2♠, South's 3♥ was valued as if East could only pass or double it. With the
    # second answer East bids 3♠ over it, and 2♥ is worth no more than passing 2♠ or bidding
    # on into a failing contract: a cheap waiting bid is no longer flattered.
    search, state, answers = _outbid_with_spades()
    members = range(8)
    width = expert_module.ANSWERED_CALLS
    one_deep = dict(answers.call_values(search, state, (), members, width, ()))
    two_deep = dict(answers.call_values(search, state, (), members, width, (2,)))
    two_hearts = Call.parse("2H").action
    assert one_deep[two_hearts] > 0 > two_deep[two_hearts]
    # the pass ends the auction on 1♠ and needs no answer: the same either way
    assert one_deep[PASS] == two_deep[PASS] == search.settled_value(state, PASS)
    # South may still pass 2♠, so 2♥ is worth at least that
    after = search.next_state(search.next_state(state, two_hearts), Call.parse("2S").action)
    assert two_deep[two_hearts] >= search.settled_value(after, PASS)


def test_a_third_answer_takes_away_the_escape_the_second_left_open() -> None:
    # As above, East outbids each bid of South's with spades up to 4♠. With two answers,
    # 2♥ 2♠ 3♥ is valued one call deep after 3♥ (East may only pass or double it): -100,
    # one down. With a third answer East bids 3♠ over 3♥, so South's best after 2♠ is to pass
    # it, and 2♥ is worth exactly that.
    search, state, answers = _outbid_with_spades()
    width = expert_module.ANSWERED_CALLS
    two = dict(answers.call_values(search, state, (), range(8), width, (2,)))
    three = dict(answers.call_values(search, state, (), range(8), width, (2, 1)))
    two_hearts, two_spades = Call.parse("2H").action, Call.parse("2S").action
    after_two_spades = search.next_state(search.next_state(state, two_hearts), two_spades)
    three_hearts = dict(search.root_values(after_two_spades, 1))[Call.parse("3H").action]
    passing = search.settled_value(after_two_spades, PASS)
    assert two[two_hearts] == three_hearts > passing
    assert three[two_hearts] == passing
    assert two[PASS] == three[PASS] == search.settled_value(state, PASS)


# -- the play's spread about the double-dummy count ------------------------------------------


def test_the_measured_play_spread_favours_the_experts_play_over_its_opponents() -> None:
    seat, opponent = expert_module.PLAY_SPREAD
    for row in (seat, opponent):
        assert len(row) == 7 and abs(sum(row) - 1) < 1e-9 and min(row) > 0
    mean = [sum((i - 3) * share for i, share in enumerate(row)) for row in (seat, opponent)]
    assert mean[0] > 0 > mean[1]  # its declarer play gains on the count, its defence holds
    assert ExpertBot(1).play_spread == expert_module.PLAY_SPREAD
    assert ExpertBot(1, play_spread=None).play_spread is None


@given(
    st.lists(st.integers(0, 20), min_size=8, max_size=8).filter(any),
    st.sampled_from([0, 1]),
)
def test_the_spread_keeps_a_histogram_whole_and_moves_its_mean_by_the_plays(
    weights: list[int], side: int
) -> None:
    # Counts from 3 to 10, away from the ends (where the spread is held at 0 and 13).
    total = sum(weights)
    row = [0.0] * 3 + [w / total for w in weights] + [0.0] * 3
    spread = expert_module.PLAY_SPREAD[side]
    spread_row = expert_module._spread_histogram(row, spread)
    assert len(spread_row) == 14 and min(spread_row) >= 0
    assert abs(sum(spread_row) - 1) < 1e-9

    def mean_of(histogram: list[float]) -> float:
        return sum(t * p for t, p in enumerate(histogram))

    shift = sum((i - 3) * share for i, share in enumerate(spread))
    assert abs(mean_of(spread_row) - mean_of(row) - shift) < 1e-9


@given(st.lists(st.integers(4, 11), min_size=3, max_size=10), st.sampled_from(["2S", "4S"]))
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_the_answers_and_the_search_score_a_contract_alike_with_the_plays_spread(
    opponent_tricks: list[int], bid: str
) -> None:
    # The opponent's contract left undoubled: the answers score it layout by layout, the search
    # over the trick histogram; with the spread both give the same expected score, and it is
    # not the score at the layouts' counts.
    game = _deal("AKQJ10.65.AK.AKQJ", "9.AKQJ1098.432.32", [bid])
    view = view_for(game, Seat.SOUTH)
    spread = expert_module.PLAY_SPREAD
    search = _search_with(view, opponent_tricks, play_spread=spread)
    table = _layouts_with(opponent_tricks, seat_tricks=6)
    reader = CallReader(view, knowledge_from_view(view))
    answers = expert_module._Answers(view, 0, table, table.weights(), reader, 0.5, spread)
    state = expert_module._state_of(AuctionSummary.read(view.auction, view.first_caller, 0))
    contract = Call.parse(bid).contract
    assert contract is not None and state[0] == contract
    ended = answers._ended(state, range(len(opponent_tricks))) / len(opponent_tricks)
    assert abs(ended - search.value[1][contract][0]) < 1e-6
    exact = _search_with(view, opponent_tricks).value[1][contract][0]
    assert ended != exact
