"""Where a phone first looks on a turn's map (chronicle/render/focus.py): the turn's biggest fight
first, then the rest of its battles and its orders, as much as a small phone's window holds.

The points here are in map units on a plane, not on a line: the window has a width and a height
and a group can overflow either.
"""

from __future__ import annotations

from types import SimpleNamespace

from chronicle.render.focus import action_groups, view_point
from chronicle.rules import ContestMark, OrderMark, Outcome

ANCHORS = {"a": (0.0, 0.0), "b": (100.0, 0.0), "c": (100.0, 80.0), "d": (400.0, 0.0), "e": (420.0, 60.0),
           "f": (0.0, 300.0)}


def order(*path, count=1):
    return OrderMark("attack", "p", tuple(path), Outcome.SUCCEEDED, "an attack", count=count)


def contest(province, *players):
    return ContestMark("conflict", province, tuple(players), Outcome.SUCCEEDED, "a fight")


def summary(orders=(), contests=()):
    return SimpleNamespace(orders=tuple(orders), contests=tuple(contests))


# ---- view_point: what fits ------------------------------------------------------------------------

def test_groups_that_fit_together_are_all_looked_at():
    assert view_point([((0.0, 0.0),), ((100.0, 80.0),)], (100.0, 80.0)) == (50.0, 40.0)


def test_a_group_exactly_the_window_wide_fits_and_one_unit_wider_does_not():
    at_limit = [((0.0, 0.0),), ((100.0, 0.0),)]
    assert view_point(at_limit, (100.0, 50.0)) == (50.0, 0.0)
    assert view_point(at_limit, (99.0, 50.0)) == (0.0, 0.0)        # one unit short: the first alone
    assert view_point(at_limit, (101.0, 50.0)) == (50.0, 0.0)


def test_the_height_counts_as_much_as_the_width():
    groups = [((0.0, 0.0),), ((0.0, 60.0),)]
    assert view_point(groups, (500.0, 60.0)) == (0.0, 30.0)
    assert view_point(groups, (500.0, 59.0)) == (0.0, 0.0)


def test_a_group_too_big_is_passed_over_and_later_ones_still_join():
    groups = [((0.0, 0.0),), ((0.0, 0.0), (400.0, 0.0)), ((50.0, 40.0),)]
    assert view_point(groups, (100.0, 100.0)) == (25.0, 20.0)


def test_nothing_to_look_at():
    assert view_point([], (100.0, 100.0)) is None


# ---- action_groups: in order of weight -----------------------------------------------------------

def test_the_fight_with_the_most_players_comes_first_with_the_arrows_aimed_at_it():
    turn = summary(orders=[order("a", "b"), order("e", "d"), order("c", "d")],
                   contests=[contest("b", "x", "y"), contest("d", "x", "y", "z")])
    groups = action_groups(turn, ANCHORS)
    assert groups[0] == (ANCHORS["d"], ANCHORS["e"], ANCHORS["c"])     # the three-player fight, its arrows' starts
    assert groups[1] == (ANCHORS["d"],)                                 # its badge alone, when they do not fit
    assert groups[2] == (ANCHORS["b"], ANCHORS["a"])


def test_between_fights_as_big_the_one_more_orders_aim_at_comes_first():
    turn = summary(orders=[order("a", "b"), order("c", "d", count=2)], contests=[contest("b", "x", "y"), contest("d", "x", "y")])
    assert action_groups(turn, ANCHORS)[0][0] == ANCHORS["d"]
    same = summary(orders=[order("a", "b"), order("c", "d")], contests=[contest("b", "x", "y"), contest("d", "x", "y")])
    assert action_groups(same, ANCHORS)[0][0] == ANCHORS["b"]           # a tie: the first told


def test_a_far_battle_is_in_view_rather_than_the_middle_of_everything():
    """The Pitac turn 6 shape: fights at both ends, the biggest on the right; the middle of all
    of them would show neither."""
    turn = summary(orders=[order("a", "b"), order("e", "d")], contests=[contest("b", "x", "y"), contest("d", "x", "y", "z")])
    x, y = view_point(action_groups(turn, ANCHORS), (150.0, 150.0))
    window = lambda p: abs(p[0] - x) <= 75.0 and abs(p[1] - y) <= 75.0
    assert window(ANCHORS["d"]) and window(ANCHORS["e"])               # the big fight and its arrow
    middle = ((0.0 + 420.0) / 2, 30.0)                                  # where the middle of it all looked
    assert not any(abs(p[0] - middle[0]) <= 75.0 for p in (ANCHORS["b"], ANCHORS["d"]))


def test_orders_without_a_fight_then_what_changed_hands():
    turn = summary(orders=[order("a", "b"), order("d", "e")])
    assert action_groups(turn, ANCHORS, changed={"f"}) == [
        (ANCHORS["b"], ANCHORS["a"]), (ANCHORS["b"],), (ANCHORS["e"], ANCHORS["d"]), (ANCHORS["e"],), (ANCHORS["f"],)]


def test_provinces_off_the_map_and_contests_without_a_place_are_left_out():
    turn = summary(orders=[order("nowhere", "b")], contests=[contest(None, "x", "y"), contest("b", "x")])
    assert action_groups(turn, ANCHORS) == [(ANCHORS["b"],), (ANCHORS["b"],)]


def test_the_same_turn_gives_the_same_view():
    turn = summary(orders=[order("a", "b"), order("e", "d")], contests=[contest("b", "x", "y"), contest("d", "x", "y")])
    assert len({view_point(action_groups(turn, ANCHORS, changed={"f", "a"}), (200.0, 200.0)) for _ in range(5)}) == 1
