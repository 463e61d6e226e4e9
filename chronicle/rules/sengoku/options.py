"""Every number of the Sengoku Jidai seed as an option, with the seed's value as default.

A campaign changes any of them under ``options:`` in campaign.yaml (house rules are the norm).
"""

from __future__ import annotations

from ...i18n import N_
from .armylists import DEFAULT_ARMY_LISTS, DEFAULT_CLAN_LISTS

def count(low: int, high: int) -> dict:
    return {"type": "integer", "minimum": low, "maximum": high}


PRESTIGE = count(-100_000, 100_000)
POS = count(0, 100)              # a count of elements, armies, provinces or steps
ELEMENTS = count(1, 100)         # elements in an army
D6_SCORE = count(1, 20)          # a d6 score to reach, modifiers included

#: the seed's event cards, with the counts chosen for the default deck (the seed gives none;
#: see docs/rules/sengoku.md, "Event cards"). ``blank`` cards are draws with no effect.
DEFAULT_DECK = {
    "marriage": 2, "spy": 6, "ninja": 4, "portuguese_trader": 6, "forage": 10,
    "bitter_enders": 6, "treachery": 4, "excellent_reconnaissance": 6, "blank": 10,
}

#: prestige table: reason -> points (seed, "PRESTIGE PHASE")
DEFAULT_PRESTIGE = {
    "province": 1, "victory": 3, "allied_victory": 2, "element_destroyed": 1, "camp_taken": 2,
    "defeat": -2, "allied_defeat": -1, "refused_battle": -1, "fortress_taken": 2, "capital_taken": 5,
    "fortress_lost": -5, "army_destroyed": -2, "capital_lost": -15, "fortress_built": 2,
    "alliance_formed": 5, "alliance_broken": -7, "treaty_broken": -5, "ninja_used": -5,
    "shogunate_failed": -50, "assassinated": -40,
}

