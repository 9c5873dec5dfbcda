"""The generic engine: any title, logged at the level of seats, scores and result."""

from games.generic.engine import GenericEngine

ENGINE = GenericEngine()
