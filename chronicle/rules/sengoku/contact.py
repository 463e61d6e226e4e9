"""Meeting an enemy: a defender entered by an enemy army refuses battle and withdraws, shuts
itself in its castle (a fortress holds one army, a capital two) and is besieged, or gives
battle (entered under ``battles:``). A neutral army always gives battle. An army that
withdraws goes to an adjacent province, not back where the enemy came from, not across a sea
route, not where an enemy stands (-1 prestige). Siege orders (``besiege:``) start a siege of an
empty enemy castle; no siege is begun in winter."""

from __future__ import annotations

from ...suggest import did_you_mean
from .events import BattleRefused, ShutInCastle, SiegeBegun
from .geo import LAND
from .context import province_mark
from .state import Siege


def _first_enemy(ctx, state, army) -> tuple[str, str] | None:
    for entrant, came_from in ctx.entries.get(army.province, []):
        other = state.armies.get(entrant)
        if other and state.enemies(other.clan, army.clan) and entrant != army.id:
            return entrant, came_from
    return None


def responses(ctx, state):
    """Each defender's answer to the first enemy to have entered its province (``responses:``, or
    the first entrant's answer in a per-entrant mapping); the answers to later entrants wait for
    the battle phase (:func:`after_battle`)."""
    for army_id, response in ctx.record.responses.items():
        army = state.armies.get(army_id)
        if army is None:
            ctx.army_problem(state, army_id, response.at, "meeting an enemy", at_key=True)
            continue
        if army_id in {e for e, _ in ctx.entries.get(army.province, [])}:
            ctx.reject(f"{army_id} entered {ctx.name(army.province)} itself this turn, so it has nothing to answer", response.at,
                       hint="an army that entered answers a later entrant only as the victor of the battle before, in a "
                            f"per-entrant response: responses: {{{army_id}: {{ENTRANT: battle}}}}", rule="meeting an enemy",
                       at_key=True, about=(army_id,), where=(army.province,))
            continue
        met = _first_enemy(ctx, state, army)
        if met is None:
            # an enemy whose move here was rejected explains it: a consequence of that error
            meant = tuple(m.army for m in ctx.record.moves if m.path[-1] == army.province)    # a move names a province
            # and so does a move that could not be read: it may have been meant for this province
            meant += tuple(sorted(a for a in ctx.record.unread if a not in ctx.record.responses))
            ctx.reject(f"{army_id} was not entered by an enemy army this turn, so it has nothing to answer", response.at,
                       hint="responses: are for a defender whose province an enemy army entered", rule="meeting an enemy",
                       at_key=True, about=(army_id,), also=meant, where=(army.province,))
            continue
        enemy, came_from = met
        state = answer(ctx, state, army, response, enemy, came_from)
    for army_id, replies in ctx.record.replies.items():
        army = state.armies.get(army_id)
        if army is None:
            ctx.army_problem(state, army_id, ("responses", army_id), "meeting an enemy", at_key=True)
            continue
        if not _replies_name_entrants(ctx, state, army, replies):
            continue
        if army_id in {e for e, _ in ctx.entries.get(army.province, [])}:
            continue                          # an entrant answers later entrants only as the victor of a battle
        met = _first_enemy(ctx, state, army)
        reply = next((r for r in replies if met and r.entrant == met[0]), None)
        if reply is not None:
            ctx.replied.add((army_id, reply.entrant))
            state = answer(ctx, state, army, reply, *met)
    return besiege_orders(ctx, state)


def _entrants_after(ctx, province: str, army_id: str) -> list[tuple[str, str]]:
    """The armies that entered ``province`` this turn after ``army_id`` (all of them, for an army
    that did not enter it), in order of entry: [(army, from)]."""
    order = ctx.entries.get(province, [])
    ids = [e for e, _ in order]
    return order[ids.index(army_id) + 1:] if army_id in ids else list(order)


