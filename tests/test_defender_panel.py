"""A Mariáš defender's plate shows the side's pooled points and says so."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

from game.rules import new_deal
from game.rules.variants import deck_cards
from game.ui import i18n
from game.ui.table.panels import Panels


def marias_in_play():
    for seed in range(50):
        rng = random.Random(seed)
        deck = list(deck_cards("marias"))
        rng.shuffle(deck)
        deal = new_deal("marias", 0, deck)
        while not deal.is_over():
            obs = deal.observation(deal.to_move())
            if getattr(obs, "phase", "") == "play" and obs.soloist is not None:
                return obs
            deal.apply(rng.choice(obs.choices), deal.to_move(), chance=rng)
    raise AssertionError("no deal reached the play")


def test_defender_plate_says_the_points_are_the_sides():
    obs = marias_in_play()
    solo = obs.soloist
    defenders = [s for s in range(3) if s != solo]
    # the defenders' pooled 30 sits on both their seats (NOTATION.md), one has no trick
    points = tuple(20 if s == solo else 30 for s in range(3))
    tricks = tuple(1 if s in (solo, defenders[0]) else 0 for s in range(3))
    obs = replace(obs, points=points, tricks=tricks)
    panels = Panels(SimpleNamespace(settings=SimpleNamespace(count_in_memory=False)))
    try:
        for lang, word in (("en", "Defenders: 30"), ("ru", "Защитники: 30"),
                           ("cs", "Obrana: 30")):
            i18n.set_language(lang)
            for s in defenders:
                line = panels.plate_line(s, obs, solo)
                assert word in line, line
                assert i18n.tr("ui.table_points", n=30) not in line  # not "Points: 30"
            soloist_line = panels.plate_line(solo, obs, solo)
            assert i18n.tr("ui.table_points", n=20) in soloist_line
            assert i18n.tr("ui.table_soloist") in soloist_line
        # counting in memory: no points, only the side
        i18n.set_language("en")
        memory = Panels(SimpleNamespace(settings=SimpleNamespace(count_in_memory=True)))
        assert memory.plate_line(defenders[1], obs, solo) == "Tricks: 0  ·  Defenders"
    finally:
        i18n.set_language("en")
