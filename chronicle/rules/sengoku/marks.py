"""What the map draws of a Sengoku turn, read from the turn's events.

Orders: every army's move along its path (each step marked ``sea`` where it crossed a sea route
and ``forced`` for the forced-march steps beyond the third), the winter march to quarters, a
withdrawal before battle and a retreat after one, an army shut in its castle, a siege laid, and
elements transferred between two armies. Contests: every battle (a Big Battle too) and every
siege roll (a meeting of enemies is always settled within its turn: a battle, a withdrawal or a
siege; the battle sheets' "coming game day" is the next turn's). Each mark keeps the index of the event that tells it, for the link to its card.
"""

from __future__ import annotations

from ...i18n import _, ngettext, tr
from .. import ContestMark, MapMarks, OrderMark, Outcome
from .events import (ArmyDestroyed, ArmyMoved, ArmyRetreated, BattleFought, BattleRefused, ElementsTransferred,
                     ShutInCastle, SiegeBegun, SiegeRoll, StormAtSea, WinterAttrition)
from .geo import LAND, path_to


def map_marks(campaign, before, after, record, events) -> MapMarks:
    name = campaign.name_of
    game_map = campaign.map
    events = list(events)
    clan_of = {a.id: a.clan for s in (before, after) for a in s.armies.values()}
    province_of = {a.id: a.province for a in before.armies.values()}
    orders, contests = [], []
    for index, event in enumerate(events):
        later = events[index + 1:]
        if isinstance(event, ArmyMoved):
            orders.append(_move(campaign, index, event, later))
        elif isinstance(event, WinterAttrition) and event.quarters is not None and event.quarters != event.province:
            written = next((m.path for m in record.moves if m.army == event.army and m.path and m.path[-1] == event.quarters),
                           None)
            steps = tuple(written or path_to(game_map, event.province, [event.quarters], LAND) or (event.quarters,))
            values = {"clan": name(event.clan), "army": event.army, "quarters": name(event.quarters)}
            title = (ngettext("%(clan)s: %(army)s marches to winter quarters in %(quarters)s — arrived, %(num)s element lost",
                              "%(clan)s: %(army)s marches to winter quarters in %(quarters)s — arrived, %(num)s elements "
                              "lost", event.lost, **values) if event.lost else
                     _("%(clan)s: %(army)s marches to winter quarters in %(quarters)s — arrived", **values))
            orders.append(OrderMark("move", event.clan, (event.province,) + steps, Outcome.SUCCEEDED, title,
                                    name=_("Winter march"), army=event.army, phase="winter", event=index))
        elif isinstance(event, BattleRefused):
            orders.append(OrderMark("retreat", event.clan, (event.province, event.to), Outcome.SUCCEEDED,
                                    _("%(clan)s: %(army)s refuses battle with %(enemy)s and withdraws from %(province)s "
                                      "to %(to)s", clan=name(event.clan), army=event.army, enemy=event.enemy,
                                      province=name(event.province), to=name(event.to)),
                                    name=_("Refuse battle"), army=event.army, phase="battle", event=index))
        elif isinstance(event, ArmyRetreated):
            orders.append(OrderMark("retreat", event.clan, (event.province, event.to), Outcome.SUCCEEDED,
                                    _("%(clan)s: %(army)s, beaten, retreats from %(province)s to %(to)s",
                                      clan=name(event.clan), army=event.army, province=name(event.province),
                                      to=name(event.to)), name=_("Retreat"), army=event.army, phase="battle",
                                    event=index))
        elif isinstance(event, ShutInCastle):
            orders.append(OrderMark("defend", event.clan, (event.province,), Outcome.SUCCEEDED,
                                    _("%(clan)s: %(army)s shuts itself in the castle of %(province)s before %(enemy)s",
                                      clan=name(event.clan), army=event.army, province=name(event.province),
                                      enemy=event.enemy),
                                    name=_("Shut in the castle"), army=event.army, phase="battle", event=index))
        elif isinstance(event, SiegeBegun):
            roll = next((e for e in later if isinstance(e, SiegeRoll) and e.province == event.province
                         and e.besieger == event.besieger), None)
            outcome = Outcome.SUCCEEDED        # the siege is laid; its roll is the siege's contest
            values = {"clan": name(event.clan), "army": event.besieger, "province": name(event.province)}
            if event.defender:
                title = _("%(clan)s: %(army)s lays siege to the castle of %(province)s (%(inside)s inside)",
                          inside=event.defender, **values)
            else:
                title = _("%(clan)s: %(army)s lays siege to the castle of %(province)s (undefended)", **values)
            if roll is not None:
                title += " — " + (_("the castle fell") if roll.taken else _("the castle held this month"))
            orders.append(OrderMark("siege", event.clan, (event.province,), outcome, title,
                                    name=_("Besiege"), army=event.besieger, phase="siege", event=index))
        elif isinstance(event, ElementsTransferred):
            ends = (province_of.get(event.giver), province_of.get(event.taker))
            if None not in ends:
                path = ends if ends[0] != ends[1] else ends[:1]
                orders.append(OrderMark("transfer", clan_of.get(event.giver), path, Outcome.SUCCEEDED,
                                        ngettext("%(clan)s: %(army)s sends %(num)s element to %(taker)s",
                                                 "%(clan)s: %(army)s sends %(num)s elements to %(taker)s", event.elements,
                                                 clan=name(clan_of.get(event.giver)), army=event.giver,
                                                 taker=event.taker),
                                        name=_("Transfer"), army=event.giver, phase="movement", event=index))
        elif isinstance(event, BattleFought):
            contests.append(_battle(campaign, index, event, clan_of))
        elif isinstance(event, SiegeRoll):
            clan = clan_of.get(event.besieger)
            holder = before.owners.get(event.province)
            contests.append(ContestMark("siege", event.province, tuple(p for p in (clan, holder) if p),
                                        Outcome.SUCCEEDED if event.taken else Outcome.FAILED, event.describe(name),
                                        clan if event.taken else holder, index))
    return MapMarks(tuple(orders), tuple(contests))


