"""What the site and `chronicle next` show of a Sengoku turn besides its events, word for word: each
clan's orders as written, the standings' statuses, and the next turn's worksheet. Found unread by
mutation testing (scripts/mutate sengoku): an order filed under no clan, a lost arrow between the
provinces of a move, a standings row with no status, or a worksheet with the seed's 3 provinces
where the campaign's `move` option said otherwise all passed every rule test."""

from __future__ import annotations

from chronicle.nextturn import render
from chronicle.rules import Outcome

from .helpers import army, errors, events_of, play

BLUE = "provinces: [4, 5, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [4, 5, 7]"
ORDERS = """
moves:
  blue-1: [3]
  blue-2: [4, 3]
  blue-3: {path: [6, 5, 4, 3], forced: 1}
responses:
  red-3: {blue-1: battle, blue-2: {retreat: 2}, blue-3: fortress}
  red-2: fortress
besiege: [blue-3]
"""


def test_each_clan_s_orders_as_written(make_campaign):
    """The turn page lists each clan's orders as the turn file wrote them (whether or not the rules
    let them stand): the provinces each army entered in order, a forced march, each answer to an
    entrant, a siege laid."""
    history, _ = play(make_campaign, {1: ORDERS}, blue=BLUE)
    campaign = history.campaign
    assert campaign.ruleset.orders_of(campaign, history.turns[0].record) == {
        "blue": ["blue-1: Three", "blue-2: Four → Three", "blue-3: Six → Five → Four → Three (forced march 1)",
                 "blue-3: besiege"],
        "red": ["red-2: fortress", "red-3 against blue-1: battle", "red-3 against blue-2: retreat to Two",
                "red-3 against blue-3: fortress"],
    }


def test_an_answer_the_rules_do_not_know_is_an_error_and_no_order(make_campaign):
    """A defender answers battle, fortress or retreat, and nothing else is read as an answer: the
    turn page's orders name each answer by its own word (`ANSWERS`, with no fallback), so an
    unknown word ("surrender", "parley" to one entrant) or a retreat naming no province is an
    error at it and lists no order; the answer beside it (fortress to blue-2) is still listed."""
    history, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: surrender, "
                                             "red-2: {blue-1: parley, blue-2: fortress}, red-1: retreat}\n"})
    assert [p.split("\n")[0] for p in errors(found)] == [
        "content/turns/001.yaml:2:47: error: responses/red-2/blue-1: 'parley' is not one of 'battle', 'fortress' [file format]",
        "content/turns/001.yaml:2:20: error: responses/red-3: 'surrender' is not one of 'battle', 'fortress' [file format]",
        "content/turns/001.yaml:2:81: error: red-1 retreats, but to where? [refusing battle]"], found
    record = history.turns[0].record
    assert record.responses == {}
    assert {a: [(r.kind, r.entrant) for r in rs] for a, rs in record.replies.items()} == {"red-2": [("fortress", "blue-2")]}
    campaign = history.campaign
    assert campaign.ruleset.orders_of(campaign, record) == {"blue": ["blue-1: Five → Four → Three"],
                                                            "red": ["red-2 against blue-2: fortress"]}


