"""How a finished deal was scored, in words, in the player's language.

One place for the score sheet, the table's result panel and the review: the
engine's ``result_summary()`` gives the facts (codes and numbers) and
``result_text(names)`` its English sentence with the players' names; here they
become a sentence in the player's language.
"""

from __future__ import annotations

from typing import Any

from game.ui.i18n import tr


def describe(deal: Any, names: list[str], lang: str) -> str:
    """How a finished deal was scored, in the player's language.

    English shows the engine's own sentence (it says the most); other languages get a
    sentence built from the summary's fields, which are codes rather than prose.
    """
    summary = deal.result_summary()
    if lang == "en":
        return str(deal.result_text(names))

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    if "components" in summary:  # Mariáš
        contract = str(summary.get("contract") or "")
        key = "ui.contract_" + contract.replace("-", "_").replace(" ", "_")
        parts = [tr("ui.why_marias", name=name(summary.get("soloist")), contract=tr(key))]
        for c in summary.get("components", []):
            comp = "ui.contract_" + str(c.get("name", "")).replace("-", "_").replace(" ", "_")
            parts.append(tr("ui.why_component", component=tr(comp),
                            result=tr("ui.why_won" if c.get("won") else "ui.why_lost"),
                            value=c.get("value", "")))
        return " · ".join(parts)
    reason = summary.get("reason") or "no_score"
    actor = summary.get("closer") if reason == "closer_failed" else summary.get("winner")
    if reason == "false_declaration":
        actor = next((i for i, _ in enumerate(names) if i != summary.get("winner")), None)
    parts = [tr(f"ui.why_{reason}", name=name(actor))]
    if summary.get("winner") is not None:
        parts.append(tr("ui.why_scores", name=name(summary["winner"]),
                        points=summary.get("points", "")))
    totals = summary.get("totals")
    if totals:
        parts.append(tr("ui.why_totals", totals=" : ".join(str(t) for t in totals)))
    return " · ".join(parts)
