"""One test per Sengoku rule, from the seed's own numbers (docs/rules/sengoku.md lists them)."""

from __future__ import annotations

import pytest

from chronicle.rules.sengoku.battle import breaking_point
from chronicle.rules.sengoku.calendar import date_of
from chronicle.rules.sengoku.options import OPTIONS

from .helpers import army, errors, events_of, play

DEFAULTS = {k: v[0] for k, v in OPTIONS.items()}


def test_setup_ten_provinces_three_armies_a_fortress(make_campaign):
    history, found = play(make_campaign, {})
    assert errors(found) == []
    start = history.start
    assert start.held_by("red") == ["p1", "p2", "p3"]
    assert dict(start.castles) == {"p1": "capital", "p2": "fortress", "p7": "fortress", "p8": "capital"}
    assert sorted(start.armies) == ["blue-1", "blue-2", "blue-3", "red-1", "red-2", "red-3"]
    assert all(a.strength == 12 for a in start.armies.values())
    assert start.clans["red"].prestige == 10                       # "Each player starts with 10 prestige points"


def test_calendar_is_bimonthly_and_the_year_turns_at_january():
    labels = [date_of({**DEFAULTS, "start_year": 1561}, t).label for t in range(1, 8)]
    assert labels == ["March 1561", "May 1561", "July 1561", "September 1561", "November 1561", "January 1562", "March 1562"]
    assert date_of(DEFAULTS, 6).season == "winter" and date_of(DEFAULTS, 1).season == "spring"


def test_a_move_of_three_provinces(make_campaign):
    history, found = play(make_campaign, {1: "moves: {red-3: [4, 5]}\n"})
    assert errors(found) == []
    assert army(history, "red-3").province == "p5"


def test_four_provinces_without_forced_march_is_an_error(make_campaign):
    history, found = play(make_campaign, {1: "moves:\n  red-1: [2, 3, 4, 5]\n"})
    assert any("001.yaml:2:3: error: red-1 moves 4 provinces without forced march" in p for p in found), found
    assert army(history, "red-1").province == "p1"                 # the illegal move is not played


def test_forced_march_costs_one_element_per_province(make_campaign):
    history, found = play(make_campaign, {1: "moves:\n  red-1: {path: [2, 3, 4, 5], forced: 1}\n"
                                             "dice: {supply: {red-1: 1}}\n"})
    assert errors(found) == []
    assert army(history, "red-1").province == "p5" and army(history, "red-1").strength == 11
    history, found = play(make_campaign, {1: "moves:\n  red-3: {path: [4, 5, 4, 5, 4], forced: 2}\n"})
    assert army(history, "red-3").strength == 10 and errors(found) == []


def test_more_than_two_provinces_of_forced_march_is_an_error(make_campaign):
    _, found = play(make_campaign, {1: "moves:\n  red-1: {path: [2, 3, 4, 5, 6, 7], forced: 3}\n"})
    assert any("moves 6 provinces; at most 3 and 2 by forced march" in p for p in found)


def test_sea_move_off_the_sea_routes_is_an_error(make_campaign):
    _, found = play(make_campaign, {1: "moves:\n  red-1: [11]\n"})
    assert any("error: red-1 cannot go from One to Eleven: they share no border and no sea route joins them" in p
               for p in found), found


def test_a_storm_on_a_one_loses_d6_elements(make_campaign):
    history, found = play(make_campaign, {1: "moves:\n  red-1: [10]\ndice:\n  storm: {red-1: [1, 4]}\n"})
    assert errors(found) == []
    storm = events_of(history, 1, "StormAtSea")[0]
    assert (storm.roll, storm.lost) == (1, 4)
    assert army(history, "red-1").strength == 8


def test_fair_weather_on_two_to_six(make_campaign):
    history, _ = play(make_campaign, {1: "moves:\n  red-1: [10]\ndice:\n  storm: {red-1: 2}\n"})
    assert army(history, "red-1").strength == 12


def test_an_army_stops_where_an_enemy_stands(make_campaign):
    _, found = play(make_campaign, {1: "moves:\n  red-3: [4, 5]\n  blue-1: [5, 4, 3]\n"})
    assert any("blue-1 must stop in Five: the enemy army red-3 stands there" in p for p in found), found


def test_kyoto_is_closed_without_a_claim(make_campaign):
    _, found = play(make_campaign, {1: "moves: {red-3: [9]}\n"})
    assert any("Kyoto is entered only to claim the Shogunate" in p for p in found)


