"""Orders drawn clear of the provinces' names (chronicle/render/clearance.py, issue 12): each
rule at its edges, on small hand-made maps. The examples' figures are in the browser test
tests/browser/test_map_story.py (test_orders_and_badges_keep_off_the_names...)."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from chronicle.render import clearance as clear
from chronicle.render.overlay import Overlay, _beziers, _split
from chronicle.rules import OrderMark, Outcome

PX = 1.0


def overlay(anchors, names=(), badges=()):
    return Overlay(anchors, PX, lambda _p: "#336699", 2, lambda _c: "#000000", names=names, badges=badges)


def arrow_points(svg: str) -> np.ndarray:
    """The points of an arrow's first line (its casing), sampled along its Bézier."""
    d = re.search(r'<path d="(M[^"]+)" stroke="#1b1b1b"', svg).group(1)
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    leg = list(zip(numbers[0::2], numbers[1::2]))
    return clear.sample(leg[:4], 60)


def on_box(points, box, margin) -> int:
    x0, y0, x1, y1 = box
    return int(((points[:, 0] > x0 - margin) & (points[:, 0] < x1 + margin)
                & (points[:, 1] > y0 - margin) & (points[:, 1] < y1 + margin)).sum())


ATTACK = OrderMark("attack", "p", ("a", "b"), Outcome.SUCCEEDED, "p: Attack b")


def test_with_no_names_an_arrow_is_the_usual_gentle_bow():
    """The legend's samples and a map with no names in the way draw as before: bent 0.14 of the
    length to the right, 6 px off the start's centre."""
    svg = overlay({"a": (0, 0), "b": (100, 0)}).order(ATTACK)
    pts = arrow_points(svg)
    assert pts[0][0] == pytest.approx(6, abs=0.6)
    assert pts[30][1] > 5           # y grows downwards: the right of an arrow going east is south


def test_a_name_in_the_way_is_passed_round():
    """A name across the straight path and the usual bow (south): the arrow bows north of it."""
    name = (40, -6, 60, 16)
    svg = overlay({"a": (0, 0), "b": (100, 0)}, names=[name]).order(ATTACK)
    pts = arrow_points(svg)
    assert on_box(pts, name, 2.7) == 0
    assert pts[30][1] < -6
    usual = arrow_points(overlay({"a": (0, 0), "b": (100, 0)}).order(ATTACK))
    assert on_box(usual, name, 2.7) > 0            # the usual bow would have crossed it


def test_the_ends_are_trimmed_off_the_names_at_both_ends():
    """The start and the target's names stand on their centres: the arrow leaves from beside
    the first and its head stops short of the second."""
    start, end = (-20, -6, 20, 6), (80, -6, 120, 6)
    svg = overlay({"a": (0, 0), "b": (100, 0)}, names=[start, end]).order(ATTACK)
    pts = arrow_points(svg)
    assert on_box(pts, start, 2.7) == 0 and on_box(pts, end, 2.7) == 0
    tip = re.search(r'class="head" d="M(-?[\d.]+),(-?[\d.]+)', svg)
    x, y = float(tip.group(1)), float(tip.group(2))
    assert not (80 - 6 < x < 120 + 6 and -6 - 6 < y < 6 + 6)     # the head is off the target's name


def test_a_trim_never_leaves_a_stub():
    """Names so wide that trimming both ends would leave almost nothing: the arrow keeps at
    least 1.8 heads of length."""
    legs = [_beziers([(0, 0), (40, 0)], 0.0, 0.0)]
    names = clear.Clearance([(-30, -40, 18, 40), (22, -40, 70, 40)], PX)
    cost, (leg,) = clear.route(legs, names, start_cut=6, end_cut=8, line=2.7, head=6.7, split=_split, least=16.2)
    length = math.dist(leg[0], leg[3])
    assert length >= 16.2 - 0.5
    assert cost > 0                 # and it says it is on a name


def test_a_badge_stops_the_head_but_not_the_line():
    """An arrow may pass under a contest's badge, but its head stops short of one."""
    badge = (88, -12, 112, 12)
    svg = overlay({"a": (0, 0), "b": (100, 0)}, badges=[badge]).order(ATTACK)
    tip = re.search(r'class="head" d="M(-?[\d.]+),(-?[\d.]+)', svg)
    x, y = float(tip.group(1)), float(tip.group(2))
    assert not (88 - 6.7 < x < 112 + 6.7 and -12 - 6.7 < y < 12 + 6.7)


