"""Rules that are provably right, applied before any search (all levels but random).

* Marriage: ``declare`` exactly when the total reaches 66.  Never a false
  declaration; and declaring at once is always best, because the scale only
  ever gets worse for the declarer (the opponent's total and tricks can only
  grow; a closer is scored on the position recorded at closing).
* Marriage: a marriage that lifts the total to 66 is announced at once (then
  the declaration follows): the worked example 1.12.
* ``declare`` is removed from the search's candidates otherwise.
* Mariáš doubling: at most flek and re from a bot, no against-announcements, and no
  raise of the defenders' Seven or Hundred against (above all, no soloist's double).
"""

from __future__ import annotations

from game.rules.actions import ANNOUNCE, DECLARE, PASS, Action, Verb
from game.rules.cards import SUITS, marriage_points
from game.rules.observation import MariasObservation, Observation

from .explain import Explanation, Suit, explain_hint, say


def own_points(obs: Observation) -> int:
    pts = obs.points
    seat = obs.seat
    return pts[seat] if seat < len(pts) else 0


def marriage_gain(obs: Observation, action: Action) -> int:
    """The points of the marriage ``action`` ("marriage H") announces."""
    return marriage_points(SUITS[action.suit] == obs.trump)


def against_announcement(obs: Observation) -> Action | None:
    """Mariáš defender's Seven/Hundred against, by a strict rule of thumb (searches skip them).

    Seven against: the trump 7 with at least four other trumps including the ace and the ten
    (the soloist's trumps must be gone before the last trick).  Hundred against: the defender
    holds the trump marriage (40) and at least four of the eight aces and tens — the side's
    hundred is its card points plus *one* marriage, and the card points are at most 90, so
    without a marriage it cannot be won at all.  (The rule before, five aces and tens with no
    marriage asked, fired often in logged arena deals, ``hard``/``pimc`` alike, and cost its
    announcer dearly each time: the soloist doubles it and a failed hundred
    doubles for every 10 points short — the heaviest tail of every Mariáš measurement.)
    """
    legal = obs.legal
    trump = obs.trump
    hand = obs.hand
    if ANNOUNCE["seven-against"] in legal and trump:
        trumps = [c for c in hand if c[1] == trump]
        if ("7" + trump) in trumps and len(trumps) >= 5 and ("A" + trump) in trumps \
                and ("T" + trump) in trumps:
            return ANNOUNCE["seven-against"]
    if ANNOUNCE["hundred-against"] in legal and trump:
        if ("K" + trump) in hand and ("Q" + trump) in hand \
                and sum(1 for c in hand if c[0] in "AT") >= 4:
            return ANNOUNCE["hundred-against"]
    return None


def in_doubling(obs: Observation) -> bool:
    """The Mariáš doubling round (flek, re ... and the defenders' announcements)."""
    return isinstance(obs, MariasObservation) and obs.phase == "doubling"


def forced(obs: Observation) -> tuple[Action, Explanation] | None:
    """(action, why) when a rule settles the decision, else None."""
    legal = obs.legal
    if in_doubling(obs):
        a = against_announcement(obs)
        if a is not None:
            return a, explain_hint(obs, a, {}, False)
    if obs.variant == "marriage" and DECLARE in legal:
        total = own_points(obs)
        if total >= 66:
            return DECLARE, say("hint_declare", points=total)
        marriages = sorted((a for a in legal if a.verb is Verb.MARRIAGE),
                           key=lambda a: -marriage_gain(obs, a))
        for a in marriages:
            # a pending marriage counts in ``marriage`` at once (the player has a trick on lead
            # except on the first lead, where no marriage is legal)
            if total + marriage_gain(obs, a) >= 66:
                return a, say("hint_declare_after_marriage",
                              points=total + marriage_gain(obs, a), suit=Suit(a.suit))
    return None


#: Bots raise a Mariáš component at most to this many doublings (x4): beyond it the playout
#: estimates are too rough to bet on, and two searching bots would escalate on noise.
MAX_BOT_DOUBLINGS = 2


#: Components no bot raises: the defenders' own announcements.  The soloist's double is the
#: blunder described in :func:`candidates`; the defenders' re (after a human soloist's
#: double) goes too — the announcer's partner samples the announcer's hand no better.
AGAINST = ("seven-against", "hundred-against")


def candidates(obs: Observation) -> list[Action]:
    """The actions a search should consider: never a false declaration; in the Mariáš doubling
    round no raise beyond x4 and no against-announcement (Hundred/Seven against are long shots
    the playouts cannot judge), and no double of the defenders' Seven or Hundred against.

    Why the last: a defender announces them only with a strong hand (``against_announcement``),
    but the samples give him an average one, so the search sees a likely failure and doubles.
    In logged arena games (``hard`` and ``pimc`` alike) the soloist doubled most Hundreds
    against and lost most of those, each time far more than passing would have cost him; he
    doubled Sevens against too and lost nearly all of them."""
    legal = list(obs.legal)
    if isinstance(obs, MariasObservation) and obs.phase == "doubling":
        dbl = obs.doublings
        keep = [a for a in legal
                if a is PASS or (a.verb is Verb.DOUBLE and a.name not in AGAINST
                                 and dbl.get(a.name, 0) < MAX_BOT_DOUBLINGS)]
        return keep or legal
    if obs.variant == "marriage" and DECLARE in legal and own_points(obs) < 66:
        rest = [a for a in legal if a is not DECLARE]
        if rest:
            return rest
    return legal
