"""The Battle phase (seed L81, L111-124, L146, L149-156, L165-167): a Clan War battle wherever
opposing armies stand, fought on the table and entered as a fact, then its consequences applied.

The battle entry gives the sides (and who switched), the winner (or none), what each unit lost and
its state, which personalities were taken to 0 wounds, where each beaten army withdraws, and,
for allied winners, who controls the province. The program then: breaks the alliances the battle
broke (L146); rolls fate for every personality removed (L119-120) and Shiba Ujimitsu's
reincarnation (L167); removes casualties, inexperienced models first (L91); makes two experience
checks for every surviving unit (L151-156); withdraws the beaten (and those that left the table)
into one province each, a Routed unit at 60% (L114-116); gives the province to the winner, with
the allied and liberation cases (L121-124) and the Monk's limits (L165); and remembers what each
unit lost for the Recovery phase (L133).
"""

from __future__ import annotations

from ...i18n import N_
from .alliances import break_alliance
from .context import PLURAL
from .events import (BattleFought, Captured, ControlChanged, ExperienceChecked, FateRolled, Liberated, MonkRing,
                     ProvinceOccupied, Regrouped, Reincarnated, Released, SpellsCaptured, UnitDestroyed, UnitResult)
from .factions import MONK, NAGA
from .recovery import share_of
from .state import ACTIVE, CAPTURED, DEAD, MAIMED, ON_MAP, RINGS, WOUNDED

WITHDRAW_RULE = "all units of an army withdraw to one province it controlled at the beginning of the turn (L114)"


def contested(ctx) -> list[str]:
    """Provinces where armies of players who are not allies stand (L81)."""
    board = ctx.board
    out = []
    for province in sorted(ctx.map.provinces):
        armies = board.army_players(province)
        if any(not board.allied(a, b) for a in armies for b in armies):
            out.append(province)
    return out


def battle_phase(ctx) -> None:
    ctx.begin("battle")
    ctx.battle_info = {}
    due = contested(ctx)
    for province, _ in ctx.record.refused_battles:
        if province:
            _not_fought(ctx, province)
    unplaced = [players for province, players in ctx.record.refused_battles if not province]
    for entry in ctx.record.battles:
        fought_before = ctx.battle_info.get(entry.province)
        fight(ctx, entry, due)
        if ctx.battle_info.get(entry.province) is fought_before:
            _not_fought(ctx, entry.province)
    written = {entry.province for entry in ctx.record.battles} | {p for p, _ in ctx.record.refused_battles if p}
    for province in due:
        # an entry written but refused has had its error; saying "not entered" too would be two errors for one cause
        if province not in ctx.battle_info and province not in written:
            armies = ctx.board.army_players(province)
            if any(set(armies) <= players for players in unplaced):
                # most likely the entry whose at: is not on the map: the "not entered" below, and its dice,
                # are counted under the forces' doubt, not reported
                _not_fought(ctx, province)
            where = _arrival(ctx, province)
            ctx.problem(f"opposing armies stand in {ctx.name(province)} ({', '.join(map(ctx.name, armies))}): a battle is "
                        "fought there, and its result is not entered", where,
                        hint=f"add under battles: - {{at: {province}, sides: [{', '.join('[' + a + ']' for a in armies)}], "
                             "winner: ...}", rule="a battle wherever opposing armies meet (L81)",
                        about=tuple(u.id for u in ctx.board.units_in(province)))
    check_defends(ctx)
    captures(ctx)
    occupation(ctx)
    naga_warning(ctx)


def _not_fought(ctx, province) -> None:
    """A battle written but refused (by the rules, or as read: an unknown player in it): what its
    forces' dice and outcomes say is not judged again (one slip, one error)."""
    for some in [u.id for u in ctx.board.units_in(province)] + [q.id for q in ctx.board.personalities_in(province)]:
        ctx.doubt.setdefault(some, f"turn {ctx.turn}: the battle of {ctx.name(province)} is not fought as written")


def _arrival(ctx, province) -> tuple:
    """Where a missing battle is reported: the move that brought an army there, else the battles list."""
    for phase in ("defend", "cavalry", "primary"):
        for move in ctx.record.moves.get(phase, ()):
            if move.path and move.path[-1] == province:
                return move.at
    return ("battles",)


# ---- one battle ---------------------------------------------------------------------------------

