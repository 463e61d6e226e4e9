"""Every Clan War event's sentence, word for word, in each of its forms (the site and the feed print
them): who, what, where, the koku and the arithmetic of a fate roll. Found unread by mutation
testing (scripts/mutate clanwar): a sentence that names the wrong faction or drops a number passed
every rule test."""

from __future__ import annotations

import pytest

from chronicle.rules.clanwar import events as ev

NAMES = {"crane": "Crane", "lion": "Lion", "phoenix": "Phoenix", "doji": "Doji", "akodo": "Akodo", "kakita": "Kakita",
         "hoturi": "Doji Hoturi", "kuwanan": "Kuwanan", "tsuko": "Matsu Tsuko", "crane-1": "Crane Guard",
         "lion-1": "Lion Guard", "isawa": "Isawa"}
name = NAMES.get          # an id it does not know gives None, which shows in the sentence

SENTENCES = [
    (ev.FactionSetUp("crane", "crane", ("doji", "kakita"), 4000), "Crane starts with Doji and Kakita and 4,000 koku"),
    (ev.FactionSetUp("crane", "crane", (), 0, corrupted=True), "Crane (corrupted) starts with no province and 0 koku"),
    (ev.KokuChanged("crane", -250, 5750, "purchase", "unit crane-1"),
     "Crane \u2212250 koku (purchase: unit crane-1), 5,750 left"),
    (ev.KokuChanged("crane", 300, 6050, "tax"), "Crane +300 koku (tax), 6,050 left"),
    (ev.BidResolved("kuwanan", "personality", (("crane", 60), ("lion", 50)), "crane", 60),
     "Bids for Kuwanan: Crane 60, Lion 50; Crane recruits Kuwanan for 60 koku"),
    (ev.BidResolved("kuwanan", "personality", (("crane", 60), ("lion", 60)), None),
     "Bids for Kuwanan: Crane 60, Lion 60; a tie for the highest bid: no one recruits Kuwanan"),
    (ev.BidResolved("kuwanan", "personality", (("crane", 50),), "crane", 60, 120),
     "Bids for Kuwanan: Crane 50; Crane recruits Kuwanan for 60 koku (the bid at 120%)"),
    (ev.BidResolved("isawa", "item", (("crane", 50),), "crane", 50), "Bids for Isawa: Crane 50; Crane buys Isawa for 50 koku"),
    (ev.BidResolved("isawa", "item", (("crane", 50), ("lion", 50)), None),
     "Bids for Isawa: Crane 50, Lion 50; a tie for the highest bid: no one buys Isawa"),
    (ev.AllianceDeclared(("crane", "lion")), "Crane and Lion declare an alliance"),
    (ev.AllianceBroken("crane", "lion"), "Crane breaks its alliance with Lion"),
    (ev.AllianceBroken("crane", "lion", "doji", "switched sides"),
     "Crane switches sides and breaks its alliance with Lion at Doji"),
    (ev.AllianceBroken("crane", "lion", "doji", "fought an ally", excused=True),
     "Crane fights its ally and breaks its alliance with Lion at Doji (without penalty: Lion kept a province Crane had held)"),
    (ev.ForcesRemoved("crane", "lion", ("lion-1",), ("tsuko",)),
     "Crane loses Lion Guard and Matsu Tsuko, bought from Lion (no refund)"),
    (ev.Corrupted("crane"), "Crane is corrupted by the Shadowlands"),
    (ev.Reassigned("kuwanan", None, "crane-1"), "Kuwanan leaves Crane Guard and stands alone"),
    (ev.Reassigned("kuwanan", "crane-1", None), "Kuwanan takes command of Crane Guard"),
    (ev.Reassigned("kuwanan", "crane-1", None, lead=False), "Kuwanan joins Crane Guard"),
    (ev.ModelsTransferred("crane-1", "lion-1", 1), "1 model passes from Crane Guard to Lion Guard"),
    (ev.ModelsTransferred("crane-1", "lion-1", 3), "3 models pass from Crane Guard to Lion Guard"),
    (ev.Swapped("item", "jade_finger", None, "kuwanan"), "jade finger passes from the stockpile to Kuwanan"),
    (ev.Swapped("item", "jade_finger", "kuwanan", None), "jade finger passes from Kuwanan to the stockpile"),
    (ev.EquipmentSetAside("kuwanan", "heavy_armour", "crystal_katana"),
     "Kuwanan's heavy armour is set aside for crystal katana: it comes back when crystal katana leaves, and never "
     "goes to the stockpile"),
    (ev.EquipmentRecovered("kuwanan", "heavy_armour", "crystal_katana"),
     "Kuwanan takes back the heavy armour set aside for crystal katana"),
    (ev.ItemRemoved("kuwanan", "jade_finger"), "jade finger is removed from Kuwanan"),
    (ev.LibraryUsed("kuwanan", "isawa", ("fire_kami",), ("earth_kami",)),
     "Kuwanan at the library of Isawa takes fire kami and leaves earth kami"),
    (ev.LibraryUsed("kuwanan", "isawa", ("fire_kami",), ()), "Kuwanan at the library of Isawa takes fire kami"),
    (ev.LibraryUsed("kuwanan", "isawa", (), ("earth_kami",)), "Kuwanan at the library of Isawa leaves earth kami"),
    (ev.DaimyoNamed("crane", "hoturi"), "Doji Hoturi is Crane's Daimyo"),
    (ev.DaimyoNamed("crane", "hoturi", (("a", 30), ("b", 40)), 75),
     "Doji Hoturi is Crane's Daimyo, with a free command group worth 70 of 75 koku allowed"),
    (ev.CommandGroupGranted("crane", "kuwanan", (("a", 20),), 37),
     "Kuwanan comes with a free command group worth 20 of 37 koku allowed"),
    (ev.Moved("primary", "crane-1", "unit", "crane", ("doji", "kakita")), "Crane Guard: Doji \u2192 Kakita (primary movement)"),
    (ev.Moved("cavalry", "crane-1", "unit", "crane", ("doji", "akodo"), carried=("kuwanan",)),
     "Crane Guard with Kuwanan: Doji \u2192 Akodo (cavalry movement)"),
    (ev.ProvinceOccupied("akodo", "crane", "lion"), "Crane's army takes Akodo from Lion unopposed"),
    (ev.ProvinceOccupied("akodo", "crane", None), "Crane's army takes Akodo unopposed"),
    (ev.Reincarnated("kuwanan", "hoturi", "crane", "battle"),
     "Kuwanan reincarnates into Doji Hoturi during the battle; the old one is Dead"),
    (ev.Reincarnated("kuwanan", "hoturi", "crane", "recovery"),
     "Kuwanan reincarnates into Doji Hoturi in the Recovery phase, after dying; the old one is Dead"),
]

