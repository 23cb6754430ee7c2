"""Deck artwork: every face distinct and exactly sized, suit colours, German signs, caching."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.decks import (  # noqa: E402
    ARTWORKS,
    CARD_ASPECT,
    CARDS,
    DeckRenderer,
    card_size,
    list_artworks,
)
from game.ui.decks.faces import face_svg, suit_svg  # noqa: E402
from game.ui.decks.render_sheets import cli_render_decks, render_sheets  # noqa: E402
from game.ui.decks.suits import FRENCH_PATHS  # noqa: E402

GERMAN = [a.id for a in list_artworks() if a.family == "german"]
FRENCH = [a.id for a in list_artworks() if a.family == "french"]


@pytest.fixture(scope="module")
def renderer() -> DeckRenderer:
    pygame.init()
    return DeckRenderer(max_entries=2000, max_bytes=1 << 30)


def test_artwork_catalogue() -> None:
    ids = {a.id for a in list_artworks()}
    assert {"french-classic", "french-4color", "german-tell", "german-prague",
            "large-index"} <= ids
    assert all(a.family in ("french", "german") for a in list_artworks())
    assert set(ARTWORKS) == ids
    assert len(CARDS) == 32 and len(set(CARDS)) == 32
    assert 0.64 <= CARD_ASPECT <= 0.72


@pytest.mark.parametrize("height", [60, 150, 300])
def test_every_face_distinct_and_exact_size(renderer: DeckRenderer, height: int) -> None:
    expected = (round(height * CARD_ASPECT), height)
    assert card_size(height) == expected
    for artwork in ARTWORKS:
        seen: dict[bytes, str] = {}
        for card in CARDS:
            surface = renderer.face(card, height, artwork)
            assert surface.get_size() == expected
            assert surface.get_flags() & pygame.SRCALPHA
            data = pygame.image.tobytes(surface, "RGBA")
            assert data not in seen, f"{artwork}: {card} looks like {seen.get(data)}"
            seen[data] = card


def test_rounded_corners_and_opaque_face(renderer: DeckRenderer) -> None:
    surface = renderer.face("7H", 300, "french-classic")
    w, h = surface.get_size()
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert surface.get_at((x, y)).a == 0
    assert surface.get_at((w // 2, 4)).a == 255
    assert surface.get_at((w // 2, h // 2)).a == 255


def test_backs(renderer: DeckRenderer) -> None:
    backs = renderer.list_backs()
    assert len(backs) >= 3
    images = set()
    for info in backs:
        surface = renderer.back(150, info.id)
        assert surface.get_size() == card_size(150)
        images.add(pygame.image.tobytes(surface, "RGBA"))
    assert len(images) == len(backs)
    with pytest.raises(ValueError):
        renderer.back(150, "no-such-back")


def _dominant_ink(surface: pygame.Surface) -> tuple[int, int, int]:
    """Most common colour that is neither paper white nor black/grey outline."""
    counts: Counter[tuple[int, int, int]] = Counter()
    w, h = surface.get_size()
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            c = surface.get_at((x, y))
            if c.a < 250:
                continue
            if max(c.r, c.g, c.b) - min(c.r, c.g, c.b) < 40:  # white, grey or black
                continue
            counts[(c.r // 16, c.g // 16, c.b // 16)] += 1
    if not counts:
        return (0, 0, 0)
    return counts.most_common(1)[0][0]


def test_four_colour_deck_uses_four_suit_colours(renderer: DeckRenderer) -> None:
    for artwork in ("french-4color", "large-index"):
        inks = {suit: _dominant_ink(renderer.face("7" + suit, 150, artwork)) for suit in "CDH"}
        spade = renderer.face("7S", 150, artwork)
        # Spades are black: no chromatic colour dominates a black 7.
        assert _dominant_ink(spade) == (0, 0, 0)
        assert len(set(inks.values())) == 3, inks
        assert (0, 0, 0) not in inks.values()
    classic = {s: _dominant_ink(renderer.face("7" + s, 150, "french-classic")) for s in "CDHS"}
    assert classic["H"] == classic["D"] != (0, 0, 0)
    assert classic["C"] == classic["S"] == (0, 0, 0)


def test_german_svg_never_uses_french_pips() -> None:
    """Structural check: no German card or icon contains any French suit path data."""
    for artwork in GERMAN:
        sources = [face_svg(artwork, card) for card in CARDS]
        sources += [suit_svg(artwork, suit) for suit in "CDHS"]
        for source in sources:
            for french in FRENCH_PATHS.values():
                assert french not in source
    for artwork in FRENCH:  # and the French cards do use them, so the check has teeth
        assert FRENCH_PATHS["S"] in face_svg(artwork, "7S")


def _mask(surface: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(surface, 127)


def test_german_suit_icons_differ_from_french_ones(renderer: DeckRenderer) -> None:
    size = 64
    for german in GERMAN:
        for gs in "CDHS":
            g_icon = renderer.suit_icon(gs, size, german)
            assert g_icon.get_size() == (size, size)
            g_mask = _mask(g_icon)
            g_bytes = pygame.image.tobytes(g_icon, "RGBA")
            colours = {
                tuple(g_icon.get_at((x, y)))[:3]
                for x in range(0, size, 2)
                for y in range(0, size, 2)
                if g_icon.get_at((x, y)).a == 255
            }
            assert len(colours) > 6, "German signs are little pictures, not silhouettes"
            for french in FRENCH:
                for fs in "CDHS":
                    f_icon = renderer.suit_icon(fs, size, french)
                    f_mask = _mask(f_icon)
                    inter = g_mask.overlap_area(f_mask, (0, 0))
                    union = g_mask.count() + f_mask.count() - inter
                    assert inter / union < 0.95, (german, gs, french, fs)
                    assert g_bytes != pygame.image.tobytes(f_icon, "RGBA")


def test_cache_returns_same_object_and_is_bounded() -> None:
    small = DeckRenderer(max_entries=4)
    first = small.face("QH", 90, "german-tell")
    assert small.face("QH", 90, "german-tell") is first
    assert small.face("QH", 91, "german-tell") is not first
    assert small.suit_icon("H", 20, "german-tell") is small.suit_icon("H", 20, "german-tell")
    for card in CARDS[:10]:
        small.face(card, 40, "french-classic")
    assert small.cache_info()["entries"] <= 4
    small.clear_cache()
    assert small.cache_info() == {"entries": 0, "bytes": 0}
    assert small.face("QH", 90, "german-tell") is not first


def test_works_before_any_display_mode_is_set() -> None:
    """A fresh interpreter (no display, no pygame.init) renders faces, backs and icons."""
    code = (
        "import pygame\n"
        "from game.ui.decks import DeckRenderer, card_size\n"
        "r = DeckRenderer()\n"
        "assert pygame.display.get_surface() is None\n"
        "assert r.face('TH', 80, 'large-index').get_size() == card_size(80)\n"
        "assert r.back(80, 'classic-red').get_size() == card_size(80)\n"
        "assert r.suit_icon('C', 20, 'german-tell').get_size() == (20, 20)\n"
        "print('ok')\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("ok")


def test_rejects_bad_input(renderer: DeckRenderer) -> None:
    with pytest.raises(ValueError):
        renderer.face("1H", 80, "french-classic")
    with pytest.raises(ValueError):
        renderer.face("QH", 80, "no-such-deck")
    with pytest.raises(ValueError):
        renderer.suit_icon("X", 20, "french-classic")
    assert renderer.face("th", 80, "large-index") is renderer.face("TH", 80, "large-index")


def test_render_sheets_and_cli(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    names = render_sheets(tmp_path / "sheets", height=60)
    assert names == list(ARTWORKS)
    for name in names:
        sheet = pygame.image.load(str(tmp_path / "sheets" / f"{name}.png"))
        w, h = card_size(60)
        assert sheet.get_width() > 8 * w and sheet.get_height() > 5 * h
    assert cli_render_decks(str(tmp_path / "cli"), height=40) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == list(ARTWORKS)


def _mean_difference(a: pygame.Surface, b: pygame.Surface) -> float:
    da, db = pygame.image.tobytes(a, "RGBA"), pygame.image.tobytes(b, "RGBA")
    return sum(abs(x - y) for x, y in zip(da[::7], db[::7], strict=True)) / len(da[::7])


def test_double_headed_courts_read_the_same_upside_down(renderer: DeckRenderer) -> None:
    for artwork in ("french-classic", "german-tell"):
        for card in ("KH", "QS", "JD"):
            face = renderer.face(card, 150, artwork)
            turned = pygame.transform.rotate(face, 180)
            assert _mean_difference(face, turned) < 1.5, (artwork, card)
    # The Prague deck has single-headed, full-length figures.
    face = renderer.face("KH", 150, "german-prague")
    assert _mean_difference(face, pygame.transform.rotate(face, 180)) > 10.0
