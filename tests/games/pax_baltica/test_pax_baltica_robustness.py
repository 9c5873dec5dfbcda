"""Unknown names never crash ``check``: they are violations (a strict play answers 422, not 500)."""

import json

import pytest

from games.contract import EngineError, Move
from games.pax_baltica import ENGINE


def renamed(value):
    """The example with every block or territory name replaced by an unknown one."""
    text = json.dumps(value)
    for name in (
        "Flemming",
        "Pjotr I",
        "Vellinck",
        "Ingermanland",
        "Estland",
        "Sachsen",
        "Nyen",
        "Skane",
        "Karl XII",
        "Repnin",
        "Novgorod",
    ):
        text = text.replace(f'"{name}"', '"Atlantis"')
    return json.loads(text)


@pytest.mark.parametrize("type_", sorted(ENGINE.event_types))
def test_unknown_names_are_violations_not_crashes(pb, type_):
    """Every check answers with violations for names the game does not know, in every phase it may meet them."""
    states = [pb.setup("12.1"), pb.actions(pb.setup("12.1")), *phases(pb)]
    assert len(states) == 8, "the set-up, the action phase and the six phases of phases()"
    example = ENGINE.event_types[type_].example
    data = renamed(example)
    for state in states:
        for seat in (0, 1):
            violations = ENGINE.check(state, Move(type_, seat, data))
            if data != example:  # a name it does not know: refused, never accepted (nor crashing)
                assert violations, f"{type_} with an unknown name was accepted"
            assert all(v.rule and v.message for v in violations)


