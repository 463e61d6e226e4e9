"""Rules of Regolamento Campagna best checked as tables or functions rather than as case files:
the test map's distances, the tier table, the fate table, the rotation, the set-up draws, the
japan map, the state JSON and the bad-input messages. Each test names the rule in its docstring."""

from __future__ import annotations

import json
import re

import pytest

from chronicle.content import load_campaign
from chronicle.history import replay
from chronicle.rules.campagna import schema as campagna_schema
from chronicle.rules.campagna.setup import order_of
from chronicle.rules.campagna.terrain import distance, routes

from .helpers import STANDARD, errors, play, state_json, map_data, write


@pytest.fixture(scope="module")
def valle(tmp_path_factory):
    root = write(tmp_path_factory.mktemp("valle") / "c")
    campaign, problems = load_campaign(root)
    assert campaign is not None and not errors(problems)
    return campaign


@pytest.mark.parametrize("player,target,steps", [
    ("anna", "rocca", 4), ("anna", "zolla", 5), ("anna", "selva", 5),
    ("bruno", "ponte", 4), ("bruno", "olmo", 5), ("carla", "gola", 2), ("carla", "olmo", 2)])
def test_map_facts_intervention_distances(valle, player, target, steps):
    """R32, Q11, Q12: the reading notes' distances on the test map, counted across land, ford, river
    and mountain links (the Sea does not count)."""
    held = {p["id"]: [p["capital"], *p["territories"]] for p in STANDARD}[player]
    assert distance(valle.map, target, held, ["land", "ford", "river", "mountain"]) == steps


@pytest.mark.parametrize("target,sources,kinds,steps", [
    ("olmo", {"fonte"}, ["land", "ford", "river", "mountain"], 1),    # the river counts by default
    ("olmo", {"fonte"}, ["land"], 3),                                 # not when left out: round by Gola
    ("ponte", {"quercia"}, ["land", "sea"], 3),                       # the sea counts, the river not
    ("fonte", {"gola"}, ["land", "sea"], 1),                          # a coast keeps its land borders
    ("selva", {"alba"}, ["land", "sea"], 1),                          # every coast one step by sea
    ("olmo", {"fonte"}, ["ford"], None),                              # no way across the links chosen
    ("olmo", set(), ["land"], None),                                  # nothing to count from
])
def test_intervention_distance_counts_only_the_links_chosen(valle, target, sources, kinds, steps):
    """R32, Q11, options.intervene_links: the intervention distance crosses only the kinds of border
    chosen (the Sea of the coasts among them when ``sea`` is); out of reach is None, not an error."""
    assert distance(valle.map, target, sources, kinds) == steps


def test_map_facts_the_sea_joins_every_coast(valle):
    """R07, Q08: a coast reaches every other coast by sea (the flag coast), unless a land route is
    cheaper; Colle is reached from Borgo only across the mountain, at two actions (R10)."""
    found = routes(valle.map, {"alba", "fonte", "borgo"}, "noce", 2)
    assert [(r.origin, r.kind) for r in found] == [("alba", "sea"), ("fonte", "sea")]
    assert [(r.origin, r.kind, r.cost) for r in routes(valle.map, {"borgo"}, "colle", 2)] == [("borgo", "mountain", 2)]
    olmo = routes(valle.map, {"alba", "fonte"}, "olmo", 2)
    assert [(r.origin, r.kind) for r in olmo] == [("fonte", "river"), ("alba", "sea")]
    assert distance(valle.map, "selva", {"alba"}, ["land", "sea"]) == 1


@pytest.mark.parametrize("turn,expected", [
    (1, ["anna", "bruno", "carla", "dario"]), (2, ["dario", "anna", "bruno", "carla"]),
    (3, ["carla", "dario", "anna", "bruno"]), (4, ["bruno", "carla", "dario", "anna"]),
    (5, ["anna", "bruno", "carla", "dario"]), (9, ["anna", "bruno", "carla", "dario"])])
def test_rotation_of_the_order_of_play(turn, expected):
    """R18: «il 1°Giocatore di iniziativa diventerà il 2°, … L'ultimo diventerà primo»."""
    assert list(order_of(("anna", "bruno", "carla", "dario"), turn)) == expected


