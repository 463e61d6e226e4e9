"""The declarations of a turn (R06-R32): each player's own actions in the order of play, the
answer to each attack as it is declared, and the calendar of clashes they make (R20).

Everything is judged against the map at the start of the turn (Q07): adjacency, "empty" and
"enemy", the intervention distance, where a defender may retreat. An order that breaks a rule is
reported at its place and left out of the calendar (it costs nothing); its answer goes with it,
unreported (one cause, one error).

The action economy (Q01-Q04): a player's own actions (Schermaglia, Scorreria, Battaglia decisiva)
and his interventions come out of his allowance (2, or 3 with the 1-4 territories bonus; a
mountain crossing costs 2; a sea action is the whole turn); his answers to attacks on his own land
(resist, retreat) are always open and cost nothing of it; everything counts toward the minimum
of two; no player fights more than two battles.
"""

from __future__ import annotations

from .events import ActionDeclared, Intervention, KIND_NAMES, Resisted, Retreat
from .record import Answer
from .schema import DECISIVA, SCHERMAGLIA, SCORRERIA, min_points
from .state import Clash
from .terrain import Route, allowed, distance, retreat_border, routes

PRIVILEGE = {SCORRERIA: "modifier", DECISIVA: "reroll"}


def declare(ctx) -> None:
    """Every player's declarations in the order of play, then what the order left unread."""
    replies = ctx.record.replies
    for player in ctx.order:
        for order in ctx.record.orders.get(player, ()):
            _declare(ctx, order, replies.get(order.target))
        ctx.targets_at_slot[player] = {c.at for c in ctx.clashes}
        ctx.battles_at_slot[player] = {p: a.battles for p, a in ctx.actions.items()}
    for territory, reply in replies.items():
        if territory in ctx.answered:
            continue
        declared = [c.at for c in ctx.clashes]
        ctx.problem(f"{ctx.name(territory)} is answered, but no attack on it was declared this turn", reply.path,
                    hint=("attacks declared this turn: " + ", ".join(ctx.name(t) for t in declared)) if declared
                    else "no attack was declared this turn", rule="R29-R32", at_key=True)
    _minimum(ctx)


# ---- one own action -----------------------------------------------------------------------------

def _declare(ctx, order, reply) -> None:
    """One own action; a refused one marks its player, whose minimum (R23) is then not judged:
    the refusal is the one error to fix. A landless player has no minimum (R65), so his refused
    order marks nothing."""
    ctx.answered.add(order.target)             # an order rejected below takes its answer with it
    if ctx.landless(order.player):
        ctx.problem(f"{ctx.name(order.player)} holds no territory: only reactions to the others' actions are open",
                    order.path, hint="a landless player's only action is an intervention "
                                     f"(answers: {{X: {{interviene: {order.player}}}}})", rule="R65")
    elif not _declare_one(ctx, order, reply):
        ctx.refused.add(order.player)


