"""The players' rulebook: the Rules reader's pages, built from hand-written sources.

The sources are ``assets/rules/src/rulebook.LANG.md`` — one per language, written for
players (no rule numbers, spec markers or option ids) and kept correct against
``docs/RULES.md``, which stays the binding text.  :func:`build` turns them into the
markup pygame-gui's ``UITextBox`` renders (``b``, ``i``, ``font``, ``br``) in
``assets/rules/LANG/VARIANT.html`` (the whole game) and ``VARIANT.brief.html`` (its
cards and match length, shown on the new-game screen).  The pages are committed, so
the program never parses Markdown at run time; ``tests/test_rulebook.py`` fails when
they are stale.  Rebuild with ``python -m game.ui.rulebook`` (or ``make rules``).

Source format: ``# VARIANT`` or ``# VARIANT.brief`` opens a page; its first paragraph
is the lead; ``## Title`` opens a section; ``- `` a bullet; ``**bold**`` and
``*italic*``; ``{opt:NAME}`` and ``{optval:VALUE}`` are the setup screen's names of
a rule option and a value in that language, so the book and the screen agree.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

LANGUAGES = ("en", "ru", "cs")
VARIANTS = ("marriage", "sixty-six", "sixty-six-3", "marias")
GOLD = "#f0cf6a"

_OPTION = re.compile(r"\{(opt|optval):(\w+)\}")


def source_path(lang: str) -> Path:
    from game.paths import assets_dir

    return assets_dir() / "rules" / "src" / f"rulebook.{lang}.md"


def parse(text: str) -> dict[str, list[tuple[str, list[str]]]]:
    """``{page: [(section title, lines), ...]}``; the lead has the title ``""``."""
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    pages: dict[str, list[tuple[str, list[str]]]] = {}
    current: list[tuple[str, list[str]]] | None = None
    for line in text.splitlines():
        if line.startswith("# "):
            current = pages.setdefault(line[2:].strip(), [("", [])])
        elif current is None:
            continue
        elif line.startswith("## "):
            current.append((line[3:].strip(), []))
        else:
            current[-1][1].append(line.rstrip())
    return pages


def _translations(lang: str) -> dict[str, str]:
    from game.ui.i18n import translations

    return translations(lang)


def inline(text: str, lang: str) -> str:
    """Options named as on screen, HTML escaped, bold in gold, italics."""
    table = _translations(lang)
    text = _OPTION.sub(lambda m: table[f"{m.group(1)}_{m.group(2)}"], text)
    out = html.escape(text, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", rf'<font color="{GOLD}"><b>\1</b></font>', out)
    return re.sub(r"(?<![\w*])\*(?!\s)(.+?)\*(?!\w)", r"<i>\1</i>", out)


def body(lines: list[str], lang: str) -> str:
    """Paragraphs (blank-line separated) and bullet lists."""
    out: list[str] = []
    para: list[str] = []
    in_list = False

    def flush() -> None:
        if para:
            out.append(inline(" ".join(para), lang) + "<br><br>")
            para.clear()

    for line in lines:
        if line.startswith("- "):
            flush()
            out.append("   •  " + inline(line[2:], lang) + "<br>")
            in_list = True
            continue
        if in_list:
            out.append("<br>")  # a list ends with a paragraph's space
            in_list = False
        if line.strip():
            para.append(line.strip())
        else:
            flush()
    flush()
    text = "".join(out)
    if in_list:
        text += "<br>"
    return text.replace("<br><br><br>", "<br><br>")
    return text


def heading(text: str, size: int) -> str:
    return f"{_heading_tag(size)}<b>{html.escape(text)}</b></font><br>"


def _heading_tag(size: int) -> str:
    return f'<font face="noto_sans" pixel_size={size} color="{GOLD}">'


#: The size of a section's heading (the page's title is larger).
SECTION_SIZE = 24


def sections(markup: str) -> list[str]:
    """A page cut before each section's heading: the title and lead, then one part per
    section, each with the blank line that ends it (so the parts laid out one under
    another look as the whole page does).

    The reader shows a page a section per text box: pygame-gui lays out and renders a
    whole text box at once, and the longest page as one box was a hitch.
    """
    tag = _heading_tag(SECTION_SIZE)
    parts = markup.strip().split(tag)
    # A text box ends a last "<br>" with an empty row: the blank line is the one "<br>".
    return [part.removesuffix("<br>") for part in
            [parts[0]] + [tag + part for part in parts[1:]] if part]


def page(variant: str, sections: list[tuple[str, list[str]]], lang: str) -> str:
    """A whole game: its name, the lead, then every section under its heading."""
    parts = [heading(_translations(lang)["variant_" + variant.replace("-", "_")], 32)]
    for title, lines in sections:
        if title:
            parts.append(heading(title, SECTION_SIZE))
        parts.append(body(lines, lang))
    return "".join(parts).removesuffix("<br><br>")


def brief(sections: list[tuple[str, list[str]]], lang: str) -> str:
    return body(sections[0][1], lang).removesuffix("<br><br>")


def pages(lang: str) -> dict[str, str]:
    """``{file name: markup}`` of one language, from its source."""
    book = parse(source_path(lang).read_text(encoding="utf-8"))
    out = {}
    for variant in VARIANTS:
        out[f"{variant}.html"] = page(variant, book[variant], lang)
        out[f"{variant}.brief.html"] = brief(book[f"{variant}.brief"], lang)
    return out


def build(out_dir: Path | None = None) -> list[Path]:
    """Write every page of every language; returns the paths written."""
    from game.paths import assets_dir

    root = out_dir or assets_dir() / "rules"
    written = []
    for lang in LANGUAGES:
        for name, text in pages(lang).items():
            path = root / lang / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text + "\n", encoding="utf-8")
            written.append(path)
    return written
