"""The shapes a campagna campaign's files take: options (the house rules), player fields, the
initiative order, and the turn file's JSON Schema.

Every number of the seed is an option with the seed's value as default and a bounded range;
docs/rules/campagna.md lists each with the rule it changes. The order and answer verbs are the
seed's Italian words, with English synonyms accepted.
"""

from __future__ import annotations

#: the kinds of clash, as the options and the JSON name them
SCHERMAGLIA, SCORRERIA, DECISIVA, FINALE = "schermaglia", "scorreria", "battaglia_decisiva", "finale"
KINDS = (SCHERMAGLIA, SCORRERIA, DECISIVA)

#: the Controllo del territorio bonuses (R56-R59)
TRE_AZIONI, RIPETI_INIZIATIVA, RIPETI_RINFORZI, FEARLESS = "tre_azioni", "ripeti_iniziativa", "ripeti_rinforzi", "fearless"
TERRITORY_BONUSES = (TRE_AZIONI, RIPETI_INIZIATIVA, RIPETI_RINFORZI, FEARLESS)
MIGLIOR_GENERALE = "miglior_generale"
#: bonuses a player may write as used in a battle (tre_azioni is spent on declarations, not in battle)
BATTLE_BONUSES = (RIPETI_INIZIATIVA, RIPETI_RINFORZI, FEARLESS, MIGLIOR_GENERALE)

#: the General's fate after he is killed (R49-R51)
FERITA_GRAVE, FERITA_LIEVE, NESSUNA = "ferita_grave", "ferita_lieve", "nessuna"
FATES = (FERITA_GRAVE, FERITA_LIEVE, NESSUNA)

LINKS = ("land", "ford", "river", "mountain", "sea")

ORDER_VERBS = r"schermaglia|skirmish|scorreria|raid|battaglia\s+decisiva|decisive\s+battle"
ORDER_PATTERN = rf"(?i)^\s*({ORDER_VERBS})\s+\S"
NAME = {"type": "string", "minLength": 1, "maxLength": 200}
PLAYER = {"type": "string", "minLength": 1, "maxLength": 100}
TEXT = {"type": "string", "maxLength": 10000}
COUNT = {"type": "integer", "minimum": 0, "maximum": 1000}
POINTS = {"type": "integer", "minimum": 0, "maximum": 100000}
SCORE = {"type": "integer", "minimum": -10000, "maximum": 10000}

DEFAULT_MIN_POINTS = {SCHERMAGLIA: 400, SCORRERIA: 500, DECISIVA: 700, FINALE: 800}


def min_points(options, kind: str) -> int:
    """The smallest size of a battle of ``kind``: the campaign's option, else the seed's number."""
    return {**DEFAULT_MIN_POINTS, **(options.get("min_points") or {})}[kind]


