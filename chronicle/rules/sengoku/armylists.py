"""Army lists (seed, "Army Lists"): the elements a clan's army may field, by DBA type, at most 12.

A campaign or a turn file may declare an army's composition; it is checked against the clan's
list. The program does not track which element was lost in battle, so a declaration describes
the army as it stands when declared: as many elements as the army has, each fitting a place of
the list, at most one general, and all mounted elements (Kn, Cav) of one type ("All cavalry
must be same type": read literally, so a Takeda general is a 3Kn like the three 3Kn beside him).

A composition is written in the seed's notation, ``"1x3Kn(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 2x3Sh,
1x2Ps"`` (a string or a list of items), or as a mapping ``{3Kn(Gen): 1, 3Kn: 3, 4Bd: 3, ...}``.
The lists are the ``army_lists`` option; which list a clan uses is its ``army_list`` field in
campaign.yaml, else the ``clan_army_lists`` option (the seed's clans), else ``standard``.
"""

from __future__ import annotations

import re

from ...i18n import N_
from ...suggest import did_you_mean

#: the seed's lists: name -> [[count, [types...], "gen" or ""], ...]
DEFAULT_ARMY_LISTS = {
    "standard": [[1, ["3Kn", "3Cav"], "gen"], [1, ["3Kn", "3Cav"], ""], [4, ["4Bd"], ""], [3, ["3Sp"], ""],
                 [2, ["3Bw", "3Sh"], ""], [1, ["3Bw", "3Sh", "2Ps"], ""]],
    "takeda": [[1, ["3Kn", "3Cav"], "gen"], [3, ["3Kn"], ""], [3, ["4Bd"], ""], [2, ["3Sp"], ""],
               [2, ["3Bw", "3Sh"], ""], [1, ["3Bw", "3Sh", "2Ps"], ""]],
    "shimazu": [[1, ["3Kn", "3Cav"], "gen"], [1, ["3Kn", "3Cav"], ""], [3, ["4Bd"], ""], [3, ["3Sp"], ""],
                [3, ["3Bw", "3Sh"], ""], [1, ["3Sh", "Art", "3Bw", "2Ps"], ""]],
    "ikko_ikki": [[1, ["3Kn", "3Cav"], "gen"], [3, ["4Bd"], ""], [4, ["3Bw", "3Sh"], ""], [4, ["5Wb"], ""]],
}

#: the lists' names a reader may need in another language (the clans' own are names)
LIST_NAMES = (N_("standard"), N_("ikko ikki"))

#: seed: "Imagawa, Hojo, Uesugi & Mori", "Takeda", "Shimazu"
DEFAULT_CLAN_LISTS = {"imagawa": "standard", "hojo": "standard", "uesugi": "standard", "mori": "standard",
                      "takeda": "takeda", "shimazu": "shimazu"}

TYPES = ("3Kn", "3Cav", "4Bd", "3Sp", "3Bw", "3Sh", "2Ps", "Art", "5Wb")
MOUNTED = ("3Kn", "3Cav")
_BY_KEY = {t.lower(): t for t in TYPES}
_ITEM = re.compile(r"^\s*(?:(\d+)\s*[x×*]\s*)?(.+?)\s*$", re.I)
_GEN = re.compile(r"\s*(?:\(\s*gen(?:eral)?\s*\)|\bgen(?:eral)?\b)\s*$", re.I)


class CompositionError(ValueError):
    """A composition that cannot be read, or that does not fit the list."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.message, self.hint = message, hint


def list_text(slots) -> str:
    """A list in the seed's notation: 1x3Kn or 3Cav(Gen), 3x3Kn, ..."""
    parts = []
    for count, types, gen in slots:
        parts.append(f"{count}x" + " or ".join(types) + ("(Gen)" if gen else ""))
    return ", ".join(parts)


def _element(text: str) -> tuple[str, bool]:
    raw = text.strip()
    general = bool(_GEN.search(raw))
    name = _GEN.sub("", raw).strip().replace(" ", "")
    found = _BY_KEY.get(name.lower())
    if found is None:
        guess = did_you_mean(name, TYPES)
        raise CompositionError(f"unknown element type {raw!r}",
                               (guess + "; " if guess else "") + "the seed's types: " + ", ".join(TYPES) + " (a general: 3Kn(Gen))")
    return found, general