def test_a_path_through_a_name_passes_beside_it():
    """A move through b, whose name stands on its centre: the path passes above or below it."""
    name = (85, -7, 115, 7)
    mark = OrderMark("move", "p", ("a", "b", "c"), Outcome.SUCCEEDED, "p: a → b → c")
    svg = overlay({"a": (0, 0), "b": (100, 0), "c": (200, 0)}, names=[name]).order(mark)
    d = " ".join(re.findall(r'<path d="(M[^"]+)" stroke="#1b1b1b"', svg))
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    points = list(zip(numbers[0::2], numbers[1::2]))
    legs = [points[i:i + 4] for i in range(0, len(points), 4)]
    pts = np.concatenate([clear.sample(leg, 40) for leg in legs])
    assert on_box(pts, name, 2.7) == 0


@pytest.mark.parametrize("names,arcs", [
    ((), [(0.0, 2 * math.pi)]),                         # nothing near: the whole ring, one circle
    (((-50, -50, 50, 50),), []),                        # all of it under a name: nothing
])
def test_a_ring_whole_or_gone(names, arcs):
    assert clear.ring_gaps((0, 0), 12, 4, clear.Clearance(names, PX)) == arcs


def test_a_ring_opens_where_a_name_stands_under_it():
    """The siege ring round a castle, a name below: one arc, open at the bottom, and none of it
    on the name."""
    name = (-20, 8, 20, 20)
    arcs = clear.ring_gaps((0, 0), 12, 4, clear.Clearance([name], PX))
    assert len(arcs) == 1
    a0, a1 = arcs[0]
    angles = np.linspace(a0, a1, 50)
    pts = np.stack([12 * np.cos(angles), 12 * np.sin(angles)], axis=1)
    assert on_box(pts, name, 2) == 0
    assert a1 - a0 > math.pi        # most of the ring stays
    siege = OrderMark("siege", "p", ("a",), Outcome.PENDING, "p: siege of a")
    svg = overlay({"a": (0, 6)}, names=[name]).order(siege)
    assert "<circle" not in svg and svg.count("A12,12 0 1 1") == 2      # casing and colour, both open


@pytest.mark.parametrize("taken,expected", [
    ((), (-14, -6)),                                    # the usual spot, left of the centre
    (((-25, -20, -3, 10),), (14, -6)),                  # the left taken: the right
    (((-40, -40, 40, 40),), (-14, -6)),                 # all taken alike: the first, least covered
])
def test_a_shield_stands_at_the_first_clear_spot(taken, expected):
    x, y = clear.place_spot((0, 0), ((-14, -6), (14, -6), (0, 18)), (6.5, 8), clear.Clearance(taken, PX), PX)
    assert (x, y) == expected


def test_the_count_moves_along_its_arrow_off_a_name():
    leg = ((0, 0), (100 / 3, 0), (200 / 3, 0), (100, 0))
    assert clear.count_spot([leg], clear.Clearance((), PX), 9) == pytest.approx((50, 0))
    spot = clear.count_spot([leg], clear.Clearance([(40, -5, 60, 5)], PX), 9)
    assert not 31 < spot[0] < 69


def test_the_same_turn_draws_the_same_svg():
    anchors = {"a": (0, 0), "b": (100, 0), "c": (200, 30)}
    names = [(85, -7, 115, 7), (-10, -4, 10, 4)]
    mark = OrderMark("move", "p", ("a", "b", "c"), Outcome.SUCCEEDED, "p: a → b → c")
    assert overlay(anchors, names).orders([mark, ATTACK]) == overlay(anchors, names).orders([mark, ATTACK])


@pytest.mark.parametrize("gap,expected", [
    (3.0, 0.0),                     # clear of the box by the line's half width: free
    (2.99, 1.0),                    # just inside the halo band: a graze
    (0.51, 1.0),                    # the band's inner edge (3 - 2.5), still a graze
    (0.49, clear.HARD),             # on the letters
    (-4.0, clear.HARD),
])
def test_a_sample_costs_by_how_deep_it_lies_in_a_name(gap, expected):
    """A name's box is its letters with a soft band round them (the halo, a browser's taller
    text box): a line 3 map units from its edge grazes the band, deeper it crosses the word."""
    band = clear.Clearance([(0, 0, 10, 10)], PX, soft=2.5)
    assert band.weight(np.array([gap]), 3.0)[0] == expected


