"""Army lists (seed, "Army Lists"): a composition declared in campaign.yaml or in a turn file is
checked against the clan's list, with the seed's lists:

    Imagawa, Hojo, Uesugi & Mori: 1x3Kn or 3Cav(Gen), 1x3Kn or 3Cav, 4x4Bd, 3x3Sp, 2x3Bw or 3Sh,
                                  1x 3Bw or 3Sh or 2Ps
    Takeda:  1x3Kn or 3Cav(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 2x3Bw or 3Sh, 1x 3Bw or 3Sh or 2Ps
    Shimazu: 1x3Kn or 3Cav(Gen), 1x3Kn or 3Cav, 3x4Bd, 3x3Sp, 3x3Bw or 3Sh, 1x3Sh or Art or 3Bw or 2Ps
    Ikko Ikki: 1x3Kn or 3Cav(Gen), 3x4Bd, 4x3Bw or 3Sh, 4x5Wb
    "All cavalry must be same type."
"""

from __future__ import annotations

import pytest

from chronicle.rules.sengoku.armylists import DEFAULT_ARMY_LISTS, CompositionError, check_composition

from .helpers import army, errors, events_of, play

TAKEDA = DEFAULT_ARMY_LISTS["takeda"]
STANDARD = DEFAULT_ARMY_LISTS["standard"]
SHIMAZU = DEFAULT_ARMY_LISTS["shimazu"]
IKKO = DEFAULT_ARMY_LISTS["ikko_ikki"]


@pytest.mark.parametrize("slots,composition", [
    (TAKEDA, "1x3Kn(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 2x3Sh, 1x2Ps"),
    (TAKEDA, "1x3Kn(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 1x3Bw, 1x3Sh, 1x3Bw"),
    (STANDARD, "1x3Cav(Gen), 1x3Cav, 4x4Bd, 3x3Sp, 2x3Bw, 1x3Sh"),
    (STANDARD, ["3Kn(Gen)", "3Kn", "4Bd", "4Bd", "4Bd", "4Bd", "3Sp", "3Sp", "3Sp", "3Sh", "3Sh", "2Ps"]),
    (SHIMAZU, {"3Kn(Gen)": 1, "3Kn": 1, "4Bd": 3, "3Sp": 3, "3Sh": 3, "Art": 1}),
    (IKKO, "1x3Cav(Gen), 3x4Bd, 4x3Bw, 4x5Wb"),
])
def test_army_list_full_armies_of_twelve_from_the_seed(slots, composition):
    assert sum(n for _, n in check_composition(composition, slots, "list", 12, 12)) == 12


@pytest.mark.parametrize("slots,composition,strength,message", [
    (TAKEDA, "1x3Kn(Gen), 3x3Kn, 4x4Bd, 2x3Sp, 2x3Sh", 12, "the takeda list allows at most 3 4Bd, the composition has 4"),
    (TAKEDA, "1x3Cav(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 2x3Sh, 1x2Ps", 12,
     "all cavalry must be the same type: the composition mixes 3Cav and 3Kn"),
    (STANDARD, "1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 2x3Bw, 1x2Ps, 1x3Sp", 13, "the composition lists 13 elements; an army has at most 12"),
    (STANDARD, "1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 2x3Bw, 1x2Ps", 10, "the composition lists 12 elements, but the army has 10"),
    (STANDARD, "2x3Kn(Gen), 4x4Bd, 3x3Sp, 2x3Bw, 1x2Ps", 12, "the composition names 2 generals; an army has one"),
    (STANDARD, "1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 1x3Bw, 2x2Ps", 12, "the standard list allows at most 1 2Ps, the composition has 2"),
    (STANDARD, "1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 2x3Bw, 1x5Wb", 12, "the standard list allows no 5Wb, the composition has 1"),
    (STANDARD, "1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 2x3Bw, 1xArt", 12, "the standard list allows no Art, the composition has 1"),
])
def test_army_list_composition_errors(slots, composition, strength, message):
    with pytest.raises(CompositionError) as caught:
        check_composition(composition, slots, "takeda" if slots is TAKEDA else "standard", strength, 12)
    assert caught.value.message == message


