"""What each player sees (hidden blocks), the scenarios' set-ups and victory tables, and
record plays (apply of refused moves)."""

import copy

import pytest

from games.contract import EngineError, Move
from games.pax_baltica import board, victory
from tests.games.pax_baltica.set_ups import SET_UPS


def test_the_other_sides_blocks_stand_face_down(pb):
    """Introduction / 6.1: blocks stand upright, hidden from the enemy, until revealed in battle or by spying."""
    state = pb.setup("12.1")
    swedish = pb.engine.view(state, 0)
    assert "Karl XII" in pb.names(swedish) and "Pjotr I" not in pb.names(swedish)
    face_down = {"name": None, "nation": None, "colour": "green", "at": "Ingermanland", "steps": None, "aboard": None}
    assert {**face_down, "facing": 1} in swedish["blocks"]
    assert "Pjotr I" in pb.names(pb.engine.view(state))


def test_the_other_sides_pools_are_only_counted(pb):
    """5.3: pool blocks "are always kept face-down": a seat sees its own pools' blocks, the other side's only counted."""
    state = pb.setup("12.1")
    swedish, arbiter = pb.engine.view(state, 0), pb.engine.view(state)
    assert swedish["pools"][0] == arbiter["pools"][0] and set(swedish["pools"][0]) == {"sweden"}
    assert swedish["pools"][1]["russia"] == [None] * len(arbiter["pools"][1]["russia"])
    assert swedish["pool_sizes"] == arbiter["pool_sizes"]
    assert arbiter["pool_sizes"]["russia"] == len(arbiter["pools"][1]["russia"]) > 0


def test_spying_reveals_the_neighbouring_blocks(pb):
    """3.41 Spying: "The opponent has to flip all blocks within that territory and reveal them." """
    state = pb.actions(pb.setup("12.1"))
    assert pb.refused(state, "spy", 0, {"block": "Wattrang", "target": "Ingermanland"}, "3.41")
    assert pb.refused(state, "spy", 0, {"block": "Vellinck", "target": "Svealand"}, "3.41")
    state = pb.play(state, ("spy", 0, {"block": "Vellinck", "target": "Ingermanland"}))
    assert {"Pjotr I", "Sjeremetev", "Schnwentz", "Kazanski"} <= pb.names(pb.engine.view(state, 0))
    assert "Repnin" not in pb.names(pb.engine.view(state, 0))
    assert state["actions"][0] == 2, "Spying on a group of enemy blocks costs 1 Action"


def test_spying_goes_into_a_territory_not_a_sea_zone(pb):
    """3.41: spying "into a neighbouring territory"; 1.1 divides the map into territories and the sea into sea zones
    (3.42 names both where both are meant). In 12.5 Karl XII, in Vastergotland, may not spy on Tordenskiold in the
    Kattegat, a sea zone; he may spy into Akershus (no border is printed, so any territory neighbours)."""
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 2}))
    assert pb.refused(state, "spy", 0, {"block": "Karl XII", "target": "Kattegat"}, "3.41")
    assert {"block": "Karl XII", "target": "Kattegat"} not in [m.data for m in pb.engine.legal_moves(state, 0)]
    assert pb.rules(state, "spy", 0, {"block": "Karl XII", "target": "Akershus"}) == []


def test_a_spy_looks_into_another_territory_than_its_own(pb):
    """3.41: spying "into a neighbouring territory": never the spy's own, even where the map prints no border.
    Estlandska, standing in Ingermanland with the Russians, may not spy there."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Estlandska", "Ingermanland")
    assert pb.refused(state, "spy", 0, {"block": "Estlandska", "target": "Ingermanland"}, "3.41")
    assert {"block": "Estlandska", "target": "Ingermanland"} not in [m.data for m in pb.engine.legal_moves(state, 0)]


def test_a_spy_need_not_stand_in_a_territory_its_side_controls(pb):
    """3.41: "A player does not need to control the territory where the spying block is standing": Estlandska, in
    Russian Velikaya, spies into Novgorod and Repnin is revealed."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Estlandska", "Velikaya")
    state = pb.play(state, ("spy", 0, {"block": "Estlandska", "target": "Novgorod"}))
    assert "Repnin" in pb.names(pb.engine.view(state, 0))


