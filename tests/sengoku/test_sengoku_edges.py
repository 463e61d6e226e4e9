"""Sengoku at the edges a mutation tester found untested (issue 13; scripts/mutate sengoku).

Each test plays one rule at its limit, one below and one above, with the seed's numbers (the
defaults): a rule tested only at a value the seed never uses lets the seed's own number drift.
Rules about where an army stands relative to its capital ("behind" it, "towards" it) are played
on tests/sengoku/maps/branching.yaml, where a province can be as far from the capital as its
neighbour: on a straight line every neighbour is nearer or further, never to the side.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from chronicle.history import replay_folder

from .helpers import MAP, army, campaign_yaml, errors, events_of, play, play_grid
from .invariants import check_history

BRANCHING = Path(__file__).resolve().parent / "maps" / "branching.yaml"
DECK = "deck: {forage: 10, portuguese_trader: 5, bitter_enders: 5, ninja: 5, spy: 5, marriage: 2}"


def play_branching(make_campaign, turns: dict, red: str, blue: str, options: str = ""):
    """Replay on the branching map: Red's capital is 1, Blue's 11 (see the map's picture)."""
    text = (f"title: Sengoku edge test\nruleset: sengoku\nseed: 5\nmap: {{file: map.yaml}}\nplayers:\n"
            f"  - id: red\n    capital: 1\n    start_card: K\n    {red}\n"
            f"  - id: blue\n    capital: 11\n    start_card: \"5\"\n    {blue}\n"
            f"options:\n  {DECK}\n  {options}\n")
    root = make_campaign(text, {n: textwrap.dedent(t) for n, t in turns.items()})
    (Path(root) / "content" / "map.yaml").write_text(BRANCHING.read_text(encoding="utf-8"), encoding="utf-8")
    history, problems = replay_folder(root)
    assert history is not None, [p.format() for p in problems]
    check_history(history)
    return history, [p.format() for p in history.problems]


RED = "provinces: [1, 2, 3, 4, 5, 6, 7]\n    fortress: 2\n    armies: [1, 6, 1]"      # red-1 at One, red-2 at Six
BLUE = "provinces: [8, 9, 10, 11]\n    fortress: 9\n    armies: [8, 11, 11]"          # blue-1 at Eight


# ---- supply: a province lost "behind" an army, not beside it ------------------------------------

def test_a_province_lost_beside_an_army_does_not_break_its_chain_of_supply(make_campaign):
    """Seed: "If during that turn a clan province is lost behind the province the army is currently
    located in ... the army's chain of supply has been broken." Blue takes Five, next to red-2 in
    Six but as far from the capital One (two provinces): beside it, not behind it."""
    history, found = play_branching(make_campaign, {1: "moves: {blue-1: [5]}\n"}, RED, BLUE)
    assert errors(found) == [], found
    assert history.final.owners["p5"] == "blue"
    assert events_of(history, 1, "ChainBroken") == []


SEA_SHORTCUT_MAP = """
map:
  name: A line with a sea shortcut
  provinces:
    p1: {number: 1, name: One, at: [0, 0]}
    p2: {number: 2, name: Two, at: [1, 0]}
    p3: {number: 3, name: Three, at: [2, 0]}
    p4: {number: 4, name: Four, at: [3, 0]}
    p5: {number: 5, name: Five, at: [4, 0]}
    p6: {number: 6, name: Six, at: [5, 0]}
    p7: {number: 7, name: Seven, at: [6, 0]}
    p8: {number: 8, name: Eight, at: [7, 0]}
    p9: {number: 9, name: Nine, at: [3, 1]}
  links: [[p1, p2], [p2, p3], [p3, p4], [p4, p5], [p5, p6], [p6, p7], [p7, p8], [p4, p9], [p1, p5, sea]]
"""


def test_a_chain_of_supply_is_measured_by_land_not_across_the_sea(make_campaign):
    """A chain of supply runs over land (as supply is not traced across the sea): red-2 in Five is
    four provinces from its capital One by land, though one by sea. Blue takes Four, three from One
    by land: behind red-2, so its chain breaks (a 6 loses an element), the sea route notwithstanding."""
    red = "provinces: [1, 2, 3, 4, 5]\n    capital: 1\n    fortress: 2\n    armies: [1, 5]"
    blue = "provinces: [6, 7, 8, 9]\n    capital: 8\n    fortress: 7\n    armies: [9, 7, 8]"
    text = campaign_yaml(red=red, blue=blue).replace(MAP, SEA_SHORTCUT_MAP)
    root = make_campaign(text, {1: "moves: {blue-1: [4]}\ndice: {chain: {red-2: 6}}\n"})
    history, problems = replay_folder(root)
    assert history is not None, [p.format() for p in problems]
    check_history(history)
    assert errors([p.format() for p in history.problems]) == []
    assert history.final.owners["p4"] == "blue"
    chain = events_of(history, 1, "ChainBroken")
    assert [(e.army, e.lost_province, e.roll, e.lost) for e in chain] == [("red-2", "p4", 6, 1)]
    assert army(history, "red-2").strength == 11


def test_a_province_lost_behind_an_army_diagonally_breaks_its_chain(make_campaign):
    """Blue, holding Five, takes Three (a diagonal step), nearer the capital than red-2 in Six:
    behind it. A 6 loses an element (red-1, in the capital itself, has nothing behind)."""
    red = "provinces: [1, 2, 3, 4, 6, 7]\n    fortress: 2\n    armies: [1, 6, 1]"
    blue = "provinces: [5, 8, 9, 10, 11]\n    fortress: 9\n    armies: [5, 11, 11]"
    history, found = play_branching(make_campaign, {1: "moves: {blue-1: [3]}\ndice: {chain: {red-2: 6}}\n"}, red, blue)
    assert errors(found) == [], found
    assert history.final.owners["p3"] == "blue"
    chain = events_of(history, 1, "ChainBroken")
    assert [(e.army, e.lost_province, e.roll, e.lost) for e in chain] == [("red-2", "p3", 6, 1)]
    assert army(history, "red-2").strength == 11


# ---- retreats: towards the capital means nearer, not as near -------------------------------------

def test_a_retreated_army_may_not_step_to_the_side(make_campaign):
    """Seed: an army that refused battle "may only move back towards its capital" next turn. red-2
    withdrew from Five to Three (one from the capital); Two and Four are as near as Three: a step
    to the side is refused, a step to One is taken."""
    red = "provinces: [1, 2, 3, 4, 5, 6, 7]\n    fortress: 2\n    armies: [1, 5, 1]"
    retreat = "moves: {blue-1: [5]}\nresponses: {red-2: {retreat: 3}}\n"
    for side in (2, 4):
        history, found = play_branching(make_campaign, {1: retreat, 2: f"moves: {{red-2: [{side}]}}\n"}, red, BLUE)
        assert any("error: red-2 retreated last turn and may only move back towards its capital One" in p
                   for p in found), found
        assert army(history, "red-2").province == "p3"
    history, found = play_branching(make_campaign, {1: retreat, 2: "moves: {red-2: [1]}\n"}, red, BLUE)
    assert errors(found) == [], found
    assert army(history, "red-2").province == "p1" and not army(history, "red-2").retreated


BATTLE_AT_SIX = """
moves: {{blue-1: [9, 6]}}
responses: {{red-2: battle}}
battles:
  - {{at: 6, attacker: {{army: blue-1, lost: 1}}, defender: {{army: red-2, lost: 4{retreat}}}}}
"""


def test_a_beaten_army_retreats_nearer_its_capital_straight_or_diagonally(make_campaign):
    """Seed: the loser retreats one province towards its capital. From Six, Two (diagonal) and
    Three and Four (diagonal) are nearer One; Five and Seven, beside Six, are not. Unwritten, the
    first by id is taken."""
    history, found = play_branching(make_campaign, {1: BATTLE_AT_SIX.format(retreat="")}, RED, BLUE)
    assert errors(found) == [], found
    (retreated,) = events_of(history, 1, "ArmyRetreated")
    assert (retreated.army, retreated.to) == ("red-2", "p2")
    assert "of Two, Three, Four, the first by the rule's order" in retreated.how
    history, found = play_branching(make_campaign, {1: BATTLE_AT_SIX.format(retreat=", retreat: 3")}, RED, BLUE)
    assert errors(found) == [] and army(history, "red-2").province == "p3"
    for side in (5, 7):
        history, found = play_branching(make_campaign, {1: BATTLE_AT_SIX.format(retreat=f", retreat: {side}")}, RED, BLUE)
        assert any(f"error: red-2 cannot retreat to {'Five' if side == 5 else 'Seven'}" in p
                   and "hint: a beaten army retreats one province towards its capital, not across the sea nor onto an "
                       "enemy: p2, p3, p4" in p for p in found), found


# ---- sieges: the defender gone ------------------------------------------------------------------

SIEGE_RED = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2]"


def test_a_siege_whose_defender_has_gone_needs_the_empty_castles_score(make_campaign):
    """Seed: 6 takes a castle with an army inside, 4-6 an empty one, one less each further month.
    red-2, shut in Two, sallies in turn 3 and is beaten: it retreats to One and the castle is empty.
    The fourth month's roll then needs 4 - 2 = 2 (not 6 - 2 = 4): a 3 takes Two."""
    turns = {1: "moves: {blue-1: [5, 4, 3]}\ndice: {supply: {blue-1: 1}}\n",
             2: "moves: {blue-1: [2]}\nresponses: {red-2: fortress}\ndice: {siege: {blue-1: 5}, supply: {blue-1: 1}}\n",
             3: "dice: {siege: {blue-1: 1}, supply: {blue-1: 1}}\nbattles:\n"
                "  - {at: 2, attacker: {army: red-2, lost: 4}, defender: {army: blue-1, lost: 1}}\n",
             4: "dice: {siege: {blue-1: 3}}\n"}
    history, found = play(make_campaign, turns, red=SIEGE_RED)
    assert errors(found) == [], found
    assert army(history, "red-2", 3).province == "p1"
    rolls = [(r.roll, r.needed, r.taken) for t in (2, 3, 4) for r in events_of(history, t, "SiegeRoll")]
    assert rolls == [(5, 6, False), (1, 5, False), (3, 2, True)]
    assert history.final.owners["p2"] == "blue"


def test_a_second_army_joins_a_siege_without_meeting_the_army_shut_in(make_campaign):
    """Reading (docs/rules/sengoku.md, Sieges): an army shut in its castle is in no field. blue-2
    joins blue-1's siege of Two: no battle is owed with red-1 inside, only the besieger rolls (5,
    the second month), and the two blue armies share the province's supply (+2 for another army).
    When blue-1 leaves in turn 3 the siege is lifted and red-1, free, stands in the field with
    blue-2: that meeting must be settled, as any other."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [2, 1, 1]"
    blue = "provinces: [4, 5, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [4, 4, 8]"
    turns = {1: "moves: {blue-1: [3, 2]}\nresponses: {red-1: fortress}\ndice: {siege: {blue-1: 1}}\n",
             2: "moves: {blue-2: [3, 2]}\ndice: {siege: {blue-1: 1}, supply: {blue-1: 1, blue-2: 1}}\n"}
    history, found = play(make_campaign, turns, red=red, blue=blue)
    assert found == []
    assert [(r.besieger, r.needed) for r in events_of(history, 2, "SiegeRoll")] == [("blue-1", 5)]
    assert army(history, "red-1").besieged and army(history, "blue-2").province == "p2"
    summary = history.campaign.ruleset.summary(history.campaign, history.final)   # the map's counters
    assert {(p.label, p.status, p.size) for p in summary.pieces if p.province == "p2"} == {
        ("blue-1", None, f"{army(history, 'blue-1').strength} elements"), ("blue-2", None, "12 elements"),
        ("red-1", "besieged", "12 elements")}
    _, found = play(make_campaign, {**turns, 3: "moves: {blue-1: [3]}\n"}, red=red, blue=blue)
    assert errors(found) == [
        "content/turns/003.yaml:1:1: error: blue-2 (blue) and red-1 (red) are both in the field at Two after the battle "
        "phase [meeting an enemy]\n    hint: enter their battle under battles:, or write the response of red-1: "
        "{retreat: PROVINCE} or fortress"]


# ---- winter: a fortress holds one army -----------------------------------------------------------

def test_more_armies_than_a_fortress_holds_at_the_onset_of_winter(make_campaign):
    """Seed: "A fortress can hold one army; a capital can hold two armies." Two red armies stand in
    the fortress of Two when winter comes: one winters there (and gains 3 elements... it has 12:
    none), the other is outside quarters: it loses 3 and marches to the capital One, which has room."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, {at: 2, elements: 8}]"
    turns = {n: "title: quiet\n" for n in range(1, 6)}
    history, found = play(make_campaign, turns | {6: "title: winter\n"}, red=red)
    assert errors(found) == [], found
    attrition = {e.army: (e.distance, e.lost, e.quarters) for e in events_of(history, 6, "WinterAttrition") if e.clan == "red"}
    assert attrition == {"red-3": (1, 3, "p1")}
    assert (army(history, "red-3").province, army(history, "red-3").strength) == ("p1", 5)
    assert army(history, "red-2").province == "p2"
    # one army in the fortress: no loss, and a weakened one regains up to 3 elements
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, {at: 2, elements: 8}]"
    history, found = play(make_campaign, turns | {6: "title: winter\n"}, red=red)
    assert errors(found) == [] and [e for e in events_of(history, 6, "WinterAttrition") if e.clan == "red"] == []
    assert {e.army: e.gained for e in events_of(history, 6, "WinterReinforced")} == {"red-2": 3}
    assert army(history, "red-2").strength == 11


# ---- battles: a general lost with equal losses ---------------------------------------------------

BATTLE = """
moves: {{blue-1: [5, 4, 3]}}
responses: {{red-3: battle}}
battles:
  - at: 3
    attacker: {{army: blue-1, lost: {a}}}
    defender: {{army: red-3, lost: {d}}}
    {extra}
"""


