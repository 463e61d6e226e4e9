"""The battles of the calendar as entered (R33-R53): each written result checked against its clash,
the General's fate when he is killed, and what the result does to the territory.

What is the table's business (who won, by how much, the scenario, who fielded his General) is
entered as a fact under ``battles:``; here it is checked (the size against the minimum, both
Generals in a Battaglia decisiva, a D6 that is a D6, the scenario privilege of the defender, the
bonuses a player may use) and then enforced. The battles are taken in the order written, which is
the order played: a General killed in one carries his wound into the next he fights (Q18).
"""

from __future__ import annotations

from ...i18n import N_
from ..battlecheck import Named, suspicious_battle
from .events import BattleFought, GeneralKilled, KIND_NAMES, WoundCarried, WoundLapsed
from .schema import (DECISIVA, FERITA_GRAVE, FERITA_LIEVE, FINALE, MIGLIOR_GENERALE, SCHERMAGLIA, SCORRERIA,
                     min_points)
from .state import Result

SIZE_RULE = {SCHERMAGLIA: "R34", SCORRERIA: "R39", DECISIVA: "R42", FINALE: "R64"}


def fight(ctx) -> None:
    """Match every battle entry to its clash, check it, and play the results in the order written."""
    seen: dict[str, int] = {}
    name = ctx.name
    for i, entry in enumerate(ctx.record.battles):
        clash = ctx.target(entry.at)
        if clash is None:
            fought = [c.at for c in ctx.clashes if c.battle]
            ctx.problem(f"no clash was declared at {name(entry.at)} this turn", entry.path + ("at",), rule="R20",
                        hint=("the calendar's battles: " + ", ".join(name(t) for t in fought)) if fought
                        else "this turn's calendar has no battle")
            continue
        if not clash.battle:
            why = ("the Schermaglia was not opposed: the territory is occupied (R33)" if clash.answer == "unopposed"
                   else f"{name(clash.holder)} retreated into {name(clash.retreat_to)} (R31)")
            ctx.problem(f"no battle is fought at {name(entry.at)}: {why}", entry.path + ("at",), rule="R24",
                        hint="remove this battle, or write the answer that makes one (an intervention, or resiste)")
            continue
        if entry.at in seen:
            ctx.problem(f"the battle at {name(entry.at)} is written twice", entry.path + ("at",), rule="R20",
                        hint=f"it is already battle {seen[entry.at] + 1}; one entry per battle")
            continue
        seen[entry.at] = i
        mark = len(ctx.events)
        result = check_entry(ctx, entry, clash.kind, clash.players, clash.opponent if clash.kind != SCHERMAGLIA else None,
                             clash)
        if result is not None:
            clash = decide(clash.but(result=result, battle_index=i))
            ctx.replace_clash(clash)
            ctx.events.insert(mark, battle_event(clash, name))
    # the wounds each side carries into a battle not yet played
    for clash in ctx.clashes:
        if clash.battle:
            wounds = dict(clash.result.wounds) if clash.result else \
                {p: ctx.generals[p].pending for p in clash.players if ctx.generals[p].pending}
            ctx.replace_clash(clash.but(wounds=wounds, bonuses=bonuses_open(ctx, clash.players)))


def bonuses_open(ctx, players) -> dict[str, tuple[str, ...]]:
    """The campaign bonuses each player may use in a battle this turn (R57-R59, R61)."""
    out = {}
    for player in players:
        mine = []
        bonus = ctx.state.bonus.get(player)
        if bonus and bonus != "tre_azioni":
            mine.append(bonus)
        if player in ctx.state.best_general and player not in ctx.best_used:
            mine.append(MIGLIOR_GENERALE)
        if mine:
            out[player] = tuple(mine)
    return out


