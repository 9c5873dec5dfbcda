"""Logging plays in the web app: starting one, a generic play's result on one screen, and an
engine play move by move from its legal moves (or typed into its event type's form)."""

from __future__ import annotations

import json

import pytest
from django import forms
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from games import registry
from records import narration, selectors, services
from records.models import Membership, Play, Player, Role
from records.web import access
from records.web.forms import SchemaForm
from tests import workers
from tests.web.conftest import screenshot, sign_in

NAMES = ("Anna", "Bo", "Cy")


def harbour_club(public: bool = True):
    """A club owned by "owner", with "recorder" and "member" in it, and three players."""
    owner = User.objects.create_user("owner", password="owner-password")
    club = services.create_club(name="Harbour Club", slug="harbour", is_public=public, owner=owner)
    for role in (Role.RECORDER, Role.MEMBER):
        user = User.objects.create_user(role.value, password=f"{role.value}-password")
        Membership.objects.create(club=club, user=user, role=role)
    User.objects.create_user("outsider", password="outsider-password")
    players = [Player.objects.create(club=club, display_name=name) for name in NAMES]
    return club, players


def started(club, players, game: str, options: dict | None = None, *, mode: str = "strict", teams=()) -> Play:
    teams = list(teams) or [""] * len(players)
    return services.create_play(
        club=club,
        game=game,
        seats=[services.SeatSpec(p, team=t) for p, t in zip(players, teams)],
        options={} if options is None else options,
        mode=mode,
    )


def signed_in(client, username: str):
    client.force_login(User.objects.get(username=username))
    return client


def seat_rows(players, *, rows: int = 3, colours=(), teams=()) -> dict:
    """The seat rows of the new-play form, one player a row in order."""
    data = {"seat-TOTAL_FORMS": str(rows), "seat-INITIAL_FORMS": "0"}
    for n, player in enumerate(players):
        data[f"seat-{n}-player"] = str(player.pk)
        data[f"seat-{n}-colour"] = colours[n] if colours else ""
        if teams:
            data[f"seat-{n}-team"] = teams[n]
    return data


def new_play_form(players, game: str, **fields) -> dict:
    return {"game": game, "mode": "strict", "played_on": "2026-03-14", "location": "", **seat_rows(players), **fields}


# Who may log -------------------------------------------------------------------------------


def pages(club, players) -> list[str]:
    generic = started(club, players, "generic", {"title": "Azul"})
    return [f"/clubs/{club.slug}/plays/new/", f"/plays/{generic.pk}/log/", f"/plays/{generic.pk}/result/"]


def test_every_logging_page_sends_the_anonymous_to_sign_in(client, db):
    club, players = harbour_club()
    for url in pages(club, players):
        answer = client.get(url)
        assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/?next=")


def test_every_logging_page_is_a_403_to_a_member_without_the_recorder_role(client, db):
    club, players = harbour_club()
    member = signed_in(client, "member")
    for url in pages(club, players):
        assert member.get(url).status_code == 403, url
        assert member.post(url, {}).status_code == 403, url


def test_a_private_clubs_logging_pages_are_404_to_outsiders(client, db):
    club, players = harbour_club(public=False)
    outsider = signed_in(client, "outsider")
    for url in pages(club, players):
        assert outsider.get(url).status_code == 404, url


def test_a_page_appends_with_the_role_read_under_the_plays_lock(rf, db):
    """A role taken away after a page checked it is not used: the append reads the role again
    in the query that locks the play (services.lock_play), as the API appends."""
    club, players = harbour_club()
    play = started(club, players, "generic", {"title": "Azul"})
    request = rf.post("/")
    request.user = User.objects.get(username="recorder")
    score = services.NewEvent("score", 0, {"points": 3})
    assert [e.seq for e in access.append(request, play, [score]).events] == [1]
    Membership.objects.filter(user=request.user).update(role=Role.MEMBER)
    with pytest.raises(PermissionDenied, match="recorder role"):
        access.append(request, play, [score])
    assert Play.objects.get(pk=play.pk).last_seq == 1


@pytest.mark.parametrize("username", ["recorder", "owner"])
def test_recorders_and_owners_may_open_every_logging_page(client, db, username):
    club, players = harbour_club(public=False)
    for url in pages(club, players):
        assert signed_in(client, username).get(url).status_code == 200, url