def test_a_general_lost_with_equal_losses_does_not_decide_the_battle(make_campaign):
    """DBA: an army that loses its general *and more elements* than the enemy has lost. blue-1 lost
    its general and 2 elements, red-3 2 as well: equal, so the general decides nothing and the coin
    toss does (an error while it is not written)."""
    def turn(extra):
        return BATTLE.format(a="2, general_lost: true", d=2, extra=extra)
    history, found = play(make_campaign, {1: turn("coin: attacker")})
    assert errors(found) == [], found
    fought = events_of(history, 1, "BattleFought")[0]
    assert (fought.loser, fought.how) == ("red-3", "equal losses: the coin toss")
    _, found = play(make_campaign, {1: turn("")})
    assert any("both sides lost 2 elements and no one broke: the coin toss decides [battles]\n"
               "    hint: write  coin: attacker  or  coin: defender  (the winner of the toss)" in p for p in found), found
    history, found = play(make_campaign, {1: BATTLE.format(a="2, general_lost: true", d=1, extra="")})
    assert events_of(history, 1, "BattleFought")[0].how == "the enemy lost its general and more elements"
    # the defender's general, the same: lost with more elements it decides, with equal ones it does not
    history, found = play(make_campaign, {1: BATTLE.format(a=2, d="3, general_lost: true", extra="")})
    fought = events_of(history, 1, "BattleFought")[0]
    assert (fought.loser, fought.how) == ("red-3", "the enemy lost its general and more elements"), found
    _, found = play(make_campaign, {1: BATTLE.format(a=2, d="2, general_lost: true", extra="")})
    assert any("both sides lost 2 elements and no one broke: the coin toss decides" in p for p in found), found


# ---- transfers: the giver keeps one; 3 provinces, 6 through a fortress ------------------------------

def test_the_giver_of_a_transfer_keeps_at_least_one_element(make_campaign):
    """Seed: elements may be transferred between armies; reading (docs/rules/sengoku.md): the giver
    keeps at least one. With room for 24, red-1 (12) gives 11: it keeps 1; giving all 12 is refused."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, {at: 3, elements: 4}]"
    history, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 11}]\n"}, red=red,
                          options="max_elements: 24")
    assert errors(found) == [], found
    assert (army(history, "red-1").strength, army(history, "red-2").strength) == (1, 15)
    history, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 12}]\n"}, red=red,
                          options="max_elements: 24")
    assert errors(found) == ["content/turns/001.yaml:1:13: error: red-1 has 12 elements and cannot give 12 [transfers]\n"
                             "    hint: the giving army keeps at least one element"], found
    assert army(history, "red-1").strength == 12
    # the taker at the limit: red-2 (4) takes 8 to 12, the seed's most; one more is refused by the army size
    history, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 8}]\n"}, red=red)
    assert errors(found) == [] and army(history, "red-2").strength == 12, found
    history, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 9}]\n"}, red=red)
    assert errors(found) == ["content/turns/001.yaml:1:13: error: red-2 would have 13 elements, more than 12 [army size]\n"
                             "    hint: send at most 8 element(s) to red-2"], found
    assert army(history, "red-2").strength == 4


def test_a_transfer_through_a_fortress_reaches_six_provinces_not_seven(make_campaign):
    """Seed: "If an army wishes to transfer elements to an army 6 provinces away a fortress must be
    in the third province acting as a link." Seven provinces (the fortress third from the giver, four
    from the taker) is beyond it; so is three plus four the other way round."""
    blue = "provinces: [10, 11]\n    capital: 11\n    armies: [10]"
    red = "provinces: [1, 2, 3, 4, 5, 6, 7, 8]\n    capital: 1\n    fortress: {fort}\n    armies: [1, {{at: 8, elements: 8}}]"
    for fort in (4, 5):
        history, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 3}]\n"},
                              red=red.format(fort=fort), blue=blue)
        assert any("error: red-2 is 7 provinces from red-1: elements move up to 3" in p
                   and "hint: a fortress of the clan within 3 of both extends the reach to 6" in p for p in found), found
        assert army(history, "red-2").strength == 8


def test_a_transfer_reaches_three_provinces_not_four(make_campaign):
    blue = "provinces: [10, 11]\n    capital: 11\n    armies: [10]"
    red = "provinces: [1, 2, 3, 4, 5]\n    capital: 1\n    armies: [1, {{at: {at}, elements: 8}}]"
    history, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 3}]\n"},
                          red=red.format(at=4), blue=blue)
    assert errors(found) == [] and army(history, "red-2").strength == 11
    _, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 3}]\n"},
                    red=red.format(at=5), blue=blue)
    assert any("error: red-2 is 4 provinces from red-1: elements move up to 3" in p for p in found), found


# ---- the Shogunate: 20 provinces and 200 prestige, exactly -----------------------------------------

def claimant(provinces: int) -> str:
    held = [n for n in range(1, 40) if n != 18][:provinces]          # Kyoto (18) is no one's
    return f"""
  - id: red
    provinces: {held}
    capital: 1
    armies: [1, 2, 3]
    start_card: K
  - id: blue
    provinces: [31, 32, 33, 34, 35]
    capital: 35
    armies: [31, 32, 33]
    start_card: "5"
"""


def test_the_shogunate_is_claimed_with_twenty_provinces_and_200_prestige_not_fewer(make_campaign):
    """Seed: "A clan with 20 provinces, 200 prestige and the Marriage card may claim the Shogunate."
    Exactly 20 and 200 may; 19 provinces or 199 prestige may not."""
    turn = {1: "cards: {red: marriage}\ndiplomacy: {claim: red}\n"}
    history, found = play_grid(make_campaign, claimant(20), turn, options="start_prestige: 200")
    assert [(e.clan, e.provinces, e.prestige) for e in events_of(history, 1, "ShogunateClaimed")] == [("red", 20, 200)], found
    for provinces, prestige, lacks in ((19, 200, "19 provinces of 20"), (20, 199, "199 prestige of 200")):
        history, found = play_grid(make_campaign, claimant(provinces), turn, options=f"start_prestige: {prestige}")
        assert events_of(history, 1, "ShogunateClaimed") == []
        assert any(f"error: red cannot claim the Shogunate: {lacks} [claiming the Shogunate]" in p for p in found), found


# ---- allied contingents march at most 3 + 2 provinces ----------------------------------------------

FAR_ALLIES = """
  - id: red
    provinces: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    capital: 3
    fortress: 8
    armies: [8, 3, 7]
    start_card: K
  - id: green
    provinces: [31, 32, 33, 34, 35]
    capital: 33
    armies: [34, 35]             # green-1 at 34, five provinces from 17; green-2 at 35, six
    start_card: Q
  - id: blue
    provinces: [16, 17, 19, 20]
    capital: 17
    fortress: 19
    armies: [16, 17, 20]
    start_card: "5"
"""


def test_a_contingent_marches_five_provinces_not_six(make_campaign):
    """Seed: an allied contingent joins a battle; reading (docs/rules/sengoku.md): it marches as an
    army does, 3 provinces and 2 by forced march (one element each). green-1, five provinces from
    Seventeen, sends 3 and loses 2 on the way; green-2, six away, cannot."""
    turn = """
        diplomacy: {{alliances: [[red, green]]}}
        moves: {{red-3: [12, 17]}}
        responses: {{blue-2: battle}}
        battles:
          - at: 17
            attacker: {{army: red-3, lost: 1, allies: [{{army: {ally}, elements: 3, lost: 0}}]}}
            defender: {{army: blue-2, lost: 4}}
        """
    history, found = play_grid(make_campaign, FAR_ALLIES, {1: turn.format(ally="green-1")})
    assert errors(found) == [], found
    assert [(e.army, e.lost) for e in events_of(history, 1, "ElementsLost")] == [("green-1", 2)]
    assert army(history, "green-1").strength == 10
    _, found = play_grid(make_campaign, FAR_ALLIES, {1: turn.format(ally="green-2")})
    assert any("error: green-2 is 6 provinces from Province 17; a contingent marches at most 5" in p for p in found), found


def test_no_battle_is_fought_in_january_so_every_army_in_quarters_is_reinforced(make_campaign):
    """Seed: "An army in quarters for the whole winter turn gains 3 elements." Could an army in
    quarters fight in January, and so not be there all turn? blue-1 besieges red-2 in the fortress
    of Two from November; in January the siege is lifted and blue-1, outside quarters, marches
    home before any battle (here: more than five provinces away, it is destroyed), so red-2's sally
    cannot be fought and red-2 is reinforced (winter.reinforce relies on this)."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, {at: 2, elements: 8}, 1]"
    turns = {n: "title: quiet\n" for n in range(1, 4)}
    turns[4] = "moves: {blue-1: [5, 4, 3]}\ndice: {supply: {blue-1: 1}}\n"
    turns[5] = "moves: {blue-1: [2]}\nresponses: {red-2: fortress}\ndice: {siege: {blue-1: 5}, supply: {blue-1: 1}}\n"
    turns[6] = "battles:\n  - {at: 2, attacker: {army: red-2, lost: 1}, defender: {army: blue-1, lost: 4}}\n"
    history, found = play(make_campaign, turns, red=red)
    assert any("006.yaml" in p and "the battle at Two cannot be fought: unknown army 'blue-1'" in p for p in found), found
    assert [e.reason for e in events_of(history, 6, "SiegeLifted")] == ["winter intervenes"]
    assert events_of(history, 6, "BattleFought") == []
    assert {e.army: e.gained for e in events_of(history, 6, "WinterReinforced")} == {"red-2": 3}
    assert army(history, "red-2").strength == 11


# ---- each error whole, alone, at its place (scripts/mutate sengoku, second round) ------------------
# An error's place, its rule's name and what it puts in doubt are read by the administrator as much
# as its words: each test below asserts the whole report, so that an error placed elsewhere, tagged
# with no rule, or followed by the consequences it should have silenced, fails.

from .test_sengoku_battles import FIRST, KYOTO_PLAYERS, PER_ENTRANT, SECOND, SIEGE_OF_TWO, SIEGE_RED, THREE_CLANS, TWO_ENTRANTS, TWO_ENTRANTS_BLUE, kyoto, relief  # noqa: E402

ATTACK_THREE = """
moves: {{blue-1: [5, 4, 3]}}
responses: {{red-3: battle}}
battles:
  - {{at: 3, attacker: {{army: blue-1, {blue}}}, defender: {{army: red-3, lost: 4}}}}
"""


def _consequence(line: str, armies: str, cause: str, quoted: str) -> str:
    return (f"content/turns/{line}: warning: 1 more problem about {armies} not reported: it follows from an earlier error "
            f"(turn {cause}) [consequences of an earlier error]\n    hint: fix that error first, then check again; not "
            f"reported: {quoted}")


def test_a_battle_loss_above_the_army_s_strength_is_one_error_at_its_lost(make_campaign):
    """12 elements cannot lose 13: the error is at `lost:`, tagged [battles]; the meeting it leaves
    open follows from it and is counted, not reported again."""
    history, found = play(make_campaign, {1: ATTACK_THREE.format(blue="lost: 13")})
    assert found == [
        "content/turns/001.yaml:4:44: error: blue-1 lost 13 elements but had 12 [battles]\n"
        "    hint: lost: is at most the army's 12 elements (all of them when it is destroyed)",
        _consequence("001.yaml:2:20", "blue-1, red-3", "1: blue-1 lost 13 elements but had 12",
                     "blue-1 (blue) and red-3 (red) are both in the field at Three after the battle phase")]
    assert events_of(history, 1, "BattleFought") == []


def test_the_umpire_s_penalty_costs_elements_beyond_the_battle_s_losses(make_campaign):
    """Seed: players who abuse the time limits "will be penalized with loss of additional elements
    as per umpire's discretion": blue-1 loses 1 in battle and 2 more by the penalty."""
    history, found = play(make_campaign, {1: ATTACK_THREE.format(blue="lost: 1, penalty: 2") + "dice: {supply: {blue-1: 1}}\n"})
    assert errors(found) == [], found
    assert [(e.army, e.clan, e.lost, e.reason) for e in events_of(history, 1, "ElementsLost")] == [
        ("blue-1", "blue", 2, "the umpire's penalty for abusing the time limits")]
    assert army(history, "blue-1").strength == 12 - 1 - 2


def test_a_battle_between_two_armies_of_one_clan_is_placed_at_the_second(make_campaign):
    history, found = play(make_campaign, {1: """
moves: {red-2: [3]}
battles:
  - {at: 3, attacker: {army: red-2, lost: 1}, defender: {army: red-3, lost: 4}}
"""})
    assert found == ["content/turns/001.yaml:3:64: error: a battle with one clan: red-2 and red-3 are both Red's [battle]\n"
                     "    hint: a battle is fought between enemies: check the armies written (did you mean another clan's army?)"]
    assert events_of(history, 1, "BattleFought") == []


def test_a_later_entrant_fought_first_is_one_error_with_the_battle_to_enter_first(make_campaign):
    _, found = play(make_campaign, {1: TWO_ENTRANTS.format(battles=SECOND + FIRST)}, blue=TWO_ENTRANTS_BLUE)
    assert found == [
        "content/turns/001.yaml:6:5: error: blue-2 entered Three after blue-1: red-3 meets blue-1 first [several armies "
        "entering are met in order of entry]\n    hint: enter the battle of red-3 against blue-1 before this one; its "
        "victor then fights blue-2 (or withdraws)",
        _consequence("001.yaml:4:20", "blue-2, red-3", "1: blue-2 entered Three after blue-1: red-3 meets blue-1 first",
                     "blue-2 (blue) and red-3 (red) are both in the field at Three after the battle phase")]


def test_a_third_entrant_fought_before_the_second_is_an_error_though_the_first_has_fought(make_campaign):
    """Three armies enter Three, in this order: blue-1, blue-2, blue-3. red-3 beats blue-1, then the
    battle with blue-3 is entered before blue-2's: the first entrant having fought does not let the
    third jump the second."""
    _, found = play(make_campaign, {1: """
moves:
  blue-1: [3]
  blue-2: [4, 3]
  blue-3: {path: [7, 6, 5, 4, 3], forced: 2}
responses:
  red-3: {blue-1: battle, blue-2: battle, blue-3: battle}
battles:
  - {at: 3, attacker: {army: blue-1, lost: 4}, defender: {army: red-3, lost: 1}}
  - {at: 3, attacker: {army: blue-3, lost: 1}, defender: {army: red-3, lost: 3}}
"""}, blue=TWO_ENTRANTS_BLUE)
    assert errors(found) == [
        "content/turns/001.yaml:9:5: error: blue-3 entered Three after blue-2: red-3 meets blue-2 first [several armies "
        "entering are met in order of entry]\n    hint: enter the battle of red-3 against blue-2 before this one; its "
        "victor then fights blue-3 (or withdraws)"]


def test_the_relieving_side_taking_the_bua_rejects_the_battle(make_campaign):
    """Only the besieger takes the BUA: written on the relief's side, the battle entry is rejected
    (no battle is fought, the castle stays besieged)."""
    history, found = relief(make_campaign,
                            "  - {at: 2, attacker: {army: red-1, lost: 1, bua_taken: true}, defender: {army: blue-1, lost: 3}}\n")
    assert errors(found) == [
        "content/turns/003.yaml:4:57: error: bua_taken: the BUA belongs to the relieving side; only the besieger blue-1 can "
        "take it [relief battles]\n    hint: write bua_taken: on blue-1's side, or remove it"]
    assert events_of(history, 3, "BattleFought") == [] and "p2" in history.final.sieges


