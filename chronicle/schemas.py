"""JSON Schemas for every kind of file, and validation that reports problems at their places.

The same schemas are published by ``chronicle schema`` so that an editor with a YAML language
server validates and completes as the administrator types.
"""

from __future__ import annotations

import difflib
import json
import math
import re
from fractions import Fraction

import jsonschema
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from . import i18n
from .errors import Problem
from .nextturn import contains_blank
from .source import Document
from .suggest import did_you_mean

ID = {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$", "maxLength": 64,
      "description": "A short lower-case id: letters, digits, _ and -."}
ID_PATTERN = re.compile(ID["pattern"])
COLOUR = {"type": "string", "pattern": "^#[0-9a-fA-F]{6}$", "description": "A colour as #rrggbb."}

# ---- the dialect every schema is written in ------------------------------------------------------
#
# Three rules hold every schema, every ruleset's included, to the same standard; the test
# tests/test_schema_bounds.py walks every registered ruleset's schemas and fails on a breach:
#
# * every "integer" and "number" has a minimum and a maximum (exclusive or not): a count of dice
#   of 100,000,000 or a share of 0 is refused where it is written, with the range in the message;
# * every "array" says whether its entries must be distinct: "uniqueItems": true (no two equal),
#   "x-distinct": "key" (no two mappings with the same value under key; a plain entry counts as
#   its own key), or "x-repeats": "why a repeat means something" (two Attack orders, two dice);
# * "integer" means a whole number as written (4.0 is refused, not read as 4), "number" a finite
#   one; a share may be written "1/3", checked by "x-fraction" against the same bounds.


def _is_integer(_checker, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(_checker, value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _distinct(validator, key, instance, schema):
    """``x-distinct``: no two entries with the same ``key`` (a plain entry is its own key)."""
    if not validator.is_type(instance, "array"):
        return
    seen: dict = {}
    for index, item in enumerate(instance):
        name = item.get(key) if isinstance(item, dict) else item
        if isinstance(name, (dict, list)) or name is None:
            continue
        marker = (type(name).__name__, name)
        if marker in seen:
            yield ValidationError(f"{name!r} is listed twice (first as entry {seen[marker] + 1})",
                                  path=(index,) if not isinstance(item, dict) or key not in item else (index, key),
                                  validator="x-distinct", validator_value=key, instance=instance, schema=schema)
        else:
            seen[marker] = index


def _fraction(validator, bounds, instance, schema):
    """``x-fraction``: a share written "a/b" lies within ``bounds`` (exclusiveMinimum, maximum)."""
    if not isinstance(instance, str):
        return
    top, _, bottom = instance.partition("/")
    if not (top.strip().isdigit() and bottom.strip().isdigit()) or len(instance) > 20:
        return                                   # the pattern reports the form
    if int(bottom) == 0:
        yield ValidationError(f"{instance!r} divides by zero")
        return
    value = Fraction(int(top), int(bottom))
    low, high = bounds.get("exclusiveMinimum"), bounds.get("maximum")
    if (low is not None and value <= low) or (high is not None and value > high):
        yield ValidationError(f"{instance!r} is {float(value):.3g}, outside the range "
                              f"{'above ' + str(low) if low is not None else ''}"
                              f"{' up to ' + str(high) if high is not None else ''}")


Validator = jsonschema.validators.extend(
    Draft202012Validator,
    validators={"x-distinct": _distinct, "x-fraction": _fraction},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine_many({"integer": _is_integer, "number": _is_number}))

#: SVG path data: commands, numbers, commas and spaces, nothing that could leave the attribute;
#: an exponent has at most two digits, so every number stays finite
PATH_DATA = {"type": "string", "maxLength": 1_000_000,
             "pattern": r"^(?:[\sMmLlHhVvCcSsQqTtAaZz0-9.,+-]|[eE](?=[-+]?[0-9]{1,2}(?![0-9])))*$",
             "description": "SVG path data, such as M 0 0 L 10 0 L 10 10 Z."}
COORDINATE = {"type": "number", "minimum": -1_000_000, "maximum": 1_000_000}

MAP_PROPERTIES = {
    "name": {"type": "string"},
    "geometry": {"type": "string", "description": "A JSON file of SVG outline paths, relative to the map file."},
    "provinces": {
        "type": "object", "minProperties": 1, "maxProperties": 10_000,
        "propertyNames": ID,
        "additionalProperties": {
            "type": ["object", "null"], "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "at": {"type": "array", "items": COORDINATE, "minItems": 2, "maxItems": 2,
                       "x-repeats": "x and y may be equal",
                       "description": "Position [x, y] (y grows downward), used to draw the map; "
                                      "each from -1,000,000 to 1,000,000."},
                "flags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True,
                          "examples": [["coast"], ["capital", "coast"]],
                          "description": "Such as coast (faces the Sea: every coast reaches every other by sea), "
                                         "capital (a Capital seat), fortress, no_start_capital, kyoto."},
                "number": {"type": "integer", "minimum": 0, "maximum": 100_000,
                           "description": "The province's number on a numbered map."},
                "terrain": {"type": "string"},
                "region": {"type": "string"},
                "faction": {"type": "string", "maxLength": 80,
                            "description": "The faction that starts with this province (rulesets such as clanwar)."},
                "path": {**PATH_DATA, "description": "An SVG path outline in the same frame as 'at'."},
            },
        },
    },
    "links": {
        "type": "array", "uniqueItems": True,
        "items": {"type": "array", "minItems": 2, "maxItems": 3, "uniqueItems": True,
                  "prefixItems": [{"type": "string"}, {"type": "string"},
                                  {"enum": ["land", "sea", "mountain", "river", "ford"],
                                   "description": "land (a normal border), sea (a sea lane), mountain (a mountain "
                                                  "chain), river (a river without a ford), ford (a river with a ford)."}],
                  "items": {"type": "string"},
                  "description": "[a, b] for a land link, [a, b, kind] with kind land, sea, mountain, river or ford."},
    },
}

