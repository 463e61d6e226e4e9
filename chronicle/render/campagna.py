"""What campagna's own pages and sections show, read from the states and events a History holds:
the calendario del turno (one card per clash: what is at stake, the minimum size, the defender's
scenario privilege, the Generals and their wounds, the bonuses each side may use, the result and
what it did to the map), the order of play, the actions each player used of his allowance, the
race to the Capitals, and the Generals with every battle they fought.

Nothing here decides anything about the game: every figure is copied from the ruleset's state
(its calendar, actions, Generals, bonuses) or its events; the sentences only say them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import N_, gettext as _, tr

#: campagna's pages in the navigation, after the common ones (see ruleset_pages.py)
NAV = (("calendar.html", N_("Calendar")), ("generals.html", N_("Generals")))
STYLESHEET = "static/campagna.css"


def outputs(renderer) -> list:
    """The calendar of the last turn (printable for the game day) and the Generals' page."""
    return [renderer._page("calendar.html", "campagna/calendar.html", "calendar"),
            renderer._page("generals.html", "campagna/generals.html", "generals")]


# the rulebook's words (Schermaglia, Vittoria maggiore, Ferita grave ...) stay Italian in every language
KIND = {"schermaglia": "Schermaglia", "scorreria": "Scorreria", "battaglia_decisiva": "Battaglia decisiva",
        "finale": "Battaglia decisiva finale"}
WOUND = {"ferita_grave": N_("Ferita grave: −1 Wound, −1 Fate point"), "ferita_lieve": N_("Ferita lieve: −1 Wound")}
FATE = {"ferita_grave": "Ferita grave", "ferita_lieve": "Ferita lieve", "nessuna": "Invincibile", None: "Invincibile"}
BONUS = {"tre_azioni": N_("3 actions"), "ripeti_iniziativa": N_("re-roll an initiative roll"),
         "ripeti_rinforzi": N_("re-roll a reinforcements roll"), "fearless": N_("Fearless for one turn"),
         "miglior_generale": N_("Miglior generale: win an initiative roll")}
ROUTE = {"sea": N_("by sea (the whole turn)"), "river": N_("across a river"), "mountain": N_("across the mountains"),
         "ford": N_("across a ford"), "land": ""}
VICTORY = {"major": "Vittoria maggiore", "minor": "Vittoria"}
ROLES = {"giocatore di turno": N_("active player"), "interventore": N_("intervener"),
         "attaccante": N_("attacker"), "difensore": N_("defender")}


@dataclass
class Side:
    player: str
    role: str
    general: str | None
    wound: str | None                # the pending wound he carries into the battle (its words)
    bonuses: tuple[str, ...] = ()    # the bonuses he may use (words)
    fielded: str | None = None       # fielded | killed | None (left out)
    fate: tuple[int, bool, str] | None = None   # (D6, recorded, fate words) when killed
    score: int | None = None
    used: tuple[str, ...] = ()       # bonuses written as used
    alliance: str | None = None


@dataclass
class Card:
    """One clash of the calendar, as its card shows it."""

    number: int
    kind: str                        # schermaglia | scorreria | battaglia_decisiva
    title: str                       # "Scorreria on Noce"
    at: str
    attacker: str
    opponent: str | None
    holder: str | None
    origin: str
    route: str                       # words: "by sea (the whole turn)" ...
    route_kind: str                  # land | ford | river | mountain | sea
    cost: int
    answer: str                      # words: "unopposed", "Carla intervenes" ...
    battle: bool
    status: str                      # pending | played | no battle
    min_points: int | None
    privilege: str | None            # words
    generals_required: bool
    sides: list[Side] = field(default_factory=list)
    stakes: list[str] = field(default_factory=list)      # what each result would do (a pending battle)
    result: str | None = None        # "Vittoria maggiore for Anna (7–4)", "a draw (3–3)"
    scenario: str | None = None
    points: Any = None
    outcome: str | None = None       # what it did to the map, with its rule
    outcome_kind: str | None = None  # occupied | conquered | held | empty | retreated
    event: int | None = None         # index of its battle event (the e-INDEX anchor of its row)

    @property
    def name(self) -> str:
        """The kind of clash in the rulebook's word (Schermaglia, Scorreria, Battaglia decisiva)."""
        return KIND[self.kind]

    @property
    def anchor(self) -> str:
        return f"clash-{self.number}"


