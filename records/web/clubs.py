"""Clubs: start one; its owners' pages (members and invitations, settings); its players; and
the page an invitation's link opens.

Who may do what is the API's: a private club's pages are 404 to non-members, a role too low is
a 403 page, and a reader not signed in is sent to sign in (and back). Every write goes through
the service the API uses: :mod:`records.memberships`, :mod:`records.invitations`, and the
API's own :class:`~records.serializers.PlayerSerializer` for players (its checks are the
player's rules: a name, and a BGG username, once per club).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_POST
from rest_framework.exceptions import ValidationError

from records import invitations, memberships, selectors, services
from records.errors import flat_errors
from records.models import Club, Invitation, Membership, Player, Role
from records.serializers import PlayerSerializer
from records.web.access import club_for, require_role, tell_refusal


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ("name", "slug", "is_public", "keeps_secrets")
        labels = {"slug": "Address", "is_public": "Public", "keeps_secrets": "Keeps secrets"}
        help_texts = {
            "slug": "The club's name in its links, as harbour in /clubs/harbour/ (letters, digits, - and _).",
            "is_public": "Anyone may see a public club's plays and numbers; a private club's are for its members.",
            "keeps_secrets": "Hidden cards stay hidden after a play ends (by default the table turns them over).",
        }
        error_messages = {"slug": {"unique": "Another club has this address: choose another."}}


class SettingsForm(ClubForm):
    """A club's settings: all but its address, which links and bookmarks hold."""

    class Meta(ClubForm.Meta):
        fields = ("name", "is_public", "keeps_secrets")


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class InvitationForm(forms.Form):
    role = forms.ChoiceField(choices=[(role.value, role.label) for role in invitations.INVITABLE_ROLES])


class PlayerForm(forms.Form):
    """A player's fields as a person fills them in; the API's serializer judges them."""

    display_name = forms.CharField(label="Name", max_length=100)
    user = forms.ModelChoiceField(
        label="Member's account",
        queryset=User.objects.none(),
        to_field_name="username",
        required=False,
        empty_label="None",
        help_text="Links the player to a member, whose own plays and numbers they then are.",
    )
    bgg_username = forms.CharField(
        label="BGG username",
        max_length=100,
        required=False,
        help_text="Their BoardGameGeek name, by which imported plays find them.",
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["user"].queryset = User.objects.filter(memberships__club=club).order_by("username")


@login_required
def new(request):
    form = ClubForm(request.POST or None, initial={"is_public": True})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        club = services.create_club(
            name=data["name"],
            slug=data["slug"],
            is_public=data["is_public"],
            keeps_secrets=data["keeps_secrets"],
            owner=request.user,
        )
        return redirect("club", club.slug)
    return render(request, "records/club_form.html", {"form": form})


def _owned(request, slug: str) -> Club:
    """The club whose owners' page this is: 404 to whoever may not see it, 403 to a non-owner."""
    club = club_for(request, slug)
    require_role(request, club, Role.OWNER)
    return club


@login_required
def members(request, slug: str):
    club = _owned(request, slug)
    context = {
        "club": club,
        "memberships": club.memberships.select_related("user").order_by("user__username"),
        "roles": Role.choices,
        "invitation_form": InvitationForm(),
        "invitations": [
            (invitation, request.build_absolute_uri(reverse("invitation", args=[invitation.token])))
            for invitation in invitations.open_invitations(club)
        ],
        "valid_for_days": invitations.VALID_FOR.days,
    }
    return render(request, "records/club_members.html", context)


def _after_membership_change(request, club: Club):
    """Back to the members' page, or to the club's home for an owner who is no longer one."""
    if selectors.has_role(club, request.user, Role.OWNER):
        return redirect("club-members", club.slug)
    return redirect("club", club.slug)


@require_POST
@login_required
def change_role(request, slug: str, pk: int):
    club = _owned(request, slug)
    membership = get_object_or_404(Membership, club=club, pk=pk)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a role: member, recorder or owner.")
        return redirect("club-members", club.slug)
    try:
        memberships.set_role(membership, Role(form.cleaned_data["role"]))
    except ValidationError as refused:
        tell_refusal(request, refused)
    else:
        messages.success(request, f"{membership.user.username}'s role is now {form.cleaned_data['role']}.")
    return _after_membership_change(request, club)


@require_POST
@login_required
def remove(request, slug: str, pk: int):
    club = _owned(request, slug)
    membership = get_object_or_404(Membership.objects.select_related("user"), club=club, pk=pk)
    try:
        memberships.remove_member(membership)
    except ValidationError as refused:
        tell_refusal(request, refused)
    else:
        messages.success(request, f"{membership.user.username} is no longer a member of {club.name}.")
    return _after_membership_change(request, club)


@require_POST
@login_required
def invite(request, slug: str):
    club = _owned(request, slug)
    form = InvitationForm(request.POST)
    if form.is_valid():
        invitations.create_invitation(club=club, role=Role(form.cleaned_data["role"]), created_by=request.user)
        messages.success(request, "A new link is below: send it to the person you invite. It works once.")
    else:
        messages.error(request, "A link invites a member or a recorder.")
    return redirect("club-members", club.slug)


@require_POST
@login_required
def revoke(request, slug: str, pk: int):
    club = _owned(request, slug)
    invitation = get_object_or_404(Invitation, club=club, pk=pk)
    try:
        invitations.revoke_invitation(invitation)
    except ValidationError as refused:
        tell_refusal(request, refused)
    else:
        messages.success(request, "The link is withdrawn: it no longer works.")
    return redirect("club-members", club.slug)


@login_required
def settings(request, slug: str):
    club = _owned(request, slug)
    form = SettingsForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "The club's settings are saved.")
        return redirect("club-settings", club.slug)
    return render(request, "records/club_settings.html", {"club": club, "form": form})