GEOMETRY_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "chronicle map geometry (JSON)",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "viewBox": {"type": "string", "description": "The frame of the outlines: x y width height.",
                    "pattern": r"^\s*[-+]?[0-9]{1,7}(\.[0-9]+)?(\s*,?\s*[-+]?[0-9]{1,7}(\.[0-9]+)?){3}\s*$"},
        "projection": {"type": "string", "description": "How longitude and latitude became x and y (for the coast)."},
        "paths": {"type": "object", "additionalProperties": PATH_DATA,
                  "description": "province id -> its SVG outline."},
    },
}

MAP_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "chronicle map",
    "type": "object",
    "required": ["provinces"],
    "additionalProperties": False,
    "properties": MAP_PROPERTIES,
}


_POSITION = {"type": "array", "minItems": 2, "maxItems": 2, "x-repeats": "longitude and latitude may be equal",
             "items": {"type": "number", "minimum": -1000, "maximum": 1000}}
_RING = {"type": "array", "items": _POSITION, "minItems": 1, "x-repeats": "a ring ends where it starts"}
_POLYGON = {"type": "array", "items": _RING, "x-repeats": "rings are compared by the renderer, not here"}

#: extras.geojson beside a geometry file: the land outside the provinces, drawn as the coast
COAST_SCHEMA = {
    "type": "object",
    "properties": {
        "features": {"type": "array", "x-repeats": "features are drawn one after another", "items": {
            "type": "object",
            "properties": {"geometry": {"oneOf": [
                {"type": "null"},
                {"type": "object", "required": ["type"], "properties": {"type": {"const": "Polygon"}, "coordinates": _POLYGON}},
                {"type": "object", "required": ["type"], "properties": {
                    "type": {"const": "MultiPolygon"},
                    "coordinates": {"type": "array", "items": _POLYGON, "x-repeats": "as polygons"}}},
                {"type": "object", "required": ["type"], "properties": {
                    "type": {"not": {"enum": ["Polygon", "MultiPolygon"]}}}}]}}}},
    },
}