FATE = ev.Roll("fate", "kuwanan", 0, 3, True), ev.Roll("fate", "kuwanan", 1, 2, True)
SENTENCES += [
    (ev.FateRolled("kuwanan", "crane", 1, 5, 4, FATE[:1], "wounded"),
     "Kuwanan falls: d10 3 + 1 over = 4, below Earth 5: Wounded"),
    (ev.FateRolled("kuwanan", "crane", 1, 4, 4, FATE, "maimed", "void"),
     "Kuwanan falls: d10 3 + 1 over = 4, not below Earth 4; d10 2 + 1 = 3, under Void 4: Maimed (loses 1 Void)"),
    (ev.FateRolled("kuwanan", "crane", 1, 4, 3, FATE, "dead"),
     "Kuwanan falls: d10 3 + 1 over = 4, not below Earth 4; d10 2 + 1 = 3, not under Void 3: Dead"),
]


W, V = ev.Roll("heal", "kuwanan", 0, 7, True), ev.Roll("heal", "kuwanan", 1, 4, True)
ML = ev.Roll("experience", "crane-1", 0, 6, True)
SENTENCES += [
    (ev.BattleFought("doji", (("crane",), ("lion",)), (("crane",), ("lion",)), None, (), "crane", None),
     "Battle of Doji: Crane against Lion; no winner"),
    (ev.BattleFought("doji", (("crane",), ("lion", "phoenix")), (("crane",), ("lion", "phoenix")), "lion",
                     ("lion", "phoenix"), "crane", None, controller_before="crane", controller_after="lion"),
     "Battle of Doji: Crane against Lion and Phoenix; Lion and Phoenix won"),
    (ev.BattleFought("doji", (("crane",), ("lion",)), (("crane",), ("lion",)), "crane", ("crane",), "crane", None,
                     controller_before="crane", controller_after="crane", control_rule="the defender holds"),
     "Battle of Doji: Crane against Lion; Crane won; Doji stays Crane's (the defender holds)"),
    (ev.BattleFought("akodo", (("crane",), ("lion",)), (("crane",), ("lion",)), "crane", ("crane",), None, None,
                     control_rule="neutral ground"),
     "Battle of Akodo: Crane against Lion; Crane won; Akodo stays neutral (neutral ground)"),
    (ev.Regrouped("crane-1", "crane", "kakita", 10, 6, True, "doji"),
     "Crane Guard withdraws to Kakita (Routed: 6 of 10 models regroup)"),
    (ev.Regrouped("crane-1", "crane", "kakita", 10, 1, False, "doji"), "Crane Guard withdraws to Kakita (1 model regroups)"),
    (ev.Regrouped("crane-1", "crane", "kakita", 10, 7, False, "doji"), "Crane Guard withdraws to Kakita (7 models regroup)"),
    (ev.UnitDestroyed("crane-1", "crane", "doji", "no withdrawal"), "Crane Guard is destroyed at Doji (no withdrawal)"),
    (ev.ExperienceChecked("crane-1", "crane", "ML", ML, 2, 1, 6, 5),
     "Crane Guard ML check: d10 6 \u2212 Leadership 2 + 1 = 5, below ML 6: ML 5"),
    (ev.ExperienceChecked("crane-1", "crane", "TL", ML, 2, 0, 5, 5),
     "Crane Guard TL check: d10 6 \u2212 Leadership 2 = 4, below TL 5, but TL is at its floor"),
    (ev.ExperienceChecked("crane-1", "crane", "TL", ML, 1, 0, 5, 5),
     "Crane Guard TL check: d10 6 \u2212 Leadership 1 = 5, not below TL 5"),
    (ev.ExperienceLost("crane-1", 7, 10, 75),
     "Crane Guard has 7 experienced of 10 models, under 75%: it loses the Experienced trait and its bonuses"),
    (ev.ControlChanged("akodo", "lion", "crane", "occupied"), "Akodo passes to Crane (occupied)"),
    (ev.ControlChanged("akodo", "lion", None, "abandoned"), "Akodo passes to no one (neutral) (abandoned)"),
    (ev.Liberated("akodo", "crane", "lion", 1), "Crane returns Akodo to Lion (+1 honor)"),
    (ev.Liberated("akodo", "crane", None),
     "Crane keeps Akodo, which its ally had held at the start: the ally may break the alliance without penalty"),
    (ev.Captured("kuwanan", "crane", "lion"), "Kuwanan of Crane is captured by Lion (entered as a fact)"),
    (ev.Released("kuwanan", "crane", "kakita"), "Kuwanan is released and returns to Crane at Kakita"),
    (ev.MonkRing("crane", 1, "doji"), "Crane gains a Ring for the victory at Doji (1 Ring now)"),
    (ev.MonkRing("crane", 2, "doji"), "Crane gains a Ring for the victory at Doji (2 Rings now)"),
    (ev.SpellsCaptured("isawa", "crane", "lion", ("fire_kami", "earth_kami")),
     "The library of Isawa passes to Crane with fire kami, earth kami"),
    (ev.SpellsCaptured("isawa", None, "lion", ("fire_kami",)), "The library of Isawa passes to no one with fire kami"),
    (ev.Returned("kuwanan", "maimed", "kakita"), "Kuwanan (maimed) returns at Kakita with 1 wound and 0 void"),
    (ev.Returned("kuwanan", "wounded", "kakita"), "Kuwanan (wounded) returns at Kakita with 1 wound and 0 void"),
    (ev.Healed("kuwanan", (1, 4), (0, 3)), "Kuwanan rested: all wounds and void recovered (4 wounds, 3 void)"),
    (ev.Healed("kuwanan", (1, 4), (0, 2), (W, V)),
     "Kuwanan heals 1d/2: d10 7 \u2192 wounds 1 \u2192 4, d10 4 \u2192 void 0 \u2192 2"),
    (ev.CasualtiesRecovered("crane-1", 4, 50, 2, 8), "Crane Guard recovers 2 of its 4 casualties (50%): 8 models"),
    (ev.Deployed("crane", "crane-1", "unit", "doji"), "Crane Guard joins Crane at Doji"),
    (ev.Deployed("crane", "crane-1", "replace", "doji", "2 models: 12 now"), "Crane Guard joins Crane at Doji (2 models: 12 now)"),
    (ev.Deployed("crane", "jade_finger", "item", None, "from Lion"), "jade finger joins Crane in the stockpile (from Lion)"),
    (ev.PersonalityExperienced("kuwanan", "fire", ev.Roll("ring", "kuwanan", 0, 5, True), 3, 4),
     "Kuwanan gains experience: d10 5: Fire 3 \u2192 4"),
    (ev.PersonalityExperienced("kuwanan", "void", None, 3, 4, renamed="Kuwanan the Wise"),
     "Kuwanan gains experience, renamed Kuwanan the Wise: Void 3 \u2192 4"),
    (ev.GameWon("crane", "last faction standing"), "Crane wins the campaign (last faction standing)"),
]

