"""Big Battle DBA in Kyoto (seed: "If a battle is fought in this province with more than two
armies present, then the Big Battle DBA(R) rules are applied"): one battle entry with a list of
armies on each side, checked like a battle of two (battle.py) and enforced per army and per clan.
"""

from __future__ import annotations

from ...i18n import N_
from ...suggest import did_you_mean
from .battle import (Undecided, _all_present, checked_contingent, _on_table, _tracked, breaking_point, retreat,
                     who_lost)
from .cards import play_card
from .events import ArmyDestroyed, BattleFought, ElementsLost


def fight_big(ctx, state, b):
    """A Big Battle (DBA 2.2's big-battle rules, played on the table): in Kyoto, more than two
    armies present. Entered as ``attacker: [...]`` and ``defender: [...]``, each army with its own
    losses (and cards, camp, general, contingents, retreat). Readings: each side breaks as one army
    by the seed's breaking points for its total size (contingents included; beyond 18 elements a
    third, as DBA's); Bitter Enders adds 2 to the side it is played for; a side loses by its
    general when its first army written (its commander-in-chief) lost its general and the side
    more elements. The losing side's armies each retreat (or are destroyed). Prestige per clan:
    the first army's clan of each side takes victory (+3) or defeat (-2) and the elements
    destroyed; every other clan on a side, as allied, +2 or -1; a camp taken, +2 to the clan of
    the army that took it."""
    opts = ctx.options
    entries = [(0, s) for s in b.attackers] + [(1, s) for s in b.defenders]
    ids = tuple(s.army for _, s in entries)
    rejected = dict(about=ids, where=(b.province,))
    if not ctx.map.provinces[b.province].has("kyoto"):
        ctx.reject(f"{len(ids)} armies in one battle at {ctx.name(b.province)}: only a battle in Kyoto with more than two "
                   "armies present is a Big Battle", b.at,
                   hint="elsewhere two armies fight (with allied contingents); several armies entering are met one at a "
                        "time, in order of entry", rule="Big Battle DBA in Kyoto", **rejected)
        return state
    twice = next((x for i, x in enumerate(ids) if x in ids[:i]), None)
    if twice:
        ctx.reject(f"{twice} is written twice in the battle at {ctx.name(b.province)}", b.at, rule="Big Battle DBA in Kyoto",
                   hint="name each army once, on the side it fought for", **rejected)
        return state
    wrong = []
    for _, side in entries:
        army = state.armies.get(side.army)
        if army is None:
            wrong.append((side, f"unknown army {side.army!r}", did_you_mean(side.army, state.armies)))
        elif army.province != b.province:
            wrong.append((side, f"{side.army} is in {ctx.name(army.province)}", None))
    if wrong:
        ctx.reject(f"the battle at {ctx.name(b.province)} cannot be fought: " + "; ".join(w for _, w, _ in wrong),
                   wrong[0][0].at + ("army",), hint=next((h for _, _, h in wrong if h), None), rule="battles", **rejected)
        return state
    teams = ([state.armies[s.army] for s in b.attackers], [state.armies[s.army] for s in b.defenders])
    for i, team in enumerate(teams):
        for x in team:
            foe = next((y for y in team if state.enemies(x.clan, y.clan)), None)
            if foe is not None:
                ctx.reject(f"{x.id} ({x.clan}) and {foe.id} ({foe.clan}) are written on the same side but are enemies", b.at,
                           rule="Big Battle DBA in Kyoto", **rejected,
                           hint="a side is one clan and its allies: move one of them to the other side, or check the alliances")
                return state
            friend = next((y for y in teams[1 - i] if not state.enemies(x.clan, y.clan)), None)
            if friend is not None:
                ctx.reject(f"{x.id} and {friend.id} are written on opposite sides but are not enemies ({x.clan} and {friend.clan})",
                           b.at, rule="battles", **rejected,
                           hint="allies fight on the same side: move one of them, or check the alliances")
                return state
    # No neutral army stands in Kyoto (it never leaves its clan's land, Kyoto is no clan's, and a
    # beaten army never retreats into it: tests/sengoku/invariants.py checks it after every turn),
    # so a battle of two's check that a neutral army is written as the attacker has nothing to find here.
    if not _all_present(ctx, state, b, *teams, rejected):
        return state
    if b.castle_taken or any(s.bua_taken for _, s in entries):
        ctx.reject(f"bua_taken: there is no relief battle at {ctx.name(b.province)}", b.at, rule="relief battles",
                   hint="the BUA rules apply to an army attacking the besieger of its own (or an ally's) castle", **rejected)
        return state
    # cards: at most 3 a player (clan) in one battle; Bitter Enders +2 to its side
    bonus, played_by = [0, 0], {}
    for i, side in entries:
        army = state.armies[side.army]
        for card in side.cards:
            played_by[army.clan] = played_by.get(army.clan, 0) + 1
            if played_by[army.clan] > opts["cards_per_battle"]:
                if played_by[army.clan] == opts["cards_per_battle"] + 1:
                    ctx.problem(f"{army.clan} plays more than {opts['cards_per_battle']} cards in one battle", side.at + ("cards",),
                                rule="cards in battle", about=ids,
                                hint=f"a clan plays at most {opts['cards_per_battle']} card(s) in a battle, over all its armies")
                continue
            state, ok = play_card(ctx, state, army.clan, card, N_("battle of %(province)s", province=ctx.name(b.province)),
                                  side.at + ("cards",))
            if ok and card == "bitter_enders":
                bonus[i] += opts["bitter_enders"]
    # sizes, losses and contingents, side by side
    sizes, totals, contingents, ok = [0, 0], [0, 0], [], True
    for i, side in entries:
        army = state.armies[side.army]
        if side.lost > army.strength:
            ctx.reject(f"{army.id} lost {side.lost} elements but had {army.strength}", side.at + ("lost",), rule="battles",
                       hint=f"lost: is at most the army's {army.strength} elements (all of them when it is destroyed)", **rejected)
            ok = False
        sizes[i] += army.strength
        totals[i] += side.lost
        for c in side.allies:
            checked = checked_contingent(ctx, state, c, army, b.province, rejected, fighting=ids)
            if checked is None:
                ok = False
                continue
            ally, cost = checked
            sizes[i] += c.elements
            totals[i] += c.lost
            contingents.append((i, side, c, ally, cost))
    if not ok:
        return state
    points = [breaking_point(opts, sizes[i]) + bonus[i] for i in range(2)]
    general = [b.attackers[0].general_lost and totals[0] > totals[1],
               b.defenders[0].general_lost and totals[1] > totals[0]]
    decided = who_lost(totals, points, general, b.coin, "sides",
                       N_("the enemy's commander-in-chief lost his general and the side more elements"))
    if isinstance(decided, Undecided):
        ctx.reject(decided.message, b.at, hint=decided.hint, rule=decided.rule, **rejected)
        return state
    loser_i, how = decided
    win_i = 1 - loser_i
    if b.winner is not None and b.winner not in {a.id for a in teams[win_i]} | {a.clan for a in teams[win_i]}:
        ctx.problem(f"the entry says {b.winner} won, but by the losses the {('attackers', 'defenders')[win_i]} won ({how})",
                    b.at + ("winner",), hint=f"losses {totals[0]}–{totals[1]}, breaking points {points[0]} and {points[1]}",
                    rule="battles", about=ids)
    takers = [s for _, s in entries if s.camp_taken]
    camp = takers[0].army if takers else None
    leads = (teams[0][0], teams[1][0])
    cause = ctx.emit(BattleFought(
        b.province, leads[0].id, leads[1].id, leads[0].clan, leads[1].clan, tuple(sizes), tuple(totals), tuple(points),
        leads[win_i].id, leads[loser_i].id, how, tuple((c.army, side.army, c.elements, c.lost) for _, side, c, _, _ in contingents),
        camp, False, None,
        tuple(_on_table(state.armies[s.army], s, ("attacker", "defender")[i]) for i, s in entries), True))
    # prestige, per clan
    for i in range(2):
        won = i == win_i
        ctx.award(leads[i].clan, "victory" if won else "defeat", cause=cause)
        others = [a.clan for a in teams[i]] + [ally.clan for j, _, _, ally, _ in contingents if j == i]
        for clan in dict.fromkeys(c for c in others if c != leads[i].clan):
            ctx.award(clan, "allied_victory" if won else "allied_defeat", cause=cause)
        ctx.award(leads[i].clan, "element_destroyed", times=totals[1 - i], cause=cause)
    for side in takers:
        ctx.award(state.armies[side.army].clan, "camp_taken", cause=cause)
    # losses, per army
    armies = dict(state.armies)
    for i, side in entries:
        army = armies[side.army]
        ctx.fought.add(army.id)
        ctx.fought_at.setdefault(b.province, set()).add(army.id)
        if side.penalty:
            ctx.emit(ElementsLost(army.id, army.clan, side.penalty, N_("the umpire's penalty for abusing the time limits")))
        armies[army.id] = army.but(strength=army.strength - side.lost - side.penalty, besieged=False,
                                   **_tracked(ctx, army, side, b.province))
    for x in teams[0]:
        for y in teams[1]:
            ctx.fought_pairs.add(frozenset((x.id, y.id)))
    for _, _, c, ally, cost in contingents:
        ctx.fought.add(ally.id)
        ally = armies[ally.id]
        armies[ally.id] = ally.but(strength=ally.strength - c.lost - cost)
        if cost:
            ctx.emit(ElementsLost(ally.id, ally.clan, cost, N_("forced march of its contingent")))
    for army_id in sorted(set(ids) | {c.army for _, _, c, _, _ in contingents}):
        army = armies[army_id]
        if army.strength <= 0:
            del armies[army_id]
            ctx.emit(ArmyDestroyed(army_id, army.clan, army.province, N_("every element lost in battle")))
    state = state.but(armies=armies)
    # every army of the losing side retreats, in the order written
    for side in (b.attackers, b.defenders)[loser_i]:
        beaten = state.armies.get(side.army)
        if beaten is not None:
            state = retreat(ctx, state, beaten, side.retreat, side.at)
    return state
