"""The picture of a Nova Suecia table: the forts with their thaler, the river cards with the
ships and their influence, the districts with seals, colonists and log cabins, the markets'
price squares and the players' holdings.

The states are folded from the playthroughs; what each test expects is read from the rulebook
(section 3's preparation, section 8's sample game), counted by hand from the playthrough's moves
(the fastest governor victory's own arithmetic is in its ``source.how``), or taken from the
engine's documented view (README: nothing in Nova Suecia is hidden from one player that another
sees; a card nobody has turned up is unknown to all).
"""

from __future__ import annotations

import re

import defusedxml.ElementTree as defused

from games import registry
from games.playthrough import all_playthroughs, load
from games.secrets import NOBODY
from records.web.tables import draw
from tests.web import pictures
from tests.web.conftest import screenshot
from tests.web.pictures import picture_page

ENGINE = registry.get("nova_suecia")
SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Anna", "Bertil", "Cecilia", "Dagny", "Erik")
PLAYTHROUGHS = [path for path in all_playthroughs() if path.parent.parent.name == "nova_suecia"]
#: The shapes a person hovers over to learn what they are.
TITLED = ("fort", "river-card", "district", "seal", "colonist", "log-cabins", "ship", "market")


def playthrough(name: str):
    return pictures.playthrough("nova_suecia", name)


def state_after(name: str, moves: int):
    """The state after the first ``moves`` moves of the playthrough ``name``."""
    return pictures.table_after("nova_suecia", name, moves)[1]


def seats_of(name: str) -> list[dict]:
    return [
        {"position": position, "name": player, "colour": seat.colour, "team": ""}
        for position, (player, seat) in enumerate(zip(NAMES, playthrough(name).seats))
    ]


def picture(name: str, moves: int, viewer=None) -> tuple[str, dict]:
    """The HTML drawn after ``moves`` moves of ``name`` for ``viewer``, and its SVGs parsed, by class."""
    html = str(draw("nova_suecia", ENGINE.seen_view(state_after(name, moves), viewer), seats_of(name)))
    return html, parsed(html)


def parsed(html: str) -> dict:
    """Each SVG of the picture as XML (so a malformed one fails here), keyed by its class."""
    roots = [defused.fromstring(svg) for svg in re.findall(r"<svg\b.*?</svg>", html, flags=re.S)]
    return {root.get("class"): root for root in roots if root.get("class")}


def having(root, css_class: str, **attributes: str) -> list:
    """The elements of ``root`` with ``css_class`` and the given data-attributes (``river_card`` is data-river-card)."""
    return [
        element
        for element in root.iter()
        if css_class in (element.get("class") or "").split()
        and all(element.get("data-" + key.replace("_", "-")) == value for key, value in attributes.items())
    ]


def one(root, css_class: str, **attributes: str):
    (element,) = having(root, css_class, **attributes)
    return element


def title(element) -> str:
    return element.find(f"{SVG}title").text


def row_of(html: str, player: int) -> str:
    (row,) = re.findall(rf'<tr data-player="{player}"[^>]*>.*?</tr>', html, flags=re.S)
    return row


def cell(row: str, css_class: str) -> str:
    (text,) = re.findall(rf'<td class="num {css_class}"[^>]*>(.*?)</td>', row)
    return text


def letter_of(row: str) -> list[str]:
    return re.findall(r'<span class="letter"[^>]*><svg.*?</svg> (.*?)</span>', row)


def test_every_picture_of_every_playthrough_is_well_formed_svg_with_a_title_on_every_shape():
    drawn = 0
    for path in PLAYTHROUGHS:
        played = load(path)
        for moves in range(0, len(played.events) + 1, 7):
            _, svgs = picture(path.stem, moves)
            assert set(svgs) >= {"board", "markets"}
            for root in svgs.values():
                assert root.get("viewBox")
                for css_class in TITLED:
                    for element in having(root, css_class):
                        assert element.find(f"{SVG}title").text.strip(), f"{path.stem} after {moves}: {css_class}"
            drawn += 1
    assert drawn > 50