def calendar(view, campaign) -> list[Card]:
    """The calendar of the turn ``view`` (a TurnView of a campagna campaign)."""
    name = campaign.name_of
    table = campaign.options["fate_table"]
    state = view.state
    battles = {e.at: i for i, e in enumerate(view.events) if e.kind == "battle-fought" and getattr(e, "at", None)}
    generals = state.generals
    cards = []
    for clash in getattr(state, "calendar", ()):
        skirmish = clash.kind == "schermaglia"
        roles = ("giocatore di turno", "interventore") if skirmish else ("attaccante", "difensore")
        if clash.answer == "unopposed":
            answer = _("unopposed")
        elif clash.answer == "intervened":
            answer = _("%(player)s intervenes", player=name(clash.opponent))
        elif clash.answer == "resisted":
            answer = _("%(player)s resists", player=name(clash.holder))
        else:
            answer = _("%(player)s retreats into %(territory)s", player=name(clash.holder), territory=name(clash.retreat_to))
        privilege = {"modifier": _("the defender may change the scenario roll by ±1"),
                     "reroll": _("the defender may have the scenario die re-rolled")}.get(clash.privilege)
        card = Card(clash.number, clash.kind, _("%(action)s on %(territory)s", action=KIND[clash.kind], territory=name(clash.at)),
                    clash.at, clash.attacker, clash.opponent, clash.holder, clash.origin, tr(ROUTE.get(clash.route, "")),
                    clash.route, clash.cost, answer,
                    clash.battle, "pending" if clash.pending else "played" if clash.battle else "no battle",
                    clash.min_points if clash.battle else None, privilege if clash.battle else None,
                    clash.generals_required, event=battles.get(clash.at))
        if clash.battle:
            result = clash.result
            for player, role in zip(clash.players, roles):
                general = generals.get(player)
                wound = (result.wounds.get(player) if result else clash.wounds.get(player))
                side = Side(player, tr(ROLES[role]), general.name if general else None, tr(WOUND.get(wound)) or None,
                            tuple(tr(BONUS[b]) for b in clash.bonuses.get(player, ())))
                if result:
                    side.fielded = result.generals.get(player)
                    if player in result.fates:
                        roll, recorded = result.fates[player]
                        side.fate = (roll, recorded, FATE[table[roll - 1]])
                    side.score = result.score.get(player)
                    side.used = tuple(tr(BONUS[b]) for b in result.bonuses.get(player, ()))
                    side.alliance = result.alliances.get(player)
                card.sides.append(side)
            if result:
                scores = "–".join(str(result.score.get(p, "")) for p in clash.players)
                card.result = (_("%(victory)s for %(player)s (%(score)s)", victory=VICTORY.get(result.victory, "Vittoria"),
                                 player=name(result.winner), score=scores)
                               if result.winner else _("a draw (%(score)s)", score=scores))
                card.scenario = result.scenario
                card.points = result.points
            else:
                card.stakes = _stakes(clash, name)
        card.outcome, card.outcome_kind = _outcome(clash, state, name)
        cards.append(card)
    return cards


def _stakes(clash, name) -> list[str]:
    """What each result of a battle still to play would do to the territory (R36-R38, R41, R44)."""
    a, b, t = name(clash.attacker), name(clash.opponent), name(clash.at)
    if clash.kind == "schermaglia":
        return [_("any victory of %(a)s: %(a)s occupies %(t)s", a=a, t=t),
                _("a Vittoria maggiore of %(b)s: %(b)s may occupy %(t)s", b=b, t=t),
                _("anything else: %(t)s stays empty", t=t)]
    if clash.kind == "scorreria":
        return [_("any victory of %(a)s: %(a)s conquers %(t)s", a=a, t=t), _("anything else: %(b)s holds it", b=b)]
    return [_("a Vittoria maggiore of %(a)s: %(a)s takes the Capital %(t)s", a=a, t=t),
            _("anything else: %(b)s holds it", b=b)]


def _outcome(clash, state, name) -> tuple[str | None, str | None]:
    t = name(clash.at)
    if clash.pending:
        return None, None
    done = "" if not state.in_progress else " " + _("(at the end of the calendar)")
    rule = tr(clash.rule) if clash.rule else ""
    if clash.answer == "unopposed":
        return _("%(player)s occupies %(territory)s%(when)s (%(rule)s)", player=name(clash.attacker), territory=t,
                 when=done, rule="R33"), "occupied"
    if clash.answer == "retreated":
        return _("%(player)s takes %(territory)s without a battle%(when)s (%(rule)s)", player=name(clash.attacker),
                 territory=t, when=done, rule="R31"), "retreated"
    if clash.outcome == "occupied":
        return _("%(player)s occupies %(territory)s%(when)s (%(rule)s)", player=name(clash.new_owner), territory=t,
                 when=done, rule=rule), "occupied"
    if clash.outcome == "conquered":
        return _("%(player)s conquers %(territory)s%(when)s (%(rule)s)", player=name(clash.new_owner), territory=t,
                 when=done, rule=rule), "conquered"
    if clash.outcome == "held":
        return _("%(player)s holds %(territory)s (%(rule)s)", player=name(clash.holder), territory=t, rule=rule), "held"
    return _("%(territory)s stays empty (%(rule)s)", territory=t, rule=rule), "empty"


