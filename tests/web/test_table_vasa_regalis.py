"""The picture of a Vasa Regalis table, drawn through ``records.web.tables.draw`` from the
engine's redacted view at points of the playthroughs.

Expected values come from the rulebook (section 2's goods kept and starting hands, section 3's
example of player 4's round, the admiral's and the king's examples, which
``four_players_examples`` transcribes in rounds 1 and 4) and from the hand-computed
``three_players_shortest_game``, whose ``source.how`` works out the ships, the part totals and
the places.
"""

from __future__ import annotations

import re

import pytest
from defusedxml import ElementTree

from games import registry
from games.playthrough import GAMES_DIR, load
from games.secrets import NOBODY, found, visible
from games.vasa_regalis.rulebook import GOODS
from records.web.tables import draw
from tests.web import pictures
from tests.web.conftest import screenshot
from tests.web.pictures import classed as shapes
from tests.web.pictures import picture_page

ENGINE = registry.get("vasa_regalis")
PLAYTHROUGHS = GAMES_DIR / "vasa_regalis" / "playthroughs"
NAMES = ["Astrid", "Bo", "Cecilia", "Dag", "Eva"]


def table_after(name: str, count: int):
    """(the playthrough, the state after its first ``count`` moves)."""
    return pictures.table_after("vasa_regalis", name, count)


def seats_of(playthrough) -> list[dict]:
    return [{"position": n, "name": NAMES[n], "colour": s.colour, "team": ""} for n, s in enumerate(playthrough.seats)]


def drawn(name: str, count: int, viewer: int | None = None):
    """(the HTML, its parsed tree, the state) of the table after ``count`` moves, as ``viewer`` sees it."""
    playthrough, state = table_after(name, count)
    html = str(draw("vasa_regalis", ENGINE.seen_view(state, viewer), seats_of(playthrough)))
    return html, ElementTree.fromstring(html), state


def faces(root, **data) -> list[tuple[str, int]]:
    """The goods markers drawn face up, as (good, value), sorted."""
    return sorted((g.get("data-good"), int(g.get("data-value"))) for g in shapes(root, "good", **data))


def title(element) -> str:
    return next(child.text for child in element if child.tag.endswith("title"))


def every_point(name: str, step: int):
    playthrough = load(PLAYTHROUGHS / f"{name}.json")
    return [*range(0, len(playthrough.events), step), len(playthrough.events)]


@pytest.mark.parametrize("name", [p.stem for p in sorted(PLAYTHROUGHS.glob("*.json"))])
def test_the_picture_is_well_formed_xml_with_an_svg_that_scales_to_its_box(name):
    players = len(load(PLAYTHROUGHS / f"{name}.json").seats)
    for count in every_point(name, 12):
        for viewer in [None, NOBODY, *range(players)]:
            _, root, _ = drawn(name, count, viewer)
            (svg,) = [e for e in root.iter() if e.tag == "{http://www.w3.org/2000/svg}svg"]
            assert svg.get("viewBox") and svg.get("width") is None
            assert len(shapes(root, "seat")) == players
            assert len(shapes(root, "role-card")) == 8  # section 1: 8 role cards
            assert len(shapes(root, "square")) == 4 * players  # section 4: four squares on each ship card


@pytest.mark.parametrize(
    ("name", "left"),
    [
        # Section 2 keeps 6/3/3 of each good (3 players), 8/4/4 (4), 10/5/5 (5, section 1's
        # counts); each player starts with one of each good of value 1.
        ("three_players", (6 - 3, 3, 3)),
        ("four_players_examples", (8 - 4, 4, 4)),
        ("five_players", (10 - 5, 5, 5)),
    ],
)
def test_after_setup_the_supply_holds_what_section_2_keeps_less_the_starting_hands(name, left):
    _, root, _ = drawn(name, 1)
    for good in GOODS:
        piles = sorted(
            (int(p.get("data-value")), int(p.get("data-count")))
            for p in shapes(root, "good", place="supply", good=good)
        )
        assert piles == [(1, left[0]), (2, left[1]), (3, left[2])]


