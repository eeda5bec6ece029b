// Deck behaviour the games rely on: stacked decks, reshuffles, removals, random returns.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/bytes.h"
#include "core/deck.h"

using frontier::core::CardId;
using frontier::core::Deck;
using frontier::core::Rng;

TEST(Deck, StackedDeckDealsEveryTopCardBeforeAnyBottomCard) {
  Rng rng(3);
  Deck d = Deck::stacked({1, 2, 3, 4, 5}, {11, 12, 13, 14}, rng);  // Khartoum: five A over four B
  std::vector<CardId> drawn;
  while (auto c = d.draw(rng, false)) drawn.push_back(*c);
  ASSERT_EQ(drawn.size(), 9u);
  for (int i = 0; i < 5; ++i) EXPECT_LE(drawn[i], 5);
  for (int i = 5; i < 9; ++i) EXPECT_GE(drawn[i], 11);
}

TEST(Deck, ReshufflesDiscardsWhenEmptyButNotRemovedCards) {
  Rng rng(4);
  Deck d = Deck::shuffled({1, 2, 3}, rng);
  auto a = *d.draw(rng);
  auto b = *d.draw(rng);
  auto c = *d.draw(rng);
  d.discard(a);
  d.discard(b);
  d.remove_from_play(c);
  EXPECT_TRUE(d.empty());
  std::vector<CardId> next = {*d.draw(rng), *d.draw(rng)};
  std::sort(next.begin(), next.end());
  std::vector<CardId> expected = {std::min(a, b), std::max(a, b)};
  EXPECT_EQ(next, expected);
  EXPECT_FALSE(d.draw(rng).has_value());  // the removed card never comes back
  EXPECT_EQ(d.removed().size(), 1u);
}

TEST(Deck, DrawWithoutReshuffleStopsAtEmpty) {
  Rng rng(5);
  Deck d = Deck::shuffled({1}, rng);
  d.discard(*d.draw(rng));
  EXPECT_FALSE(d.draw(rng, false).has_value());
  EXPECT_EQ(d.discards().size(), 1u);
}

TEST(Deck, ReturnRandomDiscardPutsOneDiscardBackIntoTheDrawPile) {
  Rng rng(6);
  Deck d = Deck::shuffled({1, 2, 3, 4}, rng);
  for (int i = 0; i < 3; ++i) d.discard(*d.draw(rng));
  auto back = d.return_random_discard(rng);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(d.size(), 2u);
  EXPECT_EQ(d.discards().size(), 2u);
  EXPECT_NE(std::find(d.draw_pile().begin(), d.draw_pile().end(), *back), d.draw_pile().end());
}

TEST(Deck, ReturnToDeckTakesACardFromDiscardsOrRemoved) {
  Rng rng(7);
  Deck d = Deck::shuffled({1, 2}, rng);
  auto c = *d.draw(rng);
  d.remove_from_play(c);
  EXPECT_TRUE(d.return_to_deck(c, rng));
  EXPECT_EQ(d.size(), 2u);
  EXPECT_FALSE(d.return_to_deck(99, rng));
}

TEST(Deck, StackOnTopControlsTheNextDraw) {
  Rng rng(8);
  Deck d = Deck::shuffled({1, 2, 3, 4, 5}, rng);
  ASSERT_TRUE(d.stack_on_top(3));
  EXPECT_EQ(*d.draw(rng), 3);
  EXPECT_FALSE(d.stack_on_top(42));
}

TEST(Deck, SerialisationRoundTrips) {
  Rng rng(9);
  Deck d = Deck::shuffled({1, 2, 3, 4}, rng);
  d.discard(*d.draw(rng));
  d.remove_from_play(*d.draw(rng));
  frontier::core::ByteWriter w;
  d.write(w);
  Deck back;
  frontier::core::ByteReader r(w.bytes());
  ASSERT_TRUE(back.read(r, 5));
  EXPECT_TRUE(r.at_end());
  EXPECT_TRUE(back == d);
}

// Rules index their card tables by id, so a snapshot naming a card the deck cannot hold is refused.
TEST(Deck, ReadRefusesCardIdsOutsideTheDeck) {
  Rng rng(9);
  Deck d = Deck::shuffled({1, 2, 3, 4}, rng);
  frontier::core::ByteWriter w;
  d.write(w);
  Deck back;
  frontier::core::ByteReader too_small(w.bytes());
  EXPECT_FALSE(back.read(too_small, 4));  // card 4 is one past a 4-card table
  frontier::core::ByteWriter negative;
  negative.varint(1);
  negative.svarint(-1);
  negative.varint(0);
  negative.varint(0);
  frontier::core::ByteReader r(negative.bytes());
  EXPECT_FALSE(back.read(r, 5));
}
