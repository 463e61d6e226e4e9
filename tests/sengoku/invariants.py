"""Invariants of a Sengoku position, checked after every replayed turn of every Sengoku test campaign.

``check_history(history)`` is called by ``helpers.play`` (every rule test), by the scenario tests
and by the example campaign's test. It raises AssertionError naming the turn and what broke:

* one owner per province: every province of the map has exactly one entry, owned by no one or by
  a clan still in the game; Kyoto belongs to no one; castles stand on the map;
* armies: of a clan in the game, on the map, 1..max_elements elements (a neutral army always has
  neutral_elements, and never stands in Kyoto: the Big Battle there does not look for one); a
  besieged army stands in its own clan's castle, under a siege, within the castle's room;
* sieges: the besieger stands in the province, the castle is an enemy's, the defender (if any) is
  shut in there;
* no two hostile armies left in the field in one province after a turn without errors (an army
  shut in its castle is in no field: the besieger, and a second army of its side beside it, stand
  there with it; anything else must have been settled by a battle or a withdrawal);
* the prestige ledger: every clan's prestige is its starting prestige plus every
  PrestigeAwarded line of every turn, and each line's cause points at an earlier event of its turn;
* alliances join clans in the game; a game over stays over; Marriage cards are never more than
  the deck holds;
* a position cannot be changed once made: its mappings (owners, castles, clans, armies, sieges,
  in_doubt) are read-only, in sorted order (a phase that changed one in place would rewrite the
  turns before it; an order of insertion would make the state JSON depend on the order of play).
"""

from __future__ import annotations

from types import MappingProxyType

from chronicle.rules.sengoku.events import PrestigeAwarded


def _turns_with_errors(history) -> set[int]:
    """The turns (0: the set-up) with an error, or with problems counted as the consequences of an
    earlier turn's error (an army in doubt since: its meeting may be left open as the error left it)."""
    bad = set()
    for problem in history.problems:
        consequence = problem.rule == "consequences of an earlier error"
        if (problem.severity != "error" and not consequence) or problem.place is None:
            continue
        name = problem.place.file.replace("\\", "/").rsplit("/", 1)[-1]
        stem = name.split(".", 1)[0]
        if "turns/" in problem.place.file.replace("\\", "/") and stem.isdigit():
            bad.add(int(stem))
        elif problem.place.file.endswith("campaign.yaml"):
            bad.add(0)
    return bad


def check_state(campaign, state, where: str, settled: bool = True) -> None:
    opts = campaign.options
    game_map = campaign.map
    clans = state.clans
    for name in ("owners", "castles", "clans", "armies", "sieges", "in_doubt"):
        mapping = getattr(state, name)
        assert isinstance(mapping, MappingProxyType), f"{where}: the state's {name} can be changed in place"
        assert list(mapping) == sorted(mapping), f"{where}: the state's {name} are not in order"
    # one owner per province
    assert set(state.owners) == set(game_map.provinces), f"{where}: the owners do not cover the map exactly"
    for province, owner in state.owners.items():
        assert owner is None or owner in clans, f"{where}: {province} is owned by unknown clan {owner!r}"
        assert owner is None or clans[owner].active, f"{where}: {province} still belongs to {owner}, out of the game"
        if game_map.provinces[province].has("kyoto"):
            assert owner is None, f"{where}: Kyoto ({province}) belongs to {owner}"
    for province, kind in state.castles.items():
        assert province in game_map.provinces and kind in ("capital", "fortress"), f"{where}: bad castle {province}: {kind}"
    # armies
    inside: dict[str, int] = {}
    for army in state.armies.values():
        clan = clans.get(army.clan)
        assert clan is not None and clan.active, f"{where}: {army.id} belongs to {army.clan}, which is not in the game"
        assert army.province in game_map.provinces, f"{where}: {army.id} stands off the map in {army.province}"
        assert 1 <= army.strength <= opts["max_elements"], f"{where}: {army.id} has {army.strength} elements"
        if clan.neutral:
            assert army.strength == opts["neutral_elements"], f"{where}: neutral {army.id} has {army.strength} elements"
            assert not game_map.provinces[army.province].has("kyoto"), f"{where}: neutral {army.id} stands in Kyoto"
        if army.besieged:
            assert state.owners.get(army.province) == army.clan and army.province in state.castles, \
                f"{where}: {army.id} is besieged in {army.province}, which is not its clan's castle"
            assert army.province in state.sieges, f"{where}: {army.id} is besieged but no siege is laid at {army.province}"
            inside[army.province] = inside.get(army.province, 0) + 1
    for province, count in inside.items():
        assert count <= state.capacity(province, opts), f"{where}: {count} armies shut in {province}"
    # sieges
    for province, siege in state.sieges.items():
        besieger = state.armies.get(siege.besieger)
        assert besieger is not None and besieger.province == province, f"{where}: the besieger of {province} is not there"
        owner = state.owners.get(province)
        assert province in state.castles and owner is not None and state.enemies(owner, besieger.clan), \
            f"{where}: the siege of {province} is not laid to an enemy castle"
        if siege.defender is not None:
            defender = state.armies.get(siege.defender)
            assert defender is not None and defender.province == province and defender.besieged, \
                f"{where}: the defender of {province} is not shut in there"
    # no two hostile armies left in the field together
    if settled:
        for province in {a.province for a in state.armies.values()}:
            here = [a for a in state.armies.values() if a.province == province]
            for a in here:
                for b in here:
                    if a.id >= b.id or not state.enemies(a.clan, b.clan):
                        continue
                    if a.besieged or b.besieged:     # in its castle (under a siege, checked above), not in the field
                        continue
                    raise AssertionError(f"{where}: {a.id} and {b.id} are hostile and both stand in {province} "
                                         "without a siege or a battle")
    # alliances, the Marriage cards
    for pair in state.alliances:
        assert all(c in clans and clans[c].active for c in pair), f"{where}: alliance {sorted(pair)} with a clan out of the game"
    marriages = sum(c.hand.count("marriage") for c in clans.values()) + state.deck.count("marriage")
    assert marriages <= int((opts["deck"] or {}).get("marriage", 0)), f"{where}: {marriages} Marriage cards"
    if state.winner is not None:
        assert state.game_over and state.winner in clans, f"{where}: a winner without the game being over"


def check_history(history) -> None:
    """Every invariant after the set-up and after every replayed turn."""
    campaign = history.campaign
    bad = _turns_with_errors(history)
    check_state(campaign, history.start, "after the set-up", settled=0 not in bad)
    ledger = {c: clan.prestige for c, clan in history.start.clans.items()}
    over = history.start.game_over
    for result in history.turns:
        number = result.turn.number
        where = f"after turn {number}"
        check_state(campaign, result.after, where, settled=number not in bad and 0 not in bad)
        for i, event in enumerate(result.events):
            if isinstance(event, PrestigeAwarded):
                assert event.cause is None or 0 <= event.cause < i, f"{where}: ledger line {i} has cause {event.cause}"
                ledger[event.clan] = ledger.get(event.clan, 0) + event.points
        for clan_id, clan in result.after.clans.items():
            assert clan.prestige == ledger.get(clan_id, 0), \
                f"{where}: {clan_id} has {clan.prestige} prestige but the ledger sums to {ledger.get(clan_id, 0)}"
        if over:
            assert result.after.game_over, f"{where}: the game was over and started again"
        over = result.after.game_over