def test_army_list_does_not_fit_when_alternatives_are_used_up():
    # 3 shot: two fill the "3Bw or 3Sh" places, the third the "3Bw or 3Sh or 2Ps" place; a 2Ps then has no place
    with pytest.raises(CompositionError) as caught:
        check_composition("1x3Kn(Gen), 1x3Kn, 4x4Bd, 2x3Sp, 3x3Sh, 1x2Ps", STANDARD, "standard", 12, 12)
    assert caught.value.message == "the composition does not fit the standard list"
    assert caught.value.hint.startswith("the standard list: 1x3Kn or 3Cav(Gen), 1x3Kn or 3Cav, 4x4Bd, 3x3Sp")


def test_army_list_unknown_element_type_names_the_types():
    with pytest.raises(CompositionError) as caught:
        check_composition("1x3Kn(Gen), 11x4Bld", STANDARD, "standard", 12, 12)
    assert caught.value.message == str(caught.value) == "unknown element type '4Bld'"
    assert caught.value.hint == ("did you mean '4Bd'?; the seed's types: 3Kn, 3Cav, 4Bd, 3Sp, 3Bw, 3Sh, 2Ps, Art, 5Wb "
                                 "(a general: 3Kn(Gen))")


def test_army_list_declared_in_campaign_and_turn_files_is_checked(make_campaign):
    red = ("provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    army_list: takeda\n"
           "    armies: [{at: 1, composition: \"1x3Kn(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 2x3Sh, 1x2Ps\"},\n"
           "             {at: 2, composition: \"1x3Kn(Gen), 3x3Kn, 4x4Bd, 2x3Sp, 2x3Sh\"}, 3]")
    history, found = play(make_campaign, {1: """
        compositions:
          red-3: "1x3Kn(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 2x3Bw, 1x3Bw"
          blue-1: [3Cav(Gen), 3Kn, 4Bd, 4Bd, 4Bd, 4Bd, 3Sp, 3Sp, 3Sp, 3Bw, 3Bw, 2Ps]
        """}, red=red)
    assert [p.split("\n")[0] for p in errors(found)] == [
        "content/campaign.yaml:11:35: error: red-2 (red): the takeda list allows at most 3 4Bd, the composition has 4 [army lists]",
        "content/turns/001.yaml:3:11: error: blue-1 (blue): all cavalry must be the same type: the composition mixes 3Cav and 3Kn "
        "[army lists]"]
    listed = events_of(history, 1, "ArmyListed")
    assert [(e.army, e.army_list) for e in listed] == [("red-3", "takeda")]
    assert dict(listed[0].elements) == {"3Kn(Gen)": 1, "3Kn": 3, "4Bd": 3, "3Sp": 2, "3Bw": 3}


def test_army_list_of_a_depleted_army_has_as_many_elements_as_the_army(make_campaign):
    # red-3 lost 2 elements to a storm: it is declared with 10
    history, found = play(make_campaign, {
        1: "moves: {red-1: [10]}\ndice: {storm: {red-1: [1, 2]}}\n",
        2: "dice: {initiative: {red: 3, blue: 4}}\ncompositions: {red-1: \"1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 1x3Bw\"}\n"})
    assert errors(found) == []
    assert events_of(history, 2, "ArmyListed")


def test_unknown_army_list_name_is_an_error(make_campaign):
    _, found = play(make_campaign, {}, red="provinces: [1, 2, 3]\n    capital: 1\n    army_list: ikko\n    armies: [1, 2, 3]")
    assert any("error: unknown army list 'ikko' [army lists]" in p and "ikko_ikki" in p for p in found), found


# ---- compositions between declarations ------------------------------------------------------------

