"""Translations: every marked string has its French, the pages follow the browser's language, and
the footer's switcher keeps the choice.

The French catalogue is locale/fr/LC_MESSAGES/django.po; scripts/test compiles it (the .mo files
are not committed). The first test extracts the marked strings again, as a translator would, into
a copy of the code, so a string marked but never translated (or translated only fuzzily) fails here
rather than showing in English on a French phone.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games.registry import GAMES
from games.rules.base import round_noun

from .helpers import body

ROOT = Path(settings.BASE_DIR)
FRENCH = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
# Every language the switcher offers besides English, the language of the code.
TRANSLATED = [code for code, _ in settings.LANGUAGES if code != "en"]
# What makemessages reads: the code and templates, with the options docs/development.md gives translators.
SOURCES = ("games", "scorekeeper", "templates", "manage.py")
MAKEMESSAGES = ["makemessages", "--no-location", "--no-obsolete", "-v", "0"]


def entries(po: str) -> list[dict]:
    """The catalogue's entries: msgid, msgid_plural, msgstr (or msgstr[n]) and flags, header left out."""
    found: list[dict] = []
    entry: dict = {}
    key = None

    def finish():
        if entry.get("msgid"):
            found.append(dict(entry))
        entry.clear()

    for line in po.splitlines() + [""]:
        if not line.strip():
            finish()
            key = None
        elif line.startswith("#,"):
            entry["flags"] = {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[key] += _unquote(line)
        else:
            key, _, value = line.partition(" ")
            entry[key] = _unquote(value)
    return found


def _unquote(text: str) -> str:
    return text.strip()[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def untranslated(po: str) -> list[str]:
    """Msgids with an empty translation (any plural form) or a fuzzy one."""
    missing = []
    for e in entries(po):
        forms = [v for k, v in e.items() if k.startswith("msgstr")]
        if not forms or not all(forms) or "fuzzy" in e.get("flags", ()):
            missing.append(e["msgid"])
    return missing


def test_the_entry_reader_finds_missing_and_fuzzy_translations():
    po = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        'msgid "Round"\nmsgstr "Manche"\n\n'
        'msgid "Bids"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Tricks"\nmsgstr "Levées"\n\n'
        'msgid "hand"\nmsgid_plural "hands"\nmsgstr[0] "donne"\nmsgstr[1] ""\n\n'
        'msgid "deal"\nmsgid_plural "deals"\nmsgstr[0] "donne"\nmsgstr[1] "donnes"\n'
    )
    assert untranslated(po) == ["Bids", "Tricks", "hand"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_marked_string_has_its_translation(tmp_path, language):
    """makemessages on a copy of the code: every msgid it finds has a msgstr, none fuzzy."""
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy(source, tmp_path / name)
    catalogue = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    (tmp_path / "locale" / language / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(catalogue, tmp_path / "locale" / language / "LC_MESSAGES" / "django.po")
    run = subprocess.run(
        [sys.executable, "manage.py", *MAKEMESSAGES, "-l", language],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "tests.settings", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    extracted = (tmp_path / "locale" / language / "LC_MESSAGES" / "django.po").read_text()
    missing = untranslated(extracted)
    assert not missing, f"{len(missing)} marked strings have no {language} translation:\n" + "\n".join(
        repr(m) for m in missing
    )
    # And the committed catalogue is the one makemessages makes: nothing marked is missing from it.
    committed = {e["msgid"] for e in entries(catalogue.read_text())}
    assert {e["msgid"] for e in entries(extracted)} <= committed


def test_the_french_catalogue_keeps_every_placeholder():
    """A translation names the same {placeholders} as its English, so .format() never fails."""
    for e in entries(FRENCH.read_text()):
        wanted = set(re.findall(r"\{(\w+)\}", e["msgid"] + e.get("msgid_plural", "")))
        for key, value in e.items():
            if key.startswith("msgstr"):
                assert set(re.findall(r"\{(\w+)\}", value)) <= wanted, (e["msgid"], value)


def test_the_plain_python_modules_speak_the_active_language():
    game = GAMES["bugger-bridge"]
    with translation.override("fr"):
        assert round_noun("round", 2) == "manches"
        assert game.round_line(6, 5, {}) == "Manche 7 sur 18"
    assert round_noun("round", 2) == "rounds"
    assert game.round_line(6, 5, {}) == "Round 7 of 18"


@pytest.mark.django_db
def test_the_page_follows_the_browsers_language(client):
    french = body(client.get(reverse("login"), headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}))
    assert '<html lang="fr">' in french
    assert "Se connecter" in french
    english = body(client.get(reverse("login")))
    assert '<html lang="en">' in english
    assert "Log in" in english and "Se connecter" not in english


@pytest.mark.django_db
def test_the_footer_switcher_keeps_the_choice(table):
    home = reverse("games:home")
    page = body(table.get(home))
    assert 'action="/i18n/setlang/"' in page and 'name="language" value="fr"' in page
    # The form names no page to go back to: set_language goes back where the browser came from.
    answer = table.post(
        reverse("set_language"),
        {"language": "fr"},
        headers={
            "X-CSRFToken": table.token(),
            "Accept-Language": "en",
            "Referer": f"http://testserver{home}",
        },
    )
    assert answer.status_code == 302 and answer["Location"] == f"http://testserver{home}"
    assert table.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    # The choice wins over the browser's English, on this page and the next.
    again = body(table.get(home, headers={"Accept-Language": "en"}))
    assert '<html lang="fr">' in again and "Historique" in again
    assert "Historique" in body(table.get(reverse("games:history"), headers={"Accept-Language": "en"}))
    table.post(reverse("set_language"), {"language": "en"}, headers={"X-CSRFToken": table.token()})
    assert '<html lang="en">' in body(table.get(home, headers={"Accept-Language": "fr"}))
