"""First Settlement's legal moves and sentences, on hand-built tables (issue #17).

Each expected list is worked out from the rulebook section the test names, by hand; the
sentences are written as a player would say them. ``founded`` seats 0 and 1 with a Farmer
each; seat 0's site is Hill Top, Cleared Land, River Mouth (1 extra Trade), seat 1's Good
Hunting, Safe Harbor (+1 to the Ship roll), Fishing Grounds.
"""

from games.contract import Move
from games.first_settlement import ENGINE
from games.first_settlement.cards import HARDSHIP_VALUES

NAMES = ["Astrid", "Bjorn"]


def legal(state, seat=None) -> list[Move]:
    return list(ENGINE.legal_moves(state, seat))


def datas(moves: list[Move]) -> list[dict]:
    return [move.data for move in moves]


def same(found: list[dict], expected: list[dict]) -> bool:
    """The same data, each once, whatever the order."""
    return (
        len(found) == len(expected)
        and all(data in found for data in expected)
        and len(set(map(repr, found))) == len(found)
    )


def test_setup_two_players_roll_1d10_each(table):
    """SETUP: "Players roll high on 1D10": each of 2 seats rolls 1 to 10, 10 x 10 = 100 rolls."""
    state = ENGINE.setup(table.seats(2), {})
    moves = legal(state)
    assert all(move.type == "roll_for_first" and move.seat is None for move in moves)
    assert same(datas(moves), [{"rolls": [a, b]} for a in range(1, 11) for b in range(1, 11)])


def test_setup_after_a_tie_the_tied_roll_again_or_everyone(table):
    """SETUP (README: after a tie the tied players roll again, or all players): 3 seats, seats 0
    and 1 tied on 9: they roll again (seat 2 null), 100 rolls, or all three do, 1000 rolls."""
    state = table.play(ENGINE.setup(table.seats(3), {}), "roll_for_first", None, {"rolls": [9, 9, 4]})
    tied = [{"rolls": [a, b, None]} for a in range(1, 11) for b in range(1, 11)]
    everyone = [{"rolls": [a, b, c]} for a in range(1, 11) for b in range(1, 11) for c in range(1, 11)]
    assert same(datas(legal(state)), tied + everyone)


def test_setup_a_prepared_colony_is_offered_its_early_site_selection(table):
    """SETUP / SITE SELECTION PROCESS (README, "Order of setup"): seat 1 rolled highest and has
    prepared its colony while seats 2 and 0 have not. Seats 2 and 0 are offered their
    preparations; seat 1, first in turn order to select, is offered its site selection; seat 2
    may not select before seat 1 has, nor before it is prepared."""
    state = table.play(ENGINE.setup(table.seats(3), {}), "roll_for_first", None, {"rolls": [2, 6, 1]})
    state = table.play(state, "prepare_colony", 1, table.prepare(state, 1))
    first = {seat: {move.type for move in legal(state, seat)} for seat in range(3)}
    assert first == {0: {"prepare_colony"}, 1: {"select_site"}, 2: {"prepare_colony"}}
    state = table.play(state, "select_site", 1, table.offer(state, table.take(state, "site", 3)))
    state = table.play(state, "prepare_colony", 2, table.prepare(state, 2, "Soldier"))
    assert {move.type for move in legal(state, 2)} == {"select_site"}
    assert {move.type for move in legal(state, 0)} == {"prepare_colony"}


def test_time_phase_offers_the_one_move(table):
    """TIME PHASE: "Keep track of the season and the year": one move, nothing to choose."""
    state = table.at(table.founded(), "time", seat=0, turn=2)
    assert legal(state) == [Move("time", 0, {})]
    assert legal(state, 1) == []


def test_plant_phase_in_spring(table):
    """PLANT PHASE in Spring (turn 2 of a colony started in Winter): one move, no choice."""
    state = table.at(table.founded(), "plant", seat=1, turn=2)
    assert legal(state) == [Move("plant", 1, {})]


