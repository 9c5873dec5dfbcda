"""The picture of a First Settlement table, drawn through ``records.web.tables.draw`` from the
engine's redacted view at points of the playthroughs.

Expected values come from the rulebook (20 turns, each year from Winter; 17 phases in TURN
SEQUENCE order; a building is worth 5 VP and costs 5 FT) and from the hand-written playthrough
``two_colonies_give_up_first_winter``, whose ``source.how`` works every counter out by hand and
whose moves name the cards dealt, kept, discarded and played.
"""

from __future__ import annotations

import pytest
from defusedxml import ElementTree

from games import registry
from games.playthrough import GAMES_DIR, load
from games.secrets import NOBODY
from records.web.tables import draw
from tests.hidden import occurs
from tests.web import pictures
from tests.web.conftest import screenshot
from tests.web.pictures import classed, picture_page

ENGINE = registry.get("first_settlement")
PLAYTHROUGHS = GAMES_DIR / "first_settlement" / "playthroughs"
HAND_WRITTEN = "two_colonies_give_up_first_winter"
SVG = "{http://www.w3.org/2000/svg}"
#: TURN SEQUENCE: "Each turn has 17 Phases", as the rulebook lists them.
RULEBOOK_PHASES = [
    "time",
    "draw",
    "plant",
    "ship",
    "blight",
    "food",
    "harvest",
    "spoil",
    "trade",
    "eat",
    "starve",
    "cold",
    "sick",
    "raid",
    "rebel",
    "hardship",
    "build",
]


def seats_of(playthrough) -> list[dict]:
    names = ["Alice", "Bartholomew", "Chen", "Dagny", "Eve", "Farid"]
    return [
        {"position": n, "name": names[n], "colour": seat.colour, "team": ""} for n, seat in enumerate(playthrough.seats)
    ]


def table_after(name: str, count: int):
    """(the playthrough, its moves, the state after its first ``count`` moves)."""
    played, state = pictures.table_after("first_settlement", name, count)
    return played, played.moves(), state


def drawn(name: str, count: int, viewer: int | None = None):
    """(the HTML, its parsed tree, the view drawn) of the table after ``count`` moves, read by ``viewer``."""
    playthrough, _, state = table_after(name, count)
    view = ENGINE.seen_view(state, viewer)
    html = str(draw("first_settlement", view, seats_of(playthrough)))
    return html, ElementTree.fromstring(html), view


def colony(tree, seat: int):
    (mat,) = classed(tree, "colony", seat=str(seat))
    return mat


def counters(tree, seat: int) -> dict[str, int]:
    return {c.get("data-counter"): int(c.get("data-value")) for c in classed(colony(tree, seat), "counter")}


def cards(tree, seat: int, kind: str) -> list:
    return classed(colony(tree, seat), "card", kind=kind)


def names_of(shapes) -> list[str]:
    return [shape.get("data-card") for shape in shapes]


def test_the_picture_is_well_formed_xml_for_every_reader_at_every_step_of_the_hand_written_game():
    playthrough = load(PLAYTHROUGHS / f"{HAND_WRITTEN}.json")
    for count in range(len(playthrough.events) + 1):
        for viewer in (None, NOBODY, 0, 1):
            _, tree, _ = drawn(HAND_WRITTEN, count, viewer)
            (svg,) = tree.iter(f"{SVG}svg")
            assert svg.get("viewBox").startswith("0 0 ")
            assert svg.find(f"{SVG}title").text.startswith("First Settlement")


def test_every_shape_a_reader_may_point_at_says_what_it_is():
    _, tree, _ = drawn(HAND_WRITTEN, 10, 1)
    pointed = [
        *classed(tree, "card"),
        *classed(tree, "counter"),
        *classed(tree, "pawn"),
        *classed(tree, "phase-chip"),
        *classed(tree, "turn-cell"),
        *classed(tree, "deck"),
    ]
    # Cards: each colony's Leader and 3 site cards, seat 0's 4 cards and seat 1's 5 in hand; 6 counters
    # a colony; a pawn a colony; 3 setup steps and 17 phases; 20 turns; 6 decks.
    assert len(pointed) == (4 + 4) + (4 + 5) + 12 + 2 + 20 + 20 + 6
    assert all(shape.find(f"{SVG}title").text.strip() for shape in pointed)


def test_the_turn_track_is_five_years_of_seasons_from_winter_and_the_phase_track_the_seventeen_phases():
    _, tree, _ = drawn(HAND_WRITTEN, 5)
    cells = classed(tree, "turn-cell")
    assert [cell.find(f"{SVG}text").text for cell in cells] == ["W", "Sp", "Su", "F"] * 5
    chips = [chip.get("data-phase") for chip in classed(tree, "phase-chip") if "setup" not in chip.get("class")]
    assert chips == RULEBOOK_PHASES