# Starting a play ---------------------------------------------------------------------------


def test_the_new_play_page_builds_the_games_options_from_its_schema(client, db):
    """Vasa Regalis's options: ``inventory`` (a boolean: a checkbox) and its edition data (an
    object: a textarea of JSON); a generic play's: a title, a BGG id and a choice of scoring."""
    club, _ = harbour_club()
    recorder = signed_in(client, "recorder")
    vasa = recorder.get(f"/clubs/{club.slug}/plays/new/?game=vasa_regalis").context["options"]
    assert vasa["inventory"].field.widget.input_type == "checkbox"
    assert vasa["goods_in_game"].field.widget.__class__.__name__ == "Textarea"
    generic = recorder.get(f"/clubs/{club.slug}/plays/new/").context["options"]
    assert generic["title"].field.required and not generic["bgg_id"].field.required
    assert [value for value, _ in generic["scoring"].field.choices] == [
        "",
        '"highest_wins"',
        '"lowest_wins"',
        '"places"',
        '"cooperative"',
    ]


def test_starting_a_generic_play_seats_the_players_in_order_and_goes_to_its_result_page(client, db):
    club, players = harbour_club()
    form = new_play_form(
        [players[2], players[0]], "generic", **{"option-title": "Azul", "option-scoring": '"lowest_wins"'}
    )
    form.update({"seat-0-team": "north", "seat-1-team": "south", "location": "Café Vasa"})
    answer = signed_in(client, "recorder").post(f"/clubs/{club.slug}/plays/new/", form)
    play = Play.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/plays/{play.pk}/result/"
    assert play.options == {"title": "Azul", "scoring": "lowest_wins"}
    assert [(s.player.display_name, s.team) for s in play.seats.order_by("position")] == [
        ("Cy", "north"),
        ("Anna", "south"),
    ]
    assert (str(play.played_on), play.location, play.mode) == ("2026-03-14", "Café Vasa", "strict")


def test_starting_an_engine_play_with_an_option_goes_to_its_logging_page(client, db):
    club, players = harbour_club()
    form = new_play_form(players, "vasa_regalis", **{"option-inventory": "on", "mode": "record"})
    form.update({f"seat-{n}-colour": c for n, c in enumerate(("red", "blue", "green"))})
    answer = signed_in(client, "recorder").post(f"/clubs/{club.slug}/plays/new/", form)
    play = Play.objects.get()
    assert answer["Location"] == f"/plays/{play.pk}/log/"
    assert (play.game, play.options, play.mode) == ("vasa_regalis", {"inventory": True}, "record")
    assert list(play.seats.order_by("position").values_list("colour", flat=True)) == ["red", "blue", "green"]


def test_a_setup_the_rulebook_refuses_shows_its_rule_and_keeps_what_was_typed(client, db):
    """Nova Suecia 7.5: the neutral player joins a two-player game only; three seats with it is
    refused, and no play is created."""
    club, players = harbour_club()
    form = new_play_form(players, "nova_suecia", **{"option-neutral_player": "on", "location": "Kalmar"})
    answer = signed_in(client, "recorder").post(f"/clubs/{club.slug}/plays/new/", form)
    assert answer.status_code == 422 and not Play.objects.exists()
    html = answer.content.decode()
    assert "<strong>7.5 Two Player Variant</strong>" in html and "joins a 2 player game only" in html
    assert answer.context["options"]["neutral_player"].value() is True
    assert 'value="Kalmar"' in html
    assert [f["player"].value() for f in answer.context["seat_forms"]] == [str(p.pk) for p in players]


def test_a_player_seated_twice_is_refused_as_the_api_refuses_it(client, db):
    club, players = harbour_club()
    form = new_play_form([players[0], players[0]], "generic", **{"option-title": "Azul"})
    answer = signed_in(client, "recorder").post(f"/clubs/{club.slug}/plays/new/", form)
    assert answer.status_code == 400 and not Play.objects.exists()
    rows = answer.context["seat_forms"].forms
    assert rows[1].errors["player"] == ["Anna sits in an earlier seat already: a player takes one seat only."]
    assert not rows[0].errors and not answer.context.get("errors")


