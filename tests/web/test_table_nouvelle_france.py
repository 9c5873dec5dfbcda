"""The picture of a Nouvelle France table (records.web.tables.draw), on states of the playthroughs.

Most expected values are read from the by-hand playthrough (two_players_simplified_shortest_game_by_hand:
its ``source.how`` works every turn and snowstorm out from the rulebook) or counted from its moves;
the Huron's secret from the four-player playthrough's move 14. The fragment is kept well-formed
XML (SVG inside XHTML-clean markup), so one parser reads both its pictures and its lists.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from defusedxml import ElementTree

from games import registry
from games.playthrough import GAMES_DIR
from games.secrets import NOBODY
from records.web.tables import draw
from tests.web import pictures
from tests.web.conftest import screenshot
from tests.web.pictures import classed as having
from tests.web.pictures import picture_page

ENGINE = registry.get("nouvelle_france")
PLAYTHROUGHS = GAMES_DIR / "nouvelle_france" / "playthroughs"
BY_HAND = PLAYTHROUGHS / "two_players_simplified_shortest_game_by_hand.json"
FOUR_PLAYERS = PLAYTHROUGHS / "four_players_first_snowstorm_example.json"
NAMES = ["Astrid", "Bjorn", "Chloé", "Dmitri"]
#: The Huron of the four-player playthrough: move 14, Bjorn (seat 1) looks at the top 3 cards.
HURON_SEQ, HURON_SEAT, HURON_CARDS = 14, 1, ["weathercock", "cannon", "plow"]
SHAPES = ("cannon", "horseshoe", "stairs", "square", "plow", "scythe", "weathercock", "eel", "cross")


def fold(path: Path, count: int, change=None):
    """The state after the first ``count`` moves of a playthrough (``change`` may rewrite a move)."""
    played, state = pictures.table_after("nouvelle_france", path.stem, count, change)
    return state, played


def picture(path: Path, count: int, viewer=None, change=None) -> str:
    state, playthrough = fold(path, count, change)
    seats = [
        {"position": n, "name": NAMES[n], "colour": seat.colour, "team": ""} for n, seat in enumerate(playthrough.seats)
    ]
    return str(draw("nouvelle_france", ENGINE.seen_view(state, viewer), seats))


def parsed(html: str):
    return ElementTree.fromstring(html)


def site(root, key: str):
    (drawn,) = having(root, "site", site=key)
    return drawn


def title(element) -> str:
    found = next((child for child in element if child.tag.endswith("title")), None)
    return found.text if found is not None else ""


def test_every_site_is_a_well_formed_svg_with_a_title_on_every_shape():
    root = parsed(picture(FOUR_PLAYERS, 70))
    svgs = [element for element in root.iter() if element.tag == "{http://www.w3.org/2000/svg}svg"]
    assert {svg.get("data-site") for svg in svgs} >= {"redoubt", "church", "mill"}
    assert all(svg.get("viewBox") for svg in svgs)
    shapes = [
        e for kind in ("cube", "tile", "joint", "snowdrift", "tally-level", "standee") for e in having(root, kind)
    ]
    assert len(shapes) > 100
    assert all(title(shape) for shape in shapes)


def test_the_first_three_cannons_stand_in_the_redoubts_west_wall_three_high():
    # Moves 3, 5, 7: cannons at x 0, y 1-4, levels 1, 2, 3; blue (0,1,1) (0,2,1) (0,1,2) (0,1,3),
    # yellow (0,4,2), the 7 others neutral. Nothing on the church or the mill yet.
    root = parsed(picture(BY_HAND, 7))
    redoubt = site(root, "redoubt")
    cubes = having(redoubt, "cube")
    assert len(cubes) == 12 and redoubt.get("data-cubes") == "12"
    assert sorted(
        (c.get("data-x"), c.get("data-y"), c.get("data-z")) for c in having(redoubt, "cube", colour="blue")
    ) == [
        ("0", "1", "1"),
        ("0", "1", "2"),
        ("0", "1", "3"),
        ("0", "2", "1"),
    ]
    assert [(c.get("data-y"), c.get("data-z")) for c in having(redoubt, "cube", colour="yellow")] == [("4", "2")]
    assert len(having(redoubt, "cube", colour="neutral")) == 7
    assert [t.get("data-height") for t in having(redoubt, "tile", x="0")] == ["3", "3", "3", "3"]
    assert having(redoubt, "tile", x="5", y="1")[0].get("data-height") == "0"
    assert having(site(root, "church"), "cube") == [] and having(site(root, "mill"), "cube") == []


def test_the_scores_and_whose_turn_are_those_of_the_move():
    root = parsed(picture(BY_HAND, 7))
    # Move 7's expect: Blue 4, Yellow 1; Yellow (seat 1) draws next.
    assert [cell.text for cell in having(root, "score")] == ["4", "1"]
    (turn,) = having(root, "turn-of")
    assert (turn.get("data-seat"), turn.text) == ("1", "Bjorn")
    assert [row.get("data-seat") for row in having(root, "to-play")] == ["1"]


def test_the_tally_sticks_show_the_values_drawn_at_setup_level_three_at_the_top():
    root = parsed(picture(BY_HAND, 1))
    # setup_table: redoubt + x2 -, church x2 - +, mill - + x2 (levels 1-3); disks 4, 3, 2.
    for key, levels, disk in (("redoubt", "+ x2 -", "4"), ("church", "x2 - +", "3"), ("mill", "- + x2", "2")):
        drawn = site(root, key)
        assert [level.get("data-value") for level in having(drawn, "tally-level")] == levels.split()[::-1]
        assert [points.text for points in having(drawn, "nf-disk")] == [disk]
        assert having(drawn, "tally-level", scored="true") == []


def test_the_first_snowflake_covers_level_one_and_scores_it_on_the_stick():
    root = parsed(picture(BY_HAND, 14))
    redoubt = site(root, "redoubt")
    # Every site gets its wide snowdrift (level 1), none yet of level 2.
    for key in ("redoubt", "church", "mill"):
        assert having(site(root, key), "snowdrift", level="1") and not having(site(root, key), "snowdrift", level="2")
    # PLAYING WITH SNOWDRIFTS: cubes at or below the drift are covered. Level 1 of the redoubt:
    # blue (0,1,1) (0,2,1) (5,3,1), yellow (5,1,1) (5,2,1) (5,4,1).
    covered = having(redoubt, "cube", covered="true")
    assert covered and {c.get("data-z") for c in covered} == {"1"}
    assert len([c for c in having(redoubt, "cube") if c.get("data-z") == "1"]) == len(covered)
    assert len(having(redoubt, "cube", colour="blue", covered="true")) == 3
    assert len(having(redoubt, "cube", colour="yellow", covered="true")) == 3
    (scored,) = having(redoubt, "tally-level", scored="true")
    assert scored.get("data-level") == "1" and "blue +3, yellow +3" in title(scored)


def test_the_finished_game_shows_two_snowdrifts_the_standees_and_the_final_scores():
    root = parsed(picture(BY_HAND, 64))
    # GAME SETUP: two snowdrifts per site (levels 1 and 2); the third snowflake ends the game.
    assert {d.get("data-level") for d in having(root, "snowdrift")} == {"1", "2"}
    assert {c.get("data-z") for c in having(root, "cube", covered="true")} == {"1", "2"}
    assert having(root, "cube", z="3") and not having(root, "cube", z="3", covered="true")
    # END OF THE GAME: Blue 30 (the priest), Yellow 32 (the soldier and the colonist).
    assert [cell.text for cell in having(root, "score")] == ["30", "32"]
    owners = {key: having(site(root, key), "standee")[0].get("data-owner") for key in ("redoubt", "church", "mill")}
    assert owners == {"redoubt": "1", "church": "0", "mill": "1"}
    assert having(root, "turn-of") == []
    # The snowstorms' sums over the three sites, from source.how.
    (storms,) = having(root, "storms")
    rows = [[cell.text for cell in row] for row in storms.iter("tr")][1:]
    assert rows == [["First", "+3", "+3"], ["Second", "+2", "+1"], ["Third", "+7", "+6"]]


def test_only_the_redoubt_has_joints_one_where_each_pair_of_walls_meets():
    root = parsed(picture(BY_HAND, 1))
    # SPECIAL RULE: joints on the military redoubt only; its four walls meet at four corners.
    assert len(having(site(root, "redoubt"), "joint")) == 4
    assert having(site(root, "church"), "joint") == having(site(root, "mill"), "joint") == []


def known_top(html: str) -> list:
    (section,) = having(parsed(html), "known-top")
    return [card for card in section if "nf-card" in card.get("class", "")]


@pytest.mark.parametrize("viewer", [None, HURON_SEAT])
def test_the_huron_player_and_the_arbiter_see_the_top_cards_named_in_order(viewer):
    cards = known_top(picture(FOUR_PLAYERS, HURON_SEQ, viewer))
    assert [card.get("data-card") for card in cards] == HURON_CARDS


@pytest.mark.parametrize("viewer", [0, 2, 3, NOBODY])
def test_the_other_seats_see_the_huron_cards_face_down_and_nothing_of_them_anywhere(viewer):
    html = picture(FOUR_PLAYERS, HURON_SEQ, viewer)
    cards = known_top(html)
    assert [card.get("data-hidden") for card in cards] == ["card"] * 3
    assert not any(name in (card.text or "").lower() for card in cards for name in SHAPES)

    def other_order(seq, move):
        return move if seq != HURON_SEQ else type(move)(move.type, move.seat, {**move.data, "cards": HURON_CARDS[::-1]})

    assert picture(FOUR_PLAYERS, HURON_SEQ, viewer, change=other_order) == html
    assert picture(FOUR_PLAYERS, HURON_SEQ, HURON_SEAT, change=other_order) != picture(
        FOUR_PLAYERS, HURON_SEQ, HURON_SEAT
    )


def test_the_picture_is_visible_in_a_browser(browser):
    before, after = picture(FOUR_PLAYERS, 69), picture(FOUR_PLAYERS, 70)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_content(picture_page(before, after))
    redoubt = page.locator(".before-after figure").last.locator("svg[data-site=redoubt]")
    box = redoubt.bounding_box()
    assert box and box["width"] > 150 and box["height"] > 120
    assert page.locator("g.cube").first.is_visible()
    screenshot(page, "table-nouvelle_france")
    page.close()


def test_an_offered_block_names_the_block_and_the_player_it_is_offered_to():
    # Move 24: Bjorn (seat 1) cannot place the weathercock; it goes first to his left, Chloé (seat 2).
    root = parsed(picture(FOUR_PLAYERS, 24))
    (offer,) = having(root, "offer")
    assert offer.find("strong").get("data-card") == "weathercock" and "Chloé" in "".join(offer.itertext())
    assert [row.get("data-seat") for row in having(root, "to-play")] == ["2"]
    assert having(root, "turn-of")[0].text == "Bjorn"
