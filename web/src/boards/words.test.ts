// Schema names as the generic board writes them.
import { expect, test } from "vitest";
import { words } from "./words";

test("field names in snake case read as words, capitalised once", () => {
  expect(words("north_sealed")).toBe("North sealed");
  expect(words("held_by")).toBe("Held by");
  expect(words("hand")).toBe("Hand");
});

test("message names, camel case and enum values read the same way", () => {
  expect(words("DispatchesView")).toBe("Dispatches view");
  expect(words("northSealed")).toBe("North sealed");
  expect(words("END_MARCH")).toBe("End march");
  expect(words("HTMLPanel")).toBe("Html panel");
});