def _move(campaign, index, event: ArmyMoved, later) -> OrderMark:
    name = campaign.name_of
    steps = list(zip(event.path, event.path[1:]))
    legs = []
    for i, (a, b) in enumerate(steps):
        link = campaign.map.link_between(a, b)
        words = ["sea"] if link is not None and link.kind == "sea" else []
        if i >= len(steps) - event.forced:
            words.append("forced")
        legs.append(" ".join(words))
    storms = [e for e in later if isinstance(e, StormAtSea) and e.army == event.army]
    gone = next((e for e in later if isinstance(e, ArmyDestroyed) and e.army == event.army
                 and e.reason in ("lost on the march", "lost at sea")), None)
    what = (_("Forced march") if event.forced else _("Sea move") if any("sea" in leg for leg in legs) else _("Move"))
    notes = []
    if event.forced:
        notes.append(ngettext("forced march of %(provinces)s, %(num)s element lost",
                              "forced march of %(provinces)s, %(num)s elements lost", event.lost,
                              provinces=ngettext("%(num)s province", "%(num)s provinces", event.forced)))
    for storm in storms:
        if storm.lost:
            notes.append(ngettext("storm at sea, %(num)s element lost", "storm at sea, %(num)s elements lost", storm.lost))
    if event.rule:
        notes.append(tr(event.rule))
    result = _("destroyed on the way") if gone else _("arrived")
    text = (f"{name(event.clan)}: {event.army} {' → '.join(name(p) for p in event.path)} — {result}"
            + (f" ({'; '.join(notes)})" if notes else ""))
    kind = "attack" if event.rule.startswith("a neutral army attacks") else "move"
    return OrderMark(kind, event.clan, tuple(event.path), Outcome.FAILED if gone else Outcome.SUCCEEDED, text,
                     name=what, army=event.army, legs=tuple(legs), phase="movement", event=index)


def _battle(campaign, index, event: BattleFought, clan_of) -> ContestMark:
    clans = [event.attacker_clan, event.defender_clan]
    clans += [x.clan for x in event.armies]
    clans += [clan_of[a] for a, *_ in event.allies if a in clan_of]
    attackers_won = (event.winner == event.attacker or
                     any(x.army == event.winner and x.side == "attacker" for x in event.armies))
    winner = clan_of.get(event.winner) or (event.attacker_clan if attackers_won else event.defender_clan)
    return ContestMark("battle", event.province, tuple(dict.fromkeys(c for c in clans if c)),
                       Outcome.SUCCEEDED if attackers_won else Outcome.FAILED, event.describe(campaign.name_of),
                       winner, index)

