// How much room a name takes when the browser writes it: its width, and its font's height above
// and below the baseline. The names on the maps are placed before they are drawn
// (label-places.ts), so the size is measured on a canvas in the same font. A measured size follows
// the font the browser actually picked (Georgia, or a wider fallback where Georgia is missing);
// a size guessed per letter would put a wide font's names over their neighbours.

export interface TextSize {
  width: number;
  ascent: number;   // above the baseline, the font's whole ascent (what the text's box spans)
  descent: number;  // below it
}

// A name's font as the CSS draws it: `font` the CSS shorthand ("700 16px Georgia, serif"),
// `size` its size in px, `spacing` its letter-spacing in px.
export interface NameFont {
  font: string;
  size: number;
  spacing?: number;
}

let canvas: CanvasRenderingContext2D | null | undefined;

function measurer(): CanvasRenderingContext2D | null {
  if (canvas === undefined) {
    canvas = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  }
  return canvas;
}

export function textSize(text: string, { font, size, spacing = 0 }: NameFont): TextSize {
  const letters = spacing * text.length;
  const ctx = measurer();
  // Without a canvas, generous guesses: a wide bold face, the tallest common font boxes.
  const guess = { width: text.length * size * 0.8 + letters, ascent: size * 0.95, descent: size * 0.25 };
  if (!ctx) return guess;
  ctx.font = font;
  const m = ctx.measureText(text);
  return {
    width: m.width + letters,
    ascent: m.fontBoundingBoxAscent || guess.ascent,
    descent: m.fontBoundingBoxDescent || guess.descent,
  };
}