def test_a_withdrawal_onto_an_enemy_army_is_refused_and_the_hint_leaves_it_out(make_campaign):
    """Seed: a defender may "refuse battle and retreat out of the province, moving directly away from
    the enemy": not back where the enemy came from, not onto another enemy. blue-2 has entered Six;
    red-2, met in Five by blue-1 from Eight, cannot withdraw to Six; Two and Three are left."""
    red = "provinces: [1, 2, 3, 4, 5, 6, 7]\n    fortress: 2\n    armies: [1, 5, 1]"
    blue = "provinces: [8, 9, 10, 11]\n    fortress: 9\n    armies: [8, 9, 11]"
    history, found = play_branching(make_campaign, {1: "moves: {blue-2: [6], blue-1: [5]}\nresponses: {red-2: {retreat: 6}}\n"},
                                    red, blue)
    assert errors(found)[0] == (
        "content/turns/001.yaml:2:20: error: red-2 cannot withdraw to Six: the enemy army blue-2 stands in Six "
        "[refusing battle]\n    hint: it may withdraw to p2, p3")
    assert army(history, "red-2").province == "p5" and events_of(history, 1, "BattleRefused") == []


# ---- the Big Battle in Kyoto ---------------------------------------------------------------------

def test_a_big_battle_outside_kyoto_is_one_error(make_campaign):
    _, found = play(make_campaign, {1: TWO_ENTRANTS.format(battles="""
  - at: 3
    attacker: [{army: blue-1, lost: 4}, {army: blue-2, lost: 1}]
    defender: {army: red-3, lost: 1}
""")}, blue=TWO_ENTRANTS_BLUE)
    assert errors(found) == [
        "content/turns/001.yaml:7:5: error: 3 armies in one battle at Three: only a battle in Kyoto with more than two "
        "armies present is a Big Battle [Big Battle DBA in Kyoto]\n    hint: elsewhere two armies fight (with allied "
        "contingents); several armies entering are met one at a time, in order of entry"]


def test_a_big_battle_naming_an_unknown_army_is_one_error_with_a_did_you_mean(make_campaign):
    _, found = kyoto(make_campaign, """
  - at: 18
    attacker: [{army: blue-1, lost: 5}, {army: blue-3x, lost: 3}]
    defender: [{army: red-1, lost: 4}, {army: red-2, lost: 3}, {army: green-1, lost: 3}]
""")
    assert errors(found) == [
        "content/turns/001.yaml:7:48: error: the battle at Kyoto cannot be fought: unknown army 'blue-3x' [battles]\n"
        "    hint: did you mean 'blue-3' or 'blue-2' or 'blue-1'?"]


def test_a_big_battle_naming_an_army_on_both_sides_is_one_error_with_its_hint(make_campaign):
    """red-2 written on both sides: one error for the entry, its rule and hint whole; nothing is
    fought. (Twice on one side the file format's check also reports it, at the repeated entry.)"""
    history, found = kyoto(make_campaign, """
  - at: 18
    attacker: [{army: blue-1, lost: 5}, {army: blue-2, lost: 3}, {army: red-2, lost: 0}]
    defender: [{army: red-1, lost: 4}, {army: red-2, lost: 3}, {army: green-1, lost: 3}]
""")
    assert errors(found) == [
        "content/turns/001.yaml:6:5: error: red-2 is written twice in the battle at Kyoto [Big Battle DBA in Kyoto]\n"
        "    hint: name each army once, on the side it fought for"], found
    assert events_of(history, 1, "BattleFought") == []


def test_a_big_battle_with_enemies_on_one_side_is_an_error(make_campaign):
    """Blue and Green are enemies: written on one side, the entry is rejected."""
    _, found = kyoto(make_campaign, """
  - at: 18
    attacker: [{army: blue-1, lost: 5}, {army: blue-2, lost: 3}, {army: green-1, lost: 3}]
    defender: [{army: red-1, lost: 4}, {army: red-2, lost: 3}]
""")
    assert errors(found) == [
        "content/turns/001.yaml:6:5: error: blue-1 (blue) and green-1 (green) are written on the same side but are enemies "
        "[Big Battle DBA in Kyoto]\n    hint: a side is one clan and its allies: move one of them to the other side, or "
        "check the alliances"]


def test_a_big_battle_with_allies_written_as_enemies_or_an_army_both_fighting_and_sending_is_an_error(make_campaign):
    """Green, Red's ally, written against Red: [battles]. green-1 both on the table and sending a
    contingent to red-1: an army fighting in the Big Battle cannot also send one."""
    _, found = kyoto(make_campaign, """
  - at: 18
    attacker: [{army: green-1, lost: 5}]
    defender: [{army: red-1, lost: 4}, {army: red-2, lost: 3}]
""")
    assert errors(found) == [
        "content/turns/001.yaml:6:5: error: green-1 and red-1 are written on opposite sides but are not enemies (green and "
        "red) [battles]\n    hint: allies fight on the same side: move one of them, or check the alliances"]
    _, found = kyoto(make_campaign, """
  - at: 18
    attacker: [{army: blue-1, lost: 5}, {army: blue-2, lost: 3}]
    defender: [{army: red-1, lost: 4, allies: [{army: green-1, elements: 3, lost: 0}]}, {army: red-2, lost: 3}, {army: green-1, lost: 3}]
""")
    assert errors(found) == [
        "content/turns/001.yaml:8:48: error: green-1 fights in this battle itself [allied contingents]\n    hint: an ally's "
        "contingent comes from an army of an allied clan within reach that does not fight here itself"]


def test_a_big_battle_contingent_marching_beyond_a_move_pays_its_forced_march(make_campaign):
    """Seed: allied contingents "may move as per normal movement rules (including force marches) to
    reach the battlefield". With `move: 1`, green-2's contingent marches two provinces from
    Twenty-four to Kyoto: one forced, one element, besides the one it lost in the battle."""
    history, found = play_grid(make_campaign, KYOTO_PLAYERS, {1: """
cards: {red: marriage, green: bitter_enders}
diplomacy: {alliances: [[red, green]], claim: red}
moves: {red-1: [18], red-2: {path: [13, 18], forced: 1}, green-1: [18], blue-1: [18], blue-2: {path: [19, 18], forced: 1}}
battles:
  - at: 18
    attacker: [{army: blue-1, lost: 5}, {army: blue-2, lost: 3}]
    defender: [{army: red-1, lost: 4, allies: [{army: green-2, elements: 3, lost: 1}]}, {army: red-2, lost: 3}, {army: green-1, lost: 3, cards: [bitter_enders]}]
"""}, options="shogun_provinces: 3\n  shogun_prestige: 0\n  move: 1")
    assert errors(found) == [], found
    assert [(e.army, e.clan, e.lost, e.reason) for e in events_of(history, 1, "ElementsLost")] == [
        ("green-2", "green", 1, "forced march of its contingent")]
    assert (army(history, "green-2").province, army(history, "green-2").strength) == ("p24", 12 - 1 - 1)


def test_a_big_battle_loss_above_an_army_s_strength_is_one_error_at_its_lost(make_campaign):
    _, found = kyoto(make_campaign, """
  - at: 18
    attacker: [{army: blue-1, lost: 5}, {army: blue-2, lost: 3}]
    defender: [{army: red-1, lost: 13}, {army: red-2, lost: 3}, {army: green-1, lost: 3}]
""")
    assert errors(found) == [
        "content/turns/001.yaml:8:36: error: red-1 lost 13 elements but had 12 [battles]\n"
        "    hint: lost: is at most the army's 12 elements (all of them when it is destroyed)"]


def test_a_big_battle_is_lost_by_the_defenders_commander_in_chief_s_general(make_campaign):
    """Neither side broke (4 of 8, 11 of 12); red-1, the defenders' commander-in-chief (written
    first), lost its general and its side more elements: the defenders lose, and every army of
    theirs retreats towards its own capital."""
    history, found = kyoto(make_campaign, """
  - at: 18
    attacker: [{army: blue-1, lost: 2}, {army: blue-2, lost: 2}]
    defender: [{army: red-1, lost: 5, general_lost: true}, {army: red-2, lost: 3}, {army: green-1, lost: 3}]
""")
    assert errors(found) == [], found
    (b,) = events_of(history, 1, "BattleFought")
    assert (b.lost, b.breaking, b.winner, b.loser, b.how) == (
        (4, 11), (8, 12), "blue-1", "red-1", "the enemy's commander-in-chief lost his general and the side more elements")
    assert [(e.army, e.to) for e in events_of(history, 1, "ArmyRetreated")] == [("red-1", "p13"), ("red-2", "p13"), ("green-1", "p23")]
    # the same battle with winner: red (the losers); then with a BUA claimed where no castle is besieged
    _, found = kyoto(make_campaign, """
  - at: 18
    winner: red
    attacker: [{army: blue-1, lost: 2}, {army: blue-2, lost: 2}]
    defender: [{army: red-1, lost: 5, general_lost: true}, {army: red-2, lost: 3}, {army: green-1, lost: 3}]
""")
    assert found == [
        "content/turns/001.yaml:7:13: error: the entry says red won, but by the losses the attackers won (the enemy's "
        "commander-in-chief lost his general and the side more elements) [battles]\n    hint: losses 4–11, breaking points 8 and 12"]
    _, found = kyoto(make_campaign, """
  - at: 18
    attacker: [{army: blue-1, lost: 2, bua_taken: true}, {army: blue-2, lost: 2}]
    defender: [{army: red-1, lost: 5, general_lost: true}, {army: red-2, lost: 3}, {army: green-1, lost: 3}]
""")
    assert errors(found) == [
        "content/turns/001.yaml:6:5: error: bua_taken: there is no relief battle at Kyoto [relief battles]\n"
        "    hint: the BUA rules apply to an army attacking the besieger of its own (or an ally's) castle"], found


def test_a_big_battle_army_losing_every_element_is_destroyed_on_the_winning_side_too(make_campaign):
    """green-1 loses all 12 of its elements, but its side (36 elements, 12 + Bitter Enders 2 = 14 to
    break) holds and wins: green-1 is destroyed, the others stay in Kyoto."""
    history, found = kyoto(make_campaign, """
  - at: 18
    attacker: [{army: blue-1, lost: 5}, {army: blue-2, lost: 3}]
    defender: [{army: red-1, lost: 0}, {army: red-2, lost: 0}, {army: green-1, lost: 12, cards: [bitter_enders]}]
""")
    assert errors(found) == [], found
    (b,) = events_of(history, 1, "BattleFought")
    assert (b.lost, b.breaking, b.winner) == ((8, 12), (8, 14), "red-1")
    assert [(e.army, e.clan, e.province, e.reason) for e in events_of(history, 1, "ArmyDestroyed")] == [
        ("green-1", "green", "p18", "every element lost in battle")]
    assert army(history, "green-1") is None and army(history, "red-1").province == "p18"


def test_a_big_battle_retreat_written_wrong_is_placed_at_its_retreat(make_campaign):
    """A beaten army's `retreat:` must name a province one step nearer its capital; Fourteen is not:
    the error is at that `retreat:`, and the army retreats by the rule."""
    history, found = kyoto(make_campaign, """
  - at: 18
    attacker: [{army: blue-1, lost: 5, retreat: 14}, {army: blue-2, lost: 3}]
    defender: [{army: red-1, lost: 4}, {army: red-2, lost: 3}, {army: green-1, lost: 3, cards: [bitter_enders]}]
""")
    assert errors(found) == [
        "content/turns/001.yaml:7:49: error: blue-1 cannot retreat to Province 14 [retreat after battle]\n"
        "    hint: a beaten army retreats one province towards its capital, not across the sea nor onto an enemy: p19"]
    assert army(history, "blue-1").province == "p19"


# ---- winter: what is left after the march, at 1 and at 0 ------------------------------------------

def test_winter_leaves_an_army_of_one_element_and_destroys_an_army_of_none(make_campaign):
    """Seed: an army outside quarters at the onset of winter "loses 3 elements plus an additional 3
    elements for each province more than three provinces away". At January's onset (the campaign
    starts in January), red-2 (4 elements) is 3 provinces from the fortress Two: it loses 3 and
    arrives with 1. red-3 (3 elements) then finds Two full (a fortress holds one army) and marches 3
    provinces to the capital One: it loses its 3 and is destroyed on the march. red-1, on the island
    Ten, has no way by land to any quarters: destroyed, every element lost."""
    red = "provinces: [1, 2, 3, 4, 5, 10]\n    capital: 1\n    fortress: 2\n    armies: [10, {at: 5, elements: 4}, {at: 4, elements: 3}]"
    history, found = play(make_campaign, {1: "title: winter\n"}, red=red, options="start_month: January")
    assert errors(found) == [], found
    assert [(e.army, e.distance, e.lost, e.quarters) for e in events_of(history, 1, "WinterAttrition")
            if e.clan == "red"] == [("red-1", 0, 12, None), ("red-2", 3, 3, "p2"), ("red-3", 3, 3, "p1")]
    assert [(e.army, e.reason) for e in events_of(history, 1, "ArmyDestroyed") if e.clan == "red"] == [
        ("red-1", "no winter quarters can be reached"), ("red-3", "the winter march")]
    assert (army(history, "red-2").province, army(history, "red-2").strength) == ("p2", 1)
    assert army(history, "red-3") is None


def test_a_winter_march_written_to_no_quarters_is_an_error_at_the_move(make_campaign):
    """Seed: "There is no movement allowed during the winter months, armies that are not in
    fortresses during winter may move only to try and reach winter quarters": red-3's march to Four
    is refused (the hint names the quarters with room) and it is marched to quarters all the same."""
    red = "provinces: [1, 2, 3, 4, 5]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 5]"
    history, found = play(make_campaign, {1: "moves: {red-3: [4]}\n"}, red=red, options="start_month: January")
    assert errors(found) == [
        "content/turns/001.yaml:1:16: error: in winter red-3 may only march to winter quarters; Four is not a fortress or "
        "capital of red with room [no movement in winter]\n    hint: quarters with room: p1"]
    assert army(history, "red-3").province == "p1"


# ---- ninja: the die below the wound fails; the spy's card; the usurper -------------------------------

