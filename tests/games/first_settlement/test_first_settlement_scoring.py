"""END GAME SCORING, VICTORY, the view, the trade option and record plays of First Settlement."""

import copy

from games.contract import Move
from games.first_settlement import ENGINE


def test_end_game_scoring(table):
    """END GAME SCORING: "Gain 2 VP for each Colonist Token you have. Each Building is worth a base 5 VP. Some
    Buildings are worth additional VP. Gain 1 VP for each Land Purchase Token." Quality Timber: "Worth 20 VP";
    Lumber Mill: "Worth 20 VP" beyond its base; VP gained in trade count too."""
    state = table.founded()
    state["colonies"][0].update(
        colonists=7,
        buildings=["Church", "Lumber Mill"],
        land=3,
        vp=4,
        sites=["Quality Timber", "Hill Top", "Swampy"],
    )
    assert ENGINE.view(state)["scores"][0] == 2 * 7 + (5) + (5 + 20) + 3 + 20 + 4


def test_the_logging_camp_is_worth_20_vp_beyond_its_base(table):
    """END GAME SCORING: "Each Building is worth a base 5 VP. Some Buildings are worth additional VP."; BUILD
    DECK CARD LIST: "Logging Camp Worth 20 VP". 10 CT, no land, no VP yet, plain sites: 2 x 10 + (5 + 20)."""
    state = table.founded()
    state["colonies"][0].update(
        colonists=10, buildings=["Logging Camp"], land=0, vp=0, sites=["Hill Top", "Cleared Land", "River Mouth"]
    )
    assert ENGINE.view(state)["scores"][0] == 2 * 10 + (5 + 20)


def test_tied_colonies_share_the_place(table):
    """VICTORY: "The player with the most Victory Points (VP) at the end of the game wins." A tie shares it."""
    state = table.at(table.founded(3), "build", seat=2, turn=20, food=0)
    state["colonies"][1]["colonists"] = 4
    state = table.play(state, "build", 2, {"buildings": []})
    outcome = ENGINE.outcome(state)
    assert outcome.places == [1, 3, 1] and outcome.winners == [0, 2]
    assert outcome.reason.startswith("The player with the most Victory Points")


def test_a_seat_sees_its_own_hand_only(table):
    """ACTION DECK: "Each Player keeps a hand of Action cards": the other hands are hidden."""
    state = table.founded()
    mine = ENGINE.view(state, 0)
    assert mine["colonies"][0]["hand"] == state["colonies"][0]["hand"]
    assert "hand" not in mine["colonies"][1] and mine["colonies"][1]["hand_size"] == 5
    assert "cards" not in mine["decks"]["action"]
    assert ENGINE.view(state)["decks"]["action"]["cards"] == state["decks"]["action"]


def test_players_may_give_cards_colonists_and_food_with_the_trade_option(table):
    """TRADE OPTION: "Players may at any time freely trade cards from their hands, as well as CT and FT." """
    plain = table.founded()
    give = {"to": 1, "cards": [plain["colonies"][0]["hand"][0]], "colonists": 2, "food": 1}
    assert table.rules(plain, "give", 0, give) == ["TRADE OPTION"]
    state = table.founded(options={"trade_between_players": True})
    assert "give" in ENGINE.view(state)["legal_event_types"]
    after = table.play(state, "give", 0, give)
    assert (after["colonies"][0]["colonists"], after["colonies"][1]["colonists"]) == (8, 12)
    assert (after["colonies"][0]["food"], after["colonies"][1]["food"]) == (2, 4)
    assert give["cards"][0] in after["colonies"][1]["hand"]
    assert table.rules(state, "give", 0, {**give, "food": 9}) == ["TRADE OPTION"]
    assert table.rules(state, "give", 0, {**give, "to": 0}) == ["TRADE OPTION"]
    state["colonies"][1]["gave_up"] = True
    assert table.rules(state, "give", 0, give) == ["TRADE OPTION"]
    assert table.rules(state, "give", 1, {"to": 0, "food": 1}) == ["TRADE OPTION"]


def test_edition_data_may_change_the_copies_of_a_card(table):
    """Component data: the number of copies of each card is assumed (1); a play may supply its own."""
    state = table.at(table.founded(options={"copies": {"hardship": {"Drought": 2}}}), "blight", plant=5)
    cards = table.hardships(10, "Drought", "Drought", avoid=("Blight",))
    assert table.play(state, "blight", 0, {"cards": cards})["colonies"][0]["plant"] == 3


