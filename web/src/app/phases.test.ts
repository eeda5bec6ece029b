// A player never reads a machine name: the rules word their phases, and a machine name that
// reaches the screen anyway still reads as words, never with an underscore.
import { expect, test } from "vitest";
import { machineNameInWords, phaseInWords } from "./phases";

test("the rules' own words are kept as they are", () => {
  // The words of each step are the rules' (GameStatus.phase), tested with each game's rules
  // (rules/lion/tests/actions_test.cpp: "Choosing actions").
  expect(phaseInWords("Movement")).toBe("Movement");
  expect(phaseInWords("Choosing actions")).toBe("Choosing actions");
  expect(phaseInWords("Game over")).toBe("Game over");
});

test("an unknown machine name becomes a sentence-case phrase", () => {
  expect(phaseInWords("banner_activation")).toBe("Banner activation");
  expect(machineNameInWords("lion_cub")).toBe("Lion cub");
  expect(machineNameInWords("_double__underscore_")).toBe("Double underscore");
});

test("a name without underscores is already words and is kept as it is", () => {
  // Asia Crossroads names its phases in words, capitals and all.
  expect(phaseInWords("Income and Expenditure")).toBe("Income and Expenditure");
  expect(phaseInWords("")).toBe("");
});