TIERS = [(0, None, "no territory"), (1, "tre_azioni", None), (4, "tre_azioni", None), (5, "ripeti_iniziativa", None),
         (8, "ripeti_iniziativa", None), (9, "ripeti_rinforzi", None), (11, "ripeti_rinforzi", None),
         (12, "fearless", None), (13, "fearless", None)]


@pytest.mark.parametrize("count,bonus,why", TIERS)
def test_tier_table_at_every_edge(count, bonus, why):
    """R54-R59 and Q21: «Da 1 a 4 … 3 azioni; Da 5 a 8 Ripetere un tiro di iniziativa; Da 9 a 11
    Ripetere un tiro per i rinforzi; 12 … Fearless» (12 or more); one bonus only (R55); none with
    no territory."""
    from chronicle.rules.campagna.endturn import bonuses_after

    class Ctx:
        turn = 2
        options = {"bonus_from_turn": 2, "tiers": campagna_schema.OPTIONS["tiers"][0], "bonus_actions": 4}

        class campaign:
            player_ids = ["anna"]

        class state:
            homes = {"anna": "t0"}

        events = []

        def emit(self, event):
            self.events.append(event)
    owners = {f"t{i}": "anna" for i in range(count)} | {"x": None}
    ctx = Ctx()
    earned, reason = bonuses_after(ctx, owners)
    assert earned["anna"] == bonus
    # the event carries the allowance in force (options.bonus_actions) for the 1-4 bonus only
    assert [(e.bonus, e.territories, e.actions) for e in ctx.events] == [(bonus, count, 4 if bonus == "tre_azioni" else None)]
    if why:
        assert reason["anna"] == why


def test_no_bonus_before_the_end_of_turn_2_and_without_the_capital(tmp_path):
    """R54 «A partire dalla fine del secondo turno» (Q23) and R17 (Q24): no bonus at the end of turn
    1; bonus_from_turn 1 (a house rule) gives it then."""
    history, problems = play(tmp_path / "a", turns=[{}], options={"min_actions": 0})
    assert state_json(history)["players"]["anna"]["bonus_next_turn"] is None
    history, problems = play(tmp_path / "b", turns=[{}], options={"min_actions": 0, "bonus_from_turn": 1})
    assert state_json(history)["players"]["anna"]["bonus_next_turn"] == "tre_azioni"


@pytest.mark.parametrize("face,fate", [(1, "ferita_grave"), (2, "ferita_grave"), (3, "ferita_lieve"), (4, "ferita_lieve"),
                                       (5, "ferita_lieve"), (6, None)])
def test_fate_table_every_face(tmp_path, face, fate):
    """R49-R51: «1-2 Ferita grave … 3-5 Ferita lieve … 6 Invincibile: nessuna conseguenza»."""
    turn = {"orders": {"anna": ["Schermaglia GOLA"]}, "answers": {"gola": {"interviene": "carla"}},
            "battles": [{"at": "gola", "generals": {"anna": "killed"}, "fate": {"anna": face}, "winner": "carla",
                         "victory": "minor", "score": {"anna": 1, "carla": 2}}]}
    history, problems = play(tmp_path, turns=[turn], options={"min_actions": 0})
    assert not errors(problems)
    general = state_json(history)["generals"]["anna"]
    assert general["pending"] == fate and general["killed"] == 1
    killed = [e for e in state_json(history)["events"] if e["kind"] == "general-killed"]
    assert killed[0]["roll"] == face and killed[0]["fate"] == (fate or "nessuna")


def test_fate_table_option(tmp_path):
    """R49-R51 as a house rule: options.fate_table gives each face its fate."""
    turn = {"orders": {"anna": ["Schermaglia GOLA"]}, "answers": {"gola": {"interviene": "carla"}},
            "battles": [{"at": "gola", "generals": {"anna": "killed"}, "fate": {"anna": 6}, "winner": "carla",
                         "victory": "minor", "score": {"anna": 1, "carla": 2}}]}
    table = ["nessuna"] * 5 + ["ferita_grave"]
    history, _ = play(tmp_path, turns=[turn], options={"min_actions": 0, "fate_table": table})
    assert state_json(history)["generals"]["anna"]["pending"] == "ferita_grave"


