"""The rulebook sections the engine cites, in rulebook order: the one place they are spelled.

Every refusal names one of these (``table.refuse(SECTION, message)``), every move and phase
declares one, so ``grep`` for a section's number finds its constant here and the constant's
name finds the rule code.
"""

from __future__ import annotations

# --- 1 The map, 2 The blocks ---------------------------------------------------------------
TERRITORIES = "1.1 Territories and sea zones"
PORTS = "1.4 Ports and harbours"
BORDERS = "1.5 Borders"
BLOCK_DATA = "2.1 Block data"
STRENGTH = "2.11 Strength"

# --- The game: the sequence of play --------------------------------------------------------
YEAR_START = "The game: Activation and replacements"
ACTION_ROLL_PHASE = "The game: Action-roll Phase"
SUPPLY_PHASE = "The game: Supply Phase"
WEATHER = "Special end year turn: Never mind the weather"

# --- 3 Actions -----------------------------------------------------------------------------
ACTION_TABLE = "3.1 Action table"
ACTION_CHOICES = "3.2 Action choices"
ACTION_SEQUENCE = "3.3 Action sequence"
SPYING = "3.41 Spying"
GROUP_MOVEMENT = "3.42 Group movement"
SIEGE = "3.43 Siege"
SIEGE_RESTRICTIONS = "3.43.b Siege restrictions"
NATIONAL_EVENT_ROLL = "3.44 National event roll"
REBUILDING = "3.45 Rebuilding steps"

# --- 4 Movement ----------------------------------------------------------------------------
BORDER_RESTRICTIONS = "4.2 Border restrictions"
TERRITORIAL_CONTROL = "4.3 Territorial control"
PINNING = "4.4 Pinning"
FORCE_MARCHING = "4.5 Force-marching"
SEA_MOVEMENT = "4.6 Sea movement"
PROHIBITED_TERRITORIES = "4.8 Prohibited territories"

# --- 5 Replacements ------------------------------------------------------------------------
STEP_BUILDING_COST = "5.2 Step building cost"
REPLACEMENT_POOL = "5.3 Replacement pool and deploying"
ON_MAP_REPLACEMENTS = "5.4 On-map replacements"
INCORRECT_DEPLOYMENT = "5.6 Incorrect deployment"
PROHIBITED_RP = "5.7 Prohibited handling of RP's"

# --- 6 Battles -----------------------------------------------------------------------------
BATTLE_SEQUENCE = "6.1 Battle sequence"
BATTLE_TURNS = "6.2 Battle turns"
COMBAT_ROUNDS = "6.21 Combat rounds"
COMBAT_RESERVES = "6.22 Combat reserves"
COMBAT = "6.31 Combat"
HIT_ALLOCATION = "6.32 Hit allocation"
CO_OPERATION = "6.4 Co-operation"
RETREATS = "6.5 Retreats"
REGROUPING = "6.6 Regrouping"
GARRISONS_FIGHT_BACK = "6.7 Garrisons fights back"
TRUCE = "6.9 Truce"
TRUCE_ACTIVATION = "6.10 Truce activation"

# --- 7 Supply ------------------------------------------------------------------------------
OUT_OF_SUPPLY = "7.2 Out of supply"
ATTRITION = "7.5 Attrition"

# --- 8 Naval warfare -----------------------------------------------------------------------
WARSHIP_MOVEMENT = "8.1 Warship movement"
NAVAL_BATTLES = "8.2 Naval battles"
SEA_RETREATS = "8.4 Sea retreats"

# --- 9 National deployment -----------------------------------------------------------------
DEPLOY_SWEDEN = "9.1 Sweden"
DEPLOY_RUSSIA = "9.2 Russia"
DEPLOY_SAXONY = "9.3 Saxony"
DEPLOY_DENMARK = "9.4 Denmark"
DEPLOY_POLAND = "9.5 Poland"
DEPLOY_TURKEY = "9.6 Turkey"
DEPLOY_PRUSSIA = "9.7 Prussia"
DEPLOY_UKRAINE = "9.8 Ukraine"
DEPLOY_HANOVER = "9.9 Hanover"
GREAT_BRITAIN = "9.10 Great Britain"

# --- 10 National rules ---------------------------------------------------------------------
SWEDEN = "10.1 Sweden"
SAXONY = "10.3 Saxony"
POLAND = "10.4 Poland"
PRUSSIA = "10.6 Prussia"

# --- 11 Special rules, 12 Scenarios, 13 Optional rules, 14 Events ---------------------------
NIGHT_RIDER = "11.1 Karl XII - The night rider"
SCENARIOS = "12.0 Scenarios"
LAST_ARMY = "12.5 The last army"
OPTIONAL_RULES = "13.0 Optional play balance"
ALLIED_REROLL = "13.2 Allied player re-roll"
REROLLS = "13.3 Re-rolls"
GENERAL_EVENTS = "14.1 General events table"
NATIONAL_EVENTS = "14.2 National events table"
