"""The words a template is handed in English ("round", "deals", "Hand"), in the page's language."""

from __future__ import annotations

from django import template

from games.words import round_noun

register = template.Library()

ROUND_WORDS = {"round", "deal", "hand"}


@register.filter
def in_words(word: str) -> str:
    """A game's word for its rounds as the view gave it ("round", "deals", "Hand"), translated:
    singular or plural, capitalised as given; any other word as it is."""
    text = str(word)
    base = text.lower()
    plural = base.endswith("s") and base[:-1] in ROUND_WORDS
    noun = base[:-1] if plural else base
    if noun not in ROUND_WORDS:
        return text
    said = round_noun(noun, 2 if plural else 1)
    return said[:1].upper() + said[1:] if text[:1].isupper() else said
