"""Tutorials: every record replays legally to its end; every narration line is attached."""

from __future__ import annotations

import pytest

from game.rules import RecordError, replay_text
from game.rules.actions import PLAY
from game.rules.variants import deal_class
from game.ui.lessons.tutorial import (
    HUMAN,
    TutorialRun,
    build_deck,
    lesson_files,
    load_lesson,
    parse_lesson,
)

FILES = lesson_files()


def test_there_is_a_tutorial_for_each_game():
    variants = {load_lesson(p).variant for p in FILES}
    assert variants == {"marriage", "sixty-six", "sixty-six-3", "marias"}
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_record_replays_legally_to_its_end(path):
    text = path.read_text("utf-8")
    deals = replay_text(text)  # raises on any illegal line
    assert deals and all(d.is_over() for d in deals), "each scripted deal is played out"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_narration_line_is_attached_to_an_action(path):
    text = path.read_text("utf-8")
    lesson = parse_lesson(text, path.stem)
    narration_lines = [n for n, line in enumerate(text.splitlines(), 1)
                       if line.strip().startswith("#>")]
    attached = sum(len(v) for s in lesson.steps for v in s.narration.values())
    assert attached == len(narration_lines) > 0
    action_lines = {s.line for s in lesson.steps}
    for n in narration_lines:
        assert any(a > n for a in action_lines), f"line {n} has no action after it"
    for lang in ("en", "ru", "cs"):
        assert lesson.title(lang) and lesson.titles.get(lang), lang
    for step in lesson.steps:
        if step.narration:
            assert set(step.narration) == {"en", "ru", "cs"}, step.line


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_learner_is_seat_0_and_the_run_accepts_only_the_script(path):
    lesson = load_lesson(path)
    assert any(s.seat == HUMAN for s in lesson.steps)
    run = TutorialRun(lesson)
    while not run.finished:
        if run.human_turn():
            wanted = run.expected()
            legal = [a for a in run.deal.legal_actions() if a is not wanted]
            if legal:
                ok, why = run.try_action(legal[0])
                assert not ok and why is None  # legal but not the lesson's move
            held = run.deal.hand(HUMAN)
            stranger = next(a for a in PLAY if not held >> a.card & 1)
            ok, why = run.try_action(stranger)
            assert not ok and why is not None and why.code in ("not_held", "not_in_deck",
                                                               "wrong_phase")
            ok, _ = run.try_action(wanted)
            assert ok
        else:
            run.apply_scripted()
    assert run.deals[-1].is_over()


def test_narration_after_the_last_action_is_refused():
    text = (load_lesson(FILES[0]).text.rstrip("\n") + "\n#> dangling\n")
    with pytest.raises(RecordError):
        parse_lesson(text)


def test_build_deck_uses_deal_owners():
    deck = build_deck("marriage", 1, {0: ["AC", "7H"], 1: ["8C"]}, ["AH", "TH"])
    owners = deal_class("marriage").deal_owners(1)
    mine = [c for c, o in zip(deck, owners) if o == 0]
    assert mine[:2] == ["AC", "7H"]
    assert [c for c, o in zip(deck, owners) if o == 1][0] == "8C"
    assert deck[12] == "AH" and deck[13] == "TH"
    assert sorted(deck) == sorted(set(deck)) and len(deck) == 32


def test_board_shows_forehand_only_its_first_seven_before_the_trump_card() -> None:
    """RULES 4.3 on the tutorial's board (the table's layout): the five blind cards lie
    face down (and last); once chosen, the trump card lies aside as at the table."""
    import random

    import pygame

    from game.rules import Verb, new_deal, random_deck
    from game.ui.table.board import DealBoard

    pygame.init()
    surface = pygame.Surface((1000, 600))
    deal = new_deal("marias", 2, random_deck("marias", random.Random(5)))
    obs = deal.observation(0)
    board = DealBoard("german-tell")
    rects = board.draw_deal(surface, surface.get_rect(), deal, view=0)
    assert set(rects) == set(obs.hand) and len(rects) == 7
    assert board.stage is not None
    assert len([s for s in board.stage.hand_sprites() if s.card is None]) == 5
    trump = obs.legal[0]
    assert trump.verb is Verb.TRUMP
    deal.apply(trump, 0)
    rects = board.draw_deal(surface, surface.get_rect(), deal, view=0)
    assert len(rects) == 11 and trump.card_text not in rects
    aside = [s for s in board.stage.sprites.values() if s.role == "aside"]
    assert [s.card for s in aside] == [trump.card_text]


def test_the_narration_never_names_a_card_before_the_learner_can_see_it() -> None:
    """A step's narration is shown before its action, so it may name only
    cards already in sight — the learner's hand, the table, a shown hand, the last trick,
    the trump card or indicator — never the card a scripted seat is about to play."""
    import re

    from game.ui.lessons.tutorial import HUMAN, TutorialRun, load_lessons

    ranks = {"ace": "A", "ten": "T", "king": "K", "queen": "Q", "jack": "J", "nine": "9",
             "eight": "8", "seven": "7"}
    suits = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S", "acorns": "C",
             "bells": "D", "leaves": "S"}
    named = re.compile(rf"\b({'|'.join(ranks)}) of ({'|'.join(suits)})\b", re.I)
    early = []
    for lesson in load_lessons():
        run = TutorialRun(lesson)
        while not run.finished:
            obs = run.deal.observation(HUMAN)
            seen = set(obs.hand) | {c for _s, c in obs.trick}
            seen |= {c for cards in obs.shown.values() for c in cards}
            if obs.last_trick is not None:
                seen |= {c for _s, c in obs.last_trick.cards}
            seen |= {c for c in (obs.indicator, getattr(obs, "trump_card", None)) if c}
            for rank, suit in named.findall(run.step.text("en")):
                card = ranks[rank.lower()] + suits[suit.lower()]
                if card not in seen:
                    early.append(f"{lesson.id} step {run.index}: {card}")
            run.apply_scripted()
    assert early == []
