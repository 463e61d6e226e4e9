"""The position before the first Strategic Turn (seed L28-74): each faction's provinces, its koku,
and the forces it buys with it.

Read from campaign.yaml's players: ``faction`` (default: the player's id), ``provinces`` (default:
the map's provinces whose ``faction:`` is the player's faction), ``koku`` (default:
``start_koku_per_province`` x provinces, L46), ``corrupted``, ``buy`` (the set-up purchases, paid
from the starting koku under every limit of L48-72 and placed at once), ``daimyo`` and its
``free_command_group`` (L67), and ``deck`` (the 60-card tactical pool, private, L74).
"""

from __future__ import annotations

from ...errors import Problem
from ...i18n import N_, N_plural
from .context import Board, Ctx
from .events import DaimyoNamed, FactionSetUp, PhaseBegun
from .factions import FACTIONS, TOTURI
from .purchases import buy
from .record import ClanwarTurn, Purchase, purchase_of, resolve_province
from .recovery import place, ring_table_faces
from .state import ClanwarState, Faction


def initial_state(campaign, dice):
    problems: list[Problem] = []
    game_map = campaign.map
    owners = {pid: None for pid in game_map.provinces}
    factions: dict[str, Faction] = {}
    kinds: dict[str, str] = {}
    starts: dict[str, list[str]] = {}
    for player in campaign.players:
        f = player.fields
        base = ("players", player.index)
        kind = f.get("faction") or player.id
        if kind not in FACTIONS:
            problems.append(Problem(f"{player.id!r} is not one of the twelve factions: write faction: FACTION",
                                    hint="factions: " + ", ".join(sorted(FACTIONS)), path=base + ("id",), rule="factions"))
            kind = None
        elif kind in kinds:
            problems.append(Problem(f"the {FACTIONS[kind].name} are played by {kinds[kind]} already",
                                    hint="each faction is played by one player at most", path=base, rule="factions"))
            kind = None
        if kind is None:
            continue
        kinds[kind] = player.id
        if f.get("provinces") is not None:
            held = []
            for j, name in enumerate(f["provinces"]):
                province, more = resolve_province(name, game_map, base + ("provinces", j))
                problems += more
                if province:
                    held.append(province)
        else:
            held = sorted(pid for pid, p in game_map.provinces.items() if p.faction == kind)
        mine = []
        for province in held:
            if owners[province] is not None:
                problems.append(Problem(f"{game_map.provinces[province].name} is given to both {owners[province]} and {player.id}",
                                        hint="each province starts with one faction at most", path=base + ("provinces",),
                                        rule="starting provinces"))
                continue
            owners[province] = player.id
            mine.append(province)
        if kind == TOTURI and (not mine or f.get("koku") is None):
            problems.append(Problem("Toturi's Army has no provinces and no rules yet (L38, L176): give it provinces: and koku: "
                                    "by house rule", path=base, rule="Toturi's Army",
                                    hint="e.g. provinces: [beiden_pass] and koku: 6000"))
        starts[player.id] = mine
        koku = f.get("koku")
        if koku is None:
            koku = campaign.options["start_koku_per_province"] * len(mine)
        factions[player.id] = Faction(player.id, kind, corrupted=bool(f.get("corrupted")) or kind == "shadowlands",
                                      deck=tuple(map(str, f.get("deck") or ())))
        pool = f.get("deck")
        if pool is not None and len(pool) != campaign.options["deck_pool"]:
            problems.append(Problem(f"{player.id}'s tactical card pool has {len(pool)} cards, not {campaign.options['deck_pool']}",
                                    path=base + ("deck",), rule="the tactical deck (L74)",
                                    hint=f"the pool is {campaign.options['deck_pool']} cards (option deck_pool); each battle's deck is drawn from it"))
        factions[player.id] = factions[player.id].but(koku=koku)
    state = ClanwarState(0, owners, dict(owners), factions, {}, {})
    board = Board(state.but())
    record = ClanwarTurn(0, None)
    ctx = Ctx(campaign, record, dice, 0, board, start_owners=dict(owners), phase="setup")
    ctx.emit(PhaseBegun("setup"))
    for player in campaign.players:
        if player.id not in factions:
            continue
        faction = factions[player.id]
        board.factions[player.id] = faction.but(koku=0)
        ctx.emit(FactionSetUp(player.id, faction.kind, tuple(starts[player.id]), faction.koku, faction.corrupted))
        ctx.koku(player.id, faction.koku, "start", N_plural("%(num)d province", "%(num)d provinces", len(starts[player.id]))
                 if player.fields.get("koku") is None else N_("by house rule"))
    for player in campaign.players:
        if player.id not in factions:
            continue
        base = ("players", player.index)
        for j, entry in enumerate(player.fields.get("buy") or ()):
            purchase = purchase_of(player.id, entry, base + ("buy", j))
            if purchase is None:
                continue
            if purchase.kind in ("replace",):
                ctx.problem("replacements are bought in a Start phase, for a unit in play", purchase.at, hint="buy the unit at the size you want in the set-up",
                            rule="replacing casualties")
                continue
            buy(ctx, purchase, setup=True)
            while ctx.pending:                      # at the set-up everything is placed at once
                place(ctx, ctx.pending.pop(0), setup=True)
        _daimyo(ctx, player, base)
    _bordering(ctx, starts)
    problems += _ring_table(campaign.options["ring_table"])
    ctx.consequences()          # what an error put in doubt is counted, as in a turn (it was dropped without a word)
    problems += ctx.problems
    return board.freeze(), ctx.events, problems


