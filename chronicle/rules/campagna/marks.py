"""What the map draws of a campagna turn (the map-marks interface of rules/__init__.py).

Every clash of the calendar is an arrow from the territory it was declared from: a Schermaglia,
a Scorreria or a Battaglia decisiva (``attack``, named in the seed's word), its leg saying how the
border was crossed (``sea``, ``river``, ``mountain``, ``ford``); an intervention is a ``support``
arrow from the intervener's nearest territory; a retreat a ``retreat`` arrow into the territory
retreated to; a resistance a ``defend`` mark in place. Every battle is a contest on its territory
(``skirmish``, ``raid``, ``decisive-battle``) linked to its card; a battle still to play is
``pending``; the final, fought for the campaign, has no place on the map.
"""

from __future__ import annotations

from ...i18n import gettext as _, tr
from .. import ContestMark, MapMarks, OrderMark, Outcome
from .events import KIND_NAMES
from .schema import DECISIVA, SCHERMAGLIA, SCORRERIA
from .terrain import distance

CONTEST = {SCHERMAGLIA: "skirmish", SCORRERIA: "raid", DECISIVA: "decisive-battle"}
RESULT_EVENTS = ("territory-occupied", "territory-conquered", "territory-held", "territory-left-empty")


def map_marks(campaign, before, after, events) -> MapMarks:
    name = campaign.name_of
    battles = {e.at: i for i, e in enumerate(events) if e.kind == "battle-fought" and e.at}
    results = {e.at: i for i, e in enumerate(events) if e.kind in RESULT_EVENTS}
    orders, contests = [], []
    for clash in after.calendar:
        at, attacker = clash.at, clash.attacker
        verb = tr(KIND_NAMES[clash.kind])
        taken = clash.new_owner == attacker and clash.outcome is not None
        if clash.pending:
            outcome, said = Outcome.PENDING, _("to be fought")
        elif after.in_progress:
            outcome, said = Outcome.PENDING, _("at the end of the calendar")
        elif taken:
            outcome, said = Outcome.SUCCEEDED, (_("occupied") if clash.outcome == "occupied" else _("conquered"))
        else:
            outcome, said = Outcome.FAILED, _failed(clash, name)
        leg = "" if clash.route == "land" else clash.route
        orders.append(OrderMark("attack", attacker, (clash.origin, at), outcome,
                                f"{name(attacker)}: {verb} {name(at)} — {said}", name=KIND_NAMES[clash.kind], legs=(leg,),
                                event=battles.get(at, results.get(at))))
        if clash.answer == "intervened":
            who = clash.opponent
            start = _nearest(campaign, before, who, at)
            stopped = outcome is Outcome.FAILED
            orders.append(OrderMark("support", who, (start, at) if start != at else (at,),
                                    Outcome.PENDING if outcome is Outcome.PENDING else
                                    Outcome.SUCCEEDED if stopped else Outcome.FAILED,
                                    _("%(player)s: intervenes at %(territory)s against %(against)s", player=name(who),
                                      territory=name(at), against=name(attacker)),
                                    name="Intervenire", event=battles.get(at)))
        elif clash.answer == "retreated":
            orders.append(OrderMark("retreat", clash.holder, (at, clash.retreat_to), Outcome.SUCCEEDED,
                                    _("%(player)s: retreats from %(territory)s into %(to)s", player=name(clash.holder),
                                      territory=name(at), to=name(clash.retreat_to)),
                                    name="Ritirarsi", event=results.get(at)))
        elif clash.answer == "resisted":
            held = outcome is Outcome.FAILED
            orders.append(OrderMark("defend", clash.holder, (at,),
                                    Outcome.PENDING if outcome is Outcome.PENDING else
                                    Outcome.SUCCEEDED if held else Outcome.FAILED,
                                    _("%(player)s: resists at %(territory)s", player=name(clash.holder), territory=name(at)),
                                    name="Resistere",
                                    event=battles.get(at)))
        if clash.battle:
            result = clash.result
            winner = result.winner if result else None
            said = (_("to be fought") if result is None else _("a draw") if winner is None
                    else _("%(player)s wins", player=name(winner)))
            title = _("%(action)s at %(territory)s: %(first)s against %(second)s — %(result)s", action=verb,
                      territory=name(at), first=name(clash.players[0]), second=name(clash.players[-1]), result=said)
            contest_outcome = (Outcome.PENDING if result is None else Outcome.DRAWN if winner is None
                               else Outcome.SUCCEEDED if winner == attacker else Outcome.FAILED)
            contests.append(ContestMark(CONTEST[clash.kind], at, clash.players, contest_outcome, title, winner,
                                        battles.get(at)))
    for index, event in enumerate(events):
        if event.kind == "battle-fought" and event.at is None:
            winner = event.winners[0] if event.winners else None
            contests.append(ContestMark("decisive-battle", None, tuple(event.players),
                                        Outcome.SUCCEEDED if winner else Outcome.DRAWN, event.describe(name), winner, index))
    return MapMarks(tuple(orders), tuple(contests))


def _failed(clash, name) -> str:
    if clash.outcome == "held":
        return _("%(player)s held it (%(rule)s)", player=name(clash.holder), rule=tr(clash.rule))
    if clash.outcome == "occupied" and clash.new_owner:
        return _("%(player)s occupied it (%(rule)s)", player=name(clash.new_owner), rule=tr(clash.rule))
    return _("it stays empty (%(rule)s)", rule=tr(clash.rule))


def _nearest(campaign, before, player: str, target: str) -> str:
    """The intervener's territory the arrow starts from: the nearest to the target (by the
    intervention's own count), then by id; his Capital when he holds nothing (Q27: an intervention
    was accepted, so he has one, and one of his territories or it is within reach)."""
    held = before.held_by(player)
    if not held:
        return before.homes[player]
    kinds = campaign.options["intervene_links"]
    return min((steps, t) for t in held if (steps := distance(campaign.map, target, {t}, kinds)) is not None)[1]