def test_a_ninja_die_below_the_wound_fails_and_the_spy_card_is_played_to_help(make_campaign):
    """Seed: "on a roll of 6 the player is assassinated and wounded on a roll of 5": a 3, +1 for
    the sender's Spy, is 4: the attempt fails. Both cards are played (the Ninja -5 all the same)."""
    history, found = play(make_campaign, {1: "cards: {blue: ninja}\n", 2: """
        cards: {blue: spy}
        dice: {initiative: {red: 1, blue: 2}, ninja: {red: 3}}
        diplomacy: {ninja: [{by: blue, target: red, spy: by}]}
        """}, options="deck: {ninja: 2, spy: 4}")
    assert errors(found) == [], found
    (attempt,) = events_of(history, 2, "NinjaAttempt")
    assert (attempt.by, attempt.target, attempt.roll, attempt.modifier, attempt.outcome) == ("blue", "red", 3, 1, "failed")
    assert [(e.clan, e.card, e.purpose) for e in events_of(history, 2, "CardPlayed")] == [
        ("blue", "ninja", "against red"), ("blue", "spy", "to help the ninja")]
    assert history.final.clans["red"].status == "in"


def test_a_usurper_s_battle_missing_is_an_error_and_a_lost_one_puts_the_clan_out(make_campaign):
    """Seed: "On a roll of 1,2,or 3 a clan general attempts to seize the clan ... If they lose the
    player is out of the game". The heir's 3: without the battle's result, an error (tagged with its
    rule); with `usurper: {red: lost}`, red is out and the succession says so with its die."""
    turn = """
        cards: {blue: ninja}
        diplomacy: {ninja: [{by: blue, target: red}]}
        dice: {ninja: {red: 6}, heir: {red: 3}}
        """
    _, found = play(make_campaign, {1: turn})
    assert errors(found) == [
        "content/turns/001.yaml:2:21: error: red's heir rolled 3: a general tries to seize the clan, and the battle's result "
        "is missing [ninja: succession]\n    hint: fight the usurper's battle (blue plays the general) and write  usurper: "
        "{red: won}  or lost"]
    history, found = play(make_campaign, {1: turn + "usurper: {red: lost}\n"})
    assert errors(found) == [], found
    (succession,) = events_of(history, 1, "Succession")
    assert (succession.clan, succession.roll, succession.outcome) == ("red", 3, "usurped")
    assert [(d.purpose, d.subject, d.value, d.recorded) for d in succession.dice] == [("heir", "red", 3, True)]
    assert history.final.clans["red"].status == "usurped"


def test_a_ninja_against_itself_or_from_or_against_a_clan_put_out_this_turn_is_refused(make_campaign):
    """A ninja is sent by a clan still playing against another clan still playing: Blue's ninja
    against itself is refused; Blue's next assassinates Red's daimyo, whose heir rolls 2 and whose
    general wins the usurper's battle: Red is out, so its own ninja against Blue, and a second of
    Blue's against Red, written after it in the same turn, are refused too (each one error, its
    hint whole; no card played, no die rolled for them)."""
    history, found = play(make_campaign, {1: """
        cards: {blue: ninja, red: ninja}
        diplomacy:
          ninja:
            - {by: blue, target: blue}
            - {by: blue, target: red}
            - {by: red, target: blue}
            - {by: blue, target: red}
        dice: {ninja: {red: 6}, heir: {red: 2}}
        usurper: {red: lost}
        """})
    hint = "\n    hint: a ninja is sent by a clan still playing against another clan still playing"
    assert errors(found) == [
        "content/turns/001.yaml:4:7: error: blue cannot send a ninja against blue [ninja]" + hint,
        "content/turns/001.yaml:6:7: error: red cannot send a ninja against blue [ninja]" + hint,
        "content/turns/001.yaml:7:7: error: blue cannot send a ninja against red [ninja]" + hint], found
    (attempt,) = events_of(history, 1, "NinjaAttempt")
    assert (attempt.by, attempt.target, attempt.outcome) == ("blue", "red", "assassinated")
    assert [(e.clan, e.card) for e in events_of(history, 1, "CardPlayed")] == [("blue", "ninja")]
    assert history.final.clans["red"].status == "usurped"


def test_a_ninja_s_6_less_the_target_s_spy_wounds_and_both_dice_are_kept(make_campaign):
    """Seed: a 6 assassinates, a 5 wounds; a Spy played by the target takes 1 off. Blue's 6, less
    Red's Spy, is 5: Red's daimyo is wounded for the wound die's 3 turns (turns 1 to 3). The attempt
    keeps both its dice, the ninja's and the wound's, in that order (the turn page and the state
    JSON list them)."""
    history, found = play(make_campaign, {1: """
        cards: {blue: ninja, red: spy}
        diplomacy: {ninja: [{by: blue, target: red, spy: target}]}
        dice: {ninja: {red: 6}, wound: {red: 3}}
        """})
    assert errors(found) == [], found
    (attempt,) = events_of(history, 1, "NinjaAttempt")
    assert (attempt.roll, attempt.modifier, attempt.outcome, attempt.wound_turns) == (6, -1, "wounded", 3)
    assert [(d.purpose, d.subject, d.value, d.recorded) for d in attempt.dice] == [("ninja", "red", 6, True),
                                                                                   ("wound", "red", 3, True)]
    assert history.final.clans["red"].wounded_until == 3 and history.final.clans["red"].status == "in"
    assert attempt.describe() == ("blue sent a ninja against red: d6 6 -1 spy — red's daimyo is wounded for 3 turns: "
                                  "no orders out of his own provinces")


def test_a_target_s_spy_not_held_takes_nothing_off_the_ninja(make_campaign):
    """The target's Spy counts only when played: Red, holding none, is told so, and Blue's 5 stays
    5 (no -1): Red's daimyo is wounded, not spared."""
    history, found = play(make_campaign, {1: """
        cards: {blue: ninja, red: forage}
        diplomacy: {ninja: [{by: blue, target: red, spy: target}]}
        dice: {ninja: {red: 5}, wound: {red: 1}}
        """})
    assert errors(found) == ["content/turns/001.yaml:2:50: error: red plays spy but does not hold it [event cards]\n"
                             "    hint: red holds forage; a card is played once, from the hand"], found
    (attempt,) = events_of(history, 1, "NinjaAttempt")
    assert (attempt.roll, attempt.modifier, attempt.outcome, attempt.wound_turns) == (5, 0, "wounded", 1)
    assert history.final.clans["red"].wounded_until == 1


# ---- a step between provinces no link joins: which rule it breaks ---------------------------------

COASTS = """
title: Sengoku coasts
ruleset: sengoku
seed: 3
players:
  - {id: red, provinces: [1, 2, 3], capital: 1, armies: [1], start_card: K}
  - {id: blue, provinces: [6], capital: 6, armies: [6], start_card: "5"}
options:
  deck: {forage: 10}
  start_armies: 1
map:
  name: Two coasts with a way by land
  provinces:
    p1: {number: 1, name: One, at: [0, 0]}
    p2: {number: 2, name: Two, at: [1, 0]}
    p3: {number: 3, name: Three, at: [2, 0]}
    p4: {number: 4, name: Four, at: [0, 1]}
    p5: {number: 5, name: Five, at: [2, 1]}
    p6: {number: 6, name: Six, at: [4, 0]}
  links:
    - [p1, p2]
    - [p2, p3]
    - [p1, p4, sea]
    - [p3, p5, sea]
"""


def test_a_skipped_province_between_two_coasts_is_a_movement_error_when_the_land_way_is_within_reach(make_campaign):
    """One and Three are both coasts (each has a sea route) and no link joins them; but the way by
    land, One → Two → Three, is within a move's reach (3 + 2 forced): the rule broken is "each step
    enters a neighbouring province", not the sea routes. The hint lists One's neighbours, those by
    sea apart."""
    root = make_campaign(COASTS, {1: "moves: {red-1: [3]}\n"})
    history, problems = replay_folder(root)
    assert history is not None, problems
    assert [p.format() for p in history.problems] == [
        "content/turns/001.yaml:1:17: error: red-1 cannot go from One to Three: they share no border [movement: each step "
        "enters a neighbouring province]\n    hint: from One an army can enter p2, p4 (by sea: p4); by land the way is "
        "p1 → p2 → p3"]


# ---- movement errors whole, with the options' numbers ------------------------------------------------

def test_movement_errors_state_the_options_in_force_at_their_place(make_campaign):
    """Seed: "Each turn a clan may move each of their armies up to 3 provinces ... For each province
    an army is forced marched, it loses one element ... The maximum number of provinces that an army
    may be force marched is two." Six provinces is one too many (the error is at the sixth); four
    need forced: 1, whose cost the hint gives from `forced_march_cost` (here 2 elements); forced: 1
    on a move of one province is an error of its own."""
    _, found = play(make_campaign, {1: """
moves:
  red-1: [2, 3, 4, 5, 6, 7]
  red-2: [3, 4, 5, 6]
  red-3: {path: [4], forced: 1}
"""}, blue="provinces: [8]\n    capital: 8\n    armies: [8]", options="forced_march_cost: 2")
    assert errors(found) == [
        "content/turns/001.yaml:2:26: error: red-1 moves 6 provinces; at most 3 and 2 by forced march [movement]\n"
        "    hint: an army enters at most 5 provinces a turn (3, and 2 more by forced march)",
        "content/turns/001.yaml:3:3: error: red-2 moves 4 provinces without forced march [forced march]\n"
        "    hint: write  red-2: {path: [...], forced: 1}  (2 elements per province forced)",
        "content/turns/001.yaml:4:3: error: red-3 writes forced: 1 for a move of 1 province (forced: 0) [forced march]\n"
        "    hint: forced: is the provinces beyond the first 3: write forced: 0, or leave it out"]
    _, found = play(make_campaign, {1: "moves: {red-2: [3, 4, 5, 6]}\n"}, options="forced_march_cost: 1")
    assert found[0].endswith("hint: write  red-2: {path: [...], forced: 1}  (1 element per province forced)")


def test_a_link_kind_the_campaign_closes_and_a_neutral_army_leaving_its_land_are_errors_at_the_step(make_campaign):
    _, found = play(make_campaign, {1: "moves: {red-1: [10]}\n"}, options="move_links: [land, mountain]")
    assert found == ["content/turns/001.yaml:1:17: error: red-1 cannot cross the sea link from One to Ten [movement]\n"
                     "    hint: armies move along land, mountain links (the campaign's move_links)"]
    _, found = play(make_campaign, {1: "moves: {blue-1: [5]}\n"},
                    blue="provinces: [6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]\n    neutral: true")
    assert errors(found) == ["content/turns/001.yaml:1:18: error: blue-1 is a neutral army and does not leave blue's land "
                             "(Five is not theirs) [neutral clans]\n    hint: a neutral army moves only within blue's provinces"]


def test_a_step_to_a_province_reached_only_by_sea_from_an_inland_province_is_a_movement_error(make_campaign):
    """Two has no sea route and no land way leads to Twelve (an island): the rule broken is "each
    step enters a neighbouring province", and there is no way by land to give."""
    _, found = play(make_campaign, {1: "moves: {red-2: [12]}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:1:17: error: red-2 cannot go from Two to Twelve: they share no border [movement: each step "
        "enters a neighbouring province]\n    hint: from Two an army can enter p1, p3"]


def test_an_unknown_army_and_an_unknown_clan_name_what_there_is(make_campaign):
    _, found = play(make_campaign, {1: "moves: {zzz-9: [4]}\ncards: {reed: forage}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:2:9: error: unknown clan 'reed' [clan]\n    hint: did you mean 'red'?",
        "content/turns/001.yaml:1:9: error: unknown army 'zzz-9' [movement]\n"
        "    hint: armies now: blue-1, blue-2, blue-3, red-1, red-2, red-3"]


def test_a_spy_not_held_adds_nothing_to_the_ninja_and_the_heir_s_die_is_kept(make_campaign):
    """Blue sends a ninja with a Spy it does not hold: an error, and the ninja's 6 counts as rolled,
    with no +1. Red's heir rolls 4 and holds the clan; both dice are in the state JSON, whole."""
    history, found = play(make_campaign, {1: """
        cards: {blue: ninja}
        diplomacy: {ninja: [{by: blue, target: red, spy: by}]}
        dice: {ninja: {red: 6}, heir: {red: 4}}
        """}, options="deck: {ninja: 2, spy: 2}")
    assert errors(found) == ["content/turns/001.yaml:2:50: error: blue plays spy but does not hold it [event cards]\n"
                             "    hint: blue holds no cards; a card is played once, from the hand"]
    (attempt,) = events_of(history, 1, "NinjaAttempt")
    assert (attempt.roll, attempt.modifier, attempt.outcome) == (6, 0, "assassinated")
    (succession,) = events_of(history, 1, "Succession")
    assert (succession.outcome, [d.value for d in succession.dice]) == ("heir", [4])
    campaign = history.campaign
    dice = campaign.ruleset.to_json(campaign, history.final, history.result(1).events)["dice"]
    assert [{k: v for k, v in d.items() if k != "event"} for d in dice] == [
        {"purpose": "ninja", "subject": "red", "index": 0, "value": 6, "recorded": True, "kind": "ninja-attempt"},
        {"purpose": "heir", "subject": "red", "index": 0, "value": 4, "recorded": True, "kind": "succession"}]


def test_a_winter_march_with_forage_names_its_card_and_the_map_links_the_march_to_its_event(make_campaign):
    """Seed: "If the player has a forage card, it can reduce the number of elements lost by 1."
    red-3, four provinces from the capital One (the fortress Two is full), loses 3 + 3 - 1: the
    Forage is played for "winter, red-3", and the map's winter march links to its event."""
    red = "provinces: [1, 2, 3, 4, 5]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 5]"
    history, found = play(make_campaign, {1: "cards: {red: forage}\nplay: {forage: red-3}\n"}, red=red,
                          options="start_month: January")
    assert errors(found) == [], found
    assert [(e.clan, e.card, e.purpose) for e in events_of(history, 1, "CardPlayed")] == [("red", "forage", "winter, red-3")]
    result = history.result(1)
    marks = history.campaign.ruleset.map_marks(history.campaign, result.before, result.after, result.record, result.events)
    march = next(o for o in marks.orders if o.army == "red-3")
    assert (march.path, march.phase, march.name, march.title) == (
        ("p5", "p4", "p3", "p2", "p1"), "winter", "Winter march",
        "Red: red-3 marches to winter quarters in One — arrived, 5 elements lost")
    assert result.events[march.event].kind == "winter-attrition" and result.events[march.event].army == "red-3"


def test_a_card_written_once_the_deck_is_empty_is_an_error_at_it_and_a_jack_is_below_a_queen(make_campaign):
    """Seed: "After the last card has been drawn from the deck, the turn is played out (even if all
    players did not receive a card)": Blue's card, written after Red drew the only one, is an error
    at Blue's card. First turn's order (seed: "Joker is the highest, followed by Ace, King and so
    on"): a queen before a jack."""
    _, found = play(make_campaign, {1: "cards: {red: forage, blue: forage}\n"}, options="deck: {forage: 1}")
    assert errors(found) == ["content/turns/001.yaml:1:28: error: blue cannot draw 'forage': deck 1 is empty [event cards]\n"
                             "    hint: after the last card the turn is played out without further draws"]
    history, found = play(make_campaign, {1: "title: one\n"},
                          red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 3]\n    start_card: jack",
                          blue="provinces: [6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]\n    start_card: queen")
    assert errors(found) == [], found
    assert [e.order for e in events_of(history, 1, "MovementOrder")] == [("blue", "red")]


def test_move_and_draw_errors_whole_kyoto_an_enemy_on_the_way_and_a_card_too_many(make_campaign):
    """Each error at its place with its rule: two cards written where the campaign draws one
    (`cards_drawn`); a move into Kyoto with no claim in force; a withdrawal into Kyoto; a move going
    on past an enemy army ("if an army enters a province containing a defending army" its move
    ends there)."""
    _, found = play(make_campaign, {1: "cards: {red: [forage, forage]}\nmoves: {red-3: [9]}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:1:14: error: red draws 1 card(s) a turn, 2 written [event cards]\n"
        "    hint: write the 1 card(s) red drew this turn",
        "content/turns/001.yaml:2:17: error: red-3 cannot enter Kyoto: Kyoto is entered only to claim the Shogunate or to "
        "stop a claim [Kyoto]\n    hint: write  diplomacy: {claim: CLAN}  in the turn the claimant moves in"]
    _, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: {retreat: 9}}\n"})
    assert errors(found) == ["content/turns/001.yaml:2:20: error: red-3 cannot withdraw to Kyoto: Kyoto is entered only to "
                             "claim the Shogunate [refusing battle]\n    hint: it may withdraw to p2"]
    history, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: {retreat: 2}}\n"})
    assert [(e.army, e.clan, e.to) for e in events_of(history, 1, "BattleRefused")] == [("red-3", "red", "p2")]
    _, found = play(make_campaign, {1: "moves: {blue-1: {path: [5, 4, 3, 2], forced: 1}}\n"})
    assert errors(found) == ["content/turns/001.yaml:1:34: error: blue-1 must stop in Three: the enemy army red-3 stands "
                             "there [meeting an enemy]\n    hint: an army entering a province with an enemy army ends its "
                             "move there"]


