// The rows an inspector shows: a label and its value, values that cite a rule with the rule linked.
import type { ComponentChildren } from "preact";
import { RuleText } from "../rules/RuleLinks";

export interface DetailRow {
  label: string;
  value: ComponentChildren;
}

export interface Details {
  title: string;
  rows: DetailRow[];
}

export function DetailRows({ rows }: { rows: DetailRow[] }) {
  return (
    <dl class="details">
      {rows.map((r) => (
        <div key={r.label} data-detail={r.label}>
          <dt>{r.label}</dt>
          <dd>{typeof r.value === "string" ? <RuleText text={r.value} /> : r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
