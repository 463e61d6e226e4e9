"""What the administrator writes and reads: the state JSON, dice recorded or drawn, cards by name
and hidden until played, retreats, and errors that name their cause once.

These come from a docs-only administrator's report (docs/rules/sengoku.md, "Readings from a
new administrator's report"); each test names the reading it checks.
"""

from __future__ import annotations

import json

import pytest

from chronicle.dice import DiceBox
from chronicle.history import replay_folder

from .helpers import army, errors, events_of, play
from .invariants import check_history

TWO = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 1]"     # Three empty: red-3 at One
SIEGE_TURNS = {1: "moves: {blue-1: [5, 4, 3]}\ndice: {supply: {blue-1: 1}}\n",
               2: "moves: {blue-1: [2]}\nresponses: {red-2: fortress}\ndice: {siege: {blue-1: %s}, supply: {blue-1: 1}}\n"}


def siege_turns(dice: str) -> dict:
    return {1: SIEGE_TURNS[1], 2: SIEGE_TURNS[2] % dice}


def warnings(found):
    return [p for p in found if ": warning:" in p]


# ---- 1. the state JSON ------------------------------------------------------------------------

def test_state_json_has_every_ruleset_s_keys_and_the_played_clans_as_players(make_campaign):
    """Issue 2: every ruleset's JSON holds turn, ruleset, provinces {ID: {owner}}, players {ID:
    {provinces, capital}}, winner. Sengoku's players are the played clans (a neutral one is only
    under clans), with name, colour, provinces, the capital (null once lost) and prestige."""
    extra = "  - id: green\n    neutral: true\n    provinces: [10, 11]\n    capital: 11\n    armies: [10]"
    history, found = play(make_campaign, {1: "title: quiet\n"}, extra_players=extra)
    assert errors(found) == []
    campaign = history.campaign
    data = json.loads(json.dumps(campaign.ruleset.to_json(campaign, history.final, history.result(1).events)))
    assert {"turn", "ruleset", "provinces", "players", "winner"} <= set(data)
    assert data["provinces"]["p1"] == {"owner": "red", "castle": "capital"}
    assert set(data["players"]) == {"red", "blue"} and set(data["clans"]) == {"red", "blue", "green"}
    red = data["players"]["red"]
    assert (red["name"], red["provinces"], red["capital"], red["prestige"], red["status"]) == ("Red", 3, "p1", 13, "in")
    assert red["colour"].startswith("#") and red["armies"] == ["red-1", "red-2", "red-3"] and red["cards"] == 1
    assert data["winner"] is None and data["clans"]["green"]["neutral"] is True


def test_state_json_player_capital_is_null_once_the_capital_is_lost(make_campaign):
    """Blue's capital Four falls to a siege (a 6 against an army inside): players.blue.capital is
    null, clans.blue.capital still names the home capital (retreats go towards it)."""
    history, found = play(make_campaign, {
        1: "moves: {red-3: [4]}\nresponses: {blue-1: fortress}\ndice: {siege: {red-3: 6}}\n"},
        blue="provinces: [4, 6]\n    capital: 4\n    armies: [4]")
    campaign = history.campaign
    data = campaign.ruleset.to_json(campaign, history.final, history.result(1).events)
    assert history.final.owners["p4"] == "red"
    assert data["players"]["blue"]["capital"] is None and data["clans"]["blue"]["capital"] == "p4"


# ---- 2. every die says whether it was recorded or drawn ------------------------------------

def test_every_die_says_whether_it_was_recorded_or_drawn(make_campaign):
    """Like Pitac's ``recorded: true/false``: each die in an event's ``dice`` and in the JSON's
    ``dice`` list. Turn 2: blue-1's siege die is written (4), its supply die is not (drawn)."""
    history, found = play(make_campaign, {1: SIEGE_TURNS[1],
                                          2: "moves: {blue-1: [2]}\nresponses: {red-2: fortress}\ndice: {siege: {blue-1: 4}}\n"},
                          red=TWO)
    assert errors(found) == []
    (siege,) = events_of(history, 2, "SiegeRoll")
    assert [(d.purpose, d.subject, d.index, d.value, d.recorded) for d in siege.dice] == [("siege", "blue-1", 0, 4, True)]
    (supply,) = events_of(history, 2, "SupplyRoll")
    assert [(d.purpose, d.recorded) for d in supply.dice] == [("supply", False)]
    campaign = history.campaign
    data = campaign.ruleset.to_json(campaign, history.final, history.result(2).events)
    rows = {(d["purpose"], d["subject"]): d for d in data["dice"]}
    assert rows[("siege", "blue-1")]["recorded"] is True and rows[("supply", "blue-1")]["recorded"] is False
    assert rows[("initiative", "red")]["recorded"] is False and rows[("initiative", "red")]["kind"] == "movement-order"
    assert data["events"][rows[("siege", "blue-1")]["event"]]["kind"] == "siege-roll"
    assert [d["recorded"] for d in data["events"][rows[("siege", "blue-1")]["event"]]["dice"]] == [True]


def test_cards_drawn_say_whether_they_were_written_or_dealt(make_campaign):
    history, _ = play(make_campaign, {1: "cards: {red: forage}\n"})
    drawn = {e.clan: e.recorded for e in events_of(history, 1, "CardDrawn")}
    assert drawn == {"red": True, "blue": False}


# ---- 3. recorded dice are checked ----------------------------------------------------------

def test_extra_dice_are_errors(make_campaign):
    """One siege roll a turn: ``siege: [3, 4]`` writes a die too many; fair weather (a 4) rolls no
    loss die: ``storm: [4, 2]`` too."""
    _, found = play(make_campaign, {1: "moves: {red-1: [10]}\ndice: {storm: {red-1: [4, 2]}}\n"})
    assert any("001.yaml:2:27: error: 2 storm dice are written for red-1, but the roll took 1 [dice]" in p
               and "only a storm (a 1) rolls a second d6" in p for p in found), found
    _, found = play(make_campaign, siege_turns("[3, 4]"), red=TWO)
    assert any("002.yaml:3:28: error: 2 siege dice are written for blue-1, but the roll took 1 [dice]" in p
               and "a siege rolls one d6 a turn" in p for p in found), found


def test_a_roll_written_but_never_made_is_an_error(make_campaign):
    """As in Pitac: a die for a roll no one made is an error, with the rolls that were made."""
    _, found = play(make_campaign, {1: "moves: {red-1: [10]}\ndice: {storm: {red-2: 3}}\n"})
    assert any("001.yaml:2:16: error: a storm roll is written for red-2, but no such roll was made this turn [dice]" in p
               and "did you mean 'red-1'?" in p for p in found), found


def test_a_storm_loss_die_missing_is_an_error_not_a_silent_draw(make_campaign):
    """A storm die of 1 written without the loss die: an error (the loss die is drawn only so that
    the replay goes on, and said to be drawn)."""
    history, found = play(make_campaign, {1: "moves: {red-1: [10]}\ndice: {storm: {red-1: 1}}\n"})
    assert any("001.yaml:2:23: error: red-1 met a storm (d6 1) crossing from One to Ten, but the d6 of elements "
               "lost is not written [dice]" in p and "write storm: {red-1: [1, N]}" in p for p in found), found
    (storm,) = events_of(history, 1, "StormAtSea")
    assert [d.recorded for d in storm.dice] == [True, False]


