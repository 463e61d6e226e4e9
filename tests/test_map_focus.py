"""Where a phone first looks on a turn's map (chronicle/render/focus.py): one of the turn's
biggest fights first, then the rest of its battles and its orders, as much as a small phone's
window holds.

The points here are in map units on a plane, not on a line: the window has a width and a height
and a part can overflow either.
"""

from __future__ import annotations

from types import SimpleNamespace

from chronicle.render.focus import Part, action_parts, view_point
from chronicle.rules import ContestMark, OrderMark, Outcome

ANCHORS = {"a": (0.0, 0.0), "b": (100.0, 0.0), "c": (100.0, 80.0), "d": (400.0, 0.0), "e": (420.0, 60.0),
           "f": (0.0, 300.0), "g": (380.0, 40.0)}


def order(*path, count=1):
    return OrderMark("attack", "p", tuple(path), Outcome.SUCCEEDED, "an attack", count=count)


def contest(province, *players):
    return ContestMark("conflict", province, tuple(players), Outcome.SUCCEEDED, "a fight")


def summary(orders=(), contests=()):
    return SimpleNamespace(orders=tuple(orders), contests=tuple(contests))


def one(*points, weight=(0, 1)):
    return Part(weight, (tuple(points),))


# ---- view_point: what fits ------------------------------------------------------------------------

def test_parts_that_fit_together_are_all_looked_at():
    assert view_point([one((0.0, 0.0)), one((100.0, 80.0))], (100.0, 80.0)) == (50.0, 40.0)


def test_a_part_exactly_the_window_wide_fits_and_one_unit_wider_does_not():
    at_limit = [one((0.0, 0.0), weight=(2, 0)), one((100.0, 0.0))]
    assert view_point(at_limit, (100.0, 50.0)) == (50.0, 0.0)
    assert view_point(at_limit, (99.0, 50.0)) == (0.0, 0.0)        # one unit short: the fight alone
    assert view_point(at_limit, (101.0, 50.0)) == (50.0, 0.0)


def test_the_height_counts_as_much_as_the_width():
    parts = [one((0.0, 0.0), weight=(2, 0)), one((0.0, 60.0))]
    assert view_point(parts, (500.0, 60.0)) == (0.0, 30.0)
    assert view_point(parts, (500.0, 59.0)) == (0.0, 0.0)


def test_a_part_too_big_is_seen_its_next_way_and_later_ones_still_join():
    parts = [Part((2, 1), (((0.0, 0.0), (400.0, 0.0)), ((0.0, 0.0),))), one((50.0, 40.0)), one((300.0, 0.0))]
    assert view_point(parts, (100.0, 100.0)) == (25.0, 20.0)


def test_nothing_to_look_at():
    assert view_point([], (100.0, 100.0)) is None


def test_between_fights_as_big_the_one_with_the_most_around_it_is_looked_at():
    lone = one((0.0, 0.0), weight=(2, 1))
    crowd = [one((400.0, 0.0), weight=(2, 1)), one((380.0, 40.0), weight=(2, 1)), one((420.0, 60.0), weight=(1, 1))]
    x, _y = view_point([lone] + crowd, (100.0, 100.0))
    assert x == 400.0
    assert view_point([lone, one((400.0, 0.0), weight=(2, 1))], (100.0, 100.0)) == (0.0, 0.0)   # a tie: the first told


def test_a_bigger_fight_is_looked_at_even_alone_rather_than_a_crowd_of_smaller_ones():
    parts = [one((0.0, 0.0), weight=(3, 0)), one((400.0, 0.0), weight=(2, 1)), one((380.0, 40.0), weight=(2, 1))]
    assert view_point(parts, (100.0, 100.0)) == (0.0, 0.0)


# ---- action_parts: in order of weight ------------------------------------------------------------

def test_the_fight_with_the_most_players_comes_first_with_the_arrows_aimed_at_it():
    turn = summary(orders=[order("a", "b"), order("e", "d"), order("c", "d")],
                   contests=[contest("b", "x", "y"), contest("d", "x", "y", "z")])
    parts = action_parts(turn, ANCHORS)
    assert parts[0] == Part((3, 2), ((ANCHORS["d"], ANCHORS["e"], ANCHORS["c"]), (ANCHORS["d"],)))
    assert parts[1] == Part((2, 1), ((ANCHORS["b"], ANCHORS["a"]), (ANCHORS["b"],)))


def test_between_fights_as_big_the_one_more_orders_aim_at_comes_first():
    turn = summary(orders=[order("a", "b"), order("c", "d", count=2)], contests=[contest("b", "x", "y"), contest("d", "x", "y")])
    assert action_parts(turn, ANCHORS)[0].ways[-1] == (ANCHORS["d"],)


def test_a_far_battle_is_in_view_rather_than_the_middle_of_everything():
    """The Pitac turn 6 shape: fights at both ends, the biggest on the right; the middle of all
    of them would show neither."""
    turn = summary(orders=[order("a", "b"), order("e", "d")], contests=[contest("b", "x", "y"), contest("d", "x", "y", "z")])
    x, y = view_point(action_parts(turn, ANCHORS), (150.0, 150.0))
    window = lambda p: abs(p[0] - x) <= 75.0 and abs(p[1] - y) <= 75.0
    assert window(ANCHORS["d"]) and window(ANCHORS["e"])               # the big fight and its arrow
    middle = (420.0 / 2, 30.0)                                          # where the middle of it all looked
    assert not any(abs(p[0] - middle[0]) <= 75.0 for p in (ANCHORS["b"], ANCHORS["d"]))


def test_orders_without_a_fight_then_what_changed_hands():
    turn = summary(orders=[order("a", "b"), order("d", "e")])
    assert action_parts(turn, ANCHORS, changed={"f", "nowhere"}) == [
        Part((0, 1), ((ANCHORS["b"], ANCHORS["a"]), (ANCHORS["b"],))),
        Part((0, 1), ((ANCHORS["e"], ANCHORS["d"]), (ANCHORS["e"],))),
        Part((0, 0), ((ANCHORS["f"],),))]


def test_without_a_fight_the_view_goes_where_most_orders_are():
    turn = summary(orders=[order("a", "b"), order("d", "e"), order("g", "d"), order("e", "g")])
    x, _y = view_point(action_parts(turn, ANCHORS), (100.0, 100.0))
    assert x == 400.0


def test_provinces_off_the_map_and_contests_without_a_place_are_left_out():
    turn = summary(orders=[order("nowhere", "b")], contests=[contest(None, "x", "y"), contest("b", "x")])
    assert action_parts(turn, ANCHORS) == [Part((1, 1), ((ANCHORS["b"],), (ANCHORS["b"],)))]


def test_the_same_turn_gives_the_same_view():
    turn = summary(orders=[order("a", "b"), order("e", "d")], contests=[contest("b", "x", "y"), contest("d", "x", "y")])
    assert len({view_point(action_parts(turn, ANCHORS, changed={"f", "a"}), (200.0, 200.0)) for _ in range(5)}) == 1