def _replies_name_entrants(ctx, state, army, replies) -> bool:
    """Every army a per-entrant response answers entered the army's province this turn, after it
    (for an army that entered itself) and as an enemy; else an error at the first one that did not."""
    could = [e for e, _ in _entrants_after(ctx, army.province, army.id)
             if e in state.armies and state.enemies(state.armies[e].clan, army.clan)]
    for reply in replies:
        if reply.entrant in could:
            continue
        entered = reply.entrant in {e for e, _ in ctx.entries.get(army.province, [])}
        other = state.armies.get(reply.entrant)
        why = ("is not its enemy" if entered and other and not state.enemies(other.clan, army.clan) else
               f"entered {ctx.name(army.province)} before it" if entered else
               f"did not enter {ctx.name(army.province)} this turn")
        ctx.reject(f"{army.id} answers {reply.entrant}, which {why}", reply.at,
                   hint=did_you_mean(reply.entrant, could) or
                   (f"the enemies that entered after it: {', '.join(could)}" if could else
                    f"no enemy entered {ctx.name(army.province)} after {army.id} this turn"),
                   rule="several armies entering are met in order of entry", at_key=True, about=(army.id,),
                   also=(reply.entrant,), where=(army.province,))
        return False
    return True


def next_enemy(ctx, state, army) -> tuple[str, str] | None:
    """The next army ``army`` meets where it stands: the first, in order of entry, of the armies
    that entered its province this turn (after it, if it entered too) that is an enemy, stands
    there in the field, and has not fought it yet. (entrant, the province it came from), or None."""
    for entrant, came_from in _entrants_after(ctx, army.province, army.id):
        other = state.armies.get(entrant)
        if (other is None or other.province != army.province or other.besieged or not state.enemies(other.clan, army.clan)
                or frozenset((entrant, army.id)) in ctx.fought_pairs):
            continue
        return entrant, came_from
    return None


def after_battle(ctx, state, victor_id: str, beaten_id: str):
    """Seed: "Depending on the result the victor will then fight a battle with the other army
    present (it may elect to retreat as well)." The victor of a battle, still in the field, gives
    its written answer to the next army to have entered: battle (its battle follows in the
    entry), a withdrawal, or shutting itself in its castle."""
    victor = state.armies.get(victor_id)
    if victor is None or victor.besieged:
        return state
    replies = ctx.record.replies.get(victor_id)
    if not replies:
        return state
    met = next_enemy(ctx, state, victor)
    if met is None:
        return state
    reply = next((r for r in replies if r.entrant == met[0]), None)
    if reply is None:
        return state
    ctx.replied.add((victor_id, reply.entrant))
    return answer(ctx, state, victor, reply, *met, after=beaten_id)


def unanswered(ctx, state) -> None:
    """A per-entrant response that was never given: the army did not stand in the field, the
    victor of the battle before, when that entrant was next to be met."""
    for army_id, replies in ctx.record.replies.items():
        for reply in replies:
            if (army_id, reply.entrant) in ctx.replied or reply.entrant is None:
                continue
            army = state.armies.get(army_id)
            entered = next((p for p, order in ctx.entries.items() if reply.entrant in {e for e, _ in order}), None)
            if army is None:
                fate = "it was destroyed"
            elif army.besieged:
                fate = "it is shut in its castle"
            elif army.province != entered:
                fate = f"it left: it stands in {ctx.name(army.province)}"
            else:
                fate = "it did not stand in the field as the victor of the battle before"
            ctx.problem(f"{army_id} never met {reply.entrant} in the field, so its answer to it was not given ({fate})",
                        reply.at, hint="the answer to a later entrant is given by the army that won the battle before; "
                                       "remove it, or check the battles' results", rule="several armies entering are met in order of entry",
                        at_key=True, about=(army_id, reply.entrant))