DECLARED_RED = ("provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n"
                "    armies: [1, 2, {at: 3, composition: \"1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 2x3Bw, 1x2Ps\"}]")
ATTACK_RED_3 = """
moves: {{blue-1: [5, 4, 3]}}
battles:
  - {{at: 3, attacker: {{army: blue-1, lost: 4}}, defender: {{army: red-3, {red_3}}}}}
"""


def test_elements_named_lost_in_battle_are_checked_at_the_next_declaration(make_campaign):
    """Seed (Army Lists): an army is drawn from its list; the battle entry may name the elements lost
    by type ("elements_lost"). red-3, declared 1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 2x3Bw, 1x2Ps, loses
    2x4Bd and 1x3Sp: it has 9 elements and at most 2x4Bd and 2x3Sp. Declaring 4x4Bd next turn is an
    error; the elements it has left are accepted."""
    turn1 = ATTACK_RED_3.format(red_3="elements_lost: \"2x4Bd, 1x3Sp\"")
    history, found = play(make_campaign, {
        1: turn1, 2: "dice: {initiative: {red: 3, blue: 4}}\ncompositions: {red-3: \"1x3Kn(Gen), 1x3Kn, 4x4Bd, 1x3Sp, 1x3Bw, 1x2Ps\"}\n"},
        red=DECLARED_RED)
    assert [p.split("\n")[0] for p in errors(found)] == [
        "content/turns/002.yaml:2:23: error: red-3 (red) declares 4x4Bd (at most 2): more than it can have left since its last "
        "declaration [army compositions between declarations]"], found
    assert "hint: at most: 2x2Ps" not in errors(found)[0] and "at most: 1x2Ps, 2x3Bw, 1x3Kn, 1x3Kn(Gen), 2x3Sp, 2x4Bd" in errors(found)[0]
    assert army(history, "red-3", 1).strength == 9
    campaign = history.campaign
    data = campaign.ruleset.to_json(campaign, history.state_after(1), history.result(1).events)
    assert data["armies"]["red-3"]["elements_at_most"] == {"2Ps": 1, "3Bw": 2, "3Kn": 1, "3Kn(Gen)": 1, "3Sp": 2, "4Bd": 2}
    fought = next(e for e in data["events"] if e["kind"] == "battle-fought")
    assert fought["armies"][1]["elements_lost"] == {"3Sp": 1, "4Bd": 2}
    history, found = play(make_campaign, {
        1: turn1, 2: "dice: {initiative: {red: 3, blue: 4}}\ncompositions: {red-3: \"1x3Kn(Gen), 1x3Kn, 2x4Bd, 2x3Sp, 2x3Bw, 1x2Ps\"}\n"},
        red=DECLARED_RED)
    assert errors(found) == [] and events_of(history, 2, "ArmyListed")