def test_a_player_of_another_club_cannot_be_seated(client, db):
    club, players = harbour_club()
    other = services.create_club(
        name="Elsewhere", slug="elsewhere", is_public=True, owner=User.objects.get(username="owner")
    )
    stranger = Player.objects.create(club=other, display_name="Stranger")
    form = new_play_form(players[:1], "generic", **{"option-title": "Azul", "seat-1-player": str(stranger.pk)})
    answer = signed_in(client, "recorder").post(f"/clubs/{club.slug}/plays/new/", form)
    assert answer.status_code == 400 and not Play.objects.exists()
    assert answer.context["seat_forms"].forms[1].errors["player"]


# Logging moves -----------------------------------------------------------------------------


def vasa(client, *, mode: str = "strict"):
    club, players = harbour_club()
    return started(club, players, "vasa_regalis", mode=mode), signed_in(client, "recorder")


def buttons(answer) -> list[dict]:
    """The moves the page offers, as their buttons post them."""
    return [move for group in answer.context["legal"]["groups"] for move in group["moves"]]


def test_before_the_first_round_each_player_may_take_the_shipyard_leader_card(client, db):
    """Section 3: "The player who last built something takes the shipyard leader card": any
    of the three may, and nothing else may happen first."""
    play, recorder = vasa(client)
    answer = recorder.get(f"/plays/{play.pk}/log/")
    assert [m["text"] for m in buttons(answer)] == [
        f"{name} takes the shipyard leader card and starts the first round." for name in NAMES
    ]
    assert answer.content.decode().count('class="move" name="move"') == 3


def test_choosing_a_move_appends_it_and_shows_its_sentence_and_the_next_moves(client, db):
    play, recorder = vasa(client)
    chosen = json.dumps({"type": "choose_leader", "seat": None, "data": {"seat": 1}})
    answer = recorder.post(f"/plays/{play.pk}/log/", {"move": chosen, "expected_seq": "0"}, follow=True)
    (event,) = Play.objects.get(pk=play.pk).events.all()
    assert (event.type, event.seat, event.data) == ("choose_leader", None, {"seat": 1})
    html = answer.content.decode()
    assert "1. Bo takes the shipyard leader card and starts the first round." in html
    # The leader chooses first (section 3): Bo's eight role cards (the role cards' list).
    assert {(m["type"], m["seat"]) for m in buttons(answer)} == {("choose_role", 1)}
    assert len(buttons(answer)) == 8


def test_a_move_logged_over_someone_elses_is_refused_with_the_fresh_list(client, db):
    play, recorder = vasa(client)
    services.append_events(play_id=play.pk, events=[services.NewEvent("choose_leader", None, {"seat": 0})], user=None)
    chosen = json.dumps({"type": "choose_leader", "seat": None, "data": {"seat": 1}})
    answer = recorder.post(f"/plays/{play.pk}/log/", {"move": chosen, "expected_seq": "0"})
    assert answer.status_code == 409
    assert "Someone logged a move meanwhile" in answer.content.decode()
    assert Play.objects.get(pk=play.pk).last_seq == 1
    assert {(m["type"], m["seat"]) for m in buttons(answer)} == {("choose_role", 0)}


def typed(kind: str, seat, expected: int = 0, **data) -> dict:
    form = {"event-type": kind, "event-seat": "" if seat is None else str(seat), "expected_seq": str(expected)}
    return {**form, **{f"data-{name}": value for name, value in data.items()}}


def test_a_refused_typed_move_shows_its_rule_and_keeps_what_was_typed(client, db):
    """Section 3: the shipyard leader card is taken before any role is chosen."""
    play, recorder = vasa(client)
    answer = recorder.post(f"/plays/{play.pk}/log/", typed("choose_role", 2, role='"king"'))
    assert answer.status_code == 422 and Play.objects.get(pk=play.pk).last_seq == 0
    html = answer.content.decode()
    assert "<strong>3. Course of the game</strong>: First a player must take the shipyard leader card." in html
    assert answer.context["event_kind"] == "choose_role"
    assert answer.context["mover"]["seat"].value() == "2"
    assert answer.context["data_form"]["role"].value() == '"king"'
    assert '<option value="&quot;king&quot;" selected>' in html