def test_after_the_site_selections_the_first_winter_begins_with_the_first_players_time_phase():
    # Events 1-5: seat 0 rolls 7 against 3, so goes first; both colonies are founded.
    _, tree, _ = drawn(HAND_WRITTEN, 5)
    assert [chip.get("data-phase") for chip in classed(tree, "phase-chip", phase="time")] == ["time"]
    assert [chip.get("data-phase") for chip in classed(tree, "phase-chip") if "current" in chip.get("class")] == [
        "time"
    ]
    assert [cell.get("data-turn") for cell in classed(tree, "turn-cell") if "current" in cell.get("class")] == ["1"]
    assert "active" in colony(tree, 0).get("class") and "active" not in colony(tree, 1).get("class")
    assert tree.find(f".//{SVG}text[@class='status-turn']").text == "Turn 1 of 20"


def test_the_harvest_is_passed_over_in_winter_so_the_spoil_phase_follows_the_food_phase():
    # HARVEST PHASE: "Skip this phase if it is not Fall"; event 8 is seat 0's Food phase in Winter.
    _, tree, _ = drawn(HAND_WRITTEN, 8)
    current = [chip.get("data-phase") for chip in classed(tree, "phase-chip") if "current" in chip.get("class")]
    assert current == ["spoil"]


def test_each_colony_shows_the_counters_worked_out_by_hand_when_the_first_colony_gives_up():
    # source.how: seat 0 ends with 3 CT, 0 FT, 1 Land Purchase Token, its Stock Token lost: 2 x 3 + 1 + 20
    # (Quality Timber) = 27 VP; seat 1 has not played yet: 10 CT, 2 FT (its 1D6), Stock, 20 VP.
    _, tree, _ = drawn(HAND_WRITTEN, 16)
    assert counters(tree, 0) == {
        "colonists": 3,
        "food_tokens": 0,
        "stock_tokens": 0,
        "plant_tokens": 0,
        "land_purchase_tokens": 1,
        "vp_gained": 0,
    }
    assert counters(tree, 1)["colonists"] == 10 and counters(tree, 1)["food_tokens"] == 2
    assert counters(tree, 1)["stock_tokens"] == 1
    assert [int(colony(tree, seat).find(f".//{SVG}text[@class='vp']").get("data-value")) for seat in (0, 1)] == [27, 20]
    assert [pill.find(f"{SVG}text").text for pill in classed(colony(tree, 0), "pill")] == ["gave up", "food shortage"]
    assert "active" in colony(tree, 1).get("class")


def test_the_leader_kept_and_the_site_chosen_lie_face_up_on_the_colony():
    _, moves, _ = table_after(HAND_WRITTEN, 5)
    _, tree, _ = drawn(HAND_WRITTEN, 5, NOBODY)
    chosen = moves[3].data["offered"][moves[3].data["chosen"]]
    assert names_of(cards(tree, 0, "leader")) == moves[1].data["leaders_kept"] == ["Merchant"]
    assert names_of(cards(tree, 0, "site")) == chosen == ["Quality Timber", "Safe Harbor", "River Mouth"]
    assert cards(tree, 0, "building") == []


def seat_0_hand_after_its_trade(moves) -> list[str]:
    """Seat 0's hand after event 10, from the moves: the 4 Action cards dealt but the one discarded,
    the 4 Build cards dealt but the two discarded, less the Trade card played."""
    dealt = moves[1].data
    actions = [card for card in dealt["actions_dealt"] if card != dealt["action_discarded"]]
    builds = [card for card in dealt["builds_dealt"] if card not in dealt["builds_discarded"]]
    played = [trade["card"] for trade in moves[9].data["cards"]]
    return [card for card in actions + builds if card not in played]


def test_a_seat_sees_its_own_hand_face_up():
    _, moves, _ = table_after(HAND_WRITTEN, 10)
    _, tree, _ = drawn(HAND_WRITTEN, 10, 0)
    hand = seat_0_hand_after_its_trade(moves)
    assert sorted(names_of(cards(tree, 0, "hand"))) == sorted(hand) == ["Church", "Diplomacy", "Granary", "Trinkets"]
    assert classed(colony(tree, 0), "face-down") == []


@pytest.mark.parametrize("viewer", [1, NOBODY], ids=["the other seat", "a spectator"])
def test_another_seats_hand_is_drawn_face_down_and_named_nowhere(viewer):
    _, moves, _ = table_after(HAND_WRITTEN, 10)
    html, tree, view = drawn(HAND_WRITTEN, 10, viewer)
    hand = seat_0_hand_after_its_trade(moves)
    face_down = cards(tree, 0, "hand")
    assert len(face_down) == len(hand) == 4
    assert all("face-down" in card.get("class") and card.get("data-card") is None for card in face_down)
    unseen = [card for card in hand if not occurs(view, card)]
    assert unseen == hand
    assert [card for card in unseen if card in html] == []


