// A space's name written on two lines, where one line finds no clear spot on the map (names.ts):
// split at the space nearest its middle ("Wad" over "Medani"), the second line this far below
// the first (the names' 16px font, boards.css .space-name).
export const kNameLineHeight = 17;

// The two lines, or undefined for a one-word name.
export function nameLines(name: string): [string, string] | undefined {
  let cut = -1;
  for (let i = name.indexOf(" "); i >= 0; i = name.indexOf(" ", i + 1)) {
    if (cut < 0 || Math.abs(i - name.length / 2) < Math.abs(cut - name.length / 2)) cut = i;
  }
  return cut < 0 ? undefined : [name.slice(0, cut), name.slice(cut + 1)];
}