# a purchase names a unit or personality by its name (each of the six categories that buy or change
# one), and a spell, item or piece of equipment by its id in words
SENTENCES += [
    (ev.Bought("crane", "unit", "crane-1", 100, arrives="doji"),
     "Crane recruited Crane Guard for 100 koku; it joins at Doji in the Recovery phase"),
    (ev.Bought("crane", "personality", "kuwanan", 60, seller="lion", base=50, modifier=120, arrives="kakita"),
     "Crane recruited Kuwanan from Lion, base 50 at 120% for 60 koku; it joins at Kakita in the Recovery phase"),
    (ev.Bought("crane", "personality", "kuwanan", 30, group="hoturi", share=50, full=60, arrives="kakita"),
     "Crane recruited Kuwanan into Doji Hoturi's command group, 50% of 60 for 30 koku; it joins at Kakita in the "
     "Recovery phase"),
    (ev.Bought("crane", "replace", "crane-1", 10, detail="2 models"),
     "Crane bought replacements for Crane Guard (2 models) for 10 koku"),
    (ev.Bought("crane", "tattoos", "crane-1", 40, seller="phoenix"), "Crane bought tattoos for Crane Guard from Phoenix for 40 koku"),
    (ev.Bought("crane", "promote", "crane-1", 10, detail="nikutai"), "Crane promoted a model of Crane Guard (nikutai) for 10 koku"),
    (ev.Bought("crane", "experienced", "kuwanan", 15), "Crane promoted Kuwanan to the experienced version for 15 koku"),
    (ev.Bought("crane", "spell", "fire_kami", 30, arrives="isawa"),
     "Crane bought the spell fire kami for 30 koku; it joins at Isawa in the Recovery phase"),
    (ev.Bought("crane", "item", "jade_finger", 50), "Crane bought jade finger for 50 koku"),
    (ev.Bought("crane", "equipment", "heavy_armour", 5), "Crane bought heavy armour for 5 koku"),
]


