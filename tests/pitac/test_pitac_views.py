"""What the map and `chronicle next` show of a Pitac turn, word for word: each order's mark (its
name, where its arrow starts, how it ended) and the next game day's worksheet for a player who
joins that day. Found unread by mutation testing (scripts/mutate pitac): a mark's name, the words of
a failed attack or a lost defence, and the joiner's note passed every rule test."""

from __future__ import annotations

import textwrap

from chronicle.history import load_history
from chronicle.nextturn import render
from chronicle.rules import Outcome
from samples import PAULA_TAKES_INABA, SMALL_CAMPAIGN

THREE = SMALL_CAMPAIGN.replace("players:\n", "players:\n  - {id: billy, name: Billy Blue, capital: higo}\n")
TURNS = {
    1: """
       battles:
         - {players: [paula, ginger, billy], winner: [paula, ginger]}
       orders:
         paula: [Attack Inaba, Defend Tosa]
         ginger: [Attack Inaba, Defend Awaji]
         billy: [Attack Izumo]
       dice:
         inaba: {paula: 3, ginger: 9}
         izumo: {billy: 1}
       """,
    2: """
       battles:
         - {players: [paula, ginger, billy], winner: [paula, billy]}
       orders:
         paula: [Attack Inaba, Defend Tosa]
         billy: [Attack Tosa, Attack Izumo]
         ginger: [Defend Inaba]
       dice:
         inaba: {paula: 1, ginger: [1, 1]}
         tosa: {billy: 5, paula: [5, 5, 5, 5]}
         izumo: {billy: 2}
       """,
}


def _marks(history, number: int):
    result = history.result(number)
    return history.campaign.ruleset.map_marks(history.campaign, result.before, result.after, result.record, result.events)


def test_every_order_s_mark_word_for_word(make_campaign):
    """Each form an order's mark takes: an attack taken, one another challenger won, one that stays
    neutral (a 1 always fails), one the holder held on a tie, one that sent the territory back to
    neutral on a tie of ones; a defence no one tested, one that held, one lost to neutral. An attack
    across a sea lane starts from the territory it crosses from (Higo for Billy's attack on Tosa)."""
    history = load_history(make_campaign(THREE, {n: textwrap.dedent(t) for n, t in TURNS.items()}))
    marks = [[(o.kind, o.player, o.path, o.outcome, o.name, o.count, o.title) for o in _marks(history, n).orders]
             for n in (1, 2)]
    assert marks == [[
        ("attack", "paula", ("tosa", "inaba"), Outcome.FAILED, "Attack", 1,
         "Paula Purple: Attack Inaba — failed: Ginger Green took it"),
        ("defend", "paula", ("tosa",), Outcome.NONE, "Defend", 1, "Paula Purple: Defend Tosa — no one attacked it"),
        ("attack", "ginger", ("awaji", "inaba"), Outcome.SUCCEEDED, "Attack", 1, "Ginger Green: Attack Inaba — taken"),
        ("defend", "ginger", ("awaji",), Outcome.NONE, "Defend", 1, "Ginger Green: Defend Awaji — no one attacked it"),
        ("attack", "billy", ("higo", "izumo"), Outcome.FAILED, "Attack", 1,
         "Billy Blue: Attack Izumo — failed: it stays neutral (a 1 always fails)"),
    ], [
        ("attack", "paula", ("tosa", "inaba"), Outcome.FAILED, "Attack", 1,
         "Paula Purple: Attack Inaba — failed: it returned to neutral (a tie of ones returns the territory to neutral)"),
        ("defend", "paula", ("tosa",), Outcome.SUCCEEDED, "Defend", 1, "Paula Purple: Defend Tosa — held"),
        ("attack", "billy", ("higo", "tosa"), Outcome.FAILED, "Attack", 1,
         "Billy Blue: Attack Tosa — failed: Paula Purple held it (a tie goes to the defender)"),
        ("attack", "billy", ("higo", "izumo"), Outcome.SUCCEEDED, "Attack", 1, "Billy Blue: Attack Izumo — taken"),
        ("defend", "ginger", ("inaba",), Outcome.FAILED, "Defend", 1, "Ginger Green: Defend Inaba — lost: it returned to neutral"),
    ]]


