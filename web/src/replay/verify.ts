// The dice check a player can make without trusting the server: the commitment published when the
// match began must be SHA-256("frontier-seed-v1:<seed>:<nonce>") of the seed revealed at the end.
export async function seedCommitment(seed: bigint, nonce: string): Promise<string> {
  const text = `frontier-seed-v1:${seed.toString()}:${nonce}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
