"""The shapes a Pitac campaign's files take: the turn file's JSON Schema, options, player fields.

Every number of the rulebook is an option with the rulebook's value as default (house rules are
the norm in this hobby); docs/rules/pitac.md lists them with the rule each changes.
"""

from __future__ import annotations

from fractions import Fraction

SHARE = {"oneOf": [{"type": "number", "exclusiveMinimum": 0, "maximum": 1},
                   {"type": "string", "pattern": r"^[0-9]{1,6}/[0-9]{1,6}$",
                    "x-fraction": {"exclusiveMinimum": 0, "maximum": 1}}],
         "description": "A share of the map above 0 and at most 1: 0.5, or a fraction such as \"1/3\"."}
PLAYER_ID = {"type": "string"}
DIE = {"type": ["integer", "string"], "minimum": 1, "maximum": 10, "maxLength": 60,
       "description": "One d10, 1 to 10: 7, or a 10 with its add-on rolls as \"10+4\"."}
MOVES = {"type": "integer", "minimum": 0, "maximum": 20}

TURN_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "turn": {"type": "integer", "minimum": 1, "maximum": 100_000,
                 "description": "The turn's number; must match the file name."},
        "title": {"type": "string"},
        "date": {"type": "string", "description": "The game day, e.g. 2026-03-14."},
        "notes": {"type": "string"},
        "battles": {"type": "array", "x-repeats": "the same players may fight more than one battle on a game day",
                    "items": {
            "type": "object", "required": ["players"], "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "scenario": {"type": "string"},
                "players": {"type": "array", "minItems": 1, "items": PLAYER_ID, "uniqueItems": True},
                "winner": {"oneOf": [PLAYER_ID, {"type": "array", "items": PLAYER_ID, "uniqueItems": True},
                                     {"type": "null"}],
                           "description": "The winner (winner_moves: 2 in the seed); everyone else in the battle gets participant_moves (1)."},
                "vp": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 10_000},
                       "description": "Victory points each player scored, for the ranks."},
                "notes": {"type": "string"},
            }}},
        "orders": {"type": "object", "additionalProperties": {
            "type": ["array", "null"],
            "x-repeats": "each order is one move: two Attack orders on one territory roll the dice of both",
            "items": {"oneOf": [
                {"type": "string", "pattern": r"(?i)^\s*(attack|defend)\s+\S", "x-verbs": ["Attack", "Defend"],
                 "description": "Attack X or Defend X"},
                {"type": "object", "minProperties": 1, "maxProperties": 1,
                 "properties": {"attack": {"type": "string"}, "defend": {"type": "string"}},
                 "additionalProperties": False}]}},
            "description": "Each player's orders: 'Attack X' or 'Defend X', one per move earned."},
        "dice": {"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": {"anyOf": [
                DIE, {"type": "array", "items": DIE, "maxItems": 100, "x-repeats": "dice may show the same face"}]}},
            "description": "Recorded rolls: territory -> player -> dice. Rolls not written are drawn from the seed."},
        "capitals": {"type": "object", "additionalProperties": {"type": "string"},
                     "description": "A new capital named by a player who lost theirs this turn."},
        "gifts": {"type": "array", "uniqueItems": True, "items": {
            "type": "object", "required": ["from", "to", "territory"], "additionalProperties": False,
            "properties": {"from": PLAYER_ID, "to": PLAYER_ID, "territory": {"type": "string"}}},
            "description": "Territories handed over by their holder before the turn's moves (a treaty, "
                           "a welcome for a new player)."},
        "army_lists": {"type": "array", "items": PLAYER_ID, "uniqueItems": True,
                       "description": "Players who turned in their army list 3 days early (army_list_koku: 50 koku in the seed)."},
    },
}


def share(value) -> Fraction:
    """An option's share of the map, written 0.5 or "1/2"."""
    return Fraction(value) if isinstance(value, str) else Fraction(value).limit_denominator(1000)


OPTIONS = {
    "capital_dice": (3, {"type": "integer", "minimum": 1, "maximum": 20}, "Dice a first capital defends with."),
    "later_capital_dice": (2, {"type": "integer", "minimum": 1, "maximum": 20}, "Dice a later capital defends with."),
    "winner_moves": (2, MOVES, "Moves earned by a battle's winner."),
    "participant_moves": (1, MOVES, "Moves earned by every other player in a battle."),
    "shogun_share_small": ("1/2", SHARE, "Share of all territories that makes a Shogun in a small game."),
    "shogun_share_large": ("1/3", SHARE, "Share of all territories that makes a Shogun in a large game."),
    "large_game_players": (5, {"type": "integer", "minimum": 1, "maximum": 1000},
                           "Players from which a game counts as large."),
    "vp_reboot": (25, {"type": ["integer", "null"], "minimum": 1, "maximum": 100_000},
                  "Ranking total at which the ranks restart at 0 (null: never)."),
    "army_list_koku": (50, {"type": "integer", "minimum": 0, "maximum": 100_000},
                       "Koku bonus for an army list turned in early."),
    "attack_links": (["land", "sea", "mountain", "river", "ford"],
                     {"type": "array", "items": {"enum": ["land", "sea", "mountain", "river", "ford"]},
                      "minItems": 1, "uniqueItems": True},
                     "Kinds of link an attack may cross."),
}

PLAYER_PROPERTIES = {
    "capital": {"type": "string", "description": "Starting capital (id or name), or 'random'."},
    "start_roll": {"type": "integer", "minimum": 1, "maximum": 10,
                   "description": "The d10 rolled to choose capitals, high to low."},
    "joins": {"type": "integer", "minimum": 1, "maximum": 100_000,
              "description": "The turn at which a late player joins the map."},
}