def test_grand_campaign_set_up(pb):
    """12.1: "Start: Autumn 1700, End: Winter 1721"; Pjotr I, Sjeremetev, Schnwentz, Kazanski in Ingermanland. 5.3
    example: "Playing the 1700-scenario, The Allied player needs to keep two separate pools, one for the Russians and
    one for the Saxons." """
    view = pb.engine.view(pb.setup("12.1"))
    assert (view["year"], view["season"]) == (1700, "autumn")
    assert {b["name"] for b in view["blocks"] if b["at"] == "Ingermanland"} == {
        "Pjotr I",
        "Sjeremetev",
        "Schnwentz",
        "Kazanski",
    }
    assert next(b["steps"] for b in view["blocks"] if b["name"] == "Pjotr I") == 4
    assert view["nations_at_war"] == ["russia", "saxony", "sweden"]
    assert "Rehnskiold" in view["pools"][0]["sweden"] and "denmark" not in view["pools"][1]
    assert set(view["pools"][1]) == {"russia", "saxony"}, "5.3 example: a Russian and a Saxon pool"


@pytest.mark.parametrize("scenario", sorted(SET_UPS))
def test_every_scenario_sets_up_its_blocks(pb, scenario):
    """12.1 to 12.5: "Place blocks in the territories indicated below", each block where its scenario lists it and
    no other block on the map; "APPLIES TO ALL SCENARIOS: Swedish blocks not used in the initial setup are placed
    face-down and shuffled. These blocks constitute the Swedish Replacement Pool" (none in 12.5: "Sweden may not use
    any other units in it's replacement pool")."""
    state = pb.setup(scenario)
    placed: dict[str, set[str]] = {}
    for name, block in state["blocks"].items():
        if block["at"] not in ("pool", "out", "dead"):
            placed.setdefault(block["at"], set()).add(name)
    assert placed == SET_UPS[scenario]
    swedish = {n for n, data in state["tables"]["blocks"].items() if data["nation"] == "sweden"}
    unused = swedish - set().union(*SET_UPS[scenario].values())
    pool = {n for n in swedish if state["blocks"][n]["at"] == "pool"}
    assert pool == (set() if scenario == "12.5" else unused)


def test_the_end_is_near_set_up_steps_and_garrisons(pb):
    """12.4: "Karl XII (steps: I) - BESARABYA", "Vellinck (steps: III)", "Frederik IV (steps: II)", "Garrisons: NYEN,
    INGERMANLAND", "Nyen is now S:t Petersburg and a Russian garrison of 4." """
    state = pb.setup("12.4")
    assert (pb.steps(state, "Karl XII"), pb.steps(state, "Vellinck"), pb.steps(state, "Frederik IV")) == (1, 3, 2)
    assert state["control"]["Nyen"] == "russia" and state["control"]["Ingermanland"] == "russia"
    assert board.garrison_value(state, "Nyen") == 4 and board.port_of(state, "Nyen") == "harbour"


def test_12_5_the_last_army_set_up_steps_pools_and_first_action_roll(pb):
    """12.5: "Start: Autumn 1718", "Karl XII (steps: ) - VASTERGOTLAND", "Wattrang (steps: II) - BALTIC SEA", the
    other blocks "at full strength (steps) if nothing else is stated"; "In the 12.5 tutorial scenario, the Danish
    blocks follow the same procedure as above": the five Danish blocks not set up (Frederik IV, Reventlov, Rantzau,
    Fynske, Juel) form the Danish pool. 12.5 gives Sweden no first-turn actions: both players roll (3.1: a 4 is 3
    actions, a 2 is 2) and the highest die is Player 1. Karl XII's blank count is read as full (README)."""
    state = pb.setup("12.5")
    view = pb.engine.view(state, 1)
    assert (view["year"], view["season"], view["game_turn"]) == (1718, "autumn", 1)
    assert view["nations_at_war"] == ["denmark", "sweden"]
    steps = {
        n: pb.steps(state, n) for n in ("Karl XII", "Wattrang", "Elfsborg", "Savolax", "Bergenhus", "Tordenskiold")
    }
    assert steps == {"Karl XII": 4, "Wattrang": 2, "Elfsborg": 3, "Savolax": 3, "Bergenhus": 3, "Tordenskiold": 3}
    assert sorted(view["pools"][1]["denmark"]) == ["Frederik IV", "Fynske", "Juel", "Rantzau", "Reventlov"]
    assert pb.engine.view(state, 0)["pools"][1] == {"denmark": [None] * 5}
    state = pb.play(state, ("action_roll", 0, {"roll": 4}), ("action_roll", 1, {"roll": 2}))
    view = pb.engine.view(state)
    assert (view["phase"], view["player1"], view["actions_left"]) == ("action", 0, [3, 2])