def order_of_play(view) -> list[dict]:
    """This turn's order of play, each with his place the turn before (the rotation, R18)."""
    state = view.state
    order = list(state.order or state.first_order)
    previous = list(view.prev.state.order or view.prev.state.first_order) if view.prev and view.prev.number else []
    return [{"place": i + 1, "player": p, "before": previous.index(p) + 1 if p in previous else None}
            for i, p in enumerate(order)]


def next_order(view) -> list[str]:
    from ..rules.campagna.setup import order_of
    return list(order_of(view.state.first_order, view.number + 1))


def actions(view, campaign) -> list[dict]:
    """Each player's actions this turn: the allowance, what was used, answers, battles (R22-R25)."""
    state = view.state
    least = campaign.options["min_actions"]
    cap = campaign.options["max_battles"]
    rows = []
    for item in order_of_play(view):
        player = item["player"]
        a = state.actions.get(player)
        if a is None:
            continue
        rows.append({"player": player, "place": item["place"], "allowance": a.allowance, "used": a.used, "sea": a.sea,
                     "answers": a.answers, "total": a.total, "minimum": least, "battles": a.battles, "cap": cap,
                     "short": least and a.total < least, "declared": [_declared(d, campaign.name_of) for d in a.declared]})
    return rows


def _declared(item: str, name) -> str:
    what, _sep, where = item.partition(":")
    verb = {"schermaglia": "Schermaglia", "scorreria": "Scorreria", "battaglia_decisiva": "Battaglia decisiva",
            "interviene": _("intervenes at"), "resiste": _("resists at"), "ritira": _("retreats from")}.get(what, what)
    return f"{verb} {name(where)}"


def race(model, campaign) -> list[dict]:
    """The race to the Capitals: each player's Capitals held after every turn, best first."""
    need = campaign.options["capitals_to_win"]
    final = model.final.state
    rows = []
    for player in campaign.player_ids:
        held = final.capitals_held(player)
        history = [len(v.state.capitals_held(player)) for v in model.turns]
        rows.append({"player": player, "held": held, "count": len(held), "need": need, "history": history,
                     "home": final.homes.get(player), "home_held": final.holds_home(player),
                     "percent": min(100, round(100 * len(held) / need)) if need else 100})
    rows.sort(key=lambda r: (-r["count"], -final.count(r["player"]), r["player"]))
    return rows


def next_order_text(view, name) -> str:
    return ", ".join(f"{i}° {name(p)}" for i, p in enumerate(next_order(view), start=1))


def final_battle(view, campaign=None) -> dict | None:
    from ..rules.campagna.schema import min_points
    final = getattr(view.state, "final", None)
    if final is None:
        return None
    points = min_points(campaign.options, "finale") if campaign is not None else 800
    return {"claimants": list(final.claimants), "winner": final.winner, "next": final.next_pair, "points": points,
            "battles": [{"players": pair, "winner": result.winner, "victory": result.victory,
                         "score": dict(result.score)} for pair, result in final.battles]}


def generals(model, campaign) -> list[dict]:
    """Every General: his player, the wound he carries now, and every battle he fought with its fate."""
    name = campaign.name_of
    table = campaign.options["fate_table"]
    out = []
    for player in campaign.players:
        general = model.final.state.generals.get(player.id)
        if general is None:
            continue
        battles = []
        for view in model.turns[1:]:
            fought = [(_("%(action)s on %(territory)s", action=KIND[c.kind], territory=name(c.at)), c.at, c.players,
                       c.result, f"clash-{c.number}")
                      for c in sorted((c for c in view.state.calendar if c.result), key=lambda c: c.battle_index)]
            final = view.state.final
            if final is not None and (view.prev is None or final is not view.prev.state.final):
                fought += [(KIND["finale"], None, pair, result, "final") for pair, result in final.battles]
            for title, at, players, result, anchor in fought:
                status = result.generals.get(player.id)
                if player.id not in players or status is None:
                    continue
                row = {"turn": view, "title": title, "at": at, "against": next(p for p in players if p != player.id),
                       "status": status, "carried": tr(WOUND.get(result.wounds.get(player.id))) or None,
                       "result": _result_for(result, player.id), "fate": None, "anchor": anchor}
                if player.id in result.fates:
                    roll, recorded = result.fates[player.id]
                    row["fate"] = {"roll": roll, "recorded": recorded, "fate": FATE[table[roll - 1]]}
                battles.append(row)
        out.append({"player": player.id, "name": general.name, "faction": player.fields.get("faction"),
                    "pending": tr(WOUND.get(general.pending)) or None, "since": tr(general.since) or None, "fielded": general.battles,
                    "killed": general.killed, "battles": battles})
    return out


def _result_for(result, player: str) -> str:
    if result.winner is None:
        return "draw"
    if result.winner == player:
        return "major" if result.victory == "major" else "minor"
    return "defeat"
