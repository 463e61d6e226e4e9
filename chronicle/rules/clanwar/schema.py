"""JSON Schemas: the Clan War turn file, the fields a faction takes in campaign.yaml, and the
catalogue of the group's prices and profiles.

Every number is bounded and every list of things that must differ says so; the rules then check
what a schema cannot (a unit that exists, a province next to another, koku enough to pay).
"""

from __future__ import annotations

from .factions import FACTIONS
from .options import RINGS, count

ID = {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_-]*$", "maxLength": 80,
      "description": "An id: letters, digits, _ and -."}
NAME = {"type": "string", "maxLength": 200}
PROVINCE = {"type": "string", "maxLength": 120, "description": "A province: its id or its name."}
PLAYER = {"type": "string", "maxLength": 80, "description": "A player (faction) id."}
FACTION = {"enum": sorted(FACTIONS), "description": "One of the twelve factions of the seed."}
KOKU = count(0, 10_000_000)
MODELS = count(0, 1000)
STAT = count(0, 20)
D10 = {"type": "integer", "minimum": 1, "maximum": 10, "description": "A d10 shows 1 to 10."}


def d10(rule: str) -> dict:
    """A d10 of one roll of the seed's: ``x-rule`` names that roll's rule in a schema error."""
    return {**D10, "x-rule": rule}

RANK = {"enum": ["nikutai", "gunso", "chui", "guardian"]}
FAMILY = {"type": "string", "maxLength": 60, "description": "The LP's family (Kakita, Daidoji...) or generic."}
IDS = {"type": "array", "items": ID, "uniqueItems": True, "maxItems": 500}
NAMES = {"type": "array", "items": NAME, "maxItems": 100, "uniqueItems": True}
CARDS = {"type": "array", "items": NAME, "maxItems": 1000,
         "x-repeats": "a pool or a deck may hold several copies of one card"}
DICE_ROLLED = "dice may show the same number"
BOUGHT = "each entry is one purchase, paid in order; the rules refuse an id bought twice"
IN_ORDER = "each entry is one step, applied in the order written"
PATH = {"oneOf": [PROVINCE, {"type": "array", "items": PROVINCE, "minItems": 1, "maxItems": 100,
                             "x-repeats": "a path is the provinces entered in order; the movement rules check each step"}],
        "description": "A unit's one step (a province), or a lone personality's path (the provinces entered, in order)."}
LP_SPEC = {"type": "object", "required": ["rank"], "additionalProperties": False,
           "properties": {"rank": RANK, "family": FAMILY}}

#: profile fields shared by purchases and the catalogue
UNIT_PROFILE = {
    "name": NAME,
    "max_models": {**count(1, 1000), "description": "The unit's maximum size (force profile and leadership)."},
    "ml": {**STAT, "description": "Morale Level."},
    "tl": {**STAT, "description": "Training Level."},
    "leadership": {**STAT, "description": "Its LP leader's Leadership (when no personality leads it)."},
    "cavalry": {"type": "boolean"},
    "flight": {"type": "boolean"},
    "yojimbo": {"type": "boolean", "description": "Yojimbo troops: a force of yojimbo only is no army (L117)."},
    "limit": {**count(1, 100), "description": "Force-profile limit: at most this many units of the type in a force (L56)."},
    "clan": {**FACTION, "description": "Whose troops these are (for out-of-clan purchases)."},
    "tattooable": {"type": "boolean", "description": "The unit's own card allows tattoos."},
}
PERSONALITY_PROFILE = {
    "name": NAME,
    "unique": {"type": "boolean"},
    "experienced": {"type": "boolean", "description": "This is the experienced version of the personality."},
    **{ring: STAT for ring in RINGS},
    "wounds": {**count(1, 50), "description": "Maximum wounds."},
    "leadership": STAT,
    "command_limit": {**count(0, 50), "description": "Units this personality may command at once (a unit led beyond it cannot move)."},
    "cavalry": {"type": "boolean"},
    "flight": {"type": "boolean"},
    "shugenja": {"type": "boolean"},
    "reincarnates": {"type": "boolean", "description": "Shiba Ujimitsu's reincarnation (L167)."},
    "command_group": {"type": "boolean", "description": "A command-group personality (Asako Ishio, Kakita Yoshi): never in the free group (L68)."},
    "clan": {**FACTION, "description": "Whose personality this is (unaligned when absent and not in the catalogue)."},
}
PRICE = {
    "cost": {**KOKU, "description": "The price paid, in koku (the catalogue's when not written)."},
    "base": {**KOKU, "description": "An ally's or an unplayed clan's forces: the base cost the modifier and the fee apply to."},
    "from": {**ID, "description": "Bought from an ally's clan (L139) or a clan no player plays (L59)."},
}