def test_12_2_on_the_road_to_glory_dates_special_rules_and_first_turn(pb):
    """12.2: "Start: Autumn 1700, End: Winter 1710. Special rules: 11.2, 11.3, 11.5 applies. Swedish player starts
    with 3 actions first turn" (11.4 is 12.1's only); Karl XII, Sodra Skanska, Dalregementet in Skane "at full
    strength (steps)"; the Allied die (3.1: a 2 is 2 actions) leaves Sweden Player 1 with its 3."""
    state = pb.setup("12.2")
    view = pb.engine.view(state, 0)
    assert (view["year"], view["season"], view["game_turn"]) == (1700, "autumn", 1)
    assert state["end"] == {"year": 1710, "season": 3} and state["special_rules"] == ["11.2", "11.3", "11.5"]
    assert [pb.steps(state, n) for n in ("Karl XII", "Sodra Skanska", "Dalregementet")] == [4, 3, 3]
    assert view["nations_at_war"] == ["russia", "saxony", "sweden"]
    state = pb.actions(state, allied_roll=2)
    assert (state["player1"], state["actions"], state["acting"]) == (0, [3, 2], 0)


def test_12_3_next_stop_moscow_dates_garrisons_steps_and_first_turn(pb):
    """12.3: "Start: Summer 1707, End: Summer 1710. Special rules: 11.3 apply. Swedish player starts with 3 actions
    first turn. Nyen is now S:t Petersburg and a Russian garrison of 4", "Garrisons - INGERMANLAND, NYEN, MSCISLAW"
    (Russian); every block "at full strength (steps) if nothing else is stated" (2.21: armies 4); the Allied die (3.1:
    a 5 is 3 actions) leaves Sweden Player 1 with its 3."""
    state = pb.setup("12.3")
    view = pb.engine.view(state, 1)
    assert (view["year"], view["season"], view["game_turn"]) == (1707, "summer", 1)
    assert state["end"] == {"year": 1710, "season": 1} and state["special_rules"] == ["11.3"]
    assert state["st_petersburg"] and board.garrison_value(state, "Nyen") == 4
    assert {t: state["control"][t] for t in ("Ingermanland", "Nyen", "Mscislaw")} == dict.fromkeys(
        ("Ingermanland", "Nyen", "Mscislaw"), "russia"
    )
    armies = ("Karl XII", "Rehnskiold", "Lewenhaupt", "Vellinck", "Lubomirski", "Sjeremetev", "Repnin", "Mensjikov")
    assert [pb.steps(state, n) for n in (*armies, "Ogilvy", "Pjotr I")] == [4] * 10
    assert all(pb.steps(state, n) == state["tables"]["blocks"][n]["steps"] for n in state["setup_blocks"])
    state = pb.actions(state, allied_roll=5)
    assert (state["player1"], state["actions"], state["acting"]) == (0, [3, 3], 0)


def test_next_stop_moscow_poland_fights_for_sweden(pb):
    """12.3: Lubomirski, Sobieski and Oginski set up with the Swedish blocks."""
    state = pb.setup("12.3")
    assert state["sides"]["poland"] == 0
    assert {"name": "Lubomirski", "at": "Mazowsze"}.items() <= next(
        b for b in pb.engine.view(state, 0)["blocks"] if b["name"] == "Lubomirski"
    ).items()


@pytest.mark.parametrize(
    ("scenario", "lost", "level"),
    [
        ("12.1", 0, "Swedish Major Victory"),
        ("12.1", 1, "Swedish Minor Victory"),
        ("12.1", 6, "Allied Historical Victory"),
        ("12.1", 8, "Allied Minor Victory"),
        ("12.1", 9, "Allied Major Victory"),
        ("12.2", 0, "Swedish Major Victory"),
        ("12.2", 2, "Swedish Minor Victory"),
        ("12.2", 3, "Allied Historical Victory"),
        ("12.2", 4, "Allied Minor Victory"),
        ("12.2", 7, "Allied Minor Victory"),
        ("12.2", 8, "Allied Major Victory"),
        ("12.3", 0, "Swedish Major Victory"),
        ("12.3", 1, "Swedish Minor Victory"),
        ("12.3", 2, "Swedish Historical Victory"),
        ("12.3", 3, "Allied Minor Victory"),
        ("12.3", 6, "Allied Minor Victory"),
        ("12.3", 7, "Allied Major Victory"),
        ("12.4", 1, "Swedish Major Victory"),
        ("12.4", 2, "Swedish Minor Victory"),
        ("12.4", 3, "Swedish Minor Victory"),
        ("12.4", 4, "Allied Historical Victory"),
        ("12.4", 5, "Allied Minor Victory"),
        ("12.4", 7, "Allied Minor Victory"),
        ("12.4", 8, "Allied Major Victory"),
    ],
)
def test_victory_tables(pb, scenario, lost, level):
    """12.1-12.4 Victory Conditions: the level from Sweden's RP at game end (4 RP per lost garrison, 4.3), each row
    at its ends: 12.2 "32-36 RP = Swedish Minor", "12-24 RP = Allied Minor", "4-8 RP = Allied Major"; 12.3 "36",
    "32 RP = Swedish Historical", "28-16 RP = Allied Minor", "12-4 RP = Allied Major"; 12.4 "36-40 RP = Swedish
    Major", "28-32", "24 RP = Allied Historical", "20-12", "8-4"; 5.7: the set-ups' occupied territories cost no RP
    (40 at the start)."""
    places = ["Estland", "Livland", "Nyland", "Karelen", "Savolax", "Jamtland", "Bremen-Verden", "Wismar", "Kopparberg"]
    state = pb.setup(scenario)
    state = pb.edit(state, lost={p: "sweden" for p in places[:lost]})
    assert victory.victory_level(state) == level