def fight(ctx, entry, due) -> None:
    board = ctx.board
    province = entry.province
    at = entry.at
    present = set(board.force_players(province))
    armies = set(board.army_players(province))
    again = ctx.battle_info.get(province)
    if again is not None:
        if len(again["winners"]) < 2:
            ctx.problem(f"the battle of {ctx.name(province)} is entered twice", at + ("at",),
                        hint="one battle a province a turn; a second only when allied winners fall out (L124)",
                        rule="a battle wherever opposing armies meet (L81)")
            return
    elif province not in due and not _allies_fall_out(entry, armies):
        ctx.problem(f"no opposing armies stand in {ctx.name(province)}: no battle is fought there", at + ("at",),
                    hint=("armies there: " + ", ".join(map(ctx.name, sorted(armies)))) if armies else "no army stands there",
                    rule="a battle wherever opposing armies meet (L81)")
        return
    # suspicious entries (issue 7), each one error with a hint, before anything else is judged
    written = [p for side in entry.sides for p in side]
    for j, side in enumerate(entry.sides):
        twice = next((k for k, p in enumerate(side) if p in side[:k]), None)
        if twice is not None:
            # at the repeated entry, where the file format's own 'names it twice' stands (said once, by the rule)
            ctx.problem(f"this battle names {ctx.name(side[twice])} twice on one side", at + ("sides", j, twice),
                        hint="list each player once", rule="battle sides")
            return
    for player in sorted(set(written)):
        if written.count(player) > 1:
            ctx.problem(f"{ctx.name(player)} is on two sides", at + ("sides",),
                        hint="write each player on one side; one who changed sides during the battle goes under switched:",
                        rule="battle sides")
            return
    if sum(1 for side in entry.sides if side) < 2:
        ctx.problem(f"the battle of {ctx.name(province)} has one side: {' and '.join(map(ctx.name, written))} on it"
                    if written else f"the battle of {ctx.name(province)} has no side", at + ("sides",),
                    hint="a battle has two sides or more, each a list: sides: [[PLAYER], [ENEMY]]", rule="battle sides")
        return
    for j, side in enumerate(entry.sides):
        for k, player in enumerate(side):
            if player not in present:
                ctx.problem(f"{ctx.name(player)} has no forces in {ctx.name(province)}", at + ("sides", j, k),
                            rule="battle sides", hint="forces there: " + ", ".join(map(ctx.name, sorted(present))))   # never none: a battle is fought only where armies stand
                return
    missing = sorted(armies - set(written))
    if missing:
        ctx.problem(f"{', '.join(map(ctx.name, missing))} {'has an army' if len(missing) == 1 else 'have armies'} in "
                    f"{ctx.name(province)} but {'is' if len(missing) == 1 else 'are'} on no side", at + ("sides",),
                    hint="every force in a contested province takes part in its battle (Q59)", rule="battle sides")
        return
    started = tuple(tuple(side) for side in entry.sides)
    sides = [list(side) for side in started]
    switched = []
    for player, (target, where) in sorted(entry.switched.items()):
        origin = next((j for j, side in enumerate(started) if player in side), None)
        if origin is None or not 0 <= target < len(sides) or target == origin:
            ctx.problem(f"{ctx.name(player)} cannot switch to side {target}", where, rule="switching sides (L146)",
                        hint=f"sides are numbered 0 to {len(sides) - 1} as written; a switch ends on another side")
            continue
        sides[origin].remove(player)
        sides[target].append(player)
        switched.append(player)
    final = tuple(tuple(side) for side in sides if side)
    side_of = {p: j for j, side in enumerate(final) for p in side}
    # alliances the battle breaks (L146)
    declared = {(by, other): where for by, other, where in entry.broken}
    allied_at_start = {pair for pair in board.alliances}
    for pair in sorted(allied_at_start, key=sorted):
        a, b = sorted(pair)
        if a not in side_of or b not in side_of or side_of[a] == side_of[b]:
            continue
        if a in switched or b in switched:
            by = a if a in switched else b
            break_alliance(ctx, by, b if by == a else a, province, "switched sides")
        elif (a, b) in declared or (b, a) in declared:
            by = a if (a, b) in declared else b
            break_alliance(ctx, by, b if by == a else a, province, "fought an ally")
        else:
            ctx.problem(f"{ctx.name(a)} and {ctx.name(b)} are allies on opposite sides: who broke the alliance?",
                        at + ("sides",), rule="fighting an ally breaks the alliance (L146)",
                        hint=f"write broken: [{{by: {a}, with: {b}}}] (or switched: if one changed sides during the battle)")
            break_alliance(ctx, a, b, province, "fought an ally")
    for (by, other), where in declared.items():
        if not (by in side_of and other in side_of and side_of[by] != side_of[other]):
            ctx.problem(f"{ctx.name(by)} and {ctx.name(other)} did not fight on opposite sides here", where,
                        rule="fighting an ally breaks the alliance (L146)", hint="an alliance is broken outside battle in start: broken:")
    if len(final) < 2:
        ctx.problem(f"the battle of {ctx.name(province)} has one side left", at + ("sides",), hint="a battle has two sides or more: check sides: and switched:",
                    rule="battle sides")
        return
    if entry.winner is not None and entry.winner not in side_of:
        ctx.problem(f"the winner {ctx.name(entry.winner)} did not fight here", at + ("winner",), rule="battle results",
                    hint="the winner is a player of the winning side")
        return
    winners = final[side_of[entry.winner]] if entry.winner is not None else ()
    controller = board.owners.get(province)
    defender = controller if controller in side_of else None
    if entry.defender is not None and entry.defender[0] != defender:
        value, where = entry.defender
        ctx.problem(f"the defender here is {ctx.name(defender) if defender else 'no one (neutral ground: the players agree on terrain)'}"
                    f", not {ctx.name(value)}", where, rule="the defender chooses the terrain (L113)",
                    hint="the defender is the province's controller, when its forces fight there")
    _decks(ctx, entry, side_of)
    fighting_units = [u for u in board.units_in(province) if u.faction in side_of]
    fighting_people = [p for p in board.personalities_in(province) if p.faction in side_of and p.status == ACTIVE]
    unit_ids = {u.id for u in fighting_units}
    people_ids = {p.id for p in fighting_people}
    for uid, outcome in entry.units.items():
        if uid not in unit_ids:
            _not_here(ctx, "unit", uid, province, outcome.at, sorted(unit_ids))
    for pid, outcome in entry.personalities.items():
        if pid not in people_ids:
            _not_here(ctx, "personality", pid, province, outcome.at, sorted(people_ids))
    for some in unit_ids | people_ids:
        ctx.battled.add(some)
    for unit in fighting_units:
        ctx.foes.setdefault(unit.id, set()).update(p for side in final if unit.faction not in side for p in side)
    # the units' fate, computed first so that the battle's event can report it
    results, routed_to = [], {}
    outcome_of = {uid: entry.units.get(uid) for uid in unit_ids}
    leaving = _withdrawals(ctx, entry, final, winners, side_of, outcome_of, province)
    for unit in fighting_units:
        outcome = outcome_of[unit.id]
        lost = outcome.lost if outcome else 0
        state = outcome.state if outcome else "ready"
        left = bool(outcome and outcome.left_table)
        if lost > unit.models:
            ctx.problem(f"{unit.id} had {unit.models} models: it cannot lose {lost}", outcome.at + ("lost",), hint=f"lost: counts the models removed in the battle, at most {unit.models}",
                        rule="battle results",
                        about=(unit.id,))
            lost = unit.models
        remaining = unit.models - lost
        goes = leaving.get(unit.faction, {}).get("units", set())
        to = leaving.get(unit.faction, {}).get("to") if unit.id in goes else None
        after = remaining
        if unit.id in goes and state == "routed" and remaining > 0:
            after = share_of(ctx, remaining, ctx.options["routed_strength"])
        destroyed = remaining == 0 or after == 0 or (unit.id in goes and to is None)
        results.append(UnitResult(unit.id, unit.faction, unit.models, lost, state, left, 0 if destroyed else after,
                                   to if unit.id in goes else None, destroyed))
        routed_to[unit.id] = (remaining, after, to, unit.id in goes)
    control_after, control_rule, liberation = _control(ctx, entry, province, controller, winners)
    index = ctx.emit(BattleFought(province, final, started, entry.winner, tuple(winners), defender, entry.terrain,
                                  tuple(switched), tuple(results),
                                  tuple((p, leaving[p]["to"]) for p in sorted(leaving)), controller, control_after,
                                  control_rule, tuple((p, cards) for p, (cards, _) in sorted(entry.decks.items()))))
    ctx.battle_at[province] = index
    ctx.battle_info[province] = {"sides": final, "winners": tuple(winners), "controller": controller, "index": index}
    leaders = {u.id: board.personalities.get(u.leader) for u in fighting_units}       # None: no leader
    _personalities(ctx, entry, fighting_people, province)
    _units(ctx, entry, fighting_units, results, routed_to, winners, side_of, leaders)
    _move_personalities(ctx, leaving, fighting_people, province, winners)
    _apply_control(ctx, province, controller, control_after, control_rule, liberation, winners)
    for player in winners:
        if board.kind(player) == MONK:
            faction = board.factions[player]
            board.factions[player] = faction.but(rings=faction.rings + 1)
            ctx.emit(MonkRing(player, faction.rings + 1, province))