def test_conquest_of_an_adjacent_province(make_campaign):
    history, found = play(make_campaign, {1: "moves: {red-3: [4]}\n"})
    assert history.final.owners["p4"] == "red"
    assert events_of(history, 1, "ProvinceConquered")


def test_no_conquest_of_a_province_not_adjacent_to_the_clan(make_campaign):
    history, _ = play(make_campaign, {1: "moves: {red-3: [4, 5]}\n"})
    assert history.final.owners["p5"] is None


def test_prestige_one_per_province_each_turn(make_campaign):
    history, _ = play(make_campaign, {1: "title: quiet\n", 2: "title: quiet\n"})
    assert history.final.clans["red"].prestige == 10 + 3 + 3


def test_refusing_battle_retreats_and_costs_one_prestige(make_campaign):
    history, found = play(make_campaign, {1: """
        moves: {blue-1: [5, 4, 3]}
        responses: {red-3: {retreat: 9}}
    """})
    assert any("Kyoto is entered only to claim" in p for p in found)
    history, found = play(make_campaign, {1: """
        moves: {blue-1: [5, 4, 3]}
        responses: {red-3: {retreat: 2}}
    """})
    assert errors(found) == []
    assert army(history, "red-3").province == "p2" and army(history, "red-3").retreated
    assert history.final.clans["red"].prestige == 10 - 1 + 3      # refused battle -1; Three is not next to blue land
    assert history.final.owners["p3"] == "red"


def test_a_retreated_army_moves_only_towards_its_capital(make_campaign):
    _, found = play(make_campaign, {
        1: "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: {retreat: 2}}\n",
        2: "moves: {red-3: [3]}\n"})
    assert any("red-3 retreated last turn and may only move back towards its capital" in p for p in found), found


def test_an_unanswered_meeting_is_an_error(make_campaign):
    _, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3]}\n"})
    assert any("are both in the field at Three after the battle phase" in p for p in found), found


def test_siege_needs_six_then_five(make_campaign):
    turns = {1: """
        moves: {blue-1: [5, 4, 3]}
        dice: {supply: {blue-1: 1}}
        """, 2: """
        moves: {blue-1: [2]}
        responses: {red-2: fortress}
        dice: {siege: {blue-1: 5}, supply: {blue-1: 1}}
        """, 3: """
        dice: {siege: {blue-1: 5}, supply: {blue-1: 1}}
        """}
    history, found = play(make_campaign, turns, red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2]")
    assert errors(found) == []
    rolls = [e for t in (2, 3) for e in events_of(history, t, "SiegeRoll")]
    assert [(r.roll, r.needed, r.taken, r.lost) for r in rolls] == [(5, 6, False, 1), (5, 5, True, 0)], found
    assert army(history, "blue-1", 2).strength == 11                # a failed roll costs the besieger 1 element
    assert "red-2" not in history.final.armies                      # a taken castle destroys its army
    assert history.final.owners["p2"] == "blue"


def test_an_undefended_castle_falls_on_four(make_campaign):
    # an empty enemy castle (red's second fortress, Three) besieged by blue-2
    history, found = play(make_campaign, {1: "moves: {blue-2: [6, 5, 4]}\nresponses: {red-3: {retreat: 2}}\n"
                                             "battles: []\n", 2: """
        moves: {blue-2: [3]}
        besiege: [blue-2]
        dice: {siege: {blue-2: 4}}
        """}, red="provinces: [1, 2, 3]\n    capital: 1\n    fortresses: [2, 3]\n    armies: [1, 2]")
    roll = events_of(history, 2, "SiegeRoll")[0]
    assert (roll.needed, roll.taken) == (4, True), found
    assert history.final.owners["p3"] == "blue"


def test_no_siege_in_winter(make_campaign):
    turns = {n: "title: quiet\n" for n in range(1, 6)}
    turns[6] = "besiege: [red-3]\n"
    _, found = play(make_campaign, turns)
    assert any("006.yaml" in p and "cannot besiege" in p and "during winter" in p for p in found), found


@pytest.mark.parametrize("size,point", [(5, 2), (6, 3), (8, 3), (9, 4), (12, 4), (13, 5), (15, 5), (16, 6), (18, 6)])
def test_breaking_points_by_army_size(size, point):
    assert breaking_point(DEFAULTS, size) == point