def test_start_draws_are_reproducible_and_their_own(tmp_path):
    """R03, R04, Q31: territories and the order not written are drawn from the seed: the same at every
    build; a change to another player's entry does not reshuffle them (unless the two collide)."""
    players = [dict(p) for p in STANDARD]
    del players[0]["territories"]
    first = state_json(play(tmp_path / "a", players=players, initiative=None)[0], 0)
    again = state_json(play(tmp_path / "b", players=players, initiative=None)[0], 0)
    assert first["players"]["anna"]["holdings"] == again["players"]["anna"]["holdings"]
    assert first["order"] == again["order"] and sorted(first["order"]) == ["anna", "bruno", "carla"]
    drawn = set(first["players"]["anna"]["holdings"]) - {"borgo"}
    assert len(drawn) == 2 and not drawn & {"erta", "quercia", "dosso", "noce", "urbe", "valle"}
    others = [dict(p) for p in players]
    others[2] = dict(others[2], territories=[t for t in ("zolla", "vetta", "torre", "lago") if t not in drawn][:2])
    moved = state_json(play(tmp_path / "c", players=others, initiative=None)[0], 0)
    assert moved["players"]["anna"]["holdings"] == first["players"]["anna"]["holdings"]
    reseeded = state_json(play(tmp_path / "d", players=players, initiative=None, seed=2)[0], 0)
    assert len(reseeded["players"]["anna"]["holdings"]) == 3


def test_capital_seats_of_the_map(tmp_path):
    """R13, Q32: a map may mark the Capital seats (flag capital); a Capital written elsewhere is an
    error, and 'random' draws among the seats."""
    game_map = map_data()
    for seat in ("borgo", "erta", "quercia", "vetta"):
        game_map["provinces"][seat]["flags"] = sorted(set(game_map["provinces"][seat].get("flags", [])) | {"capital"})
    players = [dict(p) for p in STANDARD]
    players[1] = dict(players[1], capital="random")
    history, problems = play(tmp_path / "a", players=players, game_map=game_map)
    assert not errors(problems)
    assert state_json(history, 0)["players"]["bruno"]["home_capital"] in ("erta", "vetta")
    players[1] = dict(players[1], capital="monte")
    write(tmp_path / "b", players=players, game_map=game_map)
    campaign, problems = load_campaign(tmp_path / "b")
    problems += list(replay(campaign).problems)
    assert [p.rule for p in errors(problems)] == ["R13"]


def test_too_few_players_for_the_victory(tmp_path):
    """R63 with Q32: two players can never hold three Capitals: an error at players, unless a house rule
    lowers options.capitals_to_win."""
    write(tmp_path / "a", players=STANDARD[:2], initiative=None)
    campaign, problems = load_campaign(tmp_path / "a")
    found = errors(list(problems) + list(replay(campaign).problems))
    assert [p.rule for p in found] == ["R63"] and "capitals_to_win" in found[0].hint
    write(tmp_path / "b", players=STANDARD[:2], options={"capitals_to_win": 2}, initiative=None)
    campaign, problems = load_campaign(tmp_path / "b")
    assert not errors(list(problems) + list(replay(campaign).problems))