def _allies_fall_out(entry, armies) -> bool:
    """A battle entered between allied armies sharing a province (Q64): the battle itself breaks the
    alliance (L146), so it is no error that no opposing armies stood there before it."""
    sides = [set(side) & set(armies) for side in entry.sides]
    return sum(1 for side in sides if side) >= 2


def _not_here(ctx, kind, some_id, province, path, here) -> None:
    ctx.problem(f"{some_id} is not a {kind} fighting in {ctx.name(province)}", path, at_key=True, rule="battle results",
                hint=f"{PLURAL[kind]} here: {', '.join(here) or 'none'}", about=(some_id,))


def _decks(ctx, entry, side_of) -> None:
    """L74: a 30-card deck for each battle out of the player's 60-card pool (private)."""
    size = ctx.options["deck_battle"]
    for player, (cards, where) in sorted(entry.decks.items()):
        if player not in side_of:
            ctx.problem(f"{ctx.name(player)} did not fight here", where, hint="decks: lists only the decks of players who fought this battle",
                        rule="the tactical deck (L74)", at_key=True)
            continue
        if len(cards) != size:
            ctx.problem(f"{ctx.name(player)}'s battle deck has {len(cards)} cards, not {size}", where, hint=f"a battle deck is {size} cards (option deck_battle) out of the player's pool",
                        rule="the tactical deck (L74)")
        pool = list(ctx.board.factions[player].deck)
        if not pool:
            ctx.problem(f"{ctx.name(player)} has no card pool to build a deck from", where, rule="the tactical deck (L74)",
                        hint=f"write the {ctx.options['deck_pool']} cards as deck: in the player's entry in campaign.yaml "
                             "(option deck_pool)")
            continue
        extra = []
        for card in cards:
            if card in pool:
                pool.remove(card)
            else:
                extra.append(card)
        if extra:
            ctx.problem(f"{ctx.name(player)}'s battle deck has cards not in its pool: {', '.join(extra)}", where,
                        hint="a battle deck is drawn from the player's card pool (deck: in campaign.yaml)",
                        rule="the tactical deck (L74)")