def test_the_hardship_deck_is_reshuffled_when_it_runs_out(table):
    """HARDSHIPS DECK: drawn cards are discarded; an empty deck is made again from its discard pile."""
    state = table.at(table.founded(), "blight")
    deck = state["decks"]["hardship"]
    deck["discard"] = {card: n for card, n in deck["draw"].items() if card not in ("Drought", "Insects")}
    deck["draw"] = {"Drought": 1, "Insects": 1}
    cards = ["Drought", "Insects", "Fungus", *table.hardships(7, avoid=("Blight",))]
    assert table.rules(state, "blight", 0, {"cards": ["Drought", "Insects", "Drought", *cards[3:]]}) == ["BLIGHT PHASE"]
    after = table.play(state, "blight", 0, {"cards": cards})
    assert after["colonies"][0]["plant"] == 0
    assert sum(after["decks"]["hardship"]["draw"].values()) == 51 - 8
    assert sum(after["decks"]["hardship"]["discard"].values()) == 10


def test_a_record_play_applies_a_skipped_phase_as_the_table_played_it(table):
    """TURN SEQUENCE: in a record play a refused move is still applied: Plant in Winter adds its tokens."""
    state = table.at(table.founded(), "draw", turn=5, colonists=6)
    move = Move("plant", 0, {})
    assert [v.rule for v in ENGINE.check(state, move)] == ["PLANT PHASE"]
    before = copy.deepcopy(state)
    after = ENGINE.apply(state, move)
    assert state == before
    assert after["colonies"][0]["plant"] == 6 and ENGINE.view(after)["phase"] == "ship"


def test_apply_never_changes_its_input(table):
    """The contract: apply is pure, even for a move touching two colonies and several decks."""
    state = table.at(table.founded(), "hardship", leaders=["Farmer"], buildings=["Church"])
    cards = table.hardships(10, "Kicked Out", "Lose Leader", "Fire", "Storm")
    data = {"cards": cards, "kicked_out_to": [1], "new_leaders": [{"drawn": "Soldier"}], "burned": ["Church"]}
    before = copy.deepcopy(state)
    table.play(state, "hardship", 0, data)
    assert state == before


def test_an_exhausted_deck_gives_what_it_has_left(table):
    """DRAW PHASE: "Draw 2 cards from the Build Deck and discard 1": with one Build card left in the whole
    deck, that one is drawn and kept."""
    state = table.at(table.founded(), "draw", leaders=["Nobleman"])
    last = table.take(state, "build", 1)[0]
    state["decks"]["build"] = {"draw": {last: 1}, "discard": {}}
    actions = table.take(state, "action", 2)
    hand = state["colonies"][0]["hand"]
    data = {"actions": actions, "builds": [last], "discards": hand[:2]}
    assert last in table.play(state, "draw", 0, data)["colonies"][0]["hand"]
    assert set(table.rules(state, "draw", 0, {**data, "build_discard": last})) == {"DRAW PHASE"}


def test_a_fifth_player_selects_from_the_sites_left_in_the_deck(table):
    """SITE SELECTION PROCESS with 5 players ("2-4+"): 20 site cards leave the 5th player 8, so 2 sites.
    (An edition with 4 copies of each Leader keeps the Leader deck from running out here.)"""
    leaders = {name: 4 for name in ("Farmer", "Nobleman", "Frontiersman", "Merchant", "Minister", "Sea Captain")}
    state = ENGINE.setup(table.seats(5), {"copies": {"leader": leaders}})
    state = table.play(state, "roll_for_first", None, {"rolls": [10, 1, 1, 1, 1]})
    for seat in range(5):
        state = table.play(
            state, "prepare_colony", seat, table.prepare(state, seat, "Nobleman" if seat > 1 else "Farmer")
        )
    for seat in range(4):
        state = table.play(state, "select_site", seat, table.offer(state, table.take(state, "site", 3)))
    assert table.rules(state, "select_site", 4, table.offer(state, table.take(state, "site", 3))) == [
        "SITE SELECTION PROCESS"
    ]
    table.play(state, "select_site", 4, table.offer(state, table.take(state, "site", 3), count=2))


def test_a_record_play_applies_a_phase_logged_late_and_keeps_the_phase_due(table):
    """DRAW PHASE: "Skip this phase the first turn of the game." A Draw logged anyway in a record play adds
    its cards, and the Blight Phase due stays due."""
    state = table.play(table.founded(), "time", 0, {})
    builds = table.take(state, "build", 2)
    data = {"actions": table.take(state, "action", 2), "builds": builds, "build_discard": builds[0]}
    move = Move("draw", 0, {**data, "discards": state["colonies"][0]["hand"][:3]})
    assert [v.rule for v in ENGINE.check(state, move)] == ["DRAW PHASE"]
    after = ENGINE.apply(state, move)
    assert after["cursor"] == state["cursor"] and ENGINE.view(after)["phase"] == "blight"
    assert builds[1] in after["colonies"][0]["hand"]


