// The dice check a player can make without trusting the server: the page must compute the same
// commitment as frontierd and the terminal client (server/match/match.cpp, docs/protocol.md).
import { expect, test } from "vitest";
import { seedCommitment } from "./verify";

test("the commitment is SHA-256 of frontier-seed-v1:<seed>:<nonce>, in lower-case hex", async () => {
  // `printf %s 'frontier-seed-v1:12345678901234567890:n0nce' | sha256sum`; the seed is a uint64,
  // written in full decimal as std::to_string writes it.
  expect(await seedCommitment(12345678901234567890n, "n0nce")).toBe(
    "fd58f0a04eead95bac9b94577c0f6b58efd1d2e5bf70d76c650b5d63c4890a54",
  );
  expect(await seedCommitment(0n, "")).toBe("0128fced793727b4b443ebfcb0bc91e34d814f8c9e4112fa715eb5f272780421");
});

test("a different seed or nonce gives a different commitment", async () => {
  const base = await seedCommitment(1n, "a");
  expect(await seedCommitment(2n, "a")).not.toBe(base);
  expect(await seedCommitment(1n, "b")).not.toBe(base);
});