FREE_GROUP = {"type": "array", "maxItems": 50, "x-repeats": "each entry is one model: two of one figure are two models", "items": {
    "type": "object", "required": ["model", "cost"], "additionalProperties": False,
    "properties": {"model": NAME, "cost": KOKU, "personality": {"type": "boolean"}}}}

PURCHASE = {"oneOf": [
    {"type": "object", "required": ["unit"], "additionalProperties": False, "description": "A new unit.",
     "properties": {"unit": ID, "type": ID, **PRICE, **UNIT_PROFILE, "models": count(1, 1000),
                    "deploy": PROVINCE, "leader": ID, "lps": {"type": "array", "items": LP_SPEC, "maxItems": 10,
                                                                   "x-repeats": "each entry is one LP: a unit may have two of one rank and family"},
                    "tattoos": {**NAMES, "description": "Tattoos of its own card."}}},
    {"type": "object", "required": ["personality"], "additionalProperties": False, "description": "A new personality.",
     "properties": {"personality": ID, "type": ID, **PRICE, **PERSONALITY_PROFILE, "deploy": PROVINCE,
                    "group": {**ID, "description": "A command-group personality joins this general's command group: the "
                                                   "Daimyo's at 25% of its cost, another general's at full cost (L68, L71)."},
                    "free_command_group": {**FREE_GROUP, "description": "With option generals_command_groups (L72): this "
                                                                        "general's free command group, as the Daimyo's (L67)."},
                    "unit": {**ID, "description": "A unit bought in the same Start phase that it commands."}}},
    {"type": "object", "required": ["replace", "models"], "additionalProperties": False,
     "description": "Replacement models for a unit in a friendly province: they join in the Recovery phase (L89).",
     "properties": {"replace": ID, "models": count(1, 1000), "cost": KOKU,
                    "tattoos_cost": {**KOKU, "description": "A tattooed unit's new models need their tattoos too (L90)."}}},
    {"type": "object", "required": ["spell"], "additionalProperties": False,
     "properties": {"spell": NAME, "library": PROVINCE, "cost": KOKU}},
    {"type": "object", "required": ["item"], "additionalProperties": False,
     "properties": {"item": NAME, "to": ID, "cost": KOKU, "unique": {"type": "boolean"},
                    "replaces": {**NAME, "description": "The equipment of the personality it replaces: set aside, never "
                                                        "stockpiled, back when the item is removed or traded (L64)."},
                    "tattoo": {"type": "boolean", "description": "A tattoo: never traded (L65)."}}},
    {"type": "object", "required": ["equipment"], "additionalProperties": False,
     "properties": {"equipment": NAME, "count": count(1, 1000), "cost": KOKU,
                    "ranged": {"type": "boolean", "description": "Ranged weapons may not be stockpiled (L63)."}}},
    {"type": "object", "required": ["tattoo", "tattoos"], "additionalProperties": False,
     "description": "Togashi Yokuni's tattoos for the unit he leads (L169-170): tattoo: UNIT, tattoos: [...].",
     "properties": {"tattoo": ID, "tattoos": {**NAMES, "minItems": 1}, "cost": KOKU}},
    {"type": "object", "required": ["promote", "to"], "additionalProperties": False,
     "description": "A model to Nikutai, a Nikutai to Gunso, a Gunso to Chui (L88).",
     "properties": {"promote": ID, "to": RANK, "family": FAMILY, "cost": KOKU, "leadership": STAT}},
    {"type": "object", "required": ["experienced"], "additionalProperties": False,
     "description": "A personality to its experienced version, paying the difference (L88).",
     "properties": {"experienced": ID, "cost": KOKU, **{k: v for k, v in PERSONALITY_PROFILE.items()
                                                       if k not in ("unique", "experienced", "clan", "command_group")}}},
]}