OPTIONS = {
    # clans and armies
    "start_prestige": (10, PRESTIGE, "Prestige each clan starts with."),
    "start_armies": (3, POS, "Armies each clan places at the start."),
    "start_elements": (12, ELEMENTS, "Elements in each starting army."),
    "max_elements": (12, ELEMENTS, "Most elements an army may have."),
    "new_army_elements": (12, ELEMENTS,
                          "Elements of an army raised in spring (the seed is silent; reading: a full army)."),
    "provinces_per_army": (3, count(1, 1000), "Each spring: provinces / this (rounded down) armies."),
    "min_armies": (1, POS, "Fewest armies a clan keeps, whatever its provinces."),
    "fortress_holds": (1, POS, "Armies a fortress holds (castle and winter quarters)."),
    "capital_holds": (2, POS, "Armies a capital holds."),
    "neutral_elements": (12, ELEMENTS, "Elements of a neutral clan's army, always."),
    "army_lists": (DEFAULT_ARMY_LISTS,
                   {"type": "object", "additionalProperties": {
                       "type": "array", "x-repeats": "two rows may allow the same elements (their counts add up)",
                       "items": {
                           "type": "array", "minItems": 3, "maxItems": 3,
                           "x-repeats": "a row is [count, element types, gen]: each in its own place",
                           "prefixItems": [ELEMENTS, {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
                                           {"enum": ["gen", ""]}]}}},
                   "Army lists: name -> [[count, [element types], \"gen\" or \"\"], ...] (the seed's lists; add or replace)."),
    "clan_army_lists": (DEFAULT_CLAN_LISTS, {"type": "object", "additionalProperties": {"type": "string"}},
                        "Which army list each clan uses (a clan's own army_list field wins; others use standard)."),
    # movement
    "move": (3, POS, "Provinces an army may move in a turn."),
    "forced_march": (2, POS, "Most extra provinces of forced march (one element each)."),
    "forced_march_cost": (1, POS, "Elements lost per province of forced march."),
    "storm_on": (1, {"type": "integer", "minimum": 0, "maximum": 6},
                 "A sea move's d6 at or below this is a storm (then d6 elements are lost)."),
    "transfer_range": (3, POS, "Provinces elements may travel to reinforce another army."),
    "transfer_fortress_bonus": (3, POS, "Extra provinces when a fortress links the two armies."),
    "move_links": (["land", "mountain", "river", "ford", "sea"],
                   {"type": "array", "items": {"enum": ["land", "sea", "mountain", "river", "ford"]},
                    "minItems": 1, "uniqueItems": True},
                   "Kinds of link an army may move along (sea only on sea routes)."),
    # sieges
    "siege_defended": (6, D6_SCORE, "d6 score to take a castle with an army inside."),
    "siege_undefended": (4, D6_SCORE, "d6 score to take an empty castle."),
    "siege_step": (1, POS, "The score needed falls by this much each further turn of siege."),
    "siege_floor": (2, D6_SCORE,
                    "The score needed never falls below this (the seed is silent; reading: a 1 always fails)."),
    "siege_failure_cost": (1, POS, "Elements a besieger loses when a siege roll fails."),
    "trader_bonus": (1, POS, "Portuguese trader: added to every siege roll of that siege."),
    "relief_contingent": (3, POS, "Elements a besieged army may lend a relieving army."),
    # battles
    "breaking_points": ([[5, 2], [8, 3], [12, 4], [15, 5], [18, 6]],
                        {"type": "array", "minItems": 1, "uniqueItems": True,
                         "items": {"type": "array", "items": count(0, 1000), "minItems": 2, "maxItems": 2,
                                   "x-repeats": "[size, lost] are two different numbers that may be equal"}},
                        "[largest army size, elements lost that break it], smallest band first."),
    "bitter_enders": (2, POS, "Bitter Enders: extra elements before an army breaks."),
    "cards_per_battle": (3, POS, "Most cards one player plays in one battle."),
    "contingent": ([3, 6], {"type": "array", "items": POS, "minItems": 2, "maxItems": 2,
                            "x-repeats": "the fewest and the most may be equal"},
                   "Fewest and most elements in an allied contingent."),
    "river_on": (5, {"type": "integer", "minimum": 1, "maximum": 7},
                 "Battle sheet: a river-province d6 at or above this puts a river on the table."),
    # supply and winter
    "supply_loss_on": (5, D6_SCORE, "An unsupplied army's modified d6 at or above this loses an element."),
    "supply_per_province": (1, POS, "Added to the supply roll per province away from supply."),
    "supply_per_army": (2, POS, "Added to the supply roll per other army in the province."),
    "chain_loss_on": (6, {"type": "integer", "minimum": 1, "maximum": 7}, "Broken chain of supply: d6 at or above this loses an element."),
    "winter_loss": (3, POS, "Elements lost by an army outside winter quarters at the onset of winter."),
    "winter_loss_per_province": (3, POS, "More elements per province beyond winter_free_distance."),
    "winter_free_distance": (3, count(0, 1000), "Provinces from quarters within which only winter_loss applies."),
    "winter_destroy_beyond": (5, count(0, 1000), "An army further than this from winter quarters is destroyed."),
    "winter_forage": (1, POS, "Elements a Forage card saves in winter."),
    "winter_reinforcement": (3, POS, "Elements an army wintering in quarters all turn gains (up to max_elements)."),
    # calendar
    "start_year": (1560, count(-10_000, 10_000), "Year of the first turn."),
    "start_month": ("March", {"type": "string"}, "Month of the first turn (one of months)."),
    "months": ([[N_("March"), N_("spring")], [N_("May"), N_("summer")], [N_("July"), N_("summer")],
                [N_("September"), N_("summer")], [N_("November"), N_("autumn")], [N_("January"), N_("winter")]],
               {"type": "array", "minItems": 1, "maxItems": 100, "uniqueItems": True,
                "items": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2,
                          "x-repeats": "[month, season]: two different fields"}},
               "The turns of a year: [month, season]; the year counts on at January."),
    # cards
    "deck": (DEFAULT_DECK, {"type": "object", "additionalProperties": count(0, 1000)},
             "The event deck: card -> copies (the seed names the cards but not their counts)."),
    "decks": (2, count(1, 10000), "The game ends after this many decks have been dealt."),
    "event_cards": (["marriage"], {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
                    "Event cards: shown to all when drawn. Every other card is a tactical card, hidden until played."),
    "cards_drawn": (1, count(0, 20), "Cards each player draws at the start of a turn."),
    # prestige and the Shogunate
    "prestige": (DEFAULT_PRESTIGE, {"type": "object", "additionalProperties": PRESTIGE},
                 "Prestige table: reason -> points (any subset; the rest keep the seed's values)."),
    "seppuku_below": (-20, PRESTIGE, "A clan whose prestige is below this after a turn commits seppuku."),
    "shogun_provinces": (20, count(0, 10_000), "Provinces needed to claim the Shogunate."),
    "shogun_prestige": (200, PRESTIGE, "Prestige needed to claim the Shogunate."),
    "shogun_hold": (2, count(1, 1000), "Turns a claimant must hold Kyoto."),
    "heir_survives_on": (4, {"type": "integer", "minimum": 1, "maximum": 7}, "After an assassination, the heir's d6 needed."),
    "ninja_kill_on": (6, {"type": "integer", "minimum": 1, "maximum": 7}, "Ninja d6 that assassinates."),
    "ninja_wound_on": (5, {"type": "integer", "minimum": 1, "maximum": 7}, "Ninja d6 (below the kill) that wounds."),
}


def prestige_points(options, reason: str) -> int:
    table = dict(DEFAULT_PRESTIGE)
    table.update(options.get("prestige") or {})
    return table[reason]