# ---- withdrawal -------------------------------------------------------------------------------

def _withdrawals(ctx, entry, final, winners, side_of, outcome_of, province) -> dict:
    """Who withdraws, and where: every player of a beaten side (Q19), and the units of any player
    that left the table (L114-116). One province per army, controlled by the player at the
    beginning of the turn and friendly now (Q18)."""
    board = ctx.board
    leaving: dict[str, dict] = {}
    for player in sorted(side_of):
        beaten = entry.winner is not None and player not in winners
        units = {u.id for u in board.units_in(province, player)
                 if u.models > (outcome_of[u.id].lost if outcome_of.get(u.id) is not None else 0)}     # survivors
        left = {uid for uid in units if outcome_of.get(uid) is not None and outcome_of[uid].left_table}
        goes = units if beaten else left
        if not goes and not beaten:
            continue
        people_there = [p for p in board.personalities_in(province, player)]
        if not goes and not people_there:
            continue
        leaving[player] = {"units": goes, "to": None, "beaten": beaten}
        written = entry.withdraw.get(player)
        legal = _legal_withdrawals(ctx, player, province)
        if written is not None and written[0] is None:      # a province not on the map, already reported
            leaving[player]["to"] = legal[0] if legal else None
            continue
        if written is None:
            if legal:
                ctx.problem(f"{ctx.name(player)}'s forces withdraw from {ctx.name(province)}: where to?", entry.at,
                            hint=f"write withdraw: {{{player}: PROVINCE}}, one of: {', '.join(legal)}", rule=WITHDRAW_RULE,
                            about=tuple(sorted(goes)))
                leaving[player]["to"] = legal[0]
            continue
        target, where = written
        if target not in legal:
            why = _why_not(ctx, player, province, target)
            ctx.problem(f"{ctx.name(player)} cannot withdraw to {ctx.name(target)}: {why}", where, rule=WITHDRAW_RULE,
                        hint=("legal: " + ", ".join(legal)) if legal else "no province qualifies: the withdrawing units are destroyed")
            leaving[player]["to"] = legal[0] if legal else None
            continue
        leaving[player]["to"] = target
    for player, (target, where) in sorted(entry.withdraw.items()):
        if player not in leaving:
            ctx.problem(f"{ctx.name(player)} does not withdraw from {ctx.name(province)}", where, rule=WITHDRAW_RULE,
                        hint="only a beaten army, and units that left the table, withdraw", at_key=True)
    return leaving


def _legal_withdrawals(ctx, player, province) -> list[str]:
    board = ctx.board
    out = []
    for candidate in sorted(ctx.map.provinces):
        if candidate == province or ctx.start_owners.get(candidate) != player or not board.friendly(player, candidate):
            continue
        if ctx.options["withdraw_adjacent"] and not ctx.map.adjacent(province, candidate):
            continue
        out.append(candidate)
    return out


def _why_not(ctx, player, province, target) -> str:
    if target == province:
        return "it is the battle's province"
    if ctx.start_owners.get(target) != player:
        return f"{ctx.name(player)} did not control it at the beginning of the strategic turn"
    if not ctx.board.friendly(player, target):
        return "it is no longer friendly"
    return "it is not next to the battle (option withdraw_adjacent)"


# ---- personalities -----------------------------------------------------------------------------

def _personalities(ctx, entry, fighting, province) -> None:
    board = ctx.board
    for person in fighting:
        outcome = entry.personalities.get(person.id)
        if outcome is None:
            continue
        pid = person.id
        if outcome.reincarnated:
            if not person.reincarnates:
                ctx.problem(f"{pid} has no reincarnation ability", outcome.at + ("reincarnated",), hint="only Shiba Ujimitsu (or a personality bought with reincarnates: true) reincarnates",
                            rule="Shiba Ujimitsu (L167)")
            else:
                if outcome.removed:
                    ctx.problem(f"{pid} reincarnated in the battle: he makes no fate roll", outcome.at + ("removed",),
                                hint="remove removed: and his fate dice: the old Ujimitsu is Dead",
                                rule="Shiba Ujimitsu (L167)", severity="warning")
                reincarnate(ctx, pid, outcome.reincarnated, outcome.at + ("reincarnated",), "battle")
                continue
        if outcome.removed:
            _fate(ctx, board.personalities[pid], outcome, province)
            continue
        if outcome.reincarnate:
            ctx.problem(f"{pid} did not die: he does not reincarnate", outcome.at + ("reincarnate",), hint="reincarnate: is for an Ujimitsu whose fate roll leaves him Dead: remove it",
                        rule="Shiba Ujimitsu (L167)")
        if outcome.maimed:
            ctx.problem(f"{pid} was not removed as a casualty: it cannot be Maimed", outcome.at + ("maimed",), hint="maimed: goes with removed: true and fate dice that Maim",
                        rule="fate (L120)")
        person = board.personalities[pid]
        if outcome.wounds >= person.wounds:
            ctx.problem(f"{pid} has {person.wounds} wounds left: taking {outcome.wounds} takes it to 0, removed as a casualty",
                        outcome.at + ("wounds",), rule="fate (L118)", hint="write removed: true and over: (wounds beyond 0)")
            continue
        board.personalities[pid] = person.but(wounds=person.wounds - outcome.wounds,
                                              void_points=max(0, person.void_points - outcome.void))


