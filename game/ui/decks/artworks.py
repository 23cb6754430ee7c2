"""The deck designs: colours, index lettering and which figure each court card shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TypeVar

from .costume import Costume, FigureSpec
from .suits import GermanSuitColours

RANKS = ("A", "T", "K", "Q", "J", "9", "8", "7")
SUITS = ("C", "D", "H", "S")
CARDS = tuple(r + s for s in SUITS for r in RANKS)

K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True)
class ArtworkInfo:
    """What the table's settings menu needs to list a deck."""

    id: str
    name: str
    family: str  # "french" or "german"


@dataclass(frozen=True)
class FrameStyle:
    """Court-card frame: French decks use a thin rectangle, the Prague deck a double one."""

    fill: str = "#ffffff"
    line: str = "#222222"
    double: bool = False
    radius: float = 0.0


@dataclass(frozen=True)
class DeckArtwork:
    id: str
    name: str
    family: str
    suit_colours: Mapping[str, str]  # indices (and French pips) per suit
    labels: Mapping[str, str]  # rank -> index text
    costumes: Mapping[str, Costume]  # per suit
    figures: Mapping[str, FigureSpec]  # per card, e.g. "KH"
    german: GermanSuitColours | None = None
    frame: FrameStyle = field(default_factory=FrameStyle)
    paper: str = "#fffdf7"
    border: str = "#8a8478"
    large_index: bool = False
    single_headed: bool = False  # Prague style: full-length figures, not mirrored halves

    @property
    def info(self) -> ArtworkInfo:
        return ArtworkInfo(self.id, self.name, self.family)

    def costume(self, rank: str, suit: str) -> Costume:
        """The suit's colours, rotated per rank so K, Q and J of one suit don't look alike."""
        c = self.costumes[suit]
        if rank == "Q":
            return replace(c, robe=c.lining, lining=c.robe)
        if rank == "J":
            return replace(c, robe=c.trim, trim=c.lining, lining=c.robe)
        return c


def _frozen(mapping: dict[K, V]) -> Mapping[K, V]:
    """Read-only view, so the shared artwork tables cannot be changed by accident."""
    return MappingProxyType(mapping)


FRENCH_LABELS = _frozen({"A": "A", "T": "10", "K": "K", "Q": "Q", "J": "J", "9": "9", "8": "8",
                         "7": "7"})
TWO_COLOUR = _frozen({"H": "#cf1b2b", "D": "#cf1b2b", "C": "#151515", "S": "#151515"})
FOUR_COLOUR = _frozen({"H": "#cf1b2b", "D": "#1c5fd0", "C": "#17873a", "S": "#151515"})

RED, BLUE, YELLOW, BLACK, GREEN = "#c8202a", "#24509e", "#f0c43a", "#2b2b2b", "#2f7a3a"

FRENCH_COSTUMES = _frozen(
    {
        "H": Costume(robe=RED, trim=YELLOW, lining=BLUE, hair="#8b5a2b"),
        "D": Costume(robe=YELLOW, trim=RED, lining=BLUE, hair="#6b3e1e"),
        "C": Costume(robe=BLUE, trim=YELLOW, lining=RED, hair="#a0702e"),
        "S": Costume(robe=BLACK, trim=RED, lining=YELLOW, hair="#5a3a22"),
    }
)


def _french_figures() -> Mapping[str, FigureSpec]:
    king_items = {"H": "sword", "D": "axe", "C": "orb", "S": "scepter"}
    queen_items = {"H": "none", "D": "scepter", "C": "none", "S": "scepter"}
    jack_items = {"H": "axe", "D": "halberd", "C": "sword", "S": "halberd"}
    patterns = {"H": "diamonds", "D": "stripes", "C": "diamonds", "S": "stripes"}
    specs: dict[str, FigureSpec] = {}
    for s in SUITS:
        specs["K" + s] = FigureSpec("king", "crown", "full", king_items[s],
                                    pattern=patterns[s])
        specs["Q" + s] = FigureSpec("queen", "tiara", "none", queen_items[s], long_hair=True,
                                    pattern="stripes" if s in "HC" else "diamonds")
        specs["J" + s] = FigureSpec("jack", "beret", "none" if s in "HD" else "moustache",
                                    jack_items[s], pattern="slashes")
    return _frozen(specs)