def test_japan_map_works(tmp_path, run):
    """The ruleset runs on any map: on the bundled japan map, its sea lanes are the Sea (R07-R09):
    Iyo reaches Bungo only by the lane, the whole turn; the flags kyoto and no_start_capital belong
    to other rulesets and are ignored."""
    players = [{"id": "anna", "general": "Boromir", "capital": "tosa", "territories": ["iyo", "sanuki"]},
               {"id": "bruno", "general": "Eomer", "capital": "hyuga", "territories": ["bungo", "chikugo"]},
               {"id": "carla", "general": "Gothmog", "capital": "kai", "territories": ["shinano", "sagami"]}]
    turn = {"orders": {"anna": ["Scorreria BUNGO"], "bruno": ["Schermaglia HIGO", "Schermaglia BUZEN"],
                       "carla": ["Schermaglia MUSASHI", "Schermaglia SURUGA"]},
            "battles": [{"at": "bungo", "points": 500, "winner": "anna", "victory": "minor", "score": {"anna": 5, "bruno": 3}}]}
    history, problems = play(tmp_path, players=players, game_map="japan", turns=[turn])
    assert not errors(problems), "\n".join(p.format() for p in problems)
    state = state_json(history)
    assert state["territories"]["bungo"]["owner"] == "anna"
    assert (state["calendar"][0]["route"], state["calendar"][0]["origin"]) == ("sea", "iyo")
    assert run("build", tmp_path, "--quiet").exit_code == 0


def test_state_json_gives_what_the_issue_asks(tmp_path, run):
    """`chronicle state --json`: territories with owners, Capitals per player, actions, the Generals'
    pending wounds and the winner."""
    turn = {"orders": {"anna": ["Schermaglia GOLA"]}, "answers": {"gola": {"interviene": "carla"}},
            "battles": [{"at": "gola", "generals": {"anna": "killed"}, "fate": {"anna": 3}, "winner": "anna",
                         "victory": "minor", "score": {"anna": 4, "carla": 2}}]}
    write(tmp_path, turns=[turn], options={"min_actions": 0})
    result = run("state", tmp_path, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["territories"]["gola"] == {"owner": "anna", "capital_of": None, "coast": False}
    assert data["territories"]["borgo"]["capital_of"] == "anna"
    assert data["players"]["anna"]["capitals"] == ["borgo"] and data["players"]["anna"]["capital"] == "borgo"
    assert data["players"]["carla"]["actions"] == {"allowance": 2, "used": 1, "sea": False, "answers": 0, "total": 1,
                                                   "battles": 1, "declared": ["interviene:gola"]}
    assert data["generals"]["anna"]["pending"] == "ferita_lieve"
    assert data["winner"] is None and data["game_over"] is False
    assert data["dice"] == [{"purpose": "fate", "subject": "anna", "value": 3, "recorded": True,
                             "event": next(i for i, e in enumerate(data["events"]) if e["kind"] == "general-killed"),
                             "kind": "general-killed"}]
    assert run("state", tmp_path).exit_code == 0


BAD = [
    ("orders: {anna: [Schermaglia NOCE]}", "R26", "Scorreria NOCE"),
    ("orders: {anna: [Scorreria ERTA]}", "R14", "Battaglia decisiva ERTA"),
    ("orders: {carla: [Schermaglia ALBA]}", "R26", "Scorreria ALBA"),
    ("orders: {carla: [Schermaglia GOLA]}", "R06", "adjacent now"),
    ("orders: {anna: [Schermaglia GOLA, Schermaglia OLMO, Schermaglia LAGO]}", None, None),
    ("orders: {anna: [Schermaglia GOLO]}", "territory", "did you mean"),
    ("orders: {ana: [Schermaglia GOLA]}", "player", "did you mean"),
    ("orders: {anna: [Skirmsh GOLA]}", None, "did you mean 'Skirmish GOLA'"),
]


@pytest.mark.parametrize("text,rule,hint", BAD)
def test_bad_input_is_placed_with_its_rule_and_a_hint(tmp_path, run, text, rule, hint):
    """Bad input gets path:line:col, the rule broken and a hint (the reading notes' bad inputs)."""
    content = tmp_path / "content" / "turns"
    write(tmp_path, options={"min_actions": 0})
    (content / "001.yaml").write_text(f"turn: 1\n{text}\n", encoding="utf-8")
    result = run("check", tmp_path)
    assert result.exit_code == 1
    lines = [l for l in result.output.splitlines() if ": error: " in l]
    assert lines, result.output
    assert re.match(r"^content/turns/001\.yaml:2:\d+: error: ", lines[0]), lines[0]
    if rule:
        assert lines[0].endswith(f"[{rule}]"), lines[0]
    if hint:
        assert hint in result.output


def test_every_option_number_is_bounded_and_lists_are_distinct():
    """Every house rule is bounded in the schema (a number has a minimum and a maximum) and lists of
    distinct things say so (uniqueItems), in the options and in the turn file."""
    def walk(node, where):
        if isinstance(node, dict):
            if node.get("type") in ("integer", "number") or (isinstance(node.get("type"), list) and "integer" in node["type"]):
                assert "minimum" in node and "maximum" in node, f"{where}: unbounded number"
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}/{i}")
    for name, (default, schema, doc) in campagna_schema.OPTIONS.items():
        walk(schema, f"options/{name}")
        assert doc
    walk(campagna_schema.TURN_SCHEMA, "turn")
    walk(campagna_schema.PLAYER_PROPERTIES, "players")
    assert campagna_schema.OPTIONS["intervene_links"][1]["uniqueItems"]
    assert campagna_schema.OPTIONS["scenarios"][1]["uniqueItems"]
    assert campagna_schema.PLAYER_PROPERTIES["territories"]["uniqueItems"]
    assert campagna_schema.CAMPAIGN_PROPERTIES["initiative"]["uniqueItems"]