BATTLE = """
moves: {{blue-1: [5, 4, 3]}}
responses: {{red-3: battle}}
battles:
  - at: 3
    attacker: {{army: blue-1, lost: {a}{acards}}}
    defender: {{army: red-3, lost: {d}{dcards}}}
    {extra}
"""


def battle(make_campaign, a, d, extra="", acards="", dcards=""):
    return play(make_campaign, {1: BATTLE.format(a=a, d=d, extra=extra, acards=acards, dcards=dcards)})


def test_battle_loser_breaks_retreats_and_prestige(make_campaign):
    history, found = battle(make_campaign, 2, 4)
    assert errors(found) == []
    fought = events_of(history, 1, "BattleFought")[0]
    assert (fought.winner, fought.loser, fought.breaking) == ("blue-1", "red-3", (4, 4))
    assert army(history, "red-3").province == "p2"                  # one province towards its capital
    ledger = {(e.clan, e.reason): e.points for e in events_of(history, 1, "PrestigeAwarded")}
    assert ledger[("blue", "victory")] == 3 and ledger[("red", "defeat")] == -2
    assert ledger[("blue", "element_destroyed x4")] == 4 and ledger[("red", "element_destroyed x2")] == 2


def test_both_armies_breaking_is_an_error(make_campaign):
    _, found = battle(make_campaign, 4, 5)
    assert any("both armies reached their breaking points" in p for p in found)


def test_time_out_most_losses_lose_and_a_tie_needs_the_coin(make_campaign):
    history, _ = battle(make_campaign, 3, 2)
    assert events_of(history, 1, "BattleFought")[0].loser == "blue-1"
    _, found = battle(make_campaign, 2, 2)
    assert any("the coin toss decides" in p for p in found)
    history, _ = battle(make_campaign, 2, 2, extra="coin: defender")
    assert events_of(history, 1, "BattleFought")[0].winner == "red-3"


def test_bitter_enders_adds_two_to_the_breaking_point(make_campaign):
    turns = {1: "cards: {red: bitter_enders}\n" + BATTLE.format(a=3, d=5, extra="", acards="", dcards=", cards: [bitter_enders]")}
    history, found = play(make_campaign, turns)
    fought = events_of(history, 1, "BattleFought")[0]
    assert fought.breaking == (4, 6) and fought.winner == "blue-1", found      # 5 < 6: no break, more losses lose


def test_a_card_not_held_cannot_be_played(make_campaign):
    _, found = battle(make_campaign, 3, 2, dcards=", cards: [treachery]")
    assert any("red plays treachery but does not hold it" in p for p in found)


def test_supply_roll_out_of_supply(make_campaign):
    # red-3 two provinces out (in Five, next to neutral Four and blue Six): one province beyond supply
    history, found = play(make_campaign, {1: "moves: {red-3: [4, 5]}\ndice: {supply: {red-3: 4}}\n"})
    roll = events_of(history, 1, "SupplyRoll")[0]
    assert (roll.roll, roll.distance, roll.total, roll.lost) == (4, 1, 5, 1)
    assert army(history, "red-3").strength == 11


def test_in_supply_next_to_own_land(make_campaign):
    history, _ = play(make_campaign, {1: "moves: {red-3: [4]}\n"})
    assert events_of(history, 1, "SupplyRoll") == []


def test_forage_spares_the_supply_roll(make_campaign):
    history, found = play(make_campaign, {1: "cards: {red: forage}\nmoves: {red-3: [4, 5]}\nplay: {forage: red-3}\n"
                                             "dice: {supply: {red-3: 6}}\n"})
    assert events_of(history, 1, "SupplyRoll") == []
    assert army(history, "red-3").strength == 12


WINTER_MAP_RED = "provinces: [1, 2, 3, 4, 5, 6, 7]\n    capital: 1\n    fortress: 2\n    armies: [1, 6]"
WINTER_BLUE = "provinces: [10, 11]\n    capital: 11\n    fortress: 10\n    armies: [10]"