def phases(pb):
    """Tables in the other phases: a battle, sieges, supply, the weather, the year start, an event."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    battle = pb.play(state, ("start_battle", 0, {"territory": "Ingermanland"}))
    sieges = pb.edit(
        pb.setup("12.1"),
        phase="battle",
        player1=0,
        sieges={"Novgorod": 0},
        declared_sieges={},
        regroup={"territory": "Estland", "seat": 0},
    )
    supply = pb.edit(pb.setup("12.1"), phase="supply", player1=0, done=[])
    weather = pb.edit(pb.setup("12.4"), phase="weather_move", season=3, karl_waiting=False)
    year = pb.play(pb.edit(pb.setup("12.1"), phase="weather", season=3), ("weather_roll", 0, {"roll": 1}))
    events = pb.edit(pb.setup("12.1"), phase="events", event_due=[0, 1], player1=0)
    return [battle, sieges, supply, weather, year, events]


def test_a_move_into_an_unknown_territory_is_refused_and_cannot_be_applied(pb):
    """A known block moving into a place the map does not have: check names the rule (it used
    to crash on 4.6's room aboard), and apply cannot play it."""
    state = pb.actions(pb.setup("12.1"))
    move = Move("group_move", 0, pb.move("Estland", ("Vellinck", ["Atlantis"])))
    assert [v.rule for v in ENGINE.check(state, move)] == ["1.1 Territories and sea zones"]
    with pytest.raises(EngineError):
        ENGINE.apply(state, move)


def test_a_move_the_rules_refuse_that_can_be_played_is_applied(pb):
    """A record play logs what the table did: a force-march roll out of turn, for a block that
    owes none, is refused (3.3) and, a 4 to 6 costing nothing, applied as it was."""
    state = pb.actions(pb.setup("12.1"))
    move = Move("force_march", 0, {"block": "Atlantis", "roll": 5})
    assert [v.rule for v in ENGINE.check(state, move)] == ["3.3 Action sequence"]
    assert ENGINE.apply(state, move)["blocks"] == state["blocks"]


def test_a_warship_sailing_through_an_unknown_sea_zone_is_refused(pb):
    """8.1's check of a warship's multi-zone move named the places it does not know: 1.1 now."""
    state = pb.play(pb.setup("12.5"), ("action_roll", 0, {"roll": 5}), ("action_roll", 1, {"roll": 3}))
    move = Move("group_move", 0, pb.move("Baltic Sea", ("Wattrang", ["Atlantis", "Kattegat"])))
    assert [v.rule for v in ENGINE.check(state, move)] == ["1.1 Territories and sea zones"]


def test_6_5_a_retreat_through_an_unknown_territory_is_refused_and_cannot_be_applied(pb):
    """6.5: "Blocks retreat up to their full move, but only into/through Friendly or Neutral territories free of enemy
    blocks": a territory the map does not have is none of them. Pjotr I retreating from Ingermanland through Atlantis
    into Novgorod: check names the rule (it crashed on the territory's entry triggers, 9.5), and apply cannot play
    it."""
    state = pb.actions(pb.setup("12.1"))
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(
        state, ("end_actions", 0, {}), ("end_actions", 1, {}), ("start_battle", 0, {"territory": "Ingermanland"})
    )
    move = Move("combat_retreat", 1, {"block": "Pjotr I", "path": [pb.step("Atlantis"), pb.step("Novgorod")]})
    assert [v.rule for v in ENGINE.check(state, move)] == ["6.5 Retreats"]
    with pytest.raises(EngineError):
        ENGINE.apply(state, move)


def test_6_6_a_regroup_into_an_unknown_territory_is_refused_and_cannot_be_applied(pb):
    """6.6: "Maximum movement distance is 1 territory away to any friendly territories free of enemy blocks": a
    territory the map does not have is none. Vellinck, victor in Ingermanland, regrouping into Atlantis: check names
    the rule, and apply cannot play it (it put Vellinck in Atlantis)."""
    state = pb.actions(pb.setup("12.1"))
    for name in ("Schnwentz", "Kazanski", "Sjeremetev"):
        state = pb.place(state, name, "Moskva")
    state = pb.place(state, "Pjotr I", "Ingermanland", 1)
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Ingermanland"]))))
    state = pb.play(
        state,
        ("end_actions", 0, {}),
        ("end_actions", 1, {}),
        ("start_battle", 0, {"territory": "Ingermanland"}),
        ("combat_fire", 1, {"block": "Pjotr I", "dice": [6]}),
        ("combat_fire", 0, {"block": "Vellinck", "dice": [1, 6, 6, 6]}),
    )
    move = Move("regroup", 0, {"moves": [{"block": "Vellinck", "to": pb.step("Atlantis")}]})
    assert [v.rule for v in ENGINE.check(state, move)] == ["6.6 Regrouping"]
    with pytest.raises(EngineError):
        ENGINE.apply(state, move)


def test_6_7_a_garrisons_hit_on_an_unknown_block_is_refused_and_cannot_be_applied(pb):
    """6.7: "Garrisons are treated as C1 blocks ... Garrisons only hits on 1: s"; 6.32: each hit "is applied to the
    currently strongest enemy block". Novgorod's garrison rolls a 1 against Vellinck, its siege naming the hit on
    Atlantis, a block the game does not have: check names the rule, and apply cannot play it (it played the siege
    with the hit landing nowhere), as a combat fire naming one."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Moskva")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Novgorod"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    rolls = [{"block": "Vellinck", "dice": [6, 5, 5, 6]}]
    move = Move("siege", 0, {"territory": "Novgorod", "rolls": rolls, "garrison_dice": [1, 6], "targets": ["Atlantis"]})
    assert [v.rule for v in ENGINE.check(state, move)] == ["6.32 Hit allocation"]
    with pytest.raises(EngineError):
        ENGINE.apply(state, move)


def test_3_43_a_siege_by_a_block_off_the_map_is_refused_and_cannot_be_applied(pb):
    """3.43: "When performing a Siege attempt ... the attacker must already have one block in the territory": a block
    set aside off the map makes none. Vellinck's free siege of Novgorod named as made by the Russian galley waiting
    for S:t Petersburg (5.3, 11.2): check names the rule (it crashed, sinking the galley in a sea zone called 'out'),
    and apply cannot play it."""
    state = pb.place(pb.actions(pb.setup("12.1")), "Repnin", "Moskva")
    state = pb.play(state, ("group_move", 0, pb.move("Estland", ("Vellinck", ["Novgorod"]))))
    state = pb.play(state, ("end_actions", 0, {}), ("end_actions", 1, {}))
    assert pb.at(state, "Russian Galley I") == "out"
    rolls = [{"block": "Russian Galley I", "dice": [1, 2, 5]}]
    move = Move("siege", 0, {"territory": "Novgorod", "rolls": rolls, "garrison_dice": []})
    assert [v.rule for v in ENGINE.check(state, move)] == ["3.43 Siege"]
    with pytest.raises(EngineError):
        ENGINE.apply(state, move)
