"""The drawn-dice notice, end to end, for Clan War and Campagna (Pitac's is in tests/test_gameday.py):
when chronicle rolls a die the administrator did not write, ``check`` and ``build`` say so -- which
turn, how many dice, which file to write them in, each roll and its values -- and the values are the
ones the replay used (``state --json``'s dice not recorded). Written back into the turn file, the
same values give the same position and no notice. Before rules.PlaysOnce was shared, Clan War's and
Campagna's drawn dice could be missing from this notice (tests/test_plays_once.py)."""

from __future__ import annotations

import json
import textwrap

import yaml

from clanwar.helpers import CAMPAIGN as CLANWAR
from campagna.helpers import write as write_campagna


def notice(stderr: str) -> list[str]:
    """The notice's lines: its heading and the indented rolls under it."""
    lines = stderr.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("Drawn from the campaign seed")), None)
    if start is None:
        return []
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return lines[start:end]


def drawn_dice(run, root) -> list[dict]:
    state = run("state", root, "--json")
    assert state.exit_code == 0, state.output
    return [d for d in json.loads(state.stdout)["dice"] if not d["recorded"]]


def position(run, root) -> dict:
    """The state JSON without what says how each die came (written or drawn) and the events."""
    def plain(value):
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items() if k != "recorded"}
        return [plain(v) for v in value] if isinstance(value, list) else value
    state = json.loads(run("state", root, "--json").stdout)
    return plain({key: value for key, value in state.items() if key not in ("dice", "events")})


def told_then_written(run, root, check, expected: list[str], written: str) -> None:
    """``check`` (chronicle check's result) and a build give the notice ``expected``; with the turn
    file rewritten as ``written`` (the drawn values entered at the table) the position is the same
    and nothing is drawn or told."""
    assert notice(check.stderr) == expected
    built = run("build", root, "--quiet")
    assert built.exit_code == 0, built.output
    assert notice(built.stderr) == expected
    before = position(run, root)
    (root / "content" / "turns" / "001.yaml").write_text(written, encoding="utf-8")
    again = run("check", root)
    assert again.exit_code == 0, again.output
    assert notice(again.stderr) == [] and drawn_dice(run, root) == []
    assert position(run, root) == before


# ---- Clan War ------------------------------------------------------------------------------------

BATTLE = textwrap.dedent("""\
    moves:
      primary: {lion-1: doji}
    battles:
      - {at: doji, sides: [[crane], [lion]], winner: crane, withdraw: {lion: matsu}}
    """)


def test_clanwar_check_and_build_name_the_dice_the_seed_drew(run, make_campaign):
    """Both armies survive the battle: each makes its two experience checks (L150-155), a d10 for
    Morale and one for Training, none written."""
    root = make_campaign(CLANWAR, {1: BATTLE})
    result = run("check", root)
    assert result.exit_code == 0, result.output
    dice = drawn_dice(run, root)
    assert [(d["purpose"], d["subject"], d["index"]) for d in dice] == [
        ("experience", "crane-1", 0), ("experience", "crane-1", 1), ("experience", "lion-1", 0), ("experience", "lion-1", 1)]
    values = {subject: [d["value"] for d in dice if d["subject"] == subject] for subject in ("crane-1", "lion-1")}
    expected = [
        "Drawn from the campaign seed in turn 1 (4 dice not written in content/turns/001.yaml; "
        "write them there to use the table's rolls):",
        f"  experience, crane-1: {values['crane-1'][0]}, {values['crane-1'][1]}",
        f"  experience, lion-1: {values['lion-1'][0]}, {values['lion-1'][1]}"]
    told_then_written(run, root, result, expected,
                      BATTLE + yaml.safe_dump({"dice": {"experience": values}}, default_flow_style=None))


def test_clanwar_the_notice_is_for_the_last_turn_only(run, make_campaign):
    """Turn 1 drew its dice; turn 2 draws none: the notice speaks of the turn being entered."""
    root = make_campaign(CLANWAR, {1: BATTLE, 2: "title: a quiet turn\n"})
    result = run("check", root)
    assert result.exit_code == 0, result.output
    assert notice(result.stderr) == []


# ---- Campagna ------------------------------------------------------------------------------------

SKIRMISH = ("turn: 1\norders: {anna: [Schermaglia GOLA]}\nanswers:\n  gola: {interviene: carla}\nbattles:\n"
            "  - {at: gola, generals: {anna: killed}, winner: carla, victory: minor, score: {anna: 2, carla: 4}")


def test_campagna_check_and_build_name_the_dice_the_seed_drew(run, tmp_path):
    """Anna's General is killed at Gola and his fate D6 (R48) is not written: the seed rolls it."""
    write_campagna(tmp_path, options={"min_actions": 0})
    (tmp_path / "content" / "turns" / "001.yaml").write_text(SKIRMISH + "}\n", encoding="utf-8")
    result = run("check", tmp_path)
    assert result.exit_code == 0, result.output
    (die,) = drawn_dice(run, tmp_path)
    assert (die["purpose"], die["subject"]) == ("fate", "anna") and 1 <= die["value"] <= 6
    expected = [
        "Drawn from the campaign seed in turn 1 (1 die not written in content/turns/001.yaml; "
        "write them there to use the table's rolls):",
        f"  fate, Gola, Anna: {die['value']}"]
    told_then_written(run, tmp_path, result, expected, SKIRMISH + f", fate: {{anna: {die['value']}}}}}\n")
