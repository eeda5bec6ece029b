// One area of the Lion's board: its name, shape, fortification level, whether Gordon still
// controls it (11.3), the defenders deployed there and the banner that stands in it; the area a
// banner is attacking and the banner Gordon raids or sorties against are ringed (battle.tsx).
import type { AreaView, BannerView } from "../../gen/lion_pb";
import type { LionData } from "../../gen/lion_data_pb";
import type { Picker } from "../clickable";
import { choiceHint, namedRef } from "../clickable";

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

// A defender's counter: as large as the other boards' counters (24 px and more at the sizes the
// map is drawn, 38 of its 1048 units), its short name above its defence factor (2.3).
const kChip = 38;
const kChipGap = 3;

// Gunboats are drawn on water blue; everything else on white.
function unitClass(name: string): string {
  return name === "Gunboat" ? "gunboat" : "";
}

// A deployed unit's defence factor from the game's data ("Egyptian infantry (1 step)" is on its
// reduced face), or undefined while the data loads or for a name it does not know.
export function defenceOf(name: string, data: LionData | undefined): number | undefined {
  if (!data) return undefined;
  const m = /^(.*?)\s*\((\d) steps?\)$/.exec(name);
  const base = m ? m[1] : name;
  const troop = data.troops.find((t) => t.name === base);
  if (troop) return (m && Number(m[2]) < troop.startSteps ? troop.reduced : troop.full)?.defence;
  if (base === "Gunboat") return data.gunboat?.defence;
  return (data.leaders.find((l) => l.name === base) ?? data.guns.find((g) => g.name === base))?.factors?.defence;
}

function UnitChips({ units, x, y, columns, data }: { units: string[]; x: number; y: number; columns: number; data?: LionData }) {
  return (
    <g class="lion-units">
      {units.map((u, i) => {
        const { code, steps } = unitCode(u);
        const defence = defenceOf(u, data);
        const cx = x + (i % columns) * (kChip + kChipGap),
          cy = y + Math.floor(i / columns) * (kChip + kChipGap);
        return (
          <g key={`${i}:${u}`} transform={`translate(${cx} ${cy})`} class={`lion-unit ${unitClass(u)}`}>
            <title>{defence === undefined ? u : `${u}, defence ${defence}`}</title>
            <rect width={kChip} height={kChip} rx={3} />
            <text x={kChip / 2} y={16} class="unit-code">{code}</text>
            {defence !== undefined && <text x={kChip / 2} y={32} class="unit-factor">{defence}</text>}
            {steps === 2 && <circle cx={kChip - 5} cy={5} r={2.5} class="step-pip" />}
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
  on?: string;  // the area it stands in: a tap on a banner that is no choice chooses the area
}

export function BannerMarker({ banner, x, y, picker, targeted, on }: BannerProps) {
  const disorganised = banner.disorganised ? ", disorganised (11.4)" : "";
  const title = `${banner.name}: strength ${banner.strength}${disorganised}, in ${banner.areaName}`;
  const cls = `lion-banner banner-${banner.id}${banner.disorganised ? " disorganised" : ""}`;
  return (
    <g {...namedRef(picker, "unit", banner.id, cls, title)} transform={`translate(${x} ${y})`}
      data-on={on !== undefined ? `area:${on}` : undefined}>
      <title>{title + choiceHint(picker, "unit", banner.id)}</title>
      {targeted && <rect x={-5} y={-5} width={44} height={34} rx={6} class="battle-ring" />}
      <rect width={34} height={24} rx={3} class="banner-face" />
      <path d="M6 19V5L15 8L6 11" class="banner-flag" />
      <text x={24} y={17} class="banner-strength" aria-hidden="true">{banner.strength}</text>
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
  data?: LionData;  // for the defenders' factors
}

export function Area({ area, shape, box, banners, picker, attacked, target, data }: AreaProps) {
  const cls = `area path-${area.path} shape-${area.shape} ${area.controlled ? "held" : "lost"}`;
  const facts = `${area.keyArea ? "★ " : ""}fort ${area.fortification}${area.upgraded ? "+" : ""}`;
  const nameLines = wrap(area.name, Math.max(8, Math.floor(box.w / 8)));
  const columns = Math.max(1, Math.floor((box.w + kChipGap) / (kChip + kChipGap)));
  const unitsY = box.y + 14 * nameLines.length + 19;
  const chipsX = box.x + (box.w - columns * (kChip + kChipGap) + kChipGap) / 2;  // the chip rows centred
  // The data-ref element is the content box, not the ring segment: the middle of a segment's
  // bounding box can lie in the next ring, and clicks (a test's too) aim at that middle. The
  // whole segment still takes a click and shows the highlight.
  const ref = namedRef(picker, "area", area.id, "area-hit", areaTitle(area));
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
        <UnitChips units={area.units} x={chipsX} y={unitsY} columns={columns} data={data} />
      </g>
      <rect x={box.x} y={box.y} width={box.w} height={box.h} {...ref}>
        <title>{title}</title>
      </rect>
      {banners.map((b, i) => (
        <BannerMarker
          key={b.id}
          on={area.id}
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