def test_every_option_default_is_valid_against_its_schema():
    import jsonschema
    for name, (default, schema, _doc) in campagna_schema.OPTIONS.items():
        jsonschema.validate(default, schema)


def test_alliances_green_or_yellow_never_red(tmp_path, run):
    """R52 «E' possibile giocare alleanze (verdi o gialle) in ogni tipo di battaglia» (L2), Q36, and
    the stray line R53 that restates it: green and yellow are recorded with the battle; red (an
    impossible alliance) is an error at its place."""
    battle = {"at": "gola", "alliances": {"carla": "yellow", "anna": "green"}, "winner": "anna", "victory": "minor",
              "score": {"anna": 4, "carla": 2}}
    turn = {"orders": {"anna": ["Schermaglia GOLA"]}, "answers": {"gola": {"interviene": "carla"}}, "battles": [battle]}
    history, problems = play(tmp_path / "a", turns=[turn], options={"min_actions": 0})
    assert not errors(problems)
    assert state_json(history)["calendar"][0]["result"]["alliances"] == {"anna": "green", "carla": "yellow"}
    battle["alliances"] = {"carla": "red"}
    write(tmp_path / "b", turns=[turn], options={"min_actions": 0})
    result = run("check", tmp_path / "b")
    assert result.exit_code == 1 and "alliances/carla: 'red' is not one of 'green', 'yellow'" in result.output
    assert "red (impossible) alliances are not allowed" in result.output


def test_late_joiners_are_not_supported(tmp_path, run):
    """Q35: the seed gives a new faction no start, so campagna has no `joins:` (an error with its place)."""
    players = [dict(p) for p in STANDARD] + [{"id": "dario", "general": "Lurtz", "joins": 3}]
    write(tmp_path, players=players, initiative=None)
    result = run("check", tmp_path)
    assert result.exit_code == 1 and "unknown key 'joins'" in result.output


def test_one_intervener_per_skirmish(tmp_path, run):
    """Q06: «il giocatore che ha scelto di intervenire» (L16), one: answers hold one answer per
    territory, so a second intervener is a duplicate key, an error at its line."""
    write(tmp_path, options={"min_actions": 0})
    (tmp_path / "content" / "turns" / "001.yaml").write_text(
        "turn: 1\norders: {carla: [Schermaglia GOLA]}\nanswers:\n  gola: {interviene: anna}\n  gola: {interviene: bruno}\n",
        encoding="utf-8")
    result = run("check", tmp_path)
    assert result.exit_code == 1 and "content/turns/001.yaml:5:3: error: duplicate key 'gola'" in result.output


