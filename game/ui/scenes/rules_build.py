"""Build the rules reader's pages (``assets/rules/LANG/VARIANT.html``) from RULES.md.

Run ``python -m game.ui.scenes.rules_build PATH/TO/RULES.md`` after RULES.md changes;
the output is committed, so the program never parses Markdown at run time.

Each game's page holds what a player of that game needs: the common ground (§0),
the game's own section (for Sixty-six for three also §2, which §3 refers to), and
the settled fine points of §5 that concern it, worked examples included.  The
markup is the subset pygame-gui's ``UITextBox`` renders (b, i, font, br).  Fonts have
no ♥ glyph, so suit signs become words.  Project-internal remarks (seed file names)
are dropped.

Russian and Czech pages are built from full translations, ``assets/rules/src/RULES.ru.md``
and ``assets/rules/src/RULES.cs.md`` (same structure as RULES.md: headings, numbering, run-in
heads, bullets, §5 lead-ins, option names and code spans; keep them in step with RULES.md).
Their pages say that the English text is binding.
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
                    "<i>[толкование]</i>; многие такие места — настраиваемые правила "
                    "на экране новой игры.",
           "note": "Перевод; при расхождении действует английский текст правил."},
    "cs": {"0": "Společný základ", "1": "Mariáš pro dva — dva hráči, 32 karet",
           "2": "Šedesát šest — dva hráči, 24 karet", "3": "Šedesát šest ve třech",
           "4": "Mariáš — tři hráči, 32 karet", "5": "Podrobnosti",
           "intro": "Pravidla přesně tak, jak je hraje tento program. Kde tradiční texty "
                    "nechávají otázku otevřenou, je zvolený výklad označen "
                    "<i>[výklad]</i>; mnohé z nich lze nastavit na obrazovce nové hry.",
           "note": "Překlad; při rozporu platí anglický text pravidel."},
}

#: Run-in heads ("**Deal.**") in Russian and Czech, for an English head in a page's text
#: (the translations in TRANSLATIONS carry their own heads).
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
        if line.startswith(("Two-player games", "Игры вдвоём", "Hry ve dvou")):
            current = "two"
        elif line.startswith("`sixty-six-3`:"):
            current = "three"
        elif line.startswith("`marias`:"):
            current = "marias"
        blocks[current] += line + "\n"
    # "Every strict phase, all games" sits at the end of the two-player block: share it.
    shared = (r"^- (Every strict phase, all games|Во всех играх, в строгой фазе"
              r"|Ve všech hrách, v přísné fázi).*?(?=^\S|\Z)")
    m = re.search(shared, blocks["two"], re.M | re.S)
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
    out = re.sub(r"\[(interpretation|толкование|výklad)([^\]]*)\]",
                 lambda m: f'<font color="{DIM}"><i>{m.group(0)}</i></font>', out)
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
    return (f'<font face="noto_sans" pixel_size={size} color="{GOLD}"><b>{text}</b>'
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


#: The rules shown "at a glance" on the new-game screen.
BRIEF = {"marriage": ("1.1", "1.11"), "sixty-six": ("2.1", "2.10"),
         "sixty-six-3": ("3.1", "3.6"), "marias": ("4.1", "4.15")}


#: The "at a glance" rules translated in full (they sit among translated widgets).
BRIEF_TEXT = {
    "ru": {
        "marriage": "1.1 **Колода и стоимость карт.** 32 карты; старшинство в каждой масти "
                    "A 10 K Q J 9 8 7; очки: A — 11, 10 — 10, K — 4, Q — 3, J — 2, 9/8/7 — 0, "
                    "всего 120.\n\n1.11 **Партия.** Побеждает тот, кто первым наберёт "
                    "7 очков партии (`match_points`, по умолчанию 7).",
        "sixty-six": "2.1 **Колода и стоимость карт.** 24 карты: A 10 K Q J 9 в каждой масти, "
                     "в этом порядке старшинства; очки: A — 11, 10 — 10, K — 4, Q — 3, J — 2, "
                     "9 — 0. Марьяж — 20, козырный марьяж — 40.\n\n2.10 **Партия.** Побеждает "
                     "тот, кто первым наберёт 8 больших очков (`match_points`, по умолчанию 8; "
                     "по договорённости 7).",
        "sixty-six-3": "3.1 Колода, стоимость карт и марьяжи — как в §2. Трое игроков; все "
                       "24 карты сдаются по 8, по часовой стрелке от первой руки, пачками по 4. "
                       "Последняя карта (восьмая карта сдающего) показывается всем и определяет "
                       "козырь, затем сдающий берёт её в руку.\n\n3.6 Партия до 8 больших очков "
                       "(`match_points`).",
        "marias": "4.1 **Колода.** 32 карты. В игре с козырем старшинство A 10 K Q J 9 8 7; "
                  "в бетле и дурхе (без козыря) — A K Q J 10 9 8 7. Очки приносят только тузы "
                  "и десятки (по 10); последняя взятка — ещё 10: всего **90**, плюс марьяжи."
                  "\n\n4.15 **Партия.** Счёт в единицах, без денег. Играется полными кругами "
                  "сдач (`rounds`, по умолчанию 2 = 6 сдач); побеждает наибольшая сумма.",
    },
    "cs": {
        "marriage": "1.1 **Karty a jejich hodnoty.** 32 karet; pořadí v každé barvě "
                    "A 10 K Q J 9 8 7; body: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0 — celkem 120."
                    "\n\n1.11 **Partie.** Vyhrává, kdo první získá 7 bodů partie "
                    "(`match_points`, výchozí 7).",
        "sixty-six": "2.1 **Karty a jejich hodnoty.** 24 karet: A 10 K Q J 9 v každé barvě, "
                     "v tomto pořadí; body: A 11, 10 10, K 4, Q 3, J 2, 9 0. Hláška 20, "
                     "trumfová hláška 40.\n\n2.10 **Partie.** Vyhrává, kdo první získá "
                     "8 velkých bodů (`match_points`, výchozí 8; po dohodě 7).",
        "sixty-six-3": "3.1 Karty, hodnoty a hlášky jako v §2. Tři hráči; rozdá se všech "
                       "24 karet po 8, po směru hodinových ručiček od forhonta, po čtyřech. "
                       "Poslední karta (osmá karta rozdávajícího) se ukáže všem a určí trumf; "
                       "pak si ji rozdávající vezme do ruky.\n\n3.6 Partie do 8 velkých bodů "
                       "(`match_points`).",
        "marias": "4.1 **Karty.** 32 karet. Ve hře s trumfy platí pořadí A 10 K Q J 9 8 7; "
                  "v betlu a durchu (bez trumfů) A K Q J 10 9 8 7. Body mají jen esa a desítky "
                  "(po 10); poslední štych 10: celkem **90**, hlášky navíc.\n\n4.15 **Partie.** "
                  "Počítá se v jednotkách, bez peněz. Hrají se celá kola rozdávání (`rounds`, "
                  "výchozí 2 = 6 rozdání); vyhrává nejvyšší součet.",
    },
}


def brief(variant: str, sections: dict[str, str], lang: str) -> str:
    """A few numbered rules of the game: its cards and how long a match lasts."""
    if variant in BRIEF_TEXT.get(lang, {}):
        return body(BRIEF_TEXT[lang][variant], lang).removesuffix("<br><br>")
    number = BRIEF[variant][0].split(".")[0]
    paragraphs = re.split(r"\n(?=\d+\.\d+ )", "\n" + sections[number])
    wanted = [p for p in paragraphs if p.strip().split(" ", 1)[0] in BRIEF[variant]]
    return body("\n\n".join(wanted), lang).removesuffix("<br><br>")


#: Full translations of RULES.md, by language (same structure as the original).
TRANSLATIONS = {"ru": "src/RULES.ru.md", "cs": "src/RULES.cs.md"}


def build(rules_md: Path, out_dir: Path) -> list[Path]:
    original = split_sections(rules_md.read_text(encoding="utf-8"))
    written = []
    for lang in TITLES:
        sections = original
        if lang in TRANSLATIONS:
            sections = split_sections((out_dir / TRANSLATIONS[lang]).read_text(encoding="utf-8"))
        for variant in VARIANTS:
            for name, text in ((f"{variant}.html", page(variant, sections, lang)),
                               (f"{variant}.brief.html", brief(variant, sections, lang))):
                path = out_dir / lang / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text + "\n", encoding="utf-8")
                written.append(path)
    return written


if __name__ == "__main__":
    from game.paths import assets_dir

    src = Path(sys.argv[1] if len(sys.argv) > 1 else "RULES.md")
    for p in build(src, assets_dir() / "rules"):
        print(p)
