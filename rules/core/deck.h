// A deck of cards identified by small integers: a draw pile, a discard pile and the cards
// removed from play. All shuffling goes through the match Rng (see rng.h), so decks are
// deterministic. The draw pile's top is its last element (drawing is a pop_back).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/rng.h"

namespace frontier::core {

using CardId = int16_t;

class Deck {
 public:
  Deck() = default;

  // A shuffled deck of `cards`.
  static Deck shuffled(std::vector<CardId> cards, Rng& rng);
  // Stacked deck: `top` shuffled, placed on `bottom` shuffled (Khartoum's A cards over B cards).
  static Deck stacked(std::vector<CardId> top, std::vector<CardId> bottom, Rng& rng);

  // Draws the top card; when the draw pile is empty and `reshuffle_when_empty`, the discards are
  // shuffled into a new draw pile first. Empty optional when no card can be drawn.
  std::optional<CardId> draw(Rng& rng, bool reshuffle_when_empty = true);
  void discard(CardId card) { discards_.push_back(card); }
  void remove_from_play(CardId card) { removed_.push_back(card); }
  // Shuffles the discard pile back into the draw pile (under nothing: the whole deck is reshuffled).
  void reshuffle(Rng& rng);
  // Takes one discard chosen at random and shuffles it into the draw pile; returns it.
  std::optional<CardId> return_random_discard(Rng& rng);
  // Moves a card from the discards (or removed cards) back onto the draw pile and reshuffles
  // the draw pile. False when the card is in neither.
  bool return_to_deck(CardId card, Rng& rng);
  // Takes a specific card out of the discards; false when it is not there.
  bool take_from_discards(CardId card);
  // Scripts: put `card` on top of the draw pile, wherever it is in the deck. False if absent.
  bool stack_on_top(CardId card);

  std::span<const CardId> draw_pile() const { return draw_; }  // top is back()
  std::span<const CardId> discards() const { return discards_; }
  std::span<const CardId> removed() const { return removed_; }
  size_t size() const { return draw_.size(); }
  bool empty() const { return draw_.empty(); }

  void write(class ByteWriter& out) const;
  // Card ids outside first_id..first_id+card_count-1 (the game's card table) make the read fail:
  // the rules index their tables by card id, so a corrupt snapshot must not bring one in.
  bool read(class ByteReader& in, int card_count, int first_id = 0);

  bool operator==(const Deck&) const = default;

 private:
  std::vector<CardId> draw_;
  std::vector<CardId> discards_;
  std::vector<CardId> removed_;
};

}  // namespace frontier::core
