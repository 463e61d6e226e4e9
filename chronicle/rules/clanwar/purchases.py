"""Spending koku (seed L48-72, L87-91, L139-143): every kind of purchase, its price, and every
limit on what a force may hold.

A purchase is paid at once (the ledger never goes below zero: a purchase beyond the koku held is
an error and is not made); what it buys is *pending* and placed in the Recovery phase's deploy
segment (L134), except what changes a force in place (a promotion, an experienced version). At
set-up everything is placed at once.

Limits, all counted across the player's whole force and what is pending (L54, L56):
uniqueness across all factions, and never a dead unique personality again (L51-52, L58, L120);
at most ``max_non_unique`` (3) of one non-unique personality version, item or clan LP (L53-55);
generic LPs unlimited; a unit type's force-profile limit; the models a faction owns (L61);
out-of-clan forces only from an ally or a clan no one plays (L59, L62, L139).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...i18n import N_, N_plural, Message
from ...suggest import did_you_mean, one_of
from .catalogue import catalogue_of, normal
from .equipment import aside_for
from .events import PURCHASED, Bought, CommandGroupGranted
from .factions import FACTIONS
from .options import OPTIONS
from .state import HELD, LP, RINGS, Personality, Unit

RANKS = ("nikutai", "gunso", "chui")
YOKUNI = "togashi_yokuni"
UJIMITSU = "shiba_ujimitsu"


@dataclass
class Pending:
    """Something bought in the Start phase, placed in the Recovery phase."""
    kind: str                        # unit | personality | replace | spell | item | equipment | tattoo
    player: str
    subject: str
    at: tuple
    cause: int
    deploy: str | None = None
    unit: Unit | None = None
    personality: Personality | None = None
    models: int = 0
    on: str | None = None
    count: int = 0
    tattoos: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict)


# ---- counting what a force holds --------------------------------------------------------------

#: numbers as the seed writes them, for a rule named with the number in force
WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def in_words(n: int) -> str:
    return WORDS.get(n, str(n))


def of_a_kind(ctx, what: str) -> str:
    """L54's rule as the campaign plays it: a group that sets ``max_non_unique`` to two is told
    "two of any ...", not the seed's three (issue 13: a rule's numbers are the options in force)."""
    n = ctx.options["max_non_unique"]
    return f"{in_words(n)} of any {what} (L54)" if n == OPTIONS["max_non_unique"][0] else \
        f"{in_words(n)} of any {what} (max_non_unique; L54: {in_words(OPTIONS['max_non_unique'][0])})"


def held_personalities(ctx, player=None):
    out = [p for p in ctx.board.personalities.values() if p.status in HELD and (player is None or p.faction == player)]
    out += [x.personality for x in ctx.pending if x.kind == "personality" and (player is None or x.player == player)]
    return out


def held_units(ctx, player):
    out = [u for u in ctx.board.units.values() if u.faction == player and u.models > 0]
    out += [x.unit for x in ctx.pending if x.kind == "unit" and x.player == player]
    return out


def unique_holder(ctx, kind: str) -> str | None:
    for p in held_personalities(ctx):
        if p.unique and p.type == kind:
            return p.faction
    return None


def held_items(ctx, player=None) -> list[tuple[str, str]]:
    """(player, item) for every special item held on a personality or pending."""
    out = [(p.faction, i) for p in ctx.board.personalities.values() if p.status in HELD for i in p.items
           if player is None or p.faction == player]
    out += [(x.player, x.subject) for x in ctx.pending if x.kind == "item" and (player is None or x.player == player)]
    return out


def lp_count(ctx, player: str, lp: LP) -> int:
    return sum(1 for u in held_units(ctx, player) for x in u.lps if x == lp)


# ---- prices ------------------------------------------------------------------------------------

def seller_of(ctx, player: str, value, path: tuple, what: str):
    """``from:`` names a played faction (an ally's clan) or a clan no one plays. Returns
    (seller player or None, seller's faction) or None after an error; the player's own clan is no seller."""
    if value is None:
        return (None, None)
    named = named_seller(ctx, value, path, what)
    return None if named is None else allowed_seller(ctx, player, named, path, what)


def named_seller(ctx, value, path: tuple, what: str):
    """The faction ``from:`` names, as (its player or None if no one plays it, the faction), or None
    after an error: no faction has that id. Judged once for a purchase or a bid, whoever bids."""
    board = ctx.board
    value = str(value)
    if value in board.factions:
        return value, board.factions[value].kind
    if value in FACTIONS:
        return {f.kind: pid for pid, f in board.factions.items()}.get(value), value
    ctx.reject(f"unknown faction {value!r} to buy {what} from", path + ("from",),
               hint=did_you_mean(value, list(FACTIONS) + list(board.factions)) or "a faction id or a player id",
               rule="out-of-clan forces", about=())
    return None


def allowed_seller(ctx, player: str, named: tuple, path: tuple, what: str):
    """``named`` (from :func:`named_seller`) as the player's seller: (None, None) for its own clan,
    None after an error for a played clan that is not its ally (L139)."""
    seller, kind = named
    if seller == player:
        return (None, None)
    if seller is not None and not ctx.board.allied(player, seller):
        ctx.reject(f"{ctx.name(player)} cannot buy {what} from {ctx.name(seller)}: {ctx.name(seller)} is played and "
                   f"not {ctx.name(player)}'s ally", path + ("from",),
                   hint="out-of-clan forces of a clan in the campaign are bought only from an ally, with its OK (L139)",
                   rule="out-of-clan forces only from an ally or an unplayed clan")
        return None
    return (seller, kind)


def modifier_of(ctx, buyer: str, seller_kind: str) -> int | None:
    table = ctx.options.get("cost_modifiers") or {}
    return (table.get(ctx.board.factions[buyer].kind) or {}).get(seller_kind)


def priced(ctx, p, listed: int | None, what: str, seller=None, share: int = 100) -> tuple[int, int | None, int | None] | None:
    """(price, base, modifier) of a purchase, or None after an error. ``listed`` is the catalogue's
    price; a price written and a catalogue price must agree. ``share``: the percent of its full
    price paid (a command-group personality in the Daimyo's group, L71: 25), rounded up. ``seller``:
    (its player, its faction) for out-of-clan forces, none for what a player buys of its own."""
    written = p.data.get("cost")
    seller_player, seller_kind = seller if seller else (None, None)
    if p.data.get("_bid"):
        return written, None, None          # the price a sealed bid set (bids.py), the modifier in it
    if share != 100 and seller_kind is None:
        full = p.data.get("base", listed)
        if full is None:
            ctx.reject(f"{what} pays {share}% of its full cost, which is not known", p.at,
                       hint="write base: (its full cost), or give its cost in the catalogue", rule="prices", about=(p.subject,))
            return None
        if listed is not None and full != listed:
            ctx.reject(f"{what} costs {listed} koku in the catalogue, but base: says {full}", p.at + ("base",),
                       hint="leave base: out to use the catalogue's price, or correct one of them", rule="prices",
                       about=(p.subject,))
            return None
        price = math.ceil(full * share / 100)
        if written is not None and written != price:
            ctx.reject(f"{what}: {share}% of {full} is {price} koku, but cost: says {written}", p.at + ("cost",),
                       hint="leave cost: out (the share is applied to the full cost), or correct it", rule="prices",
                       about=(p.subject,))
            return None
        return price, full, None
    if seller_kind is None:
        if written is not None and listed is not None and written != listed:
            ctx.reject(f"{what} costs {listed} koku in the catalogue, but cost: says {written}", p.at + ("cost",),
                       hint="leave cost: out to use the catalogue's price, or correct one of them", rule="prices",
                       about=(p.subject,))
            return None
        price = written if written is not None else listed
        if price is None:
            ctx.reject(f"no price for {what}", p.at, hint="write cost: (koku), or give it a price in the catalogue",
                       rule="prices", about=(p.subject,))
            return None
        return price, None, None
    base = p.data.get("base", listed)
    modifier = modifier_of(ctx, p.player, seller_kind)
    if base is None:
        ctx.reject(f"{what} from {ctx.name(seller_player or seller_kind)}: its base cost is not known", p.at,
                   hint="write base: (the unit's own cost), from which the clan modifier and the ally's fee are reckoned",
                   rule="out-of-clan forces", about=(p.subject,))
        return None
    if modifier is None:
        if written is None:
            ctx.reject(f"no cost modifier is set for {FACTIONS[ctx.board.factions[p.player].kind].name} buying "
                       f"{FACTIONS[seller_kind].name} forces", p.at,
                       hint=f"write cost: (the price paid), or add options: cost_modifiers: "
                            f"{{{ctx.board.factions[p.player].kind}: {{{seller_kind}: PERCENT}}}}",
                       rule="out-of-clan forces", about=(p.subject,))
            return None
        return written, base, None
    price = math.ceil(math.ceil(base * modifier / 100) * share / 100)
    if written is not None and written != price:
        shared = f", {share}% of that," if share != 100 else ""
        ctx.reject(f"{what}: base {base} at {modifier}%{shared} costs {price} koku, but cost: says {written}", p.at + ("cost",),
                   hint="leave cost: out (the modifier is applied to base:), or correct it", rule="out-of-clan forces",
                   about=(p.subject,))
        return None
    return price, base, modifier


def pay(ctx, player: str, price: int, path: tuple, what: str, subject: str) -> bool:
    koku = ctx.board.factions[player].koku
    if price > koku:
        new = subject not in ctx.board.units and subject not in ctx.board.personalities    # a new unit's orders depend on it
        ctx.problem(f"{ctx.name(player)} holds {koku} koku and cannot pay {price} for {what}", path,
                    hint="the koku ledger never goes below zero: buy less, or later", rule="koku never below zero",
                    about=(subject,), rejects=(subject,) if new else ())
        return False
    return True


def charge(ctx, event: Bought) -> int:
    """Emit the purchase and its ledger line; an ally's fee waits for the end of the Start phase."""
    index = ctx.emit(event)
    ctx.koku(event.player, -event.cost, "purchase", what_of(event), cause=index)
    if event.seller in ctx.board.factions and event.base is not None:
        fee = event.base * ctx.options["ally_fee"] // 100
        if fee:
            ctx.fees.setdefault(event.seller, []).append((fee, index, N_("%(player)s bought %(subject)s", player=ctx.name(event.player),
                                                                         subject=ctx.name(event.subject))))
    return index


def what_of(event: Bought) -> str:
    """What a purchase's ledger line says it was for: English, translated where it is shown."""
    return Message(PURCHASED[event.category], subject=event.subject.replace("_", " "))      # every category Bought is given


# ---- where new forces go -----------------------------------------------------------------------

def deploy_of(ctx, p, setup: bool) -> str | None:
    from .record import resolve_province
    value = p.data.get("deploy")
    if value is None:
        ctx.reject(f"where does {p.subject} join? write deploy: PROVINCE", p.at, rule="placing new forces",
                   hint="a province the player controlled at the beginning of the turn (L134)", about=(p.subject,))
        return None
    province, problems = resolve_province(value, ctx.map, p.at + ("deploy",))
    if problems:
        for problem in problems:
            ctx.reject(problem.message, problem.path, hint=problem.hint, rule=problem.rule, about=(p.subject,))
        return None
    if ctx.start_owners.get(province) != p.player:
        when = "at the start of the campaign" if setup else "at the beginning of the turn"
        held = sorted(q for q, o in ctx.start_owners.items() if o == p.player)
        ctx.reject(f"{p.subject} cannot deploy to {ctx.name(province)}: {ctx.name(p.player)} did not control it {when}",
                   p.at + ("deploy",), hint=("provinces it controlled: " + ", ".join(held)) if held else "it controlled none",
                   rule="new forces deploy to a province controlled at the beginning of the turn")
        return None
    return province


# ---- each kind -----------------------------------------------------------------------------

def buy(ctx, p, setup: bool = False) -> None:
    if p.invalid:           # the schema has reported what is wrong with it: one cause, one error
        if p.kind in ("unit", "personality"):
            ctx.doubt.setdefault(p.subject, f"the purchase of {p.subject} is written wrong")
        return
    {"unit": buy_unit, "personality": buy_personality, "replace": buy_replacements, "spell": buy_spell,
     "item": buy_item, "equipment": buy_equipment, "tattoo": buy_tattoos, "promote": promote,
     "experienced": promote_personality}[p.kind](ctx, p, setup)


def _taken_id(ctx, p) -> bool:
    used = set(ctx.board.units) | set(ctx.board.personalities) | {x.subject for x in ctx.pending if x.kind in ("unit", "personality")}
    if p.subject in used:
        ctx.reject(f"the id {p.subject!r} is already used by a unit or personality", p.at + (p.kind,),
                   hint="every unit and personality needs an id of its own", rule="ids", about=())
        return True
    if p.subject in ctx.map.provinces or p.subject in ctx.board.factions:
        ctx.reject(f"the id {p.subject!r} is a province's or a player's", p.at + (p.kind,),
                   hint="give units and personalities ids that are not province or player ids (crane-1, doji-hoturi)",
                   rule="ids")
        return True
    return False


def _profile(p, listed: dict, key: str, default=None):
    value = p.data.get(key)
    return value if value is not None else listed.get(key, default)


def _clan_check(ctx, p, listed: dict, seller, what: str) -> bool:
    clan = listed.get("clan") or p.data.get("clan")
    own = ctx.board.factions[p.player].kind
    if clan and clan != own and (seller is None or seller[1] is None):
        ctx.reject(f"{what} belongs to the {FACTIONS[clan].name}: write from: {clan}", p.at,
                   hint="out-of-clan forces come only from an ally's clan or a clan no one plays (L59, L62, L139)",
                   rule="out-of-clan forces only from an ally or an unplayed clan", about=(p.subject,))
        return False
    if clan and seller and seller[1] and clan != seller[1]:
        ctx.reject(f"{what} belongs to the {FACTIONS[clan].name}, not the {FACTIONS[seller[1]].name}", p.at + ("from",),
                   hint="from: names the ally whose clan the force belongs to", rule="out-of-clan forces", about=(p.subject,))
        return False
    return True


def buy_unit(ctx, p, setup):
    if _taken_id(ctx, p):
        return
    cat = catalogue_of(ctx.campaign)
    kind = str(p.data.get("type") or p.subject)
    listed = dict(cat.entry("unit", kind))
    what = f"unit {p.subject}"
    models = p.data.get("models")
    if models is None:
        ctx.reject(f"how many models does {p.subject} have? write models: N", p.at, hint="e.g. models: 10",
                   rule="buying units", about=(p.subject,))
        return
    max_models = _profile(p, listed, "max_models")
    if max_models is not None and models > max_models:
        ctx.reject(f"{p.subject} has {models} models, more than its maximum size {max_models}", p.at + ("models",),
                   rule="unit size", hint="a unit holds at most its force profile's models", about=(p.subject,))
        return
    seller = seller_of(ctx, p.player, p.data.get("from"), p.at, what)
    if seller is None or not _clan_check(ctx, p, listed, seller, what):
        return
    if (not listed and cat.units and "type" in p.data and p.data.get("cost") is None
            and p.data.get("base") is None):
        # a type the catalogue does not know, and no price written: most likely a misspelt type,
        # which is the error to name (not "no price")
        ctx.reject(f"the catalogue has no unit type {kind!r}, so {p.subject} has no price",
                   p.at + ("type",),
                   hint=((did_you_mean(kind, cat.units) or "its types: " + one_of(cat.units) + ";") +
                         " or write cost: (koku) for a unit the catalogue does not list"),
                   rule="prices", about=(p.subject,))
        return
    if listed.get("cost_per_model") is not None:
        list_price = listed["cost_per_model"] * models
    else:
        list_price = listed.get("cost")
    found = priced(ctx, p, list_price, what, seller)
    if found is None:
        return
    price, base, modifier = found
    limit = _profile(p, listed, "limit")
    same = [u for u in held_units(ctx, p.player) if normal(u.type) == normal(kind)]
    if limit is not None and len(same) >= limit:
        ctx.reject(f"{ctx.name(p.player)} already has {len(same)} unit{'s' if len(same) != 1 else ''} of {kind} "
                   f"({', '.join(u.id for u in same)}): its force profile allows {limit}", p.at,
                   hint=f"at most {limit} units of {kind} across the whole force: buy another type",
                   rule="force-profile limits apply across the entire force", about=(p.subject,))
        return
    available = (ctx.options.get("models_available") or {}).get(kind)
    if available is not None:
        fielded = sum(u.models for u in same) + sum(x.models for x in ctx.pending if x.kind == "replace" and x.player == p.player
                                                     and normal(ctx.board.units[x.subject].type) == normal(kind))
        if fielded + models > available:
            ctx.reject(f"{ctx.name(p.player)} owns {available} models of {kind}: {fielded} fielded, {models} more exceed it",
                       p.at + ("models",), hint=f"buy at most {max(0, available - fielded)} models (option models_available)",
                       rule="the models available for a troop type", about=(p.subject,))
            return
    lps = tuple(LP(x["rank"], str(x.get("family", "generic")).lower()) for x in p.data.get("lps") or () if isinstance(x, dict))
    for lp in set(lps):
        if not lp.generic and lp_count(ctx, p.player, lp) + lps.count(lp) > ctx.options["max_non_unique"]:
            ctx.reject(f"{ctx.name(p.player)} would hold more than {ctx.options['max_non_unique']} {lp.label()} packages",
                       p.at + ("lps",), hint=f"choose another leadership package (at most {ctx.options['max_non_unique']} of each "
                                            "across the force)",
                       rule=of_a_kind(ctx, "clan leadership package"), about=(p.subject,))
            return
    deploy = deploy_of(ctx, p, setup)
    if deploy is None:
        return
    leader = p.data.get("leader")
    if leader is not None:
        mate = _mate(ctx, "personality", leader, p.player, setup)
        if mate is None:
            ctx.reject(f"{leader!r} cannot lead the new unit {p.subject}: only a personality bought in the same Start phase "
                       "can; others take command by reassignment in a later Start phase", p.at + ("leader",),
                       hint="buy the leader in this Start phase, or give him the unit later with start: reassign:",
                       rule="reassignment happens in the Start phase", about=(p.subject,))
            return
        if mate.deploy != deploy:
            ctx.reject(f"{leader} deploys to {ctx.name(mate.deploy)}, not with {p.subject} at {ctx.name(deploy)}",
                       p.at + ("leader",), hint="deploy the leader and the unit to the same province",
                       rule="placing new forces", about=(p.subject,))
            return
        limit = mate.personality.command_limit
        if limit is not None and models > limit:
            ctx.reject(f"{leader}'s Command Limit is {limit}: it cannot command the {models} models of {p.subject}",
                       p.at + ("leader",), hint="choose a leader with a larger Command Limit, or buy fewer models",
                       rule="a leader's Command Limit", about=(p.subject,))
            return
    if not pay(ctx, p.player, price, p.at, what, p.subject):
        return
    ml, tl = _profile(p, listed, "ml"), _profile(p, listed, "tl")
    unit = Unit(p.subject, p.player, kind, str(p.data.get("name") or p.subject), deploy, models, max_models, 0, False, leader, lps, ml, tl, ml, tl, _profile(p, listed, "leadership"),
                bool(_profile(p, listed, "cavalry", False)), bool(_profile(p, listed, "flight", False)),
                bool(_profile(p, listed, "yojimbo", False)), tuple(map(str, p.data.get("tattoos") or ())), False,
                seller[1], seller[0], price, limit)
    detail = N_plural("%(num)d model of %(kind)s", "%(num)d models of %(kind)s", models, kind=kind.replace("_", " "))
    index = charge(ctx, Bought(p.player, "unit", p.subject, price, detail, deploy, seller[0] or seller[1], base, modifier,
                               phase="setup" if setup else "start"))
    if leader is not None:
        mate = _mate(ctx, "personality", leader, p.player, setup)
        mate.personality = mate.personality.but(unit=p.subject)
    ctx.pending.append(Pending("unit", p.player, p.subject, p.at, index, deploy, unit=unit, models=models))


def _mate(ctx, kind: str, some_id: str, player: str, setup: bool):
    """A unit or personality bought earlier in the same Start phase (at the set-up: placed already,
    and wrapped so that it is changed the same way)."""
    found = next((x for x in ctx.pending if x.kind == kind and x.subject == some_id and x.player == player), None)
    if found is not None or not setup:
        return found
    return _Placed(ctx, kind, some_id, player)


class _Placed:
    """A set-up purchase already on the board, seen through the shape of a :class:`Pending`."""

    def __new__(cls, ctx, kind, some_id, player):
        pool = ctx.board.units if kind == "unit" else ctx.board.personalities
        if some_id not in pool or pool[some_id].faction != player:
            return None
        self = super().__new__(cls)
        self.ctx, self.kind, self.subject = ctx, kind, some_id
        return self

    @property
    def deploy(self):
        pool = self.ctx.board.units if self.kind == "unit" else self.ctx.board.personalities
        return pool[self.subject].province

    @property
    def personality(self):
        return self.ctx.board.personalities[self.subject]

    @personality.setter
    def personality(self, value):
        self.ctx.board.personalities[self.subject] = value

    @property
    def unit(self):
        return self.ctx.board.units[self.subject]

    @unit.setter
    def unit(self, value):
        self.ctx.board.units[self.subject] = value


def personality_profile(p, listed: dict) -> dict:
    rings = {r: _profile(p, listed, r) for r in RINGS}
    return dict(rings, wounds=_profile(p, listed, "wounds"), leadership=_profile(p, listed, "leadership"),
                command_limit=_profile(p, listed, "command_limit"), cavalry=bool(_profile(p, listed, "cavalry", False)),
                flight=bool(_profile(p, listed, "flight", False)), shugenja=bool(_profile(p, listed, "shugenja", False)))


def buy_personality(ctx, p, setup):
    if _taken_id(ctx, p):
        return
    cat = catalogue_of(ctx.campaign)
    kind = str(p.data.get("type") or p.subject)
    listed = dict(cat.entry("personality", kind))
    unique = bool(_profile(p, listed, "unique", False))
    experienced = bool(_profile(p, listed, "experienced"))
    what = f"personality {p.subject}"
    if unique and kind in ctx.board.graveyard:
        ctx.reject(f"{kind} is dead: a unique personality who died is never bought again, by any player", p.at,
                   hint="the unique dead are in the graveyard for good: buy another personality",
                   rule="a dead unique personality may not be re-purchased", about=(p.subject,))
        return
    if unique:
        holder = unique_holder(ctx, kind)
        if holder is not None:
            ctx.reject(f"{kind} is unique and already {'yours' if holder == p.player else ctx.name(holder) + '’s'}",
                       p.at, hint="only one of any unique personality exists in the whole campaign",
                       rule="only 1 of any unique personality", about=(p.subject,))
            return
    else:
        copies = [x for x in held_personalities(ctx, p.player) if normal(x.type) == normal(kind) and x.experienced == experienced]
        if len(copies) >= ctx.options["max_non_unique"]:
            version = "experienced " if experienced else ""
            ctx.reject(f"{ctx.name(p.player)} already has {len(copies)} of the {version}personality {kind} "
                       f"({', '.join(x.id for x in copies)})", p.at,
                       hint=f"at most {ctx.options['max_non_unique']} of any non-unique personality across the whole force "
                            "(the experienced and non-experienced versions count apart)",
                       rule=of_a_kind(ctx, "non-unique personality"), about=(p.subject,))
            return
    profile = personality_profile(p, listed)
    missing = [k for k in ("earth", "void", "wounds") if profile[k] is None]
    if missing:
        ctx.reject(f"{p.subject} needs its {', '.join(missing)} (for the fate roll and healing)", p.at,
                   hint="write them on the purchase or in the catalogue", rule="profiles", about=(p.subject,))
        return
    seller = seller_of(ctx, p.player, p.data.get("from"), p.at, what)
    if seller is None or not _clan_check(ctx, p, listed, seller, what):
        return
    group, share = _command_group_of(ctx, p, listed, setup)
    if group is False:
        return
    found = priced(ctx, p, listed.get("cost"), what, seller, share)
    if found is None:
        return
    price, base, modifier = found
    full = None
    if share != 100:
        full = base if seller[1] is None else None
        base = None if seller[1] is None else base
    deploy = deploy_of(ctx, p, setup)
    if deploy is None or not pay(ctx, p.player, price, p.at, what, p.subject):
        return
    free_group = _free_group(ctx, p)
    name = str(_profile(p, listed, "name", kind.replace("_", " ").replace("-", " ").title()))
    reincarnates = _profile(p, listed, "reincarnates")
    person = Personality(p.subject, p.player, kind, name, deploy, unique, experienced, None, profile["earth"],
                         profile["water"], profile["fire"], profile["air"], profile["void"], profile["wounds"],
                         profile["wounds"], profile["void"], profile["leadership"], profile["command_limit"],
                         profile["cavalry"], profile["flight"], profile["shugenja"],
                         bool(reincarnates) if reincarnates is not None else normal(kind) == UJIMITSU,
                         clan=seller[1], bought_from=seller[0], cost=price, group_of=group)
    index = charge(ctx, Bought(p.player, "personality", p.subject, price, name if name != p.subject else "", deploy,
                               seller[0] or seller[1], base, modifier, phase="setup" if setup else "start",
                               group=group, share=share if share != 100 else None, full=full))
    if free_group is not None:
        allowance = price * ctx.options["free_command_group"] // 100
        worth = sum(c for _m, c in free_group)
        if worth > allowance:
            ctx.problem(f"{p.subject}'s free command group is worth {worth} koku, more than {ctx.options['free_command_group']}% "
                        f"of its {price} ({allowance})", p.at + ("free_command_group",),
                        hint="buy the other command-group models at their regular cost (L69)",
                        rule="a general's free command group, by the Daimyo's rules (L67, L72)")
        else:
            person = person.but(command_group=free_group)
            ctx.emit(CommandGroupGranted(p.player, p.subject, free_group, allowance))
    pending = Pending("personality", p.player, p.subject, p.at, index, deploy, personality=person)
    ctx.pending.append(pending)
    unit = p.data.get("unit")
    if unit is not None:
        mate = _mate(ctx, "unit", unit, p.player, setup)
        if mate is None or mate.deploy != deploy:
            ctx.reject(f"{p.subject} cannot command {unit!r}: only a unit bought before it in the same Start phase and "
                       "deployed to the same province", p.at + ("unit",), hint="buy the unit first, in the same Start phase and deployed to the same province; or reassign later (start: reassign:)",
                       rule="reassignment happens in the Start phase")
            return
        mate.unit = mate.unit.but(leader=p.subject)
        pending.personality = person.but(unit=unit)


def daimyo_of(ctx, player: str, setup: bool) -> str | None:
    """The player's Daimyo (at the set-up: the one campaign.yaml names, chosen after the purchases)."""
    if setup:
        chosen = next((pl.fields.get("daimyo") for pl in ctx.campaign.players if pl.id == player), None)
        return str(chosen) if chosen is not None else None
    return ctx.board.factions[player].daimyo


def _command_group_of(ctx, p, listed: dict, setup: bool):
    """L68, L71 (Q51): a command-group personality bought into a general's command group, ``group:
    GENERAL``: in the Daimyo's group it pays ``command_group_personality`` percent (25) of its cost;
    in any other general's group the full cost ('rather than 25%'), unless the group plays L72's
    'similar rules' for its other generals (option ``generals_command_groups``). Returns (the
    general or None, the percent paid), or (False, 100) after an error."""
    general = p.data.get("group")
    if general is None:
        return None, 100
    general = str(general)
    rule = "command-group personalities (L68, L71)"
    if not _profile(p, listed, "command_group", False):
        ctx.reject(f"{p.subject} is no command-group personality: only those join a general's command group", p.at + ("group",),
                   hint="write command_group: true on the purchase or in the catalogue, if its card says so", rule=rule,
                   about=(p.subject,))
        return False, 100
    daimyo = daimyo_of(ctx, p.player, setup)
    known = ctx.board.personalities.get(general)
    mate = next((x for x in ctx.pending if x.kind == "personality" and x.subject == general), None)
    owner = known.faction if known is not None and known.status in HELD else mate.player if mate else None
    if owner != p.player and general != daimyo:
        ctx.reject(f"{general!r} is not a general of {ctx.name(p.player)}'s to give a command group", p.at + ("group",),
                   hint=f"the Daimyo is {daimyo}" if daimyo else None, rule=rule, about=(p.subject,))
        return False, 100
    if general == daimyo or ctx.options["generals_command_groups"]:
        return general, ctx.options["command_group_personality"]
    return general, 100


def _free_group(ctx, p):
    """L72: 'If you wish to have your other generals field command groups as well, you may use
    similar rules' (option ``generals_command_groups``): a general's free command group, as the
    Daimyo's (L67-68). The group ((model, koku), ...) or None; a group written wrong is an error
    and the general comes without one, as the Daimyo does."""
    entries = p.data.get("free_command_group")
    if entries is None:
        return None
    if not ctx.options["generals_command_groups"]:
        ctx.problem("only the Daimyo comes with a free command group", p.at + ("free_command_group",),
                    hint="other generals buy their command-group models as normal (L71); set options: "
                         "generals_command_groups: true to play L72's 'similar rules'",
                    rule="the Daimyo's free command group (L67, L71)")
        return None
    group = []
    for j, entry in enumerate(entries):
        if entry.get("personality"):
            ctx.problem(f"{entry['model']} is a command-group personality: it is bought separately, never part of the free "
                        "command group", p.at + ("free_command_group", j), hint="buy it as a personality of its own (L68)",
                        rule="command-group personalities are bought separately (L68)")
            return None
        group.append((str(entry["model"]), int(entry["cost"])))
    return tuple(group)


def _unit_of(ctx, p, key: str, rule: str):
    uid = p.subject
    unit = ctx.board.units.get(uid)
    if unit is None or unit.models <= 0:
        ctx.unknown("unit", uid, p.at + (key,), rule, player=p.player)
        return None
    if unit.faction != p.player:
        ctx.reject(f"{uid} is {ctx.name(unit.faction)}'s unit, not {ctx.name(p.player)}'s", p.at + (key,), hint="name one of the buyer's own units",
                   rule=rule, about=(uid,))
        return None
    return unit


def leader_limit(ctx, unit) -> int | None:
    leader = ctx.board.personalities.get(unit.leader)       # None for a unit without a leader
    return leader.command_limit if leader is not None and leader.status == "active" else None


def buy_replacements(ctx, p, setup):
    unit = _unit_of(ctx, p, "replace", "replacing casualties")
    if unit is None:
        return
    cat = catalogue_of(ctx.campaign)
    listed = dict(cat.entry("unit", unit.type))
    models = p.data["models"]
    if not ctx.board.friendly(p.player, unit.province):
        ctx.problem(f"{unit.id} stands in {ctx.name(unit.province)}, not a friendly province: it cannot be bolstered",
                   p.at + ("replace",), hint="replacements join a unit in a province its player or an ally controls (L89)",
                   rule="replacements only in a friendly province", about=(unit.id,))
        return
    waiting = sum(x.models for x in ctx.pending if x.kind == "replace" and x.subject == unit.id)
    caps = [c for c in (unit.max_models, leader_limit(ctx, unit)) if c is not None]
    if caps and unit.models + waiting + models > min(caps):
        ctx.problem(f"{unit.id} has {unit.models} models{f' and {waiting} coming' if waiting else ''}: {models} more exceed "
                   f"its maximum of {min(caps)}", p.at + ("models",),
                   hint="a unit is enlarged only up to its maximum size (force profile and leadership, L89)",
                   rule="replacements up to the unit's maximum size", about=(unit.id,))
        return
    available = (ctx.options.get("models_available") or {}).get(unit.type)
    if available is not None:
        fielded = sum(u.models for u in held_units(ctx, p.player) if normal(u.type) == normal(unit.type)) + \
            sum(x.models for x in ctx.pending if x.kind == "replace" and x.player == p.player
                and normal(ctx.board.units[x.subject].type) == normal(unit.type))
        if fielded + models > available:
            ctx.problem(f"{ctx.name(p.player)} owns {available} models of {unit.type}: {fielded} fielded, {models} more exceed it",
                       p.at + ("models",), hint=f"buy at most {max(0, available - fielded)} models (option models_available)",
                       rule="the models available for a troop type", about=(unit.id,))
            return
    tattoo_cost = p.data.get("tattoos_cost")
    if unit.tattooed and tattoo_cost is None:
        per_model = [cat.tattoos.get(t) for t in unit.tattoos]
        if all(c is not None for c in per_model):
            tattoo_cost = sum(per_model) * models
        else:
            ctx.problem(f"{unit.id} is tattooed: its new models must be tattooed too", p.at,
                       hint="write tattoos_cost: (koku for the new models' tattoos), or give the tattoos' costs in the "
                            "catalogue (L90)", rule="a tattooed unit's new models pay their tattoos", about=(unit.id,))
            return
    if unit.yokuni:
        if not ctx.map.provinces[unit.province].has("togashi"):
            ctx.problem(f"{unit.id} was tattooed through Togashi Yokuni: to bolster it the whole unit must spend the turn in "
                       f"the Togashi province, and it stands in {ctx.name(unit.province)}", p.at + ("replace",),
                       hint="bolster it in a turn it spends in the Togashi province, without moving",
                       rule="Yokuni's tattooed units are refreshed in the Togashi province (L171)", about=(unit.id,))
            return
        ctx.stayed[unit.id] = p.at
    listed_price = listed["cost_per_model"] * models if listed.get("cost_per_model") is not None else None
    found = priced(ctx, p, listed_price, f"{models} replacement models for {unit.id}")
    if found is None:
        return
    price = found[0] + (tattoo_cost or 0)
    if not pay(ctx, p.player, price, p.at, f"{models} models for {unit.id}", unit.id):
        return
    detail = N_plural("%(num)d model", "%(num)d models", models)
    if tattoo_cost:
        detail = N_("%(models)s, %(cost)s koku of tattoos", models=detail, cost=tattoo_cost)
    index = charge(ctx, Bought(p.player, "replace", unit.id, price, detail, unit.province, phase="start"))
    ctx.pending.append(Pending("replace", p.player, unit.id, p.at, index, unit.province, models=models))


def buy_spell(ctx, p, setup):
    from .record import resolve_province
    cat = catalogue_of(ctx.campaign)
    name = p.subject
    value = p.data.get("library")
    libraries = sorted(q for q, o in ctx.start_owners.items() if o == p.player and ctx.map.provinces[q].has("library"))
    if value is None:
        if len(libraries) == 1:
            province = libraries[0]
        else:
            ctx.reject(f"which library keeps the spell {name}? write library: PROVINCE", p.at, rule="spells are kept at a library",
                       hint=("libraries held: " + ", ".join(libraries)) if libraries else
                       f"{ctx.name(p.player)} controlled no library at the beginning of the turn")
            return
    else:
        province, problems = resolve_province(value, ctx.map, p.at + ("library",))
        if problems:
            for problem in problems:
                ctx.reject(problem.message, problem.path, hint=problem.hint, rule=problem.rule)
            return
    if province not in libraries:
        why = "is not a library" if not ctx.map.provinces[province].has("library") else \
            f"was not {ctx.name(p.player)}'s at the beginning of the turn"
        ctx.reject(f"the spell {name} cannot go to {ctx.name(province)}: it {why}", p.at + ("library",) if value else p.at,
                   hint=("libraries held: " + ", ".join(libraries)) if libraries else
                   f"{ctx.name(p.player)} controlled no library at the beginning of the turn: nowhere to keep a spell",
                   rule="new spells go to a library controlled at the beginning of the turn")
        return
    found = priced(ctx, p, cat.entry("spell", name).get("cost"), f"the spell {name}")
    if found is None or not pay(ctx, p.player, found[0], p.at, f"the spell {name}", name):
        return
    index = charge(ctx, Bought(p.player, "spell", name, found[0], "", province, phase="setup" if setup else "start"))
    ctx.pending.append(Pending("spell", p.player, name, p.at, index, province))


def buy_item(ctx, p, setup):
    cat = catalogue_of(ctx.campaign)
    name = p.subject
    listed = dict(cat.entry("item", name))
    unique = bool(_profile(p, listed, "unique", False))
    tattoo = bool(_profile(p, listed, "tattoo", False))
    holder_id = p.data.get("to")
    if holder_id is None:
        ctx.reject(f"the special item {name} must be assigned to a personality: write to: PERSONALITY", p.at,
                   hint="a special item goes on one of the buyer's personalities: to: PERSONALITY",
                   rule="special items are assigned to a personality")
        return
    holder = ctx.board.personalities.get(holder_id)
    mate = next((x for x in ctx.pending if x.kind == "personality" and x.subject == holder_id), None)
    owner = holder.faction if holder is not None and holder.status in HELD else (mate.player if mate else None)
    if owner is None:
        ctx.unknown("personality", holder_id, p.at + ("to",), "special items are assigned to a personality", player=p.player)
        return
    if owner != p.player:
        ctx.reject(f"{holder_id} is not {ctx.name(p.player)}'s", p.at + ("to",), hint="a special item goes on one of the buyer's own personalities",
                   rule="special items are assigned to a personality")
        return
    if unique:
        held_by = next((pl for pl, item in held_items(ctx) if normal(item) == normal(name)), None)
        if held_by is not None:
            ctx.reject(f"the unique item {name} is already {ctx.name(held_by)}'s", p.at, hint=f"there is one {name} in the whole campaign: buy another item",
                       rule="only 1 of any unique item")
            return
    else:
        copies = sum(1 for _, item in held_items(ctx, p.player) if normal(item) == normal(name))
        if copies >= ctx.options["max_non_unique"]:
            ctx.reject(f"{ctx.name(p.player)} already has {copies} of the item {name}", p.at,
                       rule=of_a_kind(ctx, "non-unique item"), hint=f"at most {ctx.options['max_non_unique']} across the whole force")
            return
    replaces = p.data.get("replaces")
    if replaces is not None:
        replaces = str(replaces)
        already = aside_for(holder, replaces) if holder is not None else None
        if tattoo or normal(replaces) == normal(name) or already is not None:
            why = "a tattoo replaces no equipment" if tattoo else f"{name} cannot replace itself" if already is None else \
                f"{holder_id}'s {replaces} is already set aside for {already}"
            ctx.reject(why, p.at + ("replaces",), hint="replaces: names equipment the personality carries, other than the item itself",
                       rule="replaced equipment (L64, L93)")
            return
    found = priced(ctx, p, listed.get("cost"), f"the item {name}")
    if found is None or not pay(ctx, p.player, found[0], p.at, f"the item {name}", name):
        return
    index = charge(ctx, Bought(p.player, "item", name, found[0], N_("for %(holder)s", holder=holder_id), phase="setup" if setup else "start"))
    ctx.pending.append(Pending("item", p.player, name, p.at, index, on=holder_id,
                               extra={"tattoo": tattoo, "unique": unique, "replaces": replaces}))


def buy_equipment(ctx, p, setup):
    cat = catalogue_of(ctx.campaign)
    name = p.subject
    listed = dict(cat.entry("equipment", name))
    if _profile(p, listed, "ranged", False):
        ctx.reject(f"{name} is a ranged weapon: ranged weapons may not be stockpiled", p.at,
                   hint="buy it with the unit or personality that carries it (L63)", rule="ranged weapons are not stockpiled")
        return
    count = p.data.get("count", 1)
    listed_price = listed["cost"] * count if listed.get("cost") is not None else None
    found = priced(ctx, p, listed_price, f"{count} {name}")
    if found is None or not pay(ctx, p.player, found[0], p.at, f"{count} {name}", name):
        return
    index = charge(ctx, Bought(p.player, "equipment", name, found[0], N_("%(count)s for the stockpile", count=count), phase="setup" if setup else "start"))
    ctx.pending.append(Pending("equipment", p.player, name, p.at, index, count=count))


def buy_tattoos(ctx, p, setup):
    unit = _unit_of(ctx, p, "tattoo", "Togashi Yokuni's tattoos")
    if unit is None:
        return
    tattoos = tuple(map(str, p.data["tattoos"]))
    leader = ctx.board.personalities.get(unit.leader)       # None for a unit without a leader
    if leader is None or normal(leader.type) != YOKUNI:
        ctx.problem(f"{unit.id} is not led by Togashi Yokuni: only his unit may be tattooed", p.at + ("tattoo",),
                   hint="assign Yokuni to the unit first (start: assign:), in this Start phase or an earlier one",
                   rule="Togashi Yokuni tattoos the unit he leads (L169-170)", about=(unit.id,))
        return
    limit = ctx.options["yokuni_tattoos"]
    if len(tattoos) + (len(unit.tattoos) if unit.yokuni else 0) > limit:
        ctx.problem(f"{unit.id} would have {len(tattoos) + (len(unit.tattoos) if unit.yokuni else 0)} tattoos through Yokuni: "
                   f"his game text gives {limit}", p.at + ("tattoos",), hint=f"give the unit at most {limit} tattoos through Yokuni",
                   rule=f"Yokuni's unit may be given {in_words(limit)} tattoos "
                        + ("(L169)" if limit == OPTIONS["yokuni_tattoos"][0] else f"(yokuni_tattoos; L169: {in_words(OPTIONS['yokuni_tattoos'][0])})"),
                   about=(unit.id,))
        return
    cat = catalogue_of(ctx.campaign)
    per_model = [cat.tattoos.get(t) for t in tattoos]
    listed = sum(per_model) * unit.models if all(c is not None for c in per_model) else None
    if not setup:
        if not ctx.map.provinces[unit.province].has("togashi"):
            ctx.problem(f"{unit.id} stands in {ctx.name(unit.province)}: to be tattooed it must spend the whole turn in the "
                       "Togashi province", p.at + ("tattoo",), hint="buy the tattoos in a turn the unit stands in the Togashi province and stays there",
                       rule="Yokuni's new unit spends the turn in the Togashi province (L170)",
                       about=(unit.id,))
            return
        ctx.stayed[unit.id] = p.at
    found = priced(ctx, p, listed, f"tattoos for {unit.id}")
    if found is None or not pay(ctx, p.player, found[0], p.at, f"tattoos for {unit.id}", unit.id):
        return
    index = charge(ctx, Bought(p.player, "tattoos", unit.id, found[0], ", ".join(tattoos), None if setup else unit.province,
                               phase="setup" if setup else "start"))
    if setup:
        ctx.board.units[unit.id] = tattooed(ctx, unit, tattoos)
    else:
        ctx.pending.append(Pending("tattoo", p.player, unit.id, p.at, index, unit.province, tattoos=tattoos))


def tattooed(ctx, unit, tattoos):
    """The unit with Yokuni's tattoos on (at the set-up, or placed at Recovery). L171: only a unit
    that "normally may not be tattooed" is hard to refresh (``yokuni``: its replacements only in the
    Togashi province); one whose own card allows tattoos (the catalogue's ``tattooable``) is not."""
    tattooable = bool(catalogue_of(ctx.campaign).entry("unit", unit.type).get("tattooable"))
    return unit.but(tattoos=unit.tattoos + tattoos, yokuni=unit.yokuni or not tattooable)


def promote(ctx, p, setup):
    """L88: a model to Nikutai, a Nikutai to Gunso, a Gunso to Chui; clan LPs stay in family;
    generic LPs may take a family; Elemental Guardians are never promoted, nor promoted to."""
    unit = _unit_of(ctx, p, "promote", "promotion")
    if unit is None:
        return
    rank = p.data["to"]
    family = str(p.data.get("family", "generic")).lower()
    if rank == "guardian":
        ctx.problem("no leadership package may be promoted to Elemental Guardian", p.at + ("to",),
                   hint="promote to another rank of the package's family",
                   rule="Elemental Guardians are not promoted, nor promoted to (L88)", about=(unit.id,))
        return
    lps = list(unit.lps)
    step = RANKS.index(rank)
    if step == 0:
        if unit.models <= len(lps):
            ctx.problem(f"{unit.id} has no model left without a leadership package", p.at, hint="every model of the unit has a package: promote one of them a rank up instead (to: gunso or chui)",
                        rule="promotion", about=(unit.id,))
            return
        source = None
    else:
        below = RANKS[step - 1]
        candidates = [lp for lp in lps if lp.rank == below]
        source = next((lp for lp in candidates if lp.family == family), None) or \
            next((lp for lp in candidates if lp.generic), None)
        if source is None:
            if candidates:
                ctx.problem(f"a {candidates[0].label()} may not be promoted to {family.title()} {rank.title()}: clan packages "
                           "stay in family", p.at + ("family",),
                           hint=f"promote it to {candidates[0].family.title()} {rank.title()}, or a generic {below.title()}",
                           rule="clan leadership packages stay in family (L88)", about=(unit.id,))
            else:
                guardians = [lp for lp in lps if lp.rank == "guardian"]
                ctx.problem(f"{unit.id} has no {below.title()} to promote to {rank.title()}" +
                           ("; an Elemental Guardian is never promoted" if guardians else ""), p.at + ("to",),
                           hint=f"promotion goes one step at a time: a model to Nikutai, Nikutai to Gunso, Gunso to Chui",
                           rule="the promotion ladder (L88)", about=(unit.id,))
            return
    new = LP(rank, family)
    if not new.generic and lp_count(ctx, p.player, new) >= ctx.options["max_non_unique"]:
        ctx.problem(f"{ctx.name(p.player)} already holds {ctx.options['max_non_unique']} {new.label()} packages", p.at,
                   hint="choose another leadership package", rule=of_a_kind(ctx, "clan leadership package"), about=(unit.id,))
        return
    cat = catalogue_of(ctx.campaign)
    found = priced(ctx, p, cat.promotions.get(rank), f"a promotion to {rank}")
    if found is None or not pay(ctx, p.player, found[0], p.at, f"a promotion in {unit.id}", unit.id):
        return
    if source is not None:
        lps.remove(source)
    lps.append(new)
    was = source.label() if source else Message(N_("a model"))
    charge(ctx, Bought(p.player, "promote", unit.id, found[0], N_("%(was)s to %(rank)s", was=was, rank=new.label()), phase="setup" if setup else "start"))
    leadership = p.data.get("leadership", unit.leadership)
    ctx.board.units[unit.id] = unit.but(lps=tuple(lps), leadership=leadership)


def promote_personality(ctx, p, setup):
    """L88: a non-experienced personality to its experienced version, paying the difference."""
    person = ctx.board.personalities.get(p.subject)
    if person is None or person.status not in HELD or person.faction != p.player:
        ctx.unknown("personality", p.subject, p.at + ("experienced",), "experienced versions", player=p.player)
        return
    if person.experienced:
        ctx.problem(f"{p.subject} is already experienced", p.at, hint="remove the purchase: it has its experienced version already",
                    rule="experienced versions", about=(p.subject,))
        return
    cat = catalogue_of(ctx.campaign)
    listed = dict(cat.entry("personality", person.type))
    version_key = listed.get("experienced_version")
    version = dict(cat.entry("personality", version_key)) if version_key else {}
    difference = version["cost"] - listed["cost"] if version.get("cost") is not None and listed.get("cost") is not None else None
    if version_key is None and p.data.get("cost") is None:
        ctx.problem(f"{p.subject}'s experienced version is not in the catalogue: write cost: (the difference in koku)", p.at,
                   hint="write cost: N (the difference in koku) on the purchase, or the experienced version in the catalogue",
                   rule="experienced versions", about=(p.subject,))
        return
    found = priced(ctx, p, difference, f"{p.subject}'s experienced version")
    if found is None:
        return
    kind = version_key or person.type
    if not person.unique and not bool(version.get("unique", False)):
        copies = [x for x in held_personalities(ctx, p.player) if normal(x.type) == normal(kind) and x.experienced]
        if len(copies) >= ctx.options["max_non_unique"]:
            ctx.problem(f"{ctx.name(p.player)} already has {len(copies)} experienced {kind}", p.at,
                       hint=f"{ctx.options['max_non_unique']} of a kind at most, the experienced versions counted apart: "
                            "buy another personality",
                       rule=of_a_kind(ctx, "non-unique personality"), about=(p.subject,))
            return
    if not pay(ctx, p.player, found[0], p.at, f"{p.subject}'s experienced version", p.subject):
        return
    merged = {r: p.data.get(r, version.get(r, getattr(person, r))) for r in RINGS}
    wounds = p.data.get("wounds", version.get("wounds", person.max_wounds))
    changes = dict(merged, experienced=True, type=kind if version_key else person.type,
                   max_wounds=wounds, wounds=min(wounds, person.wounds + max(0, wounds - person.max_wounds)),
                   leadership=p.data.get("leadership", version.get("leadership", person.leadership)),
                   command_limit=p.data.get("command_limit", version.get("command_limit", person.command_limit)),
                   cost=person.cost + found[0])
    if version.get("name"):
        changes["name"] = version["name"]
    ctx.board.personalities[p.subject] = person.but(**changes)
    charge(ctx, Bought(p.player, "experienced", p.subject, found[0], N_("the difference in cost"), phase="setup" if setup else "start"))
