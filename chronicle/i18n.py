"""The site's language: gettext catalogs read with Babel, and the one translation in force.

Everything a reader of the site sees is written in English in the source and translated through
a gettext catalog, ``chronicle/locale/<language>/LC_MESSAGES/chronicle.po``. The ``.po`` file is
the source and the only copy: it is read by Babel when a build first needs it (a few
milliseconds, once per process), so there is no compiled ``.mo`` to forget to rebuild, and a
fresh clone, an editable install and the wheel all work the same way.

Why a translation *in force* rather than one passed around: rulesets know nothing of the site
(no files, no HTML), but their events explain themselves in sentences (``describe(name)``). The
renderer puts the campaign's language in force for the whole build (:func:`use`), and a ruleset
writes its sentences with the functions below; the same ``describe()`` then gives "Anna
conquista Gola" in an Italian site and "Anna takes Gola" on the terminal, where English is
always in force. The value lives in a :class:`contextvars.ContextVar`: a worker thread or
process that renders pages calls :func:`use` (or :func:`activate`) itself.

How to write a translatable string (every ruleset, every module of ``render/``):

* ``_("%(player)s takes %(province)s", player=..., province=...)``: the msgid is English with
  named ``%(name)s`` placeholders, formatted after translation (a literal ``%`` is ``%%``). The
  placeholders let a translator reorder the sentence.
* ``ngettext("%(num)d element", "%(num)d elements", n)``: plurals by the language's own rule
  (``num`` is filled in from ``n``).
* ``pgettext("map legend", "capital")``: the same English word with two meanings.
* ``N_("a tie goes to the defender")``: marks a string to be translated *later*, where it is
  shown (``N_plural(singular, plural, n)`` for a plural). Rulesets store such strings in their events (a rule, a reason); the sentence that shows
  them passes them through :func:`tr`. ``N_(msgid, **params)`` keeps its parameters too: it
  gives a :class:`Message`, a ``str`` (the English text, so JSON and equality are unchanged) that
  :func:`tr` translates and formats in the language in force.

Templates use the same catalog through Jinja2's i18n extension: ``{% trans %}...{% endtrans %}``,
``{{ _("...") }}``, ``{{ ngettext(...) }}`` and ``{{ tr(value) }}`` for a data string marked with
``N_``. ``scripts/catalog`` extracts the msgids (``pybabel extract`` with Jinja2's extractor,
configured in ``babel.cfg``) and updates every catalog; ``tests/test_i18n.py`` fails when a
msgid is missing from a catalog or has no translation. docs/site.md says how to add a language.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
import datetime as dt
import gettext as _gettext
import io
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Iterator

DOMAIN = "chronicle"
DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_language: ContextVar[str] = ContextVar("chronicle_language", default=DEFAULT)


# ---- the catalogs --------------------------------------------------------------------------

def catalog_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> tuple[str, ...]:
    """Every language a site can be written in: English (the source) and each catalog shipped."""
    found = {DEFAULT}
    if LOCALE_DIR.is_dir():
        found |= {p.name for p in LOCALE_DIR.iterdir() if catalog_path(p.name).is_file()}
    return tuple(sorted(found))


@lru_cache(maxsize=None)
def translations(language: str) -> _gettext.NullTranslations:
    """The translations of ``language``, read from its ``.po`` (English: the msgids themselves).

    Babel reads the catalog, writes it as a ``.mo`` in memory and loads that with the standard
    library's gettext, which then applies the catalog's own plural rule. Fuzzy entries (guesses
    ``msgmerge`` left for a translator to check) are not used.
    """
    if language == DEFAULT:
        return _gettext.NullTranslations()
    path = catalog_path(language)
    if not path.is_file():
        raise LookupError(f"no catalog for language {language!r} (looked for {path})")
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


# ---- the language in force ---------------------------------------------------------------------

def language() -> str:
    """The language in force (English unless a build put another in force)."""
    return _language.get()


@contextlib.contextmanager
def use(language_code: str | None) -> Iterator[str]:
    """Put ``language_code`` in force inside the ``with`` block (None: English)."""
    token = _language.set(language_code or DEFAULT)
    try:
        yield _language.get()
    finally:
        _language.reset(token)


def activate(language_code: str | None) -> None:
    """Put ``language_code`` in force for the rest of this context (a worker's initializer)."""
    _language.set(language_code or DEFAULT)


def _current() -> _gettext.NullTranslations:
    return translations(_language.get())


# ---- translating -------------------------------------------------------------------------------

def gettext_raw(message: str) -> str:
    """The translation of ``message``, not formatted (what Jinja2's extension formats itself)."""
    return _current().gettext(message) if message else message


def ngettext_raw(singular: str, plural: str, n: int) -> str:
    return _current().ngettext(singular, plural, n)


def pgettext_raw(context: str, message: str) -> str:
    return _current().pgettext(context, message)


def npgettext_raw(context: str, singular: str, plural: str, n: int) -> str:
    return _current().npgettext(context, singular, plural, n)


def gettext(message: str, /, **params) -> str:
    """``message`` in the language in force, its ``%(name)s`` placeholders filled from ``params``."""
    return gettext_raw(message) % params


def ngettext(singular: str, plural: str, n: int, /, **params) -> str:
    """The form of ``singular``/``plural`` that ``n`` takes in the language in force."""
    params.setdefault("num", n)
    return ngettext_raw(singular, plural, n) % params


def pgettext(context: str, message: str, /, **params) -> str:
    return pgettext_raw(context, message) % params


def npgettext(context: str, singular: str, plural: str, n: int, /, **params) -> str:
    params.setdefault("num", n)
    return npgettext_raw(context, singular, plural, n) % params


_ = gettext


class Message(str):
    """A string to translate where it is shown, with its parameters: the value is the English text.

    Made by ``N_(msgid, **params)`` or ``N_plural(singular, plural, n, **params)``; or
    ``Message(text)`` for a word known only at run time (a month named in the options) that the
    catalog may hold. Being a ``str`` equal to the English text, it is stored in events, compared,
    hashed and written to JSON like any other string; :func:`tr` gives it in the language in
    force. A parameter that is itself a Message is translated too; any other is put in as it is.
    """

    msgid: str
    params: dict
    plural: str | None
    count: int | None

    def __new__(cls, msgid: str, plural: str | None = None, count: int | None = None, /, **params):
        # positional-only: a msgid's own placeholders may be called plural or count
        if plural is not None:
            params.setdefault("num", count)
            english = (msgid if count == 1 else plural) % params
        else:
            english = msgid % params if params else msgid
        self = super().__new__(cls, english)
        self.msgid, self.plural, self.count, self.params = msgid, plural, count, params
        return self

    def __reduce__(self):
        return (_message, (self.msgid, self.plural, self.count, self.params))

    def translated(self) -> str:
        params = {k: tr(v) if isinstance(v, Message) else v for k, v in self.params.items()}
        if self.plural is not None:
            return ngettext_raw(self.msgid, self.plural, self.count) % params
        return gettext_raw(self.msgid) % params if params else gettext_raw(self.msgid)


def _message(msgid: str, plural, count, params: dict) -> Message:
    return Message(msgid, plural, count, **params)


def N_(message: str, /, **params) -> str:
    """Mark ``message`` for translation where it is shown (see :func:`tr`); with ``params``, a
    :class:`Message` that keeps them."""
    return Message(message, **params) if params else message


def N_plural(singular: str, plural: str, n: int, /, **params) -> Message:
    """Like :func:`ngettext`, but translated where it is shown: a :class:`Message` (``num`` is
    filled in from ``n``)."""
    return Message(singular, plural, n, **params)


@dataclass(frozen=True)
class Plural:
    """A counted word whose number comes later: its singular and plural msgids, marked for the
    catalog by :func:`N_units`. A map counter keeps one number, its strength, and says what it
    counts through this ("12 elements"), so the number in the words cannot disagree with it."""

    singular: str
    plural: str

    def of(self, n: int) -> Message:
        """``n`` of it, translated where it is shown (``num`` is ``n``)."""
        return Message(self.singular, self.plural, n)


def N_units(singular: str, plural: str, /) -> Plural:
    """Mark a counted word for translation without its number: ``N_units("%(num)d element",
    "%(num)d elements")``; :meth:`Plural.of` gives it with a number."""
    return Plural(singular, plural)


def tr(value) -> str:
    """A data string in the language in force: a :class:`Message`, or a msgid marked with
    :func:`N_`. Anything else (a name, text written in a turn file) comes back as it was."""
    if value is None:
        return ""
    if isinstance(value, Message):
        return value.translated()
    text = str(value)
    return gettext_raw(text) if text else text


# ---- dates, numbers, months, lists ---------------------------------------------------------------

def format_date(value, form: str = "long") -> str:
    """A date as readers of the language write it ("11 aprile 2026", "April 11, 2026").
    Text that is not a date (a date written as free text) comes back as it was."""
    from babel.dates import format_date as babel_date
    day = _as_date(value)
    if day is None:
        return "" if value is None else str(value)
    return babel_date(day, form, locale=_language.get())


def _as_date(value) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value)[:10]) if value is not None else None
    except ValueError:
        return None


def format_number(value) -> str:
    """An integer or decimal with the language's separators ("12,345" / "12.345"); anything
    else as it was."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "" if value is None else str(value)
    from babel.numbers import format_decimal
    return format_decimal(value, locale=_language.get())


def month_name(month: int, width: str = "wide") -> str:
    """The name of ``month`` (1–12) in the language in force, as it stands in a date."""
    from babel.dates import get_month_names
    return get_month_names(width, "stand-alone", locale=_language.get())[month]


def join(items, style: str = "standard") -> str:
    """A list in the language's words ("A, B and C" / "A, B e C")."""
    from babel.lists import format_list
    items = [str(i) for i in items]
    return format_list(items, style, locale=_language.get()) if items else ""
