// Counts in words, said right for one and for many: "1 stack", "2 stacks", "1 die", "3 dice".
// Every count a page writes goes through here, so that none says "1 panics" or "Offer 1 pounds".

// "<n> <word>": `one` for exactly one (or minus one), else `many` (by default `one` + "s").
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${Math.abs(n) === 1 ? one : many}`;
}
