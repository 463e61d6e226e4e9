"""The group's catalogue of prices and profiles (campaign.yaml's ``catalogue:``, inline or in a file).

The seed relies on the Clan War cards for every cost and profile, which chronicle cannot ship; a
group writes them once here, and a purchase may then leave out what the catalogue says. A value
written on a purchase and in the catalogue must agree (one truth per price).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True)
class Catalogue:
    units: Mapping[str, Mapping] = field(default_factory=dict)
    personalities: Mapping[str, Mapping] = field(default_factory=dict)
    items: Mapping[str, Mapping] = field(default_factory=dict)
    spells: Mapping[str, Mapping] = field(default_factory=dict)
    equipment: Mapping[str, Mapping] = field(default_factory=dict)
    promotions: Mapping[str, int] = field(default_factory=dict)
    tattoos: Mapping[str, int] = field(default_factory=dict)
    source: str | None = None      # where it is written, for messages

    def section(self, kind: str) -> Mapping[str, Mapping]:
        return {"unit": self.units, "personality": self.personalities, "item": self.items, "spell": self.spells,
                "equipment": self.equipment}.get(kind, {})

    def entry(self, kind: str, key: str) -> Mapping:
        section = self.section(kind)
        if key in section:
            return section[key]
        wanted = normal(key)
        for name, value in section.items():
            if normal(name) == wanted:
                return value
        return {}


def normal(name: str) -> str:
    return str(name).strip().lower().replace(" ", "_").replace("-", "_")


def catalogue_of(campaign) -> Catalogue:
    found = getattr(campaign, "files", {}).get("catalogue")
    if not found:
        return Catalogue()
    doc, base = found
    data = doc.data
    for key in base:
        data = data[key]
    data = data if isinstance(data, dict) else {}
    return Catalogue(**{k: dict(data.get(k) or {}) for k in ("units", "personalities", "items", "spells", "equipment",
                                                              "promotions", "tattoos")}, source=doc.file)