def campaign_schema(ruleset) -> dict:
    """campaign.yaml's schema, with the ruleset's options and player fields folded in."""
    options = {name: dict(schema, description=doc, default=default)
               for name, (default, schema, doc) in ruleset.all_options().items()}
    player = {
        "type": "object", "required": ["id", *getattr(ruleset, "player_required", ())], "additionalProperties": False,
        "properties": {
            "id": ID,
            "name": {"type": "string"},
            "colour": COLOUR,
            **ruleset.player_properties,
        },
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"chronicle campaign ({ruleset.name})",
        "type": "object",
        "required": ["title", "ruleset", "players", "map"],
        "additionalProperties": False,
        "properties": {
            "title": {"type": "string"},
            "description": {"type": "string"},
            "ruleset": {"const": ruleset.name},
            "url": {"type": "string", "pattern": r"^[hH][tT][tT][pP][sS]?://[^/\s<>\"'`\\]+[^\s<>\"'`\\]*$",
                    "maxLength": 2000,
                    "description": "The site's public address, http:// or https://, e.g. https://NAME.github.io/REPO/: "
                                   "for sitemap.xml, canonical links, the feed and link previews. "
                                   "The Pages workflow passes it to chronicle build --url."},
            "seed": {"type": ["integer", "string"], "minimum": -10**18, "maximum": 10**18, "maxLength": 200,
                     "description": "Seeds every die not written in a turn file."},
            "language": {"enum": list(i18n.languages()),
                         "description": "The site's language: " + " or ".join(i18n.languages()) + " (en is the "
                         "default); docs/site.md says how to add one."},
            "map": {"oneOf": [
                {"type": "string", "description": "The name of a bundled map, such as japan."},
                {"type": "object", "required": ["file"], "additionalProperties": False,
                 "properties": {"file": {"type": "string"}}},
                {"type": "object", "required": ["provinces"], "additionalProperties": False,
                 "properties": MAP_PROPERTIES},
            ]},
            "options": {"type": "object", "additionalProperties": False, "properties": options},
            "players": {"type": "array", "minItems": 1, "maxItems": 1000, "items": player, "x-distinct": "id"},
            **ruleset.campaign_properties,
        },
    }


def turn_schema(ruleset) -> dict:
    schema = dict(ruleset.turn_schema)
    schema.setdefault("$schema", "https://json-schema.org/draft/2020-12/schema")
    schema.setdefault("title", f"chronicle turn ({ruleset.name})")
    return schema


#: checks of one value that a ruleset may repeat at the same place, with the rule (see errors.without_echoes)
_VALUE_CHECKS = {"type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "enum", "const", "pattern",
                 "uniqueItems", "x-distinct"}


def validate(doc: Document, schema: dict, base: tuple = ()) -> list[Problem]:
    """Every schema violation in ``doc`` as a located problem, with did-you-mean for unknown keys."""
    data = doc.data
    for key in base:
        data = data[key]
    validator = Validator(schema)
    problems = []
    for error in sorted(validator.iter_errors(_plain(data)), key=lambda e: list(map(str, e.absolute_path))):
        if _reported_as_blank(error, data, base):
            continue
        problems.extend(_explain(doc, base + tuple(error.absolute_path), error))
    return problems


def _reported_as_blank(error: ValidationError, data, base: tuple) -> bool:
    """Whether the error is about a blank that `chronicle next` left (``___``), which nextturn.py
    reports once, as a blank to fill in. Only a blank inside a mapping is: a file that is nothing
    but a blank, or a list of them, is read as no turn at all, so the schema's complaint is the
    only one it gets."""
    inside_a_mapping = bool(error.absolute_path or base) or isinstance(data, dict)
    return contains_blank(error.instance) and inside_a_mapping


def _plain(data):
    """Dates and other YAML-only types become strings, as JSON would carry them."""
    if isinstance(data, dict):
        return {k: _plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain(v) for v in data]
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    return str(data)


RULE = "file format"


def _explain(doc: Document, path: tuple, error) -> list[Problem]:
    """The schema's complaint in the campaign's words, each tagged ``[file format]``."""
    from dataclasses import replace
    return [problem if problem.rule else replace(problem, rule=RULE) for problem in _explained(doc, path, error)]


