"""The Recovery phase (seed L126-135), in the seed's order: check victory; Wounded and Maimed
personalities back at 1 wound and 0 void; healing; casualties recovered; new forces placed;
taxes collected. Personality experience (a fact, L157-160) is applied after the healing; a Void
ring it raises brings its Void point at once (L160), so the order never costs a rested
personality the point L132 gives back.
"""

from __future__ import annotations

import math

from ...i18n import N_, N_plural

from .catalogue import normal
from .equipment import set_aside
from .events import CasualtiesRecovered, Deployed, EquipmentSetAside, GameWon, Healed, PersonalityExperienced, Returned
from .purchases import tattooed
from .state import ACTIVE, HELD, MAIMED, ON_MAP, RINGS, WOUNDED


def recovery_phase(ctx) -> None:
    ctx.begin("recovery")
    victory(ctx)
    reincarnations(ctx)
    returned(ctx)
    healing(ctx)
    casualties(ctx)
    for pending in list(ctx.pending):
        place(ctx, pending)
    ctx.pending.clear()
    experience(ctx)
    taxes(ctx)


def victory(ctx) -> None:
    """L128: 'Check victory conditions [... based on house rules ...]': the option ``victory``, or
    the winner entered as a fact."""
    board = ctx.board
    if ctx.record.winner:
        winner, _ = ctx.record.winner
        board.game_over, board.winner = True, winner
        ctx.emit(GameWon(winner, N_("entered as a fact, by the group's house rules")))
        return
    rule = ctx.options["victory"]
    counts = {p: len(board.held(p)) for p in board.factions}
    if rule == "provinces":
        need = ctx.options["victory_provinces"]
        reached = sorted((n, p) for p, n in counts.items() if n >= need)
        if reached and (len(reached) == 1 or reached[-1][0] > reached[-2][0]):
            winner = reached[-1][1]
            board.game_over, board.winner = True, winner
            ctx.emit(GameWon(winner, N_("%(count)s provinces, %(need)s needed", count=counts[winner], need=need)))
    elif rule == "last_standing":
        standing = [p for p in board.factions if counts[p] or any(u.faction == p and u.models > 0 for u in board.units.values())]
        if len(standing) == 1 and len(board.factions) > 1:
            board.game_over, board.winner = True, standing[0]
            ctx.emit(GameWon(standing[0], N_("the last faction standing")))


def reincarnations(ctx) -> None:
    """L167: a Shiba Ujimitsu who died without reincarnating must do it now, into any legal target
    of his army, anywhere."""
    from .battle import reincarnate
    for pid, (target, path) in sorted(ctx.recovery_reincarnations.items()):
        reincarnate(ctx, pid, target, path, "recovery")


def returned(ctx) -> None:
    """L129: Wounded and Maimed personalities are set to 1 wound and 0 void and placed back. Their
    void is 0 already: the fate roll that Wounded or Maimed them set it (battle.py), and nothing
    gives void to a personality out of play."""
    board = ctx.board
    for pid in sorted(ctx.fell):
        person = board.personalities.get(pid)
        if person is None or person.status not in (WOUNDED, MAIMED):
            continue
        board.personalities[pid] = person.but(status=ACTIVE, wounds=1)
        ctx.emit(Returned(pid, person.status, person.province))


