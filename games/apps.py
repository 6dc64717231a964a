from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # The plain-Python modules (rules, paper layouts, registry) speak the request's language.
        from django.utils import translation

        from . import words

        words.install(translation.gettext, translation.ngettext)
