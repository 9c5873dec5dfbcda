"""Pax Baltica, the Great Northern War 1700-1721 in blocks (rulebook: pax_baltica.txt)."""

from games.pax_baltica.engine import PaxBalticaEngine

ENGINE = PaxBalticaEngine()