def answer(ctx, state, army, response, enemy: str, came_from: str, after: str | None = None):
    """``army`` answers ``enemy`` (which came from ``came_from``): battle (nothing to do here: the
    battle is entered under battles:), withdraw (-1 prestige) or shut itself in its castle (a
    siege begins). ``after``: the army it has just beaten, when it answers as a battle's victor."""
    armies, sieges = dict(state.armies), dict(state.sieges)
    army_id = army.id
    mine = dict(about=(army_id,), also=(enemy,), where=(army.province,))    # a rejection's armies and province
    clan = state.clans[army.clan]
    if clan.neutral and response.kind != "battle":
        ctx.reject(f"{army_id} is neutral: a neutral army always attacks", response.at, rule="neutral clans",
                   hint=f"write {army_id}: battle, or leave its response out", **mine)
        return state
    if response.kind == "retreat":
        to = response.to
        link = ctx.map.link_between(army.province, to)
        blocked = [a.id for a in armies.values() if a.province == to and state.enemies(a.clan, army.clan)]
        why = None
        if army.besieged:
            ctx.reject(f"{army_id} cannot withdraw to {ctx.name(to)}: a besieged army may sally to give battle, not retreat",
                       response.at, hint=f"write {army_id}: battle to sally against {enemy}, or leave its response out: it "
                       "stays shut in its castle", rule="refusing battle", **mine)
            return state
        if link is None:
            why = f"{ctx.name(to)} is not next to {ctx.name(army.province)}"
        elif link.kind not in LAND:
            why = "an army cannot retreat across a sea route"
        elif to == came_from:
            why = f"{enemy} came from {ctx.name(to)}: a retreating army moves directly away from the enemy"
        elif blocked:
            why = f"the enemy army {blocked[0]} stands in {ctx.name(to)}"
        elif ctx.map.provinces[to].has("kyoto"):
            why = "Kyoto is entered only to claim the Shogunate"
        if why:
            options = [n for n in ctx.map.neighbours(army.province, LAND) if n != came_from
                       and not ctx.map.provinces[n].has("kyoto")
                       and not any(a.province == n and state.enemies(a.clan, army.clan) for a in armies.values())]
            ctx.reject(f"{army_id} cannot withdraw to {ctx.name(to)}: {why}", response.at,
                       hint="it may withdraw to " + (", ".join(options) or "nowhere: it must fight or shut itself in a castle"),
                       rule="refusing battle", **mine)
            return state
        armies[army_id] = army.but(province=to, retreated=True)
        ctx.emit(BattleRefused(army_id, army.clan, army.province, to, enemy, after))
        ctx.award(army.clan, "refused_battle")
    elif response.kind == "fortress":
        castle = state.castles.get(army.province)
        inside = sum(1 for a in armies.values() if a.province == army.province and a.besieged and a.clan == army.clan)
        if castle is None or state.owners.get(army.province) != army.clan:
            ctx.reject(f"{army_id} has no castle of its own in {ctx.name(army.province)} to shut itself in", response.at,
                       hint="a clan's fortress or capital; otherwise battle or retreat", rule="sieges", **mine)
            return state
        if inside >= state.capacity(army.province, ctx.options):
            ctx.reject(f"the {castle} of {ctx.name(army.province)} is full (it holds {state.capacity(army.province, ctx.options)})",
                       response.at, rule=f"a fortress holds {ctx.options['fortress_holds']} army, a capital "
                       f"{ctx.options['capital_holds']}", hint="the army fights (battle) or retreats instead", **mine)
            return state
        # no winter check: in winter only the march to quarters moves (movement_phase), so no army
        # enters an enemy's province and none is met; besiege_orders refuses a siege laid in winter
        armies[army_id] = army.but(besieged=True)
        ctx.emit(ShutInCastle(army_id, army.clan, army.province, enemy, after))
        if army.province not in sieges:
            besieger = state.armies[enemy]
            sieges[army.province] = Siege(army.province, enemy, army_id)
            ctx.emit(SiegeBegun(army.province, enemy, besieger.clan, army_id))
    return state.but(armies=armies, sieges=sieges)


def besiege_orders(ctx, state):
    sieges = dict(state.sieges)
    for army_id, path in ctx.record.besiege:
        army = state.armies.get(army_id)
        if army is None:
            ctx.army_problem(state, army_id, path, "sieges")
            continue
        here = army.province
        owner = state.owners.get(here)
        mine = dict(about=(army_id, province_mark(here)))
        if ctx.date.winter:
            ctx.reject(f"{army_id} cannot besiege {ctx.name(here)} in {ctx.date.month}: an army cannot besiege a city during winter",
                        path, hint="sieges begin from March to November", rule="no sieges in winter", **mine)
            continue
        if here not in state.castles or owner is None or not state.enemies(owner, army.clan):
            ctx.reject(f"there is no enemy castle in {ctx.name(here)} for {army_id} to besiege", path,
                        hint="a siege is laid to an enemy clan's fortress or capital in the besieger's province", rule="sieges", **mine)
            continue
        if here in sieges:
            ctx.reject(f"{ctx.name(here)} is already besieged by {sieges[here].besieger}", path, rule="sieges",
                       hint="one siege a city: remove this besiege: entry", **mine)
            continue
        field = [a.id for a in state.armies.values() if a.province == here and not a.besieged and state.enemies(a.clan, army.clan)]
        if field:
            ctx.reject(f"{field[0]} stands in the field at {ctx.name(here)}: fight it, or let it shut itself in, before a siege",
                        path, rule="sieges", hint=f"record the battle with {field[0]} under battles:, or remove this besiege: entry",
                        **mine)
            continue
        inside = next((a.id for a in state.armies.values() if a.province == here and a.besieged and a.clan == owner), None)
        sieges[here] = Siege(here, army_id, inside)
        ctx.emit(SiegeBegun(here, army_id, army.clan, inside))
    return state.but(sieges=sieges)


