"""What a reader of a campagna campaign is told, word for word: every event's sentence, the map's
marks of a turn (each clash's arrow, answer and contest, with its outcome), the tabella
riepilogativa (R60) and ``chronicle next``'s file. The figures are the docs-only campaign's hand
computation (tests/test_docs_only_campagna.py) and the rulebook cases' (tests/campagna_cases/).

These are the edges mutation testing found unread (scripts/mutate campagna, docs/testing.md): a
sentence that names the wrong player, an arrow whose outcome ignores the battle, a row whose
wound or Capitals count is dropped, pass every rule test unless the words themselves are read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from chronicle.content import load_campaign
from chronicle.history import replay
from chronicle.nextturn import BLANK
from chronicle.rules import Outcome
from chronicle.rules.campagna import events as ev
from chronicle.rules.campagna.nextturn import blank_hint, next_turn

from .helpers import STANDARD, errors, map_data, play

HERE = Path(__file__).resolve().parent
DOCS_ONLY = HERE.parent / "campaigns" / "docs_only_campagna"
CASES = HERE.parent / "campagna_cases"
NAMES = {"anna": "Anna", "bruno": "Bruno", "carla": "Carla", "dario": "Dario", "alba": "Alba", "borgo": "Borgo",
         "fonte": "Fonte", "noce": "Noce", "erta": "Erta", "torre": "Torre", "ponte": "Ponte", "olmo": "Olmo"}
name = NAMES.get          # an id it does not know gives None, which shows in the sentence


# ---- every event's sentence --------------------------------------------------------------------

SENTENCES = [
    (ev.FactionSetUp("anna", "Gondor", "Boromir", "borgo", ("alba", "fonte"), ()),
     "Anna (Gondor), General Boromir, starts with the Capital Borgo and Alba and Fonte"),
    (ev.FactionSetUp("anna", None, "Boromir", "borgo", (), ("capital", "territories")),
     "Anna, General Boromir, starts with the Capital Borgo and nothing else; the Capital and the territories "
     "drawn from the seed"),
    (ev.InitiativeDrawn(("bruno", "anna"), True), "Order of play for turn 1 (as drawn at the table): 1° Bruno, 2° Anna"),
    (ev.InitiativeDrawn(("bruno", "anna"), False), "Order of play for turn 1 (drawn from the seed): 1° Bruno, 2° Anna"),
    (ev.TurnOrder(1, ("anna", "bruno")), "Order of play: 1° Anna, 2° Bruno"),
    (ev.TurnOrder(2, ("bruno", "anna")), "Order of play (the last of the previous turn plays first): 1° Bruno, 2° Anna"),
    (ev.ActionDeclared("anna", "scorreria", "noce", "alba", "sea", 2, "bruno"),
     "Anna declares Scorreria on Noce against Bruno from Alba by sea (the whole turn)"),
    (ev.ActionDeclared("anna", "schermaglia", "noce", "borgo", "mountain", 3, None),
     "Anna declares Schermaglia on Noce from Borgo across the mountains (3 actions)"),
    (ev.ActionDeclared("dario", "schermaglia", "fonte", "olmo", "river", 1, None),
     "Dario declares Schermaglia on Fonte from Olmo across the river"),
    (ev.ActionDeclared("anna", "battaglia_decisiva", "erta", "noce", "land", 1, "bruno"),
     "Anna declares Battaglia decisiva on Erta against Bruno from Noce"),
    (ev.Intervention("dario", "fonte", "anna", 1),
     "Dario intervenes at Fonte against Anna (1 territory away): a Schermaglia battle"),
    (ev.Intervention("dario", "fonte", "anna", 4),
     "Dario intervenes at Fonte against Anna (4 territories away): a Schermaglia battle"),
    (ev.Retreat("bruno", "noce", "erta", "anna"), "Bruno retreats from Noce into Erta: Anna takes it without a battle"),
    (ev.Resisted("bruno", "noce", "anna"), "Bruno resists at Noce: a battle against Anna"),
    (ev.BattleFought("x", "scorreria", "noce", ("anna", "bruno"), ("bruno",), "major", {"anna": 2, "bruno": 7}, 500, None),
     "Scorreria at Noce, Anna against Bruno: Vittoria maggiore for Bruno (2–7)"),
    (ev.BattleFought("x", "schermaglia", "noce", ("anna", "bruno"), ("anna",), "minor", {}, 400, None),
     "Schermaglia at Noce, Anna against Bruno: Vittoria for Anna"),
    (ev.BattleFought("x", "finale", None, ("anna", "carla"), (), None, {"anna": 5, "carla": 5}, 800, None),
     "final Battaglia decisiva, Anna against Carla: a draw (5–5)"),
    (ev.GeneralKilled("anna", "Boromir", "Fonte", 2, True, "ferita_grave"),
     "Boromir (Anna) is killed at Fonte: D6 2, Ferita grave (-1 Wound, -1 Fate point) at his next battle"),
    (ev.GeneralKilled("anna", "Boromir", "Fonte", 4, False, "ferita_lieve"),
     "Boromir (Anna) is killed at Fonte: D6 4, drawn from the seed, Ferita lieve (-1 Wound) at his next battle"),
    (ev.GeneralKilled("anna", "Boromir", "Fonte", 6, True, "nessuna"),
     "Boromir (Anna) is killed at Fonte: D6 6, Invincibile (no consequence) at his next battle"),
    (ev.WoundCarried("anna", "Boromir", "ferita_lieve", "Ponte"),
     "Boromir (Anna) starts the battle at Ponte with his Ferita lieve (-1 Wound)"),
    (ev.WoundLapsed("anna", "Boromir", "ferita_grave"), "Boromir (Anna) was left out of the battle: his wound lapses"),
    (ev.TerritoryOccupied("anna", "fonte", "R33"), "Anna occupies Fonte (R33)"),
    (ev.TerritoryConquered("anna", "ponte", "dario", "R41"), "Anna conquers Ponte from Dario (R41)"),
    (ev.TerritoryHeld("anna", "ponte", "dario", "R41"), "Anna holds Ponte against Dario (R41)"),
    (ev.TerritoryLeftEmpty("fonte", "R38"), "Fonte stays empty (R38)"),
    (ev.CapitalTaken("torre", "anna", "dario", "dario"), "Anna takes the Capital Torre from Dario"),
    (ev.CapitalTaken("torre", "anna", "carla", "dario"), "Anna takes the Capital Torre, Dario's Capital, from Carla"),
    (ev.PlayerLandless("dario"),
     "Dario holds no territory: a strenua resistenza: the player plays on but may only react (R65)"),
    (ev.CalendarPending(("noce", "ponte")),
     "The calendar is not finished (Noce and Ponte to play): the map is updated when it is (R21)"),
    (ev.BonusEarned("anna", "tre_azioni", 1, None, 3), "Anna holds 1 territory: 3 actions next turn (Controllo del territorio)"),
    (ev.BonusEarned("anna", "tre_azioni", 4, None, 1), "Anna holds 4 territories: 1 action next turn (Controllo del territorio)"),
    (ev.BonusEarned("anna", "fearless", 12),
     "Anna holds 12 territories: Fearless for one turn next turn (Controllo del territorio)"),
    (ev.BonusEarned("anna", None, 9, "without his Capital"),
     "Anna earns no Controllo del territorio bonus for the next turn (without his Capital)"),
    (ev.BestGeneral(("anna", "carla"), 4), "Miglior generale for the next turn: Anna and Carla (Delta obiettivi +4)"),
    (ev.FinalRequired(("anna", "carla"), {"anna": 3, "carla": 4}),
     "Anna (3 Capitals) and Carla (4 Capitals) qualify together: a final Battaglia decisiva decides the campaign (R64)"),
    (ev.CampaignWon("anna", ("borgo", "erta", "torre"), 8),
     "Anna wins the campaign with 3 Capitals (Borgo, Erta, and Torre)"),
    (ev.CampaignWon("carla", ("borgo", "erta"), 8, by_final=True),
     "Carla wins the campaign with 2 Capitals (Borgo and Erta) and the final battle"),
]


@pytest.mark.parametrize("event, sentence", SENTENCES, ids=[f"{e.kind}-{i}" for i, (e, _) in enumerate(SENTENCES)])
def test_every_event_says_what_happened_word_for_word(event, sentence):
    """Each event's sentence names who, where, the rule and the numbers it carries (a die, a
    distance, a count of territories or Capitals), in each of its forms."""
    assert event.describe(name) == sentence


# ---- the map's marks of a turn -----------------------------------------------------------------

@pytest.fixture(scope="module")
def docs_only():
    campaign, problems = load_campaign(DOCS_ONLY)
    assert campaign is not None and not errors(problems)
    return replay(campaign)


def marks(history, number: int = 1):
    result = history.result(number)
    return history.campaign.ruleset.map_marks(history.campaign, result.before, result.after, result.record,
                                              result.events)


def drawn(found):
    return ([(o.kind, o.player, o.path, o.outcome.name, o.title, o.legs, o.event) for o in found.orders],
            [(c.kind, c.province, c.players, c.outcome.name, c.title, c.winner, c.event) for c in found.contests])


def test_marks_of_an_intervention_that_leaves_the_territory_empty(docs_only):
    """Docs-only turn 1: Dario's intervention at Fonte wins with a minor victory, so Fonte stays
    empty (R38): Anna's arrow fails, Dario's support succeeds; the other Schermaglie occupy, the
    one from Zolla across the river. Each arrow points at the battle or the result it led to."""
    orders, contests = drawn(marks(docs_only, 1))
    assert orders == [
        ("attack", "anna", ("alba", "fonte"), "FAILED", "Anna: Schermaglia Fonte — it stays empty (R38)", ("",), 9),
        ("support", "dario", ("olmo", "fonte"), "SUCCEEDED", "Dario: intervenes at Fonte against Anna", (), 9),
        ("attack", "anna", ("borgo", "colle"), "SUCCEEDED", "Anna: Schermaglia Colle — occupied", ("",), 12),
        ("attack", "bruno", ("dosso", "monte"), "SUCCEEDED", "Bruno: Schermaglia Monte — occupied", ("",), 13),
        ("attack", "bruno", ("erta", "faro"), "SUCCEEDED", "Bruno: Schermaglia Faro — occupied", ("",), 14),
        ("attack", "carla", ("zolla", "rocca"), "SUCCEEDED", "Carla: Schermaglia Rocca — occupied", ("river",), 15),
        ("attack", "carla", ("vetta", "elce"), "SUCCEEDED", "Carla: Schermaglia Elce — occupied", ("",), 16),
        ("attack", "dario", ("olmo", "ponte"), "SUCCEEDED", "Dario: Schermaglia Ponte — occupied", ("",), 17),
    ]
    assert contests == [("skirmish", "fonte", ("anna", "dario"), "FAILED",
                         "Schermaglia at Fonte: Anna against Dario — Dario wins", "dario", 9)]


def test_marks_of_resistances_held_lost_and_drawn(docs_only):
    """Docs-only turn 4: Rocca held by Carla's win, Selva held by a draw, Fonte conquered by
    Dario's win (Anna's resistance fails), Ponte held by Anna's win."""
    orders, contests = drawn(marks(docs_only, 4))
    assert orders == [
        ("attack", "bruno", ("orto", "sasso"), "SUCCEEDED", "Bruno: Schermaglia Sasso — occupied", ("",), 17),
        ("attack", "bruno", ("monte", "rocca"), "FAILED", "Bruno: Scorreria Rocca — Carla held it (R41)", ("",), 11),
        ("defend", "carla", ("rocca",), "SUCCEEDED", "Carla: resists at Rocca", (), 11),
        ("attack", "carla", ("rocca", "selva"), "FAILED", "Carla: Scorreria Selva — Bruno held it (R41)", ("",), 13),
        ("defend", "bruno", ("selva",), "SUCCEEDED", "Bruno: resists at Selva", (), 13),
        ("attack", "carla", ("cava", "valle"), "SUCCEEDED", "Carla: Schermaglia Valle — occupied", ("",), 20),
        ("attack", "dario", ("olmo", "fonte"), "SUCCEEDED", "Dario: Scorreria Fonte — conquered", ("",), 14),
        ("defend", "anna", ("fonte",), "FAILED", "Anna: resists at Fonte", (), 14),
        ("attack", "dario", ("olmo", "ponte"), "FAILED", "Dario: Scorreria Ponte — Anna held it (R41)", ("",), 16),
        ("defend", "anna", ("ponte",), "SUCCEEDED", "Anna: resists at Ponte", (), 16),
    ]
    assert contests == [
        ("raid", "rocca", ("bruno", "carla"), "FAILED", "Scorreria at Rocca: Bruno against Carla — Carla wins", "carla", 11),
        ("raid", "selva", ("carla", "bruno"), "DRAWN", "Scorreria at Selva: Carla against Bruno — a draw", None, 13),
        ("raid", "fonte", ("dario", "anna"), "SUCCEEDED", "Scorreria at Fonte: Dario against Anna — Dario wins", "dario", 14),
        ("raid", "ponte", ("dario", "anna"), "FAILED", "Scorreria at Ponte: Dario against Anna — Anna wins", "anna", 16),
    ]


