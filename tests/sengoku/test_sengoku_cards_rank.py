"""A card's rank, as written by hand: names, letters, plurals (cards.rank; a mutation survivor of
2 December, checked by hand, had the jack's name not read)."""

from __future__ import annotations

from chronicle.rules.sengoku.cards import rank


def test_a_jack_by_name_ranks_between_the_queen_and_the_ten():
    assert rank("Jack") == rank("j") == rank("jacks") == 10
    assert rank("queen") == 11 and rank("10") == 9        # one above, one below
    assert rank("knave") == 0                               # an unknown name ranks nothing
