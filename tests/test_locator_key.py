"""A province page's locator map is keyed by what it draws, and by nothing else.

A province's page is made again only when its locator's key changes (``SiteMaps.locator_key``).
The key is read from the painter's own clipping (``MapPainter.clipped``), so these tests check the
two against the drawing itself on the example campaign's map of Japan (not a line): a holder or
a mark changed in a province the key names changes the locator's SVG, and one changed anywhere
else leaves the SVG byte for byte as it was (else a page would go stale in an incremental build,
or every page be made again for a capital on the far side of the map).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from chronicle.history import load_history
from chronicle.render.maps import LOCATOR, MapPainter

EXAMPLE = Path(__file__).resolve().parents[1]          # the example campaign: content/ at the root
#: a province in the crowded middle, one on the western tip, one on an island reached by sea
PROVINCES = ("yamashiro", "nagato", "sado")


@pytest.fixture(scope="module")
def painter_and_final():
    from chronicle.render.views import build_model
    history = load_history(EXAMPLE)
    model = build_model(history)
    return history.campaign, MapPainter(history.campaign), model.final.summary


def locator(painter: MapPainter, summary, pid: str) -> str:
    return painter.svg(summary, box=painter.around(pid), room=LOCATOR, focus=pid, overlay=False, clip=True, ids=False)


@pytest.mark.parametrize("pid", PROVINCES)
def test_a_mark_changes_the_locator_exactly_where_the_key_says_it_shows(painter_and_final, pid):
    campaign, painter, final = painter_and_final
    box = painter.around(pid)
    before = locator(painter, final, pid)
    drawn, shown = set(), set()
    for other in sorted(campaign.map.provinces):
        marks = dict(final.marks)
        marks[other] = tuple(sorted(set(marks.get(other, ())) | {"capital", "fortress"}))
        marked = replace(final, marks=marks)
        provinces, with_marks = painter.clipped(marked, box, LOCATOR)
        changed = locator(painter, marked, pid) != before
        assert changed == (other in with_marks or other in provinces), other    # a tooltip names the marks
        shown |= {other} & set(with_marks)
        drawn |= {other} & set(provinces)
    assert pid in shown and shown < drawn < set(campaign.map.provinces)   # near marks show, far ones do not


@pytest.mark.parametrize("pid", PROVINCES)
def test_a_holder_changes_the_locator_exactly_where_the_key_says_it_is_drawn(painter_and_final, pid):
    campaign, painter, final = painter_and_final
    provinces, _marked = painter.clipped(final, painter.around(pid), LOCATOR)
    before = locator(painter, final, pid)
    someone = campaign.players[0].id
    for other in sorted(campaign.map.provinces):
        moved = replace(final, owners={**final.owners, other: None if final.owners.get(other) else someone})
        assert (locator(painter, moved, pid) != before) == (other in provinces), other
    assert pid in provinces and set(provinces) < set(campaign.map.provinces)