def test_marks_of_retreats_and_the_decisive_battle_that_wins(docs_only):
    """Docs-only turn 8: two retreats (an arrow into the territory retreated to, the raid
    conquered without a battle), a Scorreria across the Sasso-Vigna ford, and Anna's Battaglia
    decisiva at Erta won against Bruno's resistance."""
    orders, contests = drawn(marks(docs_only, 8))
    assert orders[2:4] == [
        ("attack", "carla", ("vigna", "sasso"), "SUCCEEDED", "Carla: Scorreria Sasso — conquered", ("ford",), 20),
        ("retreat", "bruno", ("sasso", "selva"), "SUCCEEDED", "Bruno: retreats from Sasso into Selva", (), 20)]
    assert orders[6:8] == [
        ("attack", "dario", ("alba", "fonte"), "SUCCEEDED", "Dario: Scorreria Fonte — conquered", ("",), 22),
        ("retreat", "anna", ("fonte", "gola"), "SUCCEEDED", "Anna: retreats from Fonte into Gola", (), 22)]
    assert orders[10:] == [
        ("attack", "anna", ("dosso", "erta"), "SUCCEEDED", "Anna: Battaglia decisiva Erta — conquered", ("",), 17),
        ("defend", "bruno", ("erta",), "FAILED", "Bruno: resists at Erta", (), 17)]
    assert contests[-1] == ("decisive-battle", "erta", ("anna", "bruno"), "SUCCEEDED",
                            "Battaglia decisiva at Erta: Anna against Bruno — Anna wins", "anna", 17)


