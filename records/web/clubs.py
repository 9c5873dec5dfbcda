"""Clubs: start one, and its owners' pages."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import path

from records import services
from records.models import Club


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ("name", "slug", "is_public", "keeps_secrets")
        labels = {"slug": "Address", "is_public": "Public", "keeps_secrets": "Keeps secrets"}
        help_texts = {
            "slug": "The club's address: /clubs/<address>/ (letters, digits, - and _).",
            "is_public": "Anyone may see a public club's plays and numbers; a private club's are for its members.",
            "keeps_secrets": "Hidden cards stay hidden after a play ends (by default the table turns them over).",
        }


@login_required
def new(request):
    form = ClubForm(request.POST or None, initial={"is_public": True})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with transaction.atomic():
            club = services.create_club(
                name=data["name"], slug=data["slug"], is_public=data["is_public"], owner=request.user
            )
            club.keeps_secrets = data["keeps_secrets"]
            club.save(update_fields=["keeps_secrets"])
        return redirect("club", club.slug)
    return render(request, "records/club_form.html", {"form": form})


def members(request, slug: str):
    raise Http404("not built yet")  # placeholder: the members' page is being built


def settings(request, slug: str):
    raise Http404("not built yet")  # placeholder


def players(request, slug: str):
    raise Http404("not built yet")  # placeholder


def invitation(request, token: str):
    raise Http404("not built yet")  # placeholder


urlpatterns = [
    path("clubs/new/", new, name="club-new"),
    path("clubs/<slug:slug>/members/", members, name="club-members"),
    path("clubs/<slug:slug>/settings/", settings, name="club-settings"),
    path("clubs/<slug:slug>/players/", players, name="club-players"),
    path("invitations/<str:token>/", invitation, name="invitation"),
]
