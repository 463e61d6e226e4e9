"""The equipment a special item (or a piece of mundane equipment) replaces (seed L64, L93).

"If a special item replaces a personality's equipment, that equipment is not placed in the
'stockpile' but is recovered if that special item is later removed or traded to another
personality" (L64); "If a personality's equipment is replaced by any equipment added in this
phase, it is replaced automatically when the non-standard equipment is removed. This equipment is
not available to the 'stockpile'" (L93).

So the replaced equipment is *set aside* on the personality, keyed by what replaced it: it is
neither carried nor in the stockpile (a swap into the stockpile cannot reach it), and it comes
back by itself the moment its replacement leaves the personality (traded, removed, or swapped
back into the stockpile). The equipment set aside is either the personality's own standard
equipment (its card's, which chronicle does not otherwise track) or a piece of mundane equipment
it carried (``equipment``): that one comes back into ``equipment``.

Pure functions on :class:`~.state.Personality`; the Start phase and the Recovery phase's
placing of new items call them and emit the events.
"""

from __future__ import annotations

from .catalogue import normal
from .state import Personality


def aside_for(person: Personality, equipment: str) -> str | None:
    """What ``equipment`` is set aside for on this personality, if it is."""
    return next((by for by, kit, _ in person.set_aside if normal(kit) == normal(equipment)), None)


def set_aside(person: Personality, replacement: str, equipment: str) -> tuple[Personality, str | None]:
    """``replacement`` takes the place of ``equipment``: (the personality after, an error or None)."""
    already = aside_for(person, equipment)
    if already is not None:
        return person, f"{person.id}'s {equipment} is already set aside for {already}"
    carried = next((e for e in person.equipment if normal(e) == normal(equipment)), None)
    left = list(person.equipment)
    if carried is not None:
        left.remove(carried)
    entry = (replacement, carried or equipment, carried is not None)
    return person.but(equipment=tuple(left), set_aside=person.set_aside + (entry,)), None


def recover(person: Personality, replacement: str) -> tuple[Personality, str | None]:
    """``replacement`` leaves the personality: the equipment set aside for it comes back (the
    personality after, the equipment recovered or None)."""
    found = next((e for e in person.set_aside if normal(e[0]) == normal(replacement)), None)
    if found is None:
        return person, None
    rest = list(person.set_aside)
    rest.remove(found)
    _, kit, carried = found
    equipment = person.equipment + (kit,) if carried else person.equipment
    return person.but(set_aside=tuple(rest), equipment=equipment), kit
