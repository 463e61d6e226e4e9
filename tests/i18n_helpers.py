"""Italian sites for the translation tests, and what an untranslated string looks like in them.

An Italian site is an example campaign (Pitac's content/, Sengoku's examples/sengoku, Clan War's
and campagna's eight-turn acceptance campaigns) copied with ``language: it``. Its pages are read as a reader sees
them: the text of every element and the attributes a browser shows (title, alt, aria-label,
data-label), without the turns' stories, without any string the administrator wrote in the YAML
(titles, battle names, army ids) and without the names of the map's provinces, which stay in the
language they were written in.
"""

from __future__ import annotations

import functools
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import yaml

from chronicle import catalogs, i18n
from chronicle.history import load_history
from chronicle.render.site import build_site

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = {"pitac": REPO, "sengoku": REPO / "examples" / "sengoku",
            "clanwar": REPO / "tests" / "campaigns" / "docs_only_clanwar",
            "campagna": REPO / "tests" / "campaigns" / "docs_only_campagna"}
SHOWN_ATTRIBUTES = ("title", "alt", "aria-label", "data-label")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|<[^>]+>")


def build_in(language: str, ruleset: str, root: Path) -> Path:
    """Copy the ``ruleset`` example under ``root``, set its language, build it; returns site/."""
    shutil.copytree(EXAMPLES[ruleset] / "content", root / "content")
    config = root / "content" / "campaign.yaml"
    text = re.sub(r"(?m)^language:.*\n?", "", config.read_text(encoding="utf-8"))     # campagna's says it already
    config.write_text(text.rstrip("\n") + f"\nlanguage: {language}\n", encoding="utf-8")
    build_site(load_history(root), root / "site", progress=False)
    return root / "site"


class ShownText(HTMLParser):
    """The pieces of text a reader sees on a page, story sections left out."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self.skipping = 0          # depth inside a left-out element
        self.depth = 0
        self.lang = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if tag in self.VOID:
            if not self.skipping:
                self.pieces += [attrs[a] for a in SHOWN_ATTRIBUTES if attrs.get(a)]
            return
        self.depth += 1
        if self.skipping:
            self.skipping += 1
            return
        if tag in ("script", "style") or "story" in (attrs.get("class") or "").split():
            self.skipping = 1
            return
        self.pieces += [attrs[a] for a in SHOWN_ATTRIBUTES if attrs.get(a)]

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        self.depth -= 1
        if self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping and data.strip():
            self.pieces.append(" ".join(data.split()))


def shown_text(path: Path) -> ShownText:
    parser = ShownText()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def written_strings(content: Path) -> list[str]:
    """Every string the administrator wrote in the campaign's YAML, and the names of its map's
    provinces (a bundled map's too: "Plain of Fast Troubles" is a name), longest first."""
    from chronicle.content import load_campaign
    campaign, _problems = load_campaign(content.parent)
    found: set[str] = {p.name for p in campaign.map.provinces.values()} if campaign else set()

    def walk(value):
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and value.strip():
            found.update({value.strip(), value.strip().replace("_", " ")})      # an id is shown with spaces
    for path in sorted(content.rglob("*.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return sorted(found, key=len, reverse=True)


@functools.lru_cache(maxsize=None)
def english_fragments(language: str) -> tuple[set[str], set[str]]:
    """What of the sources' English would show that a string went untranslated in ``language``:
    (phrases of two words or more, cut at placeholders and tags; single-word msgids)."""
    with i18n.use(language):
        translate = i18n.translations(language)
        phrases, words, translations = set(), set(), set()
        for message in catalogs.extract():
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            for msgid in ids:
                if message.context:
                    shown = translate.pgettext(message.context, msgid)
                elif isinstance(message.id, tuple):
                    shown = " ".join(translate.ngettext(*message.id, n) for n in (1, 2))
                else:
                    shown = translate.gettext(msgid)
                translations.add(shown.strip(" .:"))
                for fragment in PLACEHOLDER.split(msgid):
                    fragment = fragment.strip(" .,:;()–-·")
                    if not fragment or fragment in shown:
                        continue
                    if len(fragment.split()) >= 2:
                        phrases.add(fragment)
                    elif fragment == msgid.strip(" .:") and fragment[:1].isalpha() and len(fragment) > 2:
                        words.add(fragment)
    return phrases, words - translations      # "Province" is also the Italian of "Provinces"


#: words of English's grammar that no Italian sentence uses: what is left when a sentence the
#: catalog has never seen (a string not wrapped for translation) shows on an Italian page
ENGLISH_WORDS = re.compile(r"\b(the|of|and|with|has|have|was|were|by|from|into|which|who|its|their|no one|"
                           r"won|lost|took|holds|turn|battle|siege|army|armies|elements?|for|to|now|bought|buy|"
                           r"models?|units?|provinces|spells?|personality|library|lone|fee|replace|promote|earth|water|fire|air)\b", re.I)


def proper_names() -> list[str]:
    """Names that stay as they are in every language: the rulesets' titles."""
    from chronicle import rules
    return sorted({r.title for r in rules.registry().values()}, key=len, reverse=True)


def _any_of(texts) -> re.Pattern:
    """One pattern matching any of ``texts`` as whole words, the longest first."""
    texts = sorted(set(texts), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, texts)) + r")(?!\w)") if texts else re.compile(r"(?!)")


def _pieces(site: Path, left_out: re.Pattern):
    """(page, text) for every piece of text shown in ``site``, ``left_out`` taken out of it."""
    for page in sorted(site.rglob("*.html")) + sorted(site.rglob("*.svg")):
        for piece in shown_text(page).pieces:
            yield page.relative_to(site), " ".join(left_out.sub(" ", piece).split())


def english_words(site: Path, content: Path) -> list[str]:
    """Every piece of shown text that still has English words in it once the administrator's own
    strings and the proper names are taken out: "page: 'text'"."""
    found = []
    for page, piece in _pieces(site, _any_of(written_strings(content) + proper_names())):
        words = sorted({m.group(0) for m in ENGLISH_WORDS.finditer(piece)})
        if words:
            found.append(f"{page}: {words} in {piece[:120]!r}")
    return found


def untranslated(site: Path, content: Path, language: str) -> list[str]:
    """Every place in ``site`` where English of the sources shows through: "page: 'text'"."""
    phrases, words = english_fragments(language)
    phrase = _any_of(phrases)
    found = []
    for page, piece in _pieces(site, _any_of(written_strings(content))):
        hits = sorted(set(phrase.findall(piece)))
        if piece.strip(" .:") in words:
            hits.append(piece)
        for hit in hits:
            found.append(f"{page}: {hit!r} in {piece[:120]!r}")
    return found