BID = {"type": "object", "required": ["bids"], "additionalProperties": False,
       "description": "Sealed bids for an unaligned personality, a unit or personality of a clan no player plays, "
                      "or (option bid_unique_items) a unique item (L57-60).",
       "properties": {"personality": ID, "unit": ID, "item": NAME, "type": ID, "from": ID, "base": KOKU,
                      "bids": {"type": "object", "minProperties": 2, "maxProperties": 12, "additionalProperties": KOKU,
                               "x-rule": "bidding is for more than one player wishing to recruit (L57)",
                               "description": "Two or more players' sealed bids, player -> koku; a personality that only "
                                              "one player wishes to recruit is bought under start: buy: at its price."},
                      "deploy": {"oneOf": [PROVINCE, {"type": "object", "additionalProperties": PROVINCE}]},
                      "to": {"type": "object", "additionalProperties": ID},
                      **{k: v for k, v in UNIT_PROFILE.items() if k != "clan"},
                      **{k: v for k, v in PERSONALITY_PROFILE.items() if k not in ("clan", "cavalry", "flight", "leadership", "name")},
                      "models": count(1, 1000), "leadership": STAT}}

START = {
    "type": "object", "additionalProperties": False,
    "properties": {
        # a pair written twice, or a player paired with itself, is the alliance rule's one problem
        # (alliances.declare: a warning, an error), at its place with a hint, not also the schema's
        "alliances": {"type": "array", "maxItems": 66,
                      "x-repeats": "a pair declared twice is the alliance rule's warning (already allies)",
                      "items": {"type": "array", "items": PLAYER, "minItems": 2, "maxItems": 2,
                                "x-repeats": "a player paired with itself is the alliance rule's error"},
                      "description": "Alliances declared (only in the Start phase, L137): pairs of players."},
        "broken": {"type": "array", "maxItems": 66, "uniqueItems": True, "items": {
            "type": "object", "required": ["by", "with"], "additionalProperties": False,
            "properties": {"by": PLAYER, "with": PLAYER}}, "description": "Alliances broken in the Start phase."},
        "bids": {"type": "array", "items": BID, "maxItems": 100,
                 "x-repeats": "each entry is one sealed auction; the rules check what is bid for"},
        "buy": {"type": "object", "additionalProperties": {"type": "array", "items": PURCHASE, "maxItems": 500,
                                                            "x-repeats": BOUGHT},
                "description": "Each player's purchases, paid in the order written (L87)."},
        "assign": {"type": "array", "maxItems": 500, "x-repeats": IN_ORDER, "items": {
            "type": "object", "required": ["personality"], "additionalProperties": False,
            "properties": {"personality": ID, "unit": {"oneOf": [ID, {"type": "null"}]},
                           "lead": {"type": "boolean", "description": "Commands the unit (default) or joins it as an associated personality."}}},
            "description": "Reassignment (L92): a personality takes a unit at the same province, or leaves it (unit: null)."},
        "transfer": {"type": "array", "maxItems": 500, "x-repeats": IN_ORDER, "items": {
            "type": "object", "required": ["from", "to", "models"], "additionalProperties": False,
            "properties": {"from": ID, "to": ID, "models": count(1, 1000)}}},
        "swap": {"type": "array", "maxItems": 500, "x-repeats": IN_ORDER, "items": {
            "type": "object", "additionalProperties": False,
            "properties": {"item": NAME, "spell": NAME, "equipment": NAME, "from": {"oneOf": [ID, {"type": "null"}]},
                           "to": {"oneOf": [ID, {"type": "null"}]},
                           "replaces": {**NAME, "description": "The taker's equipment this item or equipment takes the place "
                                                               "of: set aside, never stockpiled, back when it leaves (L64, L93)."},
                           "removed": {"type": "boolean", "description": "A special item leaves play (from: its holder, no to:): "
                                                                          "the equipment it replaced comes back (L64)."}}},
            "description": "Spells and special items between personalities at the same province; equipment into or out of "
                           "the stockpile (from/to null) (L93)."},
        "library": {"type": "array", "maxItems": 200, "x-repeats": IN_ORDER, "items": {
            "type": "object", "required": ["shugenja"], "additionalProperties": False,
            "properties": {"shugenja": ID, "take": NAMES, "leave": NAMES}},
            "description": "A shugenja at a library takes spells from it or leaves spells in it (L94)."},
        "daimyo": {"type": "object", "additionalProperties": ID, "description": "A new Daimyo: player -> personality."},
    },
}