def play_case_unchecked(tmp_path, case_id: str):
    """A rulebook case's campaign, played with whatever problems the case expects."""
    case = yaml.safe_load((CASES / f"{case_id}.yaml").read_text(encoding="utf-8"))
    kwargs = {key: case[key] for key in ("players", "initiative", "options") if key in case}
    history, _problems = play(tmp_path, turns=[case["turn"]], game_map=case.get("map", "valle"), **kwargs)
    return history


def play_case(tmp_path, case_id: str):
    """A rulebook case's campaign, played here for what the case file does not read (the marks,
    the standings)."""
    case = yaml.safe_load((CASES / f"{case_id}.yaml").read_text(encoding="utf-8"))
    kwargs = {key: case[key] for key in ("players", "initiative", "options") if key in case}
    history, problems = play(tmp_path, turns=[case["turn"]], game_map=case.get("map", "valle"), **kwargs)
    assert not errors(problems)
    return history


def test_marks_of_a_calendar_in_progress(tmp_path):
    """Case 28a: a raid not yet played is pending, and so is the unopposed Schermaglia (the map is
    updated at the end of the calendar, R21); neither arrow points at a card yet."""
    orders, contests = drawn(marks(play_case(tmp_path, "28a_turn_in_progress")))
    assert orders == [
        ("attack", "anna", ("alba", "noce"), "PENDING", "Anna: Scorreria Noce — to be fought", ("sea",), None),
        ("defend", "bruno", ("noce",), "PENDING", "Bruno: resists at Noce", (), None),
        ("attack", "bruno", ("dosso", "monte"), "PENDING", "Bruno: Schermaglia Monte — at the end of the calendar", ("",), None),
    ]
    assert contests == [("raid", "noce", ("anna", "bruno"), "PENDING", "Scorreria at Noce: Anna against Bruno — to be fought",
                         None, None)]