def _fate(ctx, person, outcome, province) -> None:
    """L119-120: 1d10 + wounds over max below Earth: Wounded; else 1d10 + over under Void: Maimed;
    else Dead. Strictly below (Q15). What the entry says of the outcome (maimed:, reincarnate:) is
    judged against the dice: when they were written wrong, that is one error, not a second."""
    board = ctx.board
    pid = person.id
    over = outcome.over
    first = ctx.die("fate", pid)
    dice = (first,)
    ring = None
    if first.value + over < person.earth:
        result = WOUNDED
    else:
        second = ctx.die("fate", pid)
        dice += (second,)
        result = MAIMED if second.value + over < person.void else DEAD
    if result == MAIMED:
        ring = outcome.maimed
        if ring is None:
            ctx.problem(f"{pid} is Maimed: which ring does {ctx.name(person.faction)} lower?", outcome.at,
                        hint="write maimed: earth (or water, fire, air, void) in its entry: the controlling player's choice",
                        rule="a Maimed personality loses 1 from a ring of its player's choice (L120)", about=(pid,))
        elif getattr(person, ring) is None:
            ctx.problem(f"{pid}'s {ring.title()} is not known", outcome.at + ("maimed",), rule="fate (L120)",
                        hint="give the personality's rings on its purchase or in the catalogue")
            ring = None
    elif outcome.maimed:
        ctx.problem(f"{pid} is {result}, not Maimed: no ring is lost", outcome.at + ("maimed",), hint="maimed: RING only when the fate dice Maim (the Earth die passed, the Void die failed): remove it or correct the dice",
                    rule="fate (L120)", about=(pid,))
    changes = {"status": result, "wounds": 0, "void_points": 0}
    if ring:
        changes[ring] = max(0, getattr(person, ring) - 1)
        changes["maimed"] = person.maimed + (ring,)
    if result == DEAD:
        changes.update(died=ctx.turn, unit=None)
        if person.unique:
            board.graveyard.add(person.type)
        for unit in [u for u in board.units.values() if u.leader == pid]:
            board.units[unit.id] = unit.but(leader=None)
    board.personalities[pid] = person.but(**changes)
    ctx.fell[pid] = result
    ctx.emit(FateRolled(pid, person.faction, over, person.earth, person.void, dice, result, ring, province))
    if result == DEAD and person.reincarnates:
        if outcome.reincarnate is None:
            ctx.problem(f"{pid} is Dead: he must reincarnate in the Recovery phase", outcome.at,
                        hint="write reincarnate: TARGET (any legal target of his army, anywhere)",
                        rule="a dead Shiba Ujimitsu must reincarnate (L167)", about=(pid,))
        else:
            ctx.recovery_reincarnations[pid] = (outcome.reincarnate, outcome.at + ("reincarnate",))
    elif outcome.reincarnate:
        ctx.problem(f"{pid} is not Dead: he does not reincarnate", outcome.at + ("reincarnate",), hint="reincarnate: only when the fate dice leave him Dead: remove it",
                    rule="Shiba Ujimitsu (L167)", about=(pid,))


def reincarnate(ctx, old_id, target_id, path, when) -> None:
    """L167: the old Ujimitsu is Dead (for uniqueness too); the target keeps its name, counts as the
    experienced version of itself for uniqueness, and takes Ujimitsu's profile."""
    board = ctx.board
    old = board.personalities[old_id]
    target = board.personalities.get(target_id)
    if target is None or target.faction != old.faction or target.status not in ON_MAP or target_id == old_id:
        ctx.problem(f"{target_id!r} is no legal target: a personality of {ctx.name(old.faction)}'s army, in play", path,
                    rule="Shiba Ujimitsu (L167)",
                    hint="any personality of the army, in any province")
        return
    profile = {r: getattr(old, r) for r in RINGS}
    profile.update(max_wounds=old.max_wounds, wounds=old.max_wounds, void_points=old.void or 0, leadership=old.leadership,
                   command_limit=old.command_limit, cavalry=old.cavalry, flight=old.flight, shugenja=old.shugenja,
                   reincarnates=True, experienced=True)
    board.personalities[target_id] = target.but(**profile)
    board.personalities[old_id] = old.but(status=DEAD, died=ctx.turn, unit=None, wounds=0, void_points=0)
    if old.unique:
        board.graveyard.add(old.type)
    for unit in [u for u in board.units.values() if u.leader == old_id]:
        board.units[unit.id] = unit.but(leader=None)
    ctx.fell.pop(old_id, None)
    ctx.emit(Reincarnated(old_id, target_id, old.faction, when))