OPTIONS = {
    "actions_per_turn": (2, {"type": "integer", "minimum": 1, "maximum": 20},
                         "Actions a player may declare in his turn (R22: \"fino a due\")."),
    "bonus_actions": (3, {"type": "integer", "minimum": 1, "maximum": 20},
                      "Actions with the 1-4 territories bonus (R56: \"3 azioni (invece di due)\")."),
    "min_actions": (2, {"type": "integer", "minimum": 0, "maximum": 20},
                    "Actions every player must make each turn (R23: \"almeno DUE azioni\"); 0 turns the rule off."),
    "max_battles": (2, {"type": "integer", "minimum": 1, "maximum": 20},
                    "Battles a player may fight in one turn (R25: \"più di due battaglie\")."),
    "mountain_cost": (2, {"type": "integer", "minimum": 1, "maximum": 20},
                      "Actions an action across a mountain chain costs (R10: \"al prezzo di due azioni\")."),
    "min_points": (dict(DEFAULT_MIN_POINTS),
                   {"type": "object", "additionalProperties": False, "minProperties": 1,
                    "properties": {k: POINTS for k in (SCHERMAGLIA, SCORRERIA, DECISIVA, FINALE)}},
                   "The smallest army size, in points, for each kind of battle (R34, R39, R42, R64); "
                   "a kind left out keeps the seed's number."),
    "intervene_distance": (4, {"type": "integer", "minimum": 0, "maximum": 100},
                           "How far (in territories) an intervention may reach (R32: \"distanza massima di 4 territori\")."),
    "intervene_links": (["land", "ford", "river", "mountain"],
                        {"type": "array", "items": {"enum": list(LINKS)}, "uniqueItems": True, "minItems": 1, "maxItems": 5},
                        "Kinds of link the intervention distance counts across (Q11: not the sea)."),
    "start_territories": (2, {"type": "integer", "minimum": 0, "maximum": 50},
                          "Territories each faction starts with besides its Capital (R03: \"altri due territori\")."),
    "bonus_from_turn": (2, {"type": "integer", "minimum": 1, "maximum": 1000},
                        "The first turn at whose end the Controllo del territorio bonus is earned (R54)."),
    "tiers": ([{"min": 1, "max": 4, "bonus": TRE_AZIONI}, {"min": 5, "max": 8, "bonus": RIPETI_INIZIATIVA},
               {"min": 9, "max": 11, "bonus": RIPETI_RINFORZI}, {"min": 12, "max": None, "bonus": FEARLESS}],
              {"type": "array", "minItems": 0, "maxItems": 20, "x-distinct": "min", "items": {
                  "type": "object", "required": ["min", "bonus"], "additionalProperties": False,
                  "properties": {"min": {"type": "integer", "minimum": 1, "maximum": 10000},
                                 "max": {"type": ["integer", "null"], "minimum": 1, "maximum": 10000},
                                 "bonus": {"enum": list(TERRITORY_BONUSES)}}}},
              "Controllo del territorio: territories held -> the bonus for the next turn (R56-R59); max null: no upper end."),
    "fate_table": ([FERITA_GRAVE, FERITA_GRAVE, FERITA_LIEVE, FERITA_LIEVE, FERITA_LIEVE, NESSUNA],
                   {"type": "array", "minItems": 6, "maxItems": 6, "items": {"enum": list(FATES)},
                    "x-repeats": "one fate per face of the D6: several faces may give the same fate"},
                   "The General's fate for each face of the D6, 1 to 6 (R49-R51)."),
    "wound_waits_for_general": (True, {"type": "boolean"},
                                "A wound waits for the General's next battle (true), or lapses at the player's next "
                                "battle he is left out of (false) (Q17)."),
    "best_general_delta": ("turn", {"enum": ["turn", "campaign"]},
                           "Miglior generale by the Delta obiettivi of the turn just ended, or of the whole campaign (Q20)."),
    "capitals_to_win": (3, {"type": "integer", "minimum": 1, "maximum": 100},
                        "Capitals held at the end of a turn that win the campaign (R63: \"almeno 3 Capitali\")."),
    "victory_needs_own_capital": (False, {"type": "boolean"},
                                  "The winner's own Capital must be among those he holds (Q25)."),
    "scenarios": ([], {"type": "array", "items": NAME, "uniqueItems": True, "maxItems": 100},
                  "The scenario table, in the order of the die's faces (R35); empty: scenarios are free text."),
    "scenario_die": (6, {"type": "integer", "minimum": 2, "maximum": 100},
                     "Faces of the scenario die when no table is given (R35: \"il tiro di dado\")."),
    "scorreria_modifier": (1, {"type": "integer", "minimum": 0, "maximum": 10},
                           "How much the defender of a Scorreria may change the scenario roll (R40: \"+/-1\")."),
    "decisiva_rerolls": (1, {"type": "integer", "minimum": 0, "maximum": 10},
                         "Re-rolls of the scenario die the defender of a Battaglia decisiva may ask for (R43)."),
    "major_victory_margin": (None, {"type": ["integer", "null"], "minimum": 1, "maximum": 10000},
                             "When set, a Vittoria maggiore is a win by at least this many objective points, and a "
                             "victory written otherwise is an error (Q28); null: the result is entered as a fact."),
}

