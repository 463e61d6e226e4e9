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

from .helpers import army, errors, events_of, play, play_grid
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
    assert any("both sides lost 2 elements and no one broke: the coin toss decides" in p for p in found), found
    history, found = play(make_campaign, {1: BATTLE.format(a="2, general_lost: true", d=1, extra="")})
    assert events_of(history, 1, "BattleFought")[0].how == "the enemy lost its general and more elements"


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
    assert any("error: red-1 has 12 elements and cannot give 12" in p and "keeps at least one element" in p
               for p in found), found
    assert army(history, "red-1").strength == 12


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
