"""JSON Schemas: the Sengoku turn file, and the fields a clan takes in campaign.yaml."""

from __future__ import annotations

from .record import PURPOSES

NAME = {"type": ["string", "integer"], "minimum": 0, "maximum": 100_000,
        "description": "A province: its id, its name, or its number on a numbered map."}
ELEMENTS = {"type": "integer", "minimum": 0, "maximum": 100}
DICE_REPEAT = "dice may show the same face"
ARMY = {"type": "string", "description": "An army id, such as takeda-1."}
CLAN = {"type": "string"}
D6 = {"type": "integer", "minimum": 1, "maximum": 6, "description": "A d6 shows 1 to 6."}
COMPOSITION = {"oneOf": [
    {"type": "string", "description": "The seed's notation: \"1x3Kn(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 2x3Sh, 1x2Ps\"."},
    {"type": "array", "items": {"type": "string"}, "x-repeats": "an army has several elements of one type"},
    {"type": "object", "additionalProperties": ELEMENTS}],
    "description": "An army's elements by DBA type (3Kn, 3Cav, 4Bd, 3Sp, 3Bw, 3Sh, 2Ps, Art, 5Wb; the general 3Kn(Gen))."}
PATH = {"oneOf": [{"type": "string", "description": "Provinces entered, in order: \"shinano, kozuke\"."},
                  {"type": "array", "items": NAME, "minItems": 1, "maxItems": 100,
                   "x-repeats": "an army may pass through a province and come back"},
                  {"type": "integer", "minimum": 0, "maximum": 100_000}]}

SIDE = {
    "type": "object", "required": ["army"], "additionalProperties": False,
    "properties": {
        "army": ARMY,
        "lost": {**ELEMENTS, "description": "Elements this army lost on the table."},
        "general_lost": {"type": "boolean"},
        "camp_taken": {"type": "boolean", "description": "This side took the enemy's camp (+2 prestige)."},
        "bua_taken": {"type": "boolean", "description": "Relief battle: the besieger occupied the BUA (a 1-element loss for the relieving side)."},
        "cards": {"type": "array", "items": {"type": "string"}, "maxItems": 20,
                  "x-repeats": "two copies of a card (two Bitter Enders) may be played",
                  "description": "Cards this side played (at most 3)."},
        "allies": {"type": "array", "x-distinct": "army", "items": {
            "type": "object", "required": ["army", "elements"], "additionalProperties": False,
            "properties": {"army": ARMY, "elements": {**ELEMENTS, "minimum": 1}, "lost": ELEMENTS}},
            "description": "Allied contingents (3-6 elements) or a besieged army's 3 elements."},
        "retreat": {**NAME, "description": "Where this side retreats if it loses (default: the nearest way to its capital)."},
        "penalty": {**ELEMENTS, "description": "Umpire: elements removed for abusing the time limits."},
        "elements_lost": {**COMPOSITION, "description": "Optional: the elements this army lost, by type (\"2x4Bd, 1x3Kn(Gen)\"); "
                                                        "its next declared composition is checked against what remains."},
    },
}
SIDES = {"oneOf": [SIDE, {"type": "array", "items": SIDE, "minItems": 1, "x-distinct": "army",
                          "description": "A Big Battle in Kyoto (more than two armies present): every army on this side."}]}
ANSWER = {"oneOf": [{"enum": ["battle", "fortress"]}, {"type": "string", "pattern": "^retreat"},
                    {"type": "object", "required": ["retreat"], "additionalProperties": False, "properties": {"retreat": NAME}}]}

