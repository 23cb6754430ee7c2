"""Every reason said is true: each sentence of a hint or a warning whose key makes a claim
about the position (``game.ai.truth.PREDICATES``) satisfies its predicate, over thousands
of positions of random play of every game, for every legal move as the recommended one and
against every other as the weaker one."""

from __future__ import annotations

import random

import pytest

from game.ai.explain import KEYS, _main_reason, explain_weak
from game.ai.truth import PREDICATES, holds, marriage_scored
from game.rules import Observation
from game.rules.actions import Verb
from tests.test_judgement import VARIANTS, random_position

POSITIONS = 1000


def false_reasons(obs: Observation) -> list[str]:
    """The sentences said about ``obs``'s moves that are not true."""
    bad = []
    legal = obs.legal
    for a in legal:
        why = _main_reason(obs, a, {}, False)
        for s in why.sentences:
            if holds(obs, a, s) is False:
                bad.append(f"{s.key} for {a.text}")
        if marriage_scored(obs, a) and why.key != "hint_play_marriage":
            bad.append(f"{why.key} for {a.text}, which scores a marriage")
        for b in legal:
            if b is a or b.verb is not a.verb:
                continue
            weak = explain_weak(obs, b, a, why, 1.0)
            for s in weak.sentences:
                if s.key.startswith("warn_") and holds(obs, b, s) is False:
                    bad.append(f"{s.key} for {b.text} (best {a.text})")
    return bad


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_reason_is_false(variant):
    rng = random.Random(f"reasons-{variant}")
    found = []
    for _ in range(POSITIONS):
        deal = random_position(variant, rng)
        found += false_reasons(deal.observation(deal.to_move()))
    assert not found, f"{len(found)} false reasons: {found[:8]}"


def test_every_predicate_is_of_a_key_said():
    assert set(PREDICATES) <= set(KEYS)


def test_a_marias_marriage_is_the_reason_when_the_queen_scores_it():
    """The Ober played with its King in hand scores 20 (40 in trumps): that is said."""
    rng = random.Random(5)
    seen = 0
    for _ in range(3000):
        deal = random_position("marias", rng)
        obs = deal.observation(deal.to_move())
        for a in obs.legal:
            if a.verb is Verb.PLAY and marriage_scored(obs, a):
                why = _main_reason(obs, a, {}, False)
                assert why.key == "hint_play_marriage"
                assert why.params["points"] == marriage_scored(obs, a)
                seen += 1
    assert seen >= 5