def _declare_one(ctx, order, reply) -> bool:
    player, target = order.player, order.target
    where = order.path
    name = ctx.name
    holder = ctx.state.owners.get(target)
    if holder == player:
        ctx.problem(f"{name(target)} is already {name(player)}'s", where, hint="attack an empty or enemy territory",
                    rule="R06")
        return False
    earlier = ctx.target(target)
    if earlier is not None:
        hint = (f"intervene instead: answers: {{{target}: {{interviene: {player}}}}}" if holder is None
                else "one attack per territory a turn: choose another target")
        ctx.problem(f"{name(target)} is already the target of {name(earlier.attacker)}'s {KIND_NAMES[earlier.kind]} "
                    "this turn", where, hint=hint, rule="one attack per territory")
        return False
    wanted = SCHERMAGLIA if holder is None else DECISIVA if ctx.is_capital(target) else SCORRERIA
    if order.kind != wanted:
        _wrong_kind(ctx, order, holder, wanted)
        return False
    route = _route(ctx, order)
    if route is None:
        return False
    actions = ctx.actions[player]
    cost = actions.allowance - actions.used if route.sea else route.cost
    clash = Clash(len(ctx.clashes) + 1, order.kind, target, player, holder, route.origin, route.kind, cost, "unopposed",
                  min_points=min_points(ctx.options, order.kind), privilege=PRIVILEGE.get(order.kind),
                  generals_required=order.kind == DECISIVA)
    if order.kind == SCHERMAGLIA:
        clash = _skirmish_answer(ctx, clash, reply)
        if clash.answer == "unopposed":
            clash = clash.but(outcome="occupied", new_owner=player, rule="R33")
    else:
        clash = _attack_answer(ctx, clash, reply, order)
        if clash is None:
            return False
    ctx.actions[player] = actions.but(used=actions.used + cost, sea=route.sea,
                                      declared=actions.declared + (f"{order.kind}:{target}",))
    if clash.battle:
        for side in clash.players:
            ctx.actions[side] = ctx.actions[side].but(battles=ctx.actions[side].battles + 1)
    ctx.clashes.append(clash)
    ctx.emit(ActionDeclared(player, order.kind, target, route.origin, route.kind, cost, holder))
    if clash.answer == "intervened":
        ctx.emit(Intervention(clash.opponent, target, player, _intervention_distance(ctx, clash.opponent, target)))
    elif clash.answer == "resisted":
        ctx.emit(Resisted(clash.opponent, target, player))
    elif clash.answer == "retreated":
        ctx.emit(Retreat(holder, target, clash.retreat_to, player))
    return True


def _wrong_kind(ctx, order, holder, wanted) -> None:
    name = ctx.name
    target = order.target
    verb = {SCHERMAGLIA: "Schermaglia", SCORRERIA: "Scorreria", DECISIVA: "Battaglia decisiva"}[wanted]
    if holder is None:
        why, rule = f"{name(target)} is empty (held by no one)", "R26"
    elif wanted == DECISIVA:
        founder = ctx.state.capital_of[target]
        why = f"{name(target)} is {name(founder)}'s Capital" + ("" if founder == holder else f", held by {name(holder)}")
        rule = "R14"
    else:
        why, rule = f"{name(target)} is held by {name(holder)} and is not a Capital", \
            "R26" if order.kind == SCHERMAGLIA else "R28"
    ctx.problem(f"{name(order.player)} cannot declare {KIND_NAMES[order.kind]} on {name(target)}: {why}", order.path,
                hint=f"write {verb} {name(target).upper()}", rule=rule)


def _route(ctx, order) -> Route | None:
    """The cheapest route the action may take (Q10), or None after reporting why there is none."""
    player, target, name = order.player, order.target, ctx.name
    opts = ctx.options
    held = ctx.held[player]
    if order.origin is not None:
        if order.origin not in held:
            ctx.problem(f"{name(player)} does not hold {name(order.origin)} at the start of the turn", order.path + ("from",),
                        hint="an action is declared from a territory held when the turn begins (Q07)", rule="R06")
            return None
        held = {order.origin}
    found = routes(ctx.map, held, target, opts["mountain_cost"])
    if not found:
        near = sorted({n for t in ctx.held[player] for n in ctx.map.neighbours(t)} - set(ctx.held[player]))
        where = f"from {name(order.origin)}" if order.origin else f"to a territory {name(player)} holds"
        ctx.problem(f"{name(target)} is not adjacent {where}", order.path + (("from",) if order.origin else ()),
                    hint=("adjacent now: " + ", ".join(name(t) for t in near)) if near else None, rule="R06")
        return None
    usable = [r for r in found if allowed(r, order.kind)]
    if not usable:
        kinds = {r.kind for r in found}
        rule = "R08" if kinds == {"sea"} else "R12" if kinds == {"river"} else "R08, R12"
        how = " and ".join(sorted({"by sea" if k == "sea" else "across a river without a ford" for k in kinds}))
        ctx.problem(f"{name(target)} is reached only {how}: no Battaglia decisiva there", order.path, rule=rule,
                    hint="a Battaglia decisiva needs a land, ford or mountain border; take a territory next to it first")
        return None
    actions = ctx.actions[player]
    left = actions.allowance - actions.used
    for route in usable:
        if actions.sea:
            break
        if route.sea and actions.used == 0:
            return route
        if not route.sea and route.cost <= left:
            return route
    # nothing fits: report against the cheapest usable route
    route = usable[0]
    if actions.sea:
        ctx.problem(f"the sea action was {name(player)}'s whole turn: no other action", order.path,
                    hint="a Schermaglia or Scorreria by sea gives up every other action of the turn", rule="R09")
    elif route.sea:
        ctx.problem(f"{name(target)} is reached only by sea, and a sea action gives up every other action: "
                    f"{name(player)} has already declared {actions.used} of the allowance", order.path,
                    hint="declare the sea action alone", rule="R09")
    else:
        mountain = " across the mountains" if route.kind == "mountain" else ""
        ctx.problem(f"{KIND_NAMES[order.kind]} on {name(target)}{mountain} costs {route.cost} "
                    f"action{'s' if route.cost != 1 else ''}: {name(player)} has {max(left, 0)} left of {actions.allowance}",
                    order.path, hint=f"already declared: {spent(ctx, player)}", rule="R10" if mountain else "R22")
    return None