def test_a_retreated_army_s_side_step_says_it_is_not_nearer(make_campaign):
    red = "provinces: [1, 2, 3, 4, 5, 6, 7]\n    fortress: 2\n    armies: [1, 5, 1]"
    _, found = play_branching(make_campaign, {1: "moves: {blue-1: [5]}\nresponses: {red-2: {retreat: 3}}\n",
                                              2: "moves: {red-2: [2]}\n"}, red, BLUE)
    assert errors(found) == ["content/turns/002.yaml:1:17: error: red-2 retreated last turn and may only move back towards "
                             "its capital One [retreat]\n    hint: Two is not nearer the capital than Three"]


def test_a_claimant_out_of_the_game_leaves_no_claim(make_campaign):
    """Red claims the Shogunate and holds Kyoto, then commits seppuku (below -20): its claim ends
    with it."""
    history, found = play(make_campaign, {1: "cards: {red: marriage}\ndiplomacy: {claim: red, penalties: [{clan: red, "
                                             "prestige: -40}]}\nmoves: {red-3: [9]}\n"},
                          options="shogun_provinces: 3\n  shogun_prestige: 0")
    assert errors(found) == [], found
    assert history.final.clans["red"].status == "seppuku" and history.final.claim is None


def test_orders_for_unknown_armies_or_clans_and_answers_never_asked_are_errors_at_their_places(make_campaign):
    """A Forage for an army that does not exist, a penalty for an unknown clan, an answer from an
    army no enemy entered and one from an army that does not exist: each its error, at its key."""
    _, found = play(make_campaign, {1: "play: {forage: zzz-1}\ndiplomacy: {penalties: [{clan: reed, prestige: -1}]}\n"
                                       "responses: {red-2: fortress, zzz-2: battle}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:2:32: error: unknown clan 'reed' [clan]\n    hint: did you mean 'red'?",
        "content/turns/001.yaml:1:16: error: unknown army 'zzz-1' [Forage]\n"
        "    hint: armies now: blue-1, blue-2, blue-3, red-1, red-2, red-3",
        "content/turns/001.yaml:3:13: error: red-2 was not entered by an enemy army this turn, so it has nothing to answer "
        "[meeting an enemy]\n    hint: responses: are for a defender whose province an enemy army entered",
        "content/turns/001.yaml:3:30: error: unknown army 'zzz-2' [meeting an enemy]\n"
        "    hint: armies now: blue-1, blue-2, blue-3, red-1, red-2, red-3"]


def test_a_siege_laid_where_no_enemy_castle_stands_is_an_error_at_the_order(make_campaign):
    _, found = play(make_campaign, {1: "moves: {blue-1: [5, 4]}\nbesiege: [blue-1]\n"})
    assert errors(found) == [
        "content/turns/001.yaml:2:11: error: there is no enemy castle in Four for blue-1 to besiege [sieges]\n"
        "    hint: a siege is laid to an enemy clan's fortress or capital in the besieger's province"]


def test_a_refused_move_puts_its_army_and_its_end_in_doubt_not_the_provinces_it_passes(make_campaign):
    """What a refused move puts in doubt is its army and the province it was going to: a later order
    of that army (a siege laid where it stands) follows from the error and is counted, not reported;
    a later problem in a province the move only passed through (Three on the way to Kyoto; Six, a
    neutral army's own province, on its way out of its land) is its own error."""
    _, found = play(make_campaign, {1: "moves: {red-1: [2, 3, 4, 5]}\nbesiege: [red-1]\n"})
    assert found == [
        "content/turns/001.yaml:1:9: error: red-1 moves 4 provinces without forced march [forced march]\n"
        "    hint: write  red-1: {path: [...], forced: 1}  (1 element per province forced)",
        _consequence("001.yaml:2:11", "One, red-1", "1: red-1 moves 4 provinces without forced march",
                     "there is no enemy castle in One for red-1 to besiege")]
    _, found = play(make_campaign, {1: "moves: {red-2: [3, 9]}\nbesiege: [red-3]\n"})
    assert found == [
        "content/turns/001.yaml:1:20: error: red-2 cannot enter Kyoto: Kyoto is entered only to claim the Shogunate or to "
        "stop a claim [Kyoto]\n    hint: write  diplomacy: {claim: CLAN}  in the turn the claimant moves in",
        "content/turns/001.yaml:2:11: error: there is no enemy castle in Three for red-3 to besiege [sieges]\n"
        "    hint: a siege is laid to an enemy clan's fortress or capital in the besieger's province"]
    neutral = "provinces: [6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]\n    neutral: true"
    _, found = play(make_campaign, {1: "moves: {blue-2: [6, 5]}\nbesiege: [blue-1]\n"}, blue=neutral)
    assert errors(found) == [
        "content/turns/001.yaml:1:21: error: blue-2 is a neutral army and does not leave blue's land (Five is not theirs) "
        "[neutral clans]\n    hint: a neutral army moves only within blue's provinces",
        "content/turns/001.yaml:2:11: error: there is no enemy castle in Six for blue-1 to besiege [sieges]\n"
        "    hint: a siege is laid to an enemy clan's fortress or capital in the besieger's province"]


def test_an_answer_to_a_refused_move_follows_from_it_only_where_the_move_was_going(make_campaign):
    """blue-1's move to Two is refused (four provinces, no forced march): red-2's answer, in Two, was
    written for that move and follows from the error (counted, not reported); red-3's, in Three,
    which the move only passed through, is an error of its own."""
    refused = ("content/turns/001.yaml:1:9: error: blue-1 moves 4 provinces without forced march [forced march]\n"
               "    hint: write  blue-1: {path: [...], forced: 1}  (1 element per province forced)")
    _, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3, 2]}\nresponses: {red-2: battle}\n"})
    assert found == [refused, _consequence("001.yaml:2:13", "blue-1, red-2", "1: blue-1 moves 4 provinces without forced march",
                                           "red-2 was not entered by an enemy army this turn, so it has nothing to answer")]
    _, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3, 2]}\nresponses: {red-3: battle}\n"})
    assert found == [refused, "content/turns/001.yaml:2:13: error: red-3 was not entered by an enemy army this turn, so it "
                              "has nothing to answer [meeting an enemy]\n"
                              "    hint: responses: are for a defender whose province an enemy army entered"]


def test_a_written_movement_order_names_each_playing_clan_once_and_the_hint_says_what_is_wrong(make_campaign):
    """An order written in the turn file (agreed, or chosen with a Spy) names each player's clan in the
    game once: one missing, a neutral clan (moved last by the umpire), one named twice, and two faults
    at once are each one error at order:, the hint naming every fault; the order rolled instead is
    the cards' (turn 1). An order of d6s says so in its sentence, with the dice."""
    extra = "  - id: green\n    provinces: [10, 11]\n    capital: 11\n    armies: [10]\n    neutral: true"
    for order, hint in (("[red]", "missing: blue"), ("[red, blue, green]", "not a player's clan in the game: green"),
                        ("[red, red, blue]", "named twice: red"), ("[blue, blue]", "missing: red; named twice: blue")):
        history, found = play(make_campaign, {1: f"order: {order}\n"}, extra_players=extra)
        assert errors(found) == ["content/turns/001.yaml:1:8: error: the movement order must name each clan in the game "
                                 f"once [order of movement]\n    hint: {hint}"], order
        assert [(e.order, e.how) for e in events_of(history, 1, "MovementOrder")] == [
            (("red", "blue"), "first turn: highest card first")]
    history, found = play(make_campaign, {1: "order: [blue, red]\n", 2: "dice: {initiative: {red: 3, blue: 5}}\n"})
    assert errors(found) == []
    assert [e.describe() for t in (1, 2) for e in events_of(history, t, "MovementOrder")] == [
        "Movement order: blue, red (as written)",
        "Movement order: blue, red (highest d6 first, then clockwise: blue 5; red 3)"]


# ---- mutation survivors of 2 December, second sample (on f734d9e), each checked by hand -----------

def test_transfer_errors_whole_at_their_places(make_campaign):
    """A transfer from or to an army that does not exist is an error at that army's value (from: or
    to:), naming the armies it likely meant; a giver that also moves breaks the transfers' rule."""
    _, found = play(make_campaign, {1: "transfers: [{from: red-9, to: red-2, elements: 1}]\n"})
    assert found == ["content/turns/001.yaml:1:20: error: unknown army 'red-9' [transfers]\n"
                     "    hint: did you mean 'red-3' or 'red-2' or 'red-1'?"]
    _, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-9, elements: 1}]\n"})
    assert found == ["content/turns/001.yaml:1:31: error: unknown army 'red-9' [transfers]\n"
                     "    hint: did you mean 'red-3' or 'red-2' or 'red-1'?"]
    _, found = play(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 1}]\nmoves: {red-1: [2]}\n"})
    assert found == ["content/turns/001.yaml:1:13: error: red-1 gives elements and also moves [transfers]\n"
                     "    hint: an army transferring elements must remain stationary"]


COAST = """
title: Sengoku transfer along a coast
ruleset: sengoku
seed: 3
players:
  - {{id: red, provinces: [1, 2, 3, 4, 5, 6, 7], capital: 1, fortress: {fort}, armies: [1, {{at: 7, elements: 8}}], start_card: K}}
  - {{id: blue, provinces: [8], capital: 8, armies: [8], start_card: "5"}}
options:
  deck: {{forage: 10}}
map:
  name: A coast
  provinces:
    p1: {{number: 1, name: One, at: [0, 0]}}
    p2: {{number: 2, name: Two, at: [1, 0]}}
    p3: {{number: 3, name: Three, at: [2, 0]}}
    p4: {{number: 4, name: Four, at: [3, 0]}}
    p5: {{number: 5, name: Five, at: [4, 0]}}
    p6: {{number: 6, name: Six, at: [5, 0]}}
    p7: {{number: 7, name: Seven, at: [6, 0]}}
    p8: {{number: 8, name: Eight, at: [7, 0]}}
  links: [[p1, p2], [p2, p3], [p3, p4], [p4, p5], [p5, p6], [p6, p7], [p7, p8], [p1, p6, sea]]
"""


def test_the_fortress_of_a_long_transfer_is_reached_by_land_not_by_sea(make_campaign):
    """Seed: a transfer 6 provinces away needs "a fortress ... in the third province acting as a
    link". red-1 in One gives to red-2 in Seven, six provinces by land. A fortress in Four, three by
    land from each, links them; one in Six does not, though a sea route puts it next to One: elements
    are transferred by land, as the giver's distance is counted."""
    for fort, lost, strength in ((4, [], 11), (6, ["content/turns/001.yaml:1:13: error: red-2 is 6 provinces from red-1: "
                                                   "elements move up to 3 [transfers]\n    hint: a fortress of the clan within "
                                                   "3 of both extends the reach to 6"], 8)):
        history, problems = replay_folder(make_campaign(COAST.format(fort=fort),
                                                        {1: "transfers: [{from: red-1, to: red-2, elements: 3}]\n"}))
        check_history(history)
        assert errors([p.format() for p in history.problems]) == lost, fort
        assert army(history, "red-2").strength == strength


def test_a_cession_of_a_province_not_held_is_an_error_at_it(make_campaign):
    history, found = play(make_campaign, {1: "diplomacy: {cessions: [{from: red, to: blue, provinces: [6]}]}\n"})
    assert found == ["content/turns/001.yaml:1:58: error: red cannot cede Six: it is not theirs [cessions]\n"
                     "    hint: a clan cedes only provinces it holds; see chronicle state for red's"]
    assert history.final.owners["p6"] == "blue" and events_of(history, 1, "ProvincesCeded") == []


