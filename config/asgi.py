"""The ASGI application: what ``make run`` and docker serve, the live streams with the rest
(records/live.py).

Under ASGI each request's view runs in a thread of its own, so a connection kept by its thread
(CONN_MAX_AGE) would go with the thread: here connections come from a pool instead
(``DATABASE_POOL``, config/settings.py).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DATABASE_POOL"] = "1"
application = get_asgi_application()