@pytest.mark.parametrize("case_id, outcome, title, winner", [
    ("24a_final_battle", "SUCCEEDED", "final Battaglia decisiva, Anna against Carla: Vittoria for Carla (3–9)", "carla"),
    ("24b_final_pending", "DRAWN", "final Battaglia decisiva, Anna against Carla: a draw (5–5)", None),
])
def test_the_final_is_a_contest_with_no_place_on_the_map(tmp_path, case_id, outcome, title, winner):
    """R64: the final is fought for the campaign, not for a territory: a decisive-battle contest
    with no province, linked to its card (the last battle-fought event)."""
    history = play_case(tmp_path, case_id)
    _orders, contests = drawn(marks(history))
    assert contests[:2] == [
        ("decisive-battle", "b", ("anna", "bruno"), "SUCCEEDED", "Battaglia decisiva at B: Anna against Bruno — Anna wins",
         "anna", 5),
        ("decisive-battle", "d", ("carla", "dario"), "SUCCEEDED", "Battaglia decisiva at D: Carla against Dario — Carla wins",
         "carla", 6)]
    assert contests[2:] == [("decisive-battle", None, ("anna", "carla"), outcome, title, winner, 12)]
    assert history.result(1).events[12].kind == "battle-fought"


# ---- the tabella riepilogativa -------------------------------------------------------------------

