"""A player's figures' key (``Player.figures_key``): every write that can change the figures renews it.

The statistics page keeps its figures in the cache under the player's id and that key, and looks
them up with no query: a write that left the key as it was would leave the page showing the figures
from before it. Each kind of write here is made after the page was seen (its figures in the cache);
then the key is new and the page shows exactly the figures worked out afresh.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.accounts import guests
from games.accounts.players import merge_players, rename_player, undo_merge
from games.backup.session_record import export_session, import_record, restore
from games.backup.trash import restore_session, trash_session
from games.figures.stats import player_stats
from games.models import GameSession, MergeRecord, Player

from .test_history_helpers import record

pytestmark = pytest.mark.django_db

KIM = ["Kim", "Lee", "Max"]
BIDS = {"bids": [1, 0, 0]}
ROUND = {"bids": [1, 0, 0], "tricks": [1, 0, 0]}


def kim(owner) -> Player:
    return Player.objects.get(owner=owner, name="Kim")


def page_figures(client, player: Player):
    """The figures the player's page draws (drawn now, not served from the cache): its games' counts and
    the results its charts show."""
    stats = drawn_afresh(client, reverse("games:player", args=[player.pk])).context["stats"]
    return stats.games, stats.charted()


def fresh_figures(player: Player):
    stats = player_stats(player)
    return stats.games, stats.charted()


def in_play(user) -> GameSession:
    """Kim's game with one round played and the next one's bids in."""
    return record(user, "bugger-bridge", KIM, [ROUND, BIDS])


def fetched(session: GameSession) -> GameSession:
    return GameSession.objects.get(pk=session.pk)


def save_tricks(game):
    services.save_round(
        session=fetched(game), number=2, data={"bids": [1, 0, 0], "tricks": [1, 1, 0]}, key=""
    )


def correct(game):
    services.save_round(
        session=fetched(game), number=1, data={"bids": [1, 0, 0], "tricks": [0, 1, 0]}, key=""
    )


def new_round(game):
    services.save_round(
        session=fetched(game), number=3, data={"bids": [2, 0, 0], "tricks": [2, 1, 0]}, key=""
    )


def undo(game):
    services.delete_last_round(session=fetched(game), key="")


def end(game):
    services.end_early(session=fetched(game), key="")


def reopen(game):
    services.reopen(session=fetched(game), key="")


def start_another(game):
    services.start_session(
        owner=game.owner, game="bugger-bridge", player_names=KIM, options={}, first_dealer=0
    )


def trash(game):
    trash_session(session=fetched(game))


def restore_it(game):
    restore_session(session=fetched(game))


def merge_in(game):
    record(game.owner, "bugger-bridge", ["Kimberly", "Lee", "Max"], [ROUND])
    merge_players(source=Player.objects.get(owner=game.owner, name="Kimberly"), target=kim(game.owner))


def undo_the_merge(game):
    undo_merge(merge=MergeRecord.objects.get(owner=game.owner))


def import_one(game):
    import_record(owner=game.owner, record=export_session(fetched(game)))


def import_with_someone_new(game):
    rec = export_session(fetched(game))
    rec["players"] = ["Kim", "Lee", "Newcomer"]
    import_record(owner=game.owner, record=rec)


def restore_backup(game):
    rec = export_session(fetched(game))
    restore(owner=game.owner, records=[rec | {"players": ["Kim", "Ola", "Pia"]}])


# Each a run of writes, the page seen before each one (its figures in the cache).
WRITES = {
    "save a round": [save_tricks],
    "correct a round": [correct],
    "a new round": [save_tricks, new_round],
    "undo": [save_tricks, undo],
    "end, reopen": [end, reopen],
    "start a game": [start_another],
    "trash, restore": [trash, restore_it],
    "merge, undo it": [merge_in, undo_the_merge],
    "import": [import_one],
    "import with a new player": [import_with_someone_new],
    "restore a backup": [restore_backup],
}


def drawn_afresh(client, url):
    """The page, which must be drawn now rather than served from the cache (its context is then there)."""
    response = client.get(url)
    assert response.status_code == 200
    assert response.context is not None, f"{url} served from the cache as it was before the write"
    return response


@pytest.mark.parametrize("writes", WRITES.values(), ids=WRITES)
def test_every_write_renews_the_key_and_the_page_follows(user, client, writes):
    """The player's page and the history list are kept in the cache (games/views/pagecache.py): after
    each write both are drawn afresh, and the player's page shows the figures worked out afresh."""
    client.force_login(user)
    game = in_play(user)
    history = reverse("games:history")
    for write in writes:
        before = fresh_figures(kim(user))
        for url in (history, reverse("games:player", args=[kim(user).pk])):
            client.get(url)
            assert client.get(url).context is None  # served from the cache until the write
        key = kim(user).figures_key
        write(game)
        assert kim(user).figures_key != key
        response = drawn_afresh(client, reverse("games:player", args=[kim(user).pk]))
        after = response.context["stats"].games, response.context["stats"].charted()
        assert after == fresh_figures(kim(user))
        drawn_afresh(client, history)
    assert after != before  # the last write changed what the page shows


def test_a_rename_draws_both_pages_afresh_with_the_new_name(user, client):
    client.force_login(user)
    in_play(user)
    urls = (reverse("games:history"), reverse("games:player", args=[kim(user).pk]))
    for url in urls:
        client.get(url)
    rename_player(player=kim(user), name="Kimberley")
    for url in urls:
        assert "Kimberley" in drawn_afresh(client, url).content.decode()


def test_a_write_renews_only_the_keys_of_the_games_players(user):
    game = in_play(user)
    record(user, "bugger-bridge", ["Ned", "Ola", "Pia"], [ROUND])
    keys = dict(Player.objects.filter(owner=user).values_list("name", "figures_key"))
    save_tricks(game)
    now = dict(Player.objects.filter(owner=user).values_list("name", "figures_key"))
    assert {name for name in keys if now[name] != keys[name]} == set(KIM)


def test_handing_a_guests_games_over_renews_the_accounts_same_player(user, client):
    client.force_login(user)
    record(user, "bugger-bridge", KIM, [ROUND])
    before = page_figures(client, kim(user))
    key = kim(user).figures_key
    guest = guests.make_guest()
    record(guest, "bugger-bridge", ["kim", "Ned", "Ola"], [ROUND])  # the same Kim, spelt otherwise
    guests.hand_over(guest=guest, account=user)
    assert kim(user).figures_key != key
    after = page_figures(client, kim(user))
    assert after == fresh_figures(kim(user)) and after[0][0].played == before[0][0].played + 1


def test_a_round_saved_at_the_table_shows_on_the_page(user, table):
    game = in_play(user)
    url = reverse("games:player", args=[kim(user).pk])
    assert table.get(url).context["stats"].games[0].bids == 1
    save = reverse("games:round-action", args=[game.pk, 2, "tricks"])
    table.token()
    response = table.send(save, {"tricks_0": "1", "tricks_1": "1", "tricks_2": "0", "save": "1"})
    assert response.status_code == 302
    assert table.get(url).context["stats"].games[0].bids == 2