PLAYER_PROPERTIES = {
    "faction": {**NAME, "description": "The player's main faction (fazione principale, R02)."},
    "general": {**NAME, "description": "The named character who is the player's General for the whole campaign (R01)."},
    "capital": {**NAME, "description": "The faction's Capital (a territory by id or name), or 'random' to draw it (R03)."},
    "territories": {"type": "array", "items": NAME, "uniqueItems": True, "maxItems": 50,
                    "description": "The two territories assigned at random at the start (R03); omitted: drawn from the seed."},
}
PLAYER_REQUIRED = ("general",)

CAMPAIGN_PROPERTIES = {
    "initiative": {"type": "array", "items": PLAYER, "uniqueItems": True, "minItems": 1, "maxItems": 100,
                   "description": "Turn 1's order of play as drawn at the table (R04); omitted: drawn from the seed. "
                                  "It rotates every turn: the last becomes first (R18)."},
}

ORDER = {"oneOf": [
    {"type": "string", "pattern": ORDER_PATTERN, "maxLength": 300,
     "x-verbs": ["Schermaglia", "Scorreria", "Battaglia decisiva", "Skirmish", "Raid", "Decisive battle"],
     "description": "Schermaglia X, Scorreria X or Battaglia decisiva X (Skirmish, Raid, Decisive battle)."},
    {"type": "object", "minProperties": 1, "maxProperties": 2, "additionalProperties": False,
     "properties": {"schermaglia": NAME, "skirmish": NAME, "scorreria": NAME, "raid": NAME,
                    "battaglia_decisiva": NAME, "decisive_battle": NAME,
                    "from": {**NAME, "description": "The territory the action is declared from (optional: "
                                                    "the cheapest route is taken)."}},
     "description": "{scorreria: X, from: Y}: an action from a named territory."},
]}

ANSWER = {"oneOf": [
    {"type": "string", "pattern": r"(?i)^\s*(resiste|resistere|resist|ritira|ritirarsi|retreat|interviene|intervenire|intervene)\b",
     "maxLength": 300, "x-verbs": ["resiste", "ritira", "interviene"],
     "description": "resiste; ritira TERRITORY; interviene PLAYER."},
    {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
     # a value left empty is the rules' to report (record.py), with what it should name
     "properties": {**{verb: {"type": ["string", "null"], "maxLength": 200} for verb in ("ritira", "ritirarsi", "retreat")},
                    **{verb: {"type": ["string", "null"], "maxLength": 100}
                       for verb in ("interviene", "intervenire", "intervene")}},
     "description": "{ritira: TERRITORY} or {interviene: PLAYER}."},
]}

GENERALS = {"type": "object", "maxProperties": 2, "additionalProperties": {"enum": ["fielded", "killed"]},
            "description": "player -> fielded | killed: each General on the table (R45, R47); a player not named left his "
                           "General out."}
FATE = {"type": "object", "maxProperties": 2,
        "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 6,
                                 "description": "The D6 for a killed General's fate (R48): 1-6."},
        "description": "player -> the D6 rolled for his killed General's fate; omitted: drawn from the seed."}
SCORES = {"type": "object", "maxProperties": 2, "additionalProperties": SCORE,
          "description": "player -> objective points scored (the punteggi of the summary table, R60)."}
