// A player never reads a machine name: the known phases have their words, and a phase a newer
// server adds still reads as words, never with an underscore.
import { expect, test } from "vitest";
import { machineNameInWords, phaseInWords } from "./phases";

test("a known phase reads as the table says", () => {
  expect(phaseInWords("move_step")).toBe("Movement");
  expect(phaseInWords("choose_action")).toBe("Choosing actions");
  expect(phaseInWords("over")).toBe("Game over");
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
