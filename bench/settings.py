"""The bench's web server: the service's settings, with the floor endpoint of bench/floor.py
served beside every route of config/urls.py."""

from config.settings import *  # noqa: F403 (the service's settings, whole)

ROOT_URLCONF = "bench.floor"