TURN_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "turn": {"type": "integer", "minimum": 1, "maximum": 100_000},
        "title": {"type": "string"},
        "date": {"type": "string", "description": "The game day, e.g. 2026-03-14."},
        "notes": {"type": "string"},
        "cards": {"type": "object", "additionalProperties": {"oneOf": [
            {"type": "string"},
            {"type": "array", "items": {"type": "string"}, "maxItems": 100,
             "x-repeats": "the deck holds several copies of a card"}]},
                  "description": "Cards drawn this turn: clan -> card. Draws not written are dealt from the shuffled deck."},
        # a clan named twice is the order rule's one error (order.py), with the hint that names it
        "order": {"type": "array", "items": CLAN, "x-repeats": "a clan named twice is the order rule's error",
                  "description": "Movement order, as agreed (a Spy card); else rolled."},
        "diplomacy": {"type": "object", "additionalProperties": False, "properties": {
            # a pair written twice, or a clan paired with itself, is the alliance rule's one error
            # (diplomacy.py), at its place with the hint that fixes it, not also the schema's
            "alliances": {"type": "array", "x-repeats": "a pair made twice is the alliance rule's error (already allied)",
                          "items": {"type": "array", "items": CLAN, "minItems": 2, "maxItems": 2,
                                    "x-repeats": "a clan paired with itself is the alliance rule's error"}},
            "broken_alliances": {"type": "array", "uniqueItems": True, "items": {"type": "object", "required": ["by", "with"], "additionalProperties": False,
                                                          "properties": {"by": CLAN, "with": CLAN}}},
            "broken_treaties": {"type": "array", "uniqueItems": True,
                                "description": "Each treaty broken counts once; a clan that broke two writes "
                                               "{clan: ..., note: ...} for each, to tell them apart.",
                                "items": {"oneOf": [CLAN, {"type": "object", "required": ["clan"], "additionalProperties": False,
                                                                         "properties": {"clan": CLAN, "note": {"type": "string"}}}]}},
            "cessions": {"type": "array", "uniqueItems": True,
                         "items": {"type": "object", "required": ["from", "to", "provinces"], "additionalProperties": False,
                                   "properties": {"from": CLAN, "to": CLAN,
                                                  "provinces": {"type": "array", "items": NAME, "uniqueItems": True}}}},
            "fortresses": {"type": "object", "additionalProperties": NAME, "description": "clan -> province where it builds a fortress."},
            "ninja": {"type": "array", "uniqueItems": True, "items": {"type": "object", "required": ["by", "target"], "additionalProperties": False,
                                               "properties": {"by": CLAN, "target": CLAN, "spy": {"enum": ["by", "target"]}}}},
            "claim": {**CLAN, "description": "The clan that claims the Shogunate this turn."},
            "penalties": {"type": "array", "x-repeats": "an umpire may penalise a clan more than once in a turn",
                          "items": {"type": "object", "required": ["clan", "prestige"], "additionalProperties": False,
                                    "properties": {"clan": CLAN, "reason": {"type": "string"},
                                                   "prestige": {"type": "integer", "minimum": -100_000, "maximum": -1,
                                                                "description": "The prestige the clan loses, written "
                                                                               "with its sign: -5."}}}},
        }},
        "moves": {"type": "object", "additionalProperties": {"oneOf": [
            PATH, {"type": "object", "required": ["path"], "additionalProperties": False,
                   "properties": {"path": PATH, "forced": {"type": "integer", "minimum": 0, "maximum": 50}}}]},
            "description": "army -> the provinces it enters, in order; {path: [...], forced: 1} for a forced march."},
        "compositions": {"type": "object", "additionalProperties": COMPOSITION,
                         "description": "army -> its elements as it takes the field this turn, checked against the clan's army list."},
        "transfers": {"type": "array", "uniqueItems": True,
                      "description": "Each transfer counts once: to move more elements, write a larger number.",
                      "items": {"type": "object", "required": ["from", "to", "elements"], "additionalProperties": False,
                                "properties": {"from": ARMY, "to": ARMY, "elements": {**ELEMENTS, "minimum": 1}}}},
        "responses": {"type": "object", "additionalProperties": {"oneOf": ANSWER["oneOf"] + [
            {"type": "object", "minProperties": 1, "propertyNames": {"not": {"const": "retreat"}}, "additionalProperties": ANSWER,
             "description": "Per entrant: entering army -> battle, fortress or {retreat: PROVINCE}; the victor of a battle "
                            "answers the next army to have entered."}]},
            "description": "A defender's answer to an army entering its province: battle, fortress or {retreat: PROVINCE}; "
                           "or one answer per entering army: {ARMY: answer, ...}."},
        "besiege": {"type": "array", "items": ARMY, "uniqueItems": True,
                    "description": "Armies laying siege to an empty enemy castle."},
        "battles": {"type": "array", "uniqueItems": True, "items": {
            "type": "object", "required": ["at", "attacker", "defender"], "additionalProperties": False,
            "properties": {"at": NAME, "attacker": SIDES, "defender": SIDES,
                           "coin": {"enum": ["attacker", "defender"], "description": "Who won the coin toss when losses are equal."},
                           "castle_taken": {"type": "boolean", "description": "Relief battle: the besieger held the BUA and won."},
                           "winner": {**ARMY, "description": "Optional: checked against the losses."},
                           "notes": {"type": "string"}}}},
        "play": {"type": "object", "additionalProperties": {"oneOf": [ARMY, {"type": "array", "items": ARMY, "uniqueItems": True}]},
                 "description": "Cards played outside battle: forage or portuguese_trader -> armies."},
        "dice": {"type": "object", "additionalProperties": False,
                 "properties": {purpose: {"type": "object", "description": f"{whose} -> d6 or [d6, ...]: {what}.",
                                          "additionalProperties": {"oneOf": [D6, {"type": "array", "items": D6, "minItems": 1, "maxItems": 100,
                                                                            "x-repeats": DICE_REPEAT}]}}
                                for purpose, (whose, what) in PURPOSES.items()},
                 "description": "Rolls made at the table: purpose -> army or clan -> d6 (or the roll's dice in order). "
                                "Rolls not written are drawn from the seed; once a roll is written, all its dice must be."},
        "usurper": {"type": "object", "additionalProperties": {"enum": ["won", "lost"]},
                    "description": "After a failed succession roll: did the clan win the battle against the usurper?"},
    },
}

