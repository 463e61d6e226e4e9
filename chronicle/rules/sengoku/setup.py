"""The position before turn 1: each clan's provinces, capital, fortress and armies, and the deck.

Read from campaign.yaml's players: ``provinces``, ``capital``, ``fortress`` (or ``fortresses``),
``armies`` (a province each, or ``{id, at, elements}``) and ``neutral`` for an unplayed clan.
"""

from __future__ import annotations

from ...errors import Problem
from ...i18n import N_
from ...suggest import did_you_mean
from .armylists import DEFAULT_ARMY_LISTS, CompositionError, check_composition, list_of
from .cards import shuffled_deck
from .events import ArmyRaised, ClanSetUp
from .record import resolve_province
from .state import Army, Clan, SengokuState, frozen


def initial_state(campaign, dice):
    opts = campaign.options
    problems: list[Problem] = []
    events = []
    owners = {pid: None for pid in campaign.map.provinces}
    castles, clans, armies = {}, {}, {}
    claimed_by = {}
    for player in campaign.players:
        f = player.fields
        base = ("players", player.index)
        held = []
        for j, name in enumerate(f.get("provinces") or []):
            province, more = resolve_province(name, campaign.map, base + ("provinces", j))
            problems += more
            if not province:
                continue
            if province in claimed_by:
                problems.append(Problem(f"{campaign.map.provinces[province].name} is given to both {claimed_by[province]} and {player.id}",
                                        hint="each province starts with at most one clan", path=base + ("provinces", j),
                                        rule="starting holdings"))
                continue
            if campaign.map.provinces[province].has("kyoto"):
                problems.append(Problem("Kyoto's province belongs to no clan", hint="the Shogun's capital is entered only to claim the Shogunate",
                                        path=base + ("provinces", j), rule="Kyoto"))
                continue
            claimed_by[province] = player.id
            owners[province] = player.id
            held.append(province)
        capital = None
        if f.get("capital") is not None:
            capital, more = resolve_province(f["capital"], campaign.map, base + ("capital",))
            problems += more
            if capital and capital not in held:
                problems.append(Problem(f"the capital {campaign.map.provinces[capital].name} is not one of {player.id}'s provinces",
                                        hint="the capital is one of the clan's starting provinces", path=base + ("capital",),
                                        rule="starting holdings"))
                capital = None
        elif held:
            problems.append(Problem(f"{player.id} has no capital", hint="add  capital: PROVINCE  (one of its provinces)",
                                    path=base, rule="starting holdings"))
        capital = capital or (held[0] if held else next(iter(sorted(campaign.map.provinces))))
        if owners.get(capital) == player.id:
            castles[capital] = "capital"
        forts = list(f.get("fortresses") or []) + ([f["fortress"]] if f.get("fortress") is not None else [])
        fort_ids = []
        for j, name in enumerate(forts):
            path = base + (("fortresses", j) if j < len(f.get("fortresses") or []) else ("fortress",))
            province, more = resolve_province(name, campaign.map, path)
            problems += more
            if province and province not in held:
                problems.append(Problem(f"the fortress {campaign.map.provinces[province].name} is not in {player.id}'s provinces",
                                        path=path, rule="starting holdings",
                                        hint=f"place it in one of {player.id}'s provinces: " + ", ".join(sorted(held))))
            elif province and province == capital:
                problems.append(Problem("the capital already has a castle; place the fortress in another province",
                                        path=path, rule="starting holdings",
                                        hint=f"place it in one of {player.id}'s other provinces: " +
                                             ", ".join(sorted(p for p in held if p != capital))))
            elif province:
                castles[province] = "fortress"
                fort_ids.append(province)
        lists = {**DEFAULT_ARMY_LISTS, **(opts.get("army_lists") or {})}
        if f.get("army_list") is not None and f["army_list"] not in lists:
            problems.append(Problem(f"unknown army list {f['army_list']!r}", path=base + ("army_list",), rule="army lists",
                                    hint=did_you_mean(f["army_list"], lists) or "the lists: " + ", ".join(sorted(lists))))
        neutral = bool(f.get("neutral"))
        if neutral and f.get("start_card") is not None:
            problems.append(Problem(f"{player.id} is neutral: its start_card is not used",
                                    hint="the first turn's cards order the players' clans; neutral clans draw no card "
                                         "and move last, after every player", path=base + ("start_card",),
                                    rule="neutral clans", severity="warning"))
        clans[player.id] = Clan(player.id, capital, neutral, int(f.get("prestige", opts["start_prestige"])))
        n = 0
        for j, spec in enumerate(f.get("armies") or []):
            path = base + ("armies", j)
            at = spec.get("at") if isinstance(spec, dict) else spec
            province, more = resolve_province(at, campaign.map, path)
            problems += more
            if not province:
                continue
            if province not in held:
                problems.append(Problem(f"army {j + 1} of {player.id} starts in {campaign.map.provinces[province].name}, outside its territory",
                                        hint="each army starts in one of the clan's provinces", path=path, rule="starting armies"))
                continue
            n += 1
            army_id = spec.get("id") if isinstance(spec, dict) and spec.get("id") else f"{player.id}-{n}"
            if army_id in armies:
                problems.append(Problem(f"army id {army_id!r} is used twice", path=path, rule="starting armies",
                                        hint="give each army an id of its own (id: ...), or leave id out for PLAYER-N"))
                continue
            strength = opts["neutral_elements"] if neutral else (spec.get("elements") if isinstance(spec, dict) and spec.get("elements") else opts["start_elements"])
            if strength > opts["max_elements"]:
                problems.append(Problem(f"{army_id} has {strength} elements, more than {opts['max_elements']}",
                                        path=path, rule="army size",
                                        hint=f"an army has at most {opts['max_elements']} elements (the campaign's max_elements)"))
                strength = opts["max_elements"]
            armies[army_id] = Army(army_id, player.id, province, strength)
            if isinstance(spec, dict) and spec.get("composition") is not None:
                list_name, slots = list_of(campaign, player.id)
                try:
                    listed = check_composition(spec["composition"], slots, list_name, strength, opts["max_elements"])
                    armies[army_id] = armies[army_id].but(elements=tuple(listed))
                except CompositionError as exc:
                    problems.append(Problem(f"{army_id} ({player.id}): {exc.message}", hint=exc.hint,
                                            path=path + ("composition",), rule="army lists"))
        clans[player.id] = clans[player.id].but(next_army=n + 1)
        if held and n != opts["start_armies"]:
            problems.append(Problem(f"{player.id} starts with {n} arm{'y' if n == 1 else 'ies'}; the rules give {opts['start_armies']}",
                                    hint="list one province per army under armies:", path=base + ("armies",),
                                    rule="starting armies", severity="warning"))
        events.append(ClanSetUp(player.id, capital, len(held), tuple(fort_ids), neutral))
        for army in (a for a in armies.values() if a.clan == player.id):
            events.append(ArmyRaised(army.id, army.clan, army.province, army.strength, N_("set-up")))
    deck = shuffled_deck(opts, dice, 1, held_marriages=0)
    state = SengokuState(0, frozen(owners), frozen(castles), frozen(clans), frozen(armies), frozen({}), frozenset(),
                         deck, 1)
    return state, events, problems