def test_where_no_way_is_clear_a_graze_beats_a_crossing():
    """Two ways, neither clear of a wide name (its letters, with a band of 2.5 round them): the
    first crosses the word from top to bottom, 17 units in the box; the second runs along it,
    62 units in the band only. With the band soft the graze wins; with every unit of a name
    alike (no band) the shorter crossing did, and the arrow covered the word."""
    name = (20, -7.5, 80, 7.5)
    crossing = ((50, 30), (50, 10), (50, -10), (50, -30))
    grazing = ((0, -6.5), (33, -6.5), (66, -6.5), (100, -6.5))
    options = dict(start_cut=0, end_cut=0, line=1.0, head=1.0, split=_split, least=1.0)
    soft = clear.route([[crossing], [grazing]], clear.Clearance([name], PX, soft=2.5), **options)
    assert soft[1][0][0][1] == pytest.approx(-6.5)
    hard = clear.route([[crossing], [grazing]], clear.Clearance([name], PX), **options)
    assert hard[1][0][0][0] == pytest.approx(50)


# ---- a contest's badge on its own province ------------------------------------------------------

def test_a_badge_stands_on_its_own_province_not_on_a_neighbour():
    """A narrow province (20 px wide) with a neighbour to its east and the sea to its west: the
    first spot (13 px east, 17 up) stands on the neighbour's land, where Yamashiro's roll-off
    stood on Omi's; with the outlines known the badge goes up the province's own length
    (0, -26). Without outlines the first spot clear of names wins, as before. When a name covers
    the spots up the province, the badge goes down it (0, 22); when names fill it, the badge
    hides none of them to keep inside, and stands on the sea (half the cost) rather than on the
    neighbour."""
    import shapely
    shapes = {"a": shapely.box(-10, -60, 10, 40), "b": shapely.box(10, -60, 80, 40)}
    anchors = {"a": (0.0, 0.0), "b": (45.0, 0.0)}

    def spot(taken=(), outlines=True):
        o = Overlay(anchors, PX, lambda _p: "#336699", 2, lambda _c: "#000000", shapes=shapes if outlines else None)
        return tuple(round(v, 6) for v in o.badge_spot("a", list(taken)))
    assert spot(outlines=False) == (13.0, -17.0)
    assert spot() == (0.0, -26.0)
    name = (-10.0, -48.0, 10.0, -12.0)            # a name up the province
    assert spot([name]) == (0.0, 22.0)            # down the province, clear of the name
    below = (-10.0, -12.0, 10.0, 40.0)            # names filling the rest of it
    chosen = spot([name, below])
    box = (chosen[0] - 11.5, chosen[1] - 11.5, chosen[0] + 11.5, chosen[1] + 11.5)
    assert all(box[2] <= n[0] or box[0] >= n[2] or box[3] <= n[1] or box[1] >= n[3] for n in (name, below))
    assert chosen[0] < 0                          # the sea's side, not the neighbour's


# ---- names do not depend on later turns (issue 11) ---------------------------------------------

def _example_maps(tmp_path, turns: int | None):
    """The Pitac example's model and maps, cut to its first ``turns`` turns (all with None)."""
    import shutil

    from chronicle import i18n
    from chronicle.history import load_history
    from chronicle.render import views
    from chronicle.render.mapviews import SiteMaps
    from conftest import REPO

    root = REPO
    if turns is not None:
        root = tmp_path / f"first-{turns}"
        shutil.copytree(REPO / "content", root / "content",
                        ignore=lambda folder, names: [n for n in names if n[:3].isdigit() and int(n[:3]) > turns])
    history = load_history(root)
    with i18n.use(history.campaign.language):
        model = views.build_model(history)
        return model, SiteMaps(history.campaign, model)


def test_a_turn_that_adds_a_capital_changes_no_earlier_map(tmp_path):
    """Pitac turn 5 gives Settsu and Bingo their first capital. The maps of the start and turns
    1-4 are the same, byte for byte, built with turn 5 or without it: a name stands where the
    start's marks leave room, not where a later turn's capital will (the names kept clear of
    every turn's marks, so turn 5 moved Settsu's and Bingo's names on every earlier map, and
    an incremental build rewrote every page with a map)."""
    from chronicle import i18n
    before, before_maps = _example_maps(tmp_path, 4)
    after, after_maps = _example_maps(tmp_path, 5)
    assert {p for p, m in after.turn(5).summary.marks.items() if m} - {p for p, m in before.turn(4).summary.marks.items() if m} \
        == {"settsu", "bingo"}
    with i18n.use(before_maps.campaign.language):
        for number in range(0, 5):
            old, new = before.turn(number), after.turn(number)
            assert before_maps.turn(old, old.path).svg == after_maps.turn(new, new.path).svg, number
            assert before_maps.turn(old, "index.html").svg == after_maps.turn(new, "index.html").svg, number