def test_a_record_play_stores_a_move_the_rules_refuse_and_flags_it(client, db):
    play, recorder = vasa(client, mode="record")
    answer = recorder.post(f"/plays/{play.pk}/log/", typed("choose_role", 2, role='"king"'), follow=True)
    (event,) = Play.objects.get(pk=play.pk).events.all()
    assert (event.type, event.seat, event.data) == ("choose_role", 2, {"role": "king"})
    assert "Stored and flagged: 3. Course of the game: First a player must take" in answer.content.decode()


def test_a_typed_event_that_is_not_json_is_refused_and_kept(client, db):
    play, recorder = vasa(client)
    answer = recorder.post(f"/plays/{play.pk}/log/", typed("exchange", 0, pairs="[{good: wood"))
    assert answer.status_code == 400 and Play.objects.get(pk=play.pk).last_seq == 0
    assert answer.context["data_form"].errors["pairs"] and "good: wood" in answer.content.decode()


def test_a_typed_event_that_breaks_its_schema_is_refused_with_the_field(client, db):
    """The schema is the service's to judge, as for the API: two pairs at most (``maxItems``)."""
    play, recorder = vasa(client)
    pairs = json.dumps([{"good": "wood", "make": 2}] * 3)
    answer = recorder.post(f"/plays/{play.pk}/log/", typed("exchange", 0, pairs=pairs))
    assert answer.status_code == 400 and Play.objects.get(pk=play.pk).last_seq == 0
    assert "data.pairs:" in answer.content.decode()


def test_the_moves_are_filtered_by_type_and_paged(client, db):
    """Generic "places" scoring offers one finish, a highest-wins play a score per seat and the
    finish: filtering by type shows only that type's."""
    club, players = harbour_club()
    play = started(club, players, "generic", {"title": "Azul"})
    recorder = signed_in(client, "recorder")
    everything = recorder.get(f"/plays/{play.pk}/log/").context["legal"]
    assert {c["type"]: c["count"] for c in everything["counts"]} == {"score": 3, "finish": 1}
    scores = recorder.get(f"/plays/{play.pk}/log/?type=score")
    assert [(m["type"], m["seat"]) for m in buttons(scores)] == [("score", 0), ("score", 1), ("score", 2)]
    assert recorder.get(f"/plays/{play.pk}/log/?page=2").status_code == 404
    assert recorder.get(f"/plays/{play.pk}/log/?type=castle").status_code == 404


def test_a_long_list_is_paged(client, db, monkeypatch):
    """Vasa Regalis after the leader card: eight role cards, each choosable; with a page of
    five, two pages (five, then three)."""
    play, recorder = vasa(client)
    services.append_events(play_id=play.pk, events=[services.NewEvent("choose_leader", None, {"seat": 0})], user=None)
    monkeypatch.setattr("records.web.recording.PAGE_SIZE", 5)
    first, second = (recorder.get(f"/plays/{play.pk}/log/?page={n}") for n in (1, 2))
    assert (len(buttons(first)), len(buttons(second))) == (5, 3)
    assert first.context["legal"]["pages"] == 2


# The schema form ---------------------------------------------------------------------------


def test_the_schema_form_turns_what_was_typed_into_the_event_data():
    """Vasa Regalis ``inspect``: ``target`` an integer or null, ``good`` one of four or null;
    both required, so left blank they are null ("looks at nothing")."""
    schema = {
        "type": "object",
        "properties": {
            "target": {"type": ["integer", "null"], "minimum": 0},
            "good": {"enum": ["wood", "cloth", None]},
            "points": {"type": "number"},
            "note": {"type": "string"},
            "flag": {"type": "boolean"},
            "pairs": {"type": "array"},
        },
        "required": ["target", "good"],
    }
    blank = SchemaForm(schema, {"target": "", "good": "null"})
    assert blank.is_valid(), blank.errors
    assert blank.json() == {"target": None, "good": None}
    full = SchemaForm(
        schema, {"target": "2", "good": '"cloth"', "points": "12.0", "note": "hi", "flag": "on", "pairs": "[1]"}
    )
    assert full.is_valid(), full.errors
    assert full.json() == {"target": 2, "good": "cloth", "points": 12, "note": "hi", "flag": True, "pairs": [1]}