def parse_composition(value) -> list[tuple[str, bool]]:
    """The elements of a written composition: [(type, is_general), ...]."""
    items: list[tuple[int, str]] = []
    if isinstance(value, dict):
        for key, count in value.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise CompositionError(f"the count of {key!r} must be a whole number, got {count!r}")
            items.append((count, str(key)))
    elif isinstance(value, (str, list)):
        texts = value.split(",") if isinstance(value, str) else [str(v) for v in value]
        for text in texts:
            if not text.strip():
                continue
            match = _ITEM.match(text)
            items.append((int(match.group(1)) if match.group(1) else 1, match.group(2)))
    else:
        raise CompositionError(f"a composition is a text, a list or a mapping, got {value!r}",
                               "e.g. \"1x3Kn(Gen), 3x3Kn, 3x4Bd, 2x3Sp, 2x3Sh, 1x2Ps\"")
    elements = []
    for count, text in items:
        element = _element(text)
        elements += [element] * count
    return elements


def _fits(elements, slots) -> bool:
    """Can every element take a place of its own in the list? (bipartite matching)"""
    places = []
    for count, types, gen in slots:
        places += [(frozenset(types), bool(gen))] * int(count)
    taken: dict[int, int] = {}

    def place(i: int, seen: set) -> bool:
        kind, general = elements[i]
        for j, (types, gen) in enumerate(places):
            if j in seen or kind not in types or general != gen:
                continue
            seen.add(j)
            if j not in taken or place(taken[j], seen):
                taken[j] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(elements)))


def check_composition(value, slots, list_name: str, strength: int | None, max_elements: int) -> list[tuple[str, int]]:
    """Raise CompositionError if ``value`` is not a legal army of ``strength`` elements from the
    list; return the elements counted by type otherwise."""
    elements = parse_composition(value)
    shown = list_text(slots)
    if len(elements) > max_elements:
        raise CompositionError(f"the composition lists {len(elements)} elements; an army has at most {max_elements}")
    if strength is not None and len(elements) != strength:
        raise CompositionError(f"the composition lists {len(elements)} elements, but the army has {strength}",
                               "declare the army as it stands: one entry per element it has now")
    generals = sum(1 for _, g in elements if g)
    if generals > 1:
        raise CompositionError(f"the composition names {generals} generals; an army has one")
    mounted = sorted({k for k, _ in elements if k in MOUNTED})
    if len(mounted) > 1:
        raise CompositionError(f"all cavalry must be the same type: the composition mixes {' and '.join(mounted)}",
                               f"the {list_name} list: {shown}")
    counts: dict[tuple[str, bool], int] = {}
    for element in elements:
        counts[element] = counts.get(element, 0) + 1
    for (kind, general), count in sorted(counts.items()):
        room = sum(int(c) for c, types, gen in slots if kind in types and bool(gen) == general)
        if count > room:
            what = kind + ("(Gen)" if general else "")
            allowed = f"at most {room}" if room else "no"
            raise CompositionError(f"the {list_name} list allows {allowed} {what}, the composition has {count}",
                                   f"the {list_name} list: {shown}")
    if not _fits(elements, slots):
        raise CompositionError(f"the composition does not fit the {list_name} list", f"the {list_name} list: {shown}")
    return sorted((k + ("(Gen)" if g else ""), n) for (k, g), n in counts.items())


def list_of(campaign, clan: str) -> tuple[str, list]:
    """The list a clan's armies are drawn from: (name, slots)."""
    opts = campaign.options
    lists = {**DEFAULT_ARMY_LISTS, **(opts.get("army_lists") or {})}
    written = campaign.player(clan).fields.get("army_list")        # every army's clan is a player's
    name = written or (opts.get("clan_army_lists") or DEFAULT_CLAN_LISTS).get(clan) or "standard"
    if name not in lists:            # an unknown list (an error at the set-up): the standard one stands in, and says so
        name = "standard"
    return name, lists[name]


