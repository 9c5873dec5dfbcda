"""The copy-on-write draft behind ``apply``: the input state is never changed."""

from games.pax_baltica.board import Draft


def test_a_value_set_on_the_draft_is_copied_again_before_it_changes():
    """``set`` and ``update`` may put a container of the input state back (begin_year's
    rp_year is the old rp_next): the next ``at`` copies it, even where the key was copied before."""
    state = {"rp_next": {"sweden": {"add": 1}}, "rp_year": {}, "rolls": [None, None]}
    draft = Draft(state)
    draft.at("rp_year")["russia"] = {}
    draft.at("rolls")[0] = 3
    draft.update(rp_year=state["rp_next"], rolls=state["rolls"])
    draft.at("rp_year")["sweden"] = {}
    draft.at("rolls")[1] = 4
    draft.at("rp_next")["denmark"] = {}
    draft.set("rp_next", state["rp_year"])
    draft.at("rp_next")["saxony"] = {}
    assert state == {"rp_next": {"sweden": {"add": 1}}, "rp_year": {}, "rolls": [None, None]}
    assert draft.state == {"rp_next": {"saxony": {}}, "rp_year": {"sweden": {}}, "rolls": [None, 4]}
