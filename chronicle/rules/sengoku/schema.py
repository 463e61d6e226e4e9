"""JSON Schemas: the Sengoku turn file, and the fields a clan takes in campaign.yaml."""

from __future__ import annotations

from .record import PURPOSES

NAME = {"type": ["string", "integer"], "description": "A province: its id, its name, or its number on a numbered map."}
ARMY = {"type": "string", "description": "An army id, such as takeda-1."}
CLAN = {"type": "string"}
D6 = {"type": "integer", "minimum": 1, "maximum": 6, "description": "A d6 shows 1 to 6."}
COMPOSITION = {"oneOf": [
    {"type": "string", "description": "The seed's notation: \"1x3Kn(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 2x3Sh, 1x2Ps\"."},
    {"type": "array", "items": {"type": "string"}},
    {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}],
    "description": "An army's elements by DBA type (3Kn, 3Cav, 4Bd, 3Sp, 3Bw, 3Sh, 2Ps, Art, 5Wb; the general 3Kn(Gen))."}
PATH = {"oneOf": [{"type": "string", "description": "Provinces entered, in order: \"shinano, kozuke\"."},
                  {"type": "array", "items": NAME, "minItems": 1}, {"type": "integer"}]}

SIDE = {
    "type": "object", "required": ["army"], "additionalProperties": False,
    "properties": {
        "army": ARMY,
        "lost": {"type": "integer", "minimum": 0, "description": "Elements this army lost on the table."},
        "general_lost": {"type": "boolean"},
        "camp_taken": {"type": "boolean", "description": "This side took the enemy's camp (+2 prestige)."},
        "bua_taken": {"type": "boolean", "description": "Relief battle: the besieger occupied the BUA (a 1-element loss for the relieving side)."},
        "cards": {"type": "array", "items": {"type": "string"}, "description": "Cards this side played (at most 3)."},
        "allies": {"type": "array", "items": {
            "type": "object", "required": ["army", "elements"], "additionalProperties": False,
            "properties": {"army": ARMY, "elements": {"type": "integer", "minimum": 1},
                           "lost": {"type": "integer", "minimum": 0}}},
            "description": "Allied contingents (3-6 elements) or a besieged army's 3 elements."},
        "retreat": {**NAME, "description": "Where this side retreats if it loses (default: the nearest way to its capital)."},
        "penalty": {"type": "integer", "minimum": 0, "description": "Umpire: elements removed for abusing the time limits."},
        "elements_lost": {**COMPOSITION, "description": "Optional: the elements this army lost, by type (\"2x4Bd, 1x3Kn(Gen)\"); "
                                                        "its next declared composition is checked against what remains."},
    },
}
SIDES = {"oneOf": [SIDE, {"type": "array", "items": SIDE, "minItems": 1,
                          "description": "A Big Battle in Kyoto (more than two armies present): every army on this side."}]}
ANSWER = {"oneOf": [{"enum": ["battle", "fortress"]}, {"type": "string", "pattern": "^retreat"},
                    {"type": "object", "required": ["retreat"], "additionalProperties": False, "properties": {"retreat": NAME}}]}

