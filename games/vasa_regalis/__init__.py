"""Vasa Regalis (3-5 players): build the king's ship while keeping the best goods for yourself."""

from games.vasa_regalis.engine import VasaRegalisEngine

ENGINE = VasaRegalisEngine()