def _move_personalities(ctx, leaving, fighting, province, winners) -> None:
    """The withdrawing players' personalities go with their army (Q61); with nowhere to go, those of
    a beaten army fall into the victor's hands."""
    board = ctx.board
    for person in fighting:
        plan = leaving.get(person.faction)
        current = board.personalities[person.id]
        if plan is None or current.status == DEAD:
            continue
        moves_with_unit = current.unit in plan["units"]
        if not plan["beaten"] and not moves_with_unit:
            continue
        if plan["to"] is not None:
            board.personalities[person.id] = current.but(province=plan["to"])
        elif plan["beaten"] and winners and ctx.options["capture"]:
            board.personalities[person.id] = current.but(status=CAPTURED, captured_by=winners[0], unit=None)
            ctx.emit(Captured(person.id, person.faction, winners[0], N_("cut off: nowhere to withdraw")))


# ---- units ---------------------------------------------------------------------------------

def _units(ctx, entry, fighting, results, routed_to, winners, side_of, leaders) -> None:
    board = ctx.board
    for unit, result in zip(fighting, results):
        outcome = entry.units.get(unit.id)
        remaining, after, to, goes = routed_to[unit.id]
        if result.lost:
            share = (ctx.options["recover_won"] if unit.faction in winners else
                     ctx.options["recover_draw"] if entry.winner is None else ctx.options["recover_lost"])
            veterans = max(0, result.lost - (unit.models - unit.experienced_models))   # inexperienced fall first (L91)
            ctx.casualties.setdefault(unit.id, []).append((result.lost, share, veterans))
        experienced = min(unit.experienced_models, remaining)     # inexperienced troops die first (L91)
        current = board.units[unit.id].but(models=remaining, experienced_models=experienced)
        board.units[unit.id] = current
        if result.destroyed:
            why = N_("wiped out") if remaining == 0 else N_("Routed to nothing") if after == 0 else N_("nowhere to withdraw")
            board.units[unit.id] = current.but(models=0, leader=None)
            for person in [p for p in board.personalities.values() if p.unit == unit.id]:
                board.personalities[person.id] = person.but(unit=None)
            ctx.emit(UnitDestroyed(unit.id, unit.faction, unit.province, why))
            continue
        _experience(ctx, board.units[unit.id], outcome, leaders.get(unit.id))
        if goes:
            current = board.units[unit.id]
            board.units[unit.id] = current.but(province=to, models=after,
                                               experienced_models=min(current.experienced_models, after))
            ctx.emit(Regrouped(unit.id, unit.faction, to, remaining, after, result.state == "routed",
                               origin=unit.province))


def _experience(ctx, unit, outcome, leader) -> None:
    """L151-156: for each surviving unit, a Morale and a Training check: d10 - the leader's
    Leadership + the Broken or Routing penalty; below the stat, the stat goes down by one for good.
    The leader is the one who led the unit into the battle, even if he fell in it."""
    board = ctx.board
    where = outcome.at if outcome else ("battles",)
    leadership = outcome.leadership if outcome and outcome.leadership is not None else None
    if leadership is None:
        if leader is not None and leader.leadership is not None:
            leadership = leader.leadership
        elif unit.leadership is not None:
            leadership = unit.leadership
    state = outcome.state if outcome else "ready"
    penalty = outcome.penalty if outcome and outcome.penalty is not None else None
    if state == "ready":
        if penalty:
            ctx.problem(f"{unit.id} was Ready: it has no Broken or Routing penalty", where + ("penalty",), hint="penalty: is for a unit that ended Broken or Routed: remove it",
                        rule="experience checks (L155)")
        penalty = 0
    elif penalty is None:
        penalty = ctx.options["broken_penalty" if state == "broken" else "routed_penalty"]
        if penalty is None:
            ctx.problem(f"{unit.id} was {state.title()}: write its penalty: (added to its experience checks)", where,
                        rule="experience checks (L155)", hint=f"or set options: {state}_penalty: N", about=(unit.id,))
            penalty = 0
    if leadership is None:
        ctx.problem(f"{unit.id}'s leader's Leadership is not known for its experience checks", where,
                    hint="write leadership: N in its battle entry, or give the leader (or the unit's LP) a leadership",
                    rule="experience checks (L154)", about=(unit.id,))
        return
    if unit.ml is None or unit.tl is None:
        ctx.problem(f"{unit.id}'s ML or TL is not known", where, rule="experience checks (L156)",
                    hint="give ml: and tl: on the unit's purchase or in the catalogue", about=(unit.id,))
        return
    floor = ctx.options["stat_floor"]
    lowered = False
    changes = {}
    for stat, key in (("ML", "ml"), ("TL", "tl")):
        die = ctx.die("experience", unit.id)
        before = getattr(unit, key)
        total = die.value - leadership + penalty
        after = max(floor, before - 1) if total < before else before
        if after < before:
            lowered = True
        changes[key] = after
        ctx.emit(ExperienceChecked(unit.id, unit.faction, stat, die, leadership, penalty, before, after))
    if lowered:
        changes.update(experienced=True, experienced_models=unit.models)
    board.units[unit.id] = unit.but(**changes)


# ---- control ------------------------------------------------------------------------------

