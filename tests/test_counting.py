"""The counting aid (game.ai.counting): its facts on hand-made positions, checked against the
hidden truth over random play, and never dependent on a hidden card."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.counting import STOCK, TALON, counting_aid
from game.rules.actions import Verb
from game.rules.cards import CARD_STR, SUIT_MASK, card, cards_of, suit_index
from game.rules.observation import MariasObservation, Observation
from game.rules.variants import VARIANT_IDS, new_deal, random_deck

# --- building hand-made deals ------------------------------------------------------------


def kq_deck(non_dealer: list[str], dealer: list[str], indicator: str,
            stock: list[str]) -> list[int]:
    """A two-player deck (RULES.md 1.2): 3 + 3 + 3 + 3, the indicator, then the stock."""
    nd, de = [card(c) for c in non_dealer], [card(c) for c in dealer]
    deck = nd[:3] + de[:3] + nd[3:] + de[3:] + [card(indicator)] + [card(c) for c in stock]
    return deck


def play(deal, *actions: tuple[int, str]):
    for seat, action in actions:
        deal.apply(action, seat)
    return deal


SIXTY_SIX_REST = ["AC", "TC", "KC", "QC", "JC", "9C", "AD", "TD", "KD", "QD", "JD", "9D",
                  "AH", "TH", "KH", "QH", "JH", "9H", "AS", "TS", "KS", "QS", "JS", "9S"]


def sixty_six(hand0: list[str], hand1: list[str], indicator: str) -> object:
    """A Sixty-six deal, dealer 1 (seat 0 leads), the stock the remaining cards in order."""
    used = set(hand0) | set(hand1) | {indicator}
    stock = [c for c in SIXTY_SIX_REST if c not in used]
    return new_deal("sixty-six", 1, kq_deck(hand0, hand1, indicator, stock))


# --- hand-made positions -------------------------------------------------------------------


def test_a_marriage_shows_its_partner_and_the_points_count():
    d = sixty_six(["AC", "TC", "9D", "AS", "9S", "JS"], ["KH", "QH", "AD", "TD", "9C", "JC"],
                  "9H")
    # seat 0 leads the ace of clubs, seat 1 takes nothing; seat 0 leads again
    play(d, (0, "play AC"), (1, "play 9C"), (0, "play 9D"), (1, "play AD"),
         (1, "marriage H"), (1, "play KH"))
    aid = counting_aid(d.observation(0))
    assert aid.trump == "H"
    held = [p for p in aid.proofs if p.kind == "holds"]
    assert [(p.seat, p.cards, p.reason) for p in held] == [(1, ("QH",), "marriage")]
    assert aid.known == {1: ("QH",)}
    assert aid.certainly_holds(1, "QH") and aid.may_hold(1, "QH")
    # trumps still out: every heart but those played (KH) and the indicator 9H counts as out
    # (not yet played), minus none in seat 0's hand
    assert aid.trumps_out == ("AH", "TH", "QH", "JH", "9H")
    # points: seat 0 took AC+9C = 11; seat 1 took 9D+AD = 11 and 40 for the trump marriage
    assert aid.points == (11, 51)
    assert aid.to_target(0) == 55 and aid.to_target(1) == 15
    assert aid.last_trick_bonus


def test_the_exchanged_trump_card_is_known_in_the_exchangers_hand():
    d = sixty_six(["9H", "TC", "9D", "AS", "9S", "JS"], ["KH", "QS", "AD", "TD", "9C", "JC"],
                  "AH")
    play(d, (0, "play TC"), (1, "play 9C"), (0, "exchange"))
    aid = counting_aid(d.observation(1))
    assert aid.known == {0: ("AH",)}
    assert any(p.kind == "holds" and p.reason == "exchange" and p.cards == ("AH",)
               for p in aid.proofs)
    # the nine now lies face up under the stock: seen, not unseen
    assert "9H" not in aid.places and "9H" in aid.trumps_out


def test_sixty_six_for_three_voids_and_cards_that_could_not_beat():
    # dealer 2, forehand 0; packets of four: 0, 1, 2, 0, 1, 2
    hands = {0: ["AH", "9H", "AC", "TC", "KC", "QC", "JC", "9C"],
             1: ["JH", "AD", "TD", "KD", "QD", "JD", "9D", "AS"],
             2: ["TH", "KH", "QH", "TS", "KS", "QS", "JS", "9S"]}
    deck = []
    for half in (slice(0, 4), slice(4, 8)):
        for s in (0, 1, 2):
            deck += [card(c) for c in hands[s][half]]
    d = new_deal("sixty-six-3", 2, deck)
    trump = d.observation(0).trump
    assert trump == "S"  # the dealer's last card, 9S
    # 0 leads AH; 1 must follow and beat: JH cannot beat the ace, it is his only heart;
    # 2 follows with the TH
    play(d, (0, "play AH"), (1, "play JH"), (2, "play TH"))
    # 0 leads 9H: 1 has no heart and must trump: AS; 2 must follow hearts (KH) and beat if
    # able — the ace of trumps is on the trick, nothing can beat it
    play(d, (0, "play 9H"), (1, "play AS"), (2, "play KH"))
    aid = counting_aid(d.observation(0))
    voids = {(p.seat, p.suit) for p in aid.proofs if p.kind == "void"}
    assert (1, "H") in voids
    # 1 played no trump before the second trick's AS: nothing proves 1 has no spade
    assert not aid.may_hold(1, "QH")
    assert aid.may_hold(2, "QH")
    # trick one: seat 1 followed with the jack under the ace: holds no heart above the ace
    # (none), so no "cannot beat" fact survives for seat 1 (he is void anyway)
    assert all(p.seat != 1 or p.kind != "cannot_beat" for p in aid.proofs)
    # points: seat 0 took AH JH TH (11 + 2 + 10), seat 1 took 9H AS KH (0 + 11 + 4)
    assert aid.points[:2] == (23, 15)


def test_a_card_that_could_not_beat_rules_out_the_higher_ones():
    # Sixty-six, stock exhausted is long; use Sixty-six for three (strict from the start)
    hands = {0: ["KH", "9C", "AC", "TC", "KC", "QC", "JC", "9D"],
             1: ["JH", "9H", "TD", "KD", "QD", "JD", "AD", "AS"],
             2: ["AH", "TH", "QH", "TS", "KS", "QS", "JS", "9S"]}
    deck = []
    for half in (slice(0, 4), slice(4, 8)):
        for s in (0, 1, 2):
            deck += [card(c) for c in hands[s][half]]
    d = new_deal("sixty-six-3", 2, deck)
    # 0 leads KH; 1 must beat if able: he plays the JH, so he holds no AH, TH
    play(d, (0, "play KH"), (1, "play JH"))
    aid0 = counting_aid(d.observation(0))
    facts = [p for p in aid0.proofs if p.seat == 1 and p.kind == "cannot_beat"]
    assert [(p.card, p.suit, p.trick) for p in facts] == [("KH", "H", 1)]
    assert not aid0.may_hold(1, "AH") and not aid0.may_hold(1, "TH")
    assert aid0.may_hold(2, "AH") and aid0.certainly_holds(2, "AH")  # nobody else can
    # seat 2 holds both of those cards itself: the fact tells it nothing, so it is not shown
    aid2 = counting_aid(d.observation(2))
    assert not [p for p in aid2.proofs if p.seat == 1 and p.kind == "cannot_beat"]


def test_marias_queen_without_king_seven_against_and_the_talon():
    rng = random.Random(11)
    # play random legal Mariáš deals until one has a Suit contract and a queen played
    # without her king by a defender; check the facts the aid derives from them
    found = 0
    for _ in range(400):
        d = new_deal("marias", rng.randrange(3), random_deck("marias", rng))
        while not d.is_over():
            seat = d.to_move()
            acts = d.legal_actions()
            d.apply(acts[rng.randrange(len(acts))], seat)
            obs = d.observation((seat + 1) % 3)
            if obs.phase != "play":
                continue
            aid = counting_aid(obs)
            for p in aid.proofs:
                if p.kind == "no_king":
                    found += 1
                    k = card("K" + p.suit)
                    assert not (d.hand(p.seat) >> k) & 1
            if "talon_no_aces" in aid.notes:
                assert not any(c & 7 <= 1 for c in cards_of(d.talon))
        if found >= 3:
            break
    assert found >= 3


def test_the_aid_never_depends_on_a_hidden_card():
    """Two deals that differ only in cards the seat has not seen give the same aid."""
    a = sixty_six(["AC", "TC", "9D", "AS", "9S", "JS"], ["KH", "QH", "AD", "TD", "9C", "JC"],
                  "9H")
    # the same deck but seat 1's king of hearts swapped with the stock card drawn last
    deck = list(a.deck)
    k, last = deck.index(card("KH")), len(deck) - 1
    deck[k], deck[last] = deck[last], deck[k]
    b = new_deal("sixty-six", 1, deck)
    moves = [(0, "play AC"), (1, "play 9C"), (0, "play 9D"), (1, "play AD")]
    play(a, *moves)
    play(b, *moves)
    oa, ob = a.observation(0), b.observation(0)
    assert oa == ob
    assert counting_aid(oa) == counting_aid(ob)
    # the JSON form a third party or a log gives reads the same
    assert counting_aid(oa.to_json()) == counting_aid(Observation.from_json(oa.to_json()))
    assert counting_aid(oa.to_json()) == counting_aid(oa)
    # and the aid takes the observation only: the opponent's hands differ
    assert a.hand(1) != b.hand(1)


def test_a_closed_stock_is_out_of_play_and_the_counts_become_ranges():
    d = sixty_six(["AC", "TC", "9D", "AS", "9S", "JS"], ["KH", "QH", "AD", "TD", "9C", "JC"],
                  "9H")
    open_aid = counting_aid(d.observation(0))
    # open: every heart will be played (the face-up nine is drawn last), and every point
    assert open_aid.trumps_in_play == (6, 6) and "indicator_in_play" in open_aid.notes
    assert open_aid.points_range == (120, 120)
    play(d, (0, "close"))
    aid = counting_aid(d.observation(0))
    # closed: the nine under the stock is out; the five other hearts may lie in West's six
    # cards or in the eleven face down — from none of them to all five
    assert aid.trumps_in_play == (0, 5) and "stock_out" in aid.notes
    assert "9H" in aid.out_of_play
    # my 34 points are sure; West's six unseen cards hold between 0 and the six best
    unseen_points = sorted((11 if c[0] == "A" else 10 if c[0] == "T" else 4 if c[0] == "K"
                            else 3 if c[0] == "Q" else 2 if c[0] == "J" else 0)
                           for cards in aid.unseen.values() for c in cards)
    best = sum(unseen_points[-6:])
    assert aid.points_range == (34 + sum(unseen_points[:6]), 34 + best)
    assert aid.points_left == 34 + best and not aid.last_trick_bonus


# --- the facts hold in every position of random play --------------------------------------


def truth_check(deal, seat: int) -> None:
    obs = deal.observation(seat)
    aid = counting_aid(obs)
    n = deal.players
    if isinstance(obs, MariasObservation) and obs.phase == "trump" and seat == obs.forehand:
        return  # forehand has not seen five of his own cards yet
    hands = [deal.hand(s) for s in range(n)]
    played = 0
    for step in obs.history:
        if step.action.verb is Verb.PLAY:
            played |= 1 << step.action.card
    # trumps out: every trump neither played nor mine
    if aid.trump is not None:
        t = suit_index(aid.trump)
        truth = {CARD_STR[c] for c in cards_of(SUIT_MASK[t]) if c in set(deal.deck)
                 and not (played >> c) & 1 and not (hands[seat] >> c) & 1}
        assert set(aid.trumps_out) == truth, (aid.trumps_out, truth)
    # known cards are really there
    for s, cards in aid.known.items():
        for c in cards:
            assert (hands[s] >> card(c)) & 1, (s, c)
    # every unseen card may be where it really is
    stock = set(getattr(deal, "stock", [])[getattr(deal, "stock_pos", 0):])
    talon = getattr(deal, "talon", 0)
    for c, where in aid.places.items():
        x = card(c)
        owner = [s for s in range(n) if (hands[s] >> x) & 1]
        if owner:
            assert owner[0] != seat and owner[0] in where, (c, owner, where)
        elif x in stock:
            assert STOCK in where, (c, where)
        else:
            assert (talon >> x) & 1 and TALON in where, (c, where)
    # what the proofs rule out is really not there
    for p in aid.proofs:
        if p.kind in ("void", "no_trump"):
            assert not hands[p.seat] & SUIT_MASK["CDHS".index(p.suit)], p
        elif p.kind == "holds":
            assert all((hands[p.seat] >> card(c)) & 1 for c in p.cards), p
        elif p.kind == "no_king":
            assert not (hands[p.seat] >> card("K" + p.suit)) & 1, p
    assert list(aid.points) == list(obs.points)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VARIANT_IDS), st.integers(0, 2**31))
def test_every_fact_of_the_aid_is_true_in_random_play(variant, seed):
    rng = random.Random(seed)
    deal = new_deal(variant, rng.randrange(3 if variant in ("sixty-six-3", "marias") else 2),
                    random_deck(variant, rng))
    while not deal.is_over():
        for s in range(deal.players):
            truth_check(deal, s)
        seat = deal.to_move()
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))], seat)
