from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from games.views.accounts import LoginView, mail_only
from games.views.health import healthz

# Password reset by e-mail: these pages answer 404 unless EMAIL_URL is set.
password_reset = [
    path(route, mail_only(view.as_view()), name=name)
    for route, view, name in (
        ("password_reset/", auth_views.PasswordResetView, "password_reset"),
        ("password_reset/done/", auth_views.PasswordResetDoneView, "password_reset_done"),
        ("reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView, "password_reset_confirm"),
        ("reset/done/", auth_views.PasswordResetCompleteView, "password_reset_complete"),
    )
]

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # Django's log-in page, which also brings a guest's games to the account it logs into.
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/", include(password_reset)),
    path("accounts/", include("django.contrib.auth.urls")),
    # The footer's language switcher posts to set_language (/i18n/setlang/), which keeps the choice.
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("games.urls")),
]

# An error that is the database being out of reach answers 503 with the app's own page (a resend
# follows), any other Django's 500.
handler500 = "games.views.outage.server_error"