TURN_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "turn": {"type": "integer", "minimum": 1},
        "title": {"type": "string"},
        "date": {"type": "string", "description": "The game day, e.g. 2026-03-14."},
        "notes": {"type": "string"},
        "cards": {"type": "object", "additionalProperties": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
                  "description": "Cards drawn this turn: clan -> card. Draws not written are dealt from the shuffled deck."},
        "order": {"type": "array", "items": CLAN, "description": "Movement order, as agreed (a Spy card); else rolled."},
        "diplomacy": {"type": "object", "additionalProperties": False, "properties": {
            "alliances": {"type": "array", "items": {"type": "array", "items": CLAN, "minItems": 2, "maxItems": 2}},
            "broken_alliances": {"type": "array", "items": {"type": "object", "required": ["by", "with"], "additionalProperties": False,
                                                          "properties": {"by": CLAN, "with": CLAN}}},
            "broken_treaties": {"type": "array", "items": {"oneOf": [CLAN, {"type": "object", "required": ["clan"], "additionalProperties": False,
                                                                         "properties": {"clan": CLAN, "note": {"type": "string"}}}]}},
            "cessions": {"type": "array", "items": {"type": "object", "required": ["from", "to", "provinces"], "additionalProperties": False,
                                                  "properties": {"from": CLAN, "to": CLAN, "provinces": {"type": "array", "items": NAME}}}},
            "fortresses": {"type": "object", "additionalProperties": NAME, "description": "clan -> province where it builds a fortress."},
            "ninja": {"type": "array", "items": {"type": "object", "required": ["by", "target"], "additionalProperties": False,
                                               "properties": {"by": CLAN, "target": CLAN, "spy": {"enum": ["by", "target"]}}}},
            "claim": {**CLAN, "description": "The clan that claims the Shogunate this turn."},
            "penalties": {"type": "array", "items": {"type": "object", "required": ["clan", "prestige"], "additionalProperties": False,
                                                   "properties": {"clan": CLAN, "prestige": {"type": "integer"}, "reason": {"type": "string"}}}},
        }},
        "moves": {"type": "object", "additionalProperties": {"oneOf": [
            PATH, {"type": "object", "required": ["path"], "additionalProperties": False,
                   "properties": {"path": PATH, "forced": {"type": "integer", "minimum": 0}}}]},
            "description": "army -> the provinces it enters, in order; {path: [...], forced: 1} for a forced march."},
        "compositions": {"type": "object", "additionalProperties": COMPOSITION,
                         "description": "army -> its elements as it takes the field this turn, checked against the clan's army list."},
        "transfers": {"type": "array", "items": {"type": "object", "required": ["from", "to", "elements"], "additionalProperties": False,
                                               "properties": {"from": ARMY, "to": ARMY, "elements": {"type": "integer", "minimum": 1}}}},
        "responses": {"type": "object", "additionalProperties": {"oneOf": ANSWER["oneOf"] + [
            {"type": "object", "minProperties": 1, "propertyNames": {"not": {"const": "retreat"}}, "additionalProperties": ANSWER,
             "description": "Per entrant: entering army -> battle, fortress or {retreat: PROVINCE}; the victor of a battle "
                            "answers the next army to have entered."}]},
            "description": "A defender's answer to an army entering its province: battle, fortress or {retreat: PROVINCE}; "
                           "or one answer per entering army: {ARMY: answer, ...}."},
        "besiege": {"type": "array", "items": ARMY, "description": "Armies laying siege to an empty enemy castle."},
        "battles": {"type": "array", "items": {
            "type": "object", "required": ["at", "attacker", "defender"], "additionalProperties": False,
            "properties": {"at": NAME, "attacker": SIDES, "defender": SIDES,
                           "coin": {"enum": ["attacker", "defender"], "description": "Who won the coin toss when losses are equal."},
                           "castle_taken": {"type": "boolean", "description": "Relief battle: the besieger held the BUA and won."},
                           "winner": {**ARMY, "description": "Optional: checked against the losses."},
                           "notes": {"type": "string"}}}},
        "play": {"type": "object", "additionalProperties": {"oneOf": [ARMY, {"type": "array", "items": ARMY}]},
                 "description": "Cards played outside battle: forage or portuguese_trader -> armies."},
        "dice": {"type": "object", "additionalProperties": False,
                 "properties": {purpose: {"type": "object", "description": f"{whose} -> d6 or [d6, ...]: {what}.",
                                          "additionalProperties": {"oneOf": [D6, {"type": "array", "items": D6, "minItems": 1}]}}
                                for purpose, (whose, what) in PURPOSES.items()},
                 "description": "Rolls made at the table: purpose -> army or clan -> d6 (or the roll's dice in order). "
                                "Rolls not written are drawn from the seed; once a roll is written, all its dice must be."},
        "usurper": {"type": "object", "additionalProperties": {"enum": ["won", "lost"]},
                    "description": "After a failed succession roll: did the clan win the battle against the usurper?"},
    },
}

ARMY_SPEC = {"oneOf": [NAME, {"type": "object", "required": ["at"], "additionalProperties": False,
                              "properties": {"id": {"type": "string"}, "at": NAME,
                                             "elements": {"type": "integer", "minimum": 1},
                                             "composition": COMPOSITION}}]}

PLAYER_PROPERTIES = {
    "provinces": {"type": "array", "items": NAME, "description": "The clan's provinces at the start."},
    "capital": {**NAME, "description": "The clan's capital (one of its provinces)."},
    "fortress": {**NAME, "description": "The clan's starting fortress."},
    "fortresses": {"type": "array", "items": NAME},
    "armies": {"type": "array", "items": ARMY_SPEC, "description": "Starting armies: a province, or {id, at, elements}."},
    "neutral": {"type": "boolean", "description": "An unplayed clan: neutral, moved by the umpire."},
    "start_card": {"oneOf": [{"type": ["string", "integer"]}, {"type": "array", "items": {"type": ["string", "integer"]}, "minItems": 1}],
                   "description": "The card drawn for first-turn order: joker, A, K, Q, J, 10 ... 2; on a tie, [card, next card drawn]."},
    "prestige": {"type": "integer", "description": "Starting prestige, if not the rule's 10."},
    "army_list": {"type": "string", "description": "The army list the clan's armies are drawn from (standard, takeda, shimazu, ikko_ikki...)."},
}