def rows(history, number: int):
    campaign = history.campaign
    table = campaign.ruleset.standings(campaign, history.result(number).after)
    return [(player, *cells) for player, cells in table.rows], list(table.notes)


def test_summary_table_after_turn_1_with_a_wound_pending(docs_only):
    """R60 (hand computation, docs-only turn 1): ordered by Capitals, territories, then Delta (Dario
    +2 before Anna -2 at 4 territories each; Bruno and Carla at 5 and +0 by id); Boromir's Ferita
    grave waits for his next battle; Dario's Miglior generale."""
    table, notes = rows(docs_only, 1)
    assert table == [
        ("bruno", "1/3", 5, 0, 0, 0, 0, 0, 0, 0, "+0", "-", "Éomer"),
        ("carla", "1/3", 5, 0, 0, 0, 0, 0, 0, 0, "+0", "-", "Gothmog"),
        ("dario", "1/3", 4, 1, 0, 1, 0, 0, 5, 3, "+2", "Miglior generale", "Lurtz"),
        ("anna", "1/3", 4, 1, 0, 0, 0, 1, 3, 5, "-2", "-", "Boromir (ferita grave)"),
    ]
    assert notes == []


def test_summary_table_after_turn_3_bonuses_and_a_light_wound(docs_only):
    """Docs-only turn 3: Carla and Anna at 8 territories ordered by Delta (+6, +2); every player
    with the re-roll of initiative, Carla also Miglior generale; Éomer's Ferita lieve."""
    table, _notes = rows(docs_only, 3)
    assert table == [
        ("carla", "1/3", 8, 1, 1, 0, 0, 0, 8, 2, "+6", "re-roll an initiative roll, Miglior generale", "Gothmog"),
        ("anna", "1/3", 8, 3, 0, 2, 0, 1, 14, 12, "+2", "re-roll an initiative roll", "Boromir"),
        ("bruno", "1/3", 7, 1, 0, 0, 0, 1, 2, 8, "-6", "re-roll an initiative roll", "Éomer (ferita lieve)"),
        ("dario", "1/3", 5, 3, 0, 1, 0, 2, 12, 14, "-2", "re-roll an initiative roll", "Lurtz"),
    ]


def test_summary_table_at_the_end_capitals_first(docs_only):
    """Docs-only turn 8: Anna wins with 3 of 3 Capitals; Capitals order the table before
    territories (Anna and Carla both at 10)."""
    table, notes = rows(docs_only, 8)
    assert [(r[0], r[1], r[2]) for r in table] == [("anna", "3/3", 10), ("carla", "1/3", 10), ("dario", "0/3", 5),
                                                   ("bruno", "0/3", 5)]
    assert table[0][3:11] == (13, 3, 6, 1, 3, 80, 48, "+32")
    assert notes == []


def test_summary_table_notes_a_calendar_in_progress(tmp_path):
    table, notes = rows(play_case(tmp_path, "28a_turn_in_progress"), 1)
    assert notes == ["The turn's calendar is in progress: the map is updated when its last battle is played."]
    assert table[0] == ("anna", "1/3", 3, 0, 0, 0, 0, 0, 0, 0, "+0", "-", "Boromir")


def test_summary_table_notes_the_final_still_to_fight(tmp_path):
    """Case 24b: the final drawn, Anna and Carla tied (2 of 2 Capitals, +8 each, ordered by id)."""
    table, notes = rows(play_case(tmp_path, "24b_final_pending"), 1)
    assert notes == ["A final Battaglia decisiva between Anna and Carla decides the campaign."]
    assert table[:2] == [("anna", "2/2", 4, 2, 1, 0, 1, 0, 14, 6, "+8", "Miglior generale", "Boromir"),
                         ("carla", "2/2", 4, 2, 1, 0, 1, 0, 14, 6, "+8", "Miglior generale", "Gothmog")]


def test_summary_table_with_no_final_pending_has_no_note(tmp_path):
    _table, notes = rows(play_case(tmp_path, "24a_final_battle"), 1)
    assert notes == []


# ---- chronicle next ------------------------------------------------------------------------------

