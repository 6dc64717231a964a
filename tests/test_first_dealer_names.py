"""The first-dealer choices say the names in the seats, not "Seat 1", when the form is drawn with names."""

from __future__ import annotations

import re

from django.urls import reverse


def dealer_choices(page: str) -> list[str]:
    select = page.split('name="first_dealer"', 1)[1].split("</select>", 1)[0]
    return re.findall(r'<option value="\d+"[^>]*>([^<]*)</option>', select)


def dealer_chips(page: str) -> list[str]:
    return re.findall(r'<label for="dealer-\d+" class="chip wide">([^<]*)</label>', page)


def test_a_refused_form_offers_the_names_typed(table):
    page = table.send(
        reverse("games:new", args=["bugger-bridge"]),
        {"player_0": "Ann", "player_1": " Ben  Bo ", "first_dealer": "draw"},
    ).content.decode()
    assert "at least 3 players" in page
    assert dealer_choices(page)[:4] == ["Ann", "Ben Bo", "Seat 3", "Seat 4"]


def test_same_players_again_offers_their_names(table, make_session):
    session = make_session("call-bridge", players=["Asha", "Ben", "Chen", "Dee"])
    page = table.get(reverse("games:new", args=["call-bridge"]) + f"?from={session.pk}").content.decode()
    assert dealer_choices(page) == ["Asha", "Ben", "Chen", "Dee"]


def test_named_seats_keep_their_names_beside_the_player(table):
    page = table.send(
        reverse("games:new", args=["minibridge"]),
        {"player_0": "Nora", "player_2": "Sam", "first_dealer": "draw"},
    ).content.decode()
    assert dealer_chips(page) == ["Nora (North)", "East", "Sam (South)", "West"]


def test_an_empty_form_offers_the_seats_and_loads_the_seating_script(table):
    page = table.get(reverse("games:new", args=["bugger-bridge"])).content.decode()
    assert dealer_choices(page)[:2] == ["Seat 1", "Seat 2"]
    assert re.search(r'<script src="[^"]*js/seating[^"]*\.js" defer></script>', page)
    assert "seating" not in table.get(reverse("games:home")).content.decode()