MOVES = {"type": "object", "additionalProperties": PATH, "maxProperties": 1000}

UNIT_RESULT = {"type": "object", "additionalProperties": False, "properties": {
    "lost": {**MODELS, "description": "Models removed as casualties on the table."},
    "state": {"enum": ["ready", "broken", "routed"], "description": "The unit's state at the end of the battle."},
    "left_table": {"type": "boolean", "description": "It withdrew from the field (L114-116)."},
    "penalty": {**count(0, 10), "description": "Its Broken or Routing penalty, added to the experience checks (L155)."},
    "leadership": {**STAT, "description": "The Leadership subtracted in its experience checks (default: its leader's)."},
}}
PERSONALITY_RESULT = {"type": "object", "additionalProperties": False, "properties": {
    "removed": {"type": "boolean", "description": "Taken to 0 wounds: removed as a casualty (L118)."},
    "over": {**count(0, 50), "description": "Wounds taken beyond those that took it to 0 (L119)."},
    "wounds": {**count(0, 50), "description": "Wounds taken, when it was not removed (for healing)."},
    "void": {**count(0, 20), "description": "Void points spent."},
    "maimed": {"enum": list(RINGS), "description": "If Maimed: the ring its controller chooses to lower (L120)."},
    "reincarnated": {**ID, "description": "Shiba Ujimitsu used his reincarnation in the battle: the target (L167)."},
    "reincarnate": {**ID, "description": "Shiba Ujimitsu died: the target he reincarnates into in the Recovery phase (L167)."},
}}

BATTLE = {
    "type": "object", "required": ["at", "sides"], "additionalProperties": False,
    "properties": {
        "at": PROVINCE,
        # two sides or more: checked by the rules (battle.py) in their words, one error a slip
        "sides": {"type": "array", "maxItems": 12,
                  "x-repeats": "each entry is a side; the battle checks refuse a player on two sides at its place",
                  "items": {"type": "array", "items": PLAYER, "maxItems": 12, "uniqueItems": True},
                  "description": "The players on each side as the battle began."},
        "switched": {"type": "object", "additionalProperties": count(0, 11),
                     "description": "A player who switched sides during the battle -> the side (0, 1, ...) it ended on (L146)."},
        "broken": {"type": "array", "maxItems": 66, "uniqueItems": True, "items": {
            "type": "object", "required": ["by", "with"], "additionalProperties": False,
            "properties": {"by": PLAYER, "with": PLAYER}},
            "description": "Allies who fought on opposite sides from the start: who broke the alliance (L146)."},
        "winner": {"oneOf": [PLAYER, {"type": "null"}], "description": "A player of the winning side; null: no winner."},
        "defender": {"oneOf": [PLAYER, {"type": "null"}], "description": "Optional: checked (the province's controller, if its forces fight)."},
        "terrain": {"type": "string", "maxLength": 500},
        "units": {"type": "object", "additionalProperties": UNIT_RESULT, "maxProperties": 500},
        "personalities": {"type": "object", "additionalProperties": PERSONALITY_RESULT, "maxProperties": 500},
        "withdraw": {"type": "object", "additionalProperties": {"oneOf": [PROVINCE, {"type": "array", "items": PROVINCE,
                                                                                      "minItems": 1, "maxItems": 50,
                                                                                      "uniqueItems": True}]},
                     "description": "Each withdrawing player's one province (L114)."},
        "control": {"oneOf": [{"const": "neutral"},
                              {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
                               "properties": {"to": PLAYER, "give_to": PLAYER}}],
                    "description": "Allied winners: who controls it (to), or neutral (L124); a liberation: give_to the ally (L123)."},
        "decks": {"type": "object", "additionalProperties": CARDS,
                  "description": "Each player's battle deck (private; checked against the pool, L74)."},
        "notes": {"type": "string"},
        "alliances": {"description": "Not allowed: alliances are declared in the Start phase (start.alliances)."},
    },
}