def check_declared(ctx, state):
    """The compositions a turn file declares (``compositions: {army: ...}``), as the armies take
    the field this turn: after the spring muster and diplomacy, before movement. Each is checked
    against the clan's list and the army's strength, then against what the army can still contain
    since its last declaration (see "tracking" below) and, if its general fell, for a successor.
    A declaration that passes becomes what the army is known to contain."""
    from .events import ArmyListed

    armies = dict(state.armies)
    for army_id, (value, path) in ctx.record.compositions.items():
        army = state.armies.get(army_id)
        if army is None:
            ctx.army_problem(state, army_id, path, "army lists", at_key=True)
            continue
        name, slots = list_of(ctx.campaign, army.clan)
        try:
            listed = check_composition(value, slots, name, army.strength, ctx.options["max_elements"])
        except CompositionError as exc:
            ctx.problem(f"{army_id} ({army.clan}): {exc.message}", path, hint=exc.hint, rule="army lists", about=(army_id,))
            continue
        listed = tuple(listed)
        if army.elements is not None and beyond(army.elements, listed):
            ctx.problem(f"{army_id} ({army.clan}) declares {', '.join(beyond(army.elements, listed))}: more than it can have left "
                        "since its last declaration", path,
                        hint=f"at most: {text_of(army.elements)} (its last declaration less the elements named lost since)",
                        rule="army compositions between declarations", about=(army_id,))
            continue
        if army.general_lost and not any(k.endswith("(Gen)") for k, _ in listed):
            ctx.problem(f"{army_id} ({army.clan}) lost its general in {army.general_lost}: its next declaration names his "
                        "successor", path, hint="mark one element as the general, e.g. 1x3Kn(Gen)",
                        rule="army compositions between declarations", about=(army_id,))
            continue
        armies[army_id] = army.but(elements=listed, general_lost=None)
        ctx.emit(ArmyListed(army_id, army.clan, name, listed))
    return state.but(armies=armies)


# ---- tracking between declarations ---------------------------------------------------------------
#
# What the turn files say about an army's elements is its declarations (campaign.yaml's
# ``composition``, a turn's ``compositions:``) and, optionally, the elements a battle entry names
# lost (``elements_lost``). Every other loss (a siege, a forced march, a storm, starvation, winter,
# elements transferred away, a contingent's losses, the umpire's penalty) is "of the player's
# choice" and not entered by type; a gain (elements transferred in, winter reinforcement) brings
# elements of no entered type. So the program keeps, per army, the most it can still contain: the
# last declaration, less the elements named lost since; a loss not named keeps it (what remains is
# still within it); a gain forgets it. A declaration is checked to lie within it.

def label(kind: str, general: bool) -> str:
    return kind + ("(Gen)" if general else "")


def counted(elements) -> tuple[tuple[str, int], ...]:
    """[(type, is_general), ...] counted by label: (("3Kn(Gen)", 1), ("4Bd", 3), ...), sorted."""
    counts: dict[str, int] = {}
    for kind, general in elements:
        counts[label(kind, general)] = counts.get(label(kind, general), 0) + 1
    return tuple(sorted(counts.items()))


def remove(at_most, lost) -> tuple[tuple[tuple[str, int], ...], list[str]]:
    """``at_most`` less the elements ``lost`` ([(type, is_general)]): (what is left, the labels
    named lost that it did not hold)."""
    left = dict(at_most)
    missing = []
    for kind, general in lost:
        key = label(kind, general)
        if left.get(key, 0) > 0:
            left[key] -= 1
        else:
            missing.append(key)
    return tuple(sorted((k, n) for k, n in left.items() if n)), missing


def without_general(at_most):
    """``at_most`` less its general's element (the general fell; its type was not written). A
    declaration names at most one general (check_composition), so its label counts 1 and goes."""
    return tuple((k, n) for k, n in at_most if not k.endswith("(Gen)"))


def beyond(at_most, declared) -> list[str]:
    """The elements of ``declared`` (counted labels) that ``at_most`` cannot account for, the
    general's mark aside (a successor may be any element of the army): e.g. ["2x3Sh (at most 1)"]."""
    def plain(items):
        out: dict[str, int] = {}
        for k, n in items:
            base = _GEN.sub("", k)
            out[base] = out.get(base, 0) + n
        return out

    have, want = plain(at_most), plain(declared)
    return [f"{n}x{k} (at most {have.get(k, 0)})" for k, n in sorted(want.items()) if n > have.get(k, 0)]


def text_of(at_most) -> str:
    """What an army can still contain, e.g. "1x2Ps, 2x3Bw": never nothing, since an army that lost
    every element it was declared with was destroyed (and a gain forgets the declaration)."""
    return ", ".join(f"{n}x{k}" for k, n in at_most)