def test_a_clan_out_of_the_game_is_shown_so_and_the_sieges_of_and_by_it_are_lifted(make_campaign):
    """Seed: below -20 prestige "the player must commit seppuku ... all provinces the clan controls
    reverts to neutral status all armies are disbanded". red-2, shut in its fortress Two, is
    disbanded with its clan: the castle is no enemy's any more, so blue-1's siege is lifted, and
    blue-1, alone in Two at the end of the next turn and next to blue's Three, takes it like any
    province of no clan. The standings show red's status as seppuku."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2]"
    history, found = play(make_campaign, {
        1: """
        moves: {blue-1: [3, 2], blue-2: [4, 3]}
        responses: {red-2: fortress}
        diplomacy: {penalties: [{clan: red, prestige: -34, reason: broke the truce}]}
        """,
        2: "dice: {initiative: {blue: 5}}\n"}, red=red, blue=BLUE)
    assert errors(found) == [], found
    after = history.state_after(1)
    assert after.clans["red"].status == "seppuku" and army(history, "red-2", turn=1) is None
    assert after.sieges == {}
    assert [(e.province, e.besieger, e.reason) for e in events_of(history, 1, "SiegeLifted")] == [
        ("p2", "blue-1", "the castle's clan is out of the game")]
    assert [(e.province, e.clan, e.from_clan, e.army) for e in events_of(history, 2, "ProvinceConquered")] == [
        ("p2", "blue", None, "blue-1")]
    assert history.final.owners["p2"] == "blue" and history.final.castles["p2"] == "fortress"
    campaign = history.campaign
    rows = dict(campaign.ruleset.standings(campaign, after).rows)
    assert rows["red"] == (0, 10 + 2 - 34, 0, 0, 1, "seppuku") and rows["blue"][-1] == ""


def test_a_besieged_army_is_freed_when_its_besieger_s_clan_is_out_of_the_game(make_campaign):
    """The other way round: blue commits seppuku while blue-1 besieges red-2 in Two; blue-1 is
    disbanded, the siege lifted, and red-2 is no longer shut in (next turn it may march out)."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2]"
    history, found = play(make_campaign, {
        1: """
        moves: {blue-1: [3, 2]}
        responses: {red-2: fortress}
        diplomacy: {penalties: [{clan: blue, prestige: -36, reason: broke the truce}]}
        dice: {supply: {blue-1: 1}}
        """,
        2: "moves: {red-2: [3]}\n"}, red=red, blue=BLUE)
    assert errors(found) == [], found
    after = history.state_after(1)
    assert after.clans["blue"].status == "seppuku" and after.sieges == {}
    assert [(e.province, e.besieger, e.reason) for e in events_of(history, 1, "SiegeLifted")] == [
        ("p2", "blue-1", "the besieger's clan is out of the game")]
    assert not army(history, "red-2", turn=1).besieged
    assert army(history, "red-2").province == "p3"


def test_the_next_turn_s_worksheet_word_for_word(make_campaign):
    """`chronicle next` writes every army's line with where it stands and how far it may move (the
    `move` option in force, here 2), and the battle the last turn left pending (the game day's
    turn file is written before its battle is entered: the meeting is the one error)."""
    history, found = play(make_campaign, {1: "moves: {blue-1: [3]}\n"}, blue=BLUE, options="move: 2")
    assert [p.split(" [")[0] for p in errors(found)] == [
        "content/turns/001.yaml:1:9: error: blue-1 (blue) and red-3 (red) are both in the field at Three after the battle phase"]
    campaign = history.campaign
    text = "\n".join(render(campaign.ruleset.next_turn(campaign, history).slots))
    assert text == """title: ___  # a name for the turn

# The card each clan drew; leave a clan out to deal from the shuffled deck (from the seed).
# cards: {blue: CARD, red: CARD}

# Rolls made at the table (purpose -> army or clan -> d6); rolls not written are drawn. E.g. the order of movement:
# dice:
#   initiative: {blue: ___, red: ___}

# moves: army -> the provinces it enters, in order (an army left out stays where it is).
# moves:
#   blue-1: [___]  # blue, at Three, 12 elements; up to 2 provinces
#   blue-2: [___]  # blue, at Five, 12 elements; up to 2 provinces
#   blue-3: [___]  # blue, at Seven, 12 elements; up to 2 provinces
#   red-1: [___]  # red, at One, 12 elements; up to 2 provinces
#   red-2: [___]  # red, at Two, 12 elements; up to 2 provinces
#   red-3: [___]  # red, at Three, 12 elements; up to 2 provinces

# responses: a defender's answer to an army entering its province: battle, fortress or {retreat: X}.
# responses: {ARMY: battle}

# Battles the last turn left pending (the site's battle sheets): uncomment the ones fought
# and write each army's elements lost (and general_lost, camp_taken, cards...).
# battles:
#   - {at: p3, attacker: {army: blue-1, lost: 0}, defender: {army: red-3, lost: 0}}  # if it is fought (Three: see the battle sheets)"""