DICE = {"type": "object", "additionalProperties": False, "properties": {
    "fate": {"type": "object", "additionalProperties": {"oneOf": [d10("fate: roll 1D10 (L119)"), {
                 "type": "array", "items": d10("fate: roll 1D10 (L119)"), "minItems": 1, "maxItems": 2, "x-repeats": DICE_ROLLED}]},
             "description": "personality -> [d10 against Earth, d10 against Void] (the second only when the first failed)."},
    # a roll written with too few dice is the dice rule's one error (context.die: which die, and a
    # hint saying what the roll is), not also the schema's
    "heal": {"type": "object", "additionalProperties": {"type": "array", "items": d10("healing: 1d/2 wounds and 1d/2 void (L131)"),
                                                        "minItems": 1, "maxItems": 2, "x-repeats": DICE_ROLLED},
             "description": "personality -> [d10 for wounds, d10 for void] (1d/2 each)."},
    "experience": {"type": "object", "additionalProperties": {"type": "array", "items": d10("experience checks: roll a d10 (L153)"),
                                                              "minItems": 1, "maxItems": 4, "x-repeats": DICE_ROLLED},
                   "description": "unit -> [morale d10, training d10] for each battle it survived this turn."},
    "ring": {"type": "object", "additionalProperties": d10("the ring table: roll 1d10 (L160)"),
             "description": "personality -> the d10 on the ring table."},
}, "description": "Rolls made at the table. Rolls not written are drawn from the campaign seed."}

FACTS = {"type": "object", "additionalProperties": False, "properties": {
    "corrupted": {"type": "array", "items": PLAYER, "uniqueItems": True, "maxItems": 12,
                  "description": "Players corrupted from this turn on (corruption rules are not written, L173)."},
    "captured": {"type": "array", "maxItems": 100, "x-distinct": "personality", "items": {
        "type": "object", "required": ["personality", "by"], "additionalProperties": False,
        "properties": {"personality": ID, "by": PLAYER}}},
    "released": {"type": "array", "maxItems": 100, "x-distinct": "personality", "items": {
        "type": "object", "required": ["personality", "at"], "additionalProperties": False,
        "properties": {"personality": ID, "at": PROVINCE}}},
    "personality_experience": {**IDS, "description": "Personalities that gain experience this turn (the trigger is missing in the seed, L157)."},
    "renamed": {"type": "object", "additionalProperties": NAME,
                "description": "A non-unique personality made unique by experience takes a new name of the same family (L159)."},
    "winner": {**PLAYER, "description": "The winner, by the group's house rules (L128)."},
    "alliances": {"description": "Not allowed: alliances are declared in the Start phase (start.alliances)."},
}}