def healing(ctx) -> None:
    """L131-132: those who moved or battled (and were not taken to 0) recover 1d/2 wounds and 1d/2
    void; the others recover everything."""
    board = ctx.board
    up = ctx.options["heal_rounding"] == "up"
    for pid in sorted(board.personalities):
        person = board.personalities[pid]
        if person.status != ACTIVE or pid in ctx.fell:
            continue
        full_void = person.void or 0
        if person.wounds >= person.max_wounds and person.void_points >= full_void:
            continue
        if pid in ctx.moved or pid in ctx.battled:
            w, v = ctx.die("heal", pid), ctx.die("heal", pid)
            half = (lambda d: math.ceil(d / 2)) if up else (lambda d: d // 2)
            wounds = min(person.max_wounds, person.wounds + half(w.value))
            void = min(full_void, person.void_points + half(v.value))
            dice = (w, v)
        else:
            wounds, void, dice = person.max_wounds, full_void, ()
        board.personalities[pid] = person.but(wounds=wounds, void_points=void)
        ctx.emit(Healed(pid, (person.wounds, wounds), (person.void_points, void), dice))


def casualties(ctx) -> None:
    """L133: an army that won recovers 1/2 of its casualties, one that lost 1/4 (per unit, rounded
    down, Q10-Q11); only the models removed in battle, not the rout's 40% (Q12)."""
    board = ctx.board
    for uid in sorted(ctx.casualties):
        unit = board.units.get(uid)
        if unit is None or unit.models <= 0:            # destroyed: none of its fallen come back
            continue
        for lost, share, veterans in ctx.casualties[uid]:     # every entry lost some (battle.py records no other)
            back = share_of(ctx, lost, share)
            cap = unit.max_models if unit.max_models is not None else unit.models + back
            back = max(0, min(back, cap - unit.models))
            # the casualties who come back are the men who fell: experienced ones among them (the
            # veterans) come back experienced
            unit = unit.but(models=unit.models + back, experienced_models=unit.experienced_models + min(back, veterans))
            board.units[uid] = unit
            ctx.emit(CasualtiesRecovered(uid, lost, share, back, unit.models))
            _experienced_share(ctx, unit)
            unit = board.units[uid]


def share_of(ctx, models: int, percent: int) -> int:
    exact = models * percent / 100
    if ctx.options["model_rounding"] == "nearest":
        return int(math.floor(exact + 0.5))
    return models * percent // 100


def place(ctx, pending, setup: bool = False) -> None:
    """L134: new personalities and troops to their province, spells to their library, special items
    onto a personality who did not battle (or a new one), equipment into the stockpile; L89:
    replacements into their unit; L170: Yokuni's tattoos onto the unit that spent the turn in Togashi."""
    board = ctx.board
    kind = pending.kind
    if kind == "unit":
        board.units[pending.subject] = pending.unit
        ctx.emit(Deployed(pending.player, pending.subject, kind, pending.deploy, N_plural("%(num)d model", "%(num)d models", pending.unit.models)))
    elif kind == "personality":
        board.personalities[pending.subject] = pending.personality
        ctx.emit(Deployed(pending.player, pending.subject, kind, pending.deploy))
    elif kind == "replace":
        unit = board.units.get(pending.subject)
        if unit is None or unit.models <= 0:
            ctx.warn(f"{pending.subject} was destroyed before its {pending.models} new models joined: the koku is lost",
                     pending.at, hint="nothing to correct: what was spent on it is not refunded (L144)", rule="no refund (L144)")
            return
        cap = min(c for c in (unit.max_models, unit.models + pending.models) if c is not None)
        added = max(0, cap - unit.models)
        unit = unit.but(models=unit.models + added)
        board.units[unit.id] = unit
        ctx.emit(Deployed(pending.player, unit.id, kind, unit.province, N_plural("%(num)d model: %(total)d now", "%(num)d models: %(total)d now", added,
                                                                                  total=unit.models)))
        _experienced_share(ctx, unit)
    elif kind == "spell":
        if not setup and board.owners.get(pending.deploy) != pending.player:
            ctx.warn(f"the spell {pending.subject} goes to the library of {ctx.name(pending.deploy)}, which "
                     f"{ctx.name(pending.player)} no longer controls", pending.at, hint="it is stored there all the same (Q63): whoever holds the library now holds the spell",
                                 rule="placing new forces")
        board.libraries[pending.deploy] = tuple(sorted(board.libraries.get(pending.deploy, ()) + (pending.subject,)))
        ctx.emit(Deployed(pending.player, pending.subject, kind, pending.deploy, N_("in the library")))
    elif kind == "item":
        person = board.personalities.get(pending.on)
        if person is None or person.status not in HELD:
            ctx.problem(f"the item {pending.subject} cannot be placed on {pending.on}: it is not in play", pending.at + ("to",),
                        hint="put the item on a personality of the buyer who is in play", rule="placing new forces")
            return
        if not setup and pending.on in ctx.battled and pending.on not in ctx.new_personalities:
            ctx.problem(f"{pending.on} battled this turn: a new special item goes on a newly bought personality or one "
                        "who did not battle", pending.at + ("to",), hint="put it on a personality bought this turn or one who did not battle (L134); the item waits for none",
                        rule="new special items go on a personality who did not battle")
            return
        field = "tattoos" if pending.extra.get("tattoo") else "items"
        person = person.but(**{field: getattr(person, field) + (pending.subject,)})
        replaces, problem = pending.extra.get("replaces"), None
        if replaces is not None:
            person, problem = set_aside(person, pending.subject, replaces)
            if problem:
                ctx.problem(problem, pending.at + ("replaces",), hint="replaces: names equipment the personality carries",
                            rule="replaced equipment (L64, L93)")
        board.personalities[person.id] = person
        ctx.emit(Deployed(pending.player, pending.subject, kind, person.province, N_("on %(person)s", person=person.name)))
        if replaces is not None and not problem:
            ctx.emit(EquipmentSetAside(person.id, person.set_aside[-1][1], pending.subject))
    elif kind == "equipment":
        faction = board.factions[pending.player]
        stock = dict(faction.stockpile)
        stock[pending.subject] = stock.get(pending.subject, 0) + pending.count
        board.factions[pending.player] = faction.but(stockpile=tuple(sorted(stock.items())))
        ctx.emit(Deployed(pending.player, pending.subject, kind, None, N_("%(count)s into the stockpile", count=pending.count)))
    elif kind == "tattoo":
        unit = board.units.get(pending.subject)
        if unit is None or unit.models <= 0:
            return
        board.units[unit.id] = unit = tattooed(ctx, unit, pending.tattoos)
        ctx.emit(Deployed(pending.player, unit.id, kind, unit.province, "Tattooed: " + ", ".join(pending.tattoos)))


def _experienced_share(ctx, unit) -> None:
    """L91: below 75% experienced models, a unit loses the Experienced trait and its bonuses."""
    from .events import ExperienceLost
    if not unit.experienced or unit.models <= 0:
        return
    share = ctx.options["experienced_share"]
    if unit.experienced_models * 100 < share * unit.models:
        ctx.board.units[unit.id] = unit.but(experienced=False, ml=unit.base_ml, tl=unit.base_tl)
        ctx.emit(ExperienceLost(unit.id, unit.experienced_models, unit.models, share))


def ring_table_faces(table) -> list[int]:
    """Every face the ring table gives, sorted: 1 to 10 once each when the table is whole."""
    return sorted(f for ring in RINGS for f in table.get(ring, ()))


def experience(ctx) -> None:
    """L157-160: the personality gains the Experienced trait, the Unique trait (renamed, same
    family, if it was not unique) and +1 to a ring rolled on the ring table (missing from the seed:
    the ``ring_table`` option)."""
    board = ctx.board
    table = ctx.options["ring_table"]
    for pid, path in ctx.record.experience:
        person = board.personalities.get(pid)
        if person is None or person.status not in ON_MAP:
            if person is None:
                ctx.unknown("personality", pid, path, "personality experience")
            else:
                ctx.problem(f"{pid} is {person.status}: it gains no experience", path, hint="remove it from facts: personality_experience:",
                            rule="personality experience")
            continue
        if ring_table_faces(table) != list(range(1, 11)):
            continue                             # refused at the option, in campaign.yaml (setup.py)
        renamed = ctx.record.renamed.get(pid)
        new_name = None
        if not person.unique:
            if renamed is None:
                ctx.problem(f"{pid} becomes unique with experience: rename it (keep the family name) in facts: renamed:",
                            path, rule="an experienced personality becomes unique and is renamed (L159)",
                            hint=f"e.g. renamed: {{{pid}: {person.family} Something}}")
                continue
            new_name, where = renamed
            if new_name.split()[0] != person.family:
                ctx.problem(f"{new_name!r} does not keep the family name {person.family!r}", where,
                            hint=f"e.g. {person.family} {new_name.split()[-1]}",
                            rule="an experienced personality becomes unique and is renamed (L159)")
                continue
            if any(p.unique and p.name == new_name for p in board.personalities.values()):
                ctx.problem(f"{new_name!r} is the name of another unique personality", where, hint="choose a name no unique personality bears",
                            rule="uniqueness")
                continue
        die = ctx.die("ring", pid)
        ring = next(r for r in RINGS if die.value in table.get(r, ()))
        before = getattr(person, ring)
        if before is None:
            ctx.problem(f"{pid}'s {ring.title()} is not known: it cannot rise", path, rule="personality experience",
                        hint=f"give the personality's {ring} on its purchase or in the catalogue")
            continue
        changes = {ring: before + 1, "experienced": True, "unique": True, "gained": person.gained + (ring,)}
        if ring == "void":
            # L160: 'all benefits of the increased ring immediately': the new Void point comes with
            # the ring, so one who rested (L132: all Void back) ends the Recovery with all of it
            changes["void_points"] = person.void_points + 1
        if new_name:
            changes["name"] = new_name
            changes["type"] = normal(new_name)
        board.personalities[pid] = person.but(**changes)
        ctx.emit(PersonalityExperienced(pid, ring, die, before, before + 1, new_name))
    for pid, (name, where) in ctx.record.renamed.items():
        if pid not in {p for p, _ in ctx.record.experience}:
            ctx.problem(f"{pid} is renamed, but gains no experience this turn", where, rule="an experienced personality is renamed (L159)",
                        hint="list it in facts: personality_experience:")


def taxes(ctx) -> None:
    """L135: a previously agreed number of koku for each province a player controls now (and,
    for the Monk, each Ring, L165)."""
    board = ctx.board
    tax = ctx.options["tax_per_province"]
    for player in sorted(board.factions):
        count = len(board.held(player))
        rings = board.factions[player].rings
        if count + rings == 0 or tax == 0:
            continue
        what = N_plural("%(num)d province", "%(num)d provinces", count)
        if rings:
            what = N_("%(provinces)s and %(rings)s", provinces=what, rings=N_plural("%(num)d Ring", "%(num)d Rings", rings))
        ctx.koku(player, (count + rings) * tax, "tax", what, cause=None)

