"""A turn's map frame (``MapPainter.action_frame``): the turn's action drawn large, its neighbours
around it, the rest of the campaign on an overview.

The browser tests (tests/browser/test_map_story.py) check the frames as drawn on every turn of
the examples; these check the choice itself, without a browser."""

from __future__ import annotations

import pytest

from chronicle.history import load_history
from chronicle.render import views
from chronicle.render.maps import _union, _within
from chronicle.render.mapviews import SiteMaps
from site_helpers import write_sengoku_example


@pytest.fixture(scope="module")
def sengoku(tmp_path_factory):
    root = write_sengoku_example(tmp_path_factory.mktemp("sengoku"), until=4)
    history = load_history(root)
    model = views.build_model(history)
    return model, SiteMaps(history.campaign, model).painter


def test_a_fight_in_a_corner_is_drawn_large_not_stretched_by_a_long_neighbour(sengoku):
    """Sengoku turn 4, the relief of Kai: the action is Kai and Shinano, beside Echigo, a province
    as long as half of Honshu's west coast. Framed by its neighbours' whole outlines the fight
    took a third of the frame's height (the frame ran from Sado to the Pacific); framed by where
    their names stand, about half, with every province of the action inside and the rest of the
    campaign on the overview."""
    model, painter = sengoku
    view = model.turn(4)
    g = painter.geometry
    action = painter.action(view.summary, view.changed)
    assert action == {"kai", "shinano"}
    box, overview = painter.action_frame(view.summary, view.changed)
    assert all(_within(g.boxes[p], box) for p in action)
    x0, y0, x1, y1 = _union(g.boxes[p] for p in action)
    assert (y1 - y0) / box[3] >= 0.45
    assert overview is not None and _within(_union(g.boxes[p] for p in painter.in_play(view.summary, view.changed)),
                                            overview)


def test_an_action_across_the_map_keeps_its_neighbours_whole(sengoku):
    """Turn 1's moves run from Bizen to Echigo: not a corner, so the frame holds the neighbouring
    provinces in play whole, as it always did (the frame of the action and of them)."""
    model, painter = sengoku
    view = model.turn(1)
    g = painter.geometry
    action = painter.action(view.summary, view.changed)
    box, _overview = painter.action_frame(view.summary, view.changed)
    assert all(_within(g.boxes[p], box) for p in action)
    x0, y0, x1, y1 = _union(g.boxes[p] for p in action)
    assert max(x1 - x0, y1 - y0) > max(painter.frame(painter.in_play(view.summary, view.changed))[2:]) / 4
    assert box[2] >= painter.frame(action)[2]
