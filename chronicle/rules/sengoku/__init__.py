"""Sengoku Jidai (shared/seeds/004_ed121011f2d6373a.txt): a DBA feudal-Japan map campaign, c. 1560.

A turn is played in the seed's sequence: event cards, diplomacy, movement, siege, battle,
supply, prestige (with spring armies at the start of March, winter at January, conquest at the
end of the battles). Each phase is a module with one job; this one ties them together and gives
the views (summary, standings, JSON, battle sheets). Every rule, its reading where the seed is
unclear, and its test are listed in docs/rules/sengoku.md.
"""

from __future__ import annotations

from ...i18n import N_, Message, N_plural, N_units, _, tr
from ...suggest import did_you_mean
from .. import Piece, PlaysOnce, Ruleset, Standings, Summary
from . import record as rec
from .armylists import check_declared
from .battle import battle_phase
from .calendar import date_of
from .cards import card_names, draw_phase, end_of_turn
from .conquest import conquest_phase
from .contact import responses, unanswered, unresolved
from .context import PROVINCE, Ctx
from .diplomacy import diplomacy_phase
from .movement import movement_phase
from .muster import spring_muster
from .options import OPTIONS
from .order import movement_order
from .prestige import prestige_phase
from .schema import PLAYER_PROPERTIES, TURN_SCHEMA
from .setup import initial_state
from .shogunate import claim_phase, hold_phase
from .siege import siege_phase
from .supply import supply_phase
from . import marks, neutrals, winter

KNOWN_PLAYS = ("forage", "portuguese_trader")
#: a clan's status and an army's answer to an enemy, as the site names them (translated where shown)
STATUSES = {"eliminated": N_("eliminated"), "usurped": N_("usurped"), "seppuku": N_("seppuku")}
ANSWERS = {"battle": N_("battle"), "fortress": N_("fortress")}
#: what the map's legend says an army's counter shows: its id's number (``takeda-3``) and its elements
#: what an army's strength counts, as its counter's tip says it
ELEMENTS = N_units("%(num)d element", "%(num)d elements")
COUNTERS = {"": N_("Army: its number and strength"), "besieged": N_("Besieged army (in its castle)")}

#: why a roll took fewer dice than written
EXTRA_DICE = {
    "storm": "each sea crossing rolls one d6; only a storm ({storm}) rolls a second d6, the elements lost",
    "siege": "a siege rolls one d6 a turn",
    "initiative": "a clan rolls again only while tied for first",
    "supply": "an army out of supply rolls one d6 a turn",
    "chain": "a broken chain of supply rolls one d6 a turn",
    "ninja": "one d6 per ninja card played against the clan",
    "heir": "one d6 per assassination",
    "wound": "one d6 per wound",
}