def test_a_set_of_choices_is_a_checkbox_each_not_json_to_type(client, db):
    """Pax Baltica's optional rules (an array of 13.1, 13.2 and 13.3, each once): the new play
    page showed a textarea captioned "JSON" and nothing of the rules one may choose."""
    schema = registry.get("pax_baltica").options_schema
    chosen = SchemaForm(schema, {"optional_rules": ['"13.1"', '"13.3"']})  # as the checkboxes post them
    assert isinstance(chosen.fields["optional_rules"].widget, forms.CheckboxSelectMultiple)
    assert chosen.is_valid(), chosen.errors
    assert chosen.json() == {"optional_rules": ["13.1", "13.3"]}
    none = SchemaForm(schema, {})
    assert none.is_valid() and "optional_rules" not in none.json()
    club, _ = harbour_club()
    page = signed_in(client, "recorder").get(f"/clubs/{club.slug}/plays/new/?game=pax_baltica").content.decode()
    assert 'type="checkbox" name="option-optional_rules" value="&quot;13.2&quot;"' in page


def test_the_schema_form_refuses_a_number_outside_its_bounds():
    form = SchemaForm(
        {"type": "object", "properties": {"value": {"type": "integer", "minimum": 1, "maximum": 3}}}, {"value": "4"}
    )
    assert not form.is_valid() and form.errors["value"]


def test_the_event_form_shows_the_example_as_its_hint(client, db):
    play, recorder = vasa(client)
    answer = recorder.get(f"/plays/{play.pk}/log/?event=exchange")
    html = answer.content.decode()
    assert answer.context["event_kind"] == "exchange"
    assert 'placeholder="[{&quot;good&quot;: &quot;cloth&quot;, &quot;make&quot;: 2}' in html


def test_the_seat_that_makes_a_typed_event_is_not_labelled_as_a_seat_in_its_data(client, db):
    """Vasa Regalis' choose_leader is made by no seat and names in its data the seat that takes
    the card: the form showed two inputs both labelled "Seat:"."""
    play, recorder = vasa(client)
    form = recorder.get(f"/plays/{play.pk}/log/?event=choose_leader").context
    mover, data = form["mover"], form["data_form"]
    assert mover["seat"].label == "Made by" and data["seat"].label == "Seat"


# A generic play's result -------------------------------------------------------------------


def result_of(client, play, expected: int = 0, **fields) -> object:
    return client.post(f"/plays/{play.pk}/result/", {"expected_seq": str(expected), **fields})


def test_final_scores_finish_a_generic_play_and_rank_it(client, db):
    """Highest wins: 41, 37, 52 are places 2, 3, 1 (games/generic's README)."""
    club, players = harbour_club()
    play = started(club, players, "generic", {"title": "Azul"})
    answer = result_of(signed_in(client, "recorder"), play, **{"score-0": "41", "score-1": "37", "score-2": "52"})
    assert answer.status_code == 302 and answer["Location"] == f"/plays/{play.pk}/"
    play = Play.objects.get(pk=play.pk)
    assert play.status == "finished"
    assert (play.outcome["places"], play.outcome["scores"], play.outcome["winners"]) == ([2, 3, 1], [41, 37, 52], [2])
    (event,) = play.events.all()
    assert (event.type, event.data) == ("finish", {"scores": [41, 37, 52]})


def test_the_running_scores_are_offered_as_the_final_ones(client, db):
    """Seven points logged for Anna one move at a time stand in her row, as 7, not 7.0."""
    club, players = harbour_club()
    play = started(club, players, "generic", {"title": "Azul"})
    services.append_events(play_id=play.pk, events=[services.NewEvent("score", 0, {"points": 7.0})], user=None)
    html = signed_in(client, "recorder").get(f"/plays/{play.pk}/result/").content.decode()
    assert 'name="score-0" value="7"' in html and 'name="score-1" value="0"' in html


def test_a_team_ranks_by_its_members_total(client, db):
    """North 10 + 5 = 15 beats South's 12: both of North's seats share first place."""
    club, players = harbour_club()
    play = started(club, players, "generic", {"title": "Codenames"}, teams=["north", "north", "south"])
    result_of(signed_in(client, "recorder"), play, **{"score-0": "10", "score-1": "5", "score-2": "12"})
    assert Play.objects.get(pk=play.pk).outcome["places"] == [1, 1, 2]


