"""What the next Pitac game day asks for (``chronicle next``): a battle to describe, each player's
orders (as many as the game day earns them: 2 for a winner, 1 for any other player in a battle),
and a notice of anything the last turn still owes (a capital to name)."""

from __future__ import annotations

from ...nextturn import BLANK, NextTurn, Slot

SHOWN = 8          # territories named in an order's note


def next_turn(campaign, history) -> NextTurn:
    state = history.final
    number = (history.turns[-1].turn.number if history.turns else 0) + 1
    # a late player whose joins: is this turn (the founders, joins: 1 or none, are on the map from the start)
    joining = [p.id for p in campaign.players if p.fields.get("joins") == number]
    on_map = [p for p in campaign.player_ids if (p in state.joined or p in joining) and p not in state.off_map]
    names = ", ".join(on_map)
    opts = campaign.options
    kinds = opts["attack_links"]
    most = max(opts["winner_moves"], opts["participant_moves"])      # the blanks a player may be owed
    battle = {"name": BLANK, "players": [BLANK, BLANK], "winner": BLANK, "vp": {}}
    orders = []
    for player in on_map:
        held = state.held_by(player)
        near = sorted({n for h in held for n in campaign.map.neighbours(h, kinds)} - set(held))
        if player in joining and not held:
            note = f"joins this turn (the capital is placed first); orders after the placement"
        else:
            note = (f"holds {_some(held)}" if held else "holds nothing") + (f"; can attack {_some(near)}" if near else "")
        orders.append(Slot(player, [BLANK] * most, note=note))
    slots = [
        Slot("title", BLANK, note="a name for the game day"),
        Slot("battles", above="\nOne entry per battle of the game day (copy it for each). Players: " + names + ".\n"
             f"Moves earned: {_moves(opts)}; for a draw, delete winner.\n"
             "vp: the victory points each player scored, e.g. {paula: 18, billy: 9}.",
             children=(Slot(None, battle),)),
        Slot("orders", above="\nOne order per move earned: \"Attack X\" (next to a territory held, by land or sea lane)\n"
             "or \"Defend X\" (a territory held: one more d10 there). Delete the blanks of moves not earned,\n"
             "and the line of a player absent from the game day.",
             children=tuple(orders)),
        Slot("dice", {"TERRITORY": {"PLAYER": ["ROLL"]}}, commented=True,
             above="\nThe rolls made on the day, territory -> player -> dice (a 10 rolls again and adds: \"10+4\")."
             + ("\nEvery die must be written (the campaign's all_dice_recorded option)."
                if campaign.options.get("all_dice_recorded") else
                "\nRolls not written are drawn from the campaign seed, the same at every build.")),
        Slot("capitals", {"PLAYER": "TERRITORY"}, commented=True,
             above="\nA player whose capital falls this turn names a new one here."),
        Slot("army_lists", ["PLAYER"], commented=True,
             above=f"\nArmy lists turned in three days early (+{opts['army_list_koku']} koku each)."),
    ]
    notices = []
    last = history.turns[-1].turn.number if history.turns else None
    for player in sorted(state.pending_capital):
        held = state.held_by(player)
        notices.append(f"{player} lost their capital in turn {last} and has not named a new one: add "
                       f"capitals: {{{player}: ...}} to content/turns/{last:03d}.yaml (choose from "
                       f"{', '.join(held) if held else 'any neutral territory'}); once turn {number} exists, "
                       f"turn {last} must name it")
    return NextTurn(tuple(slots), tuple(notices))


def blank_hint(path: tuple, options) -> str | None:
    head = path[0] if path else None
    if head == "title":
        return "a name for the game day, e.g. \"The siege of Osaka\""
    if head == "battles":
        field = path[2] if len(path) > 2 else None
        return {"name": "the battle's name, e.g. \"Ambush at the ford\"",
                "players": "a player who fought in it (delete the blank if fewer did)",
                "winner": "the player who won (one of its players); for a draw, delete the winner line"}.get(
            field, "describe the battle, or delete the entry if it was not fought")
    if head == "orders":
        who = path[1] if len(path) > 1 else "the player"
        return (f"an order of {who}: \"Attack X\" or \"Defend X\"; delete the blank if {who} earned fewer moves "
                f"({_moves(options)})")
    return None


def _moves(options) -> str:
    """The moves a game day earns, as the campaign's options set them (s.7: 2 and 1 in the seed)."""
    return (f"a winner {options['winner_moves']}, any other player in a battle {options['participant_moves']}, "
            "the absent 0")


def _some(provinces: list[str]) -> str:
    shown = ", ".join(provinces[:SHOWN])
    return shown + (f" and {len(provinces) - SHOWN} more" if len(provinces) > SHOWN else "")
