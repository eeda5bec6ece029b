// Names from a schema as a person would write them: "north_sealed" → "North sealed",
// "DispatchesView" → "Dispatches view", "END_MARCH" → "End march" (the generic board's labels).
export function words(name: string): string {
  const spaced = name
    .replace(/_+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