def _at(data, path: tuple):
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _bad_id(doc: Document, path: tuple, name: str) -> Problem:
    lowered = name.strip().lower().replace(" ", "_")
    if ID_PATTERN.match(lowered):
        hint = (f"write {lowered!r}: ids are lower case (letters, digits, _ and -); "
                f"the name as it is shown goes in name: {name}")
    else:
        hint = "an id is lower-case letters, digits, _ and - (the name as it is shown goes in name:)"
    return doc.locate(Problem(f"{name!r} is not a valid id", hint=hint, path=path + (name,)), key=True)


def _explained(doc: Document, path: tuple, error) -> list[Problem]:
    if error.validator in ("oneOf", "anyOf") and error.context:
        # report the alternative that got furthest: the deepest error among its causes
        # (an alternative of the right type beats one that fails on the type alone)
        best = max(error.context, key=lambda e: (len(e.absolute_path), e.validator != "type"))
        return _explained(doc, path + tuple(best.relative_path), best) if len(best.absolute_path) else [
            doc.locate(Problem(_message(error), path=path))]
    if error.validator == "additionalProperties":
        known = list(error.schema.get("properties", {}))
        extras = [k for k in error.instance if k not in error.schema.get("properties", {})]
        return [doc.locate(Problem(f"unknown key {k!r}", hint=did_you_mean(k, known) or
                                   ("expected one of: " + ", ".join(known) if known else None),
                                   path=path + (k,)), key=True) for k in extras]
    if error.validator == "required":
        return [doc.locate(Problem(error.message.replace("is a required property", "is required"), path=path))]
    if error.validator == "propertyNames":
        return [_bad_id(doc, path, str(error.instance))]
    if (error.validator == "pattern" and isinstance(error.instance, str) and isinstance(_at(doc.data, path), dict)
            and error.instance in _at(doc.data, path) and error.schema.get("pattern") == ID["pattern"]):
        return [_bad_id(doc, path, error.instance)]      # a key (a province or player id) of the wrong form
    if error.validator == "uniqueItems" and isinstance(error.instance, list):
        repeat = _repeat_index(error.instance)
        if repeat is not None:                     # at the repeated entry, not the whole list
            return [doc.locate(Problem(_message(error), hint=_hint(error), path=path + (repeat,), origin="schema",
                                       rule=error.schema.get("x-rule")))]
    if error.validator == "pattern" and error.schema.get("x-verbs") and isinstance(error.instance, str):
        return [doc.locate(Problem(f"cannot read {error.instance!r}", hint=_verb_hint(error), path=path))]
    # a ruleset that checks the same value at the same place says it better, with its rule
    origin = "schema" if error.validator in _VALUE_CHECKS else ""
    # ``x-rule``: the rule of the seed a bound or size stands for, named instead of [file format]
    return [doc.locate(Problem(_message(error), hint=_hint(error), path=path, origin=origin, rule=error.schema.get("x-rule")))]


def _hint(error) -> str | None:
    described = error.schema.get("description")
    if error.validator == "enum" and isinstance(error.instance, str):
        return did_you_mean(error.instance, [str(v) for v in error.validator_value]) or described
    if error.validator == "type":
        expected = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        value = error.instance
        if "integer" in expected and isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
            return f"write a whole number without a decimal point: {int(value)}"   # (1e308 has 309 digits)
        if "string" in expected and not isinstance(value, (str, dict, list)) and value is not None:
            return "put the value in quotes to keep it as the text written"
        if "string" in expected and value is None:
            return "write a value after the colon, or remove the key"
        if "object" in expected and not error.absolute_path and not described:
            return "the file is key: value lines, one key a line (docs/format.md shows each kind of file)"
    if error.validator == "x-distinct" or error.validator == "uniqueItems":
        return "each entry counts once: remove the repeated one" + (f" ({described})" if described else "")
    return described