RESULT = {
    # two players, each once: checked by the rules (battles.py) in their words, one error a slip
    "players": {"type": "array", "items": PLAYER, "maxItems": 12, "uniqueItems": True,
                "description": "The two players (optional: the calendar knows them)."},
    "points": {"oneOf": [POINTS, {"type": "object", "maxProperties": 2, "additionalProperties": POINTS}],
               "description": "The agreed army size in points, or player -> points (checked against the minimum)."},
    "scenario": {**NAME, "description": "The scenario played."},
    "winner": {"type": ["string", "null"], "maxLength": 100, "description": "The winner; omitted (with a score): a draw."},
    "victory": {"enum": ["major", "minor"], "description": "major = Vittoria maggiore; minor = a Vittoria \"di lieve entità\"."},
    "score": SCORES,
    "generals": GENERALS,
    "fate": FATE,
    "alliances": {"type": "object", "maxProperties": 2, "additionalProperties": {
        "enum": ["green", "yellow"], "description": "green or yellow (R52); red (impossible) alliances are not allowed."},
                  "description": "player -> green | yellow: allies fielded (R52; red alliances are not allowed)."},
    "bonuses": {"type": "object", "maxProperties": 2, "additionalProperties": {"oneOf": [
        {"enum": list(BATTLE_BONUSES)},
        {"type": "array", "items": {"enum": list(BATTLE_BONUSES)}, "uniqueItems": True, "maxItems": 4}]},
        "description": "player -> campaign bonuses used in this battle (ripeti_iniziativa, ripeti_rinforzi, fearless, "
                       "miglior_generale)."},
    "notes": {**TEXT, "description": "A remark for the table, kept in the file (the rules do not read it)."},
}

BATTLE = {
    "type": "object", "required": ["at"], "additionalProperties": False,
    "properties": {
        "at": {**NAME, "description": "The territory fought for."},
        **RESULT,
        "scenario_roll": {"type": "object", "additionalProperties": False, "minProperties": 1, "properties": {
            "roll": {"type": "integer", "minimum": 1, "maximum": 100},
            "modifier": {"type": "integer", "minimum": -10, "maximum": 10,
                         "description": "Scorreria: the defender's -1/+1 (R40)."},
            "rolls": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 100}, "minItems": 1,
                      "maxItems": 11, "x-repeats": "a re-roll may show the same number", "description": "Battaglia decisiva: the first roll and the re-roll the defender "
                                                     "asked for (R43); the last stands."}},
            "description": "The scenario die as rolled; checked against options.scenarios."},
        "occupy": {"type": "boolean", "description": "false: the intervener declines the territory after his "
                                                     "Vittoria maggiore (R37)."},
    },
}

FINAL = {
    "type": "object", "required": ["players"], "additionalProperties": False,
    "properties": {**RESULT, "players": {**RESULT["players"], "description": "The two claimants."}},
}

TURN_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "turn": {"type": "integer", "minimum": 1, "maximum": 100000, "description": "The turn's number; must match the file name."},
        "title": NAME,
        "date": {"type": "string", "maxLength": 200, "description": "The game day, e.g. 2026-04-11."},
        "notes": TEXT,
        "orders": {"type": "object", "maxProperties": 100, "additionalProperties": {
            "type": ["array", "null"], "maxItems": 20, "items": ORDER,
            "x-repeats": "each entry is an action; the rules refuse a second attack on one territory at its place"},
            "description": "Each player's own actions, in the order he declared them (R19, R22)."},
        "answers": {"type": "object", "maxProperties": 1000, "additionalProperties": ANSWER,
                    "description": "territory attacked -> resiste | {ritira: TERRITORY} | {interviene: PLAYER} (R29-R32)."},
        "battles": {"type": "array", "maxItems": 200, "items": BATTLE,
                    "x-repeats": "each entry is a battle; the rules refuse a second one at the same territory (R20)",
                    "description": "The calendar's battles with their results, in the order played."},
        "final": {"type": "array", "maxItems": 50, "items": FINAL,
                  "x-repeats": "each entry is one game of the final, checked by the rules",
                  "description": "The Battaglia decisiva that decides the campaign when two players qualify at once (R64)."},
    },
}