def test_the_next_turn_s_worksheet_without_a_pending_battle_shows_the_battle_entry_to_copy(make_campaign):
    """With no battle left pending, the worksheet's battles: section is an example to copy, whole
    (seed 15's fresh draw: its attacker's ``army`` key written wrong went unnoticed)."""
    history, found = play(make_campaign, {1: ""})
    assert errors(found) == [], found
    text = "\n".join(render(history.campaign.ruleset.next_turn(history.campaign, history).slots))
    assert text.endswith("""
# battles: fought on the table: each army's elements lost, general_lost, camp_taken, cards.
# battles: [{at: PROVINCE, attacker: {army: ARMY, lost: 0}, defender: {army: ARMY, lost: 0}}]"""), text[-400:]


def test_the_next_turn_s_worksheet_asks_for_every_die_when_all_dice_are_recorded(make_campaign):
    """With `all_dice_recorded`, a die not written is an error, not drawn: the worksheet's dice are
    written out (not commented) with a blank for each clan's initiative die, and say so (it said
    "rolls not written are drawn" here too, found while testing the option's name: no test read the
    worksheet with the option set)."""
    history, found = play(make_campaign, {1: ""}, options="all_dice_recorded: true")
    assert errors(found) == [], found
    campaign = history.campaign
    text = "\n".join(render(campaign.ruleset.next_turn(campaign, history).slots))
    assert text.split("\n# moves: army")[0] == """title: ___  # a name for the turn

# The card each clan drew; leave a clan out to deal from the shuffled deck (from the seed).
# cards: {blue: CARD, red: CARD}

# Rolls made at the table (purpose -> army or clan -> d6); every die must be written: one not written is an error.
dice:
  initiative: {blue: ___, red: ___}  # every die must be written (all_dice_recorded)
"""
    for off in ("", "all_dice_recorded: false"):
        history, _ = play(make_campaign, {1: ""}, options=off)
        text = "\n".join(render(history.campaign.ruleset.next_turn(history.campaign, history).slots))
        assert "# Rolls made at the table (purpose -> army or clan -> d6); rolls not written are drawn. E.g. the order " \
               "of movement:\n# dice:\n#   initiative: {blue: ___, red: ___}\n" in text, off


def _marks(history, number: int):
    result = history.result(number)
    return history.campaign.ruleset.map_marks(history.campaign, result.before, result.after, result.record, result.events)


