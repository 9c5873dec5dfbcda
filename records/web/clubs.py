"""Clubs: start one, and its owners' pages."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render

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