def _german_figures(prague: bool) -> Mapping[str, FigureSpec]:
    specs: dict[str, FigureSpec] = {}
    for s in SUITS:
        specs["K" + s] = FigureSpec(
            "king", "crown" if prague else "fur_crown", "full",
            "sword" if s in "DC" else "scepter", pattern="diamonds" if s in "HC" else "stripes",
        )
        specs["Q" + s] = FigureSpec(
            "jack", "helmet" if prague else "brim_hat", "short",
            "sword" if s in "HS" else "halberd", sign_raised=True, pattern="slashes",
        )
        specs["J" + s] = FigureSpec(
            "jack", "beret" if prague else "cap", "moustache" if s in "HC" else "none",
            "halberd", sign_low=True, pattern="stripes" if prague else "slashes",
        )
    return _frozen(specs)


GERMAN_TELL_COLOURS = _frozen({"H": "#c81e28", "D": "#b36a00", "C": "#6b3d1a", "S": "#2d7a28"})
GERMAN_PRAGUE_COLOURS = _frozen(
    {"H": "#b0102a", "D": "#9a5a00", "C": "#5a2e12", "S": "#3b6b1c"}
)

TELL_COSTUMES = _frozen(
    {
        "H": Costume(robe="#c8202a", trim="#2f7a3a", lining="#f0c43a", hair="#7a4a22"),
        "D": Costume(robe="#2f7a3a", trim="#c8202a", lining="#f0c43a", hair="#5a3a22"),
        "C": Costume(robe="#e0a030", trim="#24509e", lining="#c8202a", hair="#8b5a2b"),
        "S": Costume(robe="#24509e", trim="#e0a030", lining="#c8202a", hair="#6b3e1e"),
    }
)
PRAGUE_COSTUMES = _frozen(
    {
        "H": Costume(robe="#8e1b3a", trim="#d9b45a", lining="#2e5a8a", hair="#3d2a1a",
                     gold="#d9b45a"),
        "D": Costume(robe="#2e5a8a", trim="#d98c2a", lining="#8e1b3a", hair="#6b4a2a",
                     gold="#d9b45a"),
        "C": Costume(robe="#5a6b2a", trim="#8e1b3a", lining="#d9b45a", hair="#4a2e1a",
                     gold="#d9b45a"),
        "S": Costume(robe="#d98c2a", trim="#2e5a8a", lining="#5a6b2a", hair="#5a3a22",
                     gold="#d9b45a"),
    }
)

ARTWORKS: dict[str, DeckArtwork] = {
    art.id: art
    for art in (
        DeckArtwork(
            id="french-classic",
            name="French classic",
            family="french",
            suit_colours=TWO_COLOUR,
            labels=FRENCH_LABELS,
            costumes=FRENCH_COSTUMES,
            figures=_french_figures(),
        ),
        DeckArtwork(
            id="french-4color",
            name="French four-colour",
            family="french",
            suit_colours=FOUR_COLOUR,
            labels=FRENCH_LABELS,
            costumes=FRENCH_COSTUMES,
            figures=_french_figures(),
        ),
        DeckArtwork(
            id="german-tell",
            name="German (William Tell)",
            family="german",
            suit_colours=GERMAN_TELL_COLOURS,
            labels=_frozen({"A": "D", "T": "10", "K": "K", "Q": "O", "J": "U", "9": "9",
                            "8": "8", "7": "7"}),
            costumes=TELL_COSTUMES,
            figures=_german_figures(prague=False),
            german=GermanSuitColours(),
            frame=FrameStyle(fill="#fffaf0", line="#2a1a10", radius=6),
        ),
        DeckArtwork(
            id="german-prague",
            name="German (Prague)",
            family="german",
            suit_colours=GERMAN_PRAGUE_COLOURS,
            labels=_frozen({"A": "A", "T": "10", "K": "K", "Q": "O", "J": "U", "9": "9",
                            "8": "8", "7": "7"}),
            costumes=PRAGUE_COSTUMES,
            figures=_german_figures(prague=True),
            german=GermanSuitColours(
                heart="#b0102a", heart_shade="#7a0a1c", bell="#e2a92a", bell_band="#2e5a8a",
                acorn_nut="#c98a3a", acorn_cup="#5a2e12", leaf="#4f8a26", leaf_vein="#2a4f12",
            ),
            frame=FrameStyle(fill="#fbf0d8", line="#8e1b3a", double=True, radius=14),
            paper="#fdf8ea",
            single_headed=True,
        ),
        DeckArtwork(
            id="large-index",
            name="Large index",
            family="french",
            suit_colours=FOUR_COLOUR,
            labels=FRENCH_LABELS,
            costumes=FRENCH_COSTUMES,
            figures=_french_figures(),
            large_index=True,
        ),
    )
}


def list_artworks() -> list[ArtworkInfo]:
    """Deck designs in menu order."""
    return [art.info for art in ARTWORKS.values()]
