"""The test suite's settings: production's (DEBUG off), with stand-in keys and plain HTTP for
the test client. A test that needs other keys overrides them."""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SECRET_KEY", "tablelog-tests-only-secret-key-0123456789-abcdefghijklmnop")
os.environ.setdefault("CHAIN_KEY", "tablelog-tests-only-chain-key")
os.environ.setdefault("HTTPS", "0")

from config.settings import *  # noqa: E402, F403

# Uploads the tests make (imports that never run, in transactions rolled back) go to a folder
# of this run's, not the developer's var/media.
MEDIA_ROOT = Path(tempfile.mkdtemp(prefix="tablelog-test-media-"))  # noqa: F405