def _control(ctx, entry, province, controller, winners):
    """(the controller after the battle, the rule, a liberation to note) -- L121-124, L165."""
    board = ctx.board
    original = board.original.get(province)
    control = entry.control
    if entry.winner is None:
        if control:
            ctx.problem("a battle without a winner changes no control", control[2], hint="remove control:, or write the winner",
                        rule="control of the province (L121)")
        return controller, N_("no winner: control unchanged (Q20)"), None
    if controller in winners:
        if control:
            ctx.problem(f"{ctx.name(controller)} held {ctx.name(province)} and won: it keeps it", control[2],
                        hint="remove control: a defender who wins keeps the province (L122)",
                        rule="allied defenders: whoever controlled the province keeps it (L122)")
        return controller, N_("the defender held it (L121-122)"), None
    liberation = None
    if control:
        kind, who, where = control
        if kind == "give_to":
            liberators = [w for w in winners if board.allied(w, who)]
            if who != original or who in winners or not liberators or controller is None or \
                    any(board.allied(controller, w) for w in liberators):
                ctx.problem(f"{ctx.name(province)} cannot be returned to {ctx.name(who)}: a liberation returns a province "
                            "its ally held at the start of the campaign, taken from an enemy", where,
                            rule="liberation (L123)", hint=f"it was {ctx.name(original)}'s at the start")
            else:
                return who, N_("liberated and returned to its original owner (L123)"), ("returned", liberators[0], who)
        elif kind == "neutral":
            if len(winners) < 2:
                ctx.problem("only allied winners who cannot agree leave a province neutral", where, hint="control: neutral is for two or more allied winners; one winner takes the province",
                            rule="allied winners (L124)")
            else:
                return None, N_("allied winners left it neutral, occupied by both (L124)"), ("joint",)
        elif kind == "to":
            if who not in winners:
                ctx.problem(f"{ctx.name(who)} did not win here", where, hint=f"control: to: names one of the winners: {', '.join(map(ctx.name, winners)) or 'none'}",
                            rule="allied winners (L124)")
            elif len(winners) < 2:
                ctx.problem("the one winner takes the province: control: is for allied winners", where, hint="remove control: the one winner takes it (L121)",
                            rule="allied winners (L124)",
                            severity="warning")
            else:
                return _monk_limit(ctx, province, who, controller, original, N_("the allied winners agreed (L124)"))
    if len(winners) == 1:
        winner = winners[0]
        after, rule, _ = _monk_limit(ctx, province, winner, controller, original, N_("the winner controls the province (L121)"))
        if after == winner and original and original != winner and board.allied(original, winner) and controller is not None \
                and not board.allied(controller, winner):
            liberation = ("kept", winner, original)
        return after, rule, liberation
    if not all(board.allied(a, b) for a in winners for b in winners):
        return None, N_("winners who are not allies: neutral until one army stands there alone (Q60)"), None
    ctx.problem(f"allied winners at {ctx.name(province)}: who controls it? It stays neutral, occupied by both", entry.at,
                hint=f"write control: {{to: PLAYER}}, or control: neutral", rule="allied winners (L124)", severity="warning")
    return None, N_("allied winners did not agree: neutral, occupied by both (L124)"), ("joint",)


def _monk_limit(ctx, province, winner, controller, original, rule):
    """L165: the Monk never captures, except provinces it lost; its victories elsewhere change nothing."""
    board = ctx.board
    if board.kind(winner) == MONK and original != winner:
        return controller, N_("the Monk does not take control (L165)"), None
    return winner, rule, None


def _apply_control(ctx, province, before, after, rule, liberation, winners) -> None:
    board = ctx.board
    if liberation and liberation[0] == "joint":
        board.joint[province] = tuple(sorted(winners))
    if after != before:
        board.owners[province] = after
        ctx.emit(ControlChanged(province, before, after, rule))
        _captured_library(ctx, province, before, after)
        _grudge(ctx, before, after)
    if liberation and liberation[0] == "returned":
        _, by, to = liberation
        honor = ctx.options["honor_liberation"]
        board.factions[by] = board.factions[by].but(honor=board.factions[by].honor + honor)
        ctx.emit(Liberated(province, by, to, honor))
    elif liberation and liberation[0] == "kept":
        _, by, original = liberation
        faction = board.factions[original]
        board.factions[original] = faction.but(excused=faction.excused | {by})
        ctx.emit(Liberated(province, by, None))


def _captured_library(ctx, province, before, after) -> None:
    """L66: 'If your library is captured, then so are any spells which are not currently on Shugenja'."""
    spells = ctx.board.libraries.get(province, ())
    if ctx.map.provinces[province].has("library") and spells:
        ctx.emit(SpellsCaptured(province, after, before, tuple(spells)))


def _grudge(ctx, before, after) -> None:
    """Q40: a player who conquers a Monk province may be attacked by the Monk from then on."""
    board = ctx.board
    if before and after and board.kind(before) == MONK and board.kind(after) != MONK:
        monk = board.factions[before]
        board.factions[before] = monk.but(grudges=monk.grudges | {after})


# ---- after the battles --------------------------------------------------------------------------