def test_an_initiative_tie_written_without_its_re_roll_is_one_error(make_campaign):
    """Red and blue both write a 4 and no re-roll: the tie cannot be settled from the file. One
    error (the second clan's missing re-roll is the same cause)."""
    _, found = play(make_campaign, {1: "title: one\n", 2: "dice: {initiative: {red: 4, blue: 4}}\n"})
    assert found == [
        "content/turns/002.yaml:1:35: error: blue tied for first with red on 4, but its re-roll is not written [dice]\n"
        "    hint: the tied players roll again: write initiative: {blue: [4, N]} (and the others' re-rolls)",
        "content/turns/002.yaml:1:26: warning: 1 more problem about blue, red not reported: it follows from an earlier error "
        "(turn 2: blue tied for first with red on 4, but its re-roll is not written) [consequences of an earlier error]\n"
        "    hint: fix that error first, then check again; not reported: red tied for first with blue on 4, but its re-roll "
        "is not written"], found
    _, found = play(make_campaign, {1: "title: one\n", 2: "dice: {initiative: {red: [4, 2], blue: [4, 5]}}\n"})
    assert errors(found) == []


def test_an_unknown_dice_purpose_is_an_error_with_did_you_mean(make_campaign):
    _, found = play(make_campaign, {**siege_turns("5"), 3: "dice: {sige: {blue-1: 3}}\n"}, red=TWO)
    assert any("003.yaml:1:8: error: unknown key 'sige'" in p and "did you mean 'siege'?" in p for p in found), found
    assert not warnings(found)


def test_one_bad_die_gives_one_error(make_campaign):
    """A 7 on a d6: the turn schema's error only (the parser used to add its own)."""
    _, found = play(make_campaign, siege_turns("7"), red=TWO)
    assert [p.splitlines()[0] for p in errors(found)] == \
        ["content/turns/002.yaml:3:24: error: dice/siege/blue-1: 7 is out of range: it must be from 1 to 6 [file format]"], found


# ---- 4. card names --------------------------------------------------------------------------

def test_an_unknown_card_name_is_an_error_and_no_card_is_dealt_in_its_place(make_campaign):
    history, found = play(make_campaign, {1: "cards: {red: portugese_trader}\n"})
    assert any("001.yaml:1:14: error: red drew 'portugese_trader', which is not a card of the deck [event cards]" in p
               and "did you mean 'portuguese_trader'? No card is dealt in its place." in p for p in found), found
    assert [e.clan for e in events_of(history, 1, "CardDrawn")] == ["blue"]
    assert history.final.clans["red"].hand == ()
    _, found = play(make_campaign, {1: "play: {portugese_trader: red-1}\n"})
    assert any("001.yaml:1:8: error: unknown card 'portugese_trader' [event cards]" in p
               and "did you mean 'portuguese_trader'?" in p for p in found), found


def test_a_card_is_named_as_printed_with_spaces_or_hyphens(make_campaign):
    """A card is written as its title reads: "Portuguese Trader" and "Bitter-Enders" are the deck's
    portuguese_trader and bitter_enders, drawn without an error."""
    history, found = play(make_campaign, {1: "cards: {red: Portuguese Trader, blue: Bitter-Enders}\n"})
    assert errors(found) == [], found
    assert [(e.clan, e.card) for e in events_of(history, 1, "CardDrawn")] == [("red", "portuguese_trader"),
                                                                              ("blue", "bitter_enders")]


def test_a_card_not_left_in_the_deck_is_a_different_error(make_campaign):
    history, found = play(make_campaign, {1: "cards: {red: marriage, blue: marriage}\n", 2: "cards: {red: marriage}\n"},
                          options="deck: {marriage: 2, forage: 5}")
    assert any("002.yaml:1:14: error: red drew 'marriage', which is not left in deck 1 [event cards]" in p
               and "cards left: forage. No card is dealt in its place." in p for p in found), found
    assert history.final.clans["red"].hand == ("marriage",)


def test_a_draw_refused_leaves_the_clan_s_next_draw_of_the_turn(make_campaign):
    """With two cards drawn a turn (cards_drawn: 2), a first draw refused, either not left in the
    deck (Red drew the one Forage first) or not a card of the deck, deals nothing in its place but
    does not stop the next draw written: Blue still draws its Spy."""
    for first, problem in (("forage", "blue drew 'forage', which is not left in deck 1 [event cards]\n"
                                      "    hint: cards left: spy. No card is dealt in its place."),
                           ("forag", "blue drew 'forag', which is not a card of the deck [event cards]\n"
                                     "    hint: did you mean 'forage'? No card is dealt in its place.")):
        history, found = play(make_campaign, {1: f"cards: {{red: [forage, spy], blue: [{first}, spy]}}\n"},
                              options="deck: {forage: 1, spy: 4}\n  cards_drawn: 2")
        assert errors(found) == ["content/turns/001.yaml:1:36: error: " + problem], found
        assert history.final.clans["blue"].hand == ("spy",) and history.final.clans["red"].hand == ("forage", "spy")


def test_a_deck_running_out_at_a_draw_not_written_is_no_error(make_campaign):
    """Two cards drawn a turn from a deck of 3: Red draws two, Blue one (written) and then the deck
    is empty: Blue's second card, which the file does not write, is simply not dealt (no error; the
    deck's end names Blue as undealt). Written, it is an error at Blue's cards."""
    history, found = play(make_campaign, {1: "cards: {red: [forage, forage], blue: [forage]}\n"},
                          options="deck: {forage: 3}\n  cards_drawn: 2")
    assert errors(found) == [], found
    assert [(e.deck, e.undealt, e.last) for e in events_of(history, 1, "DeckEmpty")] == [(1, ("blue",), False)]
    assert [(e.clan, e.card) for e in events_of(history, 1, "CardDrawn")] == [("red", "forage"), ("red", "forage"),
                                                                               ("blue", "forage")]
    _, found = play(make_campaign, {1: "cards: {red: [forage, forage], blue: [forage, forage]}\n"},
                    options="deck: {forage: 3}\n  cards_drawn: 2")
    assert errors(found) == ["content/turns/001.yaml:1:38: error: blue cannot draw 'forage': deck 1 is empty [event cards]\n"
                             "    hint: after the last card the turn is played out without further draws"], found


def test_a_neutral_clan_s_draw_written_is_an_error_at_its_key(make_campaign):
    """A neutral clan draws no card: a draw written for it is one error, at the clan's key, with
    its rule and hint whole; the deck is not touched for it."""
    history, found = play(make_campaign, {1: "cards: {red: forage, blue: spy}\n"},
                          blue="provinces: [5, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]\n    neutral: true")
    assert errors(found) == ["content/turns/001.yaml:1:22: error: blue does not draw: it is neutral [event cards]\n"
                             "    hint: remove blue from cards:; only the clans still playing draw"], found
    assert [(e.clan, e.card) for e in events_of(history, 1, "CardDrawn")] == [("red", "forage")]
    assert history.final.clans["blue"].hand == ()


