"""The pages only a Clan War campaign has: the forces (rosters of units and personalities), the
hall of the dead, the alliances turn by turn, the libraries and their spells, and the battle
reports with every die's arithmetic.

Everything here is read from the History (the states after each turn and the events of each
turn); nothing is decided about the game. The ruleset's state and events are Clan War's own, so
this module knows their fields, as views.py's adapters know Sengoku's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import svgwrite
from markupsafe import Markup

from ..i18n import N_, join, tr
from ..i18n import gettext as _
from ..rules.clanwar.events import RINGS

#: the clanwar pages in the navigation, after the common ones
NAV = (("forces.html", N_("Forces")), ("battles.html", N_("Battles")), ("alliances.html", N_("Alliances")),
       ("fallen.html", N_("The fallen")), ("libraries.html", N_("Libraries")))

def ring_names(rings) -> str:
    """Rings (earth, fire...) by their names in the site's language: "Fuoco, Aria"."""
    return join(tr(RINGS.get(r, r)) for r in rings)


STATUS = {"active": N_("ready"), "wounded": N_("wounded"), "maimed": N_("maimed"), "dead": N_("dead"),
          "captured": N_("captured"), "removed": N_("removed")}
UNIT_STATES = {"ready": N_("Ready"), "broken": N_("Broken"), "routed": N_("Routed")}
#: the events that tell what a battle did, shown on its report
AFTERMATH = ("fate-rolled", "reincarnated", "experience-checked", "experience-lost", "regrouped", "unit-destroyed",
             "control-changed", "liberated", "monk-ring", "captured", "spells-captured")


@dataclass
class Report:
    """A battle and what followed it, for the battle reports."""
    turn: object                     # the TurnView
    index: int
    event: object
    breaks: list = field(default_factory=list)     # (index, AllianceBroken) of this battle
    aftermath: list = field(default_factory=list)  # (index, event)

    @property
    def anchor(self) -> str:
        return f"battle-{self.turn.slug}-{self.index}"

    def of(self, kind: str) -> list:
        return [e for _i, e in self.aftermath if e.kind == kind]


def battle_reports(model) -> list[Report]:
    reports = []
    for view in model.turns:
        events = view.events
        for index, event in enumerate(events):
            if event.kind != "battle-fought":
                continue
            report = Report(view, index, event)
            for j in range(index - 1, -1, -1):
                other = events[j]
                if other.kind != "alliance-broken" or other.where != event.province:
                    break
                report.breaks.insert(0, (j, other))
            for k in range(index + 1, len(events)):
                other = events[k]
                if other.kind in ("battle-fought", "phase-begun") or (other.kind == "alliance-broken"):
                    break
                if other.kind in AFTERMATH:
                    report.aftermath.append((k, other))
            reports.append(report)
    return reports


def rosters(model) -> list[dict]:
    """Each player's forces after the last turn: units, and personalities by state."""
    state = model.final.state
    out = []
    for player in model.campaign.players:
        if player.id not in state.factions:
            continue
        units = sorted((u for u in state.units.values() if u.faction == player.id), key=lambda u: u.id)
        people = sorted((p for p in state.personalities.values() if p.faction == player.id and p.status != "dead"),
                        key=lambda p: (p.status != "active", p.name))
        out.append({"player": player.id, "faction": state.factions[player.id], "units": units, "people": people,
                    "models": sum(u.models for u in units),
                    "leaders": {u.leader for u in state.units.values() if u.models > 0 and u.leader}})
    return out


def fallen(model) -> list[dict]:
    """Every personality who died (how and where), and those a broken alliance removed."""
    rows = []
    for view in model.turns:
        for index, event in enumerate(view.events):
            if event.kind == "fate-rolled" and event.result == "dead":
                rows.append({"turn": view, "index": index, "personality": event.personality, "player": event.player,
                             "province": event.province, "how": event, "kind": "dead"})
            elif event.kind == "reincarnated":
                rows.append({"turn": view, "index": index, "personality": event.old, "player": event.player,
                             "province": None, "how": event, "kind": "dead"})
            elif event.kind == "forces-removed":
                for pid in event.personalities:
                    rows.append({"turn": view, "index": index, "personality": pid, "player": event.player,
                                 "province": None, "how": event, "kind": "removed"})
    final = model.final.state.personalities
    for row in rows:
        person = final.get(row["personality"])
        row["unique"] = bool(person and person.unique)
        row["type"] = person.type if person else row["personality"]
    return rows


