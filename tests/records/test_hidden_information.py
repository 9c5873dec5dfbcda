"""Hidden information stays hidden in every answer: the event list, the NDJSON export, the
table at any seq and the audit, for a spectator and for each seat, while a play goes on.

The secrets come from each engine's declaration; the API must show each reader exactly
what the engine's one hiding function shows them (``Engine.seen_view`` / ``seen_data``).
"""

import json

import pytest
from django.contrib.auth.models import User

from games import registry
from games.playthrough import all_playthroughs, as_move, load
from games.secrets import NOBODY, found
from records import services
from records.models import Membership, Play, Player, Role
from records.replay import state_as_of
from tests.hidden import assert_kept


def shortest_playthrough(slug: str):
    paths = [p for p in all_playthroughs() if p.parent.parent.name == slug]
    return min((load(p) for p in paths), key=lambda p: len(p.events))


SECRET_KEEPING = [slug for slug, e in registry.engines().items() if e.view_secrets or e.move_secrets]


@pytest.fixture
def table(db, client_for):
    """Make a public club whose play of ``slug`` is logged up to half its shortest
    playthrough; each seat's player is a member's account."""

    def make(slug: str, *, logged: float = 0.5):
        owner = User.objects.create_user("owner")
        club = services.create_club(name="Open Club", slug="open", is_public=True, owner=owner)
        playthrough = shortest_playthrough(slug)
        users, players = [], []
        for n, _ in enumerate(playthrough.seats):
            user = User.objects.create_user(f"seat{n}")
            Membership.objects.create(club=club, user=user, role=Role.MEMBER)
            users.append(user)
            players.append(Player.objects.create(club=club, display_name=f"Seat {n}", user=user))
        play = services.create_play(
            club=club,
            game=slug,
            seats=[services.SeatSpec(p, s.colour, s.team) for p, s in zip(players, playthrough.seats)],
            options=playthrough.options,
            mode="strict",
            user=owner,
        )
        count = int(len(playthrough.events) * logged)
        services.append_events(
            play_id=play.pk,
            events=[services.NewEvent(e["type"], e.get("seat"), e.get("data", {})) for e in playthrough.events[:count]],
            user=owner,
        )
        readers = {NOBODY: client_for(None), **{n: client_for(u) for n, u in enumerate(users)}}
        return Play.objects.get(pk=play.pk), playthrough, readers, client_for(owner)

    return make