def test_the_map_marks_a_castle_shut_in_a_transfer_in_one_province_and_an_army_lost_on_the_way(make_campaign):
    """The turn's map: red-2 shuts itself in Two before blue-1 (a mark of the battle phase, on Two);
    red-1 sends elements to red-3 standing in the same province (one province, no arrow); blue-2,
    caught by a storm crossing from Eleven to Twelve, whose d6 of 6 costs all its 2 elements (the
    map and the sentence say 2, not 6), is marked as destroyed on the way."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, {at: 1, elements: 6}]"
    blue = "provinces: [4, 5, 6, 7, 8, 11]\n    capital: 8\n    fortress: 7\n    armies: [4, {at: 11, elements: 2}, 8]"
    history, found = play(make_campaign, {1: """
        moves: {blue-1: [3, 2], blue-2: [12]}
        responses: {red-2: fortress}
        transfers: [{from: red-1, to: red-3, elements: 2}]
        dice: {storm: {blue-2: [1, 6]}, supply: {blue-1: 1}}
        """}, red=red, blue=blue)
    assert errors(found) == [], found
    marks = _marks(history, 1)
    shut = next(o for o in marks.orders if o.kind == "defend")
    assert (shut.army, shut.path, shut.phase, shut.name) == ("red-2", ("p2",), "battle", "Shut in the castle")
    transfer = next(o for o in marks.orders if o.kind == "transfer")
    assert (transfer.army, transfer.path, transfer.player) == ("red-1", ("p1",), "red")
    (storm,) = events_of(history, 1, "StormAtSea")
    assert (storm.roll, storm.lost, [d.value for d in storm.dice]) == (1, 2, [1, 6])
    lost = next(o for o in marks.orders if o.army == "blue-2")
    assert (lost.path, lost.outcome) == (("p11", "p12"), Outcome.FAILED)
    assert lost.title == "Blue: blue-2 Eleven → Twelve — destroyed on the way (storm at sea, 2 elements lost)"
    # every mark of the turn whole: the castle shut in succeeded (found by mutation testing: its outcome
    # was read by no test), the siege laid, the transfer, both moves, and the siege roll's contest
    mark = dict(count=1, legs=[])
    assert [o.to_json() for o in marks.orders] == [
        {"kind": "transfer", "player": "red", "path": ["p1"], "outcome": "succeeded",
         "title": "Red: red-1 sends 2 elements to red-3", "name": "Transfer", "army": "red-1", "phase": "movement",
         "event": 3, **mark},
        {"kind": "move", "player": "blue", "path": ["p4", "p3", "p2"], "outcome": "succeeded",
         "title": "Blue: blue-1 Four → Three → Two — arrived", "name": "Move", "army": "blue-1", "phase": "movement",
         "event": 4, **mark, "legs": ["", ""]},
        {"kind": "move", "player": "blue", "path": ["p11", "p12"], "outcome": "failed",
         "title": "Blue: blue-2 Eleven → Twelve — destroyed on the way (storm at sea, 2 elements lost)", "name": "Sea move",
         "army": "blue-2", "phase": "movement", "event": 5, **mark, "legs": ["sea"]},
        {"kind": "defend", "player": "red", "path": ["p2"], "outcome": "succeeded",
         "title": "Red: red-2 shuts itself in the castle of Two before blue-1", "name": "Shut in the castle",
         "army": "red-2", "phase": "battle", "event": 8, **mark},
        {"kind": "siege", "player": "blue", "path": ["p2"], "outcome": "succeeded",
         "title": "Blue: blue-1 lays siege to the castle of Two (red-2 inside) — the castle held this month",
         "name": "Besiege", "army": "blue-1", "phase": "siege", "event": 9, **mark}]
    assert [(c.kind, c.province, c.players, c.outcome, c.title, c.winner, c.event) for c in marks.contests] == [
        ("siege", "p2", ("blue", "red"), Outcome.FAILED, "Siege of Two: blue-1 rolled 3 (needed 6), failed; 1 element lost",
         "red", 10)]


def test_the_state_json_gives_each_army_s_clan(make_campaign):
    history, _ = play(make_campaign, {})
    campaign = history.campaign
    armies = campaign.ruleset.to_json(campaign, history.final)["armies"]
    assert armies["red-1"] == {"clan": "red", "province": "p1", "strength": 12, "besieged": False, "retreated": False,
                               "elements_at_most": None, "general_lost": None}


def test_the_standings_of_the_game_s_last_turn_whole(make_campaign):
    """Seed: "After the second deck of event cards has been dealt, the last turn is played and all
    prestige points awarded. The player with the highest total is declared the winner." With one
    deck of one card (`decks: 1`), Red draws it, Blue draws nothing: the turn is the last; Red, one
    point ahead (Blue's umpire's penalty), is the winner. Every column, the note and the sort key."""
    history, found = play(make_campaign, {1: "diplomacy: {penalties: [{clan: blue, prestige: -1, reason: late}]}\n"},
                          options="deck: {forage: 1}\n  decks: 1")
    assert errors(found) == [], found
    assert history.final.game_over and history.final.winner == "red"
    campaign = history.campaign
    table = campaign.ruleset.standings(campaign, history.final)
    assert (table.columns, table.rows, table.notes, table.key) == (
        ("Provinces", "Prestige", "Armies", "Elements", "Cards", "Status"),
        (("red", (3, 13, 3, 36, 1, "winner")), ("blue", (3, 12, 3, 36, 0, ""))),
        ("March 1560 (spring); deck 1, 0 cards left.",), ("Prestige", "Status"))


def test_the_standings_note_counts_the_cards_left_in_the_singular_and_the_plural(make_campaign):
    """The standings' note names the deck dealt from and the cards left in it: one card is "1 card
    left", two "2 cards left" (both players draw a card in turn 1: a deck of 3 leaves 1, of 4 leaves
    2; a deck of 2 is used up, and the second deck of 2 is dealt)."""
    for size, note in ((3, "March 1560 (spring); deck 1, 1 card left."), (4, "March 1560 (spring); deck 1, 2 cards left."),
                       (2, "March 1560 (spring); deck 2, 2 cards left.")):
        history, found = play(make_campaign, {1: ""}, options=f"deck: {{forage: {size}}}")
        assert errors(found) == [], found
        campaign = history.campaign
        assert campaign.ruleset.standings(campaign, history.final).notes == (note,), size


def test_the_battle_sheet_of_a_siege_whole(make_campaign):
    """A siege left by the turn: red-2 shut itself in its fortress Two before blue-1. The sheet gives
    the BUA (the fortress), the besieger setting the terrain, each side's elements and breaking
    point, and the relief battle's note word for word (seed, "Relief battles")."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2]"
    blue = "provinces: [4, 5, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [4, 5, 8]"
    history, found = play(make_campaign, {1: "moves: {blue-1: [3, 2]}\nresponses: {red-2: fortress}\ndice: {supply: {blue-1: 1}}\n"},
                          red=red, blue=blue)
    assert errors(found) == [], found
    campaign = history.campaign
    (sheet,) = campaign.ruleset.battle_sheets(campaign, history.final)
    assert (sheet.province, sheet.terrain, sheet.river_possible, sheet.bua, sheet.terrain_set_by) == (
        "p2", "grassland", False, "fortress", "blue-1 (unless the other side plays Excellent Reconnaissance)")
    assert [(s.army, s.clan, s.elements, s.breaking_point, s.role) for s in sheet.sides] == [
        ("red-2", "red", 12, 4, "besieged"), ("blue-1", "blue", 11, 4, "besieger")]
    assert sheet.notes == (
        "Relief battle rules if an army comes to raise the siege: both armies have a camp; the relieving army may garrison "
        "the BUA, whose loss counts as one element; the besieger sets the terrain and the BUA stands on a neutral side "
        "halfway between the armies.",)