def test_next_turn_owes_each_player_his_allowance_with_what_lies_near(tmp_path):
    """Nothing played yet: two blanks each in turn 1's order (R18); each note says what is held,
    the empty and the enemy territories next to it, and how the cheapest route is taken when it is
    not a plain border: the mountain at the cost in force, a sea lane, a river (valle with a sea
    lane Alba-Erta added; Anna starts beside Carla's Capital across the Ponte river). The example
    battle is a Schermaglia at the smallest size in force (options.min_points: 450), not the seed's 400."""
    game_map = map_data("valle")
    game_map["links"].append(["alba", "erta", "sea"])
    players = [dict(p) for p in STANDARD]
    players[0]["territories"] = ["alba", "ponte"]
    history, problems = play(tmp_path, options={"mountain_cost": 3, "min_points": {"schermaglia": 450}}, game_map=game_map,
                             players=players)
    assert not errors(problems)
    planned = next_turn(history.campaign, history)
    title, orders, answers, battles = planned.slots
    assert (title.key, title.value, title.note) == ("title", BLANK, "a name for the turn")
    assert orders.key == "orders"
    assert [(s.key, s.value) for s in orders.children] == [(p, [BLANK, BLANK]) for p in ("anna", "bruno", "carla")]
    notes = {s.key: s.note for s in orders.children}
    assert notes["anna"] == ("holds Alba, Borgo, Ponte; empty nearby: Colle (mountain: 3 actions), Fonte, Gola, Olmo; "
                             "enemy nearby: Erta (by sea) (Capital), Quercia (river) (Capital), Urbe")
    assert "across a mountain an action costs 3" in orders.above and "At least 2 each" in orders.above
    assert (answers.key, answers.value, answers.commented) == ("answers", {"TERRITORY": "resiste"}, True)
    assert battles.key == "battles" and battles.commented
    assert battles.above == ("\nbattles: the calendar's battles with their results, in the order played (once played:\n"
                             "the site prints the calendar for the game day).")
    assert battles.value == [{"at": "TERRITORY", "points": 450, "scenario": "SCENARIO", "winner": "PLAYER",
                              "victory": "minor", "score": {"PLAYER": 6, "OTHER": 4}}]
    assert planned.notices == ()


def test_next_turn_owes_the_bonus_allowance_in_force(tmp_path):
    """R56 as options.bonus_actions (4), earned from the end of turn 1 (bonus_from_turn: 1): the
    next turn owes every player four blanks, and his note says they are the bonus."""
    history, problems = play(tmp_path, turns=[{}], options={"min_actions": 0, "bonus_from_turn": 1, "bonus_actions": 4})
    assert not errors(problems)
    orders = next_turn(history.campaign, history).slots[1]
    assert [(s.key, s.value) for s in orders.children] == [(p, [BLANK] * 4) for p in ("carla", "anna", "bruno")]
    assert all(s.note.endswith("; 4 actions (the bonus)") for s in orders.children)


def test_next_turn_names_eight_territories_and_counts_the_rest(tmp_path, docs_only):
    """chronicle next's notes name at most eight territories: after docs-only turn 3 Anna and Carla
    hold exactly eight (all named); after turn 8 Anna holds ten (eight and "2 more") and has nine
    enemy territories nearby (eight and "1 more")."""
    root = tmp_path / "c"
    shutil.copytree(DOCS_ONLY, root)
    for later in sorted((root / "content" / "turns").glob("*.yaml"))[3:]:
        later.unlink()
    campaign, problems = load_campaign(root)
    history = replay(campaign)
    notes = {s.key: s.note for s in next_turn(campaign, history).slots[1].children}
    assert notes["carla"] == ("holds Cava, Duna, Elce, Foce, Rocca, Vetta, Vigna, Zolla; empty nearby: Sasso, Valle; "
                              "enemy nearby: Bosco, Monte, Quercia, Selva")
    assert notes["anna"].startswith("holds Alba, Borgo, Colle, Fonte, Gola, Lago, Ponte, Quercia; empty")
    notes = {s.key: s.note for s in next_turn(docs_only.campaign, docs_only).slots[1].children}
    assert notes["anna"] == ("holds Borgo, Colle, Dosso, Erta, Gola, Lago, Olmo, Ponte and 2 more; "
                             "enemy nearby: Alba, Arena, Faro, Fonte, Monte, Noce, Rocca, Urbe and 1 more")