@pytest.mark.parametrize("slug", SECRET_KEEPING)
def test_no_reader_sees_another_seats_secret_in_any_answer(table, slug):
    play, playthrough, readers, _ = table(slug)
    engine = registry.get(slug)
    moves = {seq: as_move(e) for seq, e in enumerate(playthrough.events[: play.last_seq], start=1)}
    seqs = sorted({1, play.last_seq, *range(1, play.last_seq + 1, max(1, play.last_seq // 12))})
    names = [f"Seat {n}" for n in range(len(playthrough.seats))]
    tables = [engine.setup(playthrough.seats, playthrough.options)]  # tables[seq - 1]: the table before seq
    for seq in range(1, play.last_seq + 1):
        tables.append(engine.apply(tables[-1], moves[seq]))
    for viewer, reader in readers.items():
        listed = reader.get(f"/api/v1/plays/{play.pk}/events/?limit=5000").json()["results"]
        exported = reader.get(f"/api/v1/plays/{play.pk}/events/?format=ndjson")
        lines = [json.loads(line) for line in b"".join(exported.streaming_content).decode().splitlines()]
        assert len(listed) == len(lines) == play.last_seq
        for shown in (*listed, *lines):
            move = moves[shown["seq"]]
            secrets = list(found(move.data, engine.move_secrets.get(move.type, ()), move.seat))
            assert_kept(shown["data"], secrets, viewer, f"{slug} event {shown['seq']} for {viewer}")
            assert shown["data"] == engine.seen_data(move, viewer)
            assert shown["text"] == engine.narrate(tables[shown["seq"] - 1], move, viewer, names)
        if viewer != NOBODY:  # a seat's legal moves hold no secret at all, not even its own
            legal = reader.get(f"/api/v1/plays/{play.pk}/legal/?seat={viewer}&page_size=1000").json()["results"]
            for offered in legal:
                move = as_move(offered)
                assert offered["data"] == engine.seen_data(move, NOBODY)
                assert offered["text"] == engine.narrate(play.state, move, NOBODY, names)
        for seq in seqs:
            state = state_as_of(play, seq)
            in_view = list(found(engine.view(state), engine.view_secrets))
            table_then = reader.get(f"/api/v1/plays/{play.pk}/state/?at={seq}").json()["view"]
            assert table_then == engine.seen_view(state, viewer)
            audit = reader.get(f"/api/v1/plays/{play.pk}/audit/?seq={seq}").json()
            assert audit["after"] == table_then
            assert_kept(audit["after"], in_view, viewer, f"{slug} audit after {seq} for {viewer}")
            assert audit["event"]["data"] == engine.seen_data(moves[seq], viewer)


@pytest.mark.parametrize("slug", SECRET_KEEPING)
def test_a_reader_may_not_borrow_another_seats_eyes(table, slug):
    play, _, readers, recorder = table(slug)
    for path in ("state/?seat=1", "audit/?seq=1&seat=1"):
        assert readers[NOBODY].get(f"/api/v1/plays/{play.pk}/{path}").status_code == 403
        assert readers[0].get(f"/api/v1/plays/{play.pk}/{path}").status_code == 403
        assert readers[1].get(f"/api/v1/plays/{play.pk}/{path}").status_code == 200
        assert recorder.get(f"/api/v1/plays/{play.pk}/{path}").status_code == 200


def test_the_reported_leak_a_spectators_audit_shows_no_hand_and_no_deck(table):
    """The first_settlement case of the report: an anonymous reader of a play in progress."""
    play, _, readers, recorder = table("first_settlement", logged=0.5)
    spectator = readers[NOBODY].get(f"/api/v1/plays/{play.pk}/audit/?seq={play.last_seq}").json()
    arbiter = recorder.get(f"/api/v1/plays/{play.pk}/audit/?seq={play.last_seq}").json()
    held = [card for colony in arbiter["after"]["colonies"] for card in colony.get("hand", [])]
    assert any(isinstance(card, str) for card in held), "the arbiter sees cards in hand: there is a secret to keep"
    for seen, full in ((spectator["before"], arbiter["before"]), (spectator["after"], arbiter["after"])):
        assert not any(isinstance(card, str) for colony in seen["colonies"] for card in colony.get("hand", []))
        assert all(
            "cards" not in deck or deck["cards"] != full["decks"][name]["cards"] for name, deck in seen["decks"].items()
        )
    events = readers[NOBODY].get(f"/api/v1/plays/{play.pk}/events/").json()["results"]
    prepared = [e["data"] for e in events if e["type"] == "prepare_colony"]
    assert prepared, "the colonies are prepared within the first events"
    for data in prepared:
        assert set(data["actions_dealt"]) == set(data["builds_dealt"]) == {None}


def test_a_finished_play_is_shown_whole_unless_the_club_keeps_its_secrets(table):
    play, _, readers, recorder = table("vasa_regalis", logged=1.0)
    assert play.status == "finished"
    engine = registry.get("vasa_regalis")
    whole = engine.seen_view(play.state, None)
    assert readers[NOBODY].get(f"/api/v1/plays/{play.pk}/state/").json()["view"] == whole
    play.club.keeps_secrets = True
    play.club.save()
    assert readers[NOBODY].get(f"/api/v1/plays/{play.pk}/state/").json()["view"] == engine.seen_view(play.state, NOBODY)
    assert readers[1].get(f"/api/v1/plays/{play.pk}/state/").json()["view"] == engine.seen_view(play.state, 1)
    assert recorder.get(f"/api/v1/plays/{play.pk}/state/").json()["view"] == whole


def test_a_refused_moves_sentence_is_for_the_arbiter_and_the_mover_alone(table):
    """A violation may name a hidden card; the spectator and other seats get its rule only."""
    play, playthrough, readers, recorder = table("first_settlement", logged=0.0)
    case = next(c for c in playthrough.illegal if c["after"] > 0 and c["event"].get("seat") is not None)
    play.mode = "record"
    play.save()
    logged = [
        services.NewEvent(e["type"], e.get("seat"), e.get("data", {})) for e in playthrough.events[: case["after"]]
    ]
    illegal = case["event"]
    services.append_events(
        play_id=play.pk,
        events=[*logged, services.NewEvent(illegal["type"], illegal["seat"], illegal.get("data", {}))],
        user=play.created_by,
    )
    seq, mover = case["after"] + 1, illegal["seat"]
    url = f"/api/v1/plays/{play.pk}/audit/?seq={seq}"
    full = recorder.get(url).json()["violations"]
    assert full and any(v["rule"].startswith(case["rule"]) for v in full)
    assert readers[mover].get(url).json()["violations"] == full
    other = next(n for n in readers if n not in (NOBODY, mover))
    for reader in (readers[NOBODY], readers[other]):
        shown = reader.get(url).json()["violations"]
        assert [v["rule"] for v in shown] == [v["rule"] for v in full]
        assert all(v["message"].startswith("Hidden") for v in shown)
