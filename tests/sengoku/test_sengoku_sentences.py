"""Every Sengoku event's sentence, word for word, in each of its forms: the turn pages, the feed and
`chronicle state` print them, and they are the rules explained to the players. Found unread by
mutation testing (scripts/mutate sengoku): a sentence that dropped the siege's cost, named the wrong
outcome of a ninja or lost the succession's words passed every rule test.

``name`` turns every clan and province id into its display name; an id it was not given shows as
``?id``, so a sentence that names the wrong thing (or an army id where a clan belongs) fails."""

from __future__ import annotations

import pytest

from chronicle import i18n
from chronicle.i18n import N_
from chronicle.rules.sengoku import events as ev

NAMES = {"takeda": "Takeda", "uesugi": "Uesugi", "hojo": "Hojo", "kai": "Kai", "shinano": "Shinano", "mino": "Mino",
         "omi": "Omi", "yamashiro": "Yamashiro", "sagami": "Sagami", "izu": "Izu"}


def name(key):
    return "no one" if key is None else NAMES.get(key, f"?{key}")


SENTENCES = [
    (ev.ClanSetUp("takeda", "kai", 10, ("shinano",), False),
     'Takeda holds 10 provinces, capital Kai, fortress Shinano'),
    (ev.ClanSetUp("hojo", "sagami", 1, (), True),
     'Hojo (neutral, moved by the umpire) holds 1 province, capital Sagami, fortress none'),
    (ev.ArmyRaised("takeda-4", "takeda", "kai", 12, N_("spring: 1 army per 3 provinces")),
     'Takeda raised army takeda-4 (12 elements) at Kai (spring: 1 army per 3 provinces)'),
    (ev.ArmyRaised("takeda-1", "takeda", "kai", 1),
     'Takeda raised army takeda-1 (1 element) at Kai (set-up)'),
    (ev.ArmyListed("takeda-1", "takeda", "ikko_ikki", (("3Kn(Gen)", 1), ("4Bd", 3))),
     "Takeda's army takeda-1 takes the field as 1x3Kn(Gen), 3x4Bd (the ikko ikki list)"),
    (ev.ArmyDisbanded("takeda-3", "takeda", "mino", N_("too many armies")),
     "Takeda's army takeda-3 at Mino is disbanded (too many armies)"),
    (ev.CardDrawn("takeda", "marriage", 1),
     'Takeda drew the Marriage into the Shogun family card and keeps it for the game'),
    (ev.CardDrawn("takeda", "spy", 2, recorded=False),
     'Takeda drew a card from deck 2'),
    (ev.CardDrawn("takeda", "portuguese_trader", 1, hidden=False),
     'Takeda drew Portuguese Trader from deck 1'),
    (ev.DeckEmpty(1, ("takeda", "uesugi"), last=True),
     'The last card of deck 1 is drawn; Takeda, Uesugi drew nothing: the turn is played out, then the game ends'),
    (ev.DeckEmpty(1, ("takeda",)),
     'The last card of deck 1 is drawn; Takeda drew nothing: the turn is played out, then the cards are reshuffled'),
    (ev.DeckEmpty(2, (), last=True),
     'The last card of deck 2 is drawn: the turn is played out, then the game ends'),
    (ev.DeckEmpty(1, ()),
     'The last card of deck 1 is drawn: the turn is played out, then the cards are reshuffled'),
    (ev.DeckReshuffled(2, 1),
     'Every card but the Marriage cards held goes back: deck 2 of 1 card is shuffled'),
    (ev.DeckReshuffled(2, 52),
     'Every card but the Marriage cards held goes back: deck 2 of 52 cards is shuffled'),
    (ev.CardPlayed("takeda", "bitter_enders", N_("battle")),
     'Takeda played Bitter Enders (battle)'),
    (ev.CardPlayed("takeda", "house_card", N_("battle")),
     'Takeda played House Card (battle)'),
    (ev.MovementOrder(("takeda", "uesugi"), N_("initiative dice"), (("takeda", (3, 5)), ("uesugi", (3, 2)))),
     'Movement order: Takeda, Uesugi (initiative dice: Takeda 3/5; Uesugi 3/2)'),
    (ev.MovementOrder(("takeda", "uesugi"), N_("cards")),
     'Movement order: Takeda, Uesugi (cards)'),
    (ev.AllianceFormed(("takeda", "uesugi")),
     'Takeda and Uesugi formed an alliance'),
    (ev.AllianceBroken("uesugi", "takeda"),
     'Uesugi broke the alliance with Takeda'),
    (ev.TreatyBroken("takeda", "kept Mino"),
     'Takeda broke treaty obligations: kept Mino'),
    (ev.TreatyBroken("takeda"),
     'Takeda broke treaty obligations'),
    (ev.ProvincesCeded("uesugi", "takeda", ("mino", "shinano")),
     'Uesugi ceded Mino, Shinano to Takeda'),
    (ev.FortressBuilt("takeda", "mino"),
     'Takeda built a fortress in Mino'),
    (ev.Penalty("takeda", -3, N_("slow play")),
     'The umpire penalised Takeda: -3 prestige (slow play)'),
    (ev.NinjaAttempt("takeda", "uesugi", 6, 0, "assassinated"),
     "Takeda sent a ninja against Uesugi: d6 6 — Uesugi's daimyo is assassinated"),
    (ev.NinjaAttempt("takeda", "uesugi", 4, 1, "wounded", 1),
     "Takeda sent a ninja against Uesugi: d6 4 +1 spy — Uesugi's daimyo is wounded for 1 turn: no orders out of his own provinces"),
    (ev.NinjaAttempt("takeda", "uesugi", 5, 0, "wounded", 3),
     "Takeda sent a ninja against Uesugi: d6 5 — Uesugi's daimyo is wounded for 3 turns: no orders out of his own provinces"),
    (ev.NinjaAttempt("takeda", "uesugi", 5, -1, "failed"),
     'Takeda sent a ninja against Uesugi: d6 5 -1 spy — the attempt fails'),
    (ev.Succession("uesugi", 5, "heir"),
     'Uesugi succession roll 5: the heir secures the succession'),
    (ev.Succession("uesugi", 2, "usurper-beaten"),
     'Uesugi succession roll 2: a general tries to seize the clan and is beaten'),
    (ev.Succession("uesugi", 1, "usurped"),
     'Uesugi succession roll 1: a general seizes the clan: the player is out of the game'),
    (ev.ArmyMoved("takeda-1", "takeda", ("kai", "shinano", "mino")),
     "Takeda's army takeda-1 moved Kai → Shinano → Mino"),
    (ev.ArmyMoved("takeda-1", "takeda", ("kai", "shinano", "mino", "omi", "yamashiro"), forced=1, lost=1),
     "Takeda's army takeda-1 moved Kai → Shinano → Mino → Omi → Yamashiro, forced march of 1 province costing 1 element"),
    (ev.ArmyMoved("hojo-1", "hojo", ("sagami", "izu"), forced=2, lost=2, rule=N_("a neutral army attacks")),
     "Hojo's army hojo-1 moved Sagami → Izu, forced march of 2 provinces costing 2 elements (a neutral army attacks)"),
    (ev.StormAtSea("takeda-1", "takeda", ("kai", "mino"), 1, 2),
     "A storm hit takeda-1's fleet from Kai to Mino (d6 1): 2 elements lost"),
    (ev.StormAtSea("takeda-1", "takeda", ("kai", "mino"), 1, 1),
     "A storm hit takeda-1's fleet from Kai to Mino (d6 1): 1 element lost"),
    (ev.StormAtSea("takeda-1", "takeda", ("kai", "mino"), 4, 0),
     'takeda-1 crossed from Kai to Mino in fair weather (d6 4)'),
    (ev.ElementsTransferred("takeda-2", "takeda-1", 1, 1),
     '1 element marched 1 province from takeda-2 to reinforce takeda-1'),
    (ev.ElementsTransferred("takeda-2", "takeda-1", 3, 6),
     '3 elements marched 6 provinces from takeda-2 to reinforce takeda-1'),
    (ev.BattleRefused("uesugi-1", "uesugi", "mino", "shinano", "takeda-1"),
     'uesugi-1 refused battle with takeda-1 and withdrew from Mino to Shinano'),
    (ev.BattleRefused("uesugi-1", "uesugi", "mino", "shinano", "takeda-2", after="takeda-1"),
     'Having beaten takeda-1, uesugi-1 refused battle with takeda-2 and withdrew from Mino to Shinano'),
    (ev.ShutInCastle("uesugi-1", "uesugi", "mino", "takeda-1"),
     'uesugi-1 shut itself in the castle of Mino before takeda-1'),
    (ev.ShutInCastle("uesugi-1", "uesugi", "mino", "takeda-2", after="takeda-1"),
     'Having beaten takeda-1, uesugi-1 shut itself in the castle of Mino before takeda-2'),
    (ev.SiegeBegun("mino", "takeda-1", "takeda", "uesugi-1"),
     'takeda-1 (Takeda) laid siege to the castle of Mino, with uesugi-1 inside'),
    (ev.SiegeBegun("mino", "takeda-1", "takeda", None),
     'takeda-1 (Takeda) laid siege to the castle of Mino, undefended'),
    (ev.SiegeRoll("mino", "takeda-1", 5, 1, 6, True, 0),
     'Siege of Mino: takeda-1 rolled 5 +1 trader (needed 6) and took the castle'),
    (ev.SiegeRoll("mino", "takeda-1", 3, 0, 5, False, 1),
     'Siege of Mino: takeda-1 rolled 3 (needed 5), failed; 1 element lost'),
    (ev.SiegeRoll("mino", "takeda-1", 3, 0, 5, False, 2),
     'Siege of Mino: takeda-1 rolled 3 (needed 5), failed; 2 elements lost'),
    (ev.SiegeRoll("mino", "takeda-1", 3, 1, 6, False, 0, forage=True),
     'Siege of Mino: takeda-1 rolled 3 +1 trader (needed 6), failed; the Forage card spared the element'),
    (ev.SiegeLifted("mino", "takeda-1", N_("winter")),
     'The siege of Mino by takeda-1 is lifted: winter'),
    (ev.CastleTaken("mino", "capital", "takeda", "uesugi", N_("siege")),
     'Takeda took the capital of Mino from Uesugi (siege)'),
    (ev.CastleTaken("mino", "fortress", "takeda", "uesugi", N_("relief battle")),
     'Takeda took the fortress of Mino from Uesugi (relief battle)'),
    (ev.ArmyDestroyed("uesugi-1", "uesugi", "mino", N_("no retreat")),
     "Uesugi's army uesugi-1 is destroyed in Mino: no retreat"),
    (ev.ArmyRetreated("uesugi-1", "uesugi", "mino", "shinano", "as written"),
     'Beaten, uesugi-1 retreated from Mino to Shinano, towards its capital'),
    (ev.ElementsLost("uesugi-1", "uesugi", 1, N_("the umpire's penalty")),
     "uesugi-1 (Uesugi) lost 1 element: the umpire's penalty"),
    (ev.ElementsLost("uesugi-1", "uesugi", 2, N_("forced march of its contingent")),
     'uesugi-1 (Uesugi) lost 2 elements: forced march of its contingent'),
    (ev.ProvinceConquered("mino", "takeda", "uesugi", "takeda-1"),
     'Takeda conquered Mino from Uesugi: takeda-1 holds it unopposed'),
    (ev.ProvinceConquered("omi", "takeda", None, "takeda-1"),
     'Takeda conquered Omi: takeda-1 holds it unopposed'),
    (ev.SupplyRoll("takeda-1", "takeda", "mino", 3, 2, 1, 7, 1),
     'takeda-1 is out of supply in Mino: d6 3 +2 distance +2 other armies = 7, starves: 1 element lost'),
    (ev.SupplyRoll("takeda-1", "takeda", "mino", 3, 1, 0, 4, 0, per_province=2, per_army=3),
     'takeda-1 is out of supply in Mino: d6 3 +2 distance = 4, holds out'),
    (ev.SupplyRoll("takeda-1", "takeda", "mino", 2, 0, 2, 8, 1, per_army=3),
     'takeda-1 is out of supply in Mino: d6 2 +6 other armies = 8, starves: 1 element lost'),
    (ev.SupplyRoll("takeda-1", "takeda", "mino", 4, 0, 0, 4, 0),
     'takeda-1 is out of supply in Mino: d6 4 = 4, holds out'),
    (ev.ChainBroken("takeda-1", "takeda", "shinano", 6, 1),
     'Shinano fell behind takeda-1: its chain of supply is broken (d6 6, 1 element lost)'),
    (ev.ChainBroken("takeda-1", "takeda", "shinano", 2, 0),
     'Shinano fell behind takeda-1: its chain of supply is broken (d6 2, no loss)'),
    (ev.WinterAttrition("takeda-1", "takeda", "mino", 6, 12, None),
     'Winter: takeda-1 is 6 provinces from winter quarters and is destroyed'),
    (ev.WinterAttrition("takeda-1", "takeda", "mino", 4, 6, "kai"),
     'Winter: takeda-1 was 4 provinces from winter quarters, lost 6 elements and marched to Kai'),
    (ev.WinterAttrition("takeda-1", "takeda", "mino", 1, 3, "kai", forage=True, saved=2),
     'Winter: takeda-1 was 1 province from winter quarters, lost 3 elements (Forage saved 2 elements) and marched to Kai'),
    (ev.WinterAttrition("takeda-1", "takeda", "mino", 2, 2, "kai", forage=True),
     'Winter: takeda-1 was 2 provinces from winter quarters, lost 2 elements (Forage saved 1 element) and marched to Kai'),
    (ev.WinterReinforced("takeda-1", "takeda", "kai", 3),
     'takeda-1 wintered in Kai all turn and gained 3 elements'),
    (ev.WinterReinforced("takeda-1", "takeda", "kai", 1),
     'takeda-1 wintered in Kai all turn and gained 1 element'),
    (ev.PrestigeAwarded("takeda", 4, "element_destroyed x4"),
     'Takeda +4 prestige: element destroyed x4'),
    (ev.PrestigeAwarded("takeda", -2, "defeat"),
     'Takeda -2 prestige: defeat'),
    (ev.PrestigeAwarded("takeda", 12, "12 provinces held"),
     'Takeda +12 prestige: 12 provinces held'),
    (ev.PrestigeAwarded("takeda", -3, "slow_play"),
     'Takeda -3 prestige: slow play'),
    (ev.Seppuku("takeda", -21, -20),
     "Takeda's prestige fell to -21, below -20: the daimyo commits seppuku; the clan's provinces turn neutral and its armies disband"),
    (ev.ClanOut("takeda", N_("seppuku")),
     'Takeda is out of the game (seppuku)'),
    (ev.MarriagePassed("uesugi", "takeda"),
     'The Marriage card passes from Uesugi to the victorious Takeda'),
    (ev.MarriagePassed("uesugi", None),
     'The Marriage card of Uesugi goes back to the deck'),
    (ev.ShogunateClaimed("takeda", 20, 200),
     'Takeda claims the Shogunate (20 provinces, 200 prestige, married to the Minamoto)'),
    (ev.KyotoHeld("takeda", 1, 2),
     'Takeda holds Kyoto: turn 1 of 2'),
    (ev.ClaimFailed("takeda", N_("forced out of Kyoto")),
     "Takeda's claim to the Shogunate fails: forced out of Kyoto"),
    (ev.ShogunConferred("takeda"),
     'Takeda is conferred the title of Shogun and wins the game'),
    (ev.GameEnded("takeda", 109, N_("deck 2 is dealt and its last turn played")),
     'The game ends (deck 2 is dealt and its last turn played): Takeda wins with 109 prestige'),
    (ev.GameEnded(None, 40, N_("deck 2 is dealt and its last turn played; tied: takeda, uesugi")),
     'The game ends (deck 2 is dealt and its last turn played; tied: takeda, uesugi): no one wins with 40 prestige'),
]


