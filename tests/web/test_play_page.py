"""A play's page: seats, outcome, the log as sentences, the step-through replay with the table
before and after each move, and disputes, rulings and corrections filed from it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games import registry
from games.playthrough import all_playthroughs, load
from games.secrets import NOBODY
from records import services
from records.models import Membership, Play, Player, Role, Status
from tests.web.conftest import screenshot, sign_in
from tests.web.pictures import playthrough


def logged(slug: str, name: str, *, public: bool = True, upto: int | None = None) -> Play:
    """A club ("club", owned by "owner", with a member "member" seated at seat 0) and its play of
    the playthrough ``name`` of ``slug``, logged up to event ``upto`` (all by default)."""
    owner = User.objects.create_user("owner", password="owner-password")
    member = User.objects.create_user("member", password="member-password")
    club = services.create_club(name="Harbour Club", slug="club", is_public=public, owner=owner)
    Membership.objects.create(club=club, user=member, role=Role.MEMBER)
    played = playthrough(slug, name)
    players = [
        Player.objects.create(club=club, display_name=f"Player {n + 1}", user=member if n == 0 else None)
        for n in range(len(played.seats))
    ]
    play = services.create_play(
        club=club,
        game=slug,
        seats=[services.SeatSpec(p, s.colour, s.team) for p, s in zip(players, played.seats)],
        options=played.options,
        user=owner,
    )
    events = [services.NewEvent(e["type"], e.get("seat"), e.get("data", {})) for e in played.events[:upto]]
    services.append_events(play_id=play.pk, events=events, user=owner)
    return Play.objects.get(pk=play.pk)


def signed_in(client, username: str):
    client.post("/accounts/login/", {"username": username, "password": f"{username}-password"})
    return client


def test_a_generic_play_shows_its_seats_places_scores_and_its_log(client, db):
    play = logged("generic", "three_player_scored")
    page = client.get(f"/plays/{play.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    played = playthrough("generic", "three_player_scored")
    assert page.context["outcome"] == play.outcome and play.outcome is not None
    assert [entry["event"].seq for entry in page.context["log"]] == list(range(1, len(played.events) + 1))
    assert all(f"Player {n}" in html for n in (1, 2, 3))
    assert "chain verified" in html


def test_the_page_opens_on_the_last_move_and_a_seq_in_the_address_opens_that_one(client, db):
    play = logged("generic", "three_player_scored")
    assert client.get(f"/plays/{play.pk}/").context["seq"] == play.last_seq
    step = client.get(f"/plays/{play.pk}/?seq=1").context["step"]
    assert step["event"].seq == 1 and step["text"]
    assert client.get(f"/plays/{play.pk}/?seq=0").context["step"] is None  # the table as set up


@pytest.mark.parametrize("seq", ["99", "-1", "two", "1.5"])
def test_a_seq_the_play_does_not_have_is_a_404_page(client, db, seq):
    play = logged("generic", "three_player_scored")
    answer = client.get(f"/plays/{play.pk}/?seq={seq}")
    assert answer.status_code == 404 and answer["Content-Type"].startswith("text/html")


def test_a_private_clubs_play_is_404_to_outsiders_and_shown_to_members(client, db):
    play = logged("generic", "three_player_scored", public=False)
    assert client.get(f"/plays/{play.pk}/").status_code == 404
    User.objects.create_user("outsider", password="outsider-password")
    assert signed_in(client, "outsider").get(f"/plays/{play.pk}/").status_code == 404
    assert signed_in(client, "member").get(f"/plays/{play.pk}/").status_code == 200


def test_a_reader_may_take_only_the_eyes_the_api_gives_them(client, db):
    """As GET state/?seat=: a spectator and a seated member may not borrow another seat's
    eyes (403); the member reads their own seat, an owner any seat, while the play goes on."""
    play = logged("vasa_regalis", shortest_playthrough("vasa_regalis"), upto=20)
    assert client.get(f"/plays/{play.pk}/?seat=1").status_code == 403
    member = signed_in(client, "member")
    assert member.get(f"/plays/{play.pk}/").context["viewer"] == 0
    assert member.get(f"/plays/{play.pk}/?seat=1").status_code == 403
    owner = signed_in(client, "owner")
    assert owner.get(f"/plays/{play.pk}/").context["viewer"] is None
    assert owner.get(f"/plays/{play.pk}/?seat=1").context["viewer"] == 1


def test_a_seated_member_is_told_whose_eyes_they_read_with(client, db):
    """A spectator is told the seats' hidden cards stay hidden; a seated member, who sees their
    own seat's and no other's, was told nothing of it."""
    play = logged("vasa_regalis", shortest_playthrough("vasa_regalis"), upto=20)
    page = signed_in(client, "member").get(f"/plays/{play.pk}/").content.decode()
    assert "You see this play as Player 1 in seat 1: your hidden cards show, the other seats' stay hidden." in page


def shortest_playthrough(slug: str) -> str:
    """The shortest playthrough of ``slug``: the quickest to log."""
    paths = [p for p in all_playthroughs() if p.parent.parent.name == slug]
    return min(paths, key=lambda p: len(load(p).events)).stem


def test_a_spectator_reads_no_card_in_a_hand_anywhere_on_the_page(client, db):
    """The reported leak, on the page: while a play goes on (half its playthrough logged), a
    card held in a hand that the arbiter's view names and the spectator's shows nowhere is
    nowhere in the page the spectator reads (each picture's own tests check every secret)."""
    slug = "first_settlement"
    name = shortest_playthrough(slug)
    play = logged(slug, name, upto=len(playthrough(slug, name).events) // 2)
    assert play.status == "in_progress"
    engine = registry.get(slug)
    arbiter, spectator = engine.seen_view(play.state, None), engine.seen_view(play.state, NOBODY)
    held = set(strings(hands(arbiter))) - set(strings(spectator))
    assert held, "the arbiter sees cards in hand that the spectator does not: there is a secret to keep"
    html = client.get(f"/plays/{play.pk}/").content.decode()
    assert not [card for card in held if card in html]


def hands(view) -> list:
    """Every value kept under a key that holds a hand of cards or goods."""
    found = []
    if isinstance(view, dict):
        for key, value in view.items():
            found.extend([value] if key in ("hand", "hands") else hands(value))
    elif isinstance(view, list):
        for value in view:
            found.extend(hands(value))
    return found


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    return []


def test_a_member_files_a_dispute_and_the_owner_rules_on_it_from_the_page(client, db):
    play = logged("generic", "three_player_scored")
    member = signed_in(client, "member")
    filed = member.post(f"/plays/{play.pk}/dispute/", {"seq": 2, "claim": "That road was two tiles."})
    assert filed.status_code == 302 and filed["Location"] == f"/plays/{play.pk}/?seq=2"
    dispute = play.last_seq + 1
    assert member.post(f"/plays/{play.pk}/ruling/", {"dispute": dispute, "decision": "x"}).status_code == 403
    owner = signed_in(client, "owner")
    ruled = owner.post(f"/plays/{play.pk}/ruling/", {"dispute": dispute, "decision": "Upheld.", "void": "on"})
    assert ruled.status_code == 302
    step = owner.get(f"/plays/{play.pk}/?seq=2").context["step"]
    assert [d["seq"] for d in step["said_disputes"]] == [dispute]
    assert [r["seq"] for r in step["said_rulings"]] == [dispute + 1]
    assert step["voided_by"] == dispute + 1
    log = {entry["event"].seq: entry for entry in owner.get(f"/plays/{play.pk}/").context["log"]}
    assert log[2]["disputed"] and log[2]["ruled"] and log[2]["voided_by"] == dispute + 1


def test_a_dispute_on_a_move_voided_since_is_ruled_without_offering_to_void_it_again(client, db):
    """A move is voided once (a second void is refused, 422); a ruling that does not void can
    still settle its dispute. The ruling's form said nothing of it and offered "Void the
    disputed move": ticked, the ruling was refused and the decision typed was lost."""
    play = logged("generic", "three_player_scored")
    signed_in(client, "member").post(f"/plays/{play.pk}/dispute/", {"seq": 2, "claim": "That road was two tiles."})
    owner = signed_in(client, "owner")
    owner.post(f"/plays/{play.pk}/correction/", {"seq": 2, "reason": "Counted twice."})
    dispute, correction = play.last_seq + 1, play.last_seq + 2
    page = owner.get(f"/plays/{play.pk}/").content.decode()
    (form,) = [part for part in page.split("<form") if 'class="ruling"' in part]
    assert 'name="void"' not in form and f"Event 2 is voided already, by event {correction}" in form
    ruled = owner.post(f"/plays/{play.pk}/ruling/", {"dispute": dispute, "decision": "Settled by the correction."})
    assert ruled.status_code == 302 and Play.objects.get(pk=play.pk).last_seq == correction + 1


def test_a_recorder_abandons_a_play_from_its_page_and_a_member_may_not(client, db):
    """README: "abandon ends the play unrated". A play started by mistake, or left unfinished
    at the table, could be ended only through the API: the pages had no way to abandon it."""
    play = logged("nova_suecia", shortest_playthrough("nova_suecia"), upto=5)
    member = signed_in(client, "member")
    assert f'action="/plays/{play.pk}/abandon/"' not in member.get(f"/plays/{play.pk}/").content.decode()
    assert member.post(f"/plays/{play.pk}/abandon/", {"reason": "No."}).status_code == 403
    owner = signed_in(client, "owner")
    assert f'action="/plays/{play.pk}/abandon/"' in owner.get(f"/plays/{play.pk}/").content.decode()
    abandoned = owner.post(f"/plays/{play.pk}/abandon/", {"reason": "The café closed."})
    assert abandoned.status_code == 302 and abandoned["Location"] == f"/plays/{play.pk}/"
    play = Play.objects.get(pk=play.pk)
    assert play.status == Status.ABANDONED
    assert play.events.get(seq=play.last_seq).data == {"reason": "The café closed."}
    assert f'action="/plays/{play.pk}/abandon/"' not in owner.get(f"/plays/{play.pk}/").content.decode()


def test_the_play_page_writes_its_date_as_the_lists_do(client, db):
    """The lists of plays write 6 Dec 2026; the play's own page wrote Dec. 6, 2026."""
    play = logged("generic", "three_player_scored")
    Play.objects.filter(pk=play.pk).update(played_on="2026-12-06")
    page = client.get(f"/plays/{play.pk}/").content.decode()
    assert "6 Dec 2026" in page and "Dec. 6, 2026" not in page


def test_a_refused_dispute_comes_back_as_a_message_and_logs_nothing(client, db):
    play = logged("generic", "three_player_scored")
    answer = signed_in(client, "member").post(f"/plays/{play.pk}/dispute/", {"seq": 99, "claim": "?"}, follow=True)
    assert [str(m) for m in answer.context["messages"]]
    assert Play.objects.get(pk=play.pk).last_seq == play.last_seq


def test_signing_in_is_needed_to_dispute_and_reading_is_not_enough_for_outsiders(client, db):
    play = logged("generic", "three_player_scored")
    anonymous = client.post(f"/plays/{play.pk}/dispute/", {"seq": 1, "claim": "No."})
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    User.objects.create_user("outsider", password="outsider-password")
    assert (
        signed_in(client, "outsider").post(f"/plays/{play.pk}/dispute/", {"seq": 1, "claim": "No."}).status_code == 403
    )


def test_a_correction_voids_the_move_and_the_replay_marks_it(client, db):
    play = logged("generic", "three_player_scored")
    owner = signed_in(client, "owner")
    assert owner.post(f"/plays/{play.pk}/correction/", {"seq": 1, "reason": "Wrong seat."}).status_code == 302
    assert owner.get(f"/plays/{play.pk}/?seq=1").context["step"]["voided_by"] == play.last_seq + 1


def test_step_through_a_nouvelle_france_playthrough_with_the_keyboard(page, site):
    """The issue's browser case: the arrow keys step the replay, the address holds the seq, and
    the picture of the table changes with the move."""
    play = logged("nouvelle_france", "two_players_simplified_shortest_game_by_hand")
    page.goto(f"{site}/plays/{play.pk}/?seq=1")
    before = page.locator("#replay figure").nth(1).inner_html()
    page.keyboard.press("ArrowRight")
    page.wait_for_url(f"**/plays/{play.pk}/?seq=2")
    assert page.locator(".sentence").inner_text().startswith("2.")
    page.keyboard.press("ArrowRight")
    page.wait_for_url(f"**/plays/{play.pk}/?seq=3")
    assert page.locator("#replay figure").nth(1).inner_html() != before
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(f"**/plays/{play.pk}/?seq=2")
    page.keyboard.press("End")
    page.wait_for_url(f"**/plays/{play.pk}/?seq={play.last_seq}")
    assert page.locator("ol.log li.current").get_attribute("data-seq") == str(play.last_seq)
    screenshot(page, "play")


def test_file_a_dispute_rule_on_it_and_see_both_on_the_timeline(page, site):
    play = logged("generic", "three_player_scored")
    sign_in(page, site, "member")
    page.goto(f"{site}/plays/{play.pk}/?seq=2")
    page.click("summary:has-text('Dispute this move')")
    page.fill("textarea[name=claim]", "That road was two tiles, not three.")
    page.click("button:has-text('File the dispute')")
    page.wait_for_selector(".dispute-said")
    page.click("header button:has-text('Sign out')")
    sign_in(page, site, "owner")
    page.goto(f"{site}/plays/{play.pk}/")
    page.fill("form.ruling input[name=decision]", "Upheld: the road scores two.")
    page.check("form.ruling input[name=void]")
    page.click("form.ruling button:has-text('Rule')")
    page.wait_for_selector(".ruling-said")
    timeline = page.locator("ol.log").inner_text()
    assert "is disputed: That road was two tiles" in timeline and "Upheld: the road scores two." in timeline
    assert page.locator("ol.log li[data-seq='2'] .badge").all_inner_texts()[:1] == [f"voided by {play.last_seq + 2}"]
    screenshot(page, "dispute")


def test_the_play_page_fits_a_phone(phone, site):
    play = logged("nouvelle_france", "two_players_simplified_shortest_game_by_hand")
    phone.goto(f"{site}/plays/{play.pk}/?seq=5")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    assert phone.locator("[data-step=next]").is_visible()
    screenshot(phone, "play-phone")