def test_faderneslandet_costs_8_more_rp(pb):
    """11.3: "Any territorial loss of a territory on the map defined as Sweden ... results in an extra 8 RP loss." """
    state = pb.setup("12.1")
    state = pb.edit(state, control={**state["control"], "Skane": "denmark"}, lost={"Skane": "sweden"})
    assert victory.victory_rp(state) == 40 - 4 - 8


def test_mein_schatz_costs_4_rp(pb):
    """11.5: "If Livland are occupied by the Saxons at the end of the game, this results in an extra 4 RP loss." """
    state = pb.setup("12.1")
    state = pb.edit(state, control={**state["control"], "Livland": "saxony"}, lost={"Livland": "sweden"})
    assert victory.victory_rp(state) == 40 - 4 - 4
    assert victory.victory_rp(pb.edit(pb.setup("12.3"), control={**state["control"]}, lost={"Livland": "sweden"})) == 36


def test_mein_schatz_and_faderneslandet_count_garrisons_not_blocks(pb):
    """11.5 "If Livland are occupied by the Saxons", 11.3 "Any territorial loss" (README readings): the garrisons held
    at the end; 12.1's Saxons standing in Livland and 12.4's Danes in Skane, the garrisons Swedish, cost nothing: 40 RP,
    Swedish Major Victory."""
    for scenario in ("12.1", "12.2", "12.4"):
        state = pb.setup(scenario)
        assert victory.victory_rp(state) == 40
        assert victory.victory_level(state) == "Swedish Major Victory"


def test_a_scenario_setting_a_nation_up_has_it_at_war_with_its_pool(pb):
    """12 "Applies to all scenarios": "In all other scenarios the Danish, Polish and Turkish entry has not occurred"
    (README reading: a scenario setting a nation's blocks up has it at war): 12.4's Poles and 12.3's are at war, their
    other blocks in their pool; the Turks, set up nowhere, have not entered and their blocks wait off the map."""
    for scenario, side in (("12.4", 1), ("12.3", 0)):
        state = pb.setup(scenario)
        assert state["active"]["poland"] and board.side_of(state, "poland") == side
        polish = [b for n, b in state["blocks"].items() if state["tables"]["blocks"][n]["nation"] == "poland"]
        assert any(b["at"] not in board.OFF_MAP for b in polish)
        assert all(b["at"] == "pool" for b in polish if b["at"] in board.OFF_MAP)
        turks = [b for n, b in state["blocks"].items() if state["tables"]["blocks"][n]["nation"] == "turkey"]
        assert not state["active"]["turkey"] and {b["at"] for b in turks} == {"out"}


def test_last_army_victory_levels(pb):
    """12.5: "Christiania and Trondheim = Swedish Major Victory; Christiania = Swedish Minor Victory; Nothing = Allied
    Minor Victory; Nothing and lost Karl XII = Allied Major Victory." """
    state = pb.setup("12.5")
    assert victory.victory_level(state) == "Allied Minor Victory"
    dead = pb.place(state, "Karl XII", "dead", 0)
    assert victory.victory_level(dead) == "Allied Major Victory"
    one = pb.edit(state, control={**state["control"], "Akershus": "sweden"})
    assert victory.victory_level(one) == "Swedish Minor Victory"
    both = pb.edit(one, control={**one["control"], "Trondheim": "sweden"})
    assert victory.victory_level(both) == "Swedish Major Victory"
    trondheim = pb.edit(state, control={**state["control"], "Trondheim": "sweden"})
    assert victory.victory_level(trondheim) == "Swedish Minor Victory", "README reading: not 'Nothing'"
    homeland_lost = pb.edit(trondheim, control={**trondheim["control"], "Skane": "denmark"}, lost={"Skane": "sweden"})
    assert victory.victory_level(homeland_lost) == "Swedish Minor Victory", "11.3's RP count for no territory"


