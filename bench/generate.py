"""Write a realistic large campaign to disk, for the benchmark (and for anyone who wants one).

    python bench/generate.py DIR --ruleset pitac|sengoku --turns 500 [--players 12] [--seed 1]

Pitac: each turn every player sits at a table of 2 to 4, with an order for every move earned
(Attack or Defend), dice partly recorded and partly left to be drawn, and a new capital named
when one fell. Sengoku: twelve clans of five provinces and three armies; each turn armies step
into neighbouring provinces, an army entering where an enemy stands is given battle (entered
with both sides' losses), initiative dice are partly recorded. Every turn has a 1-3 KB story. The work is O(turns): the generator keeps the state in memory and plays each new turn
once through the ruleset, as a replay would, instead of reloading and replaying the whole
campaign for every turn it adds.

An order the rules would reject is not guessed around: the generator writes what a player
might plausibly write, asks the ruleset's own ``check``, and drops each entry a problem points
at (its path in the turn file) until the turn is clean. So every generated campaign checks.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chronicle.content import load_campaign  # noqa: E402
from chronicle.dice import DiceBox  # noqa: E402
from chronicle.errors import ChronicleError  # noqa: E402

COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000",
           "#882255", "#44AA99", "#999933", "#AA4499", "#332288", "#117733", "#DDCC77", "#88CCEE"]
NAMES = ["Akiko", "Benkei", "Chiyo", "Daisuke", "Emi", "Fumio", "Goro", "Hana", "Isamu", "Jiro", "Kaede",
         "Loris", "Mana", "Nobu", "Osamu", "Rin"]
WORDS = ("the army marched through rain and mud to the river where the enemy waited behind stakes "
         "and banners while scouts reported fires on the hills and the generals argued late into "
         "the night over maps and cups of tea until the dawn brought drums arrows cavalry charges "
         "a broken flank a brave stand at the bridge and a long retreat toward the castle walls").split()


# ---- the campaign file ---------------------------------------------------------------------------

def pitac_campaign(game_map, players: int, rng: random.Random) -> dict:
    starts = [p for p in game_map.ids if "no_start_capital" not in game_map.provinces[p].flags]
    step = max(1, len(starts) // players)
    capitals = starts[::step][:players]
    if len(capitals) < players:
        raise SystemExit(f"the map has room for {len(capitals)} starting capitals, not {players}")
    return {
        "title": f"Benchmark: {players} clans of the Pitac",
        "description": "A generated campaign for chronicle's benchmark.",
        "ruleset": "pitac", "map": "japan", "seed": 1,
        # nobody wins: the campaign runs as long as the benchmark asks
        "options": {"shogun_share_large": "1/1"},
        "players": [{"id": f"p{i:02d}", "name": f"{NAMES[i % len(NAMES)]} {i + 1}", "colour": COLOURS[i % len(COLOURS)],
                     "capital": capitals[i]} for i in range(players)],
    }


# ---- one turn ------------------------------------------------------------------------------------

def battles(ids: list[str], rng: random.Random) -> list[list[str]]:
    """Every player at a table of 2 to 4 (the last table takes whoever is left)."""
    shuffled = ids[:]
    rng.shuffle(shuffled)
    tables, i = [], 0
    while i < len(shuffled):
        size = rng.choice((2, 2, 2, 3, 4))
        if len(shuffled) - i - size == 1:         # no one sits alone at the last table
            size = size + 1 if size < 4 else size - 1
        tables.append(shuffled[i:i + size])
        i += size
    return tables


def pitac_turn(campaign, state, number: int, rng: random.Random) -> dict:
    game_map = campaign.map
    ids = campaign.player_ids
    data: dict = {"title": f"Turn {number}: {rng.choice(WORDS).title()} {rng.choice(WORDS)}",
                  "date": _date(number), "battles": [], "orders": {}, "dice": {}}
    moves: dict[str, int] = {}
    for t, table in enumerate(battles(ids, rng)):
        winner = rng.choice(table) if rng.random() > 0.1 else None
        entry = {"name": f"Table {t + 1}", "players": table, "vp": {p: rng.randint(2, 20) for p in table}}
        if winner:
            entry["winner"] = winner
        data["battles"].append(entry)
        for p in table:
            moves[p] = 2 if p == winner else 1
    for p in ids:
        held = state.held_by(p)
        if not held:
            continue
        targets = sorted({n for h in held for n in game_map.neighbours(h)} - set(held))
        orders = []
        for _ in range(moves.get(p, 0)):
            if targets and rng.random() < 0.85:
                target = rng.choice(targets)
                orders.append(f"Attack {game_map.provinces[target].name}")
                if rng.random() < 0.4:          # a roll made at the table, written down
                    roll = rng.randint(1, 10)
                    data["dice"].setdefault(target, {}).setdefault(p, []).append(
                        f"10+{rng.randint(1, 10)}" if roll == 10 else roll)
            else:
                orders.append(f"Defend {game_map.provinces[rng.choice(held)].name}")
        if orders:
            data["orders"][p] = orders
    if rng.random() < 0.3:
        data["army_lists"] = sorted(rng.sample(ids, 2))
    return data


def pitac_after(campaign, after, data: dict) -> bool:
    """A player whose capital fell names a new one (one of theirs, else a neutral territory no one
    else names); True if the turn changed."""
    if not after.pending_capital:
        return False
    free = iter(after.neutral())
    data["capitals"] = {p: after.held_by(p)[0] if after.held_by(p) else next(free)
                        for p in sorted(after.pending_capital)}
    return True


def sengoku_campaign(game_map, players: int, rng: random.Random) -> dict:
    """Clans of five provinces each, grown from capitals spread over the map; two armies each."""
    ids = game_map.ids
    free = set(ids) - {p for p in ids if "kyoto" in game_map.provinces[p].flags}
    step = max(1, len(free) // players)
    candidates = [p for p in ids if p in free][::step] + [p for p in ids if p in free]
    clans, owned = [], set()
    for capital in candidates:
        if len(clans) == players:
            break
        if capital in owned:
            continue
        land, frontier = [capital], [capital]
        while len(land) < 5 and frontier:
            here = frontier.pop(0)
            for n in sorted(game_map.neighbours(here)):
                if n in free and n not in owned and n not in land and len(land) < 5:
                    land.append(n)
                    frontier.append(n)
        if len(land) < 3:                      # no room for a capital, a fortress and a third army
            continue
        owned.update(land)
        i = len(clans)
        clans.append({"id": f"c{i:02d}", "name": f"{NAMES[i % len(NAMES)]} clan", "colour": COLOURS[i % len(COLOURS)],
                      "capital": capital, "fortress": land[1], "provinces": land, "armies": land[:3]})
    if len(clans) < players:
        raise SystemExit(f"the map has room for {len(clans)} clans, not {players}")
    # the game ends when the last deck is dealt: enough decks for any length of campaign
    return {"title": f"Benchmark: {players} clans of the Sengoku", "description": "A generated campaign for chronicle's benchmark.",
            "ruleset": "sengoku", "map": "japan", "seed": 1, "options": {"decks": 10000}, "players": clans}


def sengoku_turn(campaign, state, number: int, rng: random.Random) -> dict:
    """Armies step into a neighbouring province; one entering where an enemy army stands in the
    field is given battle, entered with the losses of both sides."""
    game_map = campaign.map
    data: dict = {"title": f"Turn {number}: {rng.choice(WORDS).title()} {rng.choice(WORDS)}",
                  "dice": {"initiative": {}}, "moves": {}, "responses": {}, "battles": []}
    targets, moved, staying = set(), set(), set()
    for clan in sorted(state.clans):
        if rng.random() < 0.5 and clan in campaign.player_ids:
            data["dice"]["initiative"][clan] = rng.randint(1, 6)        # rolled at the table; the rest drawn
    armies = sorted(state.armies.values(), key=lambda a: a.id)
    rng.shuffle(armies)
    for army in armies:
        if army.besieged or army.id in staying or rng.random() < 0.4:
            continue
        options = sorted(n for n in game_map.neighbours(army.province) if n not in targets)
        if not options:
            continue
        goal = rng.choice(options)
        there = [a for a in state.armies_in(goal) if a.id not in moved]
        enemies = [a for a in there if state.enemies(a.clan, army.clan) and not a.besieged]
        if len(enemies) > 1 or (enemies and len(there) > 1):
            continue
        targets.add(goal)
        moved.add(army.id)
        staying.update(a.id for a in there)
        data["moves"][army.id] = [goal]
        if enemies:
            lost = rng.sample([0, 1, 2, 3], 2)
            data["responses"][enemies[0].id] = "battle"
            data["battles"].append({"at": goal, "attacker": {"army": army.id, "lost": lost[0]},
                                    "defender": {"army": enemies[0].id, "lost": lost[1]}})
    return data


def sengoku_after(campaign, after, data: dict) -> bool:
    return False


RULESETS = {"pitac": (pitac_campaign, pitac_turn, pitac_after),
            "sengoku": (sengoku_campaign, sengoku_turn, sengoku_after)}


# ---- the loop ------------------------------------------------------------------------------------

def story(number: int, rng: random.Random) -> str:
    """1 to 3 KB of Markdown: a heading, paragraphs, now and then a list or a quote."""
    size = rng.randint(1000, 3000)
    parts = [f"# Turn {number}\n"]
    length = len(parts[0])
    while length < size:
        words = [rng.choice(WORDS) for _ in range(rng.randint(25, 70))]
        words[0] = words[0].title()
        if rng.random() < 0.2:
            words[3] = f"**{words[3]}**"
        paragraph = " ".join(words) + "."
        if rng.random() < 0.15:
            paragraph = "> " + paragraph
        elif rng.random() < 0.1:
            paragraph = "\n".join(f"- {w}" for w in words[:4])
        parts.append(paragraph + "\n")
        length += len(paragraph) + 2
    return "\n".join(parts)


def _date(number: int) -> str:
    year, week = divmod(number - 1, 52)
    month, day = divmod(week * 7, 28)
    return f"{2000 + year:04d}-{month % 12 + 1:02d}-{day % 28 + 1:02d}"


#: a problem inside one of these is answered by dropping the whole entry (a battle, a move)
WHOLE = {"battles": 2, "moves": 2, "responses": 2}


def _drop(data: dict, path: tuple) -> bool:
    """Remove what ``path`` points at in ``data`` (the entry a problem names); False if nothing."""
    if not path:
        return False
    path = tuple(path)[:WHOLE.get(path[0], len(path))]
    if path[0] == "battles" and len(path) == 2:       # a battle dropped: its move and answer go too
        try:
            battle = data["battles"][path[1]]
            for side in ("attacker", "defender"):
                army = battle.get(side, {}).get("army") if isinstance(battle.get(side), dict) else None
                data.get("moves", {}).pop(army, None)
                data.get("responses", {}).pop(army, None)
        except (IndexError, KeyError, TypeError, AttributeError):
            pass
    node = data
    for key in path[:-1]:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return False
    try:
        del node[path[-1]]
    except (KeyError, IndexError, TypeError):
        return False
    return True


def _tidy(data: dict) -> dict:
    """Without the empty entries that dropping left behind (a territory with no dice left)."""
    for key in ("dice", "orders"):
        if isinstance(data.get(key), dict):
            data[key] = {k: v for k, v in data[key].items() if v}
            for inner in data[key].values():
                if isinstance(inner, dict):
                    for k in [k for k, v in inner.items() if not v]:
                        del inner[k]
            data[key] = {k: v for k, v in data[key].items() if v}
            if not data[key]:
                del data[key]
    for key in [k for k, v in data.items() if isinstance(v, (dict, list)) and not v]:
        del data[key]
    return data


def clean_turn(campaign, state, number: int, data: dict):
    """(record, data) once the ruleset finds nothing wrong, dropping what a problem points at."""
    ruleset = campaign.ruleset
    for _attempt in range(200):
        record, problems = ruleset.parse_turn(campaign, number, copy.deepcopy(data))
        problems = list(problems) + list(ruleset.check(campaign, state, record))
        errors = [p for p in problems if p.severity == "error"]
        if not errors:
            return record, _tidy(data)
        if not any(_drop(data, e.path) for e in errors):
            raise SystemExit(f"turn {number}: cannot fix {errors[0].format()} (path {errors[0].path})")
    raise SystemExit(f"turn {number}: still wrong after 200 fixes")


def generate(root: Path, ruleset: str = "pitac", turns: int = 100, players: int = 12, seed: int = 1,
             first: int = 1) -> None:
    """Write ``root/content`` with ``turns`` turns (or add turns ``first``.. to an existing one)."""
    make_campaign, make_turn, after_turn = RULESETS[ruleset]
    content = root / "content"
    (content / "turns").mkdir(parents=True, exist_ok=True)
    from chronicle.maps import load_bundled
    game_map, _ = load_bundled("japan")
    rng = random.Random(seed)
    if first == 1:
        (content / "campaign.yaml").write_text(yaml.safe_dump(make_campaign(game_map, players, rng), sort_keys=False,
                                                              allow_unicode=True), encoding="utf-8")
    campaign, problems = load_campaign(root)
    if campaign is None:
        raise ChronicleError(problems)
    dice = DiceBox(campaign.seed)
    state = _state_before(campaign, first, dice)
    for number in range(first, first + turns):
        rng = random.Random(f"{seed}:{number}")
        data = make_turn(campaign, state, number, rng)
        record, data = clean_turn(campaign, state, number, data)
        after, events = campaign.ruleset.resolve(campaign, state, record, dice)
        if after_turn(campaign, after, data):
            record, data = clean_turn(campaign, state, number, data)
            after, events = campaign.ruleset.resolve(campaign, state, record, dice)
        late = [p for p in campaign.ruleset.review(campaign, state, after, record, events, False) if p.severity == "error"]
        if late:
            raise SystemExit(f"turn {number}: {late[0].format()}")
        (content / "turns" / f"{number:03d}.yaml").write_text(
            yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110, default_flow_style=None), encoding="utf-8")
        (content / "turns" / f"{number:03d}.md").write_text(story(number, rng), encoding="utf-8")
        state = after


def _state_before(campaign, first: int, dice):
    """The state at the start of turn ``first``: replayed once from the files already written."""
    ruleset = campaign.ruleset
    state, _events, _problems = ruleset.initial_state(campaign, dice)
    if first > 1:
        from chronicle.history import replay
        loaded, _ = load_campaign(campaign.root)
        history = replay(loaded)
        state = history.final
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default="pitac")
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--add", action="store_true", help="add turns after the last one already there")
    args = parser.parse_args()
    first = 1
    if args.add:
        first = 1 + max((int(p.stem) for p in (args.directory / "content" / "turns").glob("*.yaml")), default=0)
    generate(args.directory, args.ruleset, args.turns, args.players, args.seed, first)


if __name__ == "__main__":
    main()
