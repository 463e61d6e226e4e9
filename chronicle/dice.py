"""Dice: rolls written in a turn file are facts; the rest are reproducible draws.

A drawn roll's randomness comes from the campaign seed and the roll's own identity (turn,
territory, player, die number, purpose), never from a shared stream, so correcting one turn
never changes another turn's draws.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass

from .errors import Problem

_ADD_ON = re.compile(r"^\s*\d+(\s*\+\s*\d+)*\s*$")


@dataclass(frozen=True)
class Die:
    """One die as rolled: its faces (a 10 on an open-ended die adds the next face) and its source."""

    faces: tuple[int, ...]
    recorded: bool = False

    @property
    def value(self) -> int:
        return sum(self.faces)

    @property
    def fails(self) -> bool:
        """A first face of 1 always fails (Pitac: "1 is always a failure")."""
        return self.faces[0] == 1

    def text(self) -> str:
        return "+".join(str(f) for f in self.faces) + ("" if len(self.faces) == 1 else f"={self.value}")

    def to_json(self) -> dict:
        return {"faces": list(self.faces), "value": self.value, "recorded": self.recorded}


class DiceBox:
    """Draws dice reproducibly from the campaign seed and each roll's identity."""

    def __init__(self, seed: object):
        self.seed = str(seed)
        #: every die drawn, in order: (identity, sides, die); the history says which turn drew it
        self.drawn: list[tuple[tuple, int, Die]] = []

    def rng(self, *identity: object) -> random.Random:
        key = "/".join([self.seed, *(str(part) for part in identity)])
        return random.Random(int.from_bytes(hashlib.sha256(key.encode()).digest()[:16], "big"))

    def roll(self, sides: int, *identity: object, open_ended: bool = False) -> Die:
        """Draw one die; an open-ended die rolls again and adds on its highest face."""
        rng = self.rng(*identity)
        faces = [rng.randint(1, sides)]
        while open_ended and faces[-1] == sides:
            faces.append(rng.randint(1, sides))
        die = Die(tuple(faces), recorded=False)
        self.drawn.append((identity, sides, die))
        return die

    def choice(self, options: list, *identity: object):
        """A reproducible pick among ``options`` (sorted first, so input order does not matter)."""
        options = sorted(options)
        return options[self.rng(*identity).randrange(len(options))] if options else None


def parse_die(value: object, sides: int, path: tuple, open_ended: bool = True) -> tuple[Die | None, list[Problem]]:
    """Read one recorded die: ``7``, ``"10+3"`` or ``[10, 3]`` on an open-ended die."""
    if isinstance(value, bool):
        value = None
    if isinstance(value, int):
        faces = [value]
    elif isinstance(value, list) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        faces = list(value)
    elif isinstance(value, str) and _ADD_ON.match(value):
        faces = [int(part) for part in value.split("+")]
    else:
        return None, [Problem(f"a die must be a number 1..{sides}, got {value!r}",
                              hint=f"write a {sides} and its add-on roll as \"{sides}+4\"" if open_ended else None,
                              path=path, rule="dice")]
    for face in faces:
        if not 1 <= face <= sides:
            hint = f"a {sides} and its add-on are written \"{sides}+{face - sides}\"" if open_ended and sides < face <= 2 * sides else f"a d{sides} shows 1 to {sides}"
            return None, [Problem(f"die face {face} is out of range 1..{sides}", hint=hint, path=path, rule="dice")]
    if open_ended:
        if any(f != sides for f in faces[:-1]):
            return None, [Problem(f"only a {sides} is rolled again: {value!r} adds on after a face that is not {sides}",
                                  hint=f"write each die separately, e.g. [{faces[0]}, {faces[1]}]", path=path, rule="dice")]
        if faces[-1] == sides:
            return None, [Problem(f"a {sides} is rolled again and added: {value!r} lacks its add-on roll",
                                  hint=f"write it as \"{'+'.join(map(str, faces))}+N\" with N the next roll",
                                  path=path, rule="a 10 gets an add-on roll")]
    elif len(faces) != 1:
        return None, [Problem(f"this die is not open-ended: write one face, got {value!r}", path=path, rule="dice")]
    return Die(tuple(faces), recorded=True), []
