"""The picture of a Pax Baltica table: the territories by region with their blocks, the
Replacement Table, whose turn, the forage check; the other side's blocks face down.

The states are folded from the playthroughs; what each test expects is read from the rulebook
(the scenarios' set-ups, 3.1, 6.1, 7.3), counted by hand from the playthrough's moves, or taken
from the engine's documented view.
"""

from __future__ import annotations

import defusedxml.ElementTree as defused
import pytest

from games import registry
from games.pax_baltica import data
from games.secrets import NOBODY, found
from records.web.tables import draw
from tests.games.pax_baltica.set_ups import NEXT_STOP_MOSCOW_RUSSIANS, NEXT_STOP_MOSCOW_SWEDES
from tests.web import pictures
from tests.web.conftest import screenshot
from tests.web.pictures import picture_page

ENGINE = registry.get("pax_baltica")
SVG = "{http://www.w3.org/2000/svg}"
#: 12.5's set-up: each territory's blocks, and the strengths the rulebook gives (Wattrang
#: "steps: II"; Karl XII's blank count read as an army's full 4, 2.21).
LAST_ARMY = {
    "Vastergotland": {"Karl XII"},
    "Jamtland": {"Elfsborg", "Savolax"},
    "Baltic Sea": {"Wattrang"},
    "Akershus": {"Bergenhus", "Prins Christian"},
    "Kattegat": {"Tordenskiold"},
}


def playthrough(name: str):
    return pictures.playthrough("pax_baltica", name)


def state_after(name: str, moves: int):
    """The arbiter's state after the first ``moves`` moves of the playthrough ``name``."""
    return pictures.table_after("pax_baltica", name, moves)[1]


def seats_of(name: str) -> list[dict]:
    return [
        {"position": position, "name": player, "colour": seat.colour, "team": seat.team}
        for position, (player, seat) in enumerate(zip(("Anna", "Boris"), playthrough(name).seats, strict=True))
    ]


def picture(name: str, moves: int, viewer) -> tuple[str, object]:
    """The HTML of the table after ``moves`` moves as ``viewer`` sees it, and its parsed tree
    (the fragment is XML throughout, its SVG included)."""
    html = str(draw("pax_baltica", ENGINE.seen_view(state_after(name, moves), viewer), seats_of(name)))
    return html, defused.fromstring(html)


def blocks_in(tree, territory: str) -> list:
    (tile,) = [g for g in tree.iter(f"{SVG}g") if g.get("data-territory") == territory]
    return [g for g in tile.iter(f"{SVG}g") if "block" in g.get("class", "").split()]


def notes_of(tile, kind: str) -> list[str]:
    """The words of a tile's notes of one kind (each note's text follows its hover title)."""
    notes = [t for t in tile.iter(f"{SVG}text") if kind in t.get("class", "").split()]
    return [note.find(f"{SVG}title").tail.strip() for note in notes]


def names_in(value) -> list[str]:
    """The names a secret holds: itself, or those of the list it is (a pool)."""
    if isinstance(value, list):
        return [item for item in value if isinstance(item, str)]
    return [value] if isinstance(value, str) else []


def drawn_blocks(tree) -> list:
    return [g for g in tree.iter(f"{SVG}g") if "block" in g.get("class", "").split()]


@pytest.mark.parametrize("viewer", [None, 0, 1, NOBODY], ids=["arbiter", "swedes", "allies", "spectator"])
def test_every_table_of_the_shortest_game_is_well_formed_for_every_reader(viewer):
    played = playthrough("last_army_shortest_allied_minor_victory")
    for moves in range(len(played.events) + 1):
        _html, tree = picture(played.name, moves, viewer)
        (svg,) = tree.iter(f"{SVG}svg")
        assert svg.get("viewBox").startswith("0 0 ")