@pytest.mark.parametrize("event, sentence", SENTENCES, ids=[f"{i:02d}-{type(e).__name__}" for i, (e, _) in enumerate(SENTENCES)])
def test_every_event_sentence_word_for_word(event, sentence):
    assert event.describe(name) == sentence


def test_a_hidden_card_is_named_only_in_the_administrator_s_forms():
    """Seed: "The tactical cards are not revealed to other players until played"."""
    dealt = ev.CardDrawn("takeda", "spy", 2, recorded=False)
    written = ev.CardDrawn("takeda", "ninja", 1)
    shown = ev.CardDrawn("takeda", "marriage", 1, hidden=False)
    assert dealt.describe_private(name) == "Takeda drew Spy from deck 2 (dealt from the seeded shuffle; hidden until played)"
    assert written.describe_private(name) == "Takeda drew Ninja from deck 1 (as written; hidden until played)"
    assert shown.describe_private(name) == shown.describe(name)
    assert dealt.to_json()["card"] is None and dealt.to_json()["text"] == "takeda drew a card from deck 2"
    assert dealt.to_json(private=True)["card"] == "spy"
    assert dealt.to_json(private=True)["text"] == "takeda drew Spy from deck 2 (dealt from the seeded shuffle; hidden until played)"
    assert shown.to_json()["card"] == "marriage"


def test_a_ledger_reason_counted_several_times_is_translated_whole():
    """The prestige ledger's "element destroyed x4" is the table's entry, translated, and its count:
    in Italian "elemento distrutto x4", not the entry's id with its underscores gone."""
    with i18n.use("it"):
        assert ev.prestige_reason("element_destroyed x4") == "elemento distrutto x4"
        assert ev.prestige_reason("victory") == "vittoria"
        assert ev.prestige_reason("slow_play") == "slow play"
