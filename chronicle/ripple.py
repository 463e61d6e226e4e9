"""The ripple of a correction: what an edit to an early turn changes in the turns after it,
compared with what the last build published.

The previous build is read back from its own files (``site/turns/NNN/state.json``), never from
a cache: the administrator sees, before publishing a correction, which provinces change hands
in which later turns, whose score moves, and whether the winner changes. Only a site chronicle
built is read; a missing or unreadable one means there is nothing to compare with.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

MAX_PROVINCES = 6          # per turn in the notice; the rest are counted


def summary_json(summary) -> dict:
    """The ruleset-neutral part of a state that a later build compares (written into state.json)."""
    return {"owners": {pid: summary.owners[pid] for pid in sorted(summary.owners)},
            "scores": {pid: summary.scores[pid] for pid in sorted(summary.scores)},
            "score_name": summary.score_name, "winner": summary.winner}


@dataclass
class TurnRipple:
    turn: int
    owners: list[tuple[str, str | None, str | None]] = field(default_factory=list)    # province, was, now
    scores: list[tuple[str, object, object]] = field(default_factory=list)            # player, was, now
    winner: tuple[str | None, str | None] | None = None                               # was, now

    def __bool__(self) -> bool:
        return bool(self.owners or self.scores or self.winner)


@dataclass
class Ripple:
    first: int                         # the first turn whose state differs from the last build
    turns: list[TurnRipple]
    score_name: str
    missing: list[int] = field(default_factory=list)    # turns the last build had and this one has not

    def lines(self, name=str) -> list[str]:
        """The notice, one line per turn that changed, in the administrator's words."""
        out = [f"Compared with the last build (site/), this replay changes turn {self.first} and what follows:"]
        for ripple in self.turns:
            parts = []
            shown = ripple.owners[:MAX_PROVINCES]
            if shown:
                parts.append(", ".join(f"{name(p)} {_owner(now, name)} (was {_owner(was, name)})" for p, was, now in shown)
                             + (f" and {len(ripple.owners) - len(shown)} more provinces" if len(ripple.owners) > len(shown) else ""))
            if ripple.scores:
                parts.append(f"{self.score_name} " + ", ".join(f"{name(p)} {now} (was {was})" for p, was, now in ripple.scores))
            if ripple.winner:
                was, now = ripple.winner
                parts.append(f"winner {name(now) if now else 'no one'} (was {name(was) if was else 'no one'})")
            out.append(f"  turn {ripple.turn}: " + "; ".join(parts))
        if self.missing:
            out.append("  turns no longer in the campaign: " + ", ".join(map(str, self.missing)))
        if len(out) == 1:
            out.append("  the turns after it end as they did before (no owner, score or winner changes)")
        return out


def _owner(owner: str | None, name) -> str:
    return f"held by {name(owner)}" if owner else "neutral"


def previous_states(site: Path) -> dict[int, dict]:
    """turn number -> the state.json of the site chronicle built last (empty if none is there)."""
    turns = Path(site) / "turns"
    found = {}
    if not turns.is_dir():
        return found
    for folder in sorted(turns.iterdir()):
        path = folder / "state.json"
        if folder.name.isdigit() and path.is_file():
            try:
                found[int(folder.name)] = _summary_part(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
    return found


SUMMARY_START = '\n  "summary": {'


def _summary_part(text: str) -> dict:
    """A state.json as far as a comparison reads it: its ``summary`` alone when the file is laid
    out as chronicle writes it (indented by two, so the object ends at the first line that is
    "  }"; no JSON string holds a newline), which spares decoding the rest (a long campaign's
    every state, most of a story edit's rebuild); else the whole file."""
    start = text.find(SUMMARY_START)
    end = text.find("\n  }", start) if start >= 0 else -1
    if end >= 0:
        try:
            summary = json.loads(text[start + len(SUMMARY_START) - 1:end + 4])
        except ValueError:
            summary = None
        if isinstance(summary, dict):
            return {"summary": summary}
    return json.loads(text)


def _view(data: dict) -> dict | None:
    """owners, scores and winner from a state.json: the neutral summary, or (an older build) the
    provinces' owners and the winner that every ruleset writes."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("summary"), dict):
        summary = data["summary"]
        return {"owners": summary.get("owners") or {}, "scores": summary.get("scores") or {},
                "winner": summary.get("winner")}
    provinces = data.get("provinces")
    if not isinstance(provinces, dict):
        return None
    owners = {pid: (p.get("owner") if isinstance(p, dict) else None) for pid, p in provinces.items()}
    return {"owners": owners, "scores": {}, "winner": data.get("winner")}


def _same(was: dict | None, now: dict | None) -> bool:
    if was is None or now is None:
        return was is now
    scored = bool(was["scores"]) and bool(now["scores"])
    return (was["owners"] == now["owners"] and was["winner"] == now["winner"]
            and (not scored or was["scores"] == now["scores"]))


def compare(previous: dict[int, dict], current: dict[int, dict], score_name: str) -> Ripple | None:
    """The ripple between the last build's states and this replay's (both turn -> state.json data).

    None when they agree on every turn the last build had (a new turn added at the end is not a
    correction), or when there was no earlier build."""
    if not previous:
        return None
    first = None
    for number in sorted(set(previous) & set(current)):
        if not _same(_view(previous[number]), _view(current[number])):
            first = number
            break
    missing = sorted(set(previous) - set(current))
    if first is None and not missing:
        return None
    if first is None:
        return Ripple(min(missing), [], score_name, missing)
    turns = []
    for number in sorted(n for n in set(previous) & set(current) if n >= first):
        was, now = _view(previous[number]), _view(current[number])
        if was is None or now is None:
            continue
        ripple = TurnRipple(number)
        for pid in sorted(set(was["owners"]) | set(now["owners"])):
            if was["owners"].get(pid) != now["owners"].get(pid):
                ripple.owners.append((pid, was["owners"].get(pid), now["owners"].get(pid)))
        if was["scores"] and now["scores"]:
            for pid in sorted(set(was["scores"]) | set(now["scores"])):
                if was["scores"].get(pid) != now["scores"].get(pid):
                    ripple.scores.append((pid, was["scores"].get(pid), now["scores"].get(pid)))
        if was["winner"] != now["winner"]:
            ripple.winner = (was["winner"], now["winner"])
        if ripple:
            turns.append(ripple)
    return Ripple(first, turns, score_name, missing)


def of_history(history, site: Path) -> Ripple | None:
    """The ripple of this replay against the site built last into ``site``."""
    previous = previous_states(site)
    if not previous:
        return None
    campaign = history.campaign
    ruleset = campaign.ruleset
    current = {0: {"summary": summary_json(ruleset.summary(campaign, history.start))}}
    for result in history.turns:
        current[result.turn.number] = {"summary": summary_json(ruleset.summary(campaign, result.after))}
    score_name = ruleset.summary(campaign, history.final).score_name
    return compare(previous, current, score_name)
