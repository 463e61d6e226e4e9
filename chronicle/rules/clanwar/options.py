"""Every number of the Clan War seed as an option, with the seed's value as default, and the
choices the seed leaves open as options with our reading as default (docs/rules/clanwar.md).

Every number is bounded and every list that must hold distinct values says so, so that a typo
(``tax_per_province: 1000000``) is caught by the schema at its place rather than by the rules.
"""

from __future__ import annotations

from .factions import FACTIONS


def count(low: int, high: int) -> dict:
    return {"type": "integer", "minimum": low, "maximum": high}


PERCENT = count(0, 100)
KOKU = count(0, 10_000_000)
FACTION = {"enum": sorted(FACTIONS)}
RINGS = ("earth", "water", "fire", "air", "void")
FACE = count(1, 10)

#: L160: "Roll 1d10 on the table below" -- no table follows in the seed. Our judgement: two faces a ring.
DEFAULT_RING_TABLE = {"earth": [1, 2], "water": [3, 4], "fire": [5, 6], "air": [7, 8], "void": [9, 10]}

OPTIONS = {
    # the economy (L46, L135, L142-143)
    "start_koku_per_province": (2000, KOKU, "Koku each faction starts with per province it starts with (L46)."),
    "tax_per_province": (100, KOKU, "Koku collected in the Recovery phase per province controlled, and per Monk Ring (L135, L165)."),
    "ally_fee": (20, PERCENT, "Percent of an allied unit's base cost that the ally gains (L143)."),
    "cost_modifiers": ({"crane": {"phoenix": 120}},
                       {"type": "object", "propertyNames": FACTION, "maxProperties": len(FACTIONS),
                        "additionalProperties": {"type": "object", "propertyNames": FACTION, "maxProperties": len(FACTIONS),
                                                 "additionalProperties": count(1, 1000)}},
                       "Buyer -> seller -> percent paid for the seller's troops (L142: 'Crane recruiting Phoenix pay 120%'). "
                       "A pair not listed: the purchase writes the price it paid."),
    # buying forces (L51-72)
    "max_non_unique": (3, count(1, 99), "Copies of one non-unique personality, item or clan leadership package a force may hold (L54)."),
    "free_command_group": (75, PERCENT, "The Daimyo's free command group: at most this percent of the Daimyo's koku value (L67)."),
    "command_group_personality": (25, PERCENT,
                                  "Percent of its cost a command-group personality pays in the Daimyo's command group (L71: 'full "
                                  "cost for the personality rather than 25%'; reading Q51); in other generals' groups: full cost."),
    "generals_command_groups": (False, {"type": "boolean"},
                                "Other generals field command groups by the Daimyo's rules: a free group of 75% of their cost, "
                                "command-group personalities at the Daimyo's share (L72, 'you may use similar rules')."),
    "bid_unique_items": (False, {"type": "boolean"}, "Unique items are bid for like unaligned personalities (L60, 'optionally')."),
    "models_available": ({}, {"type": "object", "maxProperties": 500, "additionalProperties": count(0, 10000)},
                         "Troop type -> models each faction owns of it: no faction fields more (L61). A type not listed is not limited."),
    "deck_pool": (60, count(1, 1000), "Cards in each player's tactical card pool (L74)."),
    "deck_battle": (30, count(1, 1000), "Cards in a battle's tactical deck, drawn from the pool (L74)."),
    # the start phase (L88-91)
    "experienced_share": (75, PERCENT, "A unit stays Experienced while at least this percent of its models are experienced (L91)."),
    "yokuni_tattoos": (2, count(0, 10), "Tattoos Togashi Yokuni may give his unit (L169)."),
    # battle and recovery (L114-133)
    "routed_strength": (60, PERCENT, "A Routed unit leaving the table regroups at this percent of its strength (L116)."),
    "recover_won": (50, PERCENT, "Percent of its casualties a winning army recovers (L133)."),
    "recover_lost": (25, PERCENT, "Percent of its casualties a losing army recovers (L133)."),
    "recover_draw": (25, PERCENT, "Percent of its casualties an army recovers after a drawn battle (the seed is silent; reading: as a loss)."),
    "model_rounding": ("down", {"enum": ["down", "nearest"]},
                       "Parts of models (60%, 1/2, 1/4) round down (reading: part of a model cannot return) or to the nearest."),
    "heal_rounding": ("up", {"enum": ["up", "down"]}, "1d/2 when healing: a d10 halved rounds up (1-5) or down (0-5)."),
    "withdraw_adjacent": (False, {"type": "boolean"},
                          "A withdrawal must go to a province adjacent to the battle (the seed: 'need not be the province that the "
                          "forces attacked from'; reading: any)."),
    "broken_penalty": (None, {"type": ["integer", "null"], "minimum": 0, "maximum": 10},
                       "The Broken penalty added to an experience check when a battle entry does not write penalty: (null: it must)."),
    "routed_penalty": (None, {"type": ["integer", "null"], "minimum": 0, "maximum": 10},
                       "The Routing penalty added to an experience check when a battle entry does not write penalty: (null: it must)."),
    "stat_floor": (1, count(0, 10), "An experience check never lowers ML or TL below this."),
    "ring_table": (DEFAULT_RING_TABLE,
                   {"type": "object", "additionalProperties": False, "required": list(RINGS),
                    "properties": {r: {"type": "array", "items": FACE, "uniqueItems": True, "maxItems": 10} for r in RINGS}},
                   "The d10 table of the ring a personality gains with experience (missing from the seed, L160: our judgement). "
                   "Every face 1-10 exactly once."),
    "occupy_empty": (True, {"type": "boolean"},
                     "An army alone at the end of the Battle phase in a neutral or enemy province takes control of it "
                     "(reading of L42, L108, L121)."),
    # what the seed leaves open
    "victory": ("none", {"enum": ["none", "provinces", "last_standing"]},
                "Checked first in each Recovery phase (L128: 'based on house rules'): none (the administrator may enter "
                "facts: {winner: X}), provinces (the first to control victory_provinces), last_standing."),
    "victory_provinces": (24, count(1, 1000), "Provinces that win, with victory: provinces."),
    "honor_liberation": (1, count(0, 100), "Honor gained for returning a liberated province to its ally (L123)."),
    "capture": (True, {"type": "boolean"},
                "Captures of personalities are entered as facts (the capture rules are 'not written yet', L117, L174); "
                "false: no capture in this campaign."),
}
