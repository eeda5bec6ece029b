// What the generic board shows of a view it has no code for, read from the view's schema by
// reflection: the fields that hold something (a default is "nothing to say" in proto3), each
// under its name in words. Scalars, enums (by name), lists of scalars and key/value entries are
// facts in one table; a list of messages is a table with a row per element (headed by its name
// where it has one); a single nested message is a card of its own. No DOM here (generic.tsx
// draws it), so the wording is tested in Node.js.
import type { DescEnum, DescField, DescMessage, Message } from "@bufbuild/protobuf";
import { isReflectMessage, reflect, type ReflectMessage } from "@bufbuild/protobuf/reflect";
import { words } from "./words";

export interface Fact {
  label: string;
  text: string;
}

export interface Table {
  kind: "table";
  label: string;
  rowHeading?: string;  // the header over the rows' headings (the elements' names), if they have them
  columns: string[];
  rows: { heading?: string; cells: string[] }[];
}

export interface Card {
  kind: "card";
  label: string;
  panels: Panels;
}

export interface Panels {
  facts: Fact[];
  sections: (Table | Card)[];  // in the order of their fields
}

export function panelsOf(schema: DescMessage, message: Message): Panels {
  return panelsOfReflected(reflect(schema, message));
}

export function isEmpty(panels: Panels): boolean {
  return panels.facts.length === 0 && panels.sections.length === 0;
}

function panelsOfReflected(r: ReflectMessage): Panels {
  const panels: Panels = { facts: [], sections: [] };
  for (const field of r.fields) {
    if (!r.isSet(field)) continue;
    const label = words(field.name);
    if (field.fieldKind === "list" && field.listKind === "message") {
      const items = [...r.get(field)].filter((item) => isReflectMessage(item));
      // Entries that name their own key (KeyValueView's) are named values, as fields are.
      if (isKeyValue(field.message)) panels.facts.push(...items.map(keyValueFact));
      else addIfAny(panels.sections, tableOf(label, field.message, items));
    } else if (field.fieldKind === "message") {
      const inner = panelsOfReflected(r.get(field));
      if (!isEmpty(inner)) panels.sections.push({ kind: "card", label, panels: inner });
    } else if (field.fieldKind === "map") {
      const facts = [...r.get(field)].map(([key, value]) => ({ label: String(key), text: valueText(field, value) }));
      panels.sections.push({ kind: "card", label, panels: { facts, sections: [] } });
    } else {
      panels.facts.push({ label, text: fieldText(r, field) });
    }
  }
  return panels;
}

function addIfAny(sections: Panels["sections"], table: Table) {
  if (table.rows.length > 0) sections.push(table);
}

function isKeyValue(schema: DescMessage): boolean {
  const names = schema.fields.map((f) => f.name).sort();
  return names.length === 2 && names[0] === "key" && names[1] === "value";
}

function keyValueFact(entry: ReflectMessage): Fact {
  const text = (name: string) => {
    const field = entry.fields.find((f) => f.name === name)!;
    return entry.isSet(field) ? fieldText(entry, field) : "";
  };
  return { label: text("key"), text: text("value") };
}

// One row per element; a column per field that some element holds. An element's `name` heads
// its row, and its `id` (what choices refer to, for machines) is then left out: the name says
// the same to a person.
function tableOf(label: string, schema: DescMessage, items: ReflectMessage[]): Table {
  const nameField = schema.fields.find((f) => f.name === "name" && f.fieldKind === "scalar");
  const columns = schema.fields.filter(
    (f) => f !== nameField && !(nameField && f.name === "id") && items.some((item) => item.isSet(f)),
  );
  const cell = (item: ReflectMessage, f: DescField) => (item.isSet(f) ? fieldText(item, f) : "");
  const rows = items
    .map((item) => ({
      heading: nameField ? cell(item, nameField) : undefined,
      cells: columns.map((f) => cell(item, f)),
    }))
    .filter((row) => row.heading || row.cells.some((c) => c !== ""));
  return {
    kind: "table",
    label,
    rowHeading: nameField ? words(nameField.name) : undefined,
    columns: columns.map((f) => words(f.name)),
    rows,
  };
}

// A field's value as one line of text (a list of scalars is a comma list; a nested message, in a
// table's cell, its facts in a line).
function fieldText(r: ReflectMessage, field: DescField): string {
  switch (field.fieldKind) {
    case "scalar":
    case "enum":
      return valueText(field, r.get(field));
    case "list":
      return [...r.get(field)].map((v) => valueText(field, v)).join(", ");
    case "message":
      return inlineText(r.get(field));
    case "map":
      return [...r.get(field)].map(([k, v]) => `${String(k)}: ${valueText(field, v)}`).join(", ");
  }
}

// One value of a field (an element, for a list or a map).
function valueText(field: DescField, value: unknown): string {
  if (isReflectMessage(value)) return inlineText(value);
  const enumDesc = enumOf(field);
  if (enumDesc && typeof value === "number") return enumText(enumDesc, value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  return String(value);
}

// The enum a field's values belong to, itself or as the elements of a list or a map.
function enumOf(field: DescField): DescEnum | undefined {
  if (field.fieldKind === "enum") return field.enum;
  if (field.fieldKind === "list" && field.listKind === "enum") return field.enum;
  if (field.fieldKind === "map" && field.mapKind === "enum") return field.enum;
  return undefined;
}

function enumText(desc: DescEnum, value: number): string {
  const named = desc.value[value];
  return named ? words(named.localName) : String(value);
}

function inlineText(r: ReflectMessage): string {
  const panels = panelsOfReflected(r);
  const facts = panels.facts.map((f) => `${f.label}: ${f.text}`);
  const more = panels.sections.map((s) => s.label);
  return [...facts, ...more].join("; ");
}