def test_a_record_play_follows_a_colony_that_starts_its_turn_early(table):
    """TURN SEQUENCE: "Players take turns." When seat 1 starts its turn before seat 0 ends, the record
    follows the table: seat 0's remaining phases of the turn are passed over."""
    state = table.at(table.founded(), "trade", turn=3)
    move = Move("time", 1, {})
    assert [v.rule for v in ENGINE.check(state, move)] == ["TURN SEQUENCE"]
    after = ENGINE.apply(state, move)
    assert ENGINE.view(after)["active_seats"] == [1] and ENGINE.view(after)["phase"] == "draw"


def test_a_record_play_applies_refused_moves_as_far_as_they_go(table):
    """The contract: in a record play apply also takes the moves check refused, without failing: cards
    not in the deck, seats that do not exist, trades and buildings beyond the colony's means."""
    founded = table.founded()
    rebel = ["Crisis", *table.hardships(9, avoid=("Mutiny",))]
    cases = [
        (table.at(founded, "hardship"), "hardship", {"cards": table.hardships(10, "Kicked Out"), "kicked_out_to": [7]}),
        (table.at(founded, "rebel", shortage=True), "rebel", {"cards": rebel, "new_leader": {"drawn": "Corn"}}),
        (table.at(founded, "trade", food=3), "trade", {"cards": [{"card": "Pizza", "gain": "land"}], "convert": 99}),
        (table.at(founded, "build", food=3), "build", {"buildings": ["Church", "Docks", "Granary", "Corn"]}),
        (table.at(founded, "ship"), "ship", {"roll": 0, "colonists": 11, "food": 12}),
        (table.at(founded, "harvest", turn=4, plant=2), "harvest", {"cards": ["Pizza"], "crop_rolls": {"Church": [9]}}),
        (
            table.at(founded, "draw"),
            "draw",
            {"actions": ["Corn"], "builds": [], "swaps": [{"discard": ["X"], "deck": "action", "card": "Church"}]},
        ),
        (table.at(founded, "sick"), "sick", {"cards": [], "medical": ["Beads", "Beads"]}),
        (founded, "give", {"to": 9, "cards": ["Guns"], "food": 50}),
    ]
    for state, type_, data in cases:
        move = Move(type_, 0, data)
        assert ENGINE.check(state, move), move
        before = copy.deepcopy(state)
        after = ENGINE.apply(state, move)
        assert state == before
        assert ENGINE.view(after)["phase"] and ENGINE.outcome(after) is None
    after = ENGINE.apply(cases[4][0], Move("ship", 0, cases[4][2]))
    assert after["colonies"][0]["colonists"] == 10 + 11


def test_a_record_play_survives_a_colony_prepared_without_a_leader(table):
    """SETUP: a Leader kept that was not drawn is refused; the record goes on to the site selection."""
    state = table.play(ENGINE.setup(table.seats(2), {}), "roll_for_first", None, {"rolls": [6, 2]})
    move = Move("prepare_colony", 0, {**table.prepare(state, 0), "leaders_kept": ["Sea Captain"]})
    assert [v.rule for v in ENGINE.check(state, move)] == ["SETUP"]
    state = ENGINE.apply(state, move)
    state = table.play(state, "prepare_colony", 1, table.prepare(state, 1))
    assert state["colonies"][0]["leaders"] == []
    table.play(state, "select_site", 0, table.offer(state, table.take(state, "site", 3)))


def test_a_table_may_shuffle_the_discards_back_in_when_the_deck_is_short(table):
    """HARDSHIPS DECK: the rulebook does not say when the discards are reshuffled. With 3 cards left for a
    draw of 10, a table that shuffles its discard pile back in first may draw a discarded card; with enough
    cards left, a discarded card is not in the deck."""
    state = table.at(table.founded(), "blight", plant=3)
    deck = state["decks"]["hardship"]
    left = ["Drought", "Insects", "Snow"]
    deck["discard"] = {card: n for card, n in deck["draw"].items() if card not in left}
    deck["draw"] = {card: 1 for card in left}
    cards = ["Fungus", "Drought", *table.hardships(8, avoid=("Blight",))]
    after = table.play(state, "blight", 0, {"cards": cards})
    assert after["colonies"][0]["plant"] == 1
    assert sum(after["decks"]["hardship"]["draw"].values()) == 53 - 10
    plenty = table.at(table.founded(), "blight")
    plenty["decks"]["hardship"]["draw"].pop("Fungus")
    plenty["decks"]["hardship"]["discard"] = {"Fungus": 1}
    assert table.rules(plenty, "blight", 0, {"cards": cards}) == ["BLIGHT PHASE"]
