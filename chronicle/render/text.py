"""Plain-text views for the terminal."""

from __future__ import annotations


def table(headers, rows) -> str:
    cells = [list(map(str, headers))] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = []
    for n, row in enumerate(cells):
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def state_table(campaign, state, events) -> str:
    ruleset = campaign.ruleset
    standings = ruleset.standings(campaign, state)
    out = [f"{campaign.title} — {ruleset.title}, after turn {state.turn}", ""]
    out.append(table(("Player",) + standings.columns,
                     [(campaign.player(pid).name,) + cells for pid, cells in standings.rows]))
    out += [""] + list(standings.notes)
    summary = ruleset.summary(campaign, state)
    if summary.winner:
        out.append(f"Winner: {campaign.player(summary.winner).name}")
    holdings = [(campaign.map.provinces[p].name, campaign.player(o).name if o else "neutral")
                for p, o in sorted(summary.owners.items()) if o]
    if holdings:
        out += ["", table(("Province", "Held by"), holdings)]
    if events:
        from ..rules import namer
        name = namer(campaign, [state])
        out += ["", "This turn:"] + [f"  - {e.describe(name)}" for e in events]
    return "\n".join(out)