class Sengoku(PlaysOnce, Ruleset):
    name = "sengoku"
    title = "Sengoku Jidai"
    seed_file = "004_ed121011f2d6373a.txt"
    options = OPTIONS
    player_properties = PLAYER_PROPERTIES
    turn_schema = TURN_SCHEMA

    # ---- set-up and a turn ---------------------------------------------------------------------

    def initial_state(self, campaign, dice):
        return initial_state(campaign, dice)

    def parse_turn(self, campaign, number, data):
        return rec.parse_turn(campaign, number, data)

    def play(self, campaign, state, record, dice):
        """Play one turn: (state after, events, problems). Pure: the same input gives the same output."""
        ctx = Ctx(campaign, record, dice, record.number)
        ctx.doubt.update(state.in_doubt)
        for army in sorted(record.unread):
            ctx.doubt.setdefault(army, f"turn {record.number}: the order written for {army} could not be read")
        state = state.but(turn=record.number)
        if state.game_over:
            ctx.problem("the game is already over: no more turns are played", (),
                        hint=f"the winner is {state.winner}" if state.winner else None, rule="end of the game")
            return state, [], ctx.problems
        for card, plays in record.played.items():
            if card not in KNOWN_PLAYS:
                where = ("play", plays[0][1][1]) if plays else ("play",)
                known = card_names(campaign.options)
                if card not in known:
                    ctx.problem(f"unknown card {card!r}", where, at_key=True, rule="event cards",
                                hint=did_you_mean(card, KNOWN_PLAYS) or did_you_mean(card, known) or
                                "play: takes forage and portuguese_trader")
                else:
                    ctx.problem(f"{card!r} is not played outside battle", where, at_key=True,
                                hint="play: takes forage and portuguese_trader; battle cards go in the battle's cards:",
                                rule="event cards")
        for army, path in record.played.get("forage", ()):
            if army not in state.armies:
                ctx.army_problem(state, army, path, "Forage")
                continue
            ctx.forage.setdefault(army, []).append(path)
        state = draw_phase(ctx, state)
        state = spring_muster(ctx, state)
        state = diplomacy_phase(ctx, state)
        state = claim_phase(ctx, state)
        winter.onset(ctx, state)
        state = check_declared(ctx, state)
        order = movement_order(ctx, state)
        state = movement_phase(ctx, state, order)
        state = responses(ctx, state)
        state = siege_phase(ctx, state)
        state = battle_phase(ctx, state)
        unresolved(ctx, state)
        unanswered(ctx, state)
        state = conquest_phase(ctx, state)
        state = supply_phase(ctx, state)
        state = winter.reinforce(ctx, state)
        state = neutrals.restore(ctx, state)
        state = hold_phase(ctx, state)
        state = prestige_phase(ctx, state)
        state = end_of_turn(ctx, state)
        self._unused(ctx)
        ctx.consequences()
        doubt = {k: v for k, v in ctx.doubt.items() if k in state.armies or k in state.clans or k.startswith(PROVINCE)}
        if doubt != dict(state.in_doubt):
            state = state.but(in_doubt=doubt)
        return state, ctx.events, ctx.problems

    def _unused(self, ctx):
        """Dice written and not rolled are errors, as in Pitac: a roll that was never made, or
        more dice than the roll took (a second siege die, a loss die in fair weather)."""
        for (purpose, subject), (values, path) in ctx.record.dice.items():
            used = ctx.used_dice.get((purpose, subject), 0)
            if used == 0:
                rolled = sorted(s for (p, s) in ctx.used_dice if p == purpose)
                article = "an" if purpose[0] in "aeiou" else "a"
                ctx.problem(f"{article} {purpose} roll is written for {subject}, but no such roll was made this turn", path,
                            hint=did_you_mean(subject, rolled) or (f"{purpose} rolls made this turn: {', '.join(rolled)}"
                                                                   if rolled else f"no {purpose} roll was made this turn")
                            + f" ({purpose}: {rec.PURPOSES[purpose][1]})", rule="dice", at_key=True, about=(subject,))
            elif len(values) > used:
                ctx.problem(f"{len(values)} {purpose} dice are written for {subject}, but the roll took {used}",
                            path + (used,), hint=self._extra_dice_hint(ctx.options, purpose), rule="dice", about=(subject,))
        for army, paths in ctx.forage.items():
            for path in paths:
                ctx.problem(f"a Forage card is played for {army}, but nothing needed it this turn", path,
                            hint=f"Forage spares a siege loss, an unsupplied turn, or {ctx.options['winter_forage']} element"
                                 f"{'' if ctx.options['winter_forage'] == 1 else 's'} of a winter march", rule="Forage",
                            severity="warning", about=(army,))

    @staticmethod
    def _extra_dice_hint(options, purpose: str) -> str | None:
        """Why a roll took fewer dice than written, with the storm's number from the options."""
        on = options["storm_on"]
        hint = EXTRA_DICE.get(purpose)
        return hint and hint.format(storm="a 1" if on == 1 else f"1 to {on}")

    # ---- views ---------------------------------------------------------------------------

    def orders_of(self, campaign, record) -> dict[str, list[str]]:
        orders: dict[str, list[str]] = {}
        clan_of = lambda army: army.rsplit("-", 1)[0]
        for move in record.moves:
            text = f"{move.army}: " + " → ".join(campaign.map.provinces[p].name for p in move.path)
            if move.forced:
                text += " " + _("(forced march %(provinces)s)", provinces=move.forced)
            orders.setdefault(clan_of(move.army), []).append(text)

        def answer(response) -> str:
            if response.kind == "retreat":
                return _("retreat to %(province)s", province=campaign.map.provinces[response.to].name)
            # a Response is battle, fortress or retreat: record.parse_turn reads nothing else into one
            # (test_an_answer_the_rules_do_not_know_is_an_error_and_no_order)
            return tr(ANSWERS[response.kind])
        for army, response in record.responses.items():
            orders.setdefault(clan_of(army), []).append(f"{army}: {answer(response)}")
        for army, replies in getattr(record, "replies", {}).items():
            for response in replies:
                orders.setdefault(clan_of(army), []).append(
                    _("%(army)s against %(enemy)s: %(answer)s", army=army, enemy=response.entrant, answer=answer(response)))
        for army, _path in record.besiege:
            orders.setdefault(clan_of(army), []).append(f"{army}: " + _("besiege"))
        return orders

    def summary(self, campaign, state) -> Summary:
        marks = {p: (kind,) for p, kind in state.castles.items()}
        for p in campaign.map.with_flag("kyoto"):
            marks[p] = marks.get(p, ()) + ("kyoto",)
        capitals = {c: (clan.capital if state.owners.get(clan.capital) == c else None) for c, clan in state.clans.items()}
        pieces = tuple(Piece(a.province, a.clan, a.id, a.strength, "besieged" if a.besieged else None,
                             unit=ELEMENTS)
                       for a in sorted(state.armies.values(), key=lambda a: a.id))
        scores = {c: clan.prestige for c, clan in state.clans.items() if not clan.neutral}
        return Summary(state.turn, state.owners, capitals, N_("Prestige"), scores, state.winner, marks, pieces,
                       date_of(campaign.options, state.turn).label, piece_legend=COUNTERS)

    def map_marks(self, campaign, before, after, record, events):
        return marks.map_marks(campaign, before, after, record, events)

    def standings(self, campaign, state) -> Standings:
        rows = []
        order = sorted(state.clans.values(), key=lambda c: (c.neutral, not c.active, -c.prestige, c.id))
        for clan in order:
            armies = state.armies_of(clan.id)
            status = (N_("Shogun") if state.shogun == clan.id else N_("winner") if state.winner == clan.id else
                      N_("neutral") if clan.neutral and clan.active else "" if clan.active else STATUSES[clan.status])
            if state.claim and state.claim.clan == clan.id:
                status = N_("claims the Shogunate (%(held)s/%(needed)s)", held=state.claim.held,
                            needed=campaign.options["shogun_hold"])
            rows.append((clan.id, (state.count(clan.id), clan.prestige if not clan.neutral else "-", len(armies),
                                   sum(a.strength for a in armies), len(clan.hand), status)))
        date = date_of(campaign.options, state.turn)
        notes = (N_plural("%(date)s (%(season)s); deck %(deck)s, %(num)s card left.",
                          "%(date)s (%(season)s); deck %(deck)s, %(num)s cards left.", len(state.deck), date=date.label,
                          season=Message(date.season), deck=state.deck_number),)
        # N_: the site shows the columns, statuses and notes in its language (tr); the terminal in English
        return Standings((N_("Provinces"), N_("Prestige"), N_("Armies"), N_("Elements"), N_("Cards"), N_("Status")),
                         tuple(rows), notes, key=(N_("Prestige"), N_("Status")))

    def to_json(self, campaign, state, events=(), private: bool = False) -> dict:
        """The state after a turn and its events, as documented in docs/rules/sengoku.md ("State
        JSON"). Public by default (what the site publishes): a tactical card drawn is not named and
        hands are counts. ``private=True`` is the administrator's view: card names and hands."""
        date = date_of(campaign.options, state.turn)
        clans = {}
        for c, clan in state.clans.items():
            clans[c] = {**clan.to_json(), "provinces": state.count(c)}
            if private:
                clans[c]["hand"] = list(clan.hand)
        players = {}
        for player in campaign.players:
            clan = state.clans.get(player.id)
            if clan is None or clan.neutral:
                continue
            players[player.id] = {
                "name": player.name, "colour": player.colour, "provinces": state.count(player.id),
                "capital": clan.capital if state.owners.get(clan.capital) == player.id else None,
                "prestige": clan.prestige, "status": clan.status, "cards": len(clan.hand),
                "armies": sorted(a.id for a in state.armies_of(player.id)),
            }
        events = list(events)
        return {
            "turn": state.turn, "ruleset": self.name, "date": date.label, "season": date.season,
            "provinces": {p: {"owner": o, "castle": state.castles.get(p)} for p, o in state.owners.items()},
            "players": players,
            "clans": clans,
            "armies": {a.id: {"clan": a.clan, "province": a.province, "strength": a.strength, "besieged": a.besieged,
                              "retreated": a.retreated,
                              "elements_at_most": dict(a.elements) if a.elements is not None else None,
                              "general_lost": a.general_lost} for a in state.armies.values()},
            "sieges": [s.to_json() for s in state.sieges.values()],
            "alliances": sorted(sorted(p) for p in state.alliances),
            "deck": {"number": state.deck_number, "left": len(state.deck)},
            "claim": {"clan": state.claim.clan, "since": state.claim.since, "held": state.claim.held} if state.claim else None,
            "game_over": state.game_over, "winner": state.winner, "shogun": state.shogun,
            "dice": [{**roll.to_json(), "event": i, "kind": e.kind}
                     for i, e in enumerate(events) for roll in getattr(e, "dice", ())],
            "events": [e.to_json(private=private) if hasattr(e, "describe_private") else e.to_json() for e in events],
        }

    def next_turn(self, campaign, history):
        from .nextturn import next_turn
        return next_turn(campaign, history)

    def blank_hint(self, path, options):
        from .nextturn import blank_hint
        return blank_hint(path, options)

    def battle_sheets(self, campaign, state) -> list:
        """A sheet per meeting of enemies that the next game day must fight (see sheets.py)."""
        from .sheets import battle_sheets
        return battle_sheets(campaign, state)