def check_entry(ctx, entry, kind: str, players: tuple[str, ...], defender: str | None, clash=None,
                where: str | None = None) -> Result | None:
    """The written result of one battle, checked; None while it is not played (or cannot be read).
    ``defender`` has the scenario privilege (R40, R43); ``where`` names the battle in sentences."""
    name = ctx.name
    path = entry.path
    opts = ctx.options
    where = where or name(entry.at)
    title = f"the {KIND_NAMES[kind]} at {where}" if entry.at else f"the {KIND_NAMES[kind]}"
    # suspicious entries, in the words every ruleset shares (issue 7): one error each, and then the
    # calendar's comparison is not made again for the same slip
    odd = suspicious_battle([Named(p, path + ("players", i)) for i, p in enumerate(entry.players or ())],
                            where=path + ("players",), name=name) if entry.players is not None else []
    ctx.problems.extend(odd)
    if entry.players is not None and not odd and set(entry.players) != set(players):
        ctx.problem(f"{title} is fought by {' and '.join(name(p) for p in players)}, not by "
                    f"{' and '.join(name(p) for p in entry.players)}", path + ("players",), rule="R20",
                    hint="the calendar knows who fights: players may be left out")
    least = min_points(opts, kind)
    sizes = entry.points.items() if isinstance(entry.points, dict) else (((None, entry.points),) if entry.points is not None else ())
    for who, points in sizes:
        if who is not None and who not in players:
            ctx.problem(f"points for {name(who)}, who does not fight {title}", path + ("points", who), rule="R20",
                        at_key=True, hint=f"{title} is fought by {' and '.join(name(p) for p in players)}")
        elif points < least:
            ctx.problem(f"{title} is fought at {least} points at least, {points} are written" +
                        (f" for {name(who)}" if who else ""), path + ("points",) + ((who,) if who else ()),
                        rule=SIZE_RULE[kind], hint=f"a {KIND_NAMES[kind]} is a battle of at least {least} points")
    for key in ("generals", "fate", "alliances", "bonuses", "score"):
        for who in getattr(entry, key):
            if who not in players:
                ctx.problem(f"{key} for {name(who)}, who does not fight {title}", path + (key, who), at_key=True,
                            rule="R20", hint=f"{title} is fought by {' and '.join(name(p) for p in players)}")
    generals = {p: v for p, v in entry.generals.items() if p in players}
    if kind in (DECISIVA, FINALE):
        for player in players:
            if player not in generals:
                ctx.problem(f"{ctx.generals[player].name}, {name(player)}'s General, must be on the table in {title}",
                            path + ("generals",), rule="R45" if kind == DECISIVA else "R64",
                            hint=f"write generals: {{{player}: fielded}} (or killed)")
    scenario = _scenario(ctx, entry, kind, title)
    if not entry.played:
        if entry.victory or entry.fate or entry.occupy is not None or entry.alliances or entry.bonuses:
            ctx.problem(f"{title} has a result but no winner or score", path,
                        hint="write its score (and winner; no winner with a score is a draw), or leave the result out "
                             "until it is played", rule="R46")
        return None
    winner = entry.winner
    refused = winner is not None and winner not in players
    if refused:
        ctx.problem(f"{name(winner)} did not fight {title}", path + ("winner",), rule="R46",
                    hint=f"the winner is one of {' and '.join(name(p) for p in players)}, or none for a draw")
        winner = None
    victory = entry.victory
    if winner and victory is None:
        if ("victory",) not in entry.unread:      # a victory the schema refused is that one error
            ctx.problem(f"{title}: was {name(winner)}'s a Vittoria maggiore or a Vittoria di lieve entità?",
                        path + ("winner",), hint="write victory: major or victory: minor", rule="R46")
        victory = "minor"
    if not winner and victory and not refused:     # a winner refused is that one error, not also a draw
        ctx.problem(f"{title} is a draw (no winner) but a {victory} victory is written", path + ("victory",),
                    hint="write the winner, or remove victory", rule="R46")
        victory = None
    score = {p: v for p, v in entry.score.items() if p in players}
    missing = [p for p in players if p not in score and ("score", p) not in entry.unread]
    if missing:
        ctx.problem(f"{title}: the objective points of {' and '.join(name(p) for p in missing)} are not written",
                    path + ("score",), rule="R60",
                    hint="every game's scores go in the tabella riepilogativa: score: {" +
                    ", ".join(f"{p}: N" for p in players) + "}")
    if winner and len(score) == len(players):
        loser = next(p for p in players if p != winner)
        if score[winner] < score[loser]:
            ctx.problem(f"{title}: {name(winner)} won with fewer objective points ({score[winner]}) than {name(loser)} "
                        f"({score[loser]})", path + ("score",), rule="Q33", hint="check the winner and the score")
        margin = opts["major_victory_margin"]
        if margin is not None:
            derived = "major" if score[winner] - score[loser] >= margin else "minor"
            if victory != derived:
                ctx.problem(f"{title}: a win by {score[winner] - score[loser]} objective points is a "
                            f"{'Vittoria maggiore' if derived == 'major' else 'Vittoria di lieve entità'} "
                            f"(options.major_victory_margin {margin})", path + ("victory",), rule="Q28",
                            hint=f"write victory: {derived}")
                victory = derived
    for player, fate in entry.fate.items():
        if player in players and generals.get(player) != "killed":
            ctx.problem(f"a fate D6 for {name(player)}'s General, who was not killed in {title}", path + ("fate", player),
                        rule="R48", at_key=True, hint=f"the D6 is rolled only for a General killed: generals: {{{player}: killed}}")
    alliances = {p: v for p, v in entry.alliances.items() if p in players}
    used = _bonuses(ctx, entry, players, title)
    occupy = True
    if entry.occupy is not None:
        intervener_major = (kind == SCHERMAGLIA and clash is not None and winner == clash.opponent and victory == "major")
        if not intervener_major:
            ctx.problem(f"occupy: only the intervener who won a Vittoria maggiore in a Schermaglia may decline the "
                        f"territory", path + ("occupy",), rule="R37",
                        hint="remove occupy:" if kind != SCHERMAGLIA else "the intervener did not win a Vittoria maggiore here")
        else:
            occupy = entry.occupy
    result = Result(winner, victory if winner else None, score, entry.points, scenario, generals, {}, {}, alliances,
                    used, occupy)
    return _generals(ctx, entry, result, players, where)


