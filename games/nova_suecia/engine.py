"""The Nova Suecia engine: setup, whose move it is, check/apply dispatch, view and outcome."""

from __future__ import annotations

from games.contract import JSON, Engine, Move, Outcome, Seat, Violation
from games.nova_suecia import actions, rules
from games.nova_suecia.board import CHRISTINA, DISTRICT_IDS, NASSAU, buy_square, sell_square
from games.nova_suecia.components import RESOURCES, STARTING_MARKET_CUBES, resolve
from games.nova_suecia.ending import dutch_victory, governor_victory, seal_scores, swedish_victory
from games.nova_suecia.table import (
    Draft,
    controller,
    log_cabins_of,
    net_thaler,
    seals_of,
    stock,
    total_seals,
)
from games.nova_suecia.vocabulary import EVENT_TYPES, OPTIONS_SCHEMA

COLONIST_ACTIONS = ("invest", "produce", "day_work", "assemble")
#: The events each step of a turn waits for (the Treasury action fits in any step).
STEP_EVENTS = {
    "setup": ("choose_letter_resource",),
    "letter": ("letter",),
    "ship": ("sail",),
    "colonist": COLONIST_ACTIONS,
    "end": ("end_turn",),
}
STEP_AFTER = {"letter": "ship", "sail": "colonist", **{action: "end" for action in COLONIST_ACTIONS}}
OUT_OF_STEP = {
    "setup": (rules.PREPARATION, "First each player, in turn order, places a resource on the letter."),
    "letter": (rules.LETTER, "A turn starts with the Letter action."),
    "ship": (rules.SHIP, "The Ship action comes next."),
    "colonist": (rules.COLONIST, "Choose 1 of the work actions next: Invest, Produce, Day Work or Assemble."),
    "end": (rules.COURSE, "Your Colonist action is done: end the turn."),
}
#: Events after which Fort thaler grow (ships pass) or seals leave districts: the Dutch may win.
FORTS_OR_SEALS_CHANGE = ("sail", "assemble")
CHECKS = {name: getattr(actions, f"check_{name}") for name in EVENT_TYPES if name != "end_turn"}
APPLIES = {name: getattr(actions, f"apply_{name}") for name in EVENT_TYPES if name != "end_turn"}


