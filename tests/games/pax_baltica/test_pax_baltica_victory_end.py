"""Games brought to their scenario's last turn and played out (12.1 to 12.5): the outcome
and its level read from Sweden's RP at game end (4.3, 5.1, 5.8, 6.9, 10.1, 11.3 to 11.5),
and the Replacement Table after a year that moves it every way at once. Every expected
value is worked out by hand from the rulebook (Sweden's Replacement Table: 40 RP)."""

import pytest

from games.pax_baltica import upkeep
from games.pax_baltica.turn import turn_start

#: Swedish garrisons outside the homeland (11.3) and the three of 11.4, lost one after another.
LOSSES = ["Jamtland", "Nyland", "Savolax", "Karelen", "Estland", "Livland", "Pommern", "Bremen-Verden", "Wismar"]


def last_turn(pb, scenario, **fields):
    """The scenario's set-up at its last game turn ("End: ..."), before the action rolls; in 12.4 Karl XII has
    ridden home from Turkey (11.1)."""
    state = pb.setup(scenario, **fields.pop("options", {}))
    end = state["end"]
    if state["karl_waiting"]:
        state = pb.place(pb.edit(state, karl_waiting=False), "Karl XII", "Svealand")
    return pb.edit(state, year=end["year"], season=end["season"], turn=40, **turn_start(), **fields)


def lost_to_russia(state, places):
    """Swedish garrisons the Russians conquered during the play (4.3: 4 RP each)."""
    return {"control": {**state["control"], **dict.fromkeys(places, "russia")}, "lost": dict.fromkeys(places, "sweden")}


def supply_phase(pb, state):
    for seat in (state["player1"], 1 - state["player1"]):
        check = next(m for m in pb.engine.legal_moves(state, seat) if m.type == "supply_check")
        state = pb.play(state, ("supply_check", seat, check.data))
    return state


def quiet_last_turn(pb, state):
    """The last game turn with no action taken: Sweden Player 1, then the supply phase."""
    state = pb.play(state, ("action_roll", 0, {"roll": 3}), ("action_roll", 1, {"roll": 2}))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    return supply_phase(pb, state)


def siege(pb, state, seat, place, block, dice, garrison_dice=()):
    data = {"territory": place, "rolls": [{"block": block, "dice": dice}], "garrison_dice": list(garrison_dice)}
    return pb.play(state, ("siege", seat, data))


TABLES = {
    "12.1": {
        40: "Swedish Major Victory",
        36: "Swedish Minor Victory",
        20: "Swedish Minor Victory",
        16: "Allied Historical Victory",
        12: "Allied Minor Victory",
        8: "Allied Minor Victory",
        4: "Allied Major Victory",
    },
    "12.2": {
        40: "Swedish Major Victory",
        36: "Swedish Minor Victory",
        32: "Swedish Minor Victory",
        28: "Allied Historical Victory",
        24: "Allied Minor Victory",
        12: "Allied Minor Victory",
        8: "Allied Major Victory",
        4: "Allied Major Victory",
    },
    "12.3": {
        40: "Swedish Major Victory",
        36: "Swedish Minor Victory",
        32: "Swedish Historical Victory",
        28: "Allied Minor Victory",
        16: "Allied Minor Victory",
        12: "Allied Major Victory",
        4: "Allied Major Victory",
    },
    "12.4": {
        40: "Swedish Major Victory",
        36: "Swedish Major Victory",
        32: "Swedish Minor Victory",
        28: "Swedish Minor Victory",
        24: "Allied Historical Victory",
        20: "Allied Minor Victory",
        12: "Allied Minor Victory",
        8: "Allied Major Victory",
        4: "Allied Major Victory",
    },
}


