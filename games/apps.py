from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # The plain-Python modules (rules, paper layouts, registry) speak the request's language.
        from django.utils import translation

        from games import migration_history  # noqa: F401 - it registers its check
        from games.rules.base import install_translations

        install_translations(translation.gettext, translation.ngettext, translation.pgettext)
