"""The cards the games are played with: strains, suits, Rook colours, the bridge trick score, and
the bids' total in words."""

from __future__ import annotations

from games.words import gettext, gettext_noop, pgettext

# Strains as the session record spells them; suits of a 52-card deck first.
STRAINS = ("NT", "S", "H", "D", "C")
# Marked here, translated where shown: gettext(STRAIN_NAMES[strain]).
STRAIN_NAMES = {
    "NT": gettext_noop("no trumps"),
    "S": gettext_noop("spades"),
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "C": gettext_noop("clubs"),
}
STRAIN_SYMBOLS = {"NT": "NT", "S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def strain_symbol(strain: str) -> str:
    """A strain as a contract shows it: a suit's symbol, or no trumps' letters in the page's language
    ("NT"; "SA" in French). ``STRAIN_SYMBOLS`` keeps the record's English."""
    return pgettext("no trumps, as in 3NT", "NT") if strain == "NT" else STRAIN_SYMBOLS[strain]


def label_in_words(label: str) -> str:
    """A round's label as a page shows it: Bugger Bridge's "8NT" is "8SA" in French."""
    return label.replace("NT", strain_symbol("NT"))


SUITS = ("spades", "hearts", "diamonds", "clubs")
ROOK_COLOURS = ("red", "yellow", "green", "black")
# The bridge trick score (Minibridge, Memory Bridge): points for each trick over six.
PER_TRICK = {"NT": 30, "S": 30, "H": 30, "D": 20, "C": 20}
NT_FIRST_TRICK_EXTRA = 10  # the first scoring trick in no trumps is 40, not 30


def trick_score(strain: str, tricks: int) -> int:
    """Points for every trick over six: NT 40 then 30 each, majors 30, minors 20."""
    over = max(0, tricks - 6)
    if not over:
        return 0
    return over * PER_TRICK[strain] + (NT_FIRST_TRICK_EXTRA if strain == "NT" else 0)


def bid_total_line(total: int, cards: int) -> str:
    """How the scorekeeper announces the bids: even, over-bid by N or under-bid by N."""
    if total == cards:
        return gettext("even")
    if total > cards:
        return gettext("over-bid by {count}").format(count=total - cards)
    return gettext("under-bid by {count}").format(count=cards - total)
