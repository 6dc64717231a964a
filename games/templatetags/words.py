"""The words a template is handed in English ("round", "deals", "Hand"), in the page's language."""

from __future__ import annotations

from django import template

from games.rules.base import in_words

register = template.Library()


# A game's word for its rounds as the view gave it ("round", "deals", "Hand"), translated; any other word
# as it is. Registered as it is, so that a template using it runs no code of this module.
register.filter("in_words", in_words)