def _save_player(form: PlayerForm, club: Club, player: Player | None) -> Player | None:
    """Write the player through the API's serializer; its refusals become the form's errors.
    Returns None when refused. A name taken between the check and the write (two recorders at
    once) is the database's unique constraint, told as the same error."""
    fields, user = form.cleaned_data, form.cleaned_data["user"]
    data = {
        "display_name": fields["display_name"],
        "username": None if user is None else user.username,
        "bgg_username": fields["bgg_username"],
    }
    serializer = PlayerSerializer(player, data=data, context={"club": club})
    if serializer.is_valid():
        try:
            with transaction.atomic():
                return serializer.save(club=club)
        except IntegrityError:
            form.add_error(None, "Another player has this name or BGG username already: choose another.")
            return None
    for field, sentences in flat_errors(serializer.errors).items():
        name = {"username": "user", "detail": None}.get(field, field)
        for sentence in sentences:
            form.add_error(name if name in form.fields else None, sentence)
    return None


def players(request, slug: str):
    club = club_for(request, slug)
    may_write = selectors.has_role(club, request.user, Role.RECORDER)
    form = PlayerForm(request.POST or None, club=club)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        require_role(request, club, Role.RECORDER)
        if form.is_valid() and (player := _save_player(form, club, None)) is not None:
            messages.success(request, f"{player.display_name} is one of {club.name}'s players.")
            return redirect("club-players", club.slug)
    listed = club.players.select_related("user").annotate(plays=Count("seats")).order_by("display_name")
    owner = selectors.has_role(club, request.user, Role.OWNER)
    context = {"club": club, "players": listed, "form": form if may_write else None, "owner": owner}
    return render(request, "records/club_players.html", context)


@login_required
def edit_player(request, slug: str, pk: int):
    club = club_for(request, slug)
    player = get_object_or_404(Player.objects.select_related("user"), club=club, pk=pk)
    require_role(request, club, Role.RECORDER)
    initial = {"display_name": player.display_name, "user": player.user, "bgg_username": player.bgg_username}
    form = PlayerForm(request.POST or None, club=club, initial=initial)
    if request.method == "POST" and form.is_valid() and _save_player(form, club, player) is not None:
        messages.success(request, f"{player.display_name} is saved.")
        return redirect("club-players", club.slug)
    owner = selectors.has_role(club, request.user, Role.OWNER)
    return render(request, "records/club_player.html", {"club": club, "player": player, "form": form, "owner": owner})


def invitation(request, token: str):
    """The page a link opens: who invites, to which club, in which role; a button to join for
    whoever is signed in, links to sign in or up (and back here) for whoever is not. Joining is
    a POST, so a link previewed by a chat app or a mail scanner is not used up."""
    invited = get_object_or_404(Invitation.objects.select_related("club", "created_by"), token=token)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            membership = invitations.accept_invitation(invitation=invited, user=request.user)
        except ValidationError as refused:
            tell_refusal(request, refused)
            return redirect("invitation", token)
        messages.success(request, f"Welcome to {invited.club.name}: you are a {membership.role} here.")
        return redirect("club", invited.club.slug)
    context = {
        "invitation": invited,
        "closed": invitations.why_closed(invited),
        "role_now": selectors.role_in(invited.club, request.user),
        "here": request.get_full_path(),
    }
    return render(request, "records/invitation.html", context, status=200 if context["closed"] is None else 410)


urlpatterns = [
    path("clubs/new/", new, name="club-new"),
    path("clubs/<slug:slug>/members/", members, name="club-members"),
    path("clubs/<slug:slug>/members/<int:pk>/role/", change_role, name="club-member-role"),
    path("clubs/<slug:slug>/members/<int:pk>/remove/", remove, name="club-member-remove"),
    path("clubs/<slug:slug>/invitations/", invite, name="club-invite"),
    path("clubs/<slug:slug>/invitations/<int:pk>/revoke/", revoke, name="club-invitation-revoke"),
    path("clubs/<slug:slug>/settings/", settings, name="club-settings"),
    path("clubs/<slug:slug>/players/", players, name="club-players"),
    path("clubs/<slug:slug>/players/<int:pk>/", edit_player, name="club-player-edit"),
    path("invitations/<str:token>/", invitation, name="invitation"),
]