def test_a_lost_general_must_be_replaced_by_the_next_declaration(make_campaign):
    """Seed: breaking points hold "unless loss of general as per DBA rules". red-3 loses its general
    (general_lost: true, one element) but wins; its next declaration must name a successor
    ("(Gen)"); its general's element is gone, so a 3Kn general can only be the other 3Kn."""
    turn1 = ATTACK_RED_3.format(red_3="lost: 1, general_lost: true")
    _, found = play(make_campaign, {
        1: turn1, 2: "dice: {initiative: {red: 3, blue: 4}}\ncompositions: {red-3: \"1x3Kn, 4x4Bd, 3x3Sp, 2x3Bw, 1x2Ps\"}\n"},
        red=DECLARED_RED)
    assert errors(found) == [
        "content/turns/002.yaml:2:23: error: red-3 (red) lost its general in the battle of Three (turn 1): its next declaration "
        "names his successor [army compositions between declarations]\n    hint: mark one element as the general, e.g. "
        "1x3Kn(Gen)"], found
    _, found = play(make_campaign, {
        1: turn1, 2: "dice: {initiative: {red: 3, blue: 4}}\ncompositions: {red-3: \"1x3Kn(Gen), 1x3Kn, 3x4Bd, 3x3Sp, 2x3Bw, 1x2Ps\"}\n"},
        red=DECLARED_RED)
    assert any("declares 2x3Kn (at most 1)" in p for p in errors(found)), found
    history, found = play(make_campaign, {
        1: turn1, 2: "dice: {initiative: {red: 3, blue: 4}}\ncompositions: {red-3: \"1x3Kn(Gen), 4x4Bd, 3x3Sp, 2x3Bw, 1x2Ps\"}\n"},
        red=DECLARED_RED)
    assert errors(found) == []
    assert army(history, "red-3").general_lost is None and army(history, "red-3", 1).general_lost == "the battle of Three (turn 1)"
    # without an earlier declaration, the successor is still required
    _, found = play(make_campaign, {
        1: turn1, 2: "dice: {initiative: {red: 3, blue: 4}}\ncompositions: {red-3: \"1x3Kn, 4x4Bd, 3x3Sp, 2x3Bw, 1x2Ps\"}\n"})
    assert any("red-3 (red) lost its general in the battle of Three (turn 1)" in p for p in errors(found)), found


def test_what_is_not_entered_by_type_is_not_held_against_a_declaration(make_campaign):
    """Losses of the player's choice (here blue-1's four, not named) leave what the army may have
    as it was; elements gained (a transfer) are of no entered type, so the next declaration is
    checked against the list and the strength only. A battle entry naming an element the army did
    not have, or more elements than it lost, is an error."""
    history, found = play(make_campaign, {
        1: ATTACK_RED_3.format(red_3="lost: 1"),
        2: "dice: {initiative: {red: 3, blue: 4}}\ntransfers: [{from: red-2, to: red-3, elements: 1}]\n",
        3: "dice: {initiative: {red: 3, blue: 4}}\ncompositions: {red-3: \"1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 2x3Sh, 1x3Bw\"}\n"},
        red=DECLARED_RED)
    assert [p for p in errors(found) if "declares" in p or "army lists" in p] == [], found
    declared = army(history, "red-3", 0).elements
    assert declared is not None and army(history, "red-3", 1).elements == declared            # a loss not named keeps it
    assert army(history, "red-3", 2).elements is None                                         # a gain
    assert dict(army(history, "red-3", 3).elements) == {"3Kn(Gen)": 1, "3Kn": 1, "4Bd": 4, "3Sp": 3, "3Sh": 2, "3Bw": 1}
    _, found = play(make_campaign, {1: ATTACK_RED_3.format(red_3="elements_lost: \"1x5Wb\"")}, red=DECLARED_RED)
    assert any("error: the battle entry says red-3 lost 5Wb, which it did not have by its last declaration" in p for p in found), found
    history, found = play(make_campaign, {1: ATTACK_RED_3.format(red_3="lost: 2, elements_lost: \"1x4Bd\"")}, red=DECLARED_RED)
    assert [p for p in errors(found) if "001.yaml" in p] == [
        "content/turns/001.yaml:3:96: error: elements_lost names 1 element of red-3, but lost: says 2 [battles]\n"
        "    hint: one entry per element lost; lost: may be left out when elements_lost is written"], found   # (it said "1 elements")
    # the battle is fought on its losses, the types left unnamed: red-3 keeps what its declaration allows
    (fought,) = events_of(history, 1, "BattleFought")
    assert [a.elements_lost for a in fought.armies if a.army == "red-3"] == [None]
    assert army(history, "red-3", 1).elements == army(history, "red-3", 0).elements


