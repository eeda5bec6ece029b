// How the boards write a die-roll modifier or a factor: "+2", "−1", "+0", as a wargamer does. The
// minus is the true sign (U+2212), so that a column of them lines up and reads as arithmetic.
export function signed(n: number): string {
  return n < 0 ? `\u2212${-n}` : `+${n}`;
}
