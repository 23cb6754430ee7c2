"""The replay viewer: open any deal record and step through it with every card face up.

Records come from the hand history (every finished deal is filed there by the score
sheet) or from any file through pygame-gui's ``UIFileDialog``.  A position is rebuilt
by replaying the first *k* actions of the deal with the rules engine, so the viewer
can never disagree with the rules.  Keys: Left/Right step, Home/End jump,
Page Up/Down change deal; Tab moves between the buttons.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.rules import Action, DealResult, Observation
from game.rules.base import Deal
from game.ui import routes
from game.ui.i18n import tr, variant_name
from game.ui.player_names import player_names
from game.ui.result_text import result_text, signed
from game.ui.shown import Button, Element, Made, Prepare, Shown, TextBox, Then
from game.ui.table.board import DealBoard
from game.ui.widgets.felt import GOLD, GOLD_LIGHT, IVORY
from game.ui.widgets.fonts import font, wrap

from .base import MenuScene

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}
RANK_ORDER = {r: i for i, r in enumerate("ATKQJ987")}


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: (SUIT_ORDER[c[1]], RANK_ORDER[c[0]]))


def history_label(path: Path) -> str:
    """``20261129-134500-marriage-ab12.txt`` → ``29.11. 13:45 Marriage``."""
    m = re.match(r"(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)\d\d-([a-z0-9-]+?)(?:-[0-9a-f]{8})?"
                 r"(?:-\d+)?$", path.stem)
    if not m:
        return path.name
    y, mo, d, hh, mm, variant = m.groups()
    name = variant_name(variant)
    return f"{d}.{mo}. {hh}:{mm} {name}"


#: A history file's result by (path, size, modification time): replayed once per file.
_RESULTS: dict[tuple[str, int, int], list[int] | None] = {}
#: The largest history file whose result the list replays (a deal is a few hundred bytes).
RESULT_MAX_BYTES = 64 * 1024
#: History files replayed per step of the screen's build (game.ui.scene).
HISTORY_STEP = 20
#: The history list grows to its height in this many steps of the build.
LIST_PARTS = 4
#: The buttons under and over the view, by key: their texts.
NAV = {"first": "ui.replay_first", "prev": "ui.replay_prev", "next": "ui.replay_next",
       "last": "ui.replay_last", "prev_deal": "ui.replay_prev_deal",
       "next_deal": "ui.replay_next_deal"}


def history_score(path: Path) -> list[int] | None:
    """The points per seat of the (last) deal a history file holds, by replaying it with
    the engine; None for a deal not finished or a file that does not replay (it is
    reported when opened, by Storage.read_history)."""
    from game.rules import RulesError, parse_record
    from game.rules.record import replay_records

    try:
        st = path.stat()
    except OSError:
        return None
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _RESULTS:
        score = None
        if st.st_size <= RESULT_MAX_BYTES:
            from game.ui.storage import read_bounded

            try:
                text = read_bounded(path, RESULT_MAX_BYTES).decode("utf-8")
                deals = list(replay_records(parse_record(text)))
                score = deals[-1].score() if deals and deals[-1].is_over() else None
            except (OSError, ValueError, RulesError) as exc:
                log.info("history: %s does not replay (%s)", path.name, exc)
        _RESULTS[key] = score
    return _RESULTS[key]


def _scores(files: list[Path]) -> None:
    """Replay ``files`` for their results (kept for the list's labels)."""
    for file in files:
        history_score(file)


def score_line(score: list[int], names: list[str]) -> str:
    """"You +2, North 0": a deal's points, both sides, the winner first."""
    order = sorted(range(len(score)), key=lambda s: -score[s])
    return ", ".join(f"{names[s]} {signed(score[s])}" for s in order)


def history_labels(paths: list[Path], player_name: str | None = None) -> dict[str, Path]:
    """One distinct label per file (the list widget keys entries by their text): when,
    the game and each side's points (seat 0 is the player, as in the viewer).  Deals
    of the same minute are numbered, oldest first, so every stored deal is listed."""
    labels = []
    for p in paths:
        label = history_label(p)
        score = history_score(p)
        if score is not None:
            names = player_names(["human"] + ["normal"] * (len(score) - 1), player_name)
            label += " · " + score_line(score, names)
        labels.append(label)
    total = {lab: labels.count(lab) for lab in labels}
    seen: dict[str, int] = {}
    out: dict[str, Path] = {}
    for path, lab in zip(paths, labels):
        if total[lab] > 1:
            seen[lab] = seen.get(lab, 0) + 1
            lab = f"{lab} ({total[lab] - seen[lab] + 1})"  # newest first: (3), (2), (1)
        out[lab] = path
    return out


@dataclass
class Position:
    """One moment of a replayed deal, ready to draw."""

    variant: str
    players: int
    dealer: int
    hands: list[list[str]]
    trick: list[tuple[int, str]]
    last_trick: list[tuple[int, str]]
    trump: str | None
    indicator: str | None
    contract: str | None
    points: list[int]
    tricks: list[int]
    #: The seat and the action that led here (None at the deal's start).
    last_action: tuple[int, Action] | None
    events: list[str]
    score: list[int] | None
    #: The deal's result (the engine's typed facts) once it is over at this step.
    result: DealResult | None
    #: What the acting seat saw before ``last_action`` (names the action in words).
    last_seen: Observation | None = None
    #: The deal at this moment (the board draws it).
    state: Deal | None = None


class Replay:
    """A record's deals and the viewer's place in them."""

    def __init__(self, text: str):
        from game.rules import parse_record

        self.records = parse_record(text)  # RecordError for a malformed file
        self.deal_index = 0
        self.step = 0
        #: Every position of each deal, from the engine's one replay (made when first shown).
        self._positions: dict[int, list[Deal]] = {}

    @property
    def record(self) -> Any:
        return self.records[self.deal_index]

    @property
    def steps(self) -> int:
        return len(self.record.actions)

    def goto(self, step: int) -> None:
        self.step = max(0, min(self.steps, step))

    def goto_deal(self, index: int) -> None:
        self.deal_index = max(0, min(len(self.records) - 1, index))
        self.step = 0

    def positions(self) -> list[Deal]:
        """The current deal after 0, 1, ... all of its actions (RecordError if a line is
        refused)."""
        found = self._positions.get(self.deal_index)
        if found is None:
            from game.rules.record import replay_deal

            found = self._positions[self.deal_index] = replay_deal(self.record).positions()
        return found

    def position(self) -> Position:
        from game.rules.cards import CARD_STR, cards_of

        rec = self.record
        states = self.positions()
        deal = states[self.step]
        full = states[-1]
        last = full.history[self.step - 1] if self.step else None
        obs = deal.observation(0)
        return Position(
            variant=rec.variant, players=deal.players, dealer=deal.dealer,
            hands=[sort_hand([CARD_STR[c] for c in cards_of(deal.hand(s))])
                   for s in range(deal.players)],
            trick=[(p.seat, p.card) for p in obs.trick],
            last_trick=[(p.seat, p.card) for p in obs.last_trick.cards]
            if obs.last_trick else [],
            trump=deal.trump(), indicator=obs.indicator,
            contract=deal.contract(), points=list(deal.points()), tricks=list(deal.tricks()),
            last_action=last, events=list(deal.events[-2:]),
            score=deal.score() if deal.is_over() else None,
            result=deal.result() if deal.is_over() else None,
            last_seen=states[self.step - 1].observation(last[0]) if last else None,
            state=deal)


class ReplayScene(MenuScene):
    name = "replay"
    kept = True  # a review opened here comes back to the same hand
    title_key = "ui.replay_title"

    def __init__(self, app: App):
        super().__init__(app)
        self.replay: Replay | None = None
        #: The hand history's files by their labels in the list.
        self.file_labels: dict[str, Path] = {}
        self.error: str | None = None
        self.dialog: Any = None
        self.board = DealBoard()
        self.source: str | None = None
        #: A notice in the player's words (a damaged file), shown in the view.
        self.notice: str | None = None

    @property
    def history(self) -> pygame_gui.elements.UISelectionList | None:
        """The hand history's list (None: no file yet, or not made)."""
        history: pygame_gui.elements.UISelectionList | None = self.made.get("history")
        return history

    @property
    def nav_buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        """The buttons under and over the view, by key (those made so far)."""
        return {key: self.made[key] for key in NAV if key in self.made}

    def build(self, record: str | None = None, path: str | None = None,
              **params: Any) -> Shown:
        """The history list, then the buttons."""
        if record is not None and record != self.source:
            self.load_text(record)
        elif path is not None and path != self.source:
            self.load_path(Path(path))
        w, h = self.app.size
        px = self.px
        margin = max(px(50), (w - px(1200)) // 2)
        side = px(300) if w < px(1180) else px(440)
        top = px(112)
        self.view_rect = pygame.Rect(margin + side + px(24), top,
                                     w - 2 * margin - side - px(24), h - top - px(40))
        files = self.storage.list_history()[:200]
        shown = Shown()
        # Each file's result comes from replaying it (kept for the next visit): a full
        # history in one frame was a hitch, so a few files a step.
        shown.add(*(Prepare(partial(_scores, files[i:i + HISTORY_STEP]))
                    for i in range(0, len(files), HISTORY_STEP)))
        shown.add(Prepare(partial(self._label_files, files)))
        if files:  # (every file gets a label of its own: the list is never empty)
            shown.add(*self._history_list(pygame.Rect(margin, top, side, h - top - px(210))))
        else:
            shown.add(TextBox("ui.replay_empty", pygame.Rect(margin, top, side, px(120)),
                              object_id="#blurb"))
        # One button a step: a button as wide as the list is slow to make at 1920x1080 (its
        # rounded shapes are drawn four times larger), a disabled one as much again (its
        # disabled look is drawn at once): the three in one step were a hitch.
        # The keyboard goes the view's buttons, Review, Open, Back.
        shown.add(Button("open", pygame.Rect(margin, h - px(150), side, px(46)),
                         "ui.replay_open", focus=2))
        if "review" in self.app.scene_factories:
            shown.add(Button("review", pygame.Rect(margin, h - px(206), side, px(46)),
                             "ui.score_review", enabled=self.replay is not None, focus=1))
        shown.add(Button("back", pygame.Rect(margin, h - px(92), side, px(50)),
                         "ui.common_back", focus=3))
        # Navigation under the view.
        on = self.replay is not None
        bw = px(130)
        total = 4 * bw + 3 * px(10)
        x0 = self.view_rect.centerx - total // 2
        y = self.view_rect.bottom - px(50)
        for i, key in enumerate(list(NAV)[:4]):
            shown.add(Button(key, pygame.Rect(x0 + i * (bw + px(10)), y, bw, px(44)),
                             NAV[key], object_id="#small", enabled=on, name=key))
        many = self.replay is not None and len(self.replay.records) > 1
        for key, x in (("prev_deal", self.view_rect.x),
                       ("next_deal", self.view_rect.right - px(170))):
            shown.add(Button(key, pygame.Rect(x, px(118), px(170), px(36)), NAV[key],
                             object_id="#small", enabled=on, visible=many, name=key))
        return shown

    def _label_files(self, files: list[Path]) -> None:
        self.file_labels = history_labels(files, self.settings.player_name)

    def _history_list(self, rect: pygame.Rect) -> list[Element | Then]:
        """The history list, its rows made a few per step: pygame-gui makes a button for
        every row in view when the list is made (a full list of rows at 1920x1080 in one
        frame was a hitch).  So the list starts a few rows high and grows to its
        height a step at a time; the list itself makes the rows that come into view as
        its scroll bar reports a move (its ``update``), as when the player scrolls."""
        part = max(1, rect.h // LIST_PARTS)

        def make(made: Made) -> pygame_gui.elements.UISelectionList:
            return pygame_gui.elements.UISelectionList(
                pygame.Rect(rect.x, rect.y, rect.w, part), list(self.file_labels),
                self.manager)

        def grow(made: Made) -> None:
            lst = made["history"]
            if lst.rect.h >= rect.h:
                return
            lst.set_dimensions((rect.w, min(rect.h, lst.rect.h + part)))
            if lst.scroll_bar is not None:
                lst.scroll_bar.set_scroll_from_start_percentage(0.0)
            lst.update(0.0)
        growths = -(-rect.h // part) - 1  # a part a step until it is full
        return [Element(make, name="history"), *(Then(grow) for _ in range(growths))]

    # --- loading --------------------------------------------------------------------------
    def deal_text(self) -> str:
        """The record of the deal on view alone (a file may hold a whole match)."""
        from game.rules.record import build_deal

        assert self.replay is not None
        rec = self.replay.record
        deal = build_deal(rec)
        for _line, seat, action in rec.actions:
            deal.apply(action, seat)
        from game.rules import write_deal

        return write_deal(deal)

    def load_text(self, text: str) -> bool:
        self.source = text
        try:
            self.replay = Replay(text)
            self.replay.position()  # replays fine?
            self.error = None
            return True
        except Exception as exc:  # noqa: BLE001 - any broken file is shown, never fatal
            self.replay, self.error = None, str(exc)
            return False

    def load_path(self, path: Path) -> bool:
        """A record file: the storage checks it first (a damaged one of the history is
        moved aside and reported, and the viewer says so in the player's words)."""
        text = self.storage.read_history(path)
        if text is None:
            reports = self.storage.take_reports()
            from .menu import notice_text

            self.replay = None
            self.notice = notice_text(*reports[-1]) if reports else tr("ui.replay_choose")
            self.error = self.notice
            self.source = str(path)
            return False
        self.notice = None
        ok = self.load_text(text)
        self.source = str(path)
        return ok

    # --- input ----------------------------------------------------------------------------
    def on_button(self, key: str) -> None:
        r = self.replay
        if key == "open":
            self.open_dialog()
        elif key == "review" and r is not None:
            # Records do not say who sat where: seat 0 is the local player by default.
            self.app.go(routes.Review(record=self.deal_text(), seat=0, back_to="replay"))
        elif r is not None and key in ("first", "prev", "next", "last"):
            r.goto({"first": 0, "prev": r.step - 1, "next": r.step + 1, "last": r.steps}[key])
            if key in ("next", "last"):
                self.play("card")
        elif r is not None and key in ("prev_deal", "next_deal"):
            r.goto_deal(r.deal_index + (1 if key == "next_deal" else -1))
        else:
            super().on_button(key)

    def open_dialog(self) -> None:
        if self.dialog is not None and self.dialog.alive():
            return
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(w - 80, self.px(760)), min(h - 80, self.px(520)))
        rect.center = (w // 2, h // 2)
        folder = self.storage.history_dir
        self.dialog = pygame_gui.windows.UIFileDialog(
            rect, self.manager, window_title="ui.replay_file_title",
            initial_file_path=str(folder if folder.exists() else Path.home()),
            allow_existing_files_only=True)
        close = getattr(self.dialog, "close_window_button", None)
        if close is not None:
            close.set_text("×")  # the default ╳ has no glyph in the bundled fonts

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.replay is not None:
            r = self.replay
            keys = {pygame.K_RIGHT: r.step + 1, pygame.K_LEFT: r.step - 1, pygame.K_HOME: 0,
                    pygame.K_END: r.steps}
            if event.key in keys:
                r.goto(keys[event.key])
                return
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                r.goto_deal(r.deal_index + (1 if event.key == pygame.K_PAGEDOWN else -1))
                return
        super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.load_path(Path(event.text))
            self.rebuild()
        elif (event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
              and event.ui_element is self.history):
            path = self.file_labels.get(event.text)
            if path is not None:
                self.load_path(path)
                self.params.pop("record", None)
                self.rebuild()

    def leave(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        super().leave()

    # --- drawing ----------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        view = self.view_rect
        bg = pygame.Surface(view.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (6, 30, 18, 150), bg.get_rect(), border_radius=16)
        surface.blit(bg, view)
        pygame.draw.rect(surface, (120, 98, 40), view, 1, border_radius=16)
        f = font("sans", self.px(16))
        if self.replay is None:
            from game.ui.widgets.fonts import wrap

            text = self.notice or (tr("ui.replay_error", detail=self.error) if self.error
                                   else tr("ui.replay_choose"))
            lines = wrap(text, f, view.w - self.px(60))[:8]
            y = view.centery - len(lines) * self.px(22) // 2
            for line in lines:
                img, _ = f.render(line, IVORY)
                surface.blit(img, img.get_rect(midtop=(view.centerx, y)))
                y += self.px(22)
            return
        try:
            pos = self.replay.position()
        except ValueError as exc:  # a record that does not replay this far (RulesError)
            img, _ = f.render(tr("ui.replay_error", detail=str(exc))[:120], IVORY)
            surface.blit(img, img.get_rect(center=view.center))
            return
        self.draw_position(surface, pos)

    def draw_position(self, surface: pygame.Surface, pos: Position) -> None:
        px = self.px
        view = self.view_rect
        r = self.replay
        assert r is not None
        family = self.settings.family_for(pos.variant)
        artwork = self.settings.deck_for(pos.variant)
        head = font("serif_bold", px(20))
        # Records do not say who sat where: seat 0 is the local player, the others by
        # where they sat as seen from there (the table's names).
        names = player_names(["human"] + ["normal"] * (pos.players - 1),
                             self.settings.player_name)
        small = font("sans", px(15))
        bold = font("sans_bold", px(15))
        title = f"{variant_name(pos.variant)} · " + tr("ui.replay_step", i=r.step, n=r.steps)
        if len(r.records) > 1:
            title = tr("ui.replay_deal_of", i=r.deal_index + 1, n=len(r.records)) + " · " + title
        img, _ = head.render(title, GOLD_LIGHT)
        surface.blit(img, img.get_rect(midtop=(view.centerx, view.y + px(12))))
        info = []
        if pos.trump:
            from game.ui.i18n import suit_name

            info.append(f"{tr('ui.table_trump')}: {suit_name(pos.trump, family)}")
        if pos.contract:
            key = "ui.contract_" + pos.contract.replace("-", "_").replace(" ", "_")
            info.append(tr("ui.table_contract_is", contract=tr(key)))
        if pos.score:
            info.append(f"{tr('ui.table_score')}: {' : '.join(str(s) for s in pos.score)}")
        img, _ = small.render("   ·   ".join(info), IVORY)
        surface.blit(img, img.get_rect(midtop=(view.centerx, view.y + px(40))))

        # The deal as the table lays it out, every hand open.
        if pos.state is not None:
            self.board.set_style(artwork, self.settings.card_back)
            area = pygame.Rect(view.x, view.y + px(64), view.w, view.h - px(64) - px(112))
            marked = [names[seat] + (f"  ({tr('ui.table_dealer')})" if seat == pos.dealer else "")
                      for seat in range(pos.players)]
            self.board.draw_deal(surface, area, pos.state, 0, set(range(pos.players)), marked)
        if pos.last_action:
            from game.ui.practice.texts import action_text

            seat, action = pos.last_action
            said = action_text(action, pos.last_seen, family, None, False)
            text = f"{names[seat]}: {said}"
            img, _ = bold.render(text, GOLD)
            surface.blit(img, img.get_rect(midbottom=(view.centerx, view.bottom - px(86))))
        if pos.result is not None:  # the deal's result, as the score sheet says it
            text = result_text(pos.result, names, family)
            lines = wrap(text, small, view.w - px(60))[-3:]
            y = view.bottom - px(80) + px(4)
            for line in lines:
                img, _ = small.render(line, IVORY)
                surface.blit(img, img.get_rect(midtop=(view.centerx, y)))
                y += px(19)
