"""The built site: links, determinism, atomic writes, templates, escaping, feeds, maps and charts."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from shapely.geometry import Point, Polygon

from chronicle import ripple
from chronicle.history import load_history
from chronicle.render import maps as maps_module
from chronicle.render import site as site_module
from chronicle.render.charts import Chart, Series, line_chart, nice_ticks
from chronicle.render.markdown import render_markdown
from chronicle.render.site import build_site
from site_helpers import SMALL_CAMPAIGN, SMALL_STORIES as STORIES, SMALL_TURNS as TURNS, write_japan_campaign

def small_campaign(make_campaign, extra: str = "", **kwargs):
    return make_campaign(SMALL_CAMPAIGN + extra, TURNS, STORIES, **kwargs)


@pytest.fixture
def small(make_campaign):
    return small_campaign(make_campaign)


@pytest.fixture(scope="module")
def japan_site(tmp_path_factory):
    root = write_japan_campaign(tmp_path_factory.mktemp("japan") / "campaign", turns=5)
    build_site(load_history(root), root / "site", progress=False)
    return root / "site"


def build(root: Path, target: Path | None = None) -> Path:
    target = target or root / "site"
    build_site(load_history(root), target, progress=False)
    return target


def files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


# ---- links ------------------------------------------------------------------------------------

class Links(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.repeated: list[str] = []

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if key in ("href", "src", "xlink:href") and value is not None:
                self.links.append(value)
            if key == "id" and value:
                if value in self.ids:
                    self.repeated.append(value)
                self.ids.add(value)


def parse(path: Path) -> Links:
    parser = Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def broken_links(site: Path) -> list[str]:
    """Every href/src in every HTML page that does not resolve to a file (and id) in the site."""
    pages = {p: parse(p) for p in site.rglob("*.html")}
    broken = []
    for page, parsed in sorted(pages.items()):
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                continue            # absolute: the feed's or the campaign's public address
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            shown = f"{page.relative_to(site)}: {link}"
            if site.resolve() not in target.parents and target != site.resolve():
                broken.append(shown + " (leaves the site)")
            elif not target.is_file():
                broken.append(shown)
            elif parts.fragment and target.suffix == ".html":
                ids = pages.get(target, pages.get(Path(target)), ) or parse(target)
                if parts.fragment not in ids.ids:
                    broken.append(shown + " (no such id)")
    return broken


def test_every_link_resolves(small):
    site = build(small)
    assert (site / "index.html").is_file()
    assert broken_links(site) == []


def test_every_link_resolves_on_the_japan_map(japan_site):
    assert broken_links(japan_site) == []


def test_ids_are_unique_on_every_page(small, japan_site):
    for site in (build(small), japan_site):
        for page in site.rglob("*.html"):
            assert parse(page).repeated == [], page


def test_links_are_relative(small):
    site = build(small)
    for page in site.rglob("*.html"):
        if page.name == "404.html":
            continue
        for link in parse(page).links:
            assert not link.startswith("/"), f"{page}: {link} is root-absolute"
            assert not urlsplit(link).scheme, f"{page}: {link} is absolute"


def test_the_pages_exist(small):
    site = build(small)
    expected = ["index.html", "standings.html", "timeline.html", "404.html", "feed.xml", "turns/index.html",
                "turns/000/index.html", "turns/001/index.html", "turns/002/index.html", "turns/002/state.json",
                "players/paula.html", "players/ginger.html", "provinces/index.html",
                "provinces/tosa.html", "provinces/izumo.html", "static/style.css", "static/chronicle.js"]
    for path in expected:
        assert (site / path).is_file(), path
    assert not (site / "sitemap.xml").exists()


# ---- determinism and atomicity ------------------------------------------------------------------

def test_two_builds_are_byte_identical(small, tmp_path):
    first = files(build(small, tmp_path / "one"))
    second = files(build(small, tmp_path / "two"))
    assert list(first) == list(second)
    assert first == second
    again = files(build(small, tmp_path / "one"))
    assert again == first


def test_two_japan_builds_are_byte_identical(japan_site, tmp_path):
    root = japan_site.parent
    assert files(build(root, tmp_path / "again")) == files(japan_site)


def test_a_failed_build_leaves_the_old_site(small, run):
    result = run("build", small, "--quiet")
    assert result.exit_code == 0, result.output
    site = small / "site"
    before = files(site)
    (small / "templates").mkdir()
    (small / "templates" / "turn.html").write_text(
        '{% extends "default/turn.html" %}\n{% block content %}{{ no_such_thing.oops }}{% endblock %}\n',
        encoding="utf-8")
    result = run("build", small, "--quiet")
    assert result.exit_code == 1
    assert "templates/turn.html" in result.stderr
    assert "no_such_thing" in result.stderr
    assert files(site) == before
    leftovers = [p.name for p in small.iterdir() if p.name.startswith(".site") and p.name != ".site.cache"]
    assert leftovers == []


def test_an_error_while_writing_leaves_the_old_site(small, monkeypatch):
    site = build(small)
    before = files(site)

    def boom(self):
        raise RuntimeError("disk full")
    monkeypatch.setattr(site_module.SiteRenderer, "_feed", boom)
    story = small / "content" / "turns" / "002.md"                   # the feed must be made again
    story.write_text("A new story.\n", encoding="utf-8")
    with pytest.raises(RuntimeError):
        build(small)
    assert files(site) == before
    assert [p.name for p in small.iterdir() if p.name.startswith(".site") and p.name != ".site.cache"] == []


def test_the_map_geometry_is_computed_once_per_build(small, monkeypatch):
    calls = []
    real = maps_module.map_geometry

    def counting(campaign):
        calls.append(campaign)
        return real(campaign)
    monkeypatch.setattr(maps_module, "map_geometry", counting)
    build(small)
    assert len(calls) == 1


def test_no_clock_in_the_output(small):
    site = build(small)
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    stamps = re.findall(r"<updated>([^<]+)</updated>", feed)
    assert stamps == ["2026-03-21T00:00:00Z", "2026-03-21T00:00:00Z", "2026-03-14T00:00:00Z"]


# ---- templates --------------------------------------------------------------------------------

def test_a_campaign_template_overrides_the_default(small):
    (small / "templates").mkdir()
    (small / "templates" / "base.html").write_text(
        '{% extends "default/base.html" %}\n{% block footer_extra %}<p class="house">House rules &amp; more</p>{% endblock %}\n',
        encoding="utf-8")
    (small / "templates" / "404.html").write_text(
        '{% extends "base.html" %}{% block content %}<h1>Lost, {{ campaign.title }}</h1>{% endblock %}\n',
        encoding="utf-8")
    (small / "templates" / "static").mkdir()
    (small / "templates" / "static" / "extra.css").write_text("body { color: black; }\n", encoding="utf-8")
    site = build(small)
    for page in ["index.html", "turns/001/index.html", "players/paula.html", "standings.html"]:
        assert '<p class="house">House rules &amp; more</p>' in (site / page).read_text(encoding="utf-8"), page
    assert "<h1>Lost, Small test campaign</h1>" in (site / "404.html").read_text(encoding="utf-8")
    assert (site / "static" / "extra.css").read_text(encoding="utf-8") == "body { color: black; }\n"
    assert (site / "static" / "style.css").is_file()


def test_escaping_of_names_and_text(make_campaign):
    campaign = SMALL_CAMPAIGN.replace("Paula Purple", "Paula <script>alert('p')</script> & Co") \
                             .replace("Small test campaign", "Small <b>test</b> campaign")
    root = make_campaign(campaign, TURNS, STORIES)
    site = build(root)
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "<script>alert" not in text, page
        assert "<b>test</b>" not in text, page
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Paula &lt;script&gt;alert(&#39;p&#39;)&lt;/script&gt; &amp; Co" in home
    turn = (site / "turns" / "001" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#34;story&#34;)&lt;/script&gt;" in turn or \
           "&lt;script&gt;alert(&quot;story&quot;)&lt;/script&gt;" in turn
    assert "Hill &lt;of&gt; doom" in turn
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    ET.fromstring(feed)           # still well-formed XML
    assert "<script>" not in feed


# ---- content of the pages -----------------------------------------------------------------------

def test_turn_page_shows_story_orders_dice_and_changes(small):
    site = build(small)
    page = (site / "turns" / "001" / "index.html").read_text(encoding="utf-8")
    assert "<table>" in page and "<th>who</th>" in page            # markdown table
    assert 'class="footnote-ref"' in page and "Footnotes work." in page
    assert "Attack Inaba" in page and "Attack Higo" in page
    assert 'class="die recorded best"' in page                      # inaba: written in the file
    assert 'class="die drawn' in page                               # higo: drawn from the seed
    assert 'rel="prev" href="../000/index.html"' in page
    assert 'rel="next" href="../002/index.html"' in page
    assert "state.json" in page


def test_state_json_beside_each_turn(small):
    site = build(small)
    history = load_history(small)
    campaign = history.campaign
    for result in history.turns:
        data = json.loads((site / "turns" / f"{result.turn.number:03d}" / "state.json").read_text(encoding="utf-8"))
        whole = json.loads(json.dumps(campaign.ruleset.to_json(campaign, result.after, result.events)))
        # for the ripple, what a later build compares
        whole["summary"] = json.loads(json.dumps(ripple.summary_json(campaign.ruleset.summary(campaign, result.after))))
        ranking = data.pop("ranking")
        assert data == {k: v for k, v in whole.items() if k != "ranking"}
        # the epochs closed in this turn, and how many closed before (their own turns' files hold them)
        assert ranking["epochs"] == [e for e in whole["ranking"]["epochs"] if e["ended_turn"] == result.turn.number]
        assert ranking["epochs_before"] + len(ranking["epochs"]) == len(whole["ranking"]["epochs"])
        assert ranking["totals"] == whole["ranking"]["totals"] and ranking["epoch"] == whole["ranking"]["epoch"]
    start = json.loads((site / "turns" / "000" / "state.json").read_text(encoding="utf-8"))
    assert start["turn"] == 0


def test_the_map_has_one_shape_per_province(small):
    site = build(small)
    history = load_history(small)
    page = (site / "turns" / "001" / "index.html").read_text(encoding="utf-8")
    shapes = re.findall(r'<path[^>]*class="(province[^"]*)"[^>]*id="province-([a-z_]+)"|'
                        r'<path[^>]*id="province-([a-z_]+)"[^>]*class="(province[^"]*)"', page)
    found = {(m[1] or m[2]): (m[0] or m[3]) for m in shapes}
    assert sorted(found) == sorted(history.campaign.map.provinces)
    after = history.turns[0].after
    before = history.start
    for pid, classes in found.items():
        owner = after.owners[pid]
        assert (f"owner-{owner}" if owner else "neutral") in classes.split()
        assert ("changed" in classes.split()) == (before.owners[pid] != owner)
    assert page.count("<title>") >= len(found) + 1


def test_cells_grown_from_positions_hold_their_province(small):
    history = load_history(small)
    geometry = maps_module.map_geometry(history.campaign)
    assert geometry.drawn_from == "cells"
    polygons = {}
    for pid, d in geometry.outlines.items():
        numbers = [float(n) for n in re.findall(r"-?\d+\.?\d*", d)]
        polygons[pid] = Polygon(list(zip(numbers[0::2], numbers[1::2])))
        assert polygons[pid].is_valid
        assert polygons[pid].contains(Point(history.campaign.map.provinces[pid].at)), pid
    ids = sorted(polygons)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            assert polygons[a].intersection(polygons[b]).area < 1e-6


def test_a_province_may_bring_its_own_path(make_campaign):
    campaign = SMALL_CAMPAIGN.replace("tosa: {at: [0, 0]}", 'tosa: {at: [0, 0], path: "M-0.4,-0.4L0.4,-0.4L0.4,0.4L-0.4,0.4Z"}')
    root = make_campaign(campaign, TURNS)
    geometry = maps_module.map_geometry(load_history(root).campaign)
    assert geometry.outlines["tosa"] == "M-0.4,-0.4L0.4,-0.4L0.4,0.4L-0.4,0.4Z"
    assert "inaba" in geometry.outlines


def test_japan_map_uses_outlines_coast_and_credit(japan_site):
    home = (japan_site / "index.html").read_text(encoding="utf-8")
    assert "Province boundaries: Asukana/Ryoseikoku_20230626_TSV, CC0 1.0" in home
    assert home.count('class="province ') == 68
    assert 'class="coast"' in home
    assert 'class="link link-sea"' in home
    assert 'class="mark mark-capital"' in home
    # the map is one well-formed SVG inside the page, its legend beside it (once)
    svg = re.search(r"<svg[^>]*class=\"map\".*?</svg>", home, re.S).group(0)
    ET.fromstring(svg)
    assert home.count('class="legend"') == 1


def test_small_map_has_no_credit(small):
    site = build(small)
    assert "Ryoseikoku" not in (site / "index.html").read_text(encoding="utf-8")


def test_player_and_province_pages(small):
    site = build(small)
    paula = (site / "players" / "paula.html").read_text(encoding="utf-8")
    assert "#7b3294" in paula
    assert 'id="chart-paula-provinces"' in paula and 'id="chart-paula-score"' in paula
    assert "Hill &lt;of&gt; doom" in paula and "won" in paula
    inaba = (site / "provinces" / "inaba.html").read_text(encoding="utf-8")
    assert "Who held it, turn by turn" in inaba
    assert 'class="conflict outcome-' in inaba


def test_standings_link_figures_to_turns(small):
    site = build(small)
    page = (site / "standings.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="turns/00\d/index.html" title="since ', page)
    assert "The VP ranking" in page


def test_winner_banner(make_campaign):
    campaign = SMALL_CAMPAIGN.replace("seed: 7", "seed: 7\noptions: {shogun_share_small: '2/5'}")
    root = make_campaign(campaign, TURNS, STORIES)
    history = load_history(root)
    summary = history.campaign.ruleset.summary(history.campaign, history.final)
    assert summary.winner == "paula"
    site = build(root)
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'class="winner-banner"' in home
    assert "has won the campaign" in home and "turns/001/index.html" in home.split('class="winner-banner"')[1][:400]
    plain = build(make_campaign(SMALL_CAMPAIGN.replace("seed: 7", "seed: 7\noptions: {shogun_share_small: 1}"),
                                TURNS, STORIES, root=root.parent / "plain"))
    assert 'class="winner-banner"' not in (plain / "index.html").read_text(encoding="utf-8")


# ---- feed and sitemap -----------------------------------------------------------------------------

def test_atom_feed(small):
    site = build(small)
    root = ET.fromstring((site / "feed.xml").read_text(encoding="utf-8"))
    ns = {"a": "http://www.w3.org/2005/Atom"}
    entries = root.findall("a:entry", ns)
    assert [e.find("a:title", ns).text for e in entries] == ["Second & last", "The first clash"]
    assert entries[0].find("a:link", ns).get("href") == "turns/002/index.html"


def test_sitemap_only_with_url(make_campaign, tmp_path):
    root = small_campaign(make_campaign, "url: https://example.org/my-campaign\n")
    site = build(root)
    text = (site / "sitemap.xml").read_text(encoding="utf-8")
    locs = re.findall(r"<loc>([^<]+)</loc>", text)
    assert "https://example.org/my-campaign/" in locs
    assert "https://example.org/my-campaign/turns/001/" in locs
    assert not any("404" in loc for loc in locs)
    ET.fromstring(text)
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    assert 'href="https://example.org/my-campaign/turns/002/"' in feed
    lost = (site / "404.html").read_text(encoding="utf-8")
    assert 'href="https://example.org/my-campaign/static/style.css"' in lost


# ---- the CLI and the pieces -------------------------------------------------------------------

def test_build_command_quiet_and_output(small, run, tmp_path):
    result = run("build", small, "--quiet", "--output", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert (tmp_path / "out" / "index.html").is_file()


def test_markdown_is_safe_and_complete():
    html = render_markdown("a <em>b</em>\n\n| x |\n|---|\n| 1 |\n\nnote[^1]\n\n[^1]: here\n")
    assert "&lt;em&gt;" in html and "<table>" in html and 'class="footnotes"' in html
    assert render_markdown(None) == ""


def test_line_chart_has_axes_ticks_and_legend():
    svg = line_chart(Chart("c1", "Provinces", "Turn", "Provinces", (0, 1, 2),
                           (Series("a", "A & B", "#0072b2", (1, 2, 3)), Series("b", "C", "#d55e00", (3, 2, 0), False))))
    root = ET.fromstring(svg)
    assert root.get("id") == "c1"
    assert 'stroke="#0072b2"' in svg and 'stroke="#d55e00"' in svg
    assert "A &amp; B" in svg
    assert 'class="axes"' in svg and 'class="legend"' in svg
    assert nice_ticks(7) == [0, 2, 4, 6, 8]


def test_a_chart_s_left_margin_fits_its_widest_figure():
    """The y axis's room grows with its widest tick label (a fixed 56 cut "5,000" to ",000" on a
    phone): small figures keep the usual 56; "15,000" and "−20,000" need more, the minus sign
    (wide in most fonts) more than a figure; the axis stands at that margin."""
    from chronicle.render.charts import margin_left
    assert margin_left(["0", "2", "4", "6"]) == 56
    wide, wider = margin_left(["0", "5,000", "15,000"]), margin_left(["\u221220,000", "0"])
    assert 56 < wide < wider
    assert margin_left(["15,000"]) == margin_left(["15.000"]) > margin_left(["5,000"])
    svg = line_chart(Chart("c2", "Koku", "Turn", "Koku", (0, 1), (Series("a", "A", "#0072b2", (7400, 15000)),)))
    assert f'<line stroke="#1b1b1b" stroke-width="1.2" x1="{wide:.1f}"' in svg


def test_map_draws_marks_pieces_and_neutral(small):
    from chronicle.rules import Piece, Summary
    campaign = load_history(small).campaign
    painter = maps_module.MapPainter(campaign)
    summary = Summary(3, {"tosa": "paula", "inaba": "ginger", "awaji": None, "higo": None, "izumo": "paula"},
                      {"paula": "tosa", "ginger": "inaba"}, "Prestige", {"paula": 3, "ginger": 1}, None,
                      {"tosa": ("capital",), "izumo": ("fortress",), "higo": ("shrine",)},
                      (Piece("tosa", "paula", "Army & <Guard>", 3), Piece("awaji", None, "Ronin", None, "besieged")))
    svg = painter.svg(summary, changed={"inaba": (None, "ginger")}, title="T")
    root = ET.fromstring(svg)
    assert root.get("class") == "map"
    assert 'class="mark mark-capital"' in svg and 'class="mark mark-fortress"' in svg and 'class="mark mark-shrine"' in svg
    assert 'class="piece owner-paula"' in svg and 'class="piece besieged"' in svg
    assert "Army &amp; &lt;Guard&gt; (3) of Paula Purple in Tosa" in svg
    classes = {e.get("id"): e.get("class") for e in root.iter() if (e.get("id") or "").startswith("province-")}
    assert classes["province-awaji"] == "province neutral"
    assert classes["province-inaba"] == "province owner-ginger changed"
    assert classes["province-tosa"] == "province owner-paula"
    assert 'class="changed-outline"' in svg
    assert 'class="link link-sea"' in svg and 'class="link link-land"' in svg      # cells: every link drawn
    kinds = [item.kind for item in painter.legend(summary, {"inaba": None})]
    assert kinds.count("player") == 2 and "neutral" in kinds and "changed" in kinds and kinds.count("mark") == 3


def test_the_legend_says_what_the_ruleset_s_counters_show(small):
    """The legend's words for a counter are the ruleset's (``Summary.piece_legend``), one entry per
    kind of counter on the map: it said "Army: its number and strength" of every ruleset's
    counters, Clan War's too, whose counters are a clan's units in a province. A kind without
    words is called "Army" (no status) or by its status; each sample is one counter of its
    kind as the map writes it, a besieged one inside its castle wall."""
    from dataclasses import replace

    from chronicle.rules import Piece, Summary
    campaign = load_history(small).campaign
    painter = maps_module.MapPainter(campaign)
    pieces = (Piece("tosa", "paula", "paula-3", 4), Piece("tosa", "paula", "paula-1", 5),
              Piece("awaji", None, "ronin", None, "besieged"), Piece("higo", "ginger", "g@higo", None, "lone", "Kenshin", "×2"))
    summary = Summary(3, {"tosa": "paula"}, {}, "Prestige", {}, None, {}, pieces)

    def entries(summary):
        return [(item.key, item.label, re.findall(r'class="army-name"[^>]*>([^<]*)<', item.sample),
                 "siege-wall" in item.sample) for item in painter.legend(summary) if item.kind == "piece"]
    assert entries(summary) == [("piece", "Army", ["1"], False),
                                ("besieged", "Besieged army (in its castle)", ["R"], True),
                                ("lone", "Lone", ["×2"], False)]
    told = replace(summary, piece_legend={"": "Units: which unit and their models", "lone": "Personalities alone"})
    assert [label for _key, label, _short, _wall in entries(told)] == [
        "Units: which unit and their models", "Besieged army (in its castle)", "Personalities alone"]
    assert entries(replace(summary, pieces=())) == []


def test_a_players_map_stripes_the_land_held_once_in_the_players_colour():
    """On a player's page, land held once and lost since is the player's colour in stripes on white,
    and its legend swatch is the same: a pale flat tint (as it was) looked like no one's land. Yui,
    in the example, holds Settsu, Kawachi and Iga at the end and held Tanba, Omi and Yamashiro."""
    from chronicle.render.mapviews import SiteMaps
    from chronicle.render.views import build_model
    history = load_history(Path(__file__).resolve().parents[1])
    model = build_model(history)
    maps = SiteMaps(history.campaign, model)
    colour = maps.painter.colour("yui")
    svg = str(maps.player("yui", "players/yui.html").svg)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    once = {p.find(ns + "title").text.split(":")[0] for p in root.iter(ns + "path")
            if p.get("class") == "province once-held"}
    ever = {p for v in model.turns for p, o in v.summary.owners.items() if o == "yui"}
    now = {p for p, o in model.final.summary.owners.items() if o == "yui"}
    assert once == {history.campaign.name_of(p) for p in ever - now} and once
    pattern = root.find(f".//{ns}pattern[@id='{maps_module.ONCE_HELD_FILL}']")
    assert [r.get("fill") for r in pattern.iter(ns + "rect")] == ["#fff", colour]
    assert f".map .once-held{{fill:url(#{maps_module.ONCE_HELD_FILL})}}" in svg
    swatch = next(i for i in maps.player_legend("yui") if i.kind == "held")
    assert colour in swatch.style and "#fff" in swatch.style
    assert maps_module.ONCE_HELD_FILL not in str(maps.province("omi", "provinces/omi.html").svg)


def test_serve_rebuilds_and_reports_errors(small):
    import time
    import urllib.request

    from chronicle.serve import Server
    lines = []
    server = Server(small, port=0, echo=lines.append, interval=0.1)
    port = server.start()
    try:
        def get(path):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
                return response.read().decode("utf-8")

        def status():
            return json.loads(get("/__chronicle__/status"))
        home = get("/")
        assert "/__chronicle__/status" in home and "Small test campaign" in home
        assert "__chronicle__" not in get("/static/style.css")
        assert not (small / "site").exists()                  # serve never writes DIR/site
        first = status()
        assert first == {"version": 1, "error": None, "building": False, "replayed": 2}      # both turns, once

        def wait_for(version):
            deadline = time.time() + 120               # a wait, not a speed limit: it returns as soon as the build is in
            while time.time() < deadline:
                now = status()
                if now["version"] >= version:
                    return now
                time.sleep(0.05)
            raise AssertionError(f"no rebuild: {lines}")
        turn = small / "content" / "turns" / "002.yaml"
        good = turn.read_text(encoding="utf-8")
        turn.write_text(good + "bogus: 1\n", encoding="utf-8")
        broken = wait_for(2)
        assert "002.yaml" in broken["error"] and "bogus" in broken["error"]
        assert any("bogus" in line for line in lines)
        assert "Small test campaign" in get("/")             # the last good build is still served
        turn.write_text(good.replace("Second & last", "Second &amp; final"), encoding="utf-8")
        fixed = wait_for(3)
        assert fixed["error"] is None
        assert "Second &amp;amp; final" in get("/turns/002/index.html")
    finally:
        server.stop()


def test_a_campaign_with_no_turns_builds(make_campaign):
    site = build(make_campaign(SMALL_CAMPAIGN))
    assert broken_links(site) == []
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "No turn has been played yet." in home
    assert (site / "turns" / "000" / "state.json").is_file()
    ET.fromstring((site / "feed.xml").read_text(encoding="utf-8"))


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_theme_text_meets_wcag_aa():
    from chronicle.render.theme import default_theme_dir
    css = (default_theme_dir() / "static" / "style.css").read_text(encoding="utf-8")
    var = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", css))
    pairs = [("ink", "bg"), ("ink", "paper"), ("muted", "bg"), ("muted", "paper"), ("link", "bg"), ("link", "paper"),
             ("link-visited", "paper"), ("head-ink", "head-bg"), ("ink", "banner"), ("link", "banner")]
    for fg, bg in pairs:
        assert contrast(var[fg], var[bg]) >= 4.5, (fg, bg, contrast(var[fg], var[bg]))
    # map labels: dark ink on a white halo; legend and chart text on the sea and on white
    assert contrast(maps_module.INK, "#ffffff") >= 4.5 and contrast(maps_module.INK, maps_module.SEA_FILL) >= 4.5


def test_default_player_colours_are_okabe_ito():
    from chronicle.content import DEFAULT_COLOURS
    okabe_ito = {"#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7"}
    assert set(c.lower() for c in DEFAULT_COLOURS) <= okabe_ito


def test_pitac_pages_keep_their_conflict_sections(japan_site):
    player = (japan_site / "players" / "oda.html").read_text(encoding="utf-8")
    assert 'id="conflicts-heading">Territory conflicts<' in player
    assert 'id="sieges-heading"' not in player                # Pitac has no sieges
    province = (japan_site / "provinces" / "mutsu.html").read_text(encoding="utf-8")
    assert "Conflicts fought here" in province and "Battles and sieges here" not in province
    turns = (japan_site / "turns" / "index.html").read_text(encoding="utf-8")
    header = turns[turns.index('<table class="turns'):turns.index("</thead>")]
    assert ">Conflicts<" in header and ">Battles<" in header and ">Siege rolls<" not in header


def test_the_ripple_reads_each_state_json_summary_as_the_whole_file_gives_it(small):
    """previous_states decodes only the summary of a file laid out as chronicle writes it; the
    same file on one line, or with its summary last, is read whole and gives the same."""
    site = build(small)
    states = ripple.previous_states(site)
    assert set(states) == set(range(len(load_history(small).turns) + 1))
    for number, read in states.items():
        whole = json.loads((site / "turns" / f"{number:03d}" / "state.json").read_text(encoding="utf-8"))
        assert read["summary"] == whole["summary"]
        for text in (json.dumps(whole), json.dumps({**{k: v for k, v in whole.items() if k != "summary"},
                                                    "summary": whole["summary"]}, indent=2)):
            assert ripple._summary_part(text)["summary"] == whole["summary"]