# ---- answers ------------------------------------------------------------------------------------

def _skirmish_answer(ctx, clash: Clash, reply) -> Clash:
    """R32, R33: nobody opposes (the territory is occupied), or one player intervenes (a battle)."""
    name = ctx.name
    if reply is None:
        return clash
    if reply.kind is not Answer.INTERVENE:
        ctx.problem(f"{name(clash.at)} is empty: nobody holds it to {reply.kind.value} there", reply.path,
                    hint=f"a Schermaglia is answered only by an intervention: {{interviene: PLAYER}}",
                    rule="R29" if reply.kind is Answer.RESIST else "R30")
        return clash
    who = reply.player
    if who == clash.attacker:
        ctx.problem(f"{name(who)} cannot intervene in an own Schermaglia", reply.path, rule="R32",
                    hint="an intervention opposes the player who declared the Schermaglia: name another player")
        ctx.refused.add(who)
        return clash
    steps = _intervention_distance(ctx, who, clash.at)
    most = ctx.options["intervene_distance"]
    if steps is None or steps > most:
        base = f"{name(who)}'s Capital {name(ctx.state.homes.get(who))}" if ctx.landless(who) else f"{name(who)}'s territories"
        far = "out of reach" if steps is None else f"{steps} territories"
        ctx.problem(f"{name(clash.at)} is {far} from {base}: an intervention reaches at most {most}", reply.path,
                    hint=_reach_hint(ctx.options["intervene_links"]), rule="R32")
        ctx.refused.add(who)
        return clash
    actions = ctx.actions[who]
    # the next two refusals need not mark the intervener (ctx.refused): R23 never judges a player
    # after a sea action, nor one with no action left (nothing is still open to him)
    if actions.sea:
        ctx.problem(f"the sea action was {name(who)}'s whole turn: no intervention", reply.path, rule="R09",
                    hint="a sea action gives up every other action of the turn")
        return clash
    if actions.used + 1 > actions.allowance:
        ctx.problem(f"{name(who)} has no action left to intervene at {name(clash.at)}: "
                    f"{actions.used} of {actions.allowance} already declared", reply.path,
                    hint=f"an intervention is one of the intervener's actions (Q01); already declared: {spent(ctx, who)}",
                    rule="R22")
        return clash
    if _at_cap(ctx, clash.attacker) or _at_cap(ctx, who):
        full = clash.attacker if _at_cap(ctx, clash.attacker) else who
        cap = ctx.options["max_battles"]
        ctx.problem(f"the intervention at {name(clash.at)} would be {name(full)}'s {_nth(cap + 1)} battle this turn",
                    reply.path, hint=f"no player fights more than {_battles(cap)} a turn", rule="R25")
        ctx.refused.add(who)
        return clash
    ctx.actions[who] = actions.but(used=actions.used + 1, declared=actions.declared + (f"interviene:{clash.at}",))
    return clash.but(answer="intervened", opponent=who)


