"""The test suite's settings: production's (DEBUG off), with stand-in keys and plain HTTP for
the test client. A test that needs other keys overrides them."""

import os
import tempfile

os.environ.setdefault("SECRET_KEY", "tablelog-tests-only-secret-key-0123456789-abcdefghijklmnop")
os.environ.setdefault("CHAIN_KEY", "tablelog-tests-only-chain-key")
os.environ.setdefault("HTTPS", "0")
# Uploads the tests make (imports that never run, in transactions rolled back) go to a folder
# of this run's, not the developer's var/media; worker processes the tests start inherit it.
os.environ.setdefault("MEDIA_ROOT", tempfile.mkdtemp(prefix="tablelog-test-media-"))

from config.settings import *  # noqa: E402, F403