def test_a_battle_entry_that_cannot_be_read_is_one_error(make_campaign):
    """A battle written for blue-1 and red-3 at Three that cannot be read (a side without its army,
    a Big Battle side with a number for an army, a province no map has) is one error, the file's or
    the province's: the meeting it was written to settle is a consequence, counted in the warning,
    not a second error (it said "enter their battle under battles:" of a battle entered). Nothing
    is fought."""
    for battle, error in (
            ("{at: 3, attacker: {lost: 4}, defender: {army: red-3, lost: 1}}",
             "content/turns/001.yaml:4:23: error: 'army' is required [file format]"),
            ("{at: 3, attacker: {army: blue-1, lost: 4}, defender: [{army: red-3, lost: 1}, 3]}",
             "content/turns/001.yaml:4:83: error: battles/0/defender/1: expected a mapping of keys (key: value lines), "
             "got 3 [file format]"),
            ("{at: 33, attacker: {army: blue-1, lost: 4}, defender: {army: red-3, lost: 1}}",
             "content/turns/001.yaml:4:10: error: no province is numbered 33 [province]\n"
             "    hint: numbers come from the map's 'number:' fields")):
        history, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: battle}\nbattles:\n  - "
                                                 + battle + "\n"})
        assert errors(found) == [error], found
        assert [p.split("\n")[0].split(" (turn 1")[0] for p in found if ": warning:" in p] == [
            "content/turns/001.yaml:2:20: warning: 1 more problem about blue-1, red-3 not reported: it follows from an "
            "earlier error"], found
        assert history.turns[0].record.battles == () and events_of(history, 1, "BattleFought") == []


def test_an_unknown_clan_in_diplomacy_is_one_error_at_the_clan_written(make_campaign):
    """Each clan written wrong in a diplomacy entry (a broken alliance's `by:` or `with:`, a
    cession's `from:` or `to:`, a ninja's `by:` or `target:`, a penalty's `clan:`) is one error
    placed at that clan, with a did-you-mean; the entry is dropped, nothing follows from it."""
    history, found = play(make_campaign, {1: """
diplomacy:
  broken_alliances: [{by: red, with: bleu}, {by: rd, with: blue}]
  cessions: [{from: red, to: bleu, provinces: [3]}, {from: rd, to: blue, provinces: [3]}]
  ninja: [{by: blue, target: rd}, {by: bleu, target: red}]
  penalties: [{clan: bleu, prestige: -1}]
"""})
    red, blue = "error: unknown clan 'rd' [clan]\n    hint: did you mean 'red'?", \
        "error: unknown clan 'bleu' [clan]\n    hint: did you mean 'blue'?"
    assert found == [f"content/turns/001.yaml:{place}: {error}" for place, error in (
        ("2:38", blue), ("2:50", red), ("3:30", blue), ("3:60", red), ("4:30", red), ("4:40", blue), ("5:22", blue))]
    assert history.turns[0].record.diplomacy.breaks == () and history.turns[0].record.diplomacy.ninja == ()
    assert history.final.owners["p3"] == "red" and events_of(history, 1, "Penalty") == []


def test_a_battle_card_under_play_is_an_error_at_the_card_and_an_unneeded_forage_a_consequence(make_campaign):
    """`play:` takes Forage and the Portuguese trader: a battle card there is one error at the
    card's own key. A Forage played for red-3 when nothing needed it is a warning; when red-3's
    move was refused (an error, putting red-3 in doubt), what the Forage was for is unknown, so the
    warning is a consequence of that error, counted and not reported on its own."""
    _, found = play(make_campaign, {1: "play: {bitter_enders: red-1}\n"})
    assert found == ["content/turns/001.yaml:1:8: error: 'bitter_enders' is not played outside battle [event cards]\n"
                     "    hint: play: takes forage and portuguese_trader; battle cards go in the battle's cards:"]
    _, found = play(make_campaign, {1: "cards: {red: forage}\nplay: {forage: red-3}\n"})
    assert found == ["content/turns/001.yaml:2:16: warning: a Forage card is played for red-3, but nothing needed it this "
                     "turn [Forage]\n    hint: Forage spares a siege loss, an unsupplied turn, or 1 element of a winter march"]
    _, found = play(make_campaign, {1: "cards: {red: forage}\nmoves: {red-3: [5]}\nplay: {forage: red-3}\n"})
    assert [p.split(" [")[0] for p in found] == [
        "content/turns/001.yaml:2:17: error: red-3 cannot go from Three to Five: they share no border",
        "content/turns/001.yaml:3:16: warning: 1 more problem about red-3 not reported: it follows from an earlier error "
        "(turn 1: red-3 cannot go from Three to Five: they share no border)"], found
    assert found[1].endswith("not reported: a Forage card is played for red-3, but nothing needed it this turn")


# ---- 5. hidden cards ------------------------------------------------------------------------

def test_tactical_cards_are_named_only_when_played(make_campaign):
    """Seed: "The tactical cards are not revealed to other players until played." The public forms
    (describe, to_json, what the site and state.json give) say red drew a card; the Marriage card
    (an event card) is named when drawn; a card played is named; the administrator's forms
    (describe_private, to_json(private=True)) name everything."""
    history, found = play(make_campaign, {
        1: "cards: {red: bitter_enders, blue: marriage}\n",
        2: "cards: {red: forage, blue: spy}\n" + "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: battle}\n"
           "battles:\n  - {at: 3, attacker: {army: blue-1, lost: 2}, defender: {army: red-3, lost: 5, cards: [bitter_enders]}}\n"})
    assert errors(found) == []
    campaign, name = history.campaign, history.campaign.name_of
    red, blue = [e for e in events_of(history, 1, "CardDrawn")]
    assert red.hidden and red.describe(name) == "Red drew a card from deck 1" and "Bitter" in red.describe_private(name)
    assert not blue.hidden and "Marriage" in blue.describe(name)
    for turn in (1, 2):
        public = campaign.ruleset.to_json(campaign, history.state_after(turn), history.result(turn).events)
        text = json.dumps(public)
        assert "forage" not in text and '"spy"' not in text and "spy" not in text.lower().replace("spy card", "")
        drawn = {e["clan"]: (e["card"], e["hidden"]) for e in public["events"] if e["kind"] == "card-drawn"}
        assert drawn == ({"red": (None, True), "blue": ("marriage", False)} if turn == 1 else
                         {"red": (None, True), "blue": (None, True)})
        assert "hand" not in public["clans"]["red"]
    public = campaign.ruleset.to_json(campaign, history.state_after(1), history.result(1).events)
    assert "bitter" not in json.dumps(public).lower()
    played = [e for e in events_of(history, 2, "CardPlayed")]
    assert [(e.clan, e.card) for e in played] == [("red", "bitter_enders")] and "Bitter Enders" in played[0].describe(name)
    private = campaign.ruleset.to_json(campaign, history.final, history.result(2).events, private=True)
    assert {e["clan"]: e["card"] for e in private["events"] if e["kind"] == "card-drawn"} == {"red": "forage", "blue": "spy"}
    assert private["clans"]["red"]["hand"] == ["forage"] and private["clans"]["blue"]["hand"] == ["marriage", "spy"]