def test_next_turn_notices_a_calendar_not_finished_and_a_campaign_won(tmp_path, docs_only):
    history = play_case(tmp_path, "28a_turn_in_progress")
    assert next_turn(history.campaign, history).notices == (
        "turn 1's calendar is not finished: record its battles in content/turns/001.yaml before turn 2 is played (R21)",)
    assert next_turn(docs_only.campaign, docs_only).notices == (
        "the campaign is already won (Anna): check refuses a further turn",)


@pytest.mark.parametrize("path, hint", [
    (("title",), "a name for the turn, e.g. \"La conquista del Faro\""),
    (("orders", "anna", 1), "an action of anna: \"Schermaglia X\" (an empty territory), \"Scorreria X\" (an enemy's) or "
                            "\"Battaglia decisiva X\" (an enemy Capital); delete the blank if anna declared fewer"),
    (("orders", "anna"), "an action of anna: \"Schermaglia X\" (an empty territory), \"Scorreria X\" (an enemy's) or "
                         "\"Battaglia decisiva X\" (an enemy Capital); delete the blank if anna declared fewer"),
    (("orders",), "an action of the player: \"Schermaglia X\" (an empty territory), \"Scorreria X\" (an enemy's) or "
                  "\"Battaglia decisiva X\" (an enemy Capital); delete the blank if the player declared fewer"),
    (("answers", "noce"), None),
    ((), None),
])
def test_blank_hints(path, hint):
    assert blank_hint(path, {}) == hint


# ---- the state JSON (docs/rules/campagna.md, "State JSON") -----------------------------------------

def test_state_json_of_a_clash_a_general_and_a_player(docs_only):
    """Docs-only turn 1, Fonte: Anna's Schermaglia from Alba, Dario intervening; the result as
    written in the turn file (400 points, Boromir killed with the D6 2 written, 3-5 to Dario), the
    territory left empty (R38); Boromir's Ferita grave pending since; Anna's actions and record."""
    campaign = docs_only.campaign
    result = docs_only.result(1)
    state = campaign.ruleset.to_json(campaign, result.after, result.events)
    assert state["calendar"][0] == {
        "number": 1, "kind": "schermaglia", "at": "fonte", "attacker": "anna", "holder": None, "origin": "alba",
        "route": "land", "cost": 1, "answer": "intervened", "opponent": "dario", "retreat_to": None, "battle": True,
        "status": "played", "min_points": 400, "privilege": None, "generals_required": False, "wounds": {},
        "bonuses": {},
        "result": {"winner": "dario", "victory": "minor", "score": {"anna": 3, "dario": 5}, "points": 400,
                   "scenario": None, "generals": {"anna": "killed", "dario": "fielded"},
                   "fates": {"anna": {"value": 2, "recorded": True}}, "wounds": {}, "alliances": {}, "bonuses": {},
                   "occupy": True},
        "outcome": "empty", "new_owner": None, "rule": "R38"}
    assert state["generals"]["anna"] == {"name": "Boromir", "player": "anna", "pending": "ferita_grave",
                                         "since": "Fonte, turn 1", "battles": 1, "killed": 1}
    anna = state["players"]["anna"]
    assert anna["actions"] == {"allowance": 2, "used": 2, "sea": False, "answers": 0, "total": 2, "battles": 1,
                               "declared": ["schermaglia:fonte", "schermaglia:colle"]}
    assert anna["record"] == {"games": 1, "major": 0, "minor": 0, "draws": 0, "defeats": 1, "scored": 3, "conceded": 5,
                              "delta": -2}
    assert (anna["initiative"], anna["next_initiative"], anna["delta_turn"], anna["bonus_reason"]) == (
        1, 2, -2, "no bonus before the end of turn 2")


def test_summary_counts_capitals_held_and_marks_every_capital(docs_only):
    """The view every page reads: the score is the Capitals held (R62), a Capital lost shows as
    none for its founder, and every founding Capital is marked on the map (docs-only turn 8:
    Anna holds Borgo, Erta and Torre)."""
    campaign = docs_only.campaign
    summary = campaign.ruleset.summary(campaign, docs_only.final)
    assert (summary.turn, summary.score_name, summary.winner) == (8, "Capitals", "anna")
    assert summary.scores == {"anna": 3, "bruno": 0, "carla": 1, "dario": 0}
    assert summary.capitals == {"anna": "borgo", "bruno": None, "carla": "vetta", "dario": None}
    assert summary.marks == {t: ("capital",) for t in ("borgo", "erta", "vetta", "torre")}


