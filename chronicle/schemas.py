"""JSON Schemas for every kind of file, and validation that reports problems at their places.

The same schemas are published by ``chronicle schema`` so that an editor with a YAML language
server validates and completes as the administrator types.
"""

from __future__ import annotations

import difflib
import json
import re

import jsonschema

from . import i18n
from .errors import Problem
from .nextturn import contains_blank
from .source import Document
from .suggest import did_you_mean

ID = {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$",
      "description": "A short lower-case id: letters, digits, _ and -."}
ID_PATTERN = re.compile(ID["pattern"])
COLOUR = {"type": "string", "pattern": "^#[0-9a-fA-F]{6}$", "description": "A colour as #rrggbb."}

MAP_PROPERTIES = {
    "name": {"type": "string"},
    "geometry": {"type": "string", "description": "A JSON file of SVG outline paths, relative to the map file."},
    "provinces": {
        "type": "object", "minProperties": 1,
        "propertyNames": ID,
        "additionalProperties": {
            "type": ["object", "null"], "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "at": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2,
                       "description": "Position [x, y] (y grows downward), used to draw the map."},
                "flags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True,
                          "examples": [["coast"], ["capital", "coast"]],
                          "description": "Such as coast (faces the Sea: every coast reaches every other by sea), "
                                         "capital (a Capital seat), fortress, no_start_capital, kyoto."},
                "number": {"type": "integer", "description": "The province's number on a numbered map."},
                "terrain": {"type": "string"},
                "region": {"type": "string"},
                "faction": {"type": "string", "maxLength": 80,
                            "description": "The faction that starts with this province (rulesets such as clanwar)."},
                "path": {"type": "string", "description": "An SVG path outline in the same frame as 'at'."},
            },
        },
    },
    "links": {
        "type": "array",
        "items": {"type": "array", "minItems": 2, "maxItems": 3,
                  "prefixItems": [{"type": "string"}, {"type": "string"},
                                  {"enum": ["land", "sea", "mountain", "river", "ford"],
                                   "description": "land (a normal border), sea (a sea lane), mountain (a mountain "
                                                  "chain), river (a river without a ford), ford (a river with a ford)."}],
                  "items": {"type": "string"},
                  "description": "[a, b] for a land link, [a, b, kind] with kind land, sea, mountain, river or ford."},
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
            "url": {"type": "string", "pattern": "^[hH][tT][tT][pP][sS]?://[^/\\s]+",
                    "description": "The site's public address, http:// or https://, e.g. https://NAME.github.io/REPO/: "
                                   "for sitemap.xml, canonical links, the feed and link previews. "
                                   "The Pages workflow passes it to chronicle build --url."},
            "seed": {"type": ["integer", "string"], "description": "Seeds every die not written in a turn file."},
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
            "players": {"type": "array", "minItems": 1, "items": player},
            **ruleset.campaign_properties,
        },
    }


def turn_schema(ruleset) -> dict:
    schema = dict(ruleset.turn_schema)
    schema.setdefault("$schema", "https://json-schema.org/draft/2020-12/schema")
    schema.setdefault("title", f"chronicle turn ({ruleset.name})")
    return schema


def validate(doc: Document, schema: dict, base: tuple = ()) -> list[Problem]:
    """Every schema violation in ``doc`` as a located problem, with did-you-mean for unknown keys."""
    data = doc.data
    for key in base:
        data = data[key]
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for error in sorted(validator.iter_errors(_plain(data)), key=lambda e: list(map(str, e.absolute_path))):
        if contains_blank(error.instance):
            continue           # a blank left by chronicle next: reported once, as a blank (nextturn.py)
        problems.extend(_explain(doc, base + tuple(error.absolute_path), error))
    return problems


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
    if error.validator == "pattern" and error.schema.get("x-verbs") and isinstance(error.instance, str):
        return [doc.locate(Problem(f"cannot read {error.instance!r}", hint=_verb_hint(error), path=path))]
    hint = error.schema.get("description")
    if error.validator == "enum" and isinstance(error.instance, str):
        hint = did_you_mean(error.instance, [str(v) for v in error.validator_value]) or hint
    # ``x-rule``: the rule of the seed a bound or size stands for, named instead of [file format]
    return [doc.locate(Problem(_message(error), hint=hint, path=path, rule=error.schema.get("x-rule")))]


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
        seen, twice = [], None
        for item in value:
            if item in seen:
                twice = item
                break
            seen.append(item)
        return f"the list names {_described(twice)} twice" if twice is not None else "the list repeats an entry"
    return None


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


WORDS = {"object": "a mapping of keys (key: value lines)", "array": "a list", "string": "text",
         "integer": "a whole number", "number": "a number", "boolean": "true or false", "null": "nothing"}


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