@pytest.mark.parametrize(
    ("scenario", "rp", "level"), [(s, rp, level) for s, table in TABLES.items() for rp, level in table.items()]
)
def test_12_x_the_outcome_at_each_end_of_each_row_of_the_victory_table(pb, scenario, rp, level):
    """12.1: "At game end, if Sweden have: 40 RP = Swedish Major Victory, 20-36 RP = Swedish Minor Victory, 16 RP =
    Allied Historical Victory, 8-12 RP = Allied Minor Victory, 4 RP = Allied Major Victory"; 12.2 "40 / 32-36 / 28 /
    12-24 / 4-8"; 12.3 "40 / 36 / 32 RP = Swedish Historical Victory / 28-16 / 12-4"; 12.4 "36-40 / 28-32 / 24 /
    20-12 / 8-4". 4.3: 4 RP lost per garrison the enemy conquered. Each row at each of its ends, so each threshold
    from just under, at and just over: the last turn played out, the outcome's level and its winner (Sweden seat 0)."""
    state = last_turn(pb, scenario)
    state = pb.edit(state, **lost_to_russia(state, LOSSES[: (40 - rp) // 4]))
    state = quiet_last_turn(pb, state)
    outcome = pb.engine.outcome(state)
    assert state["phase"] == "finished" and outcome.reason == level
    assert outcome.winners == [0 if level.startswith("Swedish") else 1]
    view = pb.engine.view(state, 1)
    assert view["sweden_victory_rp"] == rp and view["victory_level"] == level and view["outcome"]["reason"] == level


@pytest.mark.parametrize(
    ("rp", "level"),
    [
        (42, "Swedish Major Victory"),
        (38, "Swedish Minor Victory"),
        (18, "Allied Historical Victory"),
        (14, "Allied Minor Victory"),
        (6, "Allied Major Victory"),
        (2, "Allied Major Victory"),
    ],
)
def test_12_1_rp_between_two_rows_take_the_row_below_them(pb, rp, level):
    """12.1's rows leave gaps ("40 RP", "20-36 RP", "16 RP", "8-12 RP", "4 RP"), closed only while RP move in fours;
    an edition's Replacement Table printing Sweden 42 (the `nations` option) opens them. README reading: each row is
    a threshold from the top, so 38 is a Minor Victory, 18 Allied Historical, 14 Allied Minor and 6 or 2 Allied
    Major."""
    state = last_turn(pb, "12.1", options={"nations": {"sweden": {"rp": 42}}})
    state = pb.edit(state, **lost_to_russia(state, LOSSES[: (42 - rp) // 4]))
    state = quiet_last_turn(pb, state)
    assert pb.engine.outcome(state).reason == level


def test_4_3_6_9_a_capital_taken_on_the_last_turn_returns_swedens_garrison_and_the_victory(pb):
    """12.2 "End: Winter 1710", "32-36 RP = Swedish Minor Victory", "40 RP = Swedish Major Victory". Sweden has lost
    Estland to the Russians (4.3: 36 RP). On the last turn Karl XII takes the empty Moskva (3.43.a: "A successful
    siege on a capitol (underlined) results in a TRUCE"); 6.9: "Any conquered garrisons are returned to its previous
    owners": Estland is Swedish again ("the RP table is adjusted accordingly"), 40 RP: Swedish Major Victory."""
    state = last_turn(pb, "12.2")
    state = pb.edit(state, **lost_to_russia(state, ["Estland"]))
    state = pb.place(state, "Vellinck", "Nyland")
    state = pb.place(state, "Estlandska", "Nyland")
    state = pb.play(state, ("action_roll", 0, {"roll": 3}), ("action_roll", 1, {"roll": 2}))
    state = pb.play(state, ("group_move", 0, pb.move("Skane", ("Karl XII", ["Moskva"]))), ("end_actions", 0, {}))
    state = pb.play(state, ("end_actions", 1, {}))
    state = siege(pb, state, 0, "Moskva", "Karl XII", [1, 1, 1, 1])
    assert state["control"]["Estland"] == "sweden" and "russia" in state["truces"]
    state = supply_phase(pb, state)
    assert pb.engine.outcome(state).reason == "Swedish Major Victory"


def test_11_3_11_4_the_danes_taking_skane_on_the_last_turn(pb):
    """12.4 "End: Winter 1721", special rules 11.3 and 11.4, "28-32 RP = Swedish Minor Victory", "20-12 RP = Allied
    Minor Victory". The Danes hold Bremen-Verden and Wismar (4.3: 32 RP). On the last turn Reventlov takes Skane: 4
    RP (4.3), 8 more (11.3 "Any territorial loss of a territory on the map defined as Sweden ... by the end of the
    game results in an extra 8 RP loss"), and 4 more (11.4 "If the Danes occupy three of the following territories
    (Holstein, Bremen-Verden, Wismar or Skane) by the end of the game"): 32 - 16 = 16, Allied Minor Victory."""
    state = last_turn(pb, "12.4")
    state = pb.edit(
        state,
        control={**state["control"], "Bremen-Verden": "denmark", "Wismar": "denmark"},
        lost={"Bremen-Verden": "sweden", "Wismar": "sweden"},
    )
    state = pb.place(state, "Reventlov", "Sjaelland")
    state = pb.place(state, "Fynske", "Sjaelland")
    state = pb.play(state, ("action_roll", 0, {"roll": 2}), ("action_roll", 1, {"roll": 3}))
    state = pb.play(state, ("group_move", 1, pb.move("Sjaelland", ("Reventlov", ["Skane"]))), ("end_actions", 1, {}))
    state = pb.play(state, ("end_actions", 0, {}))
    assert pb.engine.view(state, 0)["victory_level"] == "Swedish Minor Victory"
    state = siege(pb, state, 1, "Skane", "Reventlov", [1, 1, 6, 6])
    assert state["control"]["Skane"] == "denmark"
    state = supply_phase(pb, state)
    assert pb.engine.view(state, 0)["sweden_victory_rp"] == 16
    assert pb.engine.outcome(state).reason == "Allied Minor Victory"


def test_5_8_an_event_of_the_last_year_does_not_count_for_victory(pb):
    """5.8: "RP's gain/losses due to events during the last year do not count against the victory conditions." 12.2,
    last turn: Sweden has lost Estland (36 RP, "32-36 RP = Swedish Minor Victory"); a Prosperity of the year before
    stands for this year (+8) and Sweden rolls another (14.2 Sweden 6, "Increase RP's with 8 during next year"):
    still 36 RP and a Swedish Minor Victory, not 40 or more."""
    state = last_turn(pb, "12.2")
    state = pb.edit(state, **lost_to_russia(state, ["Estland"]), rp_year={"sweden": {"add": 8}})
    state = pb.play(state, ("action_roll", 0, {"roll": 3}), ("action_roll", 1, {"roll": 2}))
    state = pb.play(state, ("national_event", 0, {"nation": "sweden", "roll": 6}), ("end_actions", 0, {}))
    state = supply_phase(pb, pb.play(state, ("end_actions", 1, {})))
    assert pb.engine.outcome(state).reason == "Swedish Minor Victory"


def test_10_1_a_cession_on_the_last_turn_counts_for_victory(pb):
    """10.1: "The Swedish player may at any time during the game cede ... Pommern to Prussia. This is done at a cost
    of -4 RP per territory ... Those lost RP's can never be regained." 12.1, last turn: 40 - 4 = 36, "20-36 RP =
    Swedish Minor Victory"."""
    state = last_turn(pb, "12.1")
    state = pb.play(state, ("action_roll", 0, {"roll": 3}), ("action_roll", 1, {"roll": 2}))
    state = pb.play(state, ("cede_territory", 0, {"territory": "Pommern"}), ("end_actions", 0, {}))
    state = supply_phase(pb, pb.play(state, ("end_actions", 1, {})))
    assert pb.engine.outcome(state).reason == "Swedish Minor Victory"


def test_12_5_christiania_taken_on_the_last_turn(pb):
    """12.5 "End: Summer 1719"; "At game end, if Sweden have occupied: Christiania and Trondheim = Swedish Major
    Victory" (Christiania is Akershus's garrison, README). Sweden holds Trondheim; Karl XII takes the empty Akershus
    on the last turn: Swedish Major Victory."""
    state = last_turn(pb, "12.5")
    state = pb.edit(state, control={**state["control"], "Trondheim": "sweden"}, lost={"Trondheim": "denmark"})
    for name in ("Bergenhus", "Prins Christian"):
        state = pb.place(state, name, "Bergen")
    state = pb.play(state, ("action_roll", 0, {"roll": 3}), ("action_roll", 1, {"roll": 2}))
    state = pb.play(state, ("group_move", 0, pb.move("Vastergotland", ("Karl XII", ["Akershus"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    state = siege(pb, state, 0, "Akershus", "Karl XII", [1, 1, 1, 1])
    state = supply_phase(pb, state)
    assert pb.engine.outcome(state).reason == "Swedish Major Victory"
    assert pb.engine.outcome(state).winners == [0]


def test_5_1_5_8_6_9_a_year_with_a_conquest_a_loss_events_and_a_truce(pb):
    """12.1, winter 1702. The Saxons hold Livland (4.3: Sweden 36). Sweden takes Novgorod (4.3: "the original
    territorial owner loses 4 RP": Russia 16 - 4 = 12; 5.1 "A player never gains RP's by conquering"), loses Estland
    to Sjeremetev (Sweden - 4) and rolls The Nation prospers (14.2 Sweden 6: +8 "during next year"); Russia rolls
    Bad harvest (14.2 Russia 1: "RP's are halved during the next year"); Karl XII takes Sachsen, the Saxon capital
    (3.43.a: a truce), and 6.9 returns Livland ("Any conquered garrisons are returned to its previous owners") and
    Sachsen ("Capitols are excluded"). The Replacement Table: Sweden 40 - 4 = 36, Russia 12, Saxony 8 (its own
    garrisons back). In 1703's replacement phase (5.8 "valid ... during the next year"): Sweden 36 + 8 = 44, Russia
    12 / 2 = 6, Saxony, out of the war, none; Sweden's victory RP stay 36 (5.8), a Swedish Minor Victory (12.1)."""
    state = pb.setup("12.1")
    state = pb.edit(
        state,
        year=1702,
        season=3,
        turn=10,
        **turn_start(),
        control={**state["control"], "Livland": "saxony"},
        lost={"Livland": "sweden"},
    )
    state = pb.place(pb.place(state, "Repnin", "Moskva"), "Estlandska", "Nyland")
    state = pb.play(state, ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 4}))
    state = pb.play(
        state,
        ("group_move", 0, pb.move("Skane", ("Karl XII", ["Sachsen"]))),
        ("group_move", 0, pb.move("Estland", ("Vellinck", ["Novgorod"]))),
        ("national_event", 0, {"nation": "sweden", "roll": 6}),
        ("group_move", 1, pb.move("Ingermanland", ("Sjeremetev", ["Estland"]))),
        ("national_event", 1, {"nation": "russia", "roll": 1}),
        ("end_actions", 1, {}),
    )
    state = siege(pb, state, 0, "Novgorod", "Vellinck", [1, 1, 1, 1])
    state = siege(pb, state, 1, "Estland", "Sjeremetev", [1, 1, 1, 1], [6, 6])
    state = siege(pb, state, 0, "Sachsen", "Karl XII", [1, 1, 1, 1])
    assert {n: upkeep.rp_track(state, n) for n in ("sweden", "russia", "saxony")} == {
        "sweden": 36,
        "russia": 12,
        "saxony": 8,
    }
    state = pb.play(supply_phase(pb, state), ("weather_roll", 0, {"roll": 1}))
    assert state["year"] == 1703 and state["phase"] == "year_start"
    assert state["rp"] == {"sweden": 44, "russia": 6}
    view = pb.engine.view(state, 0)
    assert view["replacement_table"] == {"sweden": 36, "russia": 12}
    assert view["sweden_victory_rp"] == 36 and view["victory_level"] == "Swedish Minor Victory"
