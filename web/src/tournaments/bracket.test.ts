// An elimination bracket drawn as sections of columns: the winners' rounds named as players know
// them, the losers' rounds numbered, and the finals last.
import { expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { TournamentBracketMatchSchema } from "../gen/wire_pb";
import { layoutBracket } from "./bracket";

const match = (id: number, part: string, round: number) => create(TournamentBracketMatchSchema, { id, part, round });

const titles = (matches: ReturnType<typeof match>[]) =>
  layoutBracket(matches).map((s) => ({ section: s.title, columns: s.columns.map((c) => c.title) }));

test("a single-elimination bracket of 16: rounds named back from the final", () => {
  const matches = [
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((id) => match(id, "winners", 1)),
    ...[9, 10, 11, 12].map((id) => match(id, "winners", 2)),
    match(13, "winners", 3),
    match(14, "winners", 3),
    match(15, "winners", 4),
  ];
  expect(titles(matches)).toEqual([
    { section: "Winners' bracket", columns: ["Round 1", "Quarter-finals", "Semi-finals", "Final"] },
  ]);
  const sections = layoutBracket(matches);
  expect(sections[0].columns[1].matches.map((m) => m.id)).toEqual([9, 10, 11, 12]);
});

test("a double-elimination bracket: the winners' final, the losers' rounds, then the finals", () => {
  const matches = [
    match(1, "winners", 1),
    match(2, "winners", 1),
    match(3, "winners", 2),
    match(4, "losers", 1),
    match(5, "losers", 2),
    match(6, "grand-final", 1),
    match(7, "grand-final-reset", 1),
  ];
  expect(titles(matches)).toEqual([
    { section: "Winners' bracket", columns: ["Semi-finals", "Winners' final"] },
    { section: "Losers' bracket", columns: ["Losers' round 1", "Losers' round 2"] },
    { section: "Finals", columns: ["Grand final", "Grand final reset"] },
  ]);
});

test("a third-place match goes with the finals; empty sections are left out", () => {
  const matches = [match(1, "winners", 1), match(2, "winners", 1), match(3, "winners", 2), match(4, "third-place", 1)];
  expect(titles(matches)).toEqual([
    { section: "Winners' bracket", columns: ["Semi-finals", "Final"] },
    { section: "Finals", columns: ["Third place"] },
  ]);
  expect(layoutBracket([])).toEqual([]);
});