def test_the_battle_sheet_of_a_meeting_in_a_province_of_no_clan(make_campaign):
    """red-3 enters Four (no clan's), blue-1 follows it there and no battle is entered: the meeting
    is left on the map, and its sheet has each army once. The position does not say which of the
    two came first, so the sheet's defender (who sets the terrain) is the first army by id, blue-1,
    and its enemy attacks (docs/rules/sengoku.md, "Battle sheets"); the players swap the sides on
    the table if the other army was there first."""
    history, found = play(make_campaign, {1: "moves: {red-3: [4], blue-1: [5, 4]}\ndice: {supply: {blue-1: 1}}\n"})
    assert [p.split(" [")[0] for p in errors(found)] == [
        "content/turns/001.yaml:1:21: error: blue-1 (blue) and red-3 (red) are both in the field at Four after the battle phase"]
    campaign = history.campaign
    (sheet,) = campaign.ruleset.battle_sheets(campaign, history.final)
    assert (sheet.province, sheet.bua, sheet.terrain_set_by, sheet.notes) == (
        "p4", None, "blue-1 (unless the other side plays Excellent Reconnaissance)", ())
    assert [(s.army, s.clan, s.elements, s.breaking_point, s.role) for s in sheet.sides] == [
        ("blue-1", "blue", 12, 4, "defender"), ("red-3", "red", 12, 4, "attacker")]