def _attack_answer(ctx, clash: Clash, reply, order) -> Clash | None:
    """R29-R31, R15: the holder resists (a battle) or retreats (the territory is the invader's)."""
    name = ctx.name
    holder = clash.holder
    cap = ctx.options["max_battles"]
    if reply is not None and reply.kind is Answer.INTERVENE:
        ctx.problem(f"{name(clash.at)} is held by {name(holder)}: only a Schermaglia on an empty territory can be "
                    "intervened in", reply.path, hint="its holder answers resiste or {ritira: TERRITORY}", rule="R32")
        reply = None
    if reply is not None and reply.kind is Answer.RETREAT:
        border = _retreat(ctx, clash, reply)
        if border is not None:
            actions = ctx.actions[holder]
            counts = ctx.options["mountain_cost"] if border == "mountain" else 1
            ctx.actions[holder] = actions.but(answers=actions.answers + counts,
                                              declared=actions.declared + (f"ritira:{clash.at}",))
            return clash.but(answer="retreated", retreat_to=reply.to, outcome="retreated", new_owner=clash.attacker,
                             rule="R31")
        reply = None
    # a battle: the holder resists
    if _at_cap(ctx, clash.attacker):
        ctx.problem(f"{KIND_NAMES[clash.kind]} on {name(clash.at)} would be {name(clash.attacker)}'s "
                    f"{_nth(cap + 1)} battle this turn", order.path,
                    hint=f"no player fights more than {_battles(cap)} a turn" +
                    ("" if clash.kind == DECISIVA else f" (unless {name(holder)} retreats)"), rule="R25")
        return None
    if _at_cap(ctx, holder):
        explicit = reply is not None
        can_retreat = _retreat_choices(ctx, clash.at, clash.holder)
        where = reply.path if explicit else order.path
        hint = (f"{name(holder)} must retreat: answers: {{{clash.at}: {{ritira: {can_retreat[0]}}}}}" if can_retreat
                else f"{name(holder)} cannot retreat from {name(clash.at)}: the attack cannot be declared")
        ctx.problem(f"resisting at {name(clash.at)} would be {name(holder)}'s {_nth(cap + 1)} battle this turn", where,
                    hint=hint, rule="R25")
        return None
    actions = ctx.actions[holder]
    ctx.actions[holder] = actions.but(answers=actions.answers + 1, declared=actions.declared + (f"resiste:{clash.at}",))
    return clash.but(answer="resisted", opponent=holder)


def _retreat(ctx, clash: Clash, reply) -> str | None:
    """The border a legal retreat crosses, or None after reporting why it is not legal (R15, R30)."""
    name = ctx.name
    holder, to = clash.holder, reply.to
    if ctx.state.homes.get(holder) == clash.at:
        ctx.problem(f"{name(holder)} cannot retreat: {name(clash.at)} is {name(holder)}'s own Capital", reply.path,
                    hint="a player always resists an attack on the faction's own Capital", rule="R15")
        return None
    if to == clash.at or to not in ctx.held[holder]:
        mine = _retreat_choices(ctx, clash.at, clash.holder)
        ctx.problem(f"{name(holder)} cannot retreat into {name(to)}: it is not another of {name(holder)}'s territories", reply.path,
                    hint=("the retreats open: " + ", ".join(name(t) for t in mine)) if mine
                    else "no territory of the holder's touches it: resist", rule="R30")
        return None
    border = retreat_border(ctx.map, clash.at, to)
    if border is None:
        mine = _retreat_choices(ctx, clash.at, clash.holder)
        ctx.problem(f"{name(holder)} cannot retreat into {name(to)}: it is not adjacent to {name(clash.at)}", reply.path,
                    hint=("the retreats open: " + ", ".join(name(t) for t in mine)) if mine
                    else "no territory of the holder's touches it: resist", rule="R30")
        return None
    return border


def _reach_hint(links) -> str:
    """How an intervention's distance is counted, in the links of options.intervene_links."""
    kinds = [k for k in ("land", "ford", "river", "mountain", "sea") if k in links]
    crossed = kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " or " + kinds[-1]
    return f"count the territories crossed by {crossed}" + ("" if "sea" in links else "; the sea does not shorten it")


def _battles(n: int) -> str:
    return f"{n} battle{'' if n == 1 else 's'}"


