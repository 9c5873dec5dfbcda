"""The test suite's settings: production's (DEBUG off), with stand-in keys and plain HTTP for
the test client. A test that needs other keys overrides them."""

import os

os.environ.setdefault("SECRET_KEY", "tablelog-tests-only-secret-key-0123456789-abcdefghijklmnop")
os.environ.setdefault("CHAIN_KEY", "tablelog-tests-only-chain-key")
os.environ.setdefault("HTTPS", "0")

from config.settings import *  # noqa: E402, F403