CARD = {"type": ["string", "integer"], "minimum": 2, "maximum": 10}
ARMY_SPEC = {"oneOf": [NAME, {"type": "object", "required": ["at"], "additionalProperties": False,
                              "properties": {"id": {"type": "string"}, "at": NAME,
                                             "elements": {**ELEMENTS, "minimum": 1},
                                             "composition": COMPOSITION}}]}

PLAYER_PROPERTIES = {
    "provinces": {"type": "array", "items": NAME, "uniqueItems": True, "description": "The clan's provinces at the start."},
    "capital": {**NAME, "description": "The clan's capital (one of its provinces)."},
    "fortress": {**NAME, "description": "The clan's starting fortress."},
    "fortresses": {"type": "array", "items": NAME, "uniqueItems": True},
    "armies": {"type": "array", "items": ARMY_SPEC, "x-repeats": "two armies may start in one province",
               "description": "Starting armies: a province, or {id, at, elements}."},
    "neutral": {"type": "boolean", "description": "An unplayed clan: neutral, moved by the umpire."},
    "start_card": {"oneOf": [CARD, {"type": "array", "items": CARD, "minItems": 1, "maxItems": 20,
                                    "x-repeats": "with two decks, a tie may draw the same card again"}],
                   "description": "The card drawn for first-turn order: joker, A, K, Q, J, 10 ... 2; on a tie, [card, next card drawn]."},
    "prestige": {"type": "integer", "minimum": -100_000, "maximum": 100_000,
                 "description": "Starting prestige, if not the rule's 10."},
    "army_list": {"type": "string", "description": "The army list the clan's armies are drawn from (standard, takeda, shimazu, ikko_ikki...)."},
}