def test_the_arbiter_sees_the_last_army_set_up_as_the_rulebook_prints_it():
    _html, tree = picture("last_army_swedish_major_victory", 0, None)
    for territory, names in LAST_ARMY.items():
        assert {block.get("data-name") for block in blocks_in(tree, territory)} == names, territory
    assert len(drawn_blocks(tree)) == 7
    strengths = {block.get("data-name"): block.get("data-steps") for block in drawn_blocks(tree)}
    assert strengths["Wattrang"] == "2"
    assert strengths["Karl XII"] == "4"


def test_every_block_and_territory_shape_says_what_it_is_on_hover():
    _html, tree = picture("next_stop_moscow_swedish_minor_victory", 0, 1)
    shapes = [g for g in tree.iter(f"{SVG}g") if g.get("class", "").split()[0] in ("block", "territory", "rp-marker")]
    assert len(shapes) > 61
    for shape in shapes:
        assert shape.find(f"{SVG}title").text.strip()


def test_the_allies_see_the_swedish_set_up_face_down_and_never_its_names():
    html, tree = picture("next_stop_moscow_swedish_minor_victory", 0, 1)
    face_down = [b for b in drawn_blocks(tree) if "face-down" in b.get("class").split()]
    assert len(face_down) == sum(len(names) for names in NEXT_STOP_MOSCOW_SWEDES.values()) == 14
    for territory, names in NEXT_STOP_MOSCOW_SWEDES.items():
        here = blocks_in(tree, territory)
        assert len(here) == len(names)
        assert all(b.get("data-name") is None and b.get("data-steps") is None for b in here)
        assert all(not "".join(t.itertext()).strip() for b in here for t in b.iter(f"{SVG}text"))
    for territory, names in NEXT_STOP_MOSCOW_RUSSIANS.items():
        assert {b.get("data-name") for b in blocks_in(tree, territory)} == names
    secrets = list(found(ENGINE.view(state_after("next_stop_moscow_swedish_minor_victory", 0)), ENGINE.view_secrets))
    swedish_names = {name for _path, owner, value in secrets if owner == 0 for name in names_in(value)}
    # Savolax is a regiment and a Finnish territory: the territory's name stands on the map.
    hidden = swedish_names - set(data.default_territories()) - {"sweden", "poland"}
    assert {"Karl XII", "Rehnskiold", "Elfsborg"} <= hidden
    for name in hidden:
        assert name not in html, name


def test_a_spectator_sees_every_block_face_down_and_the_pools_as_counts():
    html, tree = picture("next_stop_moscow_swedish_minor_victory", 0, NOBODY)
    blocks = drawn_blocks(tree)
    assert len(blocks) == 21
    assert all("face-down" in b.get("class").split() for b in blocks)
    # The pools, face down (5.3): Sweden's 15 blocks less the 11 that 12.3 sets up, Russia's
    # 14 less its 7.
    assert "Golitsyn" not in html and "Elfsborg" not in html
    pools = {row.get("data-nation"): "".join(row.itertext()) for row in tree.iter("tr") if row.get("data-nation")}
    assert "4 face down" in pools["sweden"]
    assert "7 face down" in pools["russia"]


def test_a_block_revealed_in_battle_stands_face_up_for_the_enemy():
    # Move 9 starts the battle at sea: Tordenskiold has sailed from the Kattegat onto Wattrang (6.1).
    _html, tree = picture("last_army_optional_rules_allied_major_victory", 9, 0)
    at_sea = blocks_in(tree, "Baltic Sea")
    assert {b.get("data-name") for b in at_sea} == {"Wattrang", "Tordenskiold"}
    assert all("revealed" in b.get("class").split() for b in at_sea)
    (battle,) = [g for g in tree.iter("p") if g.get("data-battle")]
    assert battle.get("data-battle") == "Baltic Sea"
    assert "round 1" in "".join(battle.itertext())