TURN_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "turn": {"type": "integer", "minimum": 1, "maximum": 10000},
        "title": {"type": "string"},
        "date": {"type": "string", "description": "The game day, e.g. 2026-03-14."},
        "notes": {"type": "string"},
        "start": START,
        "moves": {"type": "object", "additionalProperties": False, "properties": {
            "primary": MOVES, "cavalry": MOVES, "reserve": MOVES,
            "defend": {**MOVES, "description": "Monk forces moving to defend any province (L165)."},
            "alliances": {"description": "Not allowed: alliances are declared in the Start phase (start.alliances)."}}},
        "battles": {"type": "array", "items": BATTLE, "maxItems": 100,
                    "x-repeats": "each entry is one battle, checked by the rules"},
        "dice": DICE,
        "facts": FACTS,
        "alliances": {"description": "Not allowed: alliances are declared in the Start phase (start.alliances)."},
    },
}

PLAYER_PROPERTIES = {
    "faction": {**FACTION, "description": "The faction played (default: the player's id)."},
    "provinces": {"type": "array", "items": PROVINCE, "uniqueItems": True, "maxItems": 500,
                  "description": "Starting provinces (default: the map's provinces of the faction)."},
    "koku": {**KOKU, "description": "Starting koku (default: start_koku_per_province x provinces)."},
    "corrupted": {"type": "boolean"},
    "daimyo": {**ID, "description": "The faction's Daimyo: one of its set-up personalities (L67)."},
    "free_command_group": {**FREE_GROUP, "description": "The Daimyo's free command group: models worth at most 75% of the Daimyo (L67)."},
    "buy": {"type": "array", "items": PURCHASE, "maxItems": 1000, "x-repeats": BOUGHT,
            "description": "The set-up purchases (L48-72)."},
    "deck": {**CARDS, "description": "The tactical card pool (private, L74)."},
}

CATALOGUE = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "chronicle clanwar catalogue",
    "description": "The group's prices and profiles, written once (the Clan War cards are not shipped).",
    "type": "object", "additionalProperties": False,
    "properties": {
        "units": {"type": "object", "maxProperties": 2000, "additionalProperties": {
            "type": "object", "additionalProperties": False,
            "properties": {**UNIT_PROFILE, "cost_per_model": KOKU, "cost": {**KOKU, "description": "The price of the unit as a whole."}}}},
        "personalities": {"type": "object", "maxProperties": 2000, "additionalProperties": {
            "type": "object", "additionalProperties": False,
            "properties": {**PERSONALITY_PROFILE, "cost": KOKU,
                           "experienced_version": {**ID, "description": "The catalogue key of its experienced version."}}}},
        "items": {"type": "object", "maxProperties": 2000, "additionalProperties": {
            "type": "object", "additionalProperties": False,
            "properties": {"cost": KOKU, "unique": {"type": "boolean"}, "tattoo": {"type": "boolean"}}}},
        "spells": {"type": "object", "maxProperties": 2000, "additionalProperties": {
            "type": "object", "additionalProperties": False, "properties": {"cost": KOKU}}},
        "equipment": {"type": "object", "maxProperties": 500, "additionalProperties": {
            "type": "object", "additionalProperties": False, "properties": {"cost": KOKU, "ranged": {"type": "boolean"}}}},
        "promotions": {"type": "object", "additionalProperties": False, "properties": {
            r: {**KOKU, "description": f"The listed cost of a promotion to {r}."} for r in ("nikutai", "gunso", "chui")}},
        "tattoos": {"type": "object", "maxProperties": 200, "additionalProperties": KOKU,
                    "description": "Tattoo -> its cost per model."},
    },
}

CAMPAIGN_PROPERTIES = {
    "catalogue": {"oneOf": [{"type": "object", "required": ["file"], "additionalProperties": False,
                             "properties": {"file": {"type": "string"}}},
                            {**{k: v for k, v in CATALOGUE.items() if k not in ("$schema", "title")}}],
                  "description": "The group's prices and profiles: {file: forces.yaml}, or written here."},
}