def test_the_map_marks_a_refused_battle_from_where_to_where(make_campaign):
    """An army that refuses battle is drawn as a retreat, its title naming both provinces (seed 15's
    fresh draw: the destination's name went unread)."""
    history, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: {retreat: 2}}\n"})
    assert errors(found) == [], found
    retreats = [(m.kind, m.path, m.title, m.name) for m in _marks(history, 1).orders if m.army == "red-3"]
    assert retreats == [("retreat", ("p3", "p2"), "Red: red-3 refuses battle with blue-1 and withdraws from Three to Two",
                         "Refuse battle")]


def test_the_map_s_summary_whole_during_a_siege(make_campaign):
    """What every page and chart reads of a Sengoku state, whole: turn 2 of the siege of Two (Red's
    capital One held; Blue's Eight). Owners and capitals, the prestige of the played clans (a neutral
    one keeps none: Green's is left out), the castles and Kyoto marked, each army a counter of its
    elements, red-2's "besieged", the date, and the counters' legend."""
    from chronicle.rules import Piece
    from chronicle.rules.sengoku import COUNTERS, ELEMENTS
    from .test_sengoku_battles import SIEGE_OF_TWO, SIEGE_RED
    extra = "  - id: green\n    neutral: true\n    provinces: [10, 11]\n    capital: 11\n    armies: [10]"
    history, found = play(make_campaign, dict(SIEGE_OF_TWO), red=SIEGE_RED, extra_players=extra)
    assert errors(found) == [], found
    summary = history.campaign.ruleset.summary(history.campaign, history.final)
    assert (summary.turn, summary.score_name, summary.winner, summary.calendar) == (2, "Prestige", None, "May 1560")
    assert dict(summary.owners) == dict(history.final.owners)
    assert dict(summary.capitals) == {"red": "p1", "blue": "p8", "green": "p11"}
    assert dict(summary.scores) == {"red": 16, "blue": 16}
    assert dict(summary.marks) == {"p1": ("capital",), "p2": ("fortress",), "p7": ("fortress",), "p8": ("capital",),
                                   "p11": ("capital",), "p9": ("kyoto",)}
    assert summary.pieces == (
        Piece("p2", "blue", "blue-1", 11, None, unit=ELEMENTS), Piece("p7", "blue", "blue-2", 12, None, unit=ELEMENTS),
        Piece("p8", "blue", "blue-3", 12, None, unit=ELEMENTS), Piece("p10", "green", "green-1", 12, None, unit=ELEMENTS),
        Piece("p1", "red", "red-1", 12, None, unit=ELEMENTS), Piece("p2", "red", "red-2", 12, "besieged", unit=ELEMENTS))
    assert summary.piece_legend == COUNTERS


def test_the_next_turn_s_worksheet_lists_the_players_armies_only_and_says_which_is_shut_in(make_campaign):
    """`chronicle next` during the siege of Two: the players' armies clan by clan (a neutral clan's
    army is the umpire's to move, so Green's is not listed, nor Green among the cards and dice),
    red-2 said to be shut in its castle."""
    from .test_sengoku_battles import SIEGE_OF_TWO, SIEGE_RED
    extra = "  - id: green\n    neutral: true\n    provinces: [10, 11]\n    capital: 11\n    armies: [10]"
    history, found = play(make_campaign, dict(SIEGE_OF_TWO), red=SIEGE_RED, extra_players=extra)
    assert errors(found) == [], found
    campaign = history.campaign
    text = "\n".join(render(campaign.ruleset.next_turn(campaign, history).slots))
    assert "# cards: {blue: CARD, red: CARD}" in text and "#   initiative: {blue: ___, red: ___}" in text
    moves = [line for line in text.splitlines() if line.startswith("#   ") and "; up to" in line]
    assert moves == [
        "#   blue-1: [___]  # blue, at Two, 11 elements; up to 3 provinces",
        "#   blue-2: [___]  # blue, at Seven, 12 elements; up to 3 provinces",
        "#   blue-3: [___]  # blue, at Eight, 12 elements; up to 3 provinces",
        "#   red-1: [___]  # red, at One, 12 elements; up to 3 provinces",
        "#   red-2: [___]  # red, at Two, 12 elements, shut in its castle; up to 3 provinces"]
