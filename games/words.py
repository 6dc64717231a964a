"""Translatable words for the plain-Python modules (the rules, the paper layouts, the registry).

Those modules import nothing from Django, yet what they say is shown in people's language.
They mark strings with the functions below (makemessages finds them by name) and format them
afterwards with named placeholders: ``gettext("{name} leads with {total}").format(...)``.
Outside Django these answer English; the app installs Django's functions at start-up
(``games.apps``). A string fixed at import (a game's name) is marked with ``gettext_noop`` and
translated where it is shown.
"""

from __future__ import annotations

from collections.abc import Callable

_gettext: Callable[[str], str] = lambda message: message  # noqa: E731
_ngettext: Callable[[str, str, int], str] = lambda singular, plural, n: singular if n == 1 else plural  # noqa: E731
_pgettext: Callable[[str, str], str] = lambda _context, message: message  # noqa: E731


def install(
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    pgettext: Callable[[str, str], str],
) -> None:
    """Translate with these from now on (Django's, for the request's language)."""
    global _gettext, _ngettext, _pgettext
    _gettext, _ngettext, _pgettext = gettext, ngettext, pgettext


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return _gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    return _ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where the same English says different things
    ("Game": a whole game, or a game contract as against a part-score)."""
    return _pgettext(context, message)


def gettext_noop(message: str) -> str:
    """Marks ``message`` for translation and returns it unchanged: translated where it is shown."""
    return message


ROUND_WORDS = {"round", "deal", "hand"}


def in_words(word: str) -> str:
    """A game's word for its rounds as English code holds it ("round", "deals", "Hand"), in the
    current language: singular or plural, capitalised as given; any other word as it is."""
    text = str(word)
    base = text.lower()
    plural = base.endswith("s") and base[:-1] in ROUND_WORDS
    noun = base[:-1] if plural else base
    if noun not in ROUND_WORDS:
        return text
    said = round_noun(noun, 2 if plural else 1)
    return said[:1].upper() + said[1:] if text[:1].isupper() else said


def round_noun(word: str, n: int = 1) -> str:
    """A game's word for a round ("round", "hand", "deal"), for ``n`` of them, in the current language."""
    if word == "hand":
        return ngettext("hand", "hands", n)
    if word == "deal":
        return ngettext("deal", "deals", n)
    return ngettext("round", "rounds", n)


class Translated:
    """A class attribute read as ``message`` in the current language: a game's name that is words
    ("Free scoring"), said in the request's language wherever ``rules.name`` is read."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return gettext(self.message)