def test_a_lost_cooperative_play_has_no_winner(client, db):
    club, players = harbour_club()
    play = started(club, players, "generic", {"title": "Pandemic", "scoring": "cooperative"})
    recorder = signed_in(client, "recorder")
    assert "result" in recorder.get(f"/plays/{play.pk}/result/").context["form"].fields
    result_of(recorder, play, result="lost", reason="the outbreaks reached eight")
    outcome = Play.objects.get(pk=play.pk).outcome
    assert (outcome["winners"], outcome["places"], outcome["reason"]) == ([], [1, 1, 1], "the outbreaks reached eight")


def test_places_that_do_not_rank_the_seats_are_refused_with_the_rule_and_kept(client, db):
    """1, 3, 3: tied seats share a place and the next one skips, so a second seat must be 2."""
    club, players = harbour_club()
    play = started(club, players, "generic", {"title": "Azul", "scoring": "places"})
    answer = result_of(signed_in(client, "recorder"), play, **{"place-0": "1", "place-1": "3", "place-2": "3"})
    assert answer.status_code == 422 and Play.objects.get(pk=play.pk).status == "in_progress"
    html = answer.content.decode()
    assert "<strong>Generic play</strong>: Places must rank the seats" in html
    assert [answer.context["form"][f"place-{n}"].value() for n in range(3)] == ["1", "3", "3"]


def test_a_result_logged_over_a_new_move_is_refused(client, db):
    club, players = harbour_club()
    play = started(club, players, "generic", {"title": "Azul"})
    services.append_events(play_id=play.pk, events=[services.NewEvent("score", 0, {"points": 3})], user=None)
    answer = result_of(signed_in(client, "recorder"), play, **{"score-0": "1", "score-1": "2", "score-2": "3"})
    assert answer.status_code == 409 and "Someone logged a move meanwhile" in answer.content.decode()


def test_an_engine_plays_result_page_sends_the_recorder_to_its_log(client, db):
    play, recorder = vasa(client)
    answer = recorder.get(f"/plays/{play.pk}/result/")
    assert answer.status_code == 302 and answer["Location"] == f"/plays/{play.pk}/log/"


# In the browser ----------------------------------------------------------------------------

#: Round 1 of three players (section 3): Anna takes the leader card; each player, from the
#: leader clockwise, chooses a role and it is resolved (the role cards: a procurer procures 2,
#: each next player 1, the last in turn none; the tailor/blacksmith exchanges 2 pairs, the
#: next 1 pair, the last none).
ROUND_ONE = [
    "Anna takes the shipyard leader card and starts the first round.",
    "Anna chooses the Tailor/Blacksmith role card.",
    "Anna exchanges nothing.",
    "Bo exchanges nothing.",
    "Bo chooses the Iron Procurer role card.",
    "Bo procures 2 iron of value 1.",
    "Cy procures 1 iron of value 1.",
    "Cy chooses the Sculpture Procurer role card.",
    "Cy procures 2 sculptures of value 1.",
    "Anna procures 1 sculpture of value 1.",
]


def test_a_recorder_logs_a_vasa_regalis_round_by_choosing_legal_moves(site, page):
    club, players = harbour_club()
    play = started(club, players, "vasa_regalis")
    sign_in(page, site, "recorder")
    page.goto(f"{site}/plays/{play.pk}/log/")
    for sentence in ROUND_ONE:
        page.get_by_role("button", name=sentence, exact=True).click()
        page.wait_for_selector(f".messages li:has-text({json.dumps(sentence)})")
    play = Play.objects.get(pk=play.pk)
    assert play.last_seq == len(ROUND_ONE)
    # "After the round ... the player to the left of the shipyard leader takes the shipyard
    # leader card and starts the next game round": Bo chooses first in round 2.
    view = selectors.view_as_of(play, play.last_seq, None)
    assert (view["round"], view["shipyard_leader"]) == (2, 1)
    offered = page.locator("#moves button.move")
    assert offered.count() == 8 and offered.first.inner_text().startswith("Bo chooses the")
    screenshot(page, "log-vasa-regalis")