def _bonuses(ctx, entry, players, title) -> dict[str, tuple[str, ...]]:
    """R57-R59, R61: a bonus written as used must be the player's this turn; Miglior generale once a turn."""
    name = ctx.name
    out = {}
    for player, used in entry.bonuses.items():
        if player not in players:
            continue
        kept = []
        for bonus in used:
            if bonus == MIGLIOR_GENERALE:
                if player not in ctx.state.best_general:
                    holders = sorted(ctx.state.best_general)
                    ctx.problem(f"{name(player)} does not hold the Miglior generale bonus this turn", entry.path + ("bonuses", player),
                                hint=("it is held by " + ", ".join(map(name, holders))) if holders else "nobody holds it this turn",
                                rule="R61")
                    continue
                if player in ctx.best_used:
                    ctx.problem(f"{name(player)} has already used the Miglior generale bonus this turn", entry.path + ("bonuses", player),
                                hint="it is used once, in one battle of the turn", rule="R61")
                    continue
                ctx.best_used.add(player)
            elif ctx.state.bonus.get(player) != bonus:
                has = ctx.state.bonus.get(player)
                ctx.problem(f"{name(player)} is not entitled to {bonus} in {title}", entry.path + ("bonuses", player),
                            hint=(f"the Controllo del territorio bonus this turn is {has}" if has else
                                  f"no Controllo del territorio bonus this turn ({ctx.state.bonus_why[player]})"),
                            rule="R54-R59")
                continue
            kept.append(bonus)
        if kept:
            out[player] = tuple(kept)
    return out


def _scenario(ctx, entry, kind: str, title: str) -> str | None:
    """R35, R40, R43 (Q30): the scenario die as rolled, with the defender's privilege, on the table."""
    roll = entry.scenario_roll
    table = list(ctx.options["scenarios"])
    if not roll:
        return entry.scenario
    path = entry.path + ("scenario_roll",)
    faces = len(table) if table else ctx.options["scenario_die"]
    rolls = list(roll.get("rolls") or ([roll["roll"]] if "roll" in roll else []))
    if "roll" in roll and "rolls" in roll:
        ctx.problem("write either roll or rolls", path, rule="R35",
                    hint=f"roll: N, or rolls: [first, then at most {ctx.options['decisiva_rerolls']} re-roll(s)] "
                         "for a Battaglia decisiva")
        return entry.scenario
    modifier = roll.get("modifier", 0)
    if modifier and kind != SCORRERIA:
        ctx.problem(f"only the defender of a Scorreria may change the scenario roll (by at most "
                    f"{ctx.options['scorreria_modifier']}), not in {title}",
                    path + ("modifier",), rule="R40", hint="remove modifier")
        modifier = 0
    if abs(modifier) > ctx.options["scorreria_modifier"]:
        ctx.problem(f"the defender may change the scenario roll by at most {ctx.options['scorreria_modifier']}, "
                    f"{modifier:+d} is written", path + ("modifier",), rule="R40",
                    hint=f"write a modifier from -{ctx.options['scorreria_modifier']} to +{ctx.options['scorreria_modifier']}")
        modifier = 0
    if len(rolls) > 1 and kind != DECISIVA:
        ctx.problem(f"only the defender of a Battaglia decisiva may have the scenario die re-rolled, not in {title}",
                    path + ("rolls",), rule="R43", hint="write the one roll as roll: N")
        rolls = rolls[-1:]
    if len(rolls) > 1 + ctx.options["decisiva_rerolls"]:
        ctx.problem(f"the defender may ask for {ctx.options['decisiva_rerolls']} re-roll(s) of the scenario die, "
                    f"{len(rolls) - 1} are written", path + ("rolls",), rule="R43",
                    hint=f"rolls: [first, then at most {ctx.options['decisiva_rerolls']} re-roll(s)]")
    if not rolls:
        ctx.problem("the scenario roll is not written", path, rule="R35", hint="write roll: N")
        return entry.scenario
    for i, value in enumerate(rolls):
        if value > faces:
            ctx.problem(f"the scenario die has {faces} faces, {value} is written", path + (("rolls", i) if "rolls" in roll else ("roll",)),
                        rule="R35", hint="options.scenarios (or options.scenario_die) sets the die")
            return entry.scenario
    result = rolls[-1] + modifier
    if not 1 <= result <= faces:
        ctx.problem(f"the scenario roll {rolls[-1]}{modifier:+d} = {result} is off the table of {faces}", path, rule="R40",
                    hint=f"the modified roll stays within 1..{faces}")
        return entry.scenario
    if not table:
        return entry.scenario
    drawn = table[result - 1]
    if entry.scenario and entry.scenario.strip().lower() != drawn.lower():
        ctx.problem(f"the scenario roll {result} gives {drawn!r}, but {entry.scenario!r} is written", entry.path + ("scenario",),
                    rule="R35", hint="options.scenarios lists the scenarios by the die's faces")
    return drawn


