// Prompt selection: numbers, names, and the sentences for input that picks nothing.
#include <gtest/gtest.h>

#include <set>

#include "app/choose.h"

namespace frontier::cli {
namespace {

Prompt prompt(std::initializer_list<const char*> labels) {
  Prompt p;
  p.set_kind("move");
  for (const char* l : labels) p.add_choices()->set_label(l);
  return p;
}

TEST(Choose, ByNumberExactNameUniquePrefixOrUniquePart) {
  Prompt p = prompt({"Roll", "Play card 3", "Play card 7", "Pass the turn"});
  EXPECT_EQ(*resolve_choice(p, "2"), 1);
  EXPECT_EQ(*resolve_choice(p, " 4 "), 3);
  EXPECT_EQ(*resolve_choice(p, "roll"), 0);
  EXPECT_EQ(*resolve_choice(p, "Play card 7"), 2);
  EXPECT_EQ(*resolve_choice(p, "pass"), 3);
  EXPECT_EQ(*resolve_choice(p, "card 3"), 1);
}

// Issue 15: a choice keeps its number while the prompts are of one kind, so a player's "4" still
// means "End the March Phase" one step later; a new kind starts from 1.
TEST(Choose, NumbersStayPutWithinAFamilyOfPrompts) {
  ChoiceNumbers numbers;
  Prompt first = prompt({"Move to Berber", "Move to Shendi", "End the march"});
  EXPECT_EQ(numbers.assign(first), (std::vector<int>{1, 2, 3}));
  // One step on: Berber is gone, two new places appear; Shendi and the end keep 2 and 3.
  Prompt next = prompt({"Move to Metemma", "Move to Shendi", "Move to Abu Klea", "End the march"});
  EXPECT_EQ(numbers.assign(next), (std::vector<int>{1, 2, 4, 3}));
  EXPECT_EQ(*resolve_choice(next, "3", &numbers.current()), 3);  // "End the march"
  EXPECT_EQ(*resolve_choice(next, "4", &numbers.current()), 2);  // "Move to Abu Klea"
  EXPECT_EQ(numbers.assign(next), (std::vector<int>{1, 2, 4, 3})) << "assigning again changes nothing";
  // Fewer choices: the numbers left show gaps rather than move.
  Prompt fewer = prompt({"End the march", "Move to Abu Klea"});
  EXPECT_EQ(numbers.assign(fewer), (std::vector<int>{3, 4}));
  EXPECT_FALSE(resolve_choice(fewer, "1", &numbers.current()));
  EXPECT_EQ(resolve_choice(fewer, "1", &numbers.current()).status().message(),
            "There is no choice 1: pick a number from 1 to 4");
  // Another kind of prompt numbers afresh.
  Prompt battle = prompt({"Fire with Osman", "End the march"});
  battle.set_kind("fire");
  EXPECT_EQ(numbers.assign(battle), (std::vector<int>{1, 2}));
}

TEST(Choose, InputThatPicksNothingSaysWhy) {
  Prompt p = prompt({"Roll", "Play card 3", "Play card 7"});
  EXPECT_EQ(resolve_choice(p, "0").status().message(), "There is no choice 0: pick a number from 1 to 3");
  EXPECT_EQ(resolve_choice(p, "4").status().message(), "There is no choice 4: pick a number from 1 to 3");
  EXPECT_NE(resolve_choice(p, "play").status().message().find(
                "'play' matches 2 choices (2) Play card 3; 3) Play card 7)"),
            std::string::npos);
  EXPECT_NE(resolve_choice(p, "fly").status().message().find("No choice is called 'fly'"), std::string::npos);
  EXPECT_FALSE(resolve_choice(p, "   ").is_ok());
}

TEST(Choose, PoliciesPickLegalChoicesReproducibly) {
  Prompt p = prompt({"a", "b", "c", "d", "e"});
  std::mt19937_64 r1(7), r2(7);
  EXPECT_EQ(policy_choice(Policy::kFirst, p, r1), 0);
  std::vector<int> seen;
  for (int i = 0; i < 50; ++i) {
    int c = policy_choice(Policy::kRandom, p, r1);
    ASSERT_GE(c, 0);
    ASSERT_LT(c, 5);
    seen.push_back(c);
  }
  (void)policy_choice(Policy::kFirst, p, r2);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(policy_choice(Policy::kRandom, p, r2), seen[static_cast<size_t>(i)]);
  EXPECT_GT(std::set<int>(seen.begin(), seen.end()).size(), 3u);
  EXPECT_FALSE(parse_policy("smart").is_ok());
  EXPECT_EQ(*parse_policy("random"), Policy::kRandom);
}

}  // namespace
}  // namespace frontier::cli
