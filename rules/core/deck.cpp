// Deck operations; every random step draws from the match Rng.
#include "core/deck.h"

#include <algorithm>

#include "core/bytes.h"

namespace frontier::core {

Deck Deck::shuffled(std::vector<CardId> cards, Rng& rng) {
  Deck d;
  d.draw_ = std::move(cards);
  rng.shuffle(std::span<CardId>(d.draw_));
  return d;
}

Deck Deck::stacked(std::vector<CardId> top, std::vector<CardId> bottom, Rng& rng) {
  rng.shuffle(std::span<CardId>(top));
  rng.shuffle(std::span<CardId>(bottom));
  Deck d;
  d.draw_ = std::move(bottom);  // back() is the top, so the bottom part goes in first
  d.draw_.insert(d.draw_.end(), top.begin(), top.end());
  return d;
}

std::optional<CardId> Deck::draw(Rng& rng, bool reshuffle_when_empty) {
  if (draw_.empty() && reshuffle_when_empty) reshuffle(rng);
  if (draw_.empty()) return std::nullopt;
  CardId c = draw_.back();
  draw_.pop_back();
  return c;
}

void Deck::reshuffle(Rng& rng) {
  draw_.insert(draw_.end(), discards_.begin(), discards_.end());
  discards_.clear();
  rng.shuffle(std::span<CardId>(draw_));
}

std::optional<CardId> Deck::return_random_discard(Rng& rng) {
  if (discards_.empty()) return std::nullopt;
  size_t i = rng.below(static_cast<uint32_t>(discards_.size()));
  CardId c = discards_[i];
  discards_.erase(discards_.begin() + static_cast<std::ptrdiff_t>(i));
  draw_.push_back(c);
  rng.shuffle(std::span<CardId>(draw_));
  return c;
}

bool Deck::return_to_deck(CardId card, Rng& rng) {
  for (auto* pile : {&discards_, &removed_}) {
    auto it = std::find(pile->begin(), pile->end(), card);
    if (it != pile->end()) {
      pile->erase(it);
      draw_.push_back(card);
      rng.shuffle(std::span<CardId>(draw_));
      return true;
    }
  }
  return false;
}

bool Deck::take_from_discards(CardId card) {
  auto it = std::find(discards_.begin(), discards_.end(), card);
  if (it == discards_.end()) return false;
  discards_.erase(it);
  return true;
}

bool Deck::stack_on_top(CardId card) {
  auto it = std::find(draw_.begin(), draw_.end(), card);
  if (it != draw_.end()) {
    draw_.erase(it);
    draw_.push_back(card);
    return true;
  }
  if (take_from_discards(card)) {
    draw_.push_back(card);
    return true;
  }
  return false;
}

namespace {
void write_pile(ByteWriter& out, const std::vector<CardId>& pile) {
  out.varint(pile.size());
  for (CardId c : pile) out.svarint(c);
}
bool read_pile(ByteReader& in, std::vector<CardId>& pile, int card_count, int first_id) {
  uint64_t n = 0;
  if (!in.varint(n) || n > 10000) return false;
  pile.resize(n);
  for (auto& c : pile) {
    if (!in.small(c, first_id, first_id + card_count - 1)) return false;
  }
  return true;
}
}  // namespace

void Deck::write(ByteWriter& out) const {
  write_pile(out, draw_);
  write_pile(out, discards_);
  write_pile(out, removed_);
}

bool Deck::read(ByteReader& in, int card_count, int first_id) {
  return read_pile(in, draw_, card_count, first_id) && read_pile(in, discards_, card_count, first_id) &&
         read_pile(in, removed_, card_count, first_id);
}

}  // namespace frontier::core
