"""PLACEMENT RULES and PLAYING WITH SNOWDRIFTS: from above, 3 cubes high, within the foundations,
free standing; empty spaces under the snowdrifts may still be filled."""

from games.nouvelle_france import ENGINE

from .conftest import cubes, row


def placing(table, state, card, cells, site="church"):
    return table.rules(state, "place_block", state["active"], {"card": card, "site": site, "cubes": cubes(cells)})


def test_blocks_are_placed_from_above_not_under_other_blocks(table):
    """PLACEMENT RULES: "The blocks cannot be inserted under other blocks (figure 2)"."""
    state = table.with_cubes(table.new(), "church", [(0, 0, 2), (0, 1, 1), (0, 1, 2)])
    state = table.draw(state, "eel")
    under = [(0, 0, 1), (1, 0, 1), (2, 0, 1), (3, 0, 1)]
    assert placing(table, state, "cannon", under) == ["PLACEMENT RULES"]
    assert placing(table, state, "cannon", row(5, range(4), 1)) == []


def test_a_block_cannot_fill_a_space_already_filled(table):
    """PLACEMENT RULES: a block goes into free spaces only (figure 1)."""
    state = table.draw(table.with_cubes(table.new(), "church", [(1, 0, 1), (2, 0, 1)]), "eel")
    assert placing(table, state, "cannon", row(0, range(4), 1)) == ["PLACEMENT RULES"]
    assert placing(table, state, "cannon", row(0, range(4), 2)) == []


def test_walls_are_at_most_three_cubes_high(table):
    """PLACEMENT RULES: "The walls cannot be more than 3 cubes high"."""
    state = table.draw(table.with_cubes(table.new(), "church", row(0, range(4), 1)), "eel")
    assert placing(table, state, "square", [(0, 0, 2), (0, 0, 3), (1, 0, 2)]) == []
    assert placing(table, state, "square", [(0, 0, 3), (0, 0, 4), (1, 0, 3)]) == ["PLACEMENT RULES"]


def test_blocks_stay_within_the_limits_of_the_foundations(table):
    """PLACEMENT RULES: "The construction blocks must stay within the limits of the foundations (figure 3)"."""
    state = table.draw(table.new(), "eel")
    assert placing(table, state, "cannon", row(0, range(4), 1)) == []
    assert placing(table, state, "cannon", row(0, range(1, 5), 1)) == ["PLACEMENT RULES"]
    assert placing(table, state, "cannon", row(1, range(4), 1)) == ["PLACEMENT RULES"]


def test_blocks_need_support_from_below(table):
    """PLACEMENT RULES: "The construction blocks must be free standing; they cannot use other blocks ... for support"."""
    state = table.draw(table.with_cubes(table.new(), "church", [(0, 1, 1), (0, 1, 2)]), "eel")
    floating = [(0, 2, 2), (0, 3, 2), (0, 4, 2), (0, 5, 2)]
    assert placing(table, state, "cannon", floating) == ["PLACEMENT RULES"]


def test_blocks_must_balance_over_what_they_rest_on(table):
    """PLACEMENT RULES: free standing: a cannon resting by one end on a cube would lean on its neighbours."""
    state = table.draw(table.with_cubes(table.new(), "church", [(0, 0, 1), (0, 1, 1), (0, 2, 1)]), "eel")
    by_one_end = [(0, 2, 2), (0, 3, 2), (0, 4, 2), (0, 5, 2)]
    assert placing(table, state, "cannon", by_one_end) == ["PLACEMENT RULES"]
    over_two = [(0, 0, 2), (0, 1, 2), (0, 2, 2), (0, 3, 2)]
    assert placing(table, state, "cannon", over_two) == []
    square_on_its_corner = [(0, 2, 2), (0, 3, 2), (0, 3, 3)]
    assert placing(table, state, "square", square_on_its_corner) == ["PLACEMENT RULES"]
    square_on_its_long_arm = [(0, 2, 2), (0, 1, 2), (0, 2, 3)]
    assert placing(table, state, "square", square_on_its_long_arm) == []


def test_empty_spaces_under_the_snowdrifts_may_still_be_filled(table):
    """PLAYING WITH SNOWDRIFTS: "construction blocks can be placed into empty spaces, at or below the level of the snowdrifts"."""
    state = table.snowstorm(table.new())
    assert ENGINE.view(state)["snowdrift_level"] == 1
    state = table.draw(state, "eel")
    assert placing(table, state, "cannon", row(0, range(4), 1)) == []


def test_the_snowdrifts_do_not_support_blocks(table):
    """PLACEMENT RULES: blocks "cannot use ... the snowdrifts for support"."""
    state = table.draw(table.snowstorm(table.new()), "eel")
    assert placing(table, state, "cannon", row(0, range(4), 2)) == ["PLACEMENT RULES"]


def test_two_cubes_of_a_block_cannot_share_a_space(table):
    """PLACEMENT RULES: a block fills as many spaces as it has cubes."""
    state = table.draw(table.new(), "eel")
    assert placing(table, state, "square", [(0, 0, 1), (1, 0, 1), (1, 0, 1)]) == ["PLACEMENT RULES"]
