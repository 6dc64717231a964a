from django.urls import path

from .views import accounts, home, play, records

app_name = "games"

urlpatterns = [
    path("", home.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("games/import/", records.upload, name="record-upload"),
    path("games/new/bugger-bridge/", play.new_game, {"game": "bugger-bridge"}, name="new-bugger"),
    path("games/new/<slug:game>/", play.new_game, name="new"),
    path("rules/<slug:game>/", play.rules_page, name="rules"),
    path("games/<int:pk>/", play.sheet, name="sheet"),
    path("games/<int:pk>/undo/", play.undo, name="undo"),
    path("games/<int:pk>/end/", play.end_game, name="end"),
    path("games/<int:pk>/record.json", records.download, name="record-download"),
    path("games/<int:pk>/round/<int:number>/<slug:action>/", play.round_action, name="round-action"),
    # Bugger Bridge's round actions under their own names (the same view as round-action).
    path("games/<int:pk>/round/<int:number>/bids/", play.round_action, {"action": "bids"}, name="bids"),
    path("games/<int:pk>/round/<int:number>/tricks/", play.round_action, {"action": "tricks"}, name="tricks"),
    path(
        "games/<int:pk>/round/<int:number>/penalty/", play.round_action, {"action": "penalty"}, name="penalty"
    ),
    path("games/<int:pk>/round/<int:number>/edit/", play.round_action, {"action": "edit"}, name="edit-round"),
]
