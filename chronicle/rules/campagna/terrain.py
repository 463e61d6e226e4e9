"""The map as the seed's actions see it: adjacency, the Sea, mountains, rivers and fords.

* A link of kind ``land`` or ``ford`` is a normal border (R11); ``river`` (a river without a
  ford) lets a Schermaglia or a Scorreria across, not a Battaglia decisiva (R12); ``mountain``
  lets any action across at the price of ``mountain_cost`` actions (R10).
* The Sea (R07-R09, Q08): two territories are joined by sea when a ``sea`` link joins them or
  when both carry the ``coast`` flag (they face the one Sea). A sea action is a Schermaglia or a
  Scorreria only, and it is the player's whole turn.
* Several routes to one target (Q10): the cheapest the action may take is used, land or ford
  before river, river before mountain, mountain before sea; ``from:`` forces one origin.
"""

from __future__ import annotations

from dataclasses import dataclass

from .schema import DECISIVA

COAST = "coast"
#: the order in which routes are preferred (Q10): every link kind of the map schema
RANK = {"land": 0, "ford": 0, "river": 1, "mountain": 2, "sea": 3}
#: a sea action costs what is left of the player's allowance (R09), known only when it is declared:
#: ``declarations`` sets it, and a sea route's own cost is never read
SEA_COST = 0


@dataclass(frozen=True)
class Route:
    origin: str
    kind: str                       # land | ford | river | mountain | sea
    cost: int                       # actions it costs (by sea: SEA_COST, the whole allowance when declared)

    @property
    def sea(self) -> bool:
        return self.kind == "sea"


def faces_sea(game_map, territory: str) -> bool:
    return game_map.provinces[territory].has(COAST)


def routes(game_map, held, target: str, mountain_cost: int) -> list[Route]:
    """Every way ``target`` is reached from a territory in ``held``, cheapest first."""
    found: dict[str, Route] = {}
    for link in game_map.links_of(target):
        origin = link.other(target)
        if origin in held:
            kind = link.kind
            cost = mountain_cost if kind == "mountain" else 1
            found[origin] = Route(origin, kind, cost)
    if faces_sea(game_map, target):
        for origin in sorted(held):
            if origin != target and origin not in found and faces_sea(game_map, origin):
                found[origin] = Route(origin, "sea", SEA_COST)
    return sorted(found.values(), key=lambda r: (RANK[r.kind], r.cost, r.origin))


def allowed(route: Route, action: str) -> bool:
    """R08 and R12: a Battaglia decisiva neither by sea nor across a river without a ford."""
    return not (action == DECISIVA and route.kind in ("sea", "river"))


def distance(game_map, target: str, sources, kinds) -> int | None:
    """Steps from ``target`` to the nearest of ``sources`` across links of ``kinds`` (R32, Q11, Q12);
    the shared Sea of ``coast`` territories counts as a link of kind ``sea``. None when no source is
    reached (or there is none)."""
    kinds = set(kinds)
    steps = game_map.distances(target, kinds)
    if "sea" in kinds:
        steps = _with_coasts(game_map, target, kinds)
    near = [steps[s] for s in sources if s in steps]
    return min(near) if near else None


def _with_coasts(game_map, start: str, kinds) -> dict[str, int]:
    """Breadth-first distances where every two coastal territories are also one step apart."""
    coasts = set(game_map.with_flag(COAST))
    seen = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for here in frontier:
            around = set(game_map.neighbours(here, kinds))
            if here in coasts:
                around |= coasts - {here}
            for there in sorted(around):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    following.append(there)
        frontier = following
    return seen


def retreat_border(game_map, at: str, to: str) -> str | None:
    """The border a retreat from ``at`` into ``to`` crosses: any link but the sea (Q11), or None."""
    link = game_map.link_between(at, to)
    if link is None or link.kind == "sea":
        return None
    return link.kind