def test_valle_map_has_what_its_page_says():
    """docs/maps/valle.md: 30 territories, four Capital seats (Torre on the coast), ten coasts, and
    mountain, river and ford links where the page draws them."""
    from chronicle.maps import load_bundled
    game_map, _ = load_bundled("valle")
    assert len(game_map) == 30
    assert game_map.with_flag("capital") == ["borgo", "erta", "torre", "vetta"]
    assert game_map.with_flag("coast") == sorted(["alba", "fonte", "olmo", "torre", "arena", "bosco", "cava", "duna",
                                                  "elce", "foce"])
    kinds = {}
    for link in game_map.links:
        kinds.setdefault(link.kind, set()).add(frozenset((link.a, link.b)))
    assert kinds["mountain"] == {frozenset(p) for p in (("colle", "dosso"), ("lago", "monte"), ("noce", "orto"), ("faro", "orto"))}
    assert kinds["river"] == {frozenset(p) for p in (("ponte", "quercia"), ("rocca", "zolla"), ("selva", "vetta"))}
    assert kinds["ford"] == {frozenset(p) for p in (("gola", "lago"), ("quercia", "valle"), ("sasso", "vigna"))}


def test_map_marks_draw_every_clash(tmp_path):
    """The map-marks interface (rules/__init__.py) filled for campagna: each clash an arrow from its
    origin with its leg (sea, river, mountain), each intervention a support arrow from the
    intervener's nearest territory, each retreat an arrow into the territory retreated to, each
    resistance a mark in place; each battle a contest linked to its card (event index)."""
    from chronicle.rules import Outcome
    turn = {"orders": {"anna": ["Scorreria NOCE"], "bruno": ["Schermaglia MONTE"], "carla": ["Schermaglia LAGO"]},
            "answers": {"noce": {"ritira": "erta"}, "lago": {"interviene": "bruno"}},
            "battles": [{"at": "lago", "winner": "bruno", "victory": "major", "score": {"bruno": 6, "carla": 2}}]}
    history, problems = play(tmp_path, turns=[turn], options={"min_actions": 0})
    assert not errors(problems)
    result = history.result(1)
    marks = history.campaign.ruleset.map_marks(history.campaign, result.before, result.after, result.record,
                                               result.events)
    got = [(o.kind, o.player, o.path, o.outcome, o.name, o.legs) for o in marks.orders]
    assert got == [
        ("attack", "anna", ("alba", "noce"), Outcome.SUCCEEDED, "Scorreria", ("sea",)),
        ("retreat", "bruno", ("noce", "erta"), Outcome.SUCCEEDED, "Ritirarsi", ()),
        ("attack", "bruno", ("dosso", "monte"), Outcome.SUCCEEDED, "Schermaglia", ("",)),
        ("attack", "carla", ("quercia", "lago"), Outcome.FAILED, "Schermaglia", ("ford",)),
        ("support", "bruno", ("dosso", "lago"), Outcome.SUCCEEDED, "Intervenire", ()),
    ]
    assert marks.orders[3].title == "Carla: Schermaglia Lago — Bruno occupied it (R37)"
    (contest,) = marks.contests
    assert (contest.kind, contest.province, contest.outcome, contest.winner) == ("skirmish", "lago", Outcome.FAILED, "bruno")
    assert result.events[contest.event].kind == "battle-fought"


RESULT = {"at": "gola", "winner": "anna", "victory": "minor", "score": {"anna": 5, "carla": 3}}
WRONG_TYPES = [
    # (what the battle entry has instead, the one error's rule and words, who holds Gola after)
    ({"players": "anna"}, "file format", "battles/0/players: expected a list", None),
    ({"players": ["anna", 3]}, "file format", "battles/0/players/1: expected text", None),
    ({"winner": 5}, "file format", "battles/0/winner: expected text or nothing", None),
    ({"at": 5}, "file format", "battles/0/at: expected text", None),
    ({"score": {"anna": "x", "carla": 3}}, "file format", "battles/0/score/anna: expected a whole number", "anna"),
    ({"victory": "huge"}, "file format", "battles/0/victory: 'huge' is not one of", "anna"),
    ({"points": "big"}, "file format", "battles/0/points: expected a whole number", "anna"),
    ({"points": {"anna": "x"}}, "file format", "battles/0/points/anna: expected a whole number", "anna"),
    ({"scenario": 3}, "file format", "battles/0/scenario: expected text", "anna"),
    ({"notes": 5}, "file format", "battles/0/notes: expected text", "anna"),
    ({"occupy": "yes"}, "file format", "battles/0/occupy: expected true or false", "anna"),
    ({"scenario_roll": "4"}, "file format", "battles/0/scenario_roll: expected a mapping", "anna"),
    ({"generals": {"anna": "killed"}, "fate": {"anna": 7}}, "file format", "battles/0/fate/anna: 7 is out of range", "anna"),
    ({"winner": "zed"}, "player", "unknown player 'zed'", None),
    ({"players": ["anna", "zed"]}, "player", "unknown player 'zed'", None),
]


