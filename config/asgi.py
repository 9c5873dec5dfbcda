"""The ASGI application: what ``make run`` and docker serve, the live streams with the rest
(records/live.py).

Under ASGI each request's view runs in a thread of its own, so a connection kept by its thread
would be kept for nobody: here requests borrow their connections from a pool
(``DATABASE_POOL``, config/settings.py).

The garbage collector is set for a server (#21). What is loaded by now (Django, the apps, every
view) lives as long as the process, so it is frozen: a full collection does not walk it again.
And a collection waits for 10,000 new objects, not Python's 700: a request leaves a few hundred
behind, so the collector ran every other request, for a twentieth of an append's CPU, and now
and then walked everything for about 100 ms (bench/RESULTS.md).
"""

import gc
import importlib
import os

from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DATABASE_POOL"] = "1"
application = get_asgi_application()
importlib.import_module(settings.ROOT_URLCONF)  # every view, imported now to be frozen with the rest
gc.freeze()
gc.set_threshold(10_000)