def _generals(ctx, entry, result: Result, players, where: str) -> Result:
    """R47-R51 (Q17, Q18): each General fielded carries his pending wound into this battle and is rid of
    it; a General killed rolls a D6 for his fate at his next battle."""
    opts = ctx.options
    wounds, fates = {}, {}
    for player in players:
        general = ctx.generals[player]          # every player has his General from the set-up (R01)
        status = result.generals.get(player)
        if status is None:
            if general.pending and not opts["wound_waits_for_general"]:
                ctx.emit(WoundLapsed(player, general.name, general.pending))
                ctx.generals[player] = general.but(pending=None, since=None)
            continue
        if general.pending:
            wounds[player] = general.pending
            ctx.emit(WoundCarried(player, general.name, general.pending, where))
        general = general.but(pending=None, since=None, battles=general.battles + 1)
        if status == "killed":
            written = entry.fate.get(player)
            if written is not None:
                roll, recorded = written, True
            else:
                roll, recorded = ctx.dice.roll(6, ctx.turn, "fate", entry.at or f"final-{entry.path[-1]}", player).value, False
            fate = opts["fate_table"][roll - 1]
            fates[player] = (roll, recorded)
            ctx.emit(GeneralKilled(player, general.name, where, roll, recorded, fate))
            pending = fate if fate in (FERITA_GRAVE, FERITA_LIEVE) else None
            general = general.but(pending=pending, since=N_("%(place)s, turn %(turn)s", place=where, turn=ctx.turn) if pending else None,
                                  killed=general.killed + 1)
        ctx.generals[player] = general
    return Result(result.winner, result.victory, result.score, result.points, result.scenario, result.generals, fates,
                  wounds, result.alliances, result.bonuses, result.occupy)


def decide(clash):
    """What the result does to the territory (R33, R36-R38, R41, R44)."""
    result = clash.result
    winner, victory = result.winner, result.victory
    if clash.kind == SCHERMAGLIA:
        if winner == clash.attacker:
            return clash.but(outcome="occupied", new_owner=clash.attacker, rule="R36")
        if winner == clash.opponent and victory == "major":
            if result.occupy:
                return clash.but(outcome="occupied", new_owner=clash.opponent, rule="R37")
            return clash.but(outcome="empty", new_owner=None, rule=N_("R37, occupation declined"))
        return clash.but(outcome="empty", new_owner=None, rule="R38")
    if clash.kind == SCORRERIA:
        if winner == clash.attacker:
            return clash.but(outcome="conquered", new_owner=clash.attacker, rule="R41")
        return clash.but(outcome="held", new_owner=clash.holder, rule="R41")
    if winner == clash.attacker and victory == "major":
        return clash.but(outcome="conquered", new_owner=clash.attacker, rule="R44")
    return clash.but(outcome="held", new_owner=clash.holder, rule="R44")


def battle_event(clash, name=str) -> BattleFought:
    result = clash.result
    title = N_("%(action)s at %(territory)s", action=KIND_NAMES[clash.kind], territory=name(clash.at))
    points = result.points if isinstance(result.points, int) else None
    return BattleFought(title, clash.kind, clash.at, clash.players, (result.winner,) if result.winner else (),
                        result.victory, dict(result.score), points, result.scenario)
