"""Accounts: sign up, and one's own page (clubs and roles). Signing in and out and resetting
a password are Django's own views (``django.contrib.auth.urls``) with this app's templates."""

from __future__ import annotations

from django import forms
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.shortcuts import redirect, render
from django.urls import include, path
from django.utils.http import url_has_allowed_host_and_scheme


class SignUpForm(UserCreationForm):
    email = forms.EmailField(required=True, help_text="For a password reset; never shown to anyone.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


def _next(request) -> str:
    """Where to go after signing up: ``?next=`` when it is one of ours (an invitation)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    return target if url_has_allowed_host_and_scheme(target, {request.get_host()}) else ""


def signup(request):
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next(request) or "account")
    return render(request, "registration/signup.html", {"form": form, "next": _next(request)})


@login_required
def account(request):
    memberships = request.user.memberships.select_related("club").order_by("club__name")
    return render(request, "registration/account.html", {"memberships": memberships})


urlpatterns = [
    path("accounts/signup/", signup, name="signup"),
    path("accounts/", account, name="account"),
    path("accounts/", include("django.contrib.auth.urls")),
]
