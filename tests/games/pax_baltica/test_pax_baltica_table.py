"""The copy-on-write table behind ``apply`` (the kit's Table, which replaced board.py's Draft):
the input state is never changed."""

from games.kit import Table


def test_a_value_set_on_the_table_is_copied_again_before_it_changes():
    """``set`` and ``update`` may put a container of the input state back (begin_year's
    rp_year is the old rp_next): the next ``at`` copies it, even where the key was copied before."""
    state = {"rp_next": {"sweden": {"add": 1}}, "rp_year": {}, "rolls": [None, None]}
    table = Table(state)
    table.at("rp_year")["russia"] = {}
    table.at("rolls")[0] = 3
    table.update(rp_year=state["rp_next"], rolls=state["rolls"])
    table.at("rp_year")["sweden"] = {}
    table.at("rolls")[1] = 4
    table.at("rp_next")["denmark"] = {}
    table.set("rp_next", state["rp_year"])
    table.at("rp_next")["saxony"] = {}
    assert state == {"rp_next": {"sweden": {"add": 1}}, "rp_year": {}, "rolls": [None, None]}
    assert table.state == {"rp_next": {"saxony": {}}, "rp_year": {"sweden": {}}, "rolls": [None, 4]}