def test_record_play_applies_a_refused_move(pb):
    """Record plays: a move the rules refuse (moving twice, 3.42) is still applied as the table did."""
    state = pb.play(
        pb.actions(pb.setup("12.1")), ("group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Smaland"])))
    )
    again = Move("group_move", 0, pb.move("Smaland", ("Elfsborg", ["Skane"])))
    assert pb.engine.check(state, again)
    before = copy.deepcopy(state)
    after = pb.engine.apply(state, again)
    assert state == before and after["blocks"]["Elfsborg"]["at"] == "Skane"


def test_record_play_applies_refused_rolls_regroups_and_forgone_sieges(pb):
    """Record plays: a force-march roll the engine owes none (4.5), a regroup after no battle (6.6) a forgone
    siege never declared (3.43) and an entry roll out of its phase (9.4) are refused, and still applied as the table did."""
    state = pb.play(
        pb.actions(pb.setup("12.1")), ("group_move", 0, pb.move("Vastergotland", ("Elfsborg", ["Smaland"])))
    )
    cases = [
        (Move("force_march", 0, {"block": "Elfsborg", "roll": 2}), lambda after: pb.steps(after, "Elfsborg") == 2),
        (
            Move("regroup", 0, {"moves": [{"block": "Karl XII", "to": pb.step("Smaland")}]}),
            lambda after: pb.at(after, "Karl XII") == "Smaland",
        ),
        (Move("forgo_siege", 0, {"territory": "Novgorod"}), lambda after: after["sieges"] == {}),
        (
            Move("activation_roll", 1, {"nation": "denmark", "roll": 6}),
            lambda after: not after["active"]["denmark"] and after["rolled"] == ["denmark"],
        ),
    ]
    for move, applied in cases:
        assert pb.engine.check(state, move)
        before = copy.deepcopy(state)
        after = pb.engine.apply(state, move)
        assert state == before and applied(after)
        assert after["phase"] == "action" and after["acting"] == 0, "the action phase goes on"


def test_apply_refuses_what_cannot_be_applied(pb):
    """A move naming a block the game does not have cannot be applied at all."""
    state = pb.actions(pb.setup("12.1"))
    with pytest.raises(EngineError):
        pb.engine.apply(state, Move("rebuild", 0, {"block": "Napoleon"}))


def test_blocks_stand_up_again_after_the_battle(pb):
    """6.1: "Reveal blocks in battles by tipping them forward"; once the battle is over they stand hidden again."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    assert "Pjotr I" in pb.names(pb.engine.view(state, 0))
    state = pb.play(state, ("combat_retreat", 1, {"block": "Pjotr I", "path": [pb.step("Novgorod")]}))
    for name in ("Schnwentz", "Kazanski"):
        state = pb.play(state, ("combat_retreat", 1, {"block": name, "path": [pb.step("Novgorod")]}))
    state = pb.play(state, ("combat_fire", 0, {"block": "Vellinck", "dice": [6, 6, 6, 6]}))
    state = pb.play(state, ("combat_retreat", 1, {"block": "Sjeremetev", "path": [pb.step("Novgorod")]}))
    assert state["battle"] is None and state["regroup"] == {"territory": "Ingermanland", "seat": 0}
    assert "Pjotr I" not in pb.names(pb.engine.view(state, 0))


def test_hidden_reserves_stay_hidden_in_the_battle_view(pb):
    """6.22: "Reserve blocks are not revealed until the beginning of Combat Round 2." """
    state = pb.place(pb.actions(pb.setup("12.1")), "Elfsborg", "Nyen")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("group_move", 0, pb.move("Nyen", ("Elfsborg", ["Ingermanland"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    assert pb.engine.view(state, 1)["battle"]["reserves"] == [{"block": None, "facing": 0}]
    assert pb.engine.view(state, 0)["battle"]["reserves"] == [{"block": "Elfsborg", "facing": 0}]
    face_down = {"name": None, "nation": None, "colour": "blue", "at": "Ingermanland", "steps": None, "aboard": None}
    assert {**face_down, "facing": 0} in pb.engine.view(state, 1)["blocks"]