def test_elements_lost_of_the_general_s_type_are_counted_apart_from_the_general(make_campaign):
    """A battle entry naming a plain 3Kn and the 3Kn general lost (in that order) counts one of
    each, not the general twice: the battle's record and what red-3 may still hold both keep the
    general's element apart from the plain one of its type (found by mutation testing: the count of
    the general read the plain type's)."""
    history, found = play(make_campaign, {1: ATTACK_RED_3.format(
        red_3="lost: 2, general_lost: true, elements_lost: \"1x3Kn, 1x3Kn(Gen)\"")}, red=DECLARED_RED)
    assert errors(found) == [], found
    campaign = history.campaign
    data = campaign.ruleset.to_json(campaign, history.state_after(1), history.result(1).events)
    fought = next(e for e in data["events"] if e["kind"] == "battle-fought")
    assert fought["armies"][1]["elements_lost"] == {"3Kn": 1, "3Kn(Gen)": 1}
    assert data["armies"]["red-3"]["elements_at_most"] == {"2Ps": 1, "3Bw": 2, "3Sp": 3, "4Bd": 4}


def test_an_element_named_lost_once_more_than_held_is_an_error(make_campaign):
    """At the limit: red-3 held one plain 3Kn; an entry naming it lost once is accepted, twice is
    an error naming the one it did not have (the first is still taken off: what is left is then
    unknown, as after any entry the declaration cannot account for)."""
    history, found = play(make_campaign, {1: ATTACK_RED_3.format(red_3="elements_lost: \"1x3Kn\"")}, red=DECLARED_RED)
    assert errors(found) == [], found
    assert dict(army(history, "red-3", 1).elements) == {"2Ps": 1, "3Bw": 2, "3Kn(Gen)": 1, "3Sp": 3, "4Bd": 4}
    history, found = play(make_campaign, {1: ATTACK_RED_3.format(red_3="elements_lost: \"2x3Kn\"")}, red=DECLARED_RED)
    assert errors(found) == [
        "content/turns/001.yaml:3:87: error: the battle entry says red-3 lost 3Kn, which it did not have by its last "
        "declaration [army compositions between declarations]\n    hint: red-3 had at most: 1x2Ps, 2x3Bw, 1x3Kn, "
        "1x3Kn(Gen), 3x3Sp, 4x4Bd"], found
    assert army(history, "red-3", 1).elements is None and army(history, "red-3", 1).strength == 10


def test_a_declaration_of_the_army_an_unknown_one_likely_meant_follows_from_that_error(make_campaign):
    """One cause, one error: `red-33` is no army, and red-3 (the army it likely meant) is put in
    doubt with it, so red-3's own declaration refused (by the list, by what it can have left, for
    its lost general) is counted under that error, not reported again."""
    cases = (                                           # (what turn 1 does, red-3's declaration of turn 2)
        ("title: quiet\n", "1x3Kn(Gen), 11x4Bd"),                                   # 11 4Bd: the list allows 4
        (ATTACK_RED_3.format(red_3="elements_lost: \"2x4Bd, 1x3Sp\""), "1x3Kn(Gen), 1x3Kn, 4x4Bd, 1x3Sp, 1x3Bw, 1x2Ps"),
        (ATTACK_RED_3.format(red_3="lost: 1, general_lost: true"), "1x3Kn, 4x4Bd, 3x3Sp, 2x3Bw, 1x2Ps"),
    )
    for first, declared in cases:
        turns = {1: first, 2: "dice: {initiative: {red: 3, blue: 4}}\n"
                              f"compositions:\n  red-33: \"1x3Kn(Gen), 11x4Bd\"\n  red-3: \"{declared}\"\n"}
        _, found = play(make_campaign, turns, red=DECLARED_RED)
        assert [p.split("\n")[0] for p in errors(found)] == [
            "content/turns/002.yaml:3:3: error: unknown army 'red-33' [army lists]"], (declared, found)
        assert any("more problem about red-3" in p and "red-3 (red)" in p for p in found if ": warning:" in p), (declared, found)