def test_starvation_destroys_an_army_of_one_element_not_one_of_two(make_campaign):
    """Seed: an army out of supply that rolls 6 or more loses an element: red-3, in Five, rolls 6 (+1
    for the distance): with 1 element it is destroyed by starvation, with 2 it keeps 1."""
    for elements, left in ((1, None), (2, 1)):
        red = f"provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, {{at: 3, elements: {elements}}}]"
        history, found = play(make_campaign, {1: "moves: {red-3: [4, 5]}\ndice: {supply: {red-3: 6}}\n"}, red=red)
        assert errors(found) == [], found
        assert [(e.army, e.reason) for e in events_of(history, 1, "ArmyDestroyed")] == ([] if left else [("red-3", "starvation")])
        assert (army(history, "red-3").strength if left else army(history, "red-3")) == left


def test_a_besieger_worn_to_nothing_by_its_siege_is_destroyed_and_the_siege_lifted(make_campaign):
    """Seed: a failed siege roll costs the besieger an element: blue-1, with 1 element, lays siege to
    Two's empty castle and fails (a 1): it is destroyed, and the siege is lifted."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 1, 1]"
    blue = "provinces: [4, 5, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [{at: 4, elements: 1}, 7, 8]"
    history, found = play(make_campaign, {1: "moves: {blue-1: [3, 2]}\nbesiege: [blue-1]\ndice: {siege: {blue-1: 1}}\n"},
                          red=red, blue=blue)
    assert errors(found) == [], found
    assert [e.describe() for e in history.result(1).events if type(e).__name__ in ("SiegeRoll", "ArmyDestroyed", "SiegeLifted")] == [
        "Siege of p2: blue-1 rolled 1 (needed 4), failed; 1 element lost", "blue's army blue-1 is destroyed in p2: worn away by the siege",
        "The siege of p2 by blue-1 is lifted: the besieging army is gone"]
    assert history.final.sieges == {} and army(history, "blue-1") is None


def test_an_alliance_with_the_castle_s_clan_lifts_the_siege(make_campaign):
    """A siege is laid to an enemy's castle: when the besieger's clan allies with the castle's, the
    siege is lifted at the next siege phase, with no roll."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 1, 1]"
    history, found = play(make_campaign, {
        1: "moves: {blue-1: {path: [5, 4, 3, 2], forced: 1}}\nbesiege: [blue-1]\ndice: {siege: {blue-1: 1}, supply: {blue-1: 1}}\n",
        2: "diplomacy: {alliances: [[red, blue]]}\n"}, red=red)
    assert errors(found) == [], found
    assert [e.describe() for e in history.result(2).events if type(e).__name__ in ("SiegeRoll", "SiegeLifted")] == [
        "The siege of p2 by blue-1 is lifted: the castle is no longer an enemy's"]
    assert history.final.sieges == {}


def test_three_armies_in_a_capital_at_the_onset_of_winter_two_winter_there(make_campaign):
    """Seed: "a capital can hold two armies." red-1, red-2 and red-3 all stand in the capital One when
    winter comes: red-1 and red-2 winter there; red-3 is outside quarters, loses 3 and marches to the
    fortress Two."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 1, 1]"
    history, found = play(make_campaign, {n: "title: quiet\n" for n in range(1, 6)} | {6: "title: winter\n"}, red=red)
    assert errors(found) == [], found
    assert [(e.army, e.distance, e.lost, e.quarters) for e in events_of(history, 6, "WinterAttrition") if e.clan == "red"] == [
        ("red-3", 1, 3, "p2")]
    assert [(a.id, a.province, a.strength) for a in history.final.armies_of("red")] == [
        ("red-1", "p1", 12), ("red-2", "p1", 12), ("red-3", "p2", 9)]


# ---- the re-check's new mutants of the functions changed above ------------------------------------

def test_a_battle_entry_s_winner_is_checked_against_its_losses(make_campaign):
    """`winner:` on a battle entry, when written, must be the side the losses make the victor: blue-1
    losing 4 (its breaking point) to red-3's 1 did not win; written red-3, it is right and says nothing."""
    turn = ("moves: {{blue-1: [5, 4, 3]}}\nresponses: {{red-3: battle}}\nbattles:\n"
            "  - {{at: 3, winner: {winner}, attacker: {{army: blue-1, lost: 4}}, defender: {{army: red-3, lost: 1}}}}\n")
    history, found = play(make_campaign, {1: turn.format(winner="blue-1")})
    assert found == ["content/turns/001.yaml:4:21: error: the entry says blue-1 won, but by the losses red-3 won (the enemy "
                     "broke) [battles]\n    hint: losses 4–1, breaking points 4 and 4"]
    assert [f.winner for f in events_of(history, 1, "BattleFought")] == ["red-3"]
    _, found = play(make_campaign, {1: turn.format(winner="red-3")})
    assert found == []


def test_per_entrant_answers_of_an_unknown_army_or_of_no_one_are_one_error_each(make_campaign):
    """A per-entrant response of an army that does not exist is an error at its key (the answers under
    it follow from it); an empty mapping of answers is the file format's error, and nothing else."""
    _, found = play(make_campaign, {1: "responses: {zzz-2: {blue-1: battle}}\n"})
    assert found == [
        "content/turns/001.yaml:1:13: error: unknown army 'zzz-2' [meeting an enemy]\n"
        "    hint: armies now: blue-1, blue-2, blue-3, red-1, red-2, red-3",
        _consequence("001.yaml:1:21", "zzz-2", "1: unknown army 'zzz-2'",
                     "zzz-2 never met blue-1 in the field, so its answer to it was not given (it was destroyed)")]
    _, found = play(make_campaign, {1: "responses: {red-3: {}}\n"})
    assert found == ["content/turns/001.yaml:1:20: error: responses/red-3: {} is not one of 'battle', 'fortress' [file format]"]


def test_an_army_in_doubt_puts_the_enemy_it_meets_in_doubt(make_campaign):
    """blue-1 is in doubt after turn 1 (its supply die written 7); in turn 2 it enters Three, where
    red-3 withdraws to Two: where red-3 stands now depends on blue-1, so red-3 is in doubt too, and
    its siege order in turn 3 (no enemy castle at Two) follows from turn 1's error: counted, not an
    error of its own."""
    history, found = play(make_campaign, {1: "moves: {blue-1: [5, 4]}\ndice: {supply: {blue-1: 7}}\n",
                                          2: "moves: {blue-1: [3]}\nresponses: {red-3: {retreat: 2}}\n",
                                          3: "besiege: [red-3]\n"})
    assert army(history, "red-3").province == "p2"
    assert history.state_after(2).in_doubt["red-3"] == "turn 1: the supply die of blue-1 is not a d6"
    assert errors(found) == ["content/turns/001.yaml:2:25: error: dice/supply/blue-1: 7 is out of range: it must be from 1 "
                             "to 6 [file format]\n    hint: A d6 shows 1 to 6."], found
    assert any("003.yaml" in p and "red-3 not reported" in p and "no enemy castle in Two for red-3" in p for p in found), found


def test_a_die_the_schema_refuses_puts_its_army_in_doubt_into_the_next_turn(make_campaign):
    """blue-1's supply die written 7 is the schema's error; the die drawn instead decides nothing the
    file expects, so blue-1 is in doubt: turn 2's siege order for it, in a province it may not hold
    as the file thinks, follows from that error (counted, not reported)."""
    _, found = play(make_campaign, {1: "moves: {blue-1: [5, 4]}\ndice: {supply: {blue-1: 7}}\n", 2: "besiege: [blue-1]\n"})
    assert found == [
        "content/turns/001.yaml:2:25: error: dice/supply/blue-1: 7 is out of range: it must be from 1 to 6 [file format]\n"
        "    hint: A d6 shows 1 to 6.",
        "content/turns/002.yaml:1:11: warning: 1 more problem about Four, blue-1 not reported: it follows from an earlier "
        "error (turn 1: the supply die of blue-1 is not a d6) [consequences of an earlier error]\n    hint: fix that error "
        "first, then check again; not reported: there is no enemy castle in Four for blue-1 to besiege"]


def _ledger(history, turn):
    """This turn's prestige lines as (clan, key, points, the kind of the event that caused it)."""
    events = history.result(turn).events
    return [(e.clan, e.key, e.points, type(events[e.cause]).__name__ if e.cause is not None else None)
            for e in events if type(e).__name__ == "PrestigeAwarded"]


def test_a_ninja_s_heir_at_4_keeps_the_clan_and_each_ledger_line_names_its_cause(make_campaign):
    """Seed: after an assassination "On a roll of 4,5,or 6 the heir takes over": the heir's 4 (the
    limit; 3 is the usurper's, above) keeps Red in the game, the succession keeping its die. The
    ledger's -5 for stooping to a ninja is caused by the Ninja card played, the -40 by the
    assassination itself (the turn page links each line to its event). (Both clans start with 50
    prestige, so that Red's -40 leaves it above the seppuku line.)"""
    history, found = play(make_campaign, {1: """
        cards: {blue: ninja}
        diplomacy: {ninja: [{by: blue, target: red}]}
        dice: {ninja: {red: 6}, heir: {red: 4}}
        """}, options="start_prestige: 50")
    assert errors(found) == [], found
    (succession,) = events_of(history, 1, "Succession")
    assert (succession.clan, succession.roll, succession.outcome) == ("red", 4, "heir")
    assert [(d.purpose, d.subject, d.value, d.recorded) for d in succession.dice] == [("heir", "red", 4, True)]
    assert history.final.clans["red"].status == "in"
    ninja_lines = [line for line in _ledger(history, 1) if line[1] in ("ninja_used", "assassinated")]
    assert ninja_lines == [("blue", "ninja_used", -5, "CardPlayed"), ("red", "assassinated", -40, "NinjaAttempt")]


def test_a_usurper_beaten_keeps_the_clan_and_its_succession_keeps_the_heir_s_die(make_campaign):
    """Seed: "If they lose the player is out of the game": Red's heir rolls 1 and the general
    loses the usurper's battle (`usurper: {red: won}`): Red stays in; the succession says so, for
    Red, with the heir's roll and die."""
    history, found = play(make_campaign, {1: """
        cards: {blue: ninja}
        diplomacy: {ninja: [{by: blue, target: red}]}
        dice: {ninja: {red: 6}, heir: {red: 1}}
        usurper: {red: won}
        """}, options="start_prestige: 50")
    assert errors(found) == [], found
    (succession,) = events_of(history, 1, "Succession")
    assert (succession.clan, succession.roll, succession.outcome) == ("red", 1, "usurper-beaten")
    assert [(d.purpose, d.subject, d.value) for d in succession.dice] == [("heir", "red", 1)]
    assert history.final.clans["red"].status == "in"


def test_a_usurped_clan_is_out_with_its_reason_and_its_marriage_card_returns(make_campaign):
    """A general seizes Red after the assassination: Red is out "a general seized the clan after the
    daimyo's assassination", and the Marriage card it held goes back to the deck (no victor takes it)."""
    history, found = play(make_campaign, {1: """
        cards: {blue: ninja, red: marriage}
        diplomacy: {ninja: [{by: blue, target: red}]}
        dice: {ninja: {red: 6}, heir: {red: 2}}
        usurper: {red: lost}
        """})
    assert errors(found) == [], found
    (out,) = events_of(history, 1, "ClanOut")
    assert (out.clan, out.reason) == ("red", "a general seized the clan after the daimyo's assassination")
    assert [(e.giver, e.taker) for e in events_of(history, 1, "MarriagePassed")] == [("red", None)]
    assert "marriage" not in history.final.clans["red"].hand


def test_a_failed_ninja_keeps_its_die_and_the_target_s_spy_is_played_against_it(make_campaign):
    """Blue's 5, less Red's Spy, is 4: the attempt fails (below the wound's 5), keeping its one die;
    Red's Spy is played "against the ninja"."""
    history, found = play(make_campaign, {1: """
        cards: {blue: ninja, red: spy}
        diplomacy: {ninja: [{by: blue, target: red, spy: target}]}
        dice: {ninja: {red: 5}}
        """})
    assert errors(found) == [], found
    (attempt,) = events_of(history, 1, "NinjaAttempt")
    assert (attempt.roll, attempt.modifier, attempt.outcome) == (5, -1, "failed")
    assert [(d.purpose, d.subject, d.value, d.recorded) for d in attempt.dice] == [("ninja", "red", 5, True)]
    assert [(e.clan, e.card, e.purpose) for e in events_of(history, 1, "CardPlayed")] == [
        ("blue", "ninja", "against red"), ("red", "spy", "against the ninja")]


def test_a_ninja_not_held_is_an_error_at_the_attempt(make_campaign):
    """A clan sends a ninja only with the Ninja card in its hand: Blue, holding a Spy, is refused at
    its attempt's entry (the error whole), and no die is rolled."""
    history, found = play(make_campaign, {1: """
        cards: {blue: spy}
        diplomacy: {ninja: [{by: blue, target: red}]}
        """})
    assert errors(found) == ["content/turns/001.yaml:2:21: error: blue plays ninja but does not hold it [event cards]\n"
                             "    hint: blue holds spy; a card is played once, from the hand"], found
    assert events_of(history, 1, "NinjaAttempt") == []


# ---- a per-entrant answer to an army that is not a later enemy entrant ---------------------------

RULE_OF_ENTRY = "[several armies entering are met in order of entry]"


def test_an_answer_to_an_army_that_did_not_enter_is_an_error_at_its_key_and_no_answer_is_given(make_campaign):
    """red-3, entered by blue-1 and blue-2, answers blue-1 with a withdrawal and "blue-5" with battle:
    blue-5 did not enter Three, an error at its key whose hint guesses the entrant meant; no answer of
    red-3's is given (it stays in Three, so its meeting with blue-1 is left open, a consequence). A
    name like none of the entrants is told the enemies that entered after it."""
    turn = "moves: {{blue-1: [3], blue-2: [4, 3]}}\nresponses:\n  red-3: {{blue-1: {{retreat: 2}}, {name}: battle}}\n"
    history, found = play(make_campaign, {1: turn.format(name="blue-5")}, blue=TWO_ENTRANTS_BLUE)
    assert errors(found) == [
        f"content/turns/001.yaml:3:33: error: red-3 answers blue-5, which did not enter Three this turn {RULE_OF_ENTRY}\n"
        "    hint: did you mean 'blue-2' or 'blue-1'?"], found
    assert events_of(history, 1, "BattleRefused") == [] and army(history, "red-3").province == "p3"
    _, found = play(make_campaign, {1: turn.format(name="zzz")}, blue=TWO_ENTRANTS_BLUE)
    assert errors(found) == [
        f"content/turns/001.yaml:3:33: error: red-3 answers zzz, which did not enter Three this turn {RULE_OF_ENTRY}\n"
        "    hint: the enemies that entered after it: blue-1, blue-2"], found
    _, found = play(make_campaign, {1: turn.format(name="red-1")}, blue=TWO_ENTRANTS_BLUE)    # a friend that did not enter
    assert errors(found)[0].startswith(
        f"content/turns/001.yaml:3:33: error: red-3 answers red-1, which did not enter Three this turn {RULE_OF_ENTRY}\n"), found