def _verb_hint(error) -> str:
    """Did-you-mean on a misspelt first word ('Atack Inaba' -> 'Attack Inaba'), from ``x-verbs``."""
    verbs = error.schema["x-verbs"]
    verb, _, rest = error.instance.strip().partition(" ")
    close = difflib.get_close_matches(verb.lower(), [v.lower() for v in verbs], n=1, cutoff=0.6)
    if close and rest.strip():
        return f"did you mean '{close[0].title()} {rest.strip()}'?"
    return "write " + " or ".join(f"'{v} X'" for v in verbs)


def _message(error) -> str:
    where = "/".join(str(p) for p in error.absolute_path)
    prefix = f"{where}: " if where else ""
    if error.validator == "type":
        expected = error.validator_value
        expected = " or ".join(WORDS.get(e, e) for e in expected) if isinstance(expected, list) else WORDS.get(expected, expected)
        return f"{prefix}expected {expected}, got {_described(error.instance)}"
    if error.validator == "enum":
        return f"{prefix}{error.instance!r} is not one of {', '.join(map(repr, error.validator_value))}"
    if error.validator == "const":
        return f"{prefix}expected {error.validator_value!r}, got {error.instance!r}"
    if error.validator == "pattern":
        return f"{prefix}{error.instance!r} does not have the expected form"
    if error.validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{prefix}{error.instance!r} is out of range: it must be {describe_range(error.schema)}"
    sized = _size_message(error)
    return prefix + (sized or error.message)


def _size_message(error) -> str | None:
    """Too few, too many or repeated entries, counted in words (jsonschema's own message prints
    the whole list or mapping as Python writes it)."""
    limit, value = error.validator_value, error.instance
    if error.validator in ("minItems", "maxItems") and isinstance(value, list):
        most = error.validator == "maxItems"
        return (f"a list of {_count(len(value), 'entry', 'entries')} where at {'most' if most else 'least'} "
                f"{limit} {'are' if limit != 1 else 'is'} {'allowed' if most else 'needed'}")
    if error.validator in ("minProperties", "maxProperties") and isinstance(value, dict):
        most = error.validator == "maxProperties"
        return (f"a mapping of {_count(len(value), 'key', 'keys')} where at {'most' if most else 'least'} "
                f"{limit} {'are' if limit != 1 else 'is'} {'allowed' if most else 'needed'}")
    if error.validator in ("minLength", "maxLength") and isinstance(value, str):
        most = error.validator == "maxLength"
        return (f"text of {_count(len(value), 'character', 'characters')} where at {'most' if most else 'least'} "
                f"{limit} {'are' if limit != 1 else 'is'} {'allowed' if most else 'needed'}")
    if error.validator == "uniqueItems" and isinstance(value, list):
        repeat = _repeat_index(value)
        if repeat is None:
            return "the list repeats an entry"
        return f"{_as_written(value[repeat])} is listed twice (first as entry {value.index(value[repeat]) + 1})"
    return None


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


WORDS = {"object": "a mapping of keys (key: value lines)", "array": "a list", "string": "text",
         "integer": "a whole number", "number": "a number", "boolean": "true or false", "null": "nothing"}


def _as_written(value) -> str:
    """A short mapping as YAML's flow style writes it ({by: lion, with: crane}); else in words."""
    if isinstance(value, dict) and 0 < len(value) <= 4 and all(
            isinstance(v, (str, int, float, bool)) and len(str(v)) <= 40 for v in value.values()):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return _described(value)


def _described(value) -> str:
    """A value as the administrator wrote it, in words (never a Python dict or list dump)."""
    if isinstance(value, dict):
        keys = ", ".join(str(k) for k in list(value)[:4]) + (", ..." if len(value) > 4 else "")
        return f"a mapping ({keys}: ...)" if value else "an empty mapping {}"
    if isinstance(value, list):
        return f"a list of {len(value)}" if value else "an empty list []"
    if value is None:
        return "nothing (the key has no value: is the next line indented under it?)"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def describe_range(schema: dict) -> str:
    """A schema's bounds in words: 'from 1 to 20', 'above 0 and at most 1'."""
    low = (f"above {schema['exclusiveMinimum']}" if "exclusiveMinimum" in schema
           else f"at least {schema['minimum']}" if "minimum" in schema else None)
    high = (f"below {schema['exclusiveMaximum']}" if "exclusiveMaximum" in schema
            else f"at most {schema['maximum']}" if "maximum" in schema else None)
    if "minimum" in schema and "maximum" in schema:
        return f"from {schema['minimum']} to {schema['maximum']}"
    return " and ".join(part for part in (low, high) if part) or "any number"


