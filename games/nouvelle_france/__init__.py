"""Nouvelle France: the rules engine (see README.md)."""

from games.nouvelle_france.engine import NouvelleFranceEngine

ENGINE = NouvelleFranceEngine()
