"""Map questions the rules ask: distances by land, the step towards a goal, supply reach."""

from __future__ import annotations

LAND = ("land", "mountain", "river", "ford")


def land_distances(game_map, start: str, through=None) -> dict[str, int]:
    return game_map.distances(start, LAND, through)


def distance_to(game_map, start: str, goals, kinds=LAND, through=None) -> int | None:
    """Fewest steps from ``start`` to any of ``goals`` (None: unreachable)."""
    goals = set(goals)
    if not goals:
        return None
    found = [d for p, d in game_map.distances(start, kinds, through).items() if p in goals]
    return min(found) if found else None


def path_to(game_map, start: str, goals, kinds=LAND, through=None) -> list[str] | None:
    """One shortest path (provinces entered) from ``start`` to the nearest goal; ties by name."""
    goals = set(goals)
    if start in goals:
        return []
    back = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            if here != start and through is not None and not through(here):
                continue
            for there in game_map.neighbours(here, kinds):
                if there not in back:
                    back[there] = here
                    nxt.append(there)
        hits = sorted(p for p in nxt if p in goals)
        if hits:
            path, at = [], hits[0]
            while at != start:
                path.append(at)
                at = back[at]
            return path[::-1]
        frontier = sorted(nxt)
    return None
