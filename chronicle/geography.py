"""The campaign map's topology: provinces, their flags, and the links between them.

Topology is kept apart from geometry (outline paths, label anchors), as the Diplomacy judges keep
``standard.map`` apart from its SVG: the rules read only this module; the renderer reads both.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping

from .i18n import N_

LINK_KINDS = (N_("land"), N_("sea"), N_("mountain"), N_("river"), N_("ford"))   # N_: the site names them


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    at: tuple[float, float]
    flags: frozenset[str] = frozenset()
    number: int | None = None
    terrain: str | None = None
    region: str | None = None
    faction: str | None = None         # the faction that starts with it (clanwar), as the map says
    path: str | None = None            # geometry, not topology: an SVG outline in the frame of `at`

    def has(self, flag: str) -> bool:
        return flag in self.flags


@dataclass(frozen=True)
class Link:
    a: str
    b: str
    kind: str = "land"

    def other(self, end: str) -> str:
        return self.b if end == self.a else self.a


@dataclass(frozen=True)
class Map:
    """An immutable graph of provinces; links are undirected."""

    name: str
    provinces: Mapping[str, Province]
    links: tuple[Link, ...]
    geometry: str | None = None
    _neighbours: Mapping[str, tuple[Link, ...]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def build(cls, name: str, provinces: Iterable[Province], links: Iterable[Link], geometry: str | None = None) -> "Map":
        by_id = {p.id: p for p in provinces}
        links = tuple(links)
        around: dict[str, list[Link]] = {pid: [] for pid in by_id}
        for link in links:
            around.setdefault(link.a, []).append(link)
            around.setdefault(link.b, []).append(link)
        return cls(name, MappingProxyType(by_id), links, geometry,
                   MappingProxyType({k: tuple(v) for k, v in around.items()}))

    def __contains__(self, province_id: object) -> bool:
        return province_id in self.provinces

    def __len__(self) -> int:
        return len(self.provinces)

    @property
    def ids(self) -> list[str]:
        return sorted(self.provinces)

    def links_of(self, province_id: str, kinds: Iterable[str] | None = None) -> tuple[Link, ...]:
        links = self._neighbours.get(province_id, ())
        if kinds is None:
            return links
        kinds = set(kinds)
        return tuple(link for link in links if link.kind in kinds)

    def neighbours(self, province_id: str, kinds: Iterable[str] | None = None) -> list[str]:
        return sorted({link.other(province_id) for link in self.links_of(province_id, kinds)})

    def link_between(self, a: str, b: str) -> Link | None:
        for link in self._neighbours.get(a, ()):
            if link.other(a) == b:
                return link
        return None

    def adjacent(self, a: str, b: str, kinds: Iterable[str] | None = None) -> bool:
        return b in self.neighbours(a, kinds)

    def distances(self, start: str, kinds: Iterable[str] | None = None, through=None) -> dict[str, int]:
        """Steps from ``start`` to every reachable province (breadth first).

        ``through(province_id)`` may forbid passing *through* a province (it can still be reached).
        """
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here != start and through is not None and not through(here):
                continue
            for there in self.neighbours(here, kinds):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    def components(self, kinds: Iterable[str] | None = None) -> list[set[str]]:
        left = set(self.provinces)
        parts = []
        while left:
            start = min(left)
            part = set(self.distances(start, kinds))
            parts.append(part)
            left -= part
        return parts

    def with_flag(self, flag: str) -> list[str]:
        return sorted(pid for pid, p in self.provinces.items() if flag in p.flags)
