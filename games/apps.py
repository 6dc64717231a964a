from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # The plain-Python modules (rules, paper layouts, registry) speak the request's language.
        from django.utils import translation

        from games import migration_history, words  # noqa: F401 - migration_history registers its check

        words.install(translation.gettext, translation.ngettext, translation.pgettext)