def _retreat_choices(ctx, at: str, holder: str) -> list[str]:
    """Where the holder of ``at`` may retreat (R30, Q15): none from his own Capital (R15)."""
    if ctx.state.homes.get(holder) == at:
        return []
    return [t for t in sorted(ctx.held[holder]) if t != at and retreat_border(ctx.map, at, t)]


def _intervention_distance(ctx, player: str, target: str) -> int | None:
    """Q27: a landless player's reach is counted from his faction's Capital."""
    sources = ctx.held[player] or {ctx.state.homes.get(player)} - {None}
    return distance(ctx.map, target, sources, ctx.options["intervene_links"])


SPENT = {"schermaglia": "Schermaglia", "scorreria": "Scorreria", "battaglia_decisiva": "Battaglia decisiva",
         "interviene": "an intervention at", "resiste": "resists at", "ritira": "retreats from"}


def spent(ctx, player: str) -> str:
    """What a player has declared so far this turn, for hints: "Schermaglia Gola, an intervention at Olmo"."""
    parts = []
    for item in ctx.actions[player].declared:
        what, _, where = item.partition(":")
        if what in ("resiste", "ritira"):
            continue                  # answers cost nothing of the allowance
        parts.append(f"{SPENT[what]} {ctx.name(where)}")
    return ", ".join(parts) or "nothing"


def _at_cap(ctx, player: str) -> bool:
    return ctx.actions[player].battles >= ctx.options["max_battles"]


def _nth(n: int) -> str:
    """The battle a player would fight beyond options.max_battles (1-20), so 2nd to 21st."""
    words = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}
    return words.get(n) or f"{n}{'st' if n % 10 == 1 and n != 11 else 'th'}"


# ---- the minimum of two actions -----------------------------------------------------------------

def _minimum(ctx) -> None:
    """R23 (Q03): fewer than the minimum is an error, unless the player holds nothing (R65), made a
    sea action (R09), or had nothing left he could have declared when his turn to declare ended."""
    least = ctx.options["min_actions"]
    if not least:
        return
    for player in ctx.order:
        actions = ctx.actions[player]
        if (actions.total >= least or actions.sea or ctx.landless(player) or player in ctx.refused
                or player in ctx.record.unread_orders):
            continue
        could = _still_open(ctx, player)
        if not could:
            continue
        ctx.problem(f"{ctx.name(player)} made {actions.total} action{'s' if actions.total != 1 else ''} this turn: "
                    f"every player makes at least {least}", ctx.player_path(player),
                    hint="still open when the turn to declare ended: " + ", ".join(could[:4]) + (", ..." if len(could) > 4 else ""),
                    rule="R23")


def _still_open(ctx, player: str) -> list[str]:
    """Own actions still legal when the player's turn to declare ended (Q03, exemption 3)."""
    actions = ctx.actions[player]
    left = actions.allowance - actions.used
    if left <= 0 or actions.sea:
        return []
    targeted = ctx.targets_at_slot[player]          # both set for every player in the order (declare)
    battles = ctx.battles_at_slot[player]
    cap = ctx.options["max_battles"]
    held = ctx.held[player]
    out = []
    for target in sorted(ctx.map.provinces):
        if target in held or target in targeted:
            continue
        holder = ctx.state.owners.get(target)
        kind = SCHERMAGLIA if holder is None else DECISIVA if ctx.is_capital(target) else SCORRERIA
        if kind != SCHERMAGLIA and battles.get(player, 0) >= cap:
            continue                  # his own third battle (unless the holder retreats: not his to choose)
        if kind != SCHERMAGLIA and battles.get(holder, 0) >= cap and not _retreat_choices(ctx, target, holder):
            continue                  # the holder's third battle, and he cannot retreat
        for route in routes(ctx.map, held, target, ctx.options["mountain_cost"]):
            if not allowed(route, kind):
                continue
            if (route.sea and actions.used == 0) or (not route.sea and route.cost <= left):
                verb = {SCHERMAGLIA: "Schermaglia", SCORRERIA: "Scorreria", DECISIVA: "Battaglia decisiva"}[kind]
                out.append(f"{verb} {ctx.name(target).upper()}")
                break
    return out