def test_the_next_game_day_s_worksheet_for_a_player_joining_that_day(make_campaign):
    """Seed: "New players can start in the middle of the campaign". Riddle joins at turn 2: the
    worksheet lists Riddle's orders with a note that the capital is placed first (Riddle holds
    nothing yet), and every other player's with what they hold and may attack."""
    campaign = SMALL_CAMPAIGN.replace("players:\n", "players:\n  - {id: riddle, name: Riddle Red, joins: 2}\n")
    history = load_history(make_campaign(campaign, {1: PAULA_TAKES_INABA}))
    wanted = history.campaign.ruleset.next_turn(history.campaign, history)
    assert "\n".join(render(wanted.slots)) == textwrap.dedent("""\
        title: ___  # a name for the game day

        # One entry per battle of the game day (copy it for each). Players: riddle, paula, ginger.
        # Moves earned: a winner 2, any other player in a battle 1, the absent 0; for a draw, delete winner.
        # vp: the victory points each player scored, e.g. {paula: 18, billy: 9}.
        battles:
          - {name: ___, players: [___, ___], winner: ___, vp: {}}

        # One order per move earned: "Attack X" (next to a territory held, by land or sea lane)
        # or "Defend X" (a territory held: one more d10 there). Delete the blanks of moves not earned,
        # and the line of a player absent from the game day.
        orders:
          riddle: [___, ___]  # joins this turn (the capital is placed first); orders after the placement
          paula: [___, ___]  # holds inaba, tosa; can attack awaji, higo, izumo
          ginger: [___, ___]  # holds awaji; can attack inaba

        # The rolls made on the day, territory -> player -> dice (a 10 rolls again and adds: "10+4").
        # Rolls not written are drawn from the campaign seed, the same at every build.
        # dice: {TERRITORY: {PLAYER: [ROLL]}}

        # A player whose capital falls this turn names a new one here.
        # capitals: {PLAYER: TERRITORY}

        # Army lists turned in three days early (+50 koku each).
        # army_lists: [PLAYER]""")
    assert wanted.notices == ()


def test_the_first_game_day_s_worksheet_leaves_out_a_player_who_joins_later(make_campaign):
    """Before any turn, `chronicle next` is for game day 1: every founder has orders (Riddle, who writes
    no capital, has the one drawn for it), and Yoko, who joins at turn 2, none yet (found by
    scripts/mutate: no test asked for the worksheet before the first turn)."""
    campaign = SMALL_CAMPAIGN.replace("players:\n", "players:\n  - {id: riddle, name: Riddle Red}\n"
                                      "  - {id: yoko, name: Yoko Yellow, joins: 2}\n")
    history = load_history(make_campaign(campaign, {}))
    lines = [line for line in render(history.campaign.ruleset.next_turn(history.campaign, history).slots)
             if "Players:" in line or "holds" in line]
    assert lines == ["# One entry per battle of the game day (copy it for each). Players: riddle, paula, ginger.",
                     "  riddle: [___, ___]  # holds inaba; can attack awaji, izumo, tosa",
                     "  paula: [___, ___]  # holds tosa; can attack higo, inaba",
                     "  ginger: [___, ___]  # holds awaji; can attack inaba"]


def test_an_arrow_starts_from_a_capital_joined_or_a_territory_given_that_turn(make_campaign):
    """The map judges orders against the position after the turn's joins and gifts, as the rules
    do: Riddle, joining at Higo, attacks Tosa across the sea lane from Higo; Ginger, given Inaba by
    Paula, attacks Izumo from Inaba (Awaji, Ginger's other territory, does not border Izumo)."""
    campaign = SMALL_CAMPAIGN.replace("players:\n", "players:\n  - {id: riddle, name: Riddle Red, joins: 2}\n")
    history = load_history(make_campaign(campaign, {n: textwrap.dedent(t) for n, t in {
        1: PAULA_TAKES_INABA,
        2: """
           gifts:
             - {from: paula, to: ginger, territory: inaba}
           battles:
             - {players: [paula, ginger, riddle], winner: [ginger, riddle]}
           orders:
             riddle: [Attack Tosa]
             ginger: [Attack Izumo]
           dice:
             tosa: {riddle: 2, paula: [5, 5, 5]}
             izumo: {ginger: 6}
           """}.items()}))
    assert [(o.player, o.path, o.outcome, o.title) for o in _marks(history, 2).orders] == [
        ("riddle", ("higo", "tosa"), Outcome.FAILED,
         "Riddle Red: Attack Tosa — failed: Paula Purple held it (the defender rolled highest)"),
        ("ginger", ("inaba", "izumo"), Outcome.SUCCEEDED, "Ginger Green: Attack Izumo — taken")]