@pytest.mark.parametrize("event, sentence", SENTENCES, ids=[f"{e.kind}-{i}" for i, (e, _) in enumerate(SENTENCES)])
def test_every_event_says_what_happened_word_for_word(event, sentence):
    assert event.describe(name) == sentence


def test_a_ledger_line_names_the_purchase_with_spaces_for_underscores(make_campaign):
    """The ledger line of a purchase reads as words: a unit bought as crane_2 is 'unit crane 2'."""
    from .helpers import play
    history, problems = play(make_campaign, {1: "start:\n  buy:\n    crane:\n"
                                                "      - {unit: crane_2, type: ashigaru, models: 5, cost: 50, deploy: doji, ml: 6, tl: 6, leadership: 1}\n"})
    assert problems == []
    campaign = history.campaign
    texts = [e.describe(campaign.name_of) for e in history.result(1).events if e.kind == "koku-changed"]
    assert "Crane −50 koku (purchase: unit crane 2), 5,700 left" in texts


def test_the_start_s_provinces_and_what_recovery_places_in_words(make_campaign):
    """The set-up's ledger counts the provinces in the plural; replacements placed at Recovery say
    how many models joined and the unit's size (the plural form), a unit placed at the set-up its
    models, equipment how many went into the
    stockpile."""
    from .helpers import play
    history, problems = play(make_campaign, {1: "start:\n  buy:\n    crane:\n      - {replace: crane-1, models: 2, cost: 10}\n"
                                                "      - {equipment: yari, count: 3, cost: 6}\n"})
    assert problems == []
    name = history.campaign.name_of
    assert [e.describe(name) for e in history.start_events if e.kind == "koku-changed"][:2] == [
        "Crane +6,000 koku (start: 3 provinces), 6,000 left", "Lion +6,000 koku (start: 3 provinces), 6,000 left"]
    assert [e.describe(name) for e in history.result(1).events if e.kind == "deployed"] == [
        "crane-1 joins Crane at Doji (2 models: 12 now)", "yari joins Crane in the stockpile (3 into the stockpile)"]
    assert [e.describe(name) for e in history.start_events if e.kind == "deployed" and e.category == "unit"] == [
        "crane-1 joins Crane at Doji (10 models)", "lion-1 joins Lion at Akodo (10 models)"]


def test_every_koku_ledger_line_has_a_reason_with_its_words():
    """KokuChanged.shown_reason reads its words from REASONS with no fallback (seed 14's fresh draw
    found the fallback's mutants alive: nothing reached it). The docs-only campaigns play every kind
    of ledger line: the start, purchases, an ally's fee and the taxes; each reason is a key of REASONS."""
    from pathlib import Path

    from chronicle.history import replay_folder
    seen = set()
    for folder in ("docs_only_clanwar", "docs_only_clanwar_2"):
        history, _ = replay_folder(Path(__file__).parents[1] / "campaigns" / folder)
        events = list(history.start_events) + [e for r in history.turns for e in r.events]
        seen |= {e.reason for e in events if isinstance(e, ev.KokuChanged)}
    assert seen == {"start", "purchase", "ally_fee", "tax"} and seen <= set(ev.REASONS)
    assert [ev.KokuChanged("crane", -30, 70, "ally_fee", "").shown_reason(),
            ev.KokuChanged("crane", 4000, 4000, "start", "4 provinces").shown_reason()] == ["ally's fee", "start: 4 provinces"]
