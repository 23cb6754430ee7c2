"""Mariáš: property tests over random legal play, the records, the CLI and a whole match."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import texts
from test_rules_marias_util import CARD_RE

from game.rules import Match, new_deal, random_deck, replay_json, replay_text, write_deal
from game.rules.actions import Action
from game.rules.cards import CARD_STR
from game.rules.marias import MariasDeal

RECORDS = Path(__file__).resolve().parent / "records"
RECORD_4_16 = RECORDS / "marias_4_16.txt"
OPTION_SETS = [
    {},
    {"concede_plain_suit": True},
    {"seven_flek_shortcut": True},
    {"table_rules": True},
    {"concede_plain_suit": True, "seven_flek_shortcut": True, "table_rules": True},
]


def names(mask: int) -> set[str]:
    return {CARD_STR[c] for c in range(32) if mask >> c & 1}


class Tracker:
    """Which cards each seat may know, computed from the state as the deal goes on."""

    def __init__(self, deal: MariasDeal):
        self.deal = deal
        fh = deal.forehand
        self.known = [deal.hand(s) for s in range(3)]
        self.known[fh] = deal.first_seven

    def update(self) -> None:
        deal = self.deal
        public = 0
        for trick in deal.trick_log:
            for _s, c in trick:
                public |= 1 << c
        for c in deal.trick:
            public |= 1 << c
        if deal.trump_shown:
            public |= 1 << deal.trump_card
        public |= deal.shown
        for s in range(3):
            if s == deal.forehand and deal.phase == "trump":
                continue
            self.known[s] |= deal.hand(s) | public
            if s == deal.forehand and deal.phase != "trump":
                self.known[s] |= deal.initial_hands[s]

    def check(self) -> None:
        for s in range(3):
            text = json.dumps(self.deal.observation(s).to_json())
            seen = set(CARD_RE.findall(text))
            hidden = seen - names(self.known[s])
            assert not hidden, (s, hidden, self.deal.history)


def snapshot(deal: MariasDeal) -> str:
    return json.dumps([deal.observation(s).to_json() for s in range(3)] + [
                      deal.hands, [(s, a.text) for s, a in deal.history],
                      deal.points(), deal.score(), deal.replay_summary()], sort_keys=True)


def random_play(seed: int, options: dict, check_every_step: bool = True) -> MariasDeal:
    rng = random.Random(seed)
    deal = new_deal("marias", rng.randrange(3), random_deck("marias", rng), options)
    assert isinstance(deal, MariasDeal)
    tracker = Tracker(deal)
    all_cards = (1 << 32) - 1
    clone_at = rng.randrange(40)
    step = 0
    while not deal.is_over():
        legal = deal.legal_actions()
        assert legal, "legal actions are never empty before the end"
        assert legal == sorted(legal)
        assert all(deal.why_illegal(a) is None for a in legal[:5])
        # cards conserved
        held = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.talon
        played = sum(1 << c for t in deal.trick_log for _s, c in t)
        played |= sum(1 << c for c in deal.trick)
        assert held & played == 0 and held | played == all_cards
        assert sum(h.bit_count() for h in deal.hands) + deal.talon.bit_count() + \
            played.bit_count() == 32
        # points: each side's total = its cards + its marriages
        pts = deal.points()
        if deal.contract_name is not None:
            sol = deal.soloist
            assert pts[(sol + 1) % 3] == pts[(sol + 2) % 3]
            assert pts[sol] + pts[(sol + 1) % 3] == sum(deal.card_points) + sum(
                m[2] for m in deal.marriages)
        else:
            assert pts == [0, 0, 0]
        if check_every_step:
            tracker.check()
        if step == clone_at:
            before = snapshot(deal)
            twin = deal.clone()
            twin_rng = random.Random(seed + 1)
            while not twin.is_over():
                acts = twin.legal_actions()
                twin.apply_legal(acts[twin_rng.randrange(len(acts))])
            assert snapshot(deal) == before, "playing a clone changed the original"
        # an occasional renege under table rules
        if options.get("table_rules") and deal.phase == "play" and rng.random() < 0.05:
            seat = deal.to_move()
            legal_mask = deal._play_mask(seat)
            bad = deal.hand(seat) & ~legal_mask
            if bad:
                c = (bad & -bad).bit_length() - 1
                deal.apply("play " + CARD_STR[c], seat)
                tracker.update()
                step += 1
                continue
        # bias towards Suit contracts played out (uniform choice ends most deals early)
        if deal.phase == "contract" and rng.random() < 0.6:
            legal = [a for a in legal if "suit" in a.text]
        elif deal.phase == "answer" and rng.random() < 0.8:
            legal = [Action.parse("good")]
        action = legal[rng.randrange(len(legal))]
        deal.apply(action, deal.to_move())
        tracker.update()
        step += 1
    tracker.check()
    assert texts(deal.legal_actions()) == []
    return deal


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), opt=st.sampled_from(range(len(OPTION_SETS))))
def test_random_legal_play_properties(seed, opt):
    options = OPTION_SETS[opt]
    deal = random_play(seed, options)
    score = deal.score()
    assert score is not None and sum(score) == 0
    if deal.reneges:
        assert options.get("table_rules")
    # the record of the deal replays to the same deal
    again = replay_text(write_deal(deal))[-1]
    assert again.history == deal.history
    assert again.score() == score and again.points() == deal.points()
    assert again.replay_summary() == deal.replay_summary()
    # the gathered deck is every card once
    assert sorted(deal.gathered()) == list(range(32))


def test_many_random_deals_fast():
    rng = random.Random(99)
    for _ in range(400):
        deal = new_deal("marias", rng.randrange(3), random_deck("marias", rng))
        while not deal.is_over():
            acts = deal.legal_actions()
            deal.apply_legal(acts[rng.randrange(len(acts))])
        assert sum(deal.score()) == 0


def test_suit_deals_played_out_have_90_card_points():
    rng = random.Random(5)
    seen = 0
    for _ in range(300):
        deal = new_deal("marias", rng.randrange(3), random_deck("marias", rng))
        while not deal.is_over():
            acts = deal.legal_actions()
            if deal.phase == "contract":
                acts = [a for a in acts if "suit" in a.text]
            if deal.phase == "answer":
                acts = [Action.parse("good")]
            deal.apply_legal(acts[rng.randrange(len(acts))])
        if len(deal.trick_log) == 10:
            seen += 1
            assert sum(deal.card_points) == 90
    assert seen > 200


# --- 4.16, records and the CLI ------------------------------------------------------------
def test_4_16_worked_example_replay_json():
    result = replay_json(RECORD_4_16.read_text(encoding="utf-8"))
    assert result["score"] == [16, -8, -8]
    assert result["points"] == [100, 30, 30]
    assert result["trump"] == "H" and result["contract"] == "suit" and result["over"]
    deal = replay_text(RECORD_4_16.read_text(encoding="utf-8"))[-1]
    comps = deal.result_summary()["components"]
    assert [(c["name"], c["owner"], c["won"], c["multiplier"], c["value"]) for c in comps] == [
        ("silent hundred", "soloist", True, 2, 8)]
    assert deal.marriages == [(0, 2, 40)]
    assert deal.trick_log[0] == [(0, 8 * 2 + 3), (1, 8 * 2 + 0), (2, 8 * 2 + 1)]


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.rules", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_4_16_worked_example_cli():
    out = cli("replay", str(RECORD_4_16))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["score"] == [16, -8, -8]
    assert result["variant"] == "marias" and result["tricks"] == [8, 1, 1]


def test_record_with_an_illegal_line_exits_2():
    lines = RECORD_4_16.read_text(encoding="utf-8").splitlines()
    idx = lines.index("2 play TH")
    lines[idx] = "2 play 8S"
    out = cli("replay", "-", stdin="\n".join(lines) + "\n")
    assert out.returncode == 2 and out.stdout == ""
    err = out.stderr.strip().splitlines()
    assert len(err) == 1
    assert f"line {idx + 1}" in err[0] and "2 play 8S" in err[0]
    assert "you must follow suit: you hold a heart" in err[0]


def test_record_wrong_seat_and_bad_discard_exit_2():
    text = RECORD_4_16.read_text(encoding="utf-8").replace("0 discard 8H 7H", "0 discard AC 7H")
    out = cli("replay", "-", stdin=text)
    assert out.returncode == 2
    assert "you may not discard an ace or a ten in a Suit contract" in out.stderr
    text = RECORD_4_16.read_text(encoding="utf-8").replace("1 good", "2 good", 1)
    out = cli("replay", "-", stdin=text)
    assert out.returncode == 2 and "turn" in out.stderr


def test_replay_mid_deal_legal_and_hidden_trump():
    lines = RECORD_4_16.read_text(encoding="utf-8").splitlines()
    cut = lines.index("0 discard 8H 7H")
    result = replay_json("\n".join(lines[:cut]) + "\n")
    assert result["to_move"] == 0 and result["trump"] == "H" and result["contract"] == "suit"
    assert result["points"] == [0, 0, 0]
    assert result["legal"] == sorted(result["legal"])
    assert "discard 7H 8H" in result["legal"]
    assert not any("AC" in a or "9H" in a for a in result["legal"])


def test_4_15_match_with_gather_and_cut_runs_rounds_times_three_deals():
    m = Match("marias", {"rounds": 2, "gather_and_cut": True}, seed=11)
    rng = random.Random(4)
    dealers = []
    while not m.is_over():
        prev = m.current
        deal = m.start_deal()
        if prev is not None:
            g = prev.gathered()
            k = g.index(deal.deck[0])
            assert list(deal.deck) == g[k:] + g[:k]
        dealers.append(deal.dealer)
        while not deal.is_over():
            acts = deal.legal_actions()
            deal.apply_legal(acts[rng.randrange(len(acts))])
        m.finish_deal()
    assert len(m.deals) == 6
    assert dealers == [(dealers[0] + i) % 3 for i in range(6)]
    assert sum(m.totals) == 0 and m.winners()


def test_bench_reports_what_it_measured():
    """The benchmark's shape, not its speed: speed is measured by ``python -m game.rules
    bench`` (JSON), never by a test that can fail on a busy machine."""
    from game.rules.bench import run_bench

    result = run_bench(0.01, ["marias"])
    assert set(result) == {"marias"}
    r = result["marias"]
    assert r["deals"] >= 50 and r["deals"] % 50 == 0 and r["seconds"] > 0
    assert abs(r["deals_per_second"] - r["deals"] / r["seconds"]) <= 0.1 * r["deals_per_second"]


def test_every_marias_record_replays_to_its_expected_score():
    import re

    paths = sorted(RECORDS.glob("marias_*.txt"))
    assert len(paths) >= 5
    for path in paths:
        text = path.read_text(encoding="utf-8")
        result = replay_json(text)
        m = re.search(r"expect score: (\[[-0-9, ]+\])", text)
        expected = json.loads(m.group(1)) if m else [16, -8, -8]
        assert result["over"] and result["score"] == expected, path.name
        deal = replay_text(text)[-1]
        assert write_deal(deal).split("deck:")[1].split("\n", 1)[1] == "".join(
            f"{s} {a}\n" for s, a in deal.history)