def test_bonuses_earned_name_the_player_the_bonus_and_the_count(docs_only):
    """R54-R56 (hand computation, docs-only turn 2): at the end of turn 2 every player holds 5 to 8
    territories with his Capital, so each earns the re-roll of an initiative roll for turn 3."""
    earned = [e.to_json() for e in docs_only.result(2).events if e.kind == "bonus-earned"]
    assert [(e["player"], e["bonus"], e["territories"], e["why"]) for e in earned] == [
        ("anna", "ripeti_iniziativa", 6, None), ("bruno", "ripeti_iniziativa", 7, None),
        ("carla", "ripeti_iniziativa", 6, None), ("dario", "ripeti_iniziativa", 5, None)]


@pytest.mark.parametrize("bonus_actions", [3, 4])
def test_the_three_actions_bonus_states_the_allowance_in_force(tmp_path, bonus_actions):
    """R56 «3 azioni (invece di due)» as options.bonus_actions: the bonus earned at the end of turn
    1 (bonus_from_turn: 1; 3 territories with the Capital, the 1-4 tier) is named by the allowance
    in force, in the event's sentence and the tabella riepilogativa, not by the seed's 3."""
    history, problems = play(tmp_path, turns=[{}], options={"min_actions": 0, "bonus_from_turn": 1,
                                                             "bonus_actions": bonus_actions})
    assert not errors(problems)
    earned = [e for e in history.result(1).events if e.kind == "bonus-earned"]
    assert [e.describe(name) for e in earned][0] == \
        f"Anna holds 3 territories: {bonus_actions} actions next turn (Controllo del territorio)"
    assert earned[0].to_json()["actions"] == bonus_actions
    table, _notes = rows(history, 1)
    assert [row[11] for row in table] == [f"{bonus_actions} actions"] * 3


def test_a_turn_keeps_its_title_and_date(tmp_path):
    history, problems = play(tmp_path, turns=[{"title": "La conquista del Faro", "date": "2026-04-11",
                                               "orders": {"anna": ["Schermaglia GOLA"]}}], options={"min_actions": 0})
    assert not errors(problems)
    record = history.result(1).record
    assert (record.title, record.date) == ("La conquista del Faro", "2026-04-11")


def test_a_turn_without_title_or_date_has_none(tmp_path):
    history, problems = play(tmp_path, turns=[{"orders": {"anna": ["Schermaglia GOLA"]}}], options={"min_actions": 0})
    assert not errors(problems)
    record = history.result(1).record
    assert (record.title, record.date) == (None, None)


def test_next_turn_tells_a_landless_player_he_may_only_answer(tmp_path):
    """R65 (case 26a's first turn): Bruno lost his Capital and holds nothing: his note says so."""
    case = yaml.safe_load((CASES / "26a_landless_player.yaml").read_text(encoding="utf-8"))
    first = {k: v for k, v in case["turns"][0].items() if k != "expect"}
    history, problems = play(tmp_path, turns=[first], game_map="tre", players=case["players"],
                             initiative=case["initiative"], options=case["options"])
    assert not errors(problems)
    notes = {s.key: s.note for s in next_turn(history.campaign, history).slots[1].children}
    assert notes["bruno"] == "holds nothing (may only answer)"


def test_every_arrow_is_named_in_the_seed_s_word(docs_only):
    """The map names each arrow by the seed's own word (the legend and the arrow's label): the
    three actions by their kind, and the answers Intervenire, Ritirarsi and Resistere, over the
    eight turns of the docs-only campaign (which has each of them)."""
    names = {(o.kind, o.name) for turn in range(1, 9) for o in marks(docs_only, turn).orders}
    assert names == {("attack", "Schermaglia"), ("attack", "Scorreria"), ("attack", "Battaglia decisiva"),
                     ("support", "Intervenire"), ("retreat", "Ritirarsi"), ("defend", "Resistere")}


def test_the_turn_page_lists_each_order_with_its_origin(tmp_path):
    """The turn page's declarations as written (case 10e): an order with from: names its origin,
    also one the rules refused (bruno's, not adjacent), in the player's order."""
    history = play_case_unchecked(tmp_path, "10e_from_forces_the_origin")
    campaign = history.campaign
    assert campaign.ruleset.orders_of(campaign, history.result(1).record) == {
        "anna": ["Schermaglia Gola (from Fonte)", "Schermaglia Olmo (from Fonte)"],
        "bruno": ["Schermaglia Colle (from Erta)"]}