def test_event_cards_option_names_the_cards_shown_when_drawn(make_campaign):
    history, _ = play(make_campaign, {1: "cards: {red: forage, blue: spy}\n"}, options="event_cards: [marriage, forage]")
    assert {e.clan: e.hidden for e in events_of(history, 1, "CardDrawn")} == {"red": False, "blue": True}


# ---- 6. retreats ----------------------------------------------------------------------------

DIAMOND = """
title: Retreat test
ruleset: sengoku
seed: 3
players:
  - id: red
    provinces: [c, a, x]
    capital: c
    fortress: a
    armies: [c, a, x]           # red-1 at c, red-2 at a, red-3 at x
    start_card: K
  - id: blue
    provinces: [b, y, z]
    capital: z
    fortress: y
    armies: [z, y, y]           # blue-1 at z, blue-2 and blue-3 at y
    start_card: "5"
options:
  deck: {forage: 10}
map:
  name: Diamond
  provinces:
    c: {name: Capital, at: [0, 0]}
    a: {name: Aye, at: [-1, 1]}
    b: {name: Bee, at: [1, 1]}
    x: {name: Cross, at: [0, 2]}
    y: {name: Wye, at: [0, 3]}
    z: {name: Zed, at: [0, 4]}
  links: [[c, a], [c, b], [a, x], [b, x], [x, y], [y, z]]
"""
#   Capital (red) - Aye (red) and Bee (blue), both one from the capital - Cross (red) - Wye - Zed


def diamond(make_campaign, turns, root=None):
    root = make_campaign(DIAMOND, turns, root=root)
    history, problems = replay_folder(root)
    assert history is not None, [p.format() for p in problems]
    check_history(history)
    return history, [p.format() for p in history.problems]


BEATEN = """
moves: {{blue-2: [x]}}
responses: {{red-3: battle}}
battles:
  - {{at: x, attacker: {{army: blue-2, lost: 1}}, defender: {{army: red-3, lost: 4{retreat}}}}}
"""


def test_a_beaten_army_retreats_into_its_own_land_first_unless_retreat_is_written(make_campaign):
    """Seed: "The loser of the battle must retreat to the next province towards its own capital."
    From Cross, Aye (red) and Bee (blue, empty) are both one from the capital. Not written: Aye,
    own land first (the event says why); written: Bee is allowed, for the seed names only the
    ocean and enemy armies as what blocks a retreat."""
    history, found = diamond(make_campaign, {1: BEATEN.format(retreat="")})
    assert errors(found) == []
    (retreat,) = events_of(history, 1, "ArmyRetreated")
    assert (retreat.to, retreat.how) == ("a", "retreat: not written; of Aye, Bee, the first by the rule's order")
    history, found = diamond(make_campaign, {1: BEATEN.format(retreat=", retreat: b")})
    assert errors(found) == []
    (retreat,) = events_of(history, 1, "ArmyRetreated")
    assert (retreat.to, retreat.how) == ("b", "as written")


def test_a_retreating_army_never_conquers_the_province_it_retreats_into(make_campaign, tmp_path):
    """Beaten, red-3 retreats into blue's empty Bee (next to red's Capital): Bee stays blue's. The
    same for an army refusing battle (the seed: "refuse battle and retreat out of the province").
    The next turn, still standing there alone, it takes it."""
    history, found = diamond(make_campaign, {1: BEATEN.format(retreat=", retreat: b"), 2: "title: two\n"})
    assert errors(found) == []
    assert history.state_after(1).owners["b"] == "blue" and army(history, "red-3", 1).province == "b"
    assert not [e for e in events_of(history, 1, "ProvinceConquered") if e.province == "b"]
    assert history.state_after(2).owners["b"] == "red"
    history, found = diamond(make_campaign, {1: "moves: {blue-2: [x]}\nresponses: {red-3: {retreat: b}}\n"},
                             root=tmp_path / "refused")
    assert errors(found) == []
    assert events_of(history, 1, "BattleRefused") and history.final.owners["b"] == "blue"


# ---- 7. documented readings ------------------------------------------------------------------

ISLAND_RED = ("provinces: [1, 2, 3, 4, 5, 10, 11, 12]\n    capital: 1\n    fortress: 2\n"
              "    armies: [1, {at: 12, elements: 5}]")


def test_spring_armies_take_the_clan_s_next_number_and_an_island_army_cannot_winter(make_campaign):
    """red-2 stands on Twelve, an island joined to the rest only by a sea route: in January no
    winter quarters can be reached by land, so it is destroyed (no -2: the table's "army destroyed
    in siege/retreat movement" is not winter). In March 8 provinces give 2 armies: the new one is
    red-3 (the next number), never red-2 again."""
    turns = {n: "title: quiet\n" for n in range(1, 8)}
    history, found = play(make_campaign, turns, red=ISLAND_RED)
    assert errors(found) == []
    (destroyed,) = [e for e in events_of(history, 6, "ArmyDestroyed") if e.army == "red-2"]
    assert destroyed.reason == "no winter quarters can be reached"
    assert not [e for e in events_of(history, 6, "PrestigeAwarded") if e.reason == "army_destroyed"]
    assert [(e.army, e.province) for e in events_of(history, 7, "ArmyRaised") if e.clan == "red"] == [("red-3", "p1")]


def test_winter_distance_is_by_land_to_the_nearest_quarters_with_room_through_enemy_land(make_campaign):
    """red-3 winters in Five, beyond blue's Four. Two's fortress is full (red-2), One (the capital,
    red-1) has room for one more: the march goes Five - Four (blue) - Three - Two - One, 4 provinces:
    3 + 3 elements lost (the seed's example), and it ends in One."""
    turns = {n: "title: quiet\n" for n in range(1, 7)}
    history, found = play(make_campaign, turns, red="provinces: [1, 2, 3, 5]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 5]",
                          blue="provinces: [4, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]")
    assert errors(found) == []
    (winter,) = [e for e in events_of(history, 6, "WinterAttrition") if e.army == "red-3"]
    assert (winter.distance, winter.lost, winter.quarters) == (4, 6, "p1")


def test_the_battle_section_s_no_prestige_for_a_victory_is_an_option(make_campaign):
    """The seed's battle section says "no PP is won or lost for a victory"; its prestige table
    gives +3 / -2. The table is applied; ``prestige: {victory: 0, defeat: 0}`` gives the other
    reading (the elements destroyed still count)."""
    turns = {1: "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: battle}\nbattles:\n"
                "  - {at: 3, attacker: {army: blue-1, lost: 2}, defender: {army: red-3, lost: 4}}\n"}
    history, _ = play(make_campaign, turns, options="prestige: {victory: 0, defeat: 0}")
    reasons = {(e.clan, e.reason) for e in events_of(history, 1, "PrestigeAwarded")}
    assert ("blue", "victory") not in reasons and ("red", "defeat") not in reasons
    assert ("blue", "element_destroyed x4") in reasons


