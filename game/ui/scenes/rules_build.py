"""Build the rules reader's pages (``assets/rules/LANG/VARIANT.html``) from RULES.md.

Run ``python -m game.ui.scenes.rules_build PATH/TO/RULES.md`` after RULES.md changes;
the output is committed, so the program never parses Markdown at run time.

Each game's page holds what a player of that game needs: the common ground (§0),
the game's own section (for Sixty-six for three also §2, which §3 refers to), and
the settled fine points of §5 that concern it, worked examples included.  The
markup is the subset pygame-gui's ``UITextBox`` renders (b, i, font, br).  Fonts have
no ♥ glyph, so suit signs become words.  Project-internal remarks (seed file names)
are dropped.

Russian and Czech pages: headings, run-in heads and the introduction are translated;
the body text is the English original, and the page says so.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

VARIANTS = ("marriage", "sixty-six", "sixty-six-3", "marias")
SECTIONS = {"marriage": ["0", "1"], "sixty-six": ["0", "2"],
            "sixty-six-3": ["0", "3", "2"], "marias": ["0", "4"]}
#: Which block of §5 concerns which game.
FINE_POINTS = {"marriage": ["two", "all"], "sixty-six": ["two", "all"],
               "sixty-six-3": ["three", "all"], "marias": ["marias", "all"]}

GOLD, DIM, CODE = "#f0cf6a", "#b9c7b3", "#e8c463"

TITLES = {
    "en": {"0": "Common ground", "1": "Marriage — two players, 32 cards",
           "2": "Sixty-six — two players, 24 cards", "3": "Sixty-six for three",
           "4": "Mariáš — three players, 32 cards", "5": "Fine points",
           "intro": "The rules exactly as this program plays them. Where the traditional "
                    "texts leave a point open, the reading chosen is marked "
                    "<i>[interpretation]</i>; many such points are rule options on the "
                    "new-game screen.",
           "note": ""},
    "ru": {"0": "Общие положения", "1": "Марьяж — двое, 32 карты",
           "2": "Шестьдесят шесть — двое, 24 карты", "3": "Шестьдесят шесть на троих",
           "4": "Марьяш — трое, 32 карты", "5": "Тонкости",
           "intro": "Правила в точности так, как их играет программа. Где традиционные "
                    "тексты оставляют вопрос открытым, выбранное толкование отмечено "
                    "<i>[interpretation]</i>; многие такие места — настраиваемые правила "
                    "на экране новой игры.",
           "note": "Заголовки и введение переведены; подробный текст правил пока "
                   "на английском."},
    "cs": {"0": "Společný základ", "1": "Marriage — dva hráči, 32 karet",
           "2": "Šedesát šest — dva hráči, 24 karet", "3": "Šedesát šest ve třech",
           "4": "Mariáš — tři hráči, 32 karet", "5": "Podrobnosti",
           "intro": "Pravidla přesně tak, jak je hraje tento program. Kde tradiční texty "
                    "nechávají otázku otevřenou, je zvolený výklad označen "
                    "<i>[interpretation]</i>; mnohé z nich lze nastavit na obrazovce nové hry.",
           "note": "Nadpisy a úvod jsou přeloženy; podrobný text pravidel je zatím "
                   "v angličtině."},
}

#: Run-in heads ("**Deal.**") in Russian and Czech.
HEADS = {
    "ru": {"Deck and values": "Колода и стоимость карт", "Deal": "Сдача",
           "First lead": "Первый ход", "Open phase": "Открытая фаза",
           "Trump-seven exchange": "Обмен козырной семёрки", "Marriages": "Марьяжи",
           "Declaring 66": "Заявка 66", "Strict phase": "Строгая фаза", "Closing": "Закрытие",
           "Scoring a deal": "Подсчёт сдачи", "Match": "Партия",
           "Worked example": "Разобранный пример",
           "Trump-nine exchange": "Обмен козырной девятки", "Winning a deal": "Выигрыш сдачи",
           "Deck": "Колода", "Dealing": "Раздача", "Choosing trump": "Выбор козыря",
           "Contracts": "Игры", "Good or bad": "Хорошо или плохо",
           "Start of play": "Начало розыгрыша", "Doubling": "Удвоения",
           "Playing a trick": "Розыгрыш взятки", "Open contracts": "Открытые игры",
           "Seven": "Семёрка", "Hundred": "Сотня", "Payments": "Расчёт",
           "House rules": "Домашние правила",
           "Two-player games": "Игры вдвоём", "Sixty-six for three": "66 на троих",
           "Mariáš": "Марьяш"},
    "cs": {"Deck and values": "Karty a jejich hodnoty", "Deal": "Rozdání",
           "First lead": "První výnos", "Open phase": "Otevřená fáze",
           "Trump-seven exchange": "Výměna trumfové sedmy", "Marriages": "Hlášky",
           "Declaring 66": "Hlášení 66", "Strict phase": "Přísná fáze", "Closing": "Zavření",
           "Scoring a deal": "Počítání rozdání", "Match": "Partie",
           "Worked example": "Řešený příklad",
           "Trump-nine exchange": "Výměna trumfové devítky", "Winning a deal": "Výhra rozdání",
           "Deck": "Karty", "Dealing": "Rozdávání", "Choosing trump": "Volba trumfu",
           "Contracts": "Hry", "Good or bad": "Dobrý, nebo špatný",
           "Start of play": "Začátek hry", "Doubling": "Flekování",
           "Playing a trick": "Hraní štychu", "Open contracts": "Hry na ruku",
           "Seven": "Sedma", "Hundred": "Kilo", "Payments": "Placení",
           "House rules": "Domácí pravidla",
           "Two-player games": "Hry ve dvou", "Sixty-six for three": "Šedesát šest ve třech",
           "Mariáš": "Mariáš"},
}

SUIT_WORDS = {"♥": "hearts", "♦": "diamonds", "♣": "clubs", "♠": "spades"}


def split_sections(text: str) -> dict[str, str]:
    parts: dict[str, str] = {}
    for block in re.split(r"^## ", text, flags=re.M)[1:]:
        number = block.split(".", 1)[0].strip()
        parts[number] = block.split("\n", 1)[1] if "\n" in block else ""
    return parts


def fine_point_blocks(section5: str) -> dict[str, str]:
    """§5 split by its lead-in lines: two-player, sixty-six-3, marias, and the rest (all)."""
    blocks = {"two": "", "three": "", "marias": "", "all": ""}
    current = "all"
    for line in section5.splitlines():
        if line.startswith("Two-player games"):
            current = "two"
        elif line.startswith("`sixty-six-3`:"):
            current = "three"
        elif line.startswith("`marias`:"):
            current = "marias"
        blocks[current] += line + "\n"
    # "Every strict phase, all games" sits at the end of the two-player block: share it.
    m = re.search(r"^- Every strict phase, all games.*?(?=^\S|\Z)", blocks["two"], re.M | re.S)
    if m:
        blocks["all"] += m.group(0)
        blocks["two"] = blocks["two"].replace(m.group(0), "")
    return blocks


def clean(text: str) -> str:
    text = re.sub(r"\s*\(seed[^)]*\)", "", text)
    text = re.sub(r"\s*\(=\s*`[^`]*`[^)]*\)", "", text)
    text = text.replace("K♥ Q♥", "K♥ and Q♥")
    text = re.sub(r"(10|[AKQJ987])([♥♦♣♠])", lambda m: f"{m.group(1)} of {SUIT_WORDS[m.group(2)]}",
                  text)
    text = text.replace("→", "—").replace("⇔", "if and only if")
    return text


def inline(text: str, lang: str) -> str:
    """Markdown inline marks -> UITextBox markup (escaping everything else)."""
    out = html.escape(text, quote=False)
    heads = HEADS.get(lang, {})

    def head(m: re.Match[str]) -> str:
        inner = m.group(1)
        key = inner.rstrip(".").strip()
        shown = heads.get(key, inner)
        return f'<font color="{GOLD}"><b>{shown}</b></font>'

    out = re.sub(r"\*\*(.+?)\*\*", head, out)
    out = re.sub(r"(?<!\w)\*(.+?)\*(?!\w)", r"<i>\1</i>", out)
    out = re.sub(r"`([^`]+)`", rf'<font color="{CODE}">\1</font>', out)
    out = out.replace("[interpretation]", f'<font color="{DIM}"><i>[interpretation]</i></font>')
    return out


def body(markdown: str, lang: str) -> str:
    """Paragraphs and bullet lists; numbered rules start on a new paragraph."""
    out: list[str] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(inline(" ".join(para), lang) + "<br><br>")
            para.clear()

    for raw in clean(markdown).splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("|"):
            continue  # the table of games: the reader shows one game per page
        if line.startswith("- "):
            flush()
            out.append("   •  " + inline(line[2:], lang) + "<br>")
            continue
        if re.match(r"^\d+\.\d+ ", line):
            flush()
            number, rest = line.split(" ", 1)
            para.append(f"{number} {rest}")
            continue
        if raw.startswith("  ") and out and out[-1].endswith("<br>") and not para:
            # Continuation of a bullet.
            out[-1] = out[-1][: -len("<br>")] + " " + inline(line, lang) + "<br>"
            continue
        para.append(line)
    flush()
    return "".join(out)


def heading(text: str, size: int = 24) -> str:
    return (f'<font face="dejavu_serif" pixel_size={size} color="{GOLD}"><b>{text}</b>'
            f"</font><br>")


def game_name(variant: str, lang: str) -> str:
    import json

    from game.paths import assets_dir

    path = assets_dir() / "translations" / f"ui.{lang}.json"
    table = json.loads(path.read_text(encoding="utf-8"))[lang]
    return table["variant_" + variant.replace("-", "_")]


def page(variant: str, sections: dict[str, str], lang: str) -> str:
    titles = TITLES[lang]
    parts = [heading(game_name(variant, lang), 32), titles["intro"], "<br>"]
    if titles["note"]:
        parts.append(f'<font color="{DIM}"><i>{titles["note"]}</i></font><br>')
    parts.append("<br>")
    blocks = fine_point_blocks(sections["5"])
    order = [SECTIONS[variant][1], "0"] + SECTIONS[variant][2:]
    for number in order:
        parts.append(heading(f"{number}. {titles[number]}"))
        parts.append(body(sections[number], lang))
    parts.append(heading(f"5. {titles['5']}"))
    for block in FINE_POINTS[variant]:
        parts.append(body(blocks[block], lang))
    return "".join(parts).replace("<br><br><br>", "<br><br>")


def build(rules_md: Path, out_dir: Path) -> list[Path]:
    sections = split_sections(rules_md.read_text(encoding="utf-8"))
    written = []
    for lang in TITLES:
        for variant in VARIANTS:
            path = out_dir / lang / f"{variant}.html"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(page(variant, sections, lang) + "\n", encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    from game.paths import assets_dir

    src = Path(sys.argv[1] if len(sys.argv) > 1 else "RULES.md")
    for p in build(src, assets_dir() / "rules"):
        print(p)
