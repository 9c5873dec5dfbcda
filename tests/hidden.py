"""The check that no viewer is shown a secret that is not theirs, shared by the engine tests
and the API tests. What is secret comes from the engine's declaration (``games.secrets.found``)."""

from games.secrets import NOBODY, masked

#: What :func:`at` finds where a view has no such part.
ABSENT = object()


def occurs(haystack, needle) -> bool:
    """Whether ``needle`` is ``haystack`` or any value nested in it."""
    if haystack == needle:
        return True
    if isinstance(haystack, dict):
        return any(occurs(item, needle) for item in haystack.values())
    if isinstance(haystack, list):
        return any(occurs(item, needle) for item in haystack)
    return False


def telling(value) -> bool:
    """A value whose appearance elsewhere would give the secret away: a list or object that
    names something (a card, a good, a block). A lone name or number may also stand in public
    places, and so may a tally of numbers: every Vasa Regalis hand starts the same (section 2),
    and a hand's values may equal a public supply row."""
    return isinstance(value, list | dict) and _names(value)


def _names(value) -> bool:
    if isinstance(value, dict):
        return any(_names(item) for item in value.values())
    if isinstance(value, list):
        return any(_names(item) for item in value)
    return isinstance(value, str)


def at(value, path):
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return ABSENT
    return value


def assert_kept(shown, secrets_found, viewer, where: str) -> None:
    for path, owner, value in secrets_found:
        if owner is None or (owner == viewer and viewer != NOBODY):
            continue
        there = at(shown, path)
        assert there is ABSENT or there == masked(value), f"{where}: {path} of seat {owner} shown to {viewer}"
        if telling(value):
            assert not occurs(shown, value), f"{where}: seat {owner}'s {path} appears elsewhere for {viewer}"