def test_neutral_clans_draw_no_start_card_and_make_no_alliance(make_campaign):
    """A start_card on a neutral clan is a warning (it is not used: neutral clans move last); an
    alliance (or any diplomacy) with a neutral clan is an error: nobody plays it."""
    extra = "  - id: green\n    neutral: true\n    provinces: [10, 11]\n    capital: 11\n    armies: [10]\n    start_card: A"
    history, found = play(make_campaign, {1: "diplomacy: {alliances: [[red, green]]}\n"}, extra_players=extra)
    assert any("campaign.yaml" in p and "warning: green is neutral: its start_card is not used [neutral clans]" in p
               for p in found), found
    assert any("001.yaml:1:31: error: green is neutral: nobody plays it, so it takes no part in alliances [neutral clans]" in p
               for p in found), found
    assert history.final.alliances == frozenset() and history.final.clans["red"].prestige == 13


def test_a_cession_to_a_neutral_clan_is_one_error_with_the_whole_hint(make_campaign):
    """A neutral clan takes no part in cessions, as giver or taker: one error naming what it takes
    no part in, its hint whole; the province stays Red's."""
    extra = "  - id: green\n    neutral: true\n    provinces: [4, 5]\n    capital: 5\n    armies: [5]"
    history, found = play(make_campaign, {1: "diplomacy: {cessions: [{from: red, to: green, provinces: [3]}]}\n"},
                          extra_players=extra)
    assert errors(found) == [
        "content/turns/001.yaml:1:24: error: green is neutral: nobody plays it, so it takes no part in cessions "
        "[neutral clans]\n    hint: a neutral clan never leaves its land and attacks any army entering it; it makes no "
        "alliance, treaty or cession, builds nothing and keeps no score"], found
    assert history.final.owners["p3"] == "red"


# ---- 8. error messages -------------------------------------------------------------------------

def test_a_non_adjacent_land_move_is_tagged_by_the_movement_rule_not_the_sea(make_campaign):
    """One to Three skips Two: the rule broken is "each step enters a neighbouring province", and the
    hint gives the way by land. One to Twelve, two coasts with no way by land, is a sea move off
    the sea routes."""
    _, found = play(make_campaign, {1: "moves:\n  red-1: [3]\n"})
    assert any("001.yaml:2:11: error: red-1 cannot go from One to Three: they share no border "
               "[movement: each step enters a neighbouring province]" in p and "by land the way is p1 → p2 → p3" in p
               for p in found), found
    _, found = play(make_campaign, {1: "moves:\n  red-1: [12]\n"})
    assert any("[sea movement only via sea routes]" in p for p in found), found


REJECTED = {
    1: """
    moves: {blue-1: [5, 4, 2]}          # blue-1 cannot go from Four to Two: rejected, it stays in Six
    responses: {red-2: battle}
    battles:
      - {at: 2, attacker: {army: blue-1, lost: 1}, defender: {army: red-2, lost: 4}}
    dice: {supply: {blue-1: 5}}
    """,
    2: """
    moves: {blue-1: [3]}                # from where the file thinks it is
    dice: {supply: {blue-1: 2}}
    """,
}


def test_a_rejected_move_is_reported_once_and_its_consequences_are_not_errors(make_campaign):
    """The cause first: blue-1's move is rejected and blue-1 stays in Six (silently). The response,
    the battle naming blue-1 where it is not, the supply die of a roll never made, and turn 2's
    move from the wrong province are consequences: not errors, only counted in one warning per
    turn that names the cause."""
    history, found = play(make_campaign, REJECTED)
    assert [p.splitlines()[0] for p in errors(found)] == [
        "content/turns/001.yaml:1:24: error: blue-1 cannot go from Four to Two: they share no border "
        "[movement: each step enters a neighbouring province]"], found
    notes = [p for p in warnings(found) if "consequences of an earlier error" in p]
    assert len(notes) == 2 and "001.yaml" in notes[0] and "002.yaml" in notes[1]
    assert "3 more problems about blue-1, red-2 not reported: they follow from an earlier error (turn 1: blue-1 cannot go " \
           "from Four to Two" in notes[0]
    assert army(history, "blue-1", 1).province == "p6" and army(history, "red-2", 1).province == "p2"


def test_a_battle_naming_armies_that_are_not_there_says_so_once(make_campaign):
    _, found = play(make_campaign, {1: "battles:\n  - {at: 4, attacker: {army: blue-1, lost: 1}, defender: {army: red-3, lost: 4}}\n"})
    assert [p.splitlines()[0] for p in errors(found)] == [
        "content/turns/001.yaml:2:30: error: the battle at Four cannot be fought: blue-1 is in Six; red-3 is in Three "
        "[battles]"], found


def test_a_meeting_left_open_by_a_rejected_battle_is_not_reported_again(make_campaign):
    """The battle's entry is rejected (equal losses, no coin toss): "both in the field at Three
    after the battle phase" is its consequence, not a second error."""
    _, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: battle}\nbattles:\n"
                                       "  - {at: 3, attacker: {army: blue-1, lost: 2}, defender: {army: red-3, lost: 2}}\n"})
    assert [p.splitlines()[0].split(": error: ")[1] for p in errors(found)] == \
        ["both sides lost 2 elements and no one broke: the coin toss decides [battles]"], found
    assert any("both in the field at Three after the battle phase" in p for p in warnings(found)), found


NEUTRAL_BLUE = "provinces: [4, 5, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [7]\n    neutral: true"


def test_a_missing_neutral_battle_is_placed_at_the_move_that_brought_the_neutral_army(make_campaign):
    """Turn 1: red-3 enters neutral Six and red-2 neutral Five; blue-1, the one neutral army, meets
    red-3 (the first to arrive) and beats it: red-3 retreats into Five beside red-2. Turn 2: red-1
    marches into Five too, and blue-1 comes out to attack it. The battle with red-1 is entered;
    those with red-2 and red-3, which did not move this turn, are missing: the error is placed at
    red-1's move, which brought blue-1 there (it used to be the top of the file)."""
    history, found = play(make_campaign, {
        1: "moves:\n  red-3: [4, 5, 6]\n  red-2: [3, 4, 5]\nbattles:\n"
           "  - {at: 6, attacker: {army: blue-1, lost: 1}, defender: {army: red-3, lost: 4}}\n",
        2: "title: the neutral army comes\nmoves:\n  red-1: {path: [2, 3, 4, 5], forced: 1}\nbattles:\n"
           "  - {at: 5, attacker: {army: blue-1, lost: 1}, defender: {army: red-1, lost: 2}}\n"}, blue=NEUTRAL_BLUE)
    assert errors([p for p in found if "001.yaml" in p]) == [], found
    missing = [p.splitlines()[0] for p in errors(found) if "the battle's result is missing" in p]
    assert missing == ["content/turns/002.yaml:3:3: error: the neutral army blue-1 (blue) moved to attack red-2, which entered "
                       "its land at Five: the battle's result is missing [neutral armies attack any army entering their land]"]
    assert any("002.yaml:3:3: warning: 1 more problem about blue-1, red-3 not reported" in p for p in found), found


def test_state_private_names_hidden_cards_only_for_the_administrator(run):
    """`chronicle state --json` is the public view; `--private` adds the cards players hold."""
    from pathlib import Path
    import json
    example = Path(__file__).resolve().parents[2] / "examples" / "sengoku"
    public = json.loads(run("state", example, "--json").stdout)
    private = json.loads(run("state", example, "--json", "--private").stdout)
    assert not any("hand" in clan for clan in public["clans"].values())
    assert any("hand" in clan for clan in private["clans"].values())


