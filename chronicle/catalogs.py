"""Keep the translation catalogs current with the sources (a tool for contributors: scripts/catalog).

``extract`` reads every translatable string of the package and the default theme, as
``pybabel extract -F babel.cfg`` does (Babel's Python extractor and Jinja2's own extractor, with
the options in ``babel.cfg``); ``update`` merges the result into every language's ``.po``;
``init`` starts a new language; ``problems`` lists what keeps a catalog from being complete
(``tests/test_i18n.py`` fails on any).

The catalogs are written sorted by msgid, without source locations and unwrapped, and their
header dates are left alone: several people edit the templates at once, and a new string then
touches only its own lines of the ``.po``, not every location comment below it.

Run from a source checkout (the theme's templates/ and babel.cfg are at its root)::

    scripts/catalog            # extract, then update every catalog
    scripts/catalog init fr    # a new catalog for French
    scripts/catalog check      # list missing, untranslated and fuzzy entries; exit 1 if any
"""

from __future__ import annotations

import sys
from pathlib import Path

from . import i18n

ROOT = Path(__file__).resolve().parents[1]
COMMENT_TAGS = ("TRANSLATORS:",)
#: chronicle.i18n's own marker besides Babel's defaults (_, gettext, ngettext, pgettext, N_...);
#: with pybabel itself: pybabel extract -F babel.cfg -k N_plural:1,2 -k N_units:1,2
KEYWORDS = {"N_plural": (1, 2), "N_units": (1, 2)}


def _mapping(root: Path):
    from babel.messages.frontend import parse_mapping_cfg
    with (root / "babel.cfg").open(encoding="utf-8") as handle:
        return parse_mapping_cfg(handle, str(root / "babel.cfg"))


def extract(root: Path = ROOT):
    """Every msgid in the sources, as a template catalog (with locations, for messages)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    method_map, options_map = _mapping(root)
    keywords = {**DEFAULT_KEYWORDS, **KEYWORDS}
    template = Catalog(domain=i18n.DOMAIN, project="chronicle", charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(root), method_map, options_map, keywords=keywords, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True, directory_filter=_wanted):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def _wanted(dirpath: str) -> bool:
    parts = Path(dirpath).parts
    return not any(p.startswith(".") or p in ("site", "build", "dist", "__pycache__", "node_modules") for p in parts)


def read(language: str):
    from babel.messages.pofile import read_po
    with i18n.catalog_path(language).open("rb") as handle:
        return read_po(handle, locale=language, domain=i18n.DOMAIN)


def write(catalog, language: str) -> None:
    from babel.messages.pofile import write_po
    path = i18n.catalog_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, no_location=True, sort_output=True, ignore_obsolete=True)


def translated_languages() -> list[str]:
    return [lang for lang in i18n.languages() if lang != i18n.DEFAULT]


def update(root: Path = ROOT) -> None:
    """Merge the sources' msgids into every catalog: new ones empty, vanished ones dropped."""
    template = extract(root)
    for language in translated_languages():
        catalog = read(language)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)   # a guess is worse than a blank
        write(catalog, language)
        print(f"{i18n.catalog_path(language).relative_to(root)}: {len(catalog)} messages")


def init(language: str, root: Path = ROOT) -> None:
    from babel.messages.catalog import Catalog
    if i18n.catalog_path(language).exists():
        raise SystemExit(f"{i18n.catalog_path(language)} exists already: run 'scripts/catalog' to update it")
    catalog = Catalog(locale=language, domain=i18n.DOMAIN, project="chronicle", charset="utf-8", fuzzy=False)
    catalog.update(extract(root))
    write(catalog, language)
    print(f"{i18n.catalog_path(language).relative_to(root)}: {len(catalog)} messages to translate")


def _key(message):
    return (message.id, message.context)


def problems(language: str, root: Path = ROOT) -> list[str]:
    """What keeps ``language``'s catalog from being complete and current, one line each."""
    template = extract(root)
    catalog = read(language)
    out = []
    have = {_key(m) for m in catalog if m.id}
    for message in template:
        if message.id and _key(message) not in have:
            where = ", ".join(f"{f}:{n}" for f, n in message.locations[:2])
            out.append(f"not in the catalog (run scripts/catalog): {_shown(message.id)!r} ({where})")
    wanted = {_key(m) for m in template if m.id}
    for message in catalog:
        if not message.id:
            continue
        if _key(message) not in wanted:
            out.append(f"no longer in the sources (run scripts/catalog): {_shown(message.id)!r}")
        elif message.fuzzy:
            out.append(f"fuzzy (check the translation, then remove the fuzzy flag): {_shown(message.id)!r}")
        elif not message.string or (isinstance(message.string, tuple) and not all(message.string)):
            out.append(f"not translated: {_shown(message.id)!r}")
    for message, errors in catalog.check():
        for error in errors:
            out.append(f"{_shown(message.id)!r}: {error}")
    return out


def _shown(msgid) -> str:
    return msgid[0] if isinstance(msgid, tuple) else msgid


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "update"
    if command == "update":
        update()
        return 0
    if command == "init" and len(argv) == 2:
        init(argv[1])
        return 0
    if command == "check":
        found = {lang: problems(lang) for lang in translated_languages()}
        for lang, lines in found.items():
            for line in lines:
                print(f"{i18n.catalog_path(lang).relative_to(ROOT)}: {line}")
        return 1 if any(found.values()) else 0
    print(__doc__.split("Run from")[1].strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