def test_winter_example_four_provinces_from_quarters_loses_three_plus_three(make_campaign):
    """Seed: 'A clan has an army 4 provinces away from a fortress at the onset of winter. The player
    loses 3 elements immediately, and the army is moved towards the fortress. For each extra
    province beyond three ... he loses an additional 3 elements.'"""
    turns = {n: "title: quiet\n" for n in range(1, 6)}
    turns[6] = "title: winter\n"
    history, found = play(make_campaign, turns, red=WINTER_MAP_RED, blue=WINTER_BLUE)
    # red-2 stands in Six, 4 provinces from the fortress of Two: 3 + 3 elements
    attrition = {e.army: e for e in events_of(history, 6, "WinterAttrition")}
    assert (attrition["red-2"].distance, attrition["red-2"].lost, attrition["red-2"].quarters) == (4, 6, "p2"), found
    assert army(history, "red-2").province == "p2" and army(history, "red-2").strength == 6


def test_winter_more_than_five_away_is_destroyed(make_campaign):
    turns = {n: "title: quiet\n" for n in range(1, 6)}
    turns[5] = "moves: {red-3: [7]}\n"
    turns[6] = "title: winter\n"
    red = "provinces: [1, 3, 4, 5, 6, 7, 8]\n    capital: 1\n    armies: [1, 3, 6]"
    blue = "provinces: [10, 11]\n    capital: 11\n    fortress: 10\n    armies: [10]"
    history, found = play(make_campaign, turns, red=red, blue=blue)
    # capital One holds two armies; red-3 in Seven is 6 provinces away: destroyed
    assert "red-3" not in history.final.armies, found
    assert any(e.army == "red-3" for e in events_of(history, 6, "ArmyDestroyed"))


def test_winter_reinforcement_three_up_to_twelve(make_campaign):
    turns = {1: "moves: {red-2: [4, 5]}\ndice: {supply: {red-2: 6}}\n", 2: "moves: {red-2: [4, 3, 2]}\n"}
    turns.update({n: "title: quiet\n" for n in range(3, 6)})
    turns[6] = "title: winter\n"
    history, found = play(make_campaign, turns, red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 3]")
    # red-2 lost one element to starvation, wintered at Two (a fortress) and regained it
    gained = {e.army: e.gained for e in events_of(history, 6, "WinterReinforced")}
    assert gained == {"red-2": 1}, found
    assert army(history, "red-2").strength == 12


def test_no_movement_in_winter_for_armies_in_quarters(make_campaign):
    turns = {n: "title: quiet\n" for n in range(1, 6)}
    turns[6] = "moves: {red-1: [2]}\n"
    _, found = play(make_campaign, turns)
    assert any("no movement in winter: red-1 is in winter quarters" in p for p in found), found


def test_spring_disbands_the_armies_furthest_from_the_capital(make_campaign):
    turns = {n: "title: quiet\n" for n in range(1, 8)}
    history, found = play(make_campaign, turns)
    # 3 provinces // 3 = 1 army at the second March (turn 7); the set-up stood for the first
    assert len(history.state_after(6).armies_of("red")) == 3
    assert [a.id for a in history.final.armies_of("red")] == ["red-3"]
    assert {e.army for e in events_of(history, 7, "ArmyDisbanded")} >= {"red-1", "red-2"}


def test_spring_raises_new_armies_at_the_capital(make_campaign):
    turns = {n: "title: quiet\n" for n in range(1, 8)}
    history, found = play(make_campaign, turns, options="provinces_per_army: 1",
                          red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1]")
    raised = [(e.army, e.province, e.strength) for e in events_of(history, 7, "ArmyRaised") if e.clan == "red"]
    assert raised == [("red-2", "p1", 12), ("red-3", "p1", 12)]


def test_seppuku_below_minus_twenty(make_campaign):
    history, found = play(make_campaign, {1: """
        diplomacy:
          penalties: [{clan: red, prestige: -34, reason: broke the truce of the tea ceremony}]
        """})
    # 10 + 3 provinces - 34 = -21 < -20
    assert events_of(history, 1, "Seppuku")
    state = history.final
    assert state.clans["red"].status == "seppuku" and state.count("red") == 0 and not state.armies_of("red")


def test_alliance_and_breaking_it(make_campaign):
    history, _ = play(make_campaign, {1: "diplomacy: {alliances: [[red, blue]]}\n",
                                      2: "diplomacy: {broken_alliances: [{by: red, with: blue}]}\n"})
    assert history.state_after(1).clans["red"].prestige == 10 + 5 + 3
    assert history.final.clans["red"].prestige == 10 + 5 + 3 - 7 + 3