def alliance_history(model) -> list[dict]:
    out = []
    for view in model.turns[1:]:
        for index, event in enumerate(view.events):
            if event.kind in ("alliance-declared", "alliance-broken", "liberated", "corrupted"):
                out.append({"turn": view, "index": index, "event": event})
    return out


def alliance_turns(model) -> list[dict]:
    """The alliances in force after each turn (only the turns where they changed, and the start)."""
    out, last = [], None
    for view in model.turns:
        pairs = sorted(tuple(sorted(p)) for p in view.state.alliances)
        if pairs != last:
            out.append({"turn": view, "pairs": pairs})
            last = pairs
    return out


def libraries(model) -> list[dict]:
    state = model.final.state
    game_map = model.campaign.map
    rows = []
    for pid in game_map.with_flag("library"):
        history = []
        for view in model.turns:
            for index, event in enumerate(view.events):
                if (event.kind == "spells-captured" and event.library == pid) or \
                        (event.kind == "library-used" and event.library == pid) or \
                        (event.kind == "deployed" and event.category == "spell" and event.at == pid):
                    history.append({"turn": view, "index": index, "event": event})
        rows.append({"province": pid, "controller": state.owners.get(pid), "spells": list(state.libraries.get(pid, ())),
                     "history": history})
    carried = sorted((p for p in state.personalities.values() if p.spells and p.status != "dead"), key=lambda p: p.name)
    return rows, carried


def alliance_graph(campaign, pairs, colour, name, title: str) -> Markup:
    """The players on a circle, an edge for each alliance in force."""
    players = [p.id for p in campaign.players]
    size, radius = 320, 112
    dwg = svgwrite.Drawing(debug=False)
    del dwg.attribs["width"], dwg.attribs["height"]
    dwg.viewbox(0, 0, size, size)
    dwg["class"] = "alliance-graph"
    dwg["role"] = "img"
    dwg["aria-label"] = title
    dwg.set_desc(title=title)
    centre = size / 2
    where = {}
    for i, pid in enumerate(players):
        angle = -math.pi / 2 + 2 * math.pi * i / max(1, len(players))
        where[pid] = (round(centre + radius * math.cos(angle), 1), round(centre + radius * math.sin(angle), 1))
    for a, b in pairs:
        if a in where and b in where:
            line = dwg.line(where[a], where[b], stroke="#1b1b1b", stroke_width=3, class_="alliance")
            line.set_desc(title=_("%(a)s and %(b)s", a=name(a), b=name(b)))
            dwg.add(line)
    for pid, (x, y) in where.items():
        group = dwg.g(class_="faction")
        group.add(dwg.circle((x, y), r=22, fill=colour(pid), stroke="#1b1b1b", stroke_width=1.5))
        label_y = y + 40 if y >= centre else y - 30
        group.add(dwg.text(name(pid), insert=(x, label_y), text_anchor="middle", font_size=15,
                           font_family="system-ui, sans-serif", fill="#1b1b1b"))
        dwg.add(group)
    return Markup(dwg.tostring())


def outputs(renderer) -> list:
    """The clanwar pages, made when written."""
    model = renderer.model
    campaign = renderer.campaign

    def colour(pid):
        return campaign.player(pid).colour

    def graphs():
        out = []
        for row in alliance_turns(model):
            title = _("Alliances after %(turn)s", turn=row["turn"].label) if row["turn"].number else _("Alliances at the start")
            out.append({"turn": row["turn"], "pairs": row["pairs"],
                        "svg": alliance_graph(campaign, row["pairs"], colour, renderer.name, title)})
        return out

    return [
        renderer._page("forces.html", "clanwar/forces.html", "forces", lazy_rosters=lambda: rosters(model), status=STATUS,
                       ring_names=ring_names),
        renderer._page("battles.html", "clanwar/battles.html", "battles", lazy_reports=lambda: battle_reports(model),
                       state_names=UNIT_STATES),
        renderer._page("alliances.html", "clanwar/alliances.html", "alliances", lazy_graphs=graphs,
                       lazy_history=lambda: alliance_history(model)),
        renderer._page("fallen.html", "clanwar/fallen.html", "fallen", lazy_rows=lambda: fallen(model)),
        renderer._page("libraries.html", "clanwar/libraries.html", "libraries", lazy_libraries=lambda: libraries(model)),
    ]