def _repeat_index(items) -> int | None:
    """The index of the first entry equal to an earlier one (as JSON Schema compares: 1 == 1.0)."""
    seen = []
    for index, item in enumerate(items if isinstance(items, list) else ()):
        if item in seen:
            return index
        seen.append(item)
    return None


def all_schemas(rulesets) -> dict[str, dict]:
    schemas = {"map": MAP_SCHEMA}
    for ruleset in rulesets:
        schemas[f"campaign-{ruleset.name}"] = campaign_schema(ruleset)
        schemas[f"turn-{ruleset.name}"] = turn_schema(ruleset)
        for key, schema in getattr(ruleset, "campaign_files", {}).items():
            schemas[f"{key}-{ruleset.name}"] = schema
    return schemas


def dumps(schema: dict) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def ranges_markdown(rulesets) -> str:
    """docs/ranges.md: every number's range and every list's rule on repeats, schema by schema,
    made from the schemas themselves (tests/test_schema_bounds.py keeps the page current)."""
    lines = ["# Ranges: every number, every list", "",
             "Made from the JSON Schemas by `python -m chronicle.schemas --ranges > docs/ranges.md`; "
             "a value outside its range is an error at its place, with the range in the message. "
             "A list is *distinct* (no entry twice), *distinct by KEY* (no two entries with the same KEY), "
             "or *repeats allowed* (with the reason).", ""]
    for name, schema in all_schemas(rulesets).items():
        rows = []
        for path, sub in walk(schema):
            if path[-1:] == ("properties",):            # a mapping of property names, not a schema
                continue
            kinds = sub.get("type")
            kinds = set(kinds) if isinstance(kinds, list) else {kinds} if isinstance(kinds, str) else set()
            where = _pointer(path)
            if kinds & {"integer", "number"}:
                rows.append((where, ("whole number" if "integer" in kinds else "number") + ", " + describe_range(sub)))
            if "array" in kinds:
                rule = ("distinct" if sub.get("uniqueItems") else f"distinct by {sub['x-distinct']}"
                        if "x-distinct" in sub else f"repeats allowed: {sub.get('x-repeats', '?')}")
                size = ", ".join(f"{word} {sub[key]} entries" for key, word in
                                 (("minItems", "at least"), ("maxItems", "at most")) if key in sub)
                rows.append((where, "list, " + rule + (f"; {size}" if size else "")))
        lines += [f"## {name}", "", "| value | range |", "|---|---|"]
        lines += [f"| `{where or '(the file)'}` | {text} |" for where, text in sorted(set(rows))]
        lines.append("")
    return "\n".join(lines)


def walk(node, path=()):
    """Every sub-schema with its path of keywords and property names (docs/ranges.md, the bounds test)."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, path + (i,))


def _pointer(path: tuple) -> str:
    """A schema path as the administrator writes it: properties/battles/items/vp -> battles[]/vp."""
    out, skip = [], False
    for i, part in enumerate(path):
        if skip:
            skip = False
            continue
        if part == "properties" and i + 1 < len(path):
            out.append(str(path[i + 1]))
            skip = True
        elif part == "items":
            out[-1:] = [(out[-1] if out else "") + "[]"]
        elif part == "additionalProperties":
            out.append("*")
        elif part == "prefixItems" and i + 1 < len(path):
            out[-1:] = [(out[-1] if out else "") + f"[{path[i + 1]}]"]
            skip = True
    return "/".join(out)


if __name__ == "__main__":                      # python -m chronicle.schemas --ranges > docs/ranges.md
    import sys

    from . import rules
    if sys.argv[1:] == ["--ranges"]:
        sys.stdout.write(ranges_markdown(rules.registry().values()))
