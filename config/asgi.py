"""The ASGI application: what ``make run`` and docker serve, the live streams with the rest
(records/live.py).

Under ASGI each request's view runs in a thread of its own, so a connection kept by its thread
would be kept for nobody: here requests borrow their connections from a pool
(``DATABASE_POOL``, config/settings.py).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DATABASE_POOL"] = "1"
application = get_asgi_application()
