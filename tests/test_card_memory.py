"""Memory: card pictures are kept only while they can be drawn again.

The caches of the table are bounded and sorted by lifetime: pictures of cards at rest,
pictures of cards in flight (a few frames each), and the shapes every table shares
(shadows, glow rims, veils).  A deck, a window size or a screen that is left lets go
of its pictures; a deck switch shows the old deck until the new faces are ready.
"""

from __future__ import annotations

import threading

import pygame
import pytest

from game.ui.decks.renderer import DeckRenderer
from game.ui.session import GameSetup
from game.ui.table import art as art_module
from game.ui.table import hud
from game.ui.table.art import CardArt, shared_shapes
from game.ui.table.stage import GLOW_LEGAL
from tests.test_table_play import (  # noqa: F401 - fixture
    _stop_bot_processes,
    make_app,
    wait_for_deck,
)


def _art() -> CardArt:
    return CardArt(DeckRenderer(max_entries=400, max_bytes=64 * 2**20), "french-classic",
                   "classic-red", (1280, 720))


def test_pictures_of_cards_in_flight_never_fill_the_resting_cache() -> None:
    art = _art()
    for squeeze in range(1, 10):  # a card flipping over
        art.picture("AS", 160, 0, squeeze)
    for angle in range(2, 40, 2):  # a card turning on its way to the trick
        art.picture("KH", 160, angle, moving=True)
        art.shadow(110, 160, angle, moving=True)
    assert art._cache.bytes == 0  # noqa: SLF001 - what is kept, and where
    assert art._moving.bytes > 0  # noqa: SLF001
    # The card comes to rest at its last angle: that picture is kept with the resting ones.
    at_rest = art.picture("KH", 160, 38)
    assert at_rest is art.picture("KH", 160, 38)
    assert art._cache.bytes > 0  # noqa: SLF001


def test_a_plain_face_is_the_renderers_picture_not_a_copy() -> None:
    art = _art()
    assert art.picture("QS", 150) is art.renderer.face("QS", 150, "french-classic")
    assert art.cache_bytes() == 0


def test_glow_and_dim_look_as_before_with_one_blur_per_size() -> None:
    """The glow rim is blurred once per size and colour and shared (it was blurred for
    every card); the picture is the same pixels as the per-card way."""
    art = _art()
    shared_shapes().clear()
    height = 170
    got = art.picture("TH", height, dim=True, glow=GLOW_LEGAL)
    # The picture as it was made before: a blur for this card alone.
    card = art.base("TH", height).copy()
    r = card.get_rect()
    rad, pad = max(3, height // 16), max(3, height // 28)
    shade = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (20, 30, 25, 120), r, border_radius=rad)
    card.blit(shade, (0, 0))
    big = pygame.Surface((r.w + 2 * pad, r.h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(big, (*GLOW_LEGAL, 235), big.get_rect(), border_radius=rad + pad)
    big = pygame.transform.gaussian_blur(big, max(1, pad // 2))
    big.blit(card, (pad, pad))
    assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(big, "RGBA")
    rims = [k for k in shared_shapes().data if k[0] == "rim"]
    art.picture("9H", height, dim=True, glow=GLOW_LEGAL)
    art.picture("JH", height, glow=GLOW_LEGAL)
    assert [k for k in shared_shapes().data if k[0] == "rim"] == rims  # no new blur


def test_another_deck_drops_the_old_pictures_and_keeps_the_shadows() -> None:
    art = _art()
    art.picture("AS", 160, 12)
    shadow = art.shadow(110, 160)
    art.set_style("french-4color", "classic-red")
    assert art.cache_bytes() == 0
    assert art.shadow(110, 160) is shadow  # shared: a deck switch blurs nothing again


def test_the_renderer_lets_go_of_a_deck_and_a_size_that_were_left() -> None:
    r = DeckRenderer()
    for artwork in ("french-classic", "german-tell"):
        for h in (120, 160):
            r.face("AS" if artwork.startswith("french") else "AH", h, artwork)
    r.back(120, "classic-red")
    r.back(160, "classic-red")
    freed = r.keep_only({"german-tell"})
    assert freed > 0
    assert not r.has_face("AS", 120, "french-classic")
    assert r.has_face("AH", 120, "german-tell")
    r.keep_only(heights={160})
    assert not r.has_face("AH", 120, "german-tell") and r.has_face("AH", 160, "german-tell")
    assert r.cache_info()["entries"] == 2  # the face and the back at 160
    assert r.cache_info()["bytes"] == sum(
        s.get_width() * s.get_height() * 4 for s in r._cache.values())  # noqa: SLF001


def test_a_table_that_is_left_lets_go_of_its_layer_and_pictures() -> None:
    app = make_app(speed="fast")
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["easy"] * 2, seed=3),
                       bot_budget_ms=0)
    for _ in range(120):
        app.step(1 / 60)
    assert scene.view._base is not None  # noqa: SLF001
    assert scene.art.cache_bytes() > 0
    assert scene.view.felt is not None and hud._PANELS  # noqa: SLF001
    app.switch("menu")
    assert scene.view._base is None  # noqa: SLF001 - the window-sized layer went
    assert scene.art.cache_bytes() == 0
    # Its felt (cached by size while the size is in use: a table of another size, or the
    # network table, kept a second window-sized copy alive) and its panels go too.
    assert scene.view.felt is None and not hud._PANELS  # noqa: SLF001
    assert not scene.view.live.rects() and not scene.view._base_list.rects()  # noqa: SLF001
    app.switch("table")  # Continue: the same deal, drawn again whole
    app.step(1 / 60)
    assert scene.view._base is not None  # noqa: SLF001
    scene.shutdown()


def test_the_deck_switch_shows_the_old_deck_until_the_new_faces_are_ready(
        monkeypatch) -> None:
    app = make_app(speed="fast")
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["easy"] * 2, seed=3),
                       bot_budget_ms=0)
    for _ in range(200):
        app.step(1 / 60)
        if scene.flow.deal.trick_log:
            break
    first = scene.art.artwork
    held: list = []
    real_prepare = CardArt.prepare

    def slow_prepare(self, artwork, faces, done):  # the worker finishes when we say so
        held.append(lambda: real_prepare(self, artwork, faces, done))
    monkeypatch.setattr(CardArt, "prepare", slow_prepare)
    widgets = dict(scene.widgets)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    for _ in range(5):
        app.step(1 / 60)
    chosen = app.services.settings.deck_for("sixty-six")
    assert chosen != first and held
    assert scene.art.artwork == first  # the faces are not ready: the old deck stays
    held[0]()
    wait_for_deck(app, scene, chosen)
    # Only the deck changed: the buttons were not built again, and the old deck's faces
    # were let go by the shared renderer.
    assert scene.widgets == widgets
    assert not any(k[0] == "face" and k[1] == first
                   for k in art_module.make_renderer()._cache)  # noqa: SLF001
    scene.shutdown()


