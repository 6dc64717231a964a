"""The words a template is handed in English ("round", "deals", "Hand"), in the page's language."""

from __future__ import annotations

from django import template

from games import words

register = template.Library()


@register.filter
def in_words(word: str) -> str:
    """A game's word for its rounds as the view gave it ("round", "deals", "Hand"), translated
    (``games.words.in_words``); any other word as it is."""
    return words.in_words(word)
