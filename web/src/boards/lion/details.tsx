// The Lion's inspector bodies: a banner (its strength and place on its path) or a troop type or
// leader (its raid, sortie and defence factors from the game data, and where its counters are).
import { LionDataSchema, type UnitFactors } from "../../gen/lion_data_pb";
import type { LionView } from "../../gen/lion_pb";
import type { InspectTarget } from "../../inspect/context";
import type { Details } from "../../inspect/Details";
import { DetailsView } from "../../inspect/Inspector";
import { useStaticData } from "../static-data";

function factors(f: UnitFactors | undefined): string {
  if (!f) return "";
  const raid = f.noRaid ? "no raids" : `raid ${f.raid}`;
  const sortie = f.noSortie ? "no sorties" : `sortie ${f.sortie}`;
  return `${raid}, ${sortie}, defence ${f.defence} (6.5, 6.6, 7.2)`;
}

// "2 available, 1 engaged": the boxes of the resource card that hold counters of this name.
function whereIs(view: LionView, name: string): string {
  return view.boxes
    .map((b) => ({ box: b.box, n: b.units.filter((u) => u === name || u.startsWith(`${name} (`)).length }))
    .filter((p) => p.n > 0)
    .map((p) => `${p.n} ${p.box}`)
    .join(", ") || "none";
}

export function LionDetails({ view, target }: { view: LionView; target: InspectTarget }) {
  const { data } = useStaticData("lion", LionDataSchema);
  let details: Details | null = null;
  const banner = view.banners.find((b) => b.id === target.id);
  const troop = data?.troops.find((t) => t.id === target.id);
  const leader = data?.leaders.find((l) => l.id === target.id);
  if (banner) {
    details = {
      title: banner.name,
      rows: [
        { label: "Strength", value: String(banner.strength) },
        { label: "Area", value: `${banner.areaName} (${banner.area} on its path, 11.5)` },
        { label: "State", value: banner.disorganised ? "disorganised (11.4)" : "organised" },
      ],
    };
  } else if (troop) {
    details = {
      title: troop.name,
      rows: [
        { label: "Two steps", value: factors(troop.full) },
        { label: "One step", value: factors(troop.reduced) },
        { label: "Regular", value: troop.regular ? "yes" : "no" },
        { label: "Counters", value: whereIs(view, troop.name) },
      ],
    };
  } else if (leader) {
    details = {
      title: leader.name,
      rows: [
        { label: "Factors", value: factors(leader.factors) },
        { label: "Counters", value: whereIs(view, leader.name) },
      ],
    };
  }
  return <DetailsView details={details} />;
}