@pytest.mark.parametrize("wrong,rule,message,holder", WRONG_TYPES)
def test_a_value_of_the_wrong_type_is_one_error(tmp_path, wrong, rule, message, holder):
    """One mistake, one error: a battle's value of the wrong type is reported once, by the schema
    at its place (or as an unknown player), never again by the rules as missing (a score or a
    victory the schema refused is not also 'not written'). The result stands when only a detail is
    unreadable (anna, the winner, occupies Gola after carla's intervention); an entry whose
    players, winner or place cannot be read is left unplayed, and not warned of as a battle not yet
    played."""
    history, problems = play(tmp_path, options={"min_actions": 0}, turns=[{
        "orders": {"anna": ["Schermaglia GOLA"]}, "answers": {"gola": {"interviene": "carla"}},
        "battles": [{**RESULT, **wrong}]}])
    found = list(problems)        # warnings too: an unplayed entry is not also "not yet played" (R21)
    assert [(p.rule, p.message[:len(message)]) for p in found] == [(rule, message)], [p.format() for p in found]
    assert found[0].place is not None and found[0].place.file.endswith("001.yaml")
    assert history.result(1).after.owners["gola"] == holder


@pytest.mark.parametrize("order,message,hint", [
    ({"schermaglia": "GOLA", "scorreria": "LAGO"}, "one order is one action: schermaglia and scorreria are written in one",
     "write each action as an order of its own, in the order declared"),
    ({"from": "borgo"}, "this order names no action, only where it is declared from",
     "write {schermaglia: TERRITORY, from: borgo} (or scorreria, battaglia_decisiva)"),
    ({"schermaglia": "GOLA", "from": 3}, "orders/anna/0/from: expected text, got 3", None),
    ({"schermaglia": 3, "scorreria": "GOLA"}, "orders/anna/0/schermaglia: expected text, got 3", None),
    ({}, "orders/anna/0: a mapping of 0 keys", None),
])
def test_an_order_that_is_not_one_action_is_one_error(tmp_path, order, message, hint):
    """R22: an order is one action. A mapping with two verbs, or with only ``from:``, passes the
    file's shape but is one error of the rules at the order (it was dropped without a word); a
    value of the wrong type is the schema's one error. Nothing is declared either way."""
    history, problems = play(tmp_path, options={"min_actions": 0}, turns=[{"orders": {"anna": [order]}}])
    found = errors(problems)
    assert [p.message[:len(message)] for p in found] == [message], [p.format() for p in found]
    assert found[0].place is not None and found[0].place.file == "content/turns/001.yaml" and found[0].place.line in (4, 5)
    if hint:
        assert (found[0].hint, found[0].rule) == (hint, "R22")
    assert history.result(1).after.owners["gola"] is None


@pytest.mark.parametrize("n,word", [(2, "second"), (3, "third"), (5, "fifth"), (6, "6th"), (11, "11th"), (20, "20th"),
                                    (21, "21st")])
def test_the_battle_beyond_the_cap_is_named_for_every_max_battles(n, word):
    """R25 as options.max_battles (1-20): the battle refused is the cap's next, from second to 21st."""
    from chronicle.rules.campagna.declarations import _nth
    assert _nth(n) == word


