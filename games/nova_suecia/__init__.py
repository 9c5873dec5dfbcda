"""Nova Suecia: The Last Letter Home (rulebook version 3.07), 2-5 players."""

from games.nova_suecia.engine import NovaSueciaEngine

ENGINE = NovaSueciaEngine()
