"""Rules engines: pure Python, no Django. See ``games.contract`` and ``games.registry``."""