def test_a_second_crossing_s_storm_die_missing_is_an_error_and_the_die_drawn_says_its_identity(make_campaign):
    """red-1 crosses by sea twice (One to Ten, Eleven to Twelve); only the first crossing's die is
    written: the second is an error whose hint writes the whole roll, and the die drawn in its place
    (so that the replay goes on) comes from the seed and the roll's own identity: turn, purpose,
    army, index (docs: "Dice: recorded or drawn")."""
    history, found = play(make_campaign, {1: "moves: {red-1: [10, 11, 12]}\ndice: {storm: {red-1: 4}}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:2:23: error: the storm die of red-1's crossing from Eleven to Twelve is not written (its "
        "earlier dice are) [dice]\n    hint: write every die of the roll: storm: {red-1: [4, N]}"]
    drawn = [d for e in history.result(1).events for d in getattr(e, "dice", ()) if not d.recorded and d.purpose == "storm"]
    assert [(d.purpose, d.subject, d.index) for d in drawn] == [("storm", "red-1", 1)]
    assert drawn[0].value == DiceBox(history.campaign.seed).roll(6, 1, "storm", "red-1", 1).value
    # a storm (a 1) on the first crossing with its loss die missing: the hint asks for a pair per crossing
    _, found = play(make_campaign, {1: "moves: {red-1: [10, 11, 12]}\ndice: {storm: {red-1: [1]}}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:2:23: error: red-1 met a storm (d6 1) crossing from One to Ten, but the d6 of elements lost "
        "is not written [dice]\n    hint: a storm rolls a second d6 for the elements lost: write storm: {red-1: [1, N]} "
        "(one pair per crossing)"]


def test_a_bad_elements_lost_an_army_outside_its_land_and_a_trader_without_a_siege_name_place_rule_and_hint(make_campaign):
    """Three refusals read whole: the message, its place (file:line:col), its rule and its hint."""
    from .test_sengoku_army_lists import ATTACK_RED_3, DECLARED_RED
    _, found = play(make_campaign, {1: ATTACK_RED_3.format(red_3='elements_lost: "2xx4Bd"')}, red=DECLARED_RED)
    assert errors(found) == [
        "content/turns/001.yaml:3:87: error: elements_lost of red-3: unknown element type 'x4Bd' [army lists]\n    hint: did "
        "you mean '4Bd'?; the seed's types: 3Kn, 3Cav, 4Bd, 3Sp, 3Bw, 3Sh, 2Ps, Art, 5Wb (a general: 3Kn(Gen))"], found
    _, found = play(make_campaign, {1: ""}, red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 5]")
    assert errors(found) == ["content/campaign.yaml:9:20: error: army 3 of red starts in Five, outside its territory "
                             "[starting armies]\n    hint: each army starts in one of the clan's provinces"], found
    _, found = play(make_campaign, {1: "play: {portuguese_trader: red-1}\ncards: {red: portuguese_trader}\n"})
    assert found == ["content/turns/001.yaml:1:27: error: a Portuguese trader is played for red-1, which lays no siege "
                     "this turn [Portuguese trader: +1 for the duration of a siege]\n    hint: play it for an army that "
                     "besieges a city this turn, or keep the card"], found


def test_blanks_left_to_fill_are_one_error_each_with_sengoku_s_word_on_what_goes_there(make_campaign):
    """`chronicle next` writes ___ where a value is wanted; a turn checked with blanks left gets one
    error each, its hint Sengoku's for the title and an initiative die, the general one otherwise."""
    _, found = play(make_campaign, {1: "title: ___\ndice: {initiative: {red: ___}}\nmoves: {red-3: [___]}\n"})
    assert found == [
        'content/turns/001.yaml:1:8: error: blank left to fill: title [fill in the turn]\n'
        '    hint: a name for the turn, e.g. "Kenshin crosses the mountains"',
        "content/turns/001.yaml:2:26: error: blank left to fill: dice.initiative.red [fill in the turn]\n"
        "    hint: the clan's initiative d6 as rolled (1-6); the order of movement follows from it",
        "content/turns/001.yaml:3:17: error: blank left to fill: moves.red-3.0 [fill in the turn]\n"
        "    hint: write the value, or delete the line if it did not happen"]


def test_a_province_written_as_true_or_nothing_is_one_error_of_the_province_rule(make_campaign):
    """A move's step written as a boolean or left empty names no province: one error, tagged [province]."""
    for value, shown in (("true", "True"), ("null", "None")):
        _, found = play(make_campaign, {1: f"moves: {{red-3: [{value}]}}\n"})
        assert found == [f"content/turns/001.yaml:1:17: error: expected a province, got {shown} [province]\n"
                         "    hint: write a province's id or name, e.g. shinano"]


def test_a_card_that_is_not_text_is_one_error_the_file_format_s(make_campaign):
    """A card written as a number or left empty is the turn schema's error, once: the clan then
    draws nothing in its place, and no second error names the same value as an unknown card."""
    _, found = play(make_campaign, {1: "cards: {red: [3.5], blue: [null]}\n"})
    assert [p.split("\n")[0] for p in errors(found)] == [
        "content/turns/001.yaml:1:28: error: cards/blue/0: expected text, got nothing (the key has no value: is the next "
        "line indented under it?) [file format]",
        "content/turns/001.yaml:1:15: error: cards/red/0: expected text, got 3.5 [file format]"]


def test_elements_lost_must_agree_with_general_lost_both_ways(make_campaign):
    """A battle side that writes general_lost: true must name the general among its elements lost,
    and one that names the general must not write general_lost: false."""
    _, found = play(make_campaign, {1: """
moves: {blue-1: [5, 4, 3]}
responses: {red-3: battle}
battles:
  - {at: 3, attacker: {army: blue-1, lost: 2, general_lost: true, elements_lost: "1x4Bd, 1x3Sp"}, defender: {army: red-3, lost: 4, general_lost: false, elements_lost: "1x3Kn(Gen), 3x4Bd"}}
"""})
    assert errors(found) == [
        "content/turns/001.yaml:4:82: error: general_lost: true, but elements_lost names no general of blue-1 [battles]\n"
        "    hint: write the general's element with (Gen), e.g. 1x3Kn(Gen)",
        "content/turns/001.yaml:4:168: error: elements_lost names the general of red-3, but general_lost: false [battles]\n"
        "    hint: write general_lost: true, or take the general out of elements_lost"]


# ---- mutation survivors of 2 December (fresh sample on 4ca9993), each checked by hand -----------

def test_a_retreat_with_no_province_is_asked_where_and_one_with_an_unknown_province_is_not(make_campaign):
    """record.parse_turn: "retreat" alone names no province, so the record asks where to; "retreat to
    Nowhere" names one the map does not know, an error of its own (asking where too would say it twice)."""
    _, found = play(make_campaign, {1: "responses: {red-3: retreat}\n"})
    assert any("red-3 retreats, but to where?" in p and "hint: write  retreat: PROVINCE" in p
               and "[refusing battle]" in p for p in errors(found)), found
    _, found = play(make_campaign, {1: "responses: {red-3: retreat to Nowhere}\n"})
    assert errors(found) and not any("but to where?" in p for p in found), found


def test_a_per_entrant_retreat_with_no_province_is_asked_where_naming_its_army(make_campaign):
    """The same in an answer to one entrant of several: red-3's "retreat" to blue-2 names no province;
    the error names red-3 and stands at that answer; the meetings it leaves open follow from it."""
    from .test_sengoku_battles import TWO_ENTRANTS_BLUE
    _, found = play(make_campaign, {1: "moves: {blue-1: [3], blue-2: [4, 3]}\n"
                                       "responses: {red-3: {blue-1: battle, blue-2: retreat}}\n"}, blue=TWO_ENTRANTS_BLUE)
    assert errors(found) == ["content/turns/001.yaml:2:45: error: red-3 retreats, but to where? [refusing battle]\n"
                             "    hint: write  retreat: PROVINCE  (an adjacent province)"], found


def test_an_alliance_with_itself_or_an_old_ally_names_the_alliances_rule_and_its_own_fix(make_campaign):
    """diplomacy_phase: an alliance already made, and a clan allied with itself, are errors under the
    rule of alliances, each with the hint that fixes it."""
    _, found = play(make_campaign, {1: "diplomacy: {alliances: [[red, blue]]}\n",
                                    2: "diplomacy: {alliances: [[red, blue]]}\n"})
    assert any("red and blue are already allied [alliances]" in p
               and "hint: remove this alliance: an alliance lasts until it is broken" in p for p in errors(found)), found
    _, found = play(make_campaign, {1: "diplomacy: {alliances: [[red, red]]}\n"})
    assert errors(found) == ["content/turns/001.yaml:1:25: error: a clan cannot ally with itself [alliances]\n"
                             "    hint: name two different clans"]
    # (the same folder: turn 2, written above, allies them again and is its own error)
    _, found = play(make_campaign, {1: "diplomacy: {alliances: [[red, blue], [blue, red]]}\n"})
    assert [p for p in errors(found) if p.startswith("content/turns/001.yaml")] == ["content/turns/001.yaml:1:38: error: blue and red are already allied [alliances]\n"
                             "    hint: remove this alliance: an alliance lasts until it is broken"]


def test_a_response_of_an_unknown_army_is_an_error_naming_the_army_it_likely_meant(make_campaign):
    """contact.responses: an answer written for an army that does not exist is one error at its key,
    under the rule of meeting an enemy, with the army it most likely meant; so is one written per
    entrant (``{entrant: answer}``)."""
    for answer in ("battle", "{blue-1: battle}"):
        _, found = play(make_campaign, {1: f"responses: {{red-30: {answer}}}\n"})
        assert any("error: unknown army 'red-30' [meeting an enemy]" in p and "red-3" in p.split("hint:")[-1]
                   for p in errors(found)), (answer, found)


# ---- mutation survivors of 2 December, second sample (on f734d9e): the set-up's errors whole --------

SET_UP_ERRORS = [
    (dict(blue="provinces: [3, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]"),
     "content/campaign.yaml:12:17: error: Three is given to both red and blue [starting holdings]\n"
     "    hint: each province starts with at most one clan"),
    (dict(red="provinces: [1, 2, 3]\n    capital: Onee\n    fortress: 2\n    armies: [1, 2, 3]"),
     "content/campaign.yaml:7:14: error: unknown province 'Onee' [province]\n    hint: did you mean 'One'?"),
    (dict(red="provinces: [1, 2, 3]\n    capital: 99\n    fortress: 2\n    armies: [1, 2, 3]"),
     "content/campaign.yaml:7:14: error: no province is numbered 99 [province]\n"
     "    hint: numbers come from the map's 'number:' fields"),
    (dict(red="provinces: [1, 2, 3]\n    fortress: 2\n    armies: [1, 2, 3]"),
     "content/campaign.yaml:5:5: error: red has no capital [starting holdings]\n"
     "    hint: add  capital: PROVINCE  (one of its provinces)"),
    (dict(red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 1\n    armies: [1, 2, 3]"),
     "content/campaign.yaml:8:15: error: the capital already has a castle; place the fortress in another province "
     "[starting holdings]\n    hint: place it in one of red's other provinces: p2, p3"),
    (dict(red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 3]\n    army_list: zzzzzz"),
     "content/campaign.yaml:10:16: error: unknown army list 'zzzzzz' [army lists]\n"
     "    hint: the lists: ikko_ikki, shimazu, standard, takeda"),
    (dict(red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [{id: x, at: 1}, {id: x, at: 2}, 3]"),
     "content/campaign.yaml:9:30: error: army id 'x' is used twice [starting armies]\n"
     "    hint: give each army an id of its own (id: ...), or leave id out for PLAYER-N"),
    (dict(red="provinces: [1, 2, 3, 9]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 3]"),
     "content/campaign.yaml:6:26: error: Kyoto's province belongs to no clan [Kyoto]\n"
     "    hint: the Shogun's capital is entered only to claim the Shogunate"),
    (dict(red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 5\n    armies: [1, 2, 3]"),
     "content/campaign.yaml:8:15: error: the fortress Five is not in red's provinces [starting holdings]\n"
     "    hint: place it in one of red's provinces: p1, p2, p3"),
]


def test_set_up_errors_whole_at_their_places(make_campaign):
    """Each mistake of a player's set-up in campaign.yaml is one error at the value that makes it, with
    its rule and hint as printed: a province given to two clans (at the second), a capital the map
    does not know (the name it likely meant) or a number no province has, no capital, the fortress on the capital, an unknown
    army list (the lists there are), two starting armies with one id (at the second), Kyoto given to a clan (at it), a
    fortress outside the clan's provinces (the hint naming them all)."""
    from .helpers import campaign_yaml
    for players, error in SET_UP_ERRORS:
        history, problems = replay_folder(make_campaign(campaign_yaml(**players), {}))
        assert [p.format() for p in problems] == [error], players
        assert [p.format() for p in history.problems] == [error], players


def test_the_set_up_s_events_word_for_word(make_campaign):
    """The set-up's events, as the turn 0 page lists them: each clan's holdings, then each of its
    armies raised, in the order of campaign.yaml."""
    from .helpers import campaign_yaml
    history, _ = replay_folder(make_campaign(campaign_yaml(), {}))
    assert [e.describe() for e in history.start_events] == [
        "red holds 3 provinces, capital p1, fortress p2", "red raised army red-1 (12 elements) at p1 (set-up)",
        "red raised army red-2 (12 elements) at p2 (set-up)", "red raised army red-3 (12 elements) at p3 (set-up)",
        "blue holds 3 provinces, capital p8, fortress p7", "blue raised army blue-1 (12 elements) at p6 (set-up)",
        "blue raised army blue-2 (12 elements) at p7 (set-up)", "blue raised army blue-3 (12 elements) at p8 (set-up)"]


def test_a_roll_written_but_never_made_says_an_before_a_vowel(make_campaign):
    """The same error for an initiative roll of a clan that rolled none reads "an initiative
    roll" (it read "a initiative roll")."""
    _, found = play(make_campaign, {1: "moves: {red-1: [10]}\ndice: {initiative: {green: 3}}\n"})
    assert any("error: an initiative roll is written for green, but no such roll was made this turn [dice]" in p
               for p in found), found


# ---- seed 15's fresh draw (issue 13): what an error says beyond its message -----------------------

def test_a_neutral_clan_first_in_an_alliance_is_placed_at_its_own_name(make_campaign):
    """The neutral clan of an alliance is reported where it is written: first in the pair, at the
    first name (the test above has it second)."""
    extra = "  - id: green\n    neutral: true\n    provinces: [10, 11]\n    capital: 11\n    armies: [10]"
    _, found = play(make_campaign, {1: "diplomacy: {alliances: [[green, red]]}\n"}, extra_players=extra)
    assert errors(found) == [
        "content/turns/001.yaml:1:26: error: green is neutral: nobody plays it, so it takes no part in alliances "
        "[neutral clans]\n    hint: a neutral clan never leaves its land and attacks any army entering it; it makes "
        "no alliance, treaty or cession, builds nothing and keeps no score"]


def test_a_fortress_where_a_castle_stands_is_one_error_with_its_rule_and_hint(make_campaign):
    """Red's fortress at Two, and its capital at One: a second castle in either is refused, whole."""
    _, found = play(make_campaign, {1: "diplomacy: {fortresses: {red: 2}}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:1:31: error: Two already has a fortress [fortresses]\n"
        "    hint: one fortress a province: choose another province, or remove this entry"]


def test_shutting_in_where_the_clan_has_no_castle_is_one_error_with_its_hint(make_campaign):
    """red-3 at Three, where Red has no castle, answers blue-1 with fortress: refused, whole, the one
    error (its meeting with blue-1, left open, follows from it)."""
    _, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: fortress}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:2:20: error: red-3 has no castle of its own in Three to shut itself in [sieges]\n"
        "    hint: a clan's fortress or capital; otherwise battle or retreat"], found
    assert any("both in the field at Three" in p for p in found if ": warning:" in p), found


def test_a_storm_on_a_single_crossing_asks_for_one_pair(make_campaign):
    """One crossing (One to Ten), a storm (a 1) and its loss die missing: the hint asks for the pair,
    and says nothing of a pair per crossing (that is for a move of two crossings or more, above)."""
    _, found = play(make_campaign, {1: "moves: {red-1: [10]}\ndice: {storm: {red-1: [1]}}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:2:23: error: red-1 met a storm (d6 1) crossing from One to Ten, but the d6 of elements lost "
        "is not written [dice]\n    hint: a storm rolls a second d6 for the elements lost: write storm: {red-1: [1, N]}"]


@pytest.mark.parametrize("written", ['"5, 4, 3"', '"5 -> 4 -> 3"', '"5 > 4 > 3"', '"5 → 4 → 3"'])
def test_a_move_written_as_one_string_of_steps(make_campaign, written):
    """A move may be written on one line as a string, its steps parted by commas or arrows (seed
    15's fresh draw: no test wrote one): the same move as the list [5, 4, 3]."""
    history, found = play(make_campaign, {1: f"moves: {{blue-1: {written}}}\nresponses: {{red-3: {{retreat: 2}}}}\n"})
    assert errors(found) == [], found
    assert army(history, "blue-1").province == "p3"


def test_the_state_json_whole_after_a_turn_of_siege_and_alliance(make_campaign):
    """The state JSON of docs/rules/sengoku.md ("State JSON") read whole but for its events (each
    read by its own tests): turn 2 of the siege of Two, Red and Green allied in turn 1. The date and
    season, every province's owner and castle, the players and clans, every army's fields, the siege
    (one roll made), the alliance, the deck (the test deck's 32 cards less 3 clans' draws in 2 turns:
    26 left), no claim, no winner, and each die with the index and kind of its event."""
    from .test_sengoku_battles import SIEGE_OF_TWO, SIEGE_RED
    turns = dict(SIEGE_OF_TWO)
    turns[1] = turns[1] + "diplomacy: {alliances: [[red, green]]}\n"
    extra = "  - id: green\n    provinces: [10, 11]\n    capital: 11\n    armies: [10]\n    start_card: 2"
    history, found = play(make_campaign, turns, red=SIEGE_RED, extra_players=extra)
    assert errors(found) == [], found
    campaign = history.campaign
    data = json.loads(json.dumps(campaign.ruleset.to_json(campaign, history.final, history.result(2).events)))
    assert len(data.pop("events")) == 12
    owners = {"p1": "red", "p2": "red", "p3": "red", "p6": "blue", "p7": "blue", "p8": "blue", "p10": "green", "p11": "green"}
    castles = {"p1": "capital", "p2": "fortress", "p7": "fortress", "p8": "capital", "p11": "capital"}

    def clan(c, capital, prestige, provinces):
        return {"id": c, "capital": capital, "neutral": False, "prestige": prestige, "status": "in", "cards": 2,
                "married": False, "wounded_until": None, "provinces": provinces}

    def player(name, colour, provinces, capital, prestige, armies):
        return {"name": name, "colour": colour, "provinces": provinces, "capital": capital, "prestige": prestige,
                "status": "in", "cards": 2, "armies": armies}

    def field(c, province, strength=12, besieged=False):
        return {"clan": c, "province": province, "strength": strength, "besieged": besieged, "retreated": False,
                "elements_at_most": None, "general_lost": None}

    def die(purpose, subject, value, recorded, event, kind):
        return {"purpose": purpose, "subject": subject, "index": 0, "value": value, "recorded": recorded, "event": event,
                "kind": kind}

    assert data == {
        "turn": 2, "ruleset": "sengoku", "date": "May 1560", "season": "summer",
        "provinces": {f"p{n}": {"owner": owners.get(f"p{n}"), "castle": castles.get(f"p{n}")} for n in range(1, 13)},
        "players": {"red": player("Red", "#0072b2", 3, "p1", 21, ["red-1", "red-2"]),
                    "blue": player("Blue", "#d55e00", 3, "p8", 16, ["blue-1", "blue-2", "blue-3"]),
                    "green": player("Green", "#009e73", 2, "p11", 19, ["green-1"])},
        "clans": {"red": clan("red", "p1", 21, 3), "blue": clan("blue", "p8", 16, 3), "green": clan("green", "p11", 19, 2)},
        "armies": {"blue-1": field("blue", "p2", 11), "blue-2": field("blue", "p7"), "blue-3": field("blue", "p8"),
                   "green-1": field("green", "p10"), "red-1": field("red", "p1"), "red-2": field("red", "p2", besieged=True)},
        "sieges": [{"province": "p2", "besieger": "blue-1", "defender": "red-2", "rolls": 1, "trader": False}],
        "alliances": [["green", "red"]],
        "deck": {"number": 1, "left": 26},
        "claim": None, "game_over": False, "winner": None, "shogun": None,
        "dice": [die("initiative", "blue", 2, False, 3, "movement-order"), die("initiative", "green", 2, False, 3, "movement-order"),
                 die("initiative", "red", 3, False, 3, "movement-order"), die("siege", "blue-1", 5, True, 7, "siege-roll"),
                 die("supply", "blue-1", 1, True, 8, "supply-roll")],
    }