def test_the_table_after_preparation_is_laid_out_as_section_3_says():
    html, svgs = picture("five_players_dutch_victory", 0)
    board, markets = svgs["board"], svgs["markets"]
    assert len(having(board, "river-card")) == 12
    assert len(having(board, "district", face_down="true")) == 24
    assert having(board, "district", face_down="false") == []
    swedish, dutch = one(board, "ship", ship="swedish"), one(board, "ship", ship="dutch")
    assert swedish.get("data-river-card") == "0" and "Fort Christina" in title(swedish)
    assert dutch.get("data-river-card") == "13" and "Fort Nassau" in title(dutch)
    assert [fort.get("data-thaler") for fort in having(board, "fort")] == ["0", "0"]
    assert having(board, "coin") == []
    for resource in ("grain", "timber", "iron", "plant", "tobacco", "fur", "colonist", "gold"):
        market = one(markets, "market", resource=resource)
        assert len(having(market, "cube")) == 6
        bag = one(market, "bag").text
        assert bag == ("–" if resource == "plant" else "1")
    assert [cell(row_of(html, player), "thaler") for player in range(5)] == ["1", "1", "2", "2", "3"]
    assert 'data-governor="true"' in row_of(html, 0)


def test_the_fastest_governor_victory_is_drawn_as_counted_by_hand():
    """Before player 0 ends turn 4: her seals and upright colonists on the farms N1 and N3, the
    ships after four Ship actions of 1 card each (the Dutch ship's card and those beyond it
    within Dutch influence, 5.4), the grain market at 7 cubes (3 to buy, 2 to sell)."""
    html, svgs = picture("two_players_fastest_governor_victory", 19)
    board, markets = svgs["board"], svgs["markets"]
    opened = {d.get("data-district"): d.get("data-type") for d in having(board, "district", face_down="false")}
    assert opened == {"N1": "farm", "N2": "forge", "N3": "farm", "N4": "spin"}
    assert [seal.get("data-seat") for seal in having(board, "seal")] == ["0", "0"]
    assert [d.get("data-district") for d in having(board, "district") if having(d, "seal")] == ["N1", "N3"]
    for district in ("N1", "N3"):
        (colonist,) = having(one(board, "district", district=district), "colonist")
        assert colonist.get("data-seat") == "0" and colonist.get("data-upright") == "true"
        assert "left triangle" in title(colonist)
    assert len(having(board, "colonist")) == 2
    swedish, dutch = one(board, "ship", ship="swedish"), one(board, "ship", ship="dutch")
    assert (swedish.get("data-river-card"), swedish.get("data-heading")) == ("4", "Fort Nassau")
    assert (dutch.get("data-river-card"), dutch.get("data-heading")) == ("9", "Fort Christina")
    dutch_influence = [card.get("data-card") for card in having(board, "river-card", influence="dutch")]
    assert dutch_influence == ["9", "10", "11", "12"]
    grain = one(markets, "market", resource="grain")
    assert len(having(grain, "cube")) == 7
    assert (one(grain, "buy").text, one(grain, "sell").text) == ("3", "2")
    assert [price.text for price in having(grain, "price")] == ["3", "2"]
    assert len(having(one(markets, "market", resource="colonist"), "cube")) == 6
    assert len(having(one(markets, "market", resource="gold"), "cube")) == 4
    anna, bertil = row_of(html, 0), row_of(html, 1)
    assert (cell(anna, "seals"), cell(anna, "thaler"), cell(anna, "net")) == ("2", "1", "−17")
    assert '<span class="treasury" title="loan 18, deposit 0">−18</span>' in anna
    assert (cell(bertil, "seals"), cell(bertil, "thaler")) == ("0", "3")
    assert letter_of(anna) == ["tobacco"] and letter_of(bertil) == ["fur"]
    assert "colonists: none" in anna and "colonists: 1 standing" in bertil
    assert 'data-to-move="true"' in anna and 'data-governor="true"' in bertil
    assert "<strong>Anna</strong> to move" in html


def test_the_governor_victory_names_its_winner_and_nobody_moves_after_it():
    html, _ = picture("two_players_fastest_governor_victory", 20)
    assert "<strong>Governor victory</strong>: Anna won" in html
    assert "data-to-move" not in html and "to move" not in html


def test_the_ships_passing_in_the_sample_game_put_a_thaler_on_fort_christina():
    """Section 8: player 4's second turn, "the ships pass each other and 1 thaler is placed on
    the closest fort (Christina)"; then player 1's farm (N1) lies within the Dutch influence and
    the Dutch raid 1 thaler from her."""
    _, svgs = picture("sample_game_four_players", 26)
    assert [fort.get("data-thaler") for fort in having(svgs["board"], "fort")] == ["0", "0"]
    _, svgs = picture("sample_game_four_players", 27)
    board = svgs["board"]
    christina, nassau = one(board, "fort", fort="christina"), one(board, "fort", fort="nassau")
    assert (christina.get("data-thaler"), len(having(christina, "coin"))) == ("1", 1)
    assert (nassau.get("data-thaler"), len(having(nassau, "coin"))) == ("0", 0)
    assert title(christina) == "Fort Christina: 1 thaler"
    _, svgs = picture("sample_game_four_players", 31)
    first = one(svgs["board"], "river-card", card="1")
    assert first.get("data-influence") == "dutch"
    assert "a raid of 1 thaler (Fort Christina)" in title(first)


