from django.urls import path

from games.table import http as play
from games.views import (
    accounts,
    card,
    exports,
    group,
    history,
    home,
    install,
    players,
    printing,
    records,
    share,
    standings,
    trash,
)

app_name = "games"

urlpatterns = [
    path("", home.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("games/import/", records.upload, name="record-upload"),
    path("games/backup.json", records.download_all, name="record-backup"),
    path("games/new/<slug:game>/", play.new_game, name="new"),
    path("rules/<slug:game>/", play.rules_page, name="rules"),
    path("games/<int:pk>/", play.sheet, name="sheet"),
    path("games/<int:pk>/undo/", play.undo, name="undo"),
    path("games/<int:pk>/end/", play.end_game, name="end"),
    path("games/<int:pk>/reopen/", play.reopen, name="reopen"),
    path("games/<int:pk>/live/", play.live, name="live"),
    path("games/<int:pk>/explain/", play.explain, name="explain"),
    path("games/<int:pk>/result.svg", card.result, name="result-card"),
    path("games/<int:pk>/share/", share.share, name="share"),
    # What a share link opens (a watch link's sheet and big screen; a keep-score link's grant).
    path("s/<str:token>/", share.shared, name="shared"),
    path("s/<str:token>/live/", share.watch_live, name="watch-live"),
    path("s/<str:token>/explain/", share.watch_explain, name="watch-explain"),
    path("s/<str:token>/big/", share.big_screen, name="big-screen"),
    path("s/<str:token>/result.svg", share.watch_card, name="watch-result-card"),
    path("games/<int:pk>/record.json", records.download, name="record-download"),
    path("games/<int:pk>/round/<int:number>/<slug:action>/", play.round_action, name="round-action"),
    # Past sessions, printing, players.
    path("games/", history.session_list, name="history"),
    path("games/<int:pk>/summary/", history.summary, name="summary"),
    path("games/<int:pk>/delete/", history.delete, name="delete"),
    path("games/trash/", trash.trash_list, name="trash"),
    path("games/<int:pk>/restore/", trash.restore, name="restore"),
    path("games/<int:pk>/print/", printing.print_session, name="print"),
    path("print/", printing.blank_index, name="print-blank-index"),
    path("print/<slug:game>/", printing.blank_sheet, name="print-blank"),
    path("players/", players.player_list, name="players"),
    path("players/<int:pk>/", players.player_detail, name="player"),
    path("players/<int:pk>/rename/", players.rename, name="player-rename"),
    path("players/<int:pk>/merge/", players.merge, name="player-merge"),
    path("players/<int:pk>/undo-merge/", players.unmerge, name="player-undo-merge"),
    # Standings, head-to-head, CSV exports; the group link (read-only, no account).
    path("standings/", standings.standings_view, name="standings"),
    path("head-to-head/", standings.head_to_head_view, name="head-to-head"),
    path("games/export.csv", exports.history_csv, name="history-csv"),
    path("games/<int:pk>/rounds.csv", exports.game_csv, name="game-csv"),
    path("group-link/", group.link_page, name="group-link"),
    path("g/<str:token>/", standings.group_standings_view, name="group-standings"),
    path("g/<str:token>/head-to-head/", standings.group_head_to_head_view, name="group-head-to-head"),
    path("g/<str:token>/games/", group.group_history_view, name="group-history"),
    path("g/<str:token>/games/<int:pk>/", group.group_summary_view, name="group-summary"),
    # Installing the app: at the site root, as browsers look for them there.
    path("manifest.webmanifest", install.manifest, name="manifest"),
    path("sw.js", install.service_worker, name="service-worker"),
    path("favicon.ico", install.favicon, name="favicon"),
    path("offline/", install.offline, name="offline"),
]