def test_ship_phase_every_roll_and_cargo(table):
    """SHIP PHASE: "Roll 1D10. On a roll of 7 or better, a ship arrives ... 1D10 CT and 1D10 FT".
    Seat 0 (no bonus): rolls 1-6 bring nothing (6 moves), 7-10 each bring 10 x 10 cargos (400)."""
    state = table.at(table.founded(), "ship", seat=0, turn=2)
    expected = [{"roll": r} for r in range(1, 7)]
    expected += [
        {"roll": r, "colonists": c, "food": f} for r in range(7, 11) for c in range(1, 11) for f in range(1, 11)
    ]
    assert same(datas(legal(state)), expected)


def test_ship_phase_safe_harbor_adds_1(table):
    """SHIP PHASE with SITE DECK CARD LIST "Safe Harbor: Get +1 to Roll in Ship Phase": seat 1's
    roll of 6 brings a ship too: 5 rolls without, 5 x 100 with a cargo, 505 moves."""
    state = table.at(table.founded(), "ship", seat=1, turn=2)
    moves = legal(state)
    assert len(moves) == 5 + 500
    assert Move("ship", 1, {"roll": 6, "colonists": 1, "food": 1}) in moves
    assert Move("ship", 1, {"roll": 6}) not in moves
    assert Move("ship", 1, {"roll": 5}) in moves


def test_food_phase_from_a_nearly_empty_deck(table):
    """FOOD PHASE: "Draw 1 Food card for each CT": 1 CT in Spring, a Food deck of Cod and Deer:
    each card that can be drawn is a move; in Winter 1 CT draws none ("1 Food card for every 2 CT")."""
    state = table.at(table.founded(), "food", seat=0, turn=2, colonists=1)
    state["decks"]["food"] = {"draw": {"Cod": 1, "Deer": 1}, "discard": {}}
    assert same(datas(legal(state)), [{"cards": ["Cod"]}, {"cards": ["Deer"]}])
    winter = table.at(state, "food", seat=0, turn=5)
    assert datas(legal(winter)) == [{"cards": []}]


def test_trade_phase_every_trade(table):
    """TRADE PHASE: "play (discard) Trade Action cards ... 1 Food Token or 1 Land Purchase Token.
    You may convert 5 FT into 1 VP." Seat 1 (no extra Trade) holds Beads (Trade Good) and Surgeon
    (Medical, not a Trade card), 4 FT. Beads for food makes 5 FT: 1 VP may then be converted. An
    empty list and a left-out key say the same, so both are moves."""
    state = table.at(table.founded(), "trade", seat=1, turn=2, hand=["Beads", "Surgeon"], food=4)
    no_cards = [{}, {"cards": []}]
    no_extra = [{}, {"extra_trades": []}]
    expected = [{**c, **e, **v} for c in no_cards for e in no_extra for v in ({}, {"convert": 0})]
    food = {"cards": [{"card": "Beads", "gain": "food"}]}
    expected += [{**food, **e, **v} for e in no_extra for v in ({}, {"convert": 0}, {"convert": 1})]
    land = {"cards": [{"card": "Beads", "gain": "land"}]}
    expected += [{**land, **e, **v} for e in no_extra for v in ({}, {"convert": 0})]
    assert same(datas(legal(state)), expected)  # 8 + 6 + 4


def test_trade_phase_extra_trade_of_river_mouth(table):
    """TRADE PHASE with "River Mouth: Get 1 extra Trade in Trade phase" (seat 0), an empty hand,
    0 FT: no extra Trade, an extra for 1 FT or for 1 Land Purchase Token; never 5 FT to convert."""
    state = table.at(table.founded(), "trade", seat=0, turn=2, hand=[], food=0)
    found = datas(legal(state))
    assert {"extra_trades": ["food"]} in found and {"extra_trades": ["land"]} in found
    assert {"extra_trades": ["food", "food"]} not in found and {"convert": 1} not in found
    assert (
        len(found) == 2 * 2 * 2 + 2 * 2 * 2
    )  # no extra: 2 x 2 x 2 ways to say nothing; an extra: 2 gains x 2 (cards) x 2 (convert)