def _daimyo(ctx, player, base) -> None:
    """L67: each clan picks a Daimyo; with Command Groups, a free entourage worth at most 75%."""
    f = player.fields
    board = ctx.board
    chosen = f.get("daimyo")
    if chosen is None:
        ctx.problem(f"{player.id} must pick a Daimyo", base, rule="you must pick a Daimyo (L67)",
                    hint="write daimyo: PERSONALITY in the player's entry, one of its set-up personalities")
        return
    person = board.personalities.get(chosen)
    if person is None or person.faction != player.id:
        ctx.unknown("personality", chosen, base + ("daimyo",), "you must pick a Daimyo (L67)", player=player.id)
        return
    group = []
    for j, entry in enumerate(f.get("free_command_group") or ()):
        if entry.get("personality"):
            ctx.problem(f"{entry['model']} is a command-group personality: it is bought separately, never part of the free "
                        "command group", base + ("free_command_group", j), hint="buy it as a personality of its own (L68)",
                        rule="command-group personalities are bought separately (L68)")
            continue
        group.append((str(entry["model"]), int(entry["cost"])))
    allowance = person.cost * ctx.options["free_command_group"] // 100
    worth = sum(c for _, c in group)
    if worth > allowance:
        ctx.problem(f"the free command group is worth {worth} koku, more than {ctx.options['free_command_group']}% of the "
                    f"Daimyo's {person.cost} ({allowance})", base + ("free_command_group",),
                    hint="buy the other command-group models at their regular cost (L69)",
                    rule="the Daimyo's free command group (L67)")
        group = []
    board.factions[player.id] = board.factions[player.id].but(daimyo=chosen)
    board.personalities[chosen] = person.but(command_group=tuple(group))
    ctx.emit(DaimyoNamed(player.id, chosen, tuple(group), allowance if group else None))


def _bordering(ctx, starts) -> None:
    """L42: 'It is a good idea if players can agree to play clans that all border each other'."""
    played = [p for p, held in starts.items() if held]
    if len(played) < 2:
        return
    for player in played:
        near = {n for p in starts[player] for n in ctx.map.neighbours(p)}
        if not any(near & set(starts[other]) for other in played if other != player):
            ctx.problem(f"{ctx.name(player)}'s lands touch no other player's: the seed advises clans that border each other",
                        ("players",), rule="play clans that border each other (L42)", severity="warning",
                        hint="fine if the group likes spreading through neutral land first")


def _ring_table(table) -> list[Problem]:
    """The ring table (L160, missing from the seed: the option ``ring_table``) gives each face of the
    d10 to one ring: checked once, at the option written in campaign.yaml (it was reported at the
    first personality experience that rolled on it, in a turn file)."""
    if ring_table_faces(table) == list(range(1, 11)):
        return []
    return [Problem("the ring_table option must give every face 1-10 exactly once", path=("options", "ring_table"),
                    hint="e.g. ring_table: {earth: [1, 2], water: [3, 4], fire: [5, 6], air: [7, 8], void: [9, 10]}",
                    rule="the ring table")]