def unresolved(ctx, state) -> None:
    """After the battles, enemies may not stand together in the field: a battle, a withdrawal
    or a siege must have settled every meeting."""
    seen = set()
    for province in sorted({a.province for a in state.armies.values()}):
        here = sorted((a for a in state.armies.values() if a.province == province), key=lambda a: a.id)
        for a in here:
            for b in here:
                if a.id >= b.id or not state.enemies(a.clan, b.clan):
                    continue
                if a.besieged or b.besieged:
                    # an army shut in its castle (always under a siege) is not in the field: whoever
                    # stands outside, the besieger or a second army of its side, meets no one there
                    # but the besieger (docs/rules/sengoku.md, Sieges)
                    continue
                pair = (a.id, b.id)
                if pair in seen:
                    continue
                seen.add(pair)
                entrant = next((e for e, _ in ctx.entries.get(province, []) if e in pair), None)
                defender = a.id if entrant == b.id else b.id
                neutral = next((x for x in (a, b) if state.clans[x.clan].neutral), None)
                if neutral is not None:
                    intruder = b if neutral is a else a
                    moved = entrant == neutral.id
                    ctx.reject(f"the neutral army {neutral.id} ({neutral.clan}) "
                               + ("moved to attack" if moved else "attacks") + f" {intruder.id}, which entered its land at "
                               f"{ctx.name(province)}: the battle's result is missing",
                               _intrusion_place(ctx, province, intruder.id, neutral.id),
                               hint=f"fight it on the table and enter it under battles, the neutral army attacking:  - {{at: "
                                    f"{province}, attacker: {{army: {neutral.id}, lost: N}}, defender: {{army: {intruder.id}, lost: N}}}}",
                               rule="neutral armies attack any army entering their land", at_key=True, about=pair,
                               where=(province,))
                    continue
                path = ctx.move_paths.get(entrant or b.id) or _battle_place(ctx, province) or ()
                response = ctx.record.responses.get(defender)
                other = b.id if defender == a.id else a.id
                if defender in ctx.fought_at.get(province, ()):
                    # the victor of an earlier battle here, before the next entrant
                    how = (f"or write the answer of {defender}, the victor of its battle, to {other}: responses: "
                           f"{{{defender}: {{{other}: {{retreat: PROVINCE}}}}}} (or fortress)")
                else:
                    how = f"or write the response of {defender}: {{retreat: PROVINCE}} or fortress"
                ctx.reject(f"{a.id} ({a.clan}) and {b.id} ({b.clan}) are both in the field at {ctx.name(province)} after the battle phase",
                           response.at if response else path,
                           hint=f"enter their battle under battles:, {how}", rule="meeting an enemy", at_key=not response,
                           about=pair, where=(province,))


def _battle_place(ctx, province: str) -> tuple | None:
    """Where a battle at ``province`` is written in the turn file, if one is."""
    return next((b.at for b in ctx.record.battles if b.province == province), None)


def _intrusion_place(ctx, province: str, intruder: str, neutral: str) -> tuple:
    """Where to report a missing battle with a neutral army: the move that brought the intruder into
    the neutral land this turn; else the move of the intruder the neutral army came out to meet;
    else the battle written there; else the turn's battles: (never the top of the file)."""
    for army in (intruder, ctx.engaged.get(neutral)):
        if army and army in ctx.move_paths:
            return ctx.move_paths[army]
    for army, _ in ctx.entries.get(province, []):
        if army in ctx.move_paths:
            return ctx.move_paths[army]
    return _battle_place(ctx, province) or (("battles",) if ctx.record.battles else ("moves",) if ctx.record.moves else ())
