"""Every playthrough folds to the states, violations, outcomes and views of the regression
snapshot ``tests/games/fold_snapshots.json`` (issue #16: a port changes nothing).

A failure names the playthrough and the first seq that differs. Regenerate the snapshot ONLY
for an intended, reviewed change of behaviour: ``.venv/bin/python -m tests.games.fold_snapshots
--write [slug ...]`` (see that module).
"""

import pytest

from games.contract import Move
from games.playthrough import all_playthroughs, load
from tests.games import fold_snapshots

PLAYTHROUGHS = all_playthroughs()
SNAPSHOT = fold_snapshots.read()
REGENERATE = "regenerate the snapshot with `.venv/bin/python -m tests.games.fold_snapshots --write [slug ...]`"


def describe_seq(path, seq: int) -> str:
    if seq == 0:
        return "seq 0 (after setup)"
    moves: list[Move] = load(path).moves()
    if seq > len(moves):
        return f"seq {seq} (the snapshot has more moves than the playthrough)"
    move = moves[seq - 1]
    return f"seq {seq} ({move.type}, seat {move.seat})"


def test_the_snapshot_covers_every_playthrough_and_engine():
    assert sorted(SNAPSHOT["playthroughs"]) == sorted(map(fold_snapshots.key, PLAYTHROUGHS)), (
        f"the snapshot's playthroughs are not the files'; {REGENERATE}"
    )
    assert SNAPSHOT["engines"] == fold_snapshots.engine_hashes(), (
        f"an engine's describe() (metadata, options or event vocabulary) changed; only if intended, {REGENERATE}"
    )


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_playthrough_folds_as_the_snapshot_says(path):
    name = fold_snapshots.key(path)
    expected = SNAPSHOT["playthroughs"].get(name)
    assert expected is not None, f"{name} is not in the snapshot: {REGENERATE} {name}"
    actual = fold_snapshots.fold(path)
    seq = fold_snapshots.first_difference(expected, actual)
    assert seq is None, (
        f"{name} folds differently from {describe_seq(path, seq)} on: its state, check's violations, "
        f"outcome or a view changed ({len(expected) - 1} moves in the snapshot, {len(actual) - 1} now). "
        f"Only if that change is intended and reviewed, {REGENERATE}"
    )
