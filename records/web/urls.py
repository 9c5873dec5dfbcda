from django.urls import include, path

from records.web import accounts, clubs

urlpatterns = [
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/", accounts.account, name="account"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("clubs/new/", clubs.new, name="club-new"),
]