def test_trade_phase_five_trade_cards_are_offered_in_hand_order_reaching_every_table(table):
    """TRADE PHASE: "You may play (discard) Trade Action cards. For each such card, you may gain either 1 Food
    Token or 1 Land Purchase Token"; SITE DECK CARD LIST: "Isolated Negate the first Trade card you play in
    Trade Phase". Five Trade cards make 1 + 5x2 + 20x4 + 60x8 + 120x16 + 120x32 = 6331 ordered plays with
    their gains, too many to list with the extra Trades and the FT converted, so `trade` is representative
    (README "Legal moves"): the cards come in hand order. With Isolated and 0 FT, all five played for food in
    reverse order gain 4 FT (Liquor, first, is negated); all five in hand order for food gain 4 FT too (Beads
    negated): the same table, and that move is offered."""
    hand = ["Beads", "Guns", "Cloth", "Knives", "Liquor"]
    sites = ["Isolated", "Quality Timber", "Safe Harbor"]
    state = table.at(table.founded(), "trade", seat=0, turn=2, food=0, hand=hand, sites=sites)
    reverse = {"cards": [{"card": card, "gain": "food"} for card in reversed(hand)]}
    in_order = {"cards": [{"card": card, "gain": "food"} for card in hand]}
    assert "trade" in ENGINE.representative_choices
    assert ENGINE.check(state, Move("trade", 0, reverse)) == []
    assert in_order in datas(legal(state, 0))
    played = ENGINE.apply(state, Move("trade", 0, reverse))
    assert (played["colonies"][0]["food"], played["colonies"][0]["hand"]) == (4, [])
    assert ENGINE.apply(state, Move("trade", 0, in_order)) == played


def test_build_phase_one_for_5_ft_a_second_for_20(table):
    """BUILD PHASE: "1 Building into play at a cost of 5 FT ... a second Building for 20 FT": with
    Church and Granary in hand (Beads is not a Build card) and 25 FT, nothing, either one, or both
    in either order; with 24 FT not both."""
    state = table.at(table.founded(), "build", seat=0, turn=2, hand=["Church", "Beads", "Granary"], food=25)
    both = [[], ["Church"], ["Granary"], ["Church", "Granary"], ["Granary", "Church"]]
    assert same(datas(legal(state)), [{"buildings": b} for b in both])
    poorer = table.at(state, "build", seat=0, turn=2, food=24)
    assert same(datas(legal(poorer)), [{"buildings": b} for b in both[:3]])


def test_trade_option_any_colony_gives_at_any_time(table):
    """TRADE OPTION: "Players may at any time freely trade cards ... CT and FT": in seat 0's Time
    Phase seat 1 may give to seat 0 (representative gifts, README "Legal moves")."""
    state = table.founded(options={"trade_between_players": True})
    state = table.at(state, "time", seat=0, turn=2)
    state["colonies"][1].update(hand=["Beads"], food=3)
    gifts = [
        {"to": 0},
        {"to": 0, "food": 1},
        {"to": 0, "colonists": 1},
        {"to": 0, "cards": ["Beads"]},
        {"to": 0, "food": 1, "cards": ["Beads"]},
    ]
    assert [m.type for m in legal(state, 1)] == ["give"] * 5
    assert same(datas(legal(state, 1)), gifts)
    assert Move("time", 0, {}) in legal(state, 0)


def test_raid_phase_defense_cards_only_against_raids(table):
    """RAID PHASE: "You may discard a Defense Action card to negate 1 Raid card"; seat 1 has no
    Defense leader or site. Every move plays the Diplomacy only where a Raid card was drawn."""
    state = table.at(table.founded(), "raid", seat=1, turn=2, hand=["Diplomacy", "Beads"])
    moves = datas(legal(state))
    assert moves and all(set(m) <= {"cards", "defense"} and len(m["cards"]) == 10 for m in moves)
    played = [m for m in moves if m.get("defense")]
    assert played and all(m["defense"] == ["Diplomacy"] for m in played)
    assert all(any(card in HARDSHIP_VALUES["Raid"] for card in m["cards"]) for m in played)


