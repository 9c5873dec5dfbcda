"""First Settlement: the first English colonists in the New World, one colony per player."""

from games.first_settlement.engine import FirstSettlementEngine

ENGINE = FirstSettlementEngine()