def test_a_recorder_starts_a_generic_play_logs_its_result_and_sees_it_on_the_leaderboard(site, page, start_worker):
    """The issue's case: the result is on the club's leaderboard once the worker has projected
    it (a real Celery worker, woken by the append's commit)."""
    club, _ = harbour_club()
    start_worker()
    sign_in(page, site, "recorder")
    page.goto(f"{site}/clubs/{club.slug}/plays/new/")
    page.select_option("select[name=game]", label="Vasa Regalis")  # the form is swapped for the game's
    page.wait_for_selector("input[name=option-inventory]")
    page.select_option("select[name=game]", label="Any other game")
    page.fill("input[name=option-title]", "Azul")
    for n, name in enumerate(NAMES):
        page.select_option(f"select[name=seat-{n}-player]", label=name)
    screenshot(page, "log-new-play")
    page.click("text=Start the play")
    page.wait_for_url("**/result/")
    for n, score in enumerate(("41", "37", "52")):
        page.fill(f"input[name=score-{n}]", score)
    page.fill("input[name=reason]", "final scoring")
    screenshot(page, "log-result")
    page.click("text=Log the result")
    page.wait_for_url(f"{site}/plays/*/")
    assert "The result is logged" in page.inner_text(".messages")
    assert Play.objects.get().outcome["places"] == [2, 3, 1]

    def leaderboard() -> list[str]:
        page.goto(f"{site}/clubs/{club.slug}/")
        return page.locator("#leaderboard table.leaders tbody tr td:nth-child(2)").all_inner_texts()

    # One play rates its places in order: Cy (52) first, then Anna (41), then Bo (37).
    workers.wait_for(lambda: leaderboard() == ["Cy", "Anna", "Bo"], "the result on the leaderboard")
    screenshot(page, "club-after-result")


def test_the_logging_page_fits_a_phone(site, phone):
    club, players = harbour_club()
    play = started(club, players, "vasa_regalis")
    services.append_events(
        play_id=play.pk,
        events=[
            services.NewEvent("choose_leader", None, {"seat": 0}),
            services.NewEvent("choose_role", 0, {"role": "wood_procurer"}),
        ],
        user=None,
    )
    sign_in(phone, site, "recorder")
    phone.goto(f"{site}/plays/{play.pk}/log/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    move = phone.locator("#moves button.move").first
    assert move.bounding_box()["width"] > 300  # a wide target for a thumb
    move.click()
    phone.wait_for_selector(".messages li")
    assert Play.objects.get(pk=play.pk).last_seq == 3
    screenshot(phone, "log-phone")
    # Typed out of turn (Bo procures next, section 3's order), refused, and kept as typed.
    phone.click("text=Type an event")
    phone.select_option("select[name=event-seat]", label="Seat 1: Anna")
    phone.fill("textarea[name=data-goods]", '["wood"]')
    phone.click("text=Log this procure")
    phone.wait_for_selector(".refused .violation")
    assert phone.input_value("textarea[name=data-goods]") == '["wood"]'
    assert Play.objects.get(pk=play.pk).last_seq == 3
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "log-phone-refused")


def test_the_move_just_logged_is_in_sight_in_the_last_moves(site, page):
    """The last moves are repeated "so the table can check what was logged": the one just
    logged, last of them, must show without scrolling the list, however long their sentences
    (Nova Suecia's run to three lines each beside the table)."""
    club, players = harbour_club()
    play = started(club, players, "nova_suecia")
    for _ in range(12):
        (move, *_) = narration.legal(play, None, True)
        services.append_events(play_id=play.pk, events=[services.NewEvent(move.type, move.seat, move.data)], user=None)
        play = Play.objects.get(pk=play.pk)
    sign_in(page, site, "recorder")
    page.goto(f"{site}/plays/{play.pk}/log/")
    chosen = page.locator("#moves button.move").first
    sentence = chosen.inner_text()
    chosen.click()
    page.wait_for_selector(".messages li:has-text('13. ')")
    recent = page.locator(".recent ol.log")
    last = recent.locator("li").last
    assert last.inner_text() == sentence
    shown, logged = recent.bounding_box(), last.bounding_box()
    assert shown["y"] <= logged["y"] and logged["y"] + logged["height"] <= shown["y"] + shown["height"] + 1