def test_a_later_capital_stands_clear_of_the_names_inside_its_province(tmp_path):
    """Each mark a later turn adds stands on its province's centre where the names leave it
    clear, else on the nearest clear spot inside the province: on every turn of the Pitac
    example, at the scale its map is drawn at, no mark's box meets a name's box (with its
    halo), and its centre lies in its own province."""
    import shapely

    model, maps = _example_maps(tmp_path, None)
    painter = maps.painter
    checked = set()
    for view in model.turns:
        box, _overview = painter.action_frame(view.summary, view.changed if view.number else None)
        scale = painter.bucket(painter.scale_of(box))
        px = 1 / scale
        names = clear.Clearance(painter.layers(scale).label_boxes, px)
        for pid, marks in view.summary.marks.items():
            if not marks or len(marks) <= painter.marked.get(pid, 0):
                continue
            zone = painter._mark_zone(pid, len(marks), px)
            assert names.covered(zone) == 0.0, (view.number, pid)
            x, y = painter.mark_spot(pid, len(marks), px)
            assert shapely.contains_xy(painter._shapes[pid], x, y - 6 * px), (view.number, pid)
            checked.add((pid, round(scale, 6), (x, y) == painter.geometry.anchors[pid]))
    # both later capitals are checked, and at least one of them did have to move off its centre
    assert {pid for pid, _s, _c in checked} == {"settsu", "bingo"}
    assert any(not centred for _p, _s, centred in checked)


@pytest.mark.parametrize("within", [0.0, 2.5, 7.0, 40.0])
def test_gaps_measured_box_by_box_are_exact_below_the_margin_asked(within):
    """A long arrow's tens of thousands of samples are measured against each name's box in its
    reach only (issue 11): every gap under ``within`` is the exact one, every other at least
    ``within`` (a point exactly ``within`` along x from a box included)."""
    rng = np.random.default_rng(11)
    corners = rng.uniform(0, 300, size=(40, 2))
    boxes = np.concatenate([corners, corners + rng.uniform(5, 60, size=(40, 2))], axis=1)
    points = rng.uniform(-20, 380, size=(25_000, 2))
    points[:3] = [(boxes[0, 0] - within, boxes[0, 1] + 1), (boxes[0, 2] + within, boxes[0, 3]), (boxes[0, 0], boxes[0, 1])]
    names = clear.Clearance(boxes, PX)
    exact = names.gaps(points)
    fast = names.gaps(points, within=within)
    assert len(points) * len(boxes) > clear._BOX_BY_BOX        # the box-by-box way is the one tested
    below = exact < within
    assert below.sum() > 100 and (~below).sum() > 100
    assert np.array_equal(fast[below], exact[below])
    assert (fast[~below] >= within).all()



def test_a_remembered_route_is_taken_again_only_with_the_same_badges_near_it():
    """Routes are remembered for the build (issue 11), keyed by the names and badges near the
    search: the same arrow on a later map without the badge is drawn to the centre again, and
    what the caller does with one answer does not change the next."""
    badge = (88, -12, 112, 12)
    tips = []
    for badges in ([badge], [], [badge], [(500, 500, 510, 510)]):
        svg = overlay({"a": (0, 0), "b": (100, 0)}, names=[(300, 300, 330, 310)], badges=badges).order(ATTACK)
        tip = re.search(r'class="head" d="M(-?[\d.]+),(-?[\d.]+)', svg)
        tips.append((float(tip.group(1)), float(tip.group(2))))
    assert tips[0] == tips[2] and tips[1] == tips[3]
    assert tips[0][0] < 88 - 6.7 < tips[1][0]          # with the badge the head stops short of it
    options = dict(start_cut=6.0, end_cut=8.0, line=2.7, head=6.7, split=_split, least=16.0)
    legs = [_beziers([(0.0, 0.0), (100.0, 0.0)], bend=0.14, limit=40)]
    first = clear.route(legs, clear.Clearance([], PX), **options)
    first[1].clear()
    again = clear.route(legs, clear.Clearance([], PX), **options)
    assert len(again[1]) == 1