def test_ninja_six_assassinates(make_campaign):
    history, found = play(make_campaign, {1: """
        cards: {blue: ninja}
        diplomacy: {ninja: [{by: blue, target: red}]}
        dice: {ninja: {red: 6}, heir: {red: 5}}
        """})
    assert errors(found) == []
    assert history.final.clans["red"].prestige == 10 - 40 + 3      # the heir held; -27 < -20: seppuku
    assert history.final.clans["red"].status == "seppuku"
    assert history.final.clans["blue"].prestige == 10 - 5 + 3


def test_ninja_five_wounds(make_campaign):
    history, found = play(make_campaign, {1: """
        cards: {blue: ninja}
        diplomacy: {ninja: [{by: blue, target: red}]}
        dice: {ninja: {red: 5}, wound: {red: 2}}
        """, 2: "moves: {red-3: [4]}\n"})
    assert any("red's daimyo is wounded (until turn 2)" in p for p in found), found


def test_failed_succession_needs_the_usurper_battle(make_campaign):
    _, found = play(make_campaign, {1: """
        cards: {blue: ninja}
        diplomacy: {ninja: [{by: blue, target: red}]}
        dice: {ninja: {red: 6}, heir: {red: 2}}
        """})
    assert any("a general tries to seize the clan, and the battle's result is missing" in p for p in found)


def test_claim_needs_twenty_provinces_200_prestige_and_marriage(make_campaign):
    _, found = play(make_campaign, {1: "diplomacy: {claim: red}\n"})
    assert any("red cannot claim the Shogunate: 3 provinces of 20; 10 prestige of 200; no Marriage" in p for p in found)


def test_shogunate_won_by_holding_kyoto_two_turns(make_campaign):
    history, found = play(make_campaign, {
        1: "cards: {red: marriage}\ndiplomacy: {claim: red}\nmoves: {red-3: [9]}\n",
        2: "title: holding\n"}, options="shogun_provinces: 3\n  shogun_prestige: 10")
    assert errors(found) == [], found
    assert history.final.winner == "red" and history.final.shogun == "red"


def test_failed_claim_costs_fifty(make_campaign):
    history, found = play(make_campaign, {
        1: "cards: {red: marriage}\ndiplomacy: {claim: red}\n"}, options="shogun_provinces: 3\n  shogun_prestige: 10")
    assert history.final.clans["red"].prestige == 10 - 50 + 3


def test_deck_reshuffles_and_the_game_ends_after_the_second(make_campaign):
    turns = {n: "title: quiet\n" for n in range(1, 5)}
    history, found = play(make_campaign, turns, options="deck: {forage: 3}")
    # 3 cards, 2 players: turn 1 deals 2, turn 2 deals 1 (deck empty): reshuffle; turn 3, 4: game over
    assert events_of(history, 2, "DeckReshuffled")
    assert events_of(history, 4, "GameEnded"), [e.describe() for e in history.result(4).events]
    assert history.final.game_over


def test_more_turns_after_the_end_are_an_error(make_campaign):
    turns = {n: "title: quiet\n" for n in range(1, 6)}
    _, found = play(make_campaign, turns, options="deck: {forage: 2}")
    assert any("the game is already over" in p for p in found)


def test_marriage_card_kept_through_the_reshuffle(make_campaign):
    turns = {1: "cards: {red: marriage, blue: forage}\n", 2: "title: quiet\n"}
    history, _ = play(make_campaign, turns, options="deck: {forage: 2, marriage: 1}")
    assert history.final.clans["red"].hand == ("marriage",)
    assert "marriage" not in history.final.deck


def test_neutral_clan_never_leaves_its_land(make_campaign):
    _, found = play(make_campaign, {1: "moves: {blue-1: [5]}\n"},
                    blue="provinces: [6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]\n    neutral: true")
    assert any("blue-1 is a neutral army and does not leave blue's land" in p for p in found)


def test_transfer_up_to_three_provinces_giver_stands_still(make_campaign):
    history, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 2}]\n"
                                             "moves: {red-2: [4]}\n"},
                          red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, {at: 3, elements: 8}]")
    assert errors(found) == []
    assert army(history, "red-1").strength == 10 and army(history, "red-1").province == "p1"


def test_a_giving_army_must_stand_still(make_campaign):
    _, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 2}]\nmoves: {red-1: [10]}\n"})
    assert any("red-1 gives elements and also moves" in p for p in found)