class NovaSueciaEngine(Engine):
    slug = "nova_suecia"
    title = "Nova Suecia: The Last Letter Home"
    min_players = 2
    max_players = 5
    options_schema = OPTIONS_SCHEMA
    event_types = EVENT_TYPES

    def refuse_setup(self, seats: list[Seat], options: dict[str, JSON]) -> list[Violation]:
        """7.5: the neutral player is the Two Player Variant's; with more seats there is none."""
        if options.get("neutral_player") and len(seats) != 2:
            return [
                Violation(
                    rules.TWO_PLAYER,
                    f"The neutral player joins a 2 player game only, not one of {len(seats)}: start the play without it.",
                )
            ]
        return []

    def setup(self, seats: list[Seat], options: dict[str, JSON]) -> JSON:
        neutral = bool(options.get("neutral_player")) and len(seats) == 2  # refuse_setup refuses it otherwise
        sea = options.get("sea", "calm")
        answered = bool(options.get("letters_answered"))
        bag = {} if answered else {r: 1 for r in RESOURCES if r != "plant"}
        if sea != "calm" and not answered:
            bag["plant"] = 1
        players = [
            _player(seat, number) for number, seat in enumerate([*range(len(seats)), *([None] if neutral else [])])
        ]
        return {
            "options": {
                "sea": sea,
                "letters_answered": answered,
                "royal_audience": bool(options.get("royal_audience")),
                "neutral_player": neutral,
            },
            "components": resolve(options.get("components", {})),
            "players": players,
            "markets": {r: STARTING_MARKET_CUBES for r in RESOURCES},
            "bag": bag,
            "districts": [_district() for _ in DISTRICT_IDS],
            "ships": {"swedish": {"at": CHRISTINA, "heading": 1}, "dutch": {"at": NASSAU, "heading": -1}},
            "forts": {"christina": 0, "nassau": 0},
            "governor": 0,
            "player": 0,
            "step": "setup",
            "round_turn": 0,
            "turn": 0,
            "treasury_taken": False,
            "deposited": False,
            "final_turns": None,
            "outcome": None,
        }

    def check(self, state: JSON, move: Move) -> list[Violation]:
        if state["outcome"] is not None:
            return [Violation(rules.END, f"The game is over: {state['outcome']['reason']}.")]
        step, player = state["step"], state["player"]
        seat = controller(state, player)
        if move.seat != seat:
            rule = rules.PREPARATION if step == "setup" else rules.COURSE
            whose = (
                f"the neutral player's turn, played by seat {seat}"
                if state["players"][player]["seat"] is None
                else f"seat {seat}'s turn"
            )
            return [Violation(rule, f"It is {whose}, not seat {move.seat}'s.")]
        if move.type == "treasury" and step != "setup":
            return actions.check_treasury(state, player, move.data)
        if move.type not in STEP_EVENTS[step]:
            return [Violation(*OUT_OF_STEP[step])]
        if move.type == "end_turn":
            return []
        return CHECKS[move.type](state, player, move.data)

    def apply(self, state: JSON, move: Move) -> JSON:
        draft = Draft(state)
        player = _actor(state, move)
        if move.type == "end_turn":
            _end_turn(draft)
        else:
            APPLIES[move.type](draft, player, move.data)
            _advance_step(draft, move.type)
        if move.type == "invest":
            _start_final_turns_when_all_sealed(draft, player)
        last_turns = draft.state["final_turns"] is not None
        if move.type in FORTS_OR_SEALS_CHANGE and draft.state["outcome"] is None and not last_turns:
            draft.set("outcome", dutch_victory(draft.state))
        if state["outcome"] is not None:
            draft.set("outcome", state["outcome"])  # a move recorded after the end (record play)
        return draft.state

    def view(self, state: JSON, seat: int | None = None) -> dict[str, JSON]:
        """Everything in Nova Suecia lies open on the table, so every seat and a spectator see the same
        view, and the engine declares no secret (README, "Hidden information"): a district card face
        down (3 step 2) is unknown to everyone, the arbiter too, until it is turned up (5.2)."""
        finished = state["outcome"] is not None
        step = "finished" if finished else state["step"]
        legal = [] if finished else list(STEP_EVENTS[step])
        if not finished and step != "setup" and not state["treasury_taken"]:
            legal.append("treasury")
        players = state["players"]
        return {
            "phase": step,
            "active_seats": [] if finished else [controller(state, state["player"])],
            "legal_event_types": legal,
            "scores": seal_scores(state),
            "finished": finished,
            "outcome": state["outcome"],
            "turn": state["turn"],
            "player": state["player"],
            "governor": state["governor"],
            "thaler": [p["thaler"] for p in players],
            "net_thaler": [net_thaler(p) for p in players],
            "loans": [p["loan"] for p in players],
            "deposits": [p["deposit"] for p in players],
            "seals": [seals_of(state, index) for index in range(len(players))],
            "log_cabins": [log_cabins_of(state, index) for index in range(len(players))],
            "letters": [p["letter"] for p in players],
            "colonists_on_letter": [{"standing": p["standing"], "laid_down": p["resting"]} for p in players],
            "neutral_player": 2 if state["options"]["neutral_player"] else None,
            "markets": dict(state["markets"]),
            "buy_prices": {r: _price(state, r, buy_square) for r in RESOURCES if r != "gold"},
            "sell_prices": {r: _price(state, r, sell_square) for r in RESOURCES if r != "gold"},
            "gold": {"loan": actions.gold_step(state, "loan"), "deposit": actions.gold_step(state, "deposit")},
            "stock": {r: stock(state, r) for r in RESOURCES},
            "ship_bag": dict(state["bag"]),
            "ships": {
                name: {"river_card": ship["at"], "heading": "Fort Nassau" if ship["heading"] > 0 else "Fort Christina"}
                for name, ship in state["ships"].items()
            },
            "forts": dict(state["forts"]),
            "raid_multiplier": state["forts"]["christina"] * state["forts"]["nassau"],
            "seals_on_districts": total_seals(state),
            "districts": {district_id: _district_view(d) for district_id, d in zip(DISTRICT_IDS, state["districts"])},
            "treasury_taken": state["treasury_taken"],
            "final_turns": state["final_turns"],
        }

    def outcome(self, state: JSON) -> Outcome | None:
        return None if state["outcome"] is None else Outcome.from_dict(state["outcome"])