def test_the_worksheet_owes_a_capital_from_any_neutral_territory_to_a_player_left_with_nothing(make_campaign):
    """Seed: "If you lose your capital, pick another territory you occupy or if you don't occupy any
    territories you get to pick any neutral territory." Ginger loses Awaji, all it held, and names
    no new capital: `chronicle next` says so, and what Ginger may choose from."""
    history = load_history(make_campaign(SMALL_CAMPAIGN, {n: textwrap.dedent(t) for n, t in {
        1: PAULA_TAKES_INABA,
        2: """
           battles:
             - {players: [paula, ginger], winner: paula}
           orders:
             paula: [Attack Awaji, Attack Awaji]
           dice:
             awaji: {paula: [9, 9], ginger: [1, 2, 3]}
           """}.items()}))
    assert [(e.kind, e.player) for e in history.result(2).events if type(e).__name__ == "CapitalPending"] == [
        ("capital-pending", "ginger")]
    wanted = history.campaign.ruleset.next_turn(history.campaign, history)
    assert wanted.notices == (
        "ginger lost their capital in turn 2 and has not named a new one: add capitals: {ginger: ...} to "
        "content/turns/002.yaml (choose from any neutral territory); once turn 3 exists, turn 2 must name it",)
    lines = [line for line in render(wanted.slots) if "holds" in line]
    assert lines == ["  paula: [___, ___]  # holds awaji, inaba, tosa; can attack higo, izumo",
                     "  ginger: [___, ___]  # holds nothing"]


def test_the_worksheet_names_eight_territories_and_counts_the_rest(make_campaign):
    """Shinano borders ten provinces on the bundled map: the note names eight and counts two more."""
    campaign = "title: t\nruleset: pitac\nseed: 3\nmap: japan\nplayers:\n  - {id: paula, capital: shinano}\n  - {id: ginger, capital: tosa}\n"
    history = load_history(make_campaign(campaign, {}))
    lines = [line for line in render(history.campaign.ruleset.next_turn(history.campaign, history).slots) if "holds" in line]
    assert lines == ["  paula: [___, ___]  # holds shinano; can attack echigo, etchu, hida, kai, kozuke, mikawa, mino, "
                     "musashi and 2 more",
                     "  ginger: [___, ___]  # holds tosa; can attack awa_shikoku, iyo"]


def test_a_drawn_battle_s_mark_and_the_standings_whole(make_campaign):
    """A battle with no winner is a drawn contest on the map; the standings give every column, the
    rows in order of territories held, each status (not joined yet, on the map) and the Shogun's
    share as a note, and name the columns the site sorts by (territories) and marks (status)."""
    campaign = SMALL_CAMPAIGN.replace("players:\n", "players:\n  - {id: riddle, name: Riddle Red, joins: 3}\n")
    history = load_history(make_campaign(campaign, {1: textwrap.dedent("""
       battles:
         - {players: [paula, ginger]}
       orders:
         paula: [Attack Inaba]
       dice:
         inaba: {paula: 7}
       """)}))
    (battle,) = [c for c in _marks(history, 1).contests if c.kind == "battle"]
    assert (battle.outcome, battle.winner, battle.title) == (Outcome.DRAWN, None, "Battle 1: Paula Purple vs Ginger Green, no winner")
    table = history.campaign.ruleset.standings(history.campaign, history.final)
    assert (table.columns, table.rows, table.notes, table.key) == (
        ("Territories", "Capital", "VP (this epoch)", "VP (all time)", "Status"),
        (("paula", (2, "tosa", 0, 0, "")), ("ginger", (1, "awaji", 0, 0, "")), ("riddle", (0, "-", 0, 0, "not joined"))),
        ("Shogun at 3 of 5 territories.",), ("Territories", "Status"))