def test_the_menu_felt_of_a_size_that_was_left_is_dropped() -> None:
    from game.ui.widgets import felt as felt_module

    for size in ((1024, 640), (1280, 720), (1920, 1080)):
        felt_module.felt(size)
    assert felt_module.felt.cache_info().currsize <= 2


def test_the_fonts_of_a_scale_that_was_left_are_forgotten() -> None:
    """At 1080p the menus and the table each have a scale: the table kept the menus' set
    of pygame-gui fonts too, each of them holding memory."""
    from game.ui.widgets.scaling import apply_ui_scale

    app = make_app()
    fonts = app.manager.get_theme().get_font_dictionary()
    assert apply_ui_scale(app, 1.0)
    one = set(fonts.loaded_fonts)
    assert apply_ui_scale(app, 1.35)
    other = set(fonts.loaded_fonts)
    assert other != one and len(other) <= len(one) + 2
    assert apply_ui_scale(app, 1.0)
    assert not (set(fonts.loaded_fonts) & (other - one))  # none of the 1.35 set is kept


def test_the_boxes_of_screens_that_were_left_are_dropped() -> None:
    from game.ui.widgets import boxes

    screen = pygame.Surface((1920, 1080))
    for i in range(5):  # five screens' boxes, one each
        boxes.draw_box(screen, pygame.Rect(10, 10, 900 + i, 700), "#rules_text")
    assert boxes.rounded_box.cache_info().currsize <= 6  # this screen's and the last one's


class _GatedRenderer(DeckRenderer):
    """A renderer whose first picture waits at a gate: the warm-up worker is caught in
    the middle of its work, as when a screen is left or a deck changed while it draws."""

    def __init__(self) -> None:
        super().__init__(max_entries=400, max_bytes=64 * 2**20)
        self.entered = threading.Event()
        self.gate = threading.Event()
        self.drawn: list[tuple[str | None, int, str]] = []

    def _drawing(self, card: str | None, height: int, style: str) -> None:
        if threading.current_thread().name != "card-warm":
            return
        self.drawn.append((card, height, style))
        if len(self.drawn) == 1:
            self.entered.set()
            self.gate.wait()

    def face(self, card, height, artwork):
        self._drawing(card, height, artwork)
        return super().face(card, height, artwork)

    def back(self, height, back_id):
        self._drawing(None, height, back_id)
        return super().back(height, back_id)


@pytest.mark.parametrize("leave", ["release", "set_style"])
def test_leaving_a_deck_stops_its_warm_up_before_returning(leave: str) -> None:
    """The warm-up worker drew the old deck's faces into the shared renderer after the
    table had let go of them (release, another deck): they came back, and a test that
    looked for them found them now and then.  Leaving stops the worker and waits for it:
    at most the picture it was drawing is finished, none after."""
    renderer = _GatedRenderer()
    art = CardArt(renderer, "french-classic", "classic-red", (1280, 720))
    before = set(threading.enumerate())
    art.warm(["AS", "KS", "QS", "JS", "TS", "9S"], [120, 160])
    (worker,) = [t for t in threading.enumerate() if t not in before and t.name == "card-warm"]
    assert renderer.entered.wait(60)
    leaving = threading.Thread(
        target=art.release if leave == "release"
        else lambda: art.set_style("french-4color", "classic-red"))
    leaving.start()
    renderer.gate.set()
    leaving.join()
    waited_for = not worker.is_alive()
    worker.join()
    assert len(renderer.drawn) == 1  # nothing drawn after the one it was drawing ...
    assert waited_for  # ... and leaving returned only once it had stopped
