"""The rulebook's section titles as printed, in the rulebook's order (the rulebook numbers none).

The one place they live: every violation names one, every module and move cites one, so
``grep -rn "PLACEMENT RULES\\|PLACEMENT\\b" games/nouvelle_france`` finds a rule's code.
"""

SETUP = "GAME SETUP"
TURN = "PLAYER TURN"
PLACEMENT = "PLACEMENT RULES"
SPECIAL_RULE = "SPECIAL RULE"  # the redoubt's joints (geometry.py)
SNOWSTORMS = "SNOWSTORMS"  # scored when a snowflake is drawn (snowstorms.py); refuses nothing
BONUS = "BONUS CONSTRUCTION BLOCKS"
ALLY_TOKENS = "ALLY TOKENS"
FILLE = "FILLE DU ROY (King's Ward) TOKEN"
COUREUR = "COUREUR DES BOIS (Fur trader) TOKEN"
HURON = "HURON (First Nations People) TOKEN"
UNABLE = "A PLAYER IS UNABLE TO PLACE A BLOCK"
END = "END OF THE GAME"
SIMPLIFIED = "SIMPLIFICATION OF THE RULES"
