// One area of the Lion's board: its name, shape, fortification level, whether Gordon still
// controls it (11.3), the defenders deployed there and the banner that stands in it; the area a
// banner is attacking and the banner Gordon raids or sorties against are ringed (battle.tsx).
import type { AreaView, BannerView } from "../../gen/lion_pb";
import type { Picker } from "../clickable";
import { choiceHint, refAttributes } from "../clickable";

// Short counter text for a unit name: "Egyptian infantry (2 steps)" -> "EI" with 2 steps.
export function unitCode(name: string): { code: string; steps: number } {
  const m = /^(.*?)\s*\((\d) steps?\)$/.exec(name);
  const base = m ? m[1] : name;
  const words = base.split(/[\s-]+/).filter((w) => /^[A-Za-z]/.test(w) && !/^(Lt|Col|Pasha)\.?$/.test(w));
  return { code: words.map((w) => w[0].toUpperCase()).join("").slice(0, 3), steps: m ? Number(m[2]) : 0 };
}

// Words wrapped into lines of about `width` characters.
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

export function fortText(area: AreaView): string {
  return `fortification ${area.fortification}${area.upgraded ? " (upgrade marker)" : ""}`;
}

function areaTitle(area: AreaView): string {
  const facts = [
    `${area.shape} area ${area.number}`,
    fortText(area),
    area.nileBank && "Nile bank",
    area.keyArea && "key area",
    area.controlled ? "held by Gordon" : "held by the Mahdists (11.3)",
  ].filter(Boolean);
  const units = area.units.length ? `\nDefenders: ${area.units.join(", ")}` : "";
  return `${area.name} — ${facts.join(", ")}${units}`;
}

const kChip = 23;

// Gunboats are drawn on water blue; everything else on white.
function unitClass(name: string): string {
  return name === "Gunboat" ? "gunboat" : "";
}

function UnitChips({ units, x, y, columns }: { units: string[]; x: number; y: number; columns: number }) {
  return (
    <g class="lion-units">
      {units.map((u, i) => {
        const { code, steps } = unitCode(u);
        const cx = x + (i % columns) * (kChip + 2),
          cy = y + Math.floor(i / columns) * (kChip - 4);
        return (
          <g key={`${i}:${u}`} transform={`translate(${cx} ${cy})`} class={`lion-unit ${unitClass(u)}`}>
            <title>{u}</title>
            <rect width={kChip} height={kChip - 5} rx={2} />
            <text x={kChip / 2} y={12.5}>{code}</text>
            {steps === 2 && <circle cx={kChip - 3} cy={3} r={1.5} class="step-pip" />}
          </g>
        );
      })}
    </g>
  );
}

interface BannerProps {
  banner: BannerView;
  x: number;
  y: number;
  picker: Picker;
  targeted: boolean;  // by Gordon's raid or sortie
}

export function BannerMarker({ banner, x, y, picker, targeted }: BannerProps) {
  const disorganised = banner.disorganised ? ", disorganised (11.4)" : "";
  const title = `${banner.name}: strength ${banner.strength}${disorganised}, in ${banner.areaName}`;
  const cls = `lion-banner banner-${banner.id}${banner.disorganised ? " disorganised" : ""}`;
  return (
    <g {...refAttributes(picker, "unit", banner.id, cls, banner.name)} transform={`translate(${x} ${y})`}>
      <title>{title + choiceHint(picker, "unit", banner.id)}</title>
      {targeted && <rect x={-5} y={-5} width={44} height={34} rx={6} class="battle-ring" />}
      <rect width={34} height={24} rx={3} class="banner-face" />
      <path d="M6 19V5L15 8L6 11" class="banner-flag" />
      <text x={24} y={17} class="banner-strength">{banner.strength}</text>
    </g>
  );
}

interface AreaProps {
  area: AreaView;
  shape: string;  // SVG path of the area
  box: { x: number; y: number; w: number; h: number };
  banners: BannerView[];  // the banners standing here
  picker: Picker;
  attacked: boolean;  // a banner's attack on it is being resolved (7.2)
  target: string;  // the banner Gordon raids or sorties against, by name; "" for none
}

export function Area({ area, shape, box, banners, picker, attacked, target }: AreaProps) {
  const cls = `area path-${area.path} shape-${area.shape} ${area.controlled ? "held" : "lost"}`;
  const facts = `${area.keyArea ? "★ " : ""}fort ${area.fortification}${area.upgraded ? "+" : ""}`;
  const nameLines = wrap(area.name, Math.max(8, Math.floor(box.w / 8)));
  const columns = Math.max(1, Math.floor((box.w + 2) / (kChip + 2)));
  const unitsY = box.y + 14 * nameLines.length + 19;
  const chipsX = box.x + (box.w - columns * (kChip + 2) + 2) / 2;  // the chip rows centred
  // The data-ref element is the content box, not the ring segment: the middle of a segment's
  // bounding box can lie in the next ring, and clicks (a test's too) aim at that middle. The
  // whole segment still takes a click and shows the highlight.
  const ref = refAttributes(picker, "area", area.id, "area-hit", area.name);
  const title = areaTitle(area) + choiceHint(picker, "area", area.id);
  return (
    <g class="lion-area">
      <path d={shape} class={ref.onClick ? `${cls} choosable` : cls} onClick={ref.onClick}>
        <title>{title}</title>
      </path>
      {attacked && <path d={shape} class="battle-ring" aria-hidden="true" />}
      <g class="area-content" aria-hidden="true">
        <text x={box.x + box.w / 2} y={box.y + 12} class="area-name">
          {nameLines.map((line, i) => (
            <tspan key={i} x={box.x + box.w / 2} dy={i === 0 ? 0 : 14}>
              {line}
            </tspan>
          ))}
        </text>
        <text x={box.x + box.w / 2} y={box.y + 14 * nameLines.length + 12} class="area-facts">
          {facts + (area.nileBank ? " · Nile" : "")}
        </text>
        <UnitChips units={area.units} x={chipsX} y={unitsY} columns={columns} />
      </g>
      <rect x={box.x} y={box.y} width={box.w} height={box.h} {...ref}>
        <title>{title}</title>
      </rect>
      {banners.map((b, i) => (
        <BannerMarker
          key={b.id}
          banner={b}
          x={box.x + box.w - 34 - i * 36}
          y={box.y + box.h - 24}
          picker={picker}
          targeted={b.name === target}
        />
      ))}
    </g>
  );
}