def test_a_type_never_declared_is_beyond_what_the_army_can_have_at_most_0(make_campaign):
    """red-3 was declared without 3Sh: declaring one 3Sh (in place of a 3Bw) at the next declaration
    is more than it can have, "1x3Sh (at most 0)", the one type named (the limit: none of it)."""
    _, found = play(make_campaign, {
        1: "title: quiet\n",
        2: "dice: {initiative: {red: 3, blue: 4}}\ncompositions: {red-3: \"1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 1x3Bw, 1x3Sh, 1x2Ps\"}\n"},
        red=DECLARED_RED)
    assert errors(found) == [
        "content/turns/002.yaml:2:23: error: red-3 (red) declares 1x3Sh (at most 0): more than it can have left since its "
        "last declaration [army compositions between declarations]\n    hint: at most: 1x2Ps, 2x3Bw, 1x3Kn, 1x3Kn(Gen), "
        "3x3Sp, 4x4Bd (its last declaration less the elements named lost since)"], found


def test_the_list_a_clan_s_armies_are_drawn_from_by_option_or_by_default(make_campaign):
    """A clan's list: its own `army_list`, else `clan_army_lists` (the seed's: Takeda's, Shimazu's,
    the standard for the others), else the standard list; `army_lists` adds lists to the seed's. Red,
    given the takeda list by `clan_army_lists`, may declare 3 more 3Kn; Blue, given none, has the
    standard list, named so in its error; a list of the campaign's own (`ashigaru`) is used as written."""
    takeda_army = "1x3Kn(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 2x3Sh, 1x2Ps"
    history, found = play(make_campaign, {1: f"compositions: {{red-1: \"{takeda_army}\", blue-1: \"{takeda_army}\"}}\n"},
                          options="clan_army_lists: {red: takeda}")
    assert [p.split("\n")[0] for p in errors(found)] == [
        "content/turns/001.yaml:1:80: error: blue-1 (blue): the standard list allows at most 1 3Kn, the composition has 3 "
        "[army lists]"], found
    assert [(e.army, e.army_list) for e in events_of(history, 1, "ArmyListed")] == [("red-1", "takeda")]
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    army_list: ashigaru\n    armies: [1, 2, 3]"
    history, found = play(make_campaign, {1: "compositions: {red-1: \"1x3Kn(Gen), 11x3Sp\"}\n"}, red=red,
                          options="army_lists: {ashigaru: [[1, [3Kn], gen], [11, [3Sp], '']]}")
    assert errors(found) == [], found
    assert [(e.army, e.army_list) for e in events_of(history, 1, "ArmyListed")] == [("red-1", "ashigaru")]


def test_a_clan_with_an_unknown_list_has_its_armies_checked_against_the_standard_list(make_campaign):
    """`army_list: ikko` is no list (an error at the set-up); red-1's declaration is then checked
    against the standard list, not refused for want of a list (nor let through), and its error says
    so (it named "the ikko list", which does not exist, with the standard list's slots)."""
    red = "provinces: [1, 2, 3]\n    capital: 1\n    army_list: ikko\n    armies: [1, 2, 3]"
    _, found = play(make_campaign, {1: "compositions: {red-1: \"1x3Kn(Gen), 11x4Bd\"}\n"}, red=red)
    assert [p.split("\n")[0] for p in errors(found)][1:] == [
        "content/turns/001.yaml:1:23: error: red-1 (red): the standard list allows at most 4 4Bd, the composition has 11 "
        "[army lists]"], found


def test_a_declaration_of_another_size_than_the_army_is_refused_whole(make_campaign):
    """An army of 12 declared with 11 elements: refused whole, its hint saying how to declare it."""
    _, found = play(make_campaign, {1: "compositions: {red-1: \"1x3Kn(Gen), 1x3Kn, 4x4Bd, 3x3Sp, 2x3Bw\"}\n"})
    assert errors(found) == ["content/turns/001.yaml:1:23: error: red-1 (red): the composition lists 11 elements, but the "
                             "army has 12 [army lists]\n    hint: declare the army as it stands: one entry per element it has now"]