def test_at_the_start_every_hand_is_one_good_of_each_type_of_value_1_and_the_leader_moves_first():
    # Section 2: "Each player takes ... 1 wood value 1, 1 cloth value 1, 1 sculpture value 1 and 1
    # iron value 1"; section 3: the holder of the shipyard leader card starts the first round.
    _, root, _ = drawn("four_players_examples", 1)
    for seat in range(4):
        assert faces(root, place="hand", seat=seat) == sorted((good, 1) for good in GOODS)
        assert shapes(root, "good", place="ship", seat=seat) == []
    (leader,) = shapes(root, "seat", leader="true")
    (moving,) = shapes(root, "seat", active="true")
    assert leader.get("data-seat") == moving.get("data-seat") == "0"
    assert all(card.get("data-holder") is None for card in shapes(root, "role-card"))


def test_section_3s_example_player_4_ends_the_round_with_cloth_and_iron_of_value_2():
    # Event 15 is player 4's Tailor/Blacksmith action: "Use 2 cloth and 2 iron of value 1 to craft
    # 1 cloth of value 2 and 1 iron of value 2"; players 1-4 chose wood, cloth, iron and the tailor.
    html, root, _ = drawn("four_players_examples", 15)
    assert faces(root, place="hand", seat=3) == [("cloth", 2), ("iron", 2), ("sculpture", 1), ("wood", 1)]
    holders = {card.get("data-role"): card.get("data-holder") for card in shapes(root, "role-card")}
    assert holders == {
        "wood_procurer": "0",
        "cloth_procurer": "1",
        "iron_procurer": "2",
        "tailor_blacksmith": "3",
        "sculpture_procurer": None,
        "craftsman": None,
        "admiral": None,
        "king": None,
    }
    assert "Dag makes 1 cloth of value 2 and 1 iron of value 2." in html


def test_the_admiral_and_the_king_change_the_wood_on_player_1s_ship_and_only_the_arbiter_sees_it():
    # The admiral example (event 64): player 1 replaces her wood of value 1 with one of value 2;
    # the king example (event 68): player 2 makes her put a wood of value 1 back.
    _, after_admiral, _ = drawn("four_players_examples", 64)
    assert faces(after_admiral, place="ship", seat=0) == [("wood", 2)]
    _, after_king, _ = drawn("four_players_examples", 68)
    assert faces(after_king, place="ship", seat=0) == [("wood", 1)]
    _, seen_by_player_2, _ = drawn("four_players_examples", 64, 1)
    (wood,) = shapes(seen_by_player_2, "good", place="ship", seat=0)
    assert wood.get("data-face") == "down" and wood.get("data-value") is None


def test_the_shortest_game_ends_with_the_ships_parts_and_places_its_source_works_out():
    _, root, _ = drawn("three_players_shortest_game", 67)
    ships = {  # source.how: "Ships at the end (wood/cloth/iron/sculpture): 3/1/1/1, 1/3/1/3, 1/1/3/3"
        0: [("cloth", 1), ("iron", 1), ("sculpture", 1), ("wood", 3)],
        1: [("cloth", 3), ("iron", 1), ("sculpture", 3), ("wood", 1)],
        2: [("cloth", 1), ("iron", 3), ("sculpture", 3), ("wood", 1)],
    }
    for seat, placed in ships.items():
        assert faces(root, place="ship", seat=seat) == placed
    parts = {p.get("data-part"): (p.get("data-total"), p.get("data-operational")) for p in shapes(root, "part")}
    # Section 7: 3 players need 7; totals 5, 5, 5 and 7.
    assert parts == {
        "wood": ("5", "false"),
        "cloth": ("5", "false"),
        "iron": ("5", "false"),
        "sculpture": ("7", "true"),
    }
    places = {row.get("data-seat"): next(e.text for e in shapes(row, "place")) for row in shapes(root, "seat")}
    assert places == {"0": "Place 3", "1": "Winner", "2": "Place 2"}