def test_no_move_once_the_game_is_over(table):
    """TIME & GAME LENGTH: nothing follows the end."""
    state = table.founded()
    state["over"] = "end"
    assert legal(state) == []


# Sentences


def test_said_roll_for_first(table):
    """SETUP: the roll for first player."""
    state = ENGINE.setup(table.seats(2), {})
    said = ENGINE.narrate(state, Move("roll_for_first", None, {"rolls": [7, 3]}), None, NAMES)
    assert said == "Astrid rolls 7 and Bjorn rolls 3 for first player: Astrid goes first."


def test_said_ship(table):
    """SHIP PHASE: a ship arrives."""
    state = table.at(table.founded(), "ship", seat=0, turn=2)
    said = ENGINE.narrate(state, Move("ship", 0, {"roll": 8, "colonists": 3, "food": 6}), None, NAMES)
    assert said == "Astrid rolls 8 in the Ship Phase: a ship arrives with 3 CT and 6 FT."


def test_said_draw_by_the_drawer_and_by_another_seat(table):
    """DRAW PHASE: the drawer hears its cards; seat 1 may not see them (a hand is its holder's)."""
    state = table.at(table.founded(), "draw", seat=0, turn=2)
    move = Move(
        "draw", 0, {"actions": ["Cloth", "Medicines"], "builds": ["Stockade", "Taverns"], "build_discard": "Taverns"}
    )
    assert ENGINE.narrate(state, move, 0, NAMES) == (
        "Astrid draws the Cloth and the Medicines from the Action Deck and the Stockade and the Taverns "
        "from the Build Deck and discards the Taverns."
    )
    assert ENGINE.narrate(state, move, 1, NAMES) == (
        "Astrid draws 2 cards from the Action Deck and 2 cards from the Build Deck and discards a card."
    )


def test_said_trade_and_build(table):
    """TRADE PHASE and BUILD PHASE."""
    state = table.at(table.founded(), "trade", seat=1, turn=2)
    trade = Move("trade", 1, {"cards": [{"card": "Beads", "gain": "land"}], "convert": 1})
    assert ENGINE.narrate(state, trade, None, NAMES) == (
        "Bjorn plays the Beads for 1 Land Purchase Token and converts 5 FT into 1 VP."
    )
    build = Move("build", 1, {"buildings": ["Church", "Granary"]})
    assert ENGINE.narrate(state, build, None, NAMES) == "Bjorn builds the Church and the Granary for 25 FT."


def test_said_raid_with_a_defense_card(table):
    """RAID PHASE: the Hardship cards drawn, each named (another draw is another move), the Raid cards among them
    and the Defense card played."""
    state = table.at(table.founded(), "raid", seat=0, turn=2)
    cards = table.hardships(10, "Indian Raid", avoid=("Raid",))
    said = ENGINE.narrate(state, Move("raid", 0, {"cards": cards, "defense": ["Diplomacy"]}), None, NAMES)
    assert said == (
        "Astrid draws and discards 10 Hardship cards in the Raid Phase (Indian Raid, Agitators, Bitter Cold, Crisis, "
        "Despair, Disorder, Drought, Dysentery, Early Frost and Epidemic), 1 Raid card among them (Indian Raid), "
        "and plays the Diplomacy to negate it."
    )


def test_said_give_masked_for_the_giver(table):
    """TRADE OPTION: the cards given are the receiver's secret (README "Hidden information")."""
    state = table.at(table.founded(options={"trade_between_players": True}), "time", seat=0, turn=2)
    move = Move("give", 1, {"to": 0, "cards": ["Beads"], "food": 2})
    assert ENGINE.narrate(state, move, 0, NAMES) == "Bjorn gives Astrid the Beads and 2 FT."
    assert ENGINE.narrate(state, move, 1, NAMES) == "Bjorn gives Astrid a card and 2 FT."