def test_the_rp_markers_stand_on_the_ticks_of_their_values():
    view = ENGINE.seen_view(state_after("next_stop_moscow_swedish_minor_victory", 10), None)
    _html, tree = picture("next_stop_moscow_swedish_minor_victory", 10, None)
    markers = {g.get("data-nation"): g for g in tree.iter(f"{SVG}g") if "rp-marker" in g.get("class", "")}
    assert set(markers) == set(view["replacement_table"]) == {"sweden", "russia", "poland"}
    (track,) = [g for g in tree.iter(f"{SVG}g") if g.get("class") == "rp-track"]
    ticks = {t.text: t.get("x") for t in track.findall(f"{SVG}text") if t.text and t.text.isdigit()}
    # RP move in fours (5.1): the track is ticked 0, 4, ... up to at least Sweden's 40.
    assert list(ticks)[:3] == ["0", "4", "8"] and "40" in ticks
    for nation, marker in markers.items():
        assert marker.get("data-rp") == str(view["replacement_table"][nation])
        assert marker.find(f"{SVG}circle").get("cx") == ticks[marker.get("data-rp")]


def test_sweden_moves_first_with_three_actions_on_the_first_turn_of_next_stop_moscow():
    # 12.3: "Swedish player starts with 3 actions first turn"; the Allies rolled a 4 (move 1).
    html, tree = picture("next_stop_moscow_swedish_minor_victory", 1, None)
    (to_move,) = [e for e in tree.iter("span") if e.get("data-to-move") is not None]
    assert to_move.get("data-to-move") == "0"
    assert "Swedes (Anna)" in "".join(to_move.itertext())
    assert "3 actions left" in html


def test_the_higher_action_roll_makes_the_allies_player_one():
    # Moves 9 and 10: Sweden rolls 2, the Allies 5; the highest die is Player 1 (The game, 3.1).
    html, tree = picture("next_stop_moscow_swedish_minor_victory", 10, 0)
    (to_move,) = [e for e in tree.iter("span") if e.get("data-to-move") is not None]
    assert to_move.get("data-to-move") == "1"
    assert "Player 1: Allies (Boris)" in html


def test_the_forage_check_shows_the_swedes_one_fp_over_in_trondheim():
    # After the siege of Trondheim (move 13) Elfsborg and Savolax, two regiments at 1 FP each
    # (7.3), stand in Trondheim, whose map value is 1 FP: one over, and Sweden's supply check
    # (move 14) indeed takes one step.
    assert playthrough("last_army_swedish_major_victory").events[13]["data"] == {"losses": ["Elfsborg"]}
    _html, tree = picture("last_army_swedish_major_victory", 13, None)
    (tile,) = [g for g in tree.iter(f"{SVG}g") if g.get("data-territory") == "Trondheim"]
    assert notes_of(tile, "attrition") == ["Swedes need 2 FP (1 over)"]


def test_a_conquered_garrison_says_whom_it_was_taken_from():
    # Move 13 breaks Trondheim's garrison (value 1) with Elfsborg's 1: Norway's garrisons count
    # for Denmark, which loses 4 RP for it (4.3).
    _html, tree = picture("last_army_swedish_major_victory", 13, NOBODY)
    (tile,) = [g for g in tree.iter(f"{SVG}g") if g.get("data-territory") == "Trondheim"]
    assert notes_of(tile, "conquest") == ["Garrison taken from Denmark"]


def test_the_picture_is_visible_on_a_laptop(browser):
    html = draw(
        "pax_baltica",
        ENGINE.seen_view(state_after("next_stop_moscow_swedish_minor_victory", 10), 1),
        seats_of("next_stop_moscow_swedish_minor_victory"),
    )
    page = browser.new_page(viewport={"width": 600, "height": 900})
    try:
        page.set_content(picture_page(html))
        svg = page.locator("svg.pb-map")
        assert svg.is_visible()
        box = svg.bounding_box()
        assert box["width"] > 500 and box["height"] > 500
        assert page.locator("g.block.face-down").count() == 14
        assert page.locator("g.block.face-up").count() == 7
        screenshot(page, "table-pax_baltica")
    finally:
        page.close()