def test_the_sample_game_markets_and_a_colonist_laid_down_after_produce():
    """Section 8: player 1 "pays 4 thaler for 1 grain ... and raises the grain price to 5"; later
    she "takes the Produce action to produce 2 grain", laying her colonist down (5.3.2)."""
    _, svgs = picture("sample_game_four_players", 8)
    grain = one(svgs["markets"], "market", resource="grain")
    assert (grain.get("data-cubes"), one(grain, "buy").text) == ("5", "5")
    (colonist,) = having(one(svgs["board"], "district", district="N1"), "colonist")
    assert colonist.get("data-upright") == "true"
    _, svgs = picture("sample_game_four_players", 32)
    (colonist,) = having(one(svgs["board"], "district", district="N1"), "colonist")
    assert colonist.get("data-upright") == "false" and "laid down" in title(colonist)


def test_a_district_nobody_has_turned_up_is_drawn_face_down_and_never_named():
    """The first Ship action turns up the farm N1; before it, no card's type is drawn or said."""
    html, svgs = picture("two_players_fastest_governor_victory", 3)
    districts = having(svgs["board"], "district")
    assert len(districts) == 24
    assert all(d.get("data-face-down") == "true" and d.get("data-type") is None for d in districts)
    assert "farm" not in html.lower()
    html, svgs = picture("two_players_fastest_governor_victory", 4)
    n1 = one(svgs["board"], "district", district="N1")
    assert (n1.get("data-face-down"), n1.get("data-type")) == ("false", "farm")
    assert 'data-type="farm"' in html.split('class="small muted legend"')[1]


def test_a_district_the_dutch_closed_is_face_down_with_the_type_everyone_saw():
    """README, Hidden information: a card the Dutch ship closes again keeps its type in the view."""
    played = playthrough("five_players_dutch_victory")
    opened = [move.data["open"] for move in played.moves() if move.type == "sail" and move.data.get("open")]
    _, svgs = picture("five_players_dutch_victory", len(played.events))
    closed = [d for d in having(svgs["board"], "district", face_down="true") if d.get("data-district") in opened]
    assert closed
    for district in closed:
        assert district.get("data-type") and "face down" in title(district)


def test_every_seat_and_a_spectator_see_the_same_table_as_the_arbiter():
    """README, Hidden information: the rulebook hides nothing, so no viewer's picture differs."""
    arbiter, _ = picture("sample_game_four_players", 40)
    for viewer in (0, 1, 2, 3, NOBODY):
        assert picture("sample_game_four_players", 40, viewer)[0] == arbiter


def test_the_neutral_players_turn_is_played_by_the_governor():
    """7.5: the card passes after the second turn and the new Governor plays the neutral player,
    who started with player 3's 2 thaler (3 step 6) and never takes a seat."""
    played = playthrough("two_players_neutral_stormy_audience")
    ends = [seq for seq, move in enumerate(played.moves(), start=1) if move.type == "end_turn"]
    html, _ = picture("two_players_neutral_stormy_audience", ends[1])
    neutral = row_of(html, 2)
    assert "Neutral player" in neutral and 'data-to-move="true"' in neutral
    assert cell(neutral, "thaler") == "2"
    assert "<strong>Neutral player</strong> to move (played by Bertil)" in html
    assert 'data-governor="true"' in row_of(html, 1)


def test_the_picture_shows_before_and_after_side_by_side_and_on_a_phone(browser, phone):
    played = playthrough("sample_game_four_players")
    before, after = (picture(played.name, moves)[0] for moves in (26, 27))
    page_html = picture_page(before, after)
    laptop = browser.new_page(viewport={"width": 1280, "height": 900})
    laptop.set_content(page_html)
    boards = laptop.locator("svg.board")
    assert boards.count() == 2
    left, right = boards.nth(0).bounding_box(), boards.nth(1).bounding_box()
    assert left["width"] > 450 and right["x"] > left["x"] + left["width"]
    assert laptop.locator("svg.markets").first.is_visible()
    screenshot(laptop, "table-nova_suecia")
    laptop.close()
    phone.set_content(page_html)
    board = phone.locator("svg.board").first
    assert board.is_visible()
    box = board.bounding_box()
    assert box["width"] > 300 and box["x"] + box["width"] <= 390
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "table-nova_suecia-phone")