def test_an_answer_to_an_army_of_its_own_clan_that_entered_is_refused_as_not_its_enemy(make_campaign):
    """Blue moves first in turn 2: blue-1 enters Three, then red-2 joins red-3 there (an entry: an
    enemy stood there). red-3's answer to red-2 is refused: red-2 is not its enemy; the hint names
    the enemy that entered, blue-1."""
    _, found = play(make_campaign, {1: "title: quiet\n", 2: """
        dice: {initiative: {red: 1, blue: 6}}
        moves: {blue-1: [3], red-2: [3]}
        responses:
          red-3: {blue-1: battle, red-2: battle}
        """}, blue=TWO_ENTRANTS_BLUE)
    assert errors(found)[0] == (
        f"content/turns/002.yaml:4:27: error: red-3 answers red-2, which is not its enemy {RULE_OF_ENTRY}\n"
        "    hint: the enemies that entered after it: blue-1"), found
    assert [p.split(" [")[0] for p in errors(found)[1:]] == [      # red-2's own meeting with blue-1, left open
        "content/turns/002.yaml:2:9: error: blue-1 (blue) and red-2 (red) are both in the field at Three after the battle phase"]


def test_an_entrant_s_answer_to_an_enemy_that_entered_before_it_is_refused(make_campaign):
    """green-1 enters Thirteen first, blue-1 second: blue-1 answers only the enemies that enter after
    it, so its answer to green-1 (an enemy, but met before) is refused, and none entered after it.
    (It was told green-1 "is not its enemy": the message read any entrant still standing as a friend.)"""
    _, found = play_grid(make_campaign, THREE_CLANS, {1: "moves: {green-1: [13], blue-1: [13]}\nresponses:\n"
                                                         "  blue-1: {green-1: battle}\n"})
    assert errors(found) == [
        f"content/turns/001.yaml:3:12: error: blue-1 answers green-1, which entered Province 13 before it {RULE_OF_ENTRY}\n"
        "    hint: no enemy entered Province 13 after blue-1 this turn"], found


def test_an_answer_to_an_army_whose_move_was_refused_follows_from_that_error(make_campaign):
    """blue-2's move to Three is refused (Five is not next to Three), so it never entered: red-3's
    answer to it follows from that error, counted, not reported again."""
    _, found = play(make_campaign, {1: """
        moves: {blue-1: [3], blue-2: [5, 3]}
        responses:
          red-3: {blue-1: battle, blue-2: battle}
        battles:
          - {at: 3, attacker: {army: blue-1, lost: 4}, defender: {army: red-3, lost: 1}}
        """}, blue=TWO_ENTRANTS_BLUE)
    assert len(errors(found)) == 1 and "blue-2" in errors(found)[0] and "answers" not in errors(found)[0], found
    assert any("answers blue-2" in p for p in found if ": warning:" in p), found


# ---- a withdrawal refused: each reason whole, and the ways left -------------------------------------

REFUSING = "[refusing battle]"


def test_a_withdrawal_back_where_the_enemy_came_from_or_to_a_province_not_next_is_refused_whole(make_campaign):
    """Seed: a defender may "refuse battle and retreat out of the province, moving directly away from
    the enemy". blue-1 enters Three from Four: red-3's withdrawal to Four (whence blue-1 came) and to
    One (not next to Three) are refused at the answer; the hint names the one way left, Two (Four is
    blue-1's way in, Kyoto is closed); red-3 stays."""
    for to, name, why in ((4, "Four", "blue-1 came from Four: a retreating army moves directly away from the enemy"),
                          (1, "One", "One is not next to Three")):
        history, found = play(make_campaign, {1: f"moves: {{blue-1: [3]}}\nresponses: {{red-3: {{retreat: {to}}}}}\n"},
                              blue=TWO_ENTRANTS_BLUE)
        assert errors(found) == [f"content/turns/001.yaml:2:20: error: red-3 cannot withdraw to {name}: {why} {REFUSING}\n"
                                 "    hint: it may withdraw to p2"], found
        assert army(history, "red-3").province == "p3" and events_of(history, 1, "BattleRefused") == []


def test_a_withdrawal_across_the_sea_is_refused_and_an_army_with_no_way_by_land_is_told_so(make_campaign):
    """Seed: "An army cannot retreat across a sea route." red-3 stands in Eleven, whose only land
    neighbour is Ten, where blue-1 came from: its withdrawal over the sea to Twelve is refused, and
    the hint says it has nowhere to go (the sea route is no way out)."""
    red = "provinces: [1, 2, 3, 11]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 11]"
    blue = "provinces: [6, 7, 8, 10]\n    capital: 8\n    fortress: 7\n    armies: [10, 7, 8]"
    history, found = play(make_campaign, {1: "moves: {blue-1: [11]}\nresponses: {red-3: {retreat: 12}}\n"}, red=red, blue=blue)
    assert errors(found) == [
        f"content/turns/001.yaml:2:20: error: red-3 cannot withdraw to Twelve: an army cannot retreat across a sea route "
        f"{REFUSING}\n    hint: it may withdraw to nowhere: it must fight or shut itself in a castle"], found
    assert army(history, "red-3").province == "p11"


def test_a_besieged_army_s_withdrawal_is_refused_and_told_to_sally(make_campaign):
    """Seed: "A field army can sally out to give battle in its next turn, but not to retreat without
    battle." red-2, shut in Two under blue-1's siege, is entered by blue-2 and answers with a
    withdrawal to One (next to Two, by land, free): refused whatever the way, and the hint says what
    it may do (it was told it could withdraw to One)."""
    turns = dict(SIEGE_OF_TWO)
    turns[1] = "moves: {blue-1: [5, 4, 3], blue-2: [6, 5, 4]}\ndice: {supply: {blue-1: 1, blue-2: 1}}\n"
    turns[2] = ("moves: {blue-1: [2], blue-2: [3]}\nresponses: {red-2: fortress}\n"
                "dice: {siege: {blue-1: 5}, supply: {blue-1: 1, blue-2: 1}}\n")
    turns[3] = "moves: {blue-2: [2]}\nresponses: {red-2: {retreat: 1}}\ndice: {siege: {blue-1: 1}, supply: {blue-1: 1}}\n"
    history, found = play(make_campaign, turns, red=SIEGE_RED)
    assert errors(found) == [
        f"content/turns/003.yaml:2:20: error: red-2 cannot withdraw to One: a besieged army may sally to give battle, not "
        f"retreat {REFUSING}\n    hint: write red-2: battle to sally against blue-2, or leave its response out: it stays "
        "shut in its castle"], found
    assert army(history, "red-2", 3).province == "p2" and army(history, "red-2", 3).besieged


def test_a_neutral_army_s_answer_other_than_battle_is_refused_whole(make_campaign):
    """Seed: a neutral army "will move to attack any army that enters its territory": blue-1's
    withdrawal from red-3 is refused at the answer, with its rule and hint, and puts both armies in
    doubt (their missing battle is a consequence)."""
    neutral_blue = "provinces: [5, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]\n    neutral: true"
    _, found = play(make_campaign, {1: "moves: {red-3: [4, 5, 6]}\nresponses: {blue-1: {retreat: 7}}\n"}, blue=neutral_blue)
    assert errors(found) == [
        "content/turns/001.yaml:2:21: error: blue-1 is neutral: a neutral army always attacks [neutral clans]\n"
        "    hint: write blue-1: battle, or leave its response out"], found
    # the battle left missing follows from it: blue-1 and red-3 are in doubt
    assert any("the battle's result is missing" in p for p in found if ": warning:" in p), found


def test_a_refused_withdrawal_puts_its_army_and_province_in_doubt_and_follows_from_its_enemy_s(make_campaign):
    """One cause, one error. red-3's withdrawal back to Four is refused: red-3 and Three are in
    doubt, so blue-1's siege of Three's castle, refused because red-3 still stands in the field
    there, follows from that error (counted, not reported). And when the enemy it answers is already
    in doubt (blue-1's move of turn 1 was refused), red-3's refused answer follows from that."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortresses: [2, 3]\n    armies: [1, 2, 3]"
    _, found = play(make_campaign, {1: "moves: {blue-1: [3]}\nresponses: {red-3: {retreat: 4}}\nbesiege: [blue-1]\n"},
                    red=red, blue=TWO_ENTRANTS_BLUE)
    assert [p.split(":")[4] for p in errors(found)] == [" red-3 cannot withdraw to Four"], found
    assert any("stands in the field at Three" in p for p in found if ": warning:" in p), found
    _, found = play(make_campaign, {1: "moves: {blue-1: [5, 3]}\n",
                                    2: "moves: {blue-1: [3]}\nresponses: {red-3: {retreat: 4}}\n"}, blue=TWO_ENTRANTS_BLUE)
    assert [p.split(":")[0] for p in errors(found)] == ["content/turns/001.yaml"], found
    assert any("red-3 cannot withdraw to Four" in p for p in found if ": warning:" in p), found


def test_a_neutral_army_s_answer_of_battle_is_no_error(make_campaign):
    """A neutral army's answer may be written, as battle: it is what it does anyway."""
    neutral_blue = "provinces: [5, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]\n    neutral: true"
    _, found = play(make_campaign, {1: """
        moves: {red-3: [4, 5, 6]}
        responses: {blue-1: battle}
        battles:
          - {at: 6, attacker: {army: blue-1, lost: 1}, defender: {army: red-3, lost: 4}}
        """}, blue=neutral_blue)
    assert errors(found) == [], found