def test_a_seat_sees_its_own_goods_and_every_other_players_goods_face_down_as_many_as_they_hold():
    _, root, state = drawn("three_players_shortest_game", 40, 0)
    counts = ENGINE.view(state)["players"]
    for seat in (1, 2):
        hand = shapes(root, "good", place="hand", seat=seat)
        assert len(hand) == sum(counts[seat]["hand_counts"].values()) > 0
        ship = shapes(root, "good", place="ship", seat=seat)
        assert len(ship) == len(counts[seat]["ship_placed"]) > 0
        for marker in hand + ship:
            assert marker.get("data-face") == "down" and marker.get("data-value") is None
            assert not re.search(r"\d", title(marker))
    own = shapes(root, "good", place="hand", seat=0) + shapes(root, "good", place="ship", seat=0)
    assert own and all(marker.get("data-face") == "up" for marker in own)


@pytest.mark.parametrize(("name", "step"), [("three_players_shortest_game", 1), ("four_players_examples", 4)])
def test_no_viewer_is_drawn_a_secret_that_is_not_theirs(name, step):
    """What is secret is read from the engine's declaration; each kind of secret has its place
    in the picture, where it must lie face down (or as "?")."""
    playthrough = load(PLAYTHROUGHS / f"{name}.json")
    for count in every_point(name, step):
        arbiters = ENGINE.view(table_after(name, count)[1])
        secrets = list(found(arbiters, ENGINE.view_secrets))
        for viewer in [NOBODY, *range(len(playthrough.seats))]:
            html, root, _ = drawn(name, count, viewer)
            for path, owner, _ in secrets:
                if visible(owner, viewer):
                    continue
                where = f"{name} after {count}, seen by {viewer}: {path}"
                if path[0] == "players":
                    place = "ship" if path[2] == "ship" else "hand"
                    for marker in shapes(root, "good", place=place, seat=path[1]):
                        assert marker.get("data-face") == "down", where
                        assert not re.search(r"\d", title(marker)), where
                elif path[0] == "parts":
                    (part,) = shapes(root, "part", part=path[1])
                    assert part.get("data-total") is None and part.get("data-operational") is None, where
                else:
                    entry = arbiters["shown"][path[1]]
                    looked = f"{NAMES[entry['to']]} looks at the {entry['good']} on {NAMES[entry['seat']]}'s ship"
                    assert f"{looked}: value" not in html, where


def test_during_a_building_every_player_is_to_place_the_chosen_good():
    # Event 50: seat 2 chooses wood; section 4: "all players must place a good of the same type".
    html, root, _ = drawn("four_players_examples", 50)
    assert len(shapes(root, "seat", active="true")) == 4
    assert len(shapes(root, "next-step")) == 4
    assert "building the wood" in html


def test_the_picture_shows_in_a_browser_before_and_after_a_move(browser):
    # Event 64, the admiral example, read by the arbiter: the wood on player 1's ship goes from 1 to 2.
    before, _, _ = drawn("four_players_examples", 63)
    after, _, _ = drawn("four_players_examples", 64)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.set_content(picture_page(before, after))
        pictures = page.locator(".vasa-regalis svg")
        assert pictures.count() == 2
        for n in range(2):
            assert pictures.nth(n).is_visible()
            assert 480 <= pictures.nth(n).bounding_box()["width"] <= 640
        wood = pictures.nth(1).locator("g.good[data-place=ship][data-seat='0']")
        assert wood.get_attribute("data-value") == "2" and wood.is_visible()
        screenshot(page, "table-vasa_regalis")
    finally:
        page.close()
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    try:
        phone.set_content(picture_page(before, after))
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        assert phone.locator(".vasa-regalis svg").first.bounding_box()["width"] >= 330
        screenshot(phone, "table-vasa_regalis-phone")
    finally:
        phone.close()