def _player(seat: int | None, number: int) -> JSON:
    """Section 3 step 6: 1 colonist and 1 thaler; players 3-4 one thaler more, player 5 two more."""
    extra = {2: 1, 3: 1, 4: 2}.get(number, 0)
    return {"seat": seat, "thaler": 1 + extra, "loan": 0, "deposit": 0, "letter": [], "standing": 1, "resting": 0}


def _district() -> JSON:
    return {"type": None, "open": False, "seal": None, "left": None, "right": None, "cabins": 0, "flipped": 0}


def _district_view(district: JSON) -> JSON:
    return {
        "type": district["type"],
        "open": district["open"],
        "seal": district["seal"],
        "left": district["left"],
        "right": district["right"],
        "log_cabins": district["cabins"],
        "flipped_log_cabins": district["flipped"],
    }


def _price(state: JSON, resource: str, square) -> int:
    return state["components"]["prices"][resource][square(state["markets"][resource])]


def _actor(state: JSON, move: Move) -> int:
    """The player a move acts for: whose turn it is, unless (in a record play) another seat moved."""
    if move.seat is None or move.seat == controller(state, state["player"]):
        return state["player"]
    return move.seat


def _advance_step(draft: Draft, event: str) -> None:
    """Move on to the next step; a move recorded out of its step changes the table but not the step."""
    state = draft.state
    if event not in STEP_EVENTS[state["step"]]:
        return
    if event == "choose_letter_resource":
        last = state["player"] == len(state["players"]) - 1
        draft.set("player", state["governor"] if last else state["player"] + 1)
        draft.set("step", "letter" if last else "setup")
    elif event in STEP_AFTER:
        draft.set("step", STEP_AFTER[event])


def _end_turn(draft: Draft) -> None:
    """Pass the turn (section 5; 6 for the last turns) and look for a governor victory. Once
    the 24th seal is placed the game is a Swedish victory: the last turns only decide who wins."""
    state = draft.state
    draft.set("treasury_taken", False)
    draft.set("deposited", False)
    draft.set("step", "letter")
    draft.set("turn", state["turn"] + 1)
    final = state["final_turns"]
    if final is not None:
        if not final["queue"]:
            draft.set("outcome", swedish_victory(state))
            return
        draft.set("player", final["queue"][0])
        draft.set("final_turns", {**final, "queue": final["queue"][1:]})
        return
    if state["options"]["neutral_player"]:
        _pass_turn_with_neutral(draft)
    else:
        _pass_turn(draft)
    draft.set("outcome", governor_victory(draft.state, draft.state["player"]))


def _pass_turn(draft: Draft) -> None:
    """In turn order from the governor; after the player to the governor's right, the card
    passes to that player, who starts the next round (two consecutive turns)."""
    state = draft.state
    count = len(state["players"])
    next_turn = state["round_turn"] + 1
    if next_turn < count:
        draft.set("round_turn", next_turn)
        draft.set("player", (state["governor"] + next_turn) % count)
    else:
        draft.set("governor", state["player"])
        draft.set("round_turn", 0)


def _pass_turn_with_neutral(draft: Draft) -> None:
    """7.5: governor, other player; the card passes to the other player, who then plays the
    neutral player's turn instead of a second consecutive turn, then starts the round."""
    state = draft.state
    if state["round_turn"] == 0:
        draft.set("round_turn", 1)
        draft.set("player", 1 - state["governor"])
    elif state["round_turn"] == 1:
        draft.set("governor", state["player"])
        draft.set("round_turn", 2)
        draft.set("player", 2)
    else:
        draft.set("round_turn", 0)
        draft.set("player", state["governor"])


def _start_final_turns_when_all_sealed(draft: Draft, player: int) -> None:
    """Section 6, Swedish victory: after the 24th seal each governor plays one more turn,
    in turn order, ending with the governor who placed it."""
    state = draft.state
    if state["final_turns"] is None and total_seals(state) == len(DISTRICT_IDS):
        count = len(state["players"])
        queue = [(player + offset) % count for offset in range(1, count + 1)]
        draft.set("final_turns", {"sealer": player, "queue": queue})