def test_a_full_castle_is_refused_whole_and_the_army_left_outside_is_in_doubt(make_campaign):
    """Seed: "A fortress can hold one army". red-2 shuts itself in the fortress of Two (a siege
    begins there: Two, by blue-1, of red-2); red-3, second, is refused whole, rule and hint naming
    the numbers in force, and its meeting with blue-1, left open, follows from that error."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 2]"
    history, found = play(make_campaign, {1: "moves: {blue-1: {path: [5, 4, 3, 2], forced: 1}}\n"
                                             "responses: {red-2: fortress, red-3: fortress}\n"}, red=red)
    assert errors(found) == [
        "content/turns/001.yaml:2:37: error: the fortress of Two is full (it holds 1) [a fortress holds 1 army, a capital 2]\n"
        "    hint: the army fights (battle) or retreats instead"], found
    assert any("both in the field at Two" in p for p in found if ": warning:" in p), found
    siege = history.final.sieges["p2"]
    assert (siege.province, siege.besieger, siege.defender) == ("p2", "blue-1", "red-2")


# ---- responses: an unknown army's, an entrant's own, one after a move that could not be read ----------

def test_a_response_of_an_unknown_army_leaves_the_next_response_read(make_campaign):
    """`kappa` is no army: its response is an error at its key, and red-3's withdrawal, written after
    it, is still read and given."""
    history, found = play(make_campaign, {1: "moves: {blue-1: [3]}\nresponses: {kappa: battle, red-3: {retreat: 2}}\n"},
                          blue=TWO_ENTRANTS_BLUE)
    assert [p.split("\n")[0] for p in errors(found)] == [
        "content/turns/001.yaml:2:13: error: unknown army 'kappa' [meeting an enemy]"], found
    assert [(e.army, e.to) for e in events_of(history, 1, "BattleRefused")] == [("red-3", "p2")]


def test_an_entrant_s_own_response_is_refused_and_it_answers_no_one(make_campaign):
    """green-1 enters Thirteen first, blue-1 second: blue-1, an entrant, has no one to answer with a
    plain response (a later entrant is answered by the victor of the battle before): its withdrawal
    is refused at its key, whole, and not given."""
    history, found = play_grid(make_campaign, THREE_CLANS, {1: """
        moves: {green-1: [13], blue-1: [13]}
        responses: {blue-1: {retreat: 14}}
        battles:
          - {at: 13, attacker: {army: green-1, lost: 1}, defender: {army: red-1, lost: 4}}
        """})
    assert errors(found)[0] == (
        "content/turns/001.yaml:2:13: error: blue-1 entered Province 13 itself this turn, so it has nothing to answer "
        "[meeting an enemy]\n    hint: an army that entered answers a later entrant only as the victor of the battle "
        "before, in a per-entrant response: responses: {blue-1: {ENTRANT: battle}}"), found
    assert events_of(history, 1, "BattleRefused") == [] and army(history, "blue-1").province == "p13"


def test_a_response_after_a_move_that_could_not_be_read_follows_from_that_error(make_campaign):
    """blue-1's move names a province the map does not have, so nobody entered Three; red-3's
    withdrawal from it follows from that error (the move may have been meant for Three)."""
    _, found = play(make_campaign, {1: "moves: {blue-1: [33]}\nresponses: {red-3: {retreat: 2}}\n"}, blue=TWO_ENTRANTS_BLUE)
    assert len(errors(found)) == 1 and "33" in errors(found)[0], found
    assert any("red-3 was not entered by an enemy army this turn" in p for p in found if ": warning:" in p), found


# ---- diplomacy's refusals whole -------------------------------------------------------------------

GREEN = "  - id: green\n    provinces: [10, 11]\n    capital: 11\n    armies: [10]\n    start_card: 2"


def test_breaking_an_alliance_that_does_not_exist_is_an_error_naming_the_alliances(make_campaign):
    """Seed: "Breaking an alliance -7". Red and Blue are not allied: breaking it is refused whole, its
    hint naming the alliances there are (none; then Red and Green's); Red breaking Green's the next
    turn costs Red 7 and Green nothing."""
    _, found = play(make_campaign, {1: "diplomacy: {broken_alliances: [{by: red, with: blue}]}\n"}, extra_players=GREEN)
    assert errors(found) == ["content/turns/001.yaml:1:32: error: red and blue are not allied [alliances]\n"
                             "    hint: alliances: none"], found
    history, found = play(make_campaign, {
        1: "diplomacy: {alliances: [[red, green]]}\n",
        2: "diplomacy: {broken_alliances: [{by: red, with: blue}, {by: red, with: green}]}\n"}, extra_players=GREEN)
    assert errors(found) == ["content/turns/002.yaml:1:32: error: red and blue are not allied [alliances]\n"
                             "    hint: alliances: green & red"], found
    assert [(e.by, e.other) for e in events_of(history, 2, "AllianceBroken")] == [("red", "green")]
    assert [(e.clan, e.points) for e in events_of(history, 2, "PrestigeAwarded") if e.key == "alliance_broken"] == [("red", -7)]
    assert history.final.alliances == frozenset()


def test_a_fortress_in_a_province_not_held_is_refused_whole(make_campaign):
    """A clan builds a fortress only in a province it holds: Red's in Blue's Six is refused whole, and
    no fortress is built."""
    history, found = play(make_campaign, {1: "diplomacy: {fortresses: {red: 6}}\n"})
    assert errors(found) == ["content/turns/001.yaml:1:31: error: red cannot build a fortress in Six: it is not theirs "
                             "[fortresses]\n    hint: a clan builds only in a province it holds; see chronicle state for red's"], found
    assert "p6" not in history.final.castles and events_of(history, 1, "FortressBuilt") == []


def test_a_cession_not_bordering_the_taker_is_refused_whole_at_the_province(make_campaign):
    """Seed: provinces change hands only "adjacent to their own territory": Red cedes Three (next to
    Blue's Four) and One (not): One is refused whole at its place in the list, Three is ceded."""
    history, found = play(make_campaign, {1: "diplomacy: {cessions: [{from: red, to: blue, provinces: [3, 1]}]}\n"},
                          blue="provinces: [4, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]")
    assert errors(found) == ["content/turns/001.yaml:1:61: error: One does not border blue's land [cessions]\n"
                             "    hint: provinces change hands only next to the taker's own territory"], found
    assert [(e.giver, e.taker, e.provinces) for e in events_of(history, 1, "ProvincesCeded")] == [("red", "blue", ("p3",))]


def test_a_transfer_between_clans_or_from_a_besieged_army_is_refused_whole(make_campaign):
    """Seed: "Players may not exchange armies or elements": red-1 giving to blue-1 is refused whole.
    A besieged army keeps its elements: red-2, shut in Two, giving to red-1 is refused whole (turn 3
    of the siege of Two); neither transfer moves an element."""
    history, found = play(make_campaign, {1: "transfers: [{from: red-1, to: blue-1, elements: 1}]\n"})
    assert errors(found) == [
        "content/turns/001.yaml:1:13: error: red-1 and blue-1 belong to different clans; elements are not exchanged "
        "[players may not exchange armies or elements]\n    hint: a transfer is between two armies of one clan"], found
    assert (army(history, "red-1").strength, army(history, "blue-1").strength) == (12, 12)
    turns = dict(SIEGE_OF_TWO)
    turns[3] = "transfers: [{from: red-2, to: red-1, elements: 1}]\ndice: {siege: {blue-1: 1}, supply: {blue-1: 1}}\n"
    history, found = play(make_campaign, turns, red=SIEGE_RED)
    assert errors(found) == [
        "content/turns/003.yaml:1:13: error: red-2 is besieged and cannot send elements out [transfers]\n"
        "    hint: a besieged army keeps its elements until the siege is lifted"], found
    assert (army(history, "red-2").strength, army(history, "red-1").strength) == (12, 12)


def test_the_victor_over_a_destroyed_first_entrant_answers_the_next(make_campaign):
    """red-3 destroys blue-1, the first to enter (all 12 of its elements lost), then withdraws from
    blue-2, the next: the destroyed entrant is passed over, and the withdrawal is given after it."""
    destroyed = "  - {at: 3, attacker: {army: blue-1, lost: 12}, defender: {army: red-3, lost: 1}}\n"
    history, found = play(make_campaign, {1: PER_ENTRANT.format(answer="{retreat: 2}", battles=destroyed)},
                          blue=TWO_ENTRANTS_BLUE)
    assert errors(found) == [], found
    assert "blue-1" not in history.final.armies
    refused = events_of(history, 1, "BattleRefused")
    assert [(e.army, e.enemy, e.to, e.after) for e in refused] == [("red-3", "blue-2", "p2", "blue-1")]


# ---- refusals no test read whole: the set-up's armies, a claim, Kyoto, winter, a siege, the game's end ---

def test_a_clan_starting_with_another_number_of_armies_is_warned_in_the_singular_too(make_campaign):
    """Seed: each clan starts with 3 armies: Green's 1 is a warning (it said "1 armies"), 2 too."""
    for armies, said in (("[10]", "1 army"), ("[10, 11]", "2 armies")):
        extra = f"  - id: green\n    provinces: [10, 11]\n    capital: 11\n    armies: {armies}\n    start_card: 2"
        _, found = play(make_campaign, {1: "title: quiet\n"}, extra_players=extra)
        assert [p for p in found if "starting armies" in p] == [
            f"content/campaign.yaml:20:13: warning: green starts with {said}; the rules give 3 [starting armies]\n"
            "    hint: list one province per army under armies:"], found


def test_a_claim_refused_names_everything_the_claimant_lacks(make_campaign):
    """Seed: a claimant needs 20 provinces, 200 prestige and the Marriage card: Red, with 3, 10 and
    no card, is refused whole, each lack named, and no claim stands."""
    history, found = play(make_campaign, {1: "diplomacy: {claim: red}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:1:20: error: red cannot claim the Shogunate: 3 provinces of 20; 10 prestige of 200; no "
        "Marriage into the Shogun family card [claiming the Shogunate]\n    hint: a claimant needs 20 provinces, 200 "
        "prestige and the Marriage card"], found
    assert history.final.claim is None


def test_a_move_into_kyoto_without_a_claim_is_refused_whole_at_the_step(make_campaign):
    """Seed: "No army may enter this province unless claiming the Shogunate": red-3's step into
    Kyoto is refused whole at the step, and red-3 stays in Three."""
    history, found = play(make_campaign, {1: "moves: {red-3: [9]}\n"})
    assert errors(found) == [
        "content/turns/001.yaml:1:17: error: red-3 cannot enter Kyoto: Kyoto is entered only to claim the Shogunate or to "
        "stop a claim [Kyoto]\n    hint: write  diplomacy: {claim: CLAN}  in the turn the claimant moves in"], found
    assert army(history, "red-3").province == "p3"


def test_a_move_of_an_army_in_winter_quarters_is_refused_whole(make_campaign):
    """Seed: in January only armies outside winter quarters march, and only to quarters: red-1, in
    its capital One, is refused whole at its key."""
    turns = {n: "title: quiet\n" for n in range(1, 6)}
    turns[6] = "moves: {red-1: [2]}\n"
    history, found = play(make_campaign, turns)
    assert errors(found) == [
        "content/turns/006.yaml:1:9: error: no movement in winter: red-1 is in winter quarters at One [no movement in "
        "winter]\n    hint: in January only armies outside winter quarters march, and only to quarters"], found
    assert army(history, "red-1").province == "p1"


def test_a_siege_of_a_castle_already_besieged_is_refused_whole(make_campaign):
    """One siege a city: blue-2, joining blue-1 before Two, cannot lay a second (refused whole)."""
    turns = dict(SIEGE_OF_TWO)
    turns[1] = "moves: {blue-1: [5, 4, 3], blue-2: [6, 5, 4]}\ndice: {supply: {blue-1: 1, blue-2: 1}}\n"
    turns[2] = ("moves: {blue-1: [2], blue-2: [3]}\nresponses: {red-2: fortress}\n"
                "dice: {siege: {blue-1: 5}, supply: {blue-1: 1, blue-2: 1}}\n")
    turns[3] = "moves: {blue-2: [2]}\nbesiege: [blue-2]\ndice: {siege: {blue-1: 1}, supply: {blue-1: 1}}\n"
    history, found = play(make_campaign, turns, red=SIEGE_RED)
    assert errors(found) == ["content/turns/003.yaml:2:11: error: Two is already besieged by blue-1 [sieges]\n"
                             "    hint: one siege a city: remove this besiege: entry"], found
    assert history.final.sieges["p2"].besieger == "blue-1"


def test_a_siege_with_an_army_of_the_castle_in_the_field_is_refused_whole(make_campaign):
    """A siege waits for the field: blue-1 in Three, where red-3 still stands in the field, is
    refused whole (its meeting with red-3, left open, follows from it)."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortresses: [2, 3]\n    armies: [1, 2, 3]"
    history, found = play(make_campaign, {1: "moves: {blue-1: [5, 4, 3]}\nbesiege: [blue-1]\n"}, red=red)
    assert errors(found) == [
        "content/turns/001.yaml:2:11: error: red-3 stands in the field at Three: fight it, or let it shut itself in, before "
        "a siege [sieges]\n    hint: record the battle with red-3 under battles:, or remove this besiege: entry"], found
    assert any("both in the field at Three" in p for p in found if ": warning:" in p), found
    assert "p3" not in history.final.sieges


def test_a_turn_after_the_game_is_over_is_an_error_naming_the_winner(make_campaign):
    """The game ends after its last deck: one deck of two cards is dealt in turn 1, and Red, 1
    prestige ahead (the umpire's penalty of Blue), wins. Turn 2 is refused whole: no more turns."""
    history, found = play(make_campaign, {
        1: "diplomacy: {penalties: [{clan: blue, prestige: -1, reason: late}]}\n", 2: "title: one too many\n"},
        options="deck: {forage: 2}\n  decks: 1")
    assert history.state_after(1).winner == "red"
    assert errors(found) == ["content/turns/002.yaml:1:1: error: the game is already over: no more turns are played "
                             "[end of the game]\n    hint: the winner is red"], found


def test_an_unknown_clan_like_none_of_the_game_s_is_told_the_clans_there_are(make_campaign):
    """A clan written that resembles none of the game's: its error's hint lists the clans (one with a
    close name gets a did-you-mean instead, above)."""
    _, found = play(make_campaign, {1: "diplomacy: {penalties: [{clan: zzz, prestige: -1}]}\n"})
    assert errors(found) == ["content/turns/001.yaml:1:32: error: unknown clan 'zzz' [clan]\n"
                             "    hint: the clans are blue, red"], found


def test_the_set_up_s_capital_outside_the_clan_an_army_too_big_and_a_neutral_s_card_read_whole(make_campaign):
    """The set-up's refusals, whole: a capital that is not one of the clan's provinces, an army of
    13 elements (at most 12), and a neutral clan's start card (a warning: it is not used)."""
    _, found = play(make_campaign, {1: "title: q\n"}, red="provinces: [1, 2, 3]\n    capital: 6\n    fortress: 2\n    armies: [1, 2, 3]")
    assert [p for p in errors(found) if "capital Six" in p] == [
        "content/campaign.yaml:7:14: error: the capital Six is not one of red's provinces [starting holdings]\n"
        "    hint: the capital is one of the clan's starting provinces"], found
    _, found = play(make_campaign, {1: "title: q\n"},
                    red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, {at: 3, elements: 13}]")
    assert errors(found) == ["content/campaign.yaml:9:20: error: red-3 has 13 elements, more than 12 [army size]\n"
                             "    hint: an army has at most 12 elements (the campaign's max_elements)"], found
    _, found = play(make_campaign, {1: "title: q\n"},
                    blue="provinces: [6, 7, 8]\n    capital: 8\n    armies: [6, 7, 8]\n    neutral: true\n    start_card: 3")
    assert found == ["content/campaign.yaml:16:17: warning: blue is neutral: its start_card is not used [neutral clans]\n"
                     "    hint: the first turn's cards order the players' clans; neutral clans draw no card and move last, "
                     "after every player"], found


def test_a_move_naming_no_province_is_one_error(make_campaign):
    """A move that names no province: an empty list is the file format's error alone (it was also the
    movement rule's); a string of separators, which the format lets through, is the rule's, with its
    hint."""
    _, found = play(make_campaign, {1: "moves: {red-1: []}\n"})
    assert found == ["content/turns/001.yaml:1:16: error: moves/red-1: a list of 0 entries where at least 1 is needed "
                     "[file format]"], found
    _, found = play(make_campaign, {1: "moves: {red-1: ' , '}\n"})
    assert found == ["content/turns/001.yaml:1:16: error: the move of red-1 names no province [movement]\n"
                     "    hint: write the provinces entered, e.g. [shinano, kozuke]"], found


def test_a_battle_of_allies_four_cards_and_a_march_out_of_a_siege_read_whole(make_campaign):
    """A battle between allies (Red and Blue allied this turn) is refused whole; a fourth card in one
    battle is refused whole (the first three are played: here Red holds only its Forage); a besieged
    army's march is refused whole (turn 3 of the siege of Two)."""
    _, found = play(make_campaign, {1: "diplomacy: {alliances: [[red, blue]]}\nmoves: {blue-1: [5, 4, 3]}\nbattles:\n"
                                       "  - {at: 3, attacker: {army: blue-1, lost: 1}, defender: {army: red-3, lost: 4}}\n"})
    assert errors(found) == ["content/turns/001.yaml:4:5: error: blue-1 and red-3 are not enemies (blue and red) [battles]\n"
                             "    hint: a battle is fought between enemies: check the armies named, or the turn's alliances"], found
    _, found = play(make_campaign, {1: "cards: {red: forage}\nmoves: {blue-1: [5, 4, 3]}\nresponses: {red-3: battle}\nbattles:\n"
                                       "  - {at: 3, attacker: {army: blue-1, lost: 4}, defender: {army: red-3, lost: 1, "
                                       "cards: [forage, spy, ninja, marriage]}}\n"})
    assert errors(found)[0] == ("content/turns/001.yaml:5:88: error: red plays 4 cards in one battle; at most 3 [cards in "
                                "battle]\n    hint: keep the 3 card(s) played first; the others stay in hand"), found
    turns = dict(SIEGE_OF_TWO)
    turns[3] = "moves: {red-2: [1]}\ndice: {siege: {blue-1: 1}, supply: {blue-1: 1}}\n"
    _, found = play(make_campaign, turns, red=SIEGE_RED)
    assert errors(found) == ["content/turns/003.yaml:1:9: error: red-2 is besieged in Two and cannot march out [sieges]\n"
                             "    hint: a besieged army may sally: enter a battle against the besieger"], found


def test_a_clan_out_of_the_game_in_diplomacy_is_refused_whole(make_campaign):
    """Red, usurped in turn 1, breaks a treaty in turn 2: refused whole (a clan out of the game makes
    no treaty)."""
    _, found = play(make_campaign, {
        1: "cards: {blue: ninja}\ndiplomacy: {ninja: [{by: blue, target: red}]}\ndice: {ninja: {red: 6}, heir: {red: 2}}\n"
           "usurper: {red: lost}\n",
        2: "diplomacy: {broken_treaties: [red]}\n"})
    assert errors(found) == ["content/turns/002.yaml:1:31: error: red is out of the game [diplomacy]\n"
                             "    hint: remove this entry: a clan out of the game makes no treaty, cession, fortress or ninja "
                             "attempt"], found