def check_defends(ctx) -> None:
    """L165: a Monk's free move must defend the province's controller in the battle there, or join an
    ally's attack on the Shadowlands or the corrupt."""
    board = ctx.board
    for sid, (province, where) in sorted(ctx.defends.items()):
        info = ctx.battle_info.get(province)
        monk = (board.units.get(sid) or board.personalities.get(sid)).faction
        ok = False
        if info:
            mine = next((side for side in info["sides"] if monk in side), ())
            others = [p for side in info["sides"] if monk not in side for p in side]
            if info["controller"] in mine:
                ok = True
            elif any(board.corrupt(p) for p in others) and any(p != monk and board.allied(p, monk) for p in mine):
                ok = True
        if not ok:
            ctx.problem(f"{sid}'s move to {ctx.name(province)} defends no one: the Monk moves freely only to fight on the side "
                        "of the province's controller, or beside an ally attacking the Shadowlands or the corrupt", where,
                        at_key=True, rule="the Monk's move to defend (L165)", hint="else it moves by the normal rules")


def captures(ctx) -> None:
    """Capture is entered as a fact (its rules are 'not written yet', L117, L174)."""
    board = ctx.board
    for pid, by, path in ctx.record.captured:
        person = board.personalities.get(pid)
        if not ctx.options["capture"]:
            ctx.problem("this campaign has no capture (option capture: false)", path, hint="set options: capture: true in campaign.yaml, or remove the capture",
                        rule="capture")
            continue
        if person is None or person.status not in (ACTIVE, WOUNDED, MAIMED):
            ctx.unknown("personality", pid, path + ("personality",), "capture")
            continue
        if board.allied(person.faction, by):
            ctx.problem(f"{pid} is {ctx.name(by)}'s own personality: a player does not capture its own" if by == person.faction else
                        f"{ctx.name(by)} is {ctx.name(person.faction)}'s ally: it captures no one of theirs", path + ("by",),
                        hint="a personality is captured by an enemy, never by its own player or an ally", rule="capture")
            continue
        if by not in board.force_players(person.province):
            ctx.problem(f"{ctx.name(by)} has no forces in {ctx.name(person.province)}, where {pid} stands", path + ("by",),
                        hint="the captor needs forces in the province where the personality stands", rule="capture")
            continue
        for unit in [u for u in board.units.values() if u.leader == pid]:
            board.units[unit.id] = unit.but(leader=None)
        board.personalities[pid] = person.but(status=CAPTURED, captured_by=by, unit=None)
        ctx.emit(Captured(pid, person.faction, by))
    for pid, where, path in ctx.record.released:
        person = board.personalities.get(pid)
        if person is None or person.status != CAPTURED:
            ctx.problem(f"{pid} is not held captive", path + ("personality",), hint="released: is for a personality captured earlier (status captured)",
                        rule="capture")
            continue
        if not board.friendly(person.faction, where):
            ctx.problem(f"{pid} returns to {ctx.name(where)}, which is not friendly to {ctx.name(person.faction)}", path + ("at",),
                        hint="a released personality returns to a province its player or an ally controls", rule="capture")
            continue
        board.personalities[pid] = person.but(status=ACTIVE, captured_by=None, province=where)
        ctx.emit(Released(pid, person.faction, where))


def occupation(ctx) -> None:
    """Q21: an army alone in a neutral or enemy province at the end of the Battle phase takes control
    (the Monk only of what it lost, L165)."""
    if not ctx.options["occupy_empty"]:
        return
    board = ctx.board
    for province in sorted(ctx.map.provinces):
        armies = board.army_players(province)
        if len(armies) != 1:
            continue
        player = armies[0]
        before = board.owners.get(province)
        if board.allied(player, before):
            continue
        if board.kind(player) == MONK and board.original.get(province) != player:
            continue
        board.owners[province] = player
        board.joint.pop(province, None)
        ctx.emit(ProvinceOccupied(province, player, before))
        _captured_library(ctx, province, before, player)
        _grudge(ctx, before, player)


def naga_warning(ctx) -> None:
    """L164: 'Naga must attack a shadowlands or corrupt player whenever they get the opportunity': a
    reminder (Q44: the opportunity is the group's judgement) for each Naga army, the Naga units of
    one province, that stands next to Shadowlands or corrupt forces some of its units did not fight
    this turn. Per army, as the rules page words it: a battle fought elsewhere, or by another army,
    does not excuse an army that stood by."""
    board = ctx.board
    for player, faction in sorted(board.factions.items()):
        if faction.kind != NAGA:
            continue
        armies: dict[str, list] = {}
        for unit in sorted(board.units.values(), key=lambda u: u.id):
            if unit.faction == player and unit.models > 0 and not unit.yojimbo:
                armies.setdefault(unit.province, []).append(unit)
        for province, units in sorted(armies.items()):
            reminder = next(((foe, near) for near in ctx.map.neighbours(province)
                             for foe in board.force_players(near)
                             if board.corrupt(foe) and any(foe not in ctx.foes.get(u.id, ()) for u in units)), None)
            if reminder:
                foe, near = reminder
                ctx.warn(f"the Naga army in {ctx.name(province)} did not attack {ctx.name(foe)}'s forces next door in "
                         f"{ctx.name(near)}", (), rule="Naga must attack the Shadowlands and the corrupt whenever they can (L164)",
                         hint="an opportunity is the group's judgement: this is only a reminder")