def test_the_decks_contents_are_listed_for_the_arbiter_only():
    html, tree, _ = drawn(HAND_WRITTEN, 10, None)
    assert len(classed(tree, "deck-contents")) == 1
    for viewer in (0, 1, NOBODY):
        _, tree, _ = drawn(HAND_WRITTEN, 10, viewer)
        assert classed(tree, "deck-contents") == []


def test_each_deck_shows_its_draw_pile_and_discard_pile_counted_from_the_moves():
    # Before any draw: 2 copies of each of the 8 Leaders (LEADER DECK CARD LIST), 20 sites in the list.
    _, tree, _ = drawn(HAND_WRITTEN, 0)
    assert [(d.get("data-deck"), d.get("data-draw"), d.get("data-discard")) for d in classed(tree, "deck")][:2] == [
        ("leader", "16", "0"),
        ("site", "20", "0"),
    ]
    # Event 2: seat 0 draws 3 Leaders and keeps 1, discarding the other 2.
    _, tree, _ = drawn(HAND_WRITTEN, 2)
    (leader,) = classed(tree, "deck", deck="leader")
    assert (leader.get("data-draw"), leader.get("data-discard")) == ("13", "2")


def test_a_building_built_lies_face_up_worth_5_vp_and_cost_5_ft():
    # two_players event 69 is the game's first build: seat 0 builds the Shipyard.
    _, moves, _ = table_after("two_players", 69)
    assert moves[68].type == "build" and moves[68].seat == 0
    _, before, _ = drawn("two_players", 68)
    _, after, _ = drawn("two_players", 69)
    assert names_of(cards(before, 0, "building")) == []
    assert names_of(cards(after, 0, "building")) == moves[68].data["buildings"] == ["Shipyard"]

    def vp(tree) -> int:
        return int(colony(tree, 0).find(f".//{SVG}text[@class='vp']").get("data-value"))

    assert vp(after) - vp(before) == 5
    assert counters(before, 0)["food_tokens"] - counters(after, 0)["food_tokens"] == 5


def test_the_end_of_the_game_marks_no_phase_and_gives_the_outcome():
    playthrough = load(PLAYTHROUGHS / f"{HAND_WRITTEN}.json")
    html, tree, _ = drawn(HAND_WRITTEN, len(playthrough.events))
    assert [chip for chip in classed(tree, "phase-chip") if "current" in chip.get("class")] == []
    assert [mat for mat in classed(tree, "colony") if "active" in mat.get("class")] == []
    vps = [int(colony(tree, seat).find(f".//{SVG}text[@class='vp']").get("data-value")) for seat in (0, 1)]
    assert vps == playthrough.outcome["scores"] == [27, 4]
    assert all("gave-up" in colony(tree, seat).get("class") for seat in (0, 1))
    assert "no winner" in html and "the Settlers give up" in html


def test_each_colony_is_marked_with_its_seats_colour():
    playthrough, _, state = table_after(HAND_WRITTEN, 5)
    seats = seats_of(playthrough)
    seats[1]["colour"] = "#123456"
    tree = ElementTree.fromstring(str(draw("first_settlement", ENGINE.seen_view(state, None), seats)))
    band = classed(colony(tree, 1), "seat-colour")[0]
    assert band.get("fill") == "#123456"
    assert [pawn.get("fill") for pawn in classed(tree, "pawn", seat="1")] == ["#123456"]
    assert classed(colony(tree, 0), "seat-colour")[0].get("fill") != "#123456"


def test_the_picture_shows_in_a_browser_before_and_after_a_move(browser, phone):
    # two_players event 69: seat 0 builds the Shipyard; read by seat 1, seat 0's hand is face down.
    before, _, _ = drawn("two_players", 68, 1)
    after, _, _ = drawn("two_players", 69, 1)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.set_content(picture_page(before, after))
        pictures = page.locator("svg.fs-table")
        assert pictures.count() == 2
        for n in range(2):
            assert pictures.nth(n).is_visible()
            box = pictures.nth(n).bounding_box()
            assert 500 <= box["width"] <= 640
        assert page.locator("svg.fs-table").nth(1).locator(".card[data-card='Shipyard']").is_visible()
        screenshot(page, "table-first_settlement")
    finally:
        page.close()
    phone.set_content(picture_page(before, after))
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    assert phone.locator("svg.fs-table").first.bounding_box()["width"] >= 330
    screenshot(phone, "table-first_settlement-phone")