def test_an_unknown_player_among_a_battle_s_keys_is_placed_at_the_key(tmp_path):
    """A player's key under score: that names no player is an error at the key itself (the name
    written wrong), not at its value; the score of the player left out is then not written (R60)."""
    history, problems = play(tmp_path, options={"min_actions": 0}, turns=[{
        "orders": {"anna": ["Schermaglia GOLA"]}, "answers": {"gola": {"interviene": "carla"}},
        "battles": [{**RESULT, "score": {"zed": 3, "anna": 5}}]}])
    found = errors(problems)
    assert [(p.rule, p.message) for p in found] == [
        ("player", "unknown player 'zed'"), ("R60", "the Schermaglia at Gola: the objective points of Carla are not written")]
    lines = (tmp_path / "content" / "turns" / "001.yaml").read_text(encoding="utf-8").splitlines()
    place = found[0].place
    assert lines[place.line - 1][place.col - 1:].startswith("zed:")


@pytest.mark.parametrize("links,hint", [
    (["land", "ford", "river", "mountain"], "count the territories crossed by land, ford, river or mountain; the sea does not shorten it"),
    (["mountain"], "count the territories crossed by mountain; the sea does not shorten it"),
    (["sea", "land"], "count the territories crossed by land or sea"),
])
def test_intervention_reach_hint_names_the_links_in_force(links, hint):
    """R32, Q11 as options.intervene_links: the hint of an intervention too far names the links
    counted, in the map's order, and says the sea does not shorten it only when it does not."""
    from chronicle.rules.campagna.declarations import _reach_hint
    assert _reach_hint(links) == hint


def test_an_unreadable_battle_hides_only_its_own_place(tmp_path):
    """R21 with one mistake, one error: a battle entry that cannot be read (its winner is 5) is not
    also warned of as still to play, but the other battle of the calendar, not written, is."""
    history, problems = play(tmp_path, options={"min_actions": 0}, turns=[{
        "orders": {"anna": ["Schermaglia GOLA"], "carla": ["Schermaglia LAGO"]},
        "answers": {"gola": {"interviene": "carla"}, "lago": {"interviene": "bruno"}},
        "battles": [{**RESULT, "winner": 5}]}])
    assert [(p.severity, p.rule, p.message) for p in problems] == [
        ("error", "file format", "battles/0/winner: expected text or nothing, got 5"),
        ("warning", "R21", "1 battle of the calendar not yet played: Lago (Carla against Bruno); "
                           "the map is updated when the calendar ends")]


def test_state_json_of_a_player_whole(tmp_path):
    """chronicle state --json, one player's entry whole after case 05a's turn (anna's Schermaglia at
    Gola won against carla's intervention, 7-4): every key a reader or a script relies on, with the
    territories also as ``provinces`` (the name every ruleset's map reads)."""
    history, problems = play(tmp_path, turns=[{
        "orders": {"anna": ["Schermaglia GOLA"]}, "answers": {"gola": {"interviene": "carla"}},
        "battles": [{"at": "gola", "winner": "anna", "victory": "minor", "score": {"anna": 7, "carla": 4}}]}],
        options={"min_actions": 0})
    assert not errors(problems)
    state = state_json(history, 1)
    assert state["players"]["anna"] == {
        "name": "Anna", "colour": "#0072b2", "faction": "Gondor", "general": "Boromir", "territories": 4, "provinces": 4,
        "holdings": ["alba", "borgo", "fonte", "gola"], "home_capital": "borgo", "capital": "borgo", "capitals": ["borgo"],
        "capitals_count": 1, "on_map": True, "initiative": 1, "next_initiative": 2,
        "actions": {"allowance": 2, "used": 1, "sea": False, "answers": 0, "total": 1, "battles": 1,
                    "declared": ["schermaglia:gola"]},
        "battles_this_turn": 1, "bonus_next_turn": None, "bonus_reason": "no bonus before the end of turn 2",
        "miglior_generale": True, "delta_turn": 3, "delta_total": 3,
        "record": {"games": 1, "major": 0, "minor": 1, "draws": 0, "defeats": 0, "scored": 7, "conceded": 4, "delta": 3}}
    assert state["provinces"]["gola"] == {"owner": "anna", "capital_of": None}
    assert state["provinces"]["borgo"] == {"owner": "anna", "capital_of": "anna"}
    assert {t: p["owner"] for t, p in state["provinces"].items()} == {t: p["owner"] for t, p in state["territories"].items()}
