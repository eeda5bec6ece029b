// Asia Crossroads' inspector bodies: a unit or an agent of an examined stack (22.0), as the view
// shows it.
import type { CrossroadsView } from "../../gen/crossroads_pb";
import { TablesDataSchema } from "../../gen/crossroads_data_pb";
import type { InspectTarget } from "../../inspect/context";
import type { Details } from "../../inspect/Details";
import { DetailsView } from "../../inspect/Inspector";
import { useStaticData } from "../static-data";
import { unitText } from "./pieces";

function unit(view: CrossroadsView, id: string): Details | null {
  for (const stack of view.stacks) {
    const u = stack.units.find((x) => String(x.id) === id);
    if (!u) continue;
    return {
      title: unitText(u, view.regions),
      rows: [
        { label: "Side", value: stack.side },
        { label: "Nation", value: view.regions.find((r) => r.code === u.nation)?.name ?? u.nation },
        { label: "Type", value: u.type },
        { label: "Strength", value: String(u.strength) },
        { label: "Combat table", value: u.crt },
        { label: "Movement", value: String(u.move) },
        { label: "Where", value: stack.name },
      ],
    };
  }
  return null;
}

export function CrossroadsDetails({ view, target }: { view: CrossroadsView; target: InspectTarget }) {
  const tables = useStaticData("crossroads_tables", TablesDataSchema);
  let details: Details | null = null;
  if (target.type === "unit") details = unit(view, target.id);
  if (target.type === "agent") {
    // Agent refs are indices into the data's agent list; the view shows agents by name.
    const name = tables.data?.agents[Number(target.id)]?.name;
    const stack = name ? view.stacks.find((s) => s.agents.some((a) => a.name === name)) : undefined;
    const agent = stack?.agents.find((a) => a.name === name);
    if (stack && agent) {
      details = {
        title: agent.name,
        rows: [
          { label: "Side", value: stack.side },
          { label: "Political", value: String(agent.political) },
          { label: "Military", value: String(agent.military) },
          { label: "Where", value: stack.name },
        ],
      };
    }
  }
  return <DetailsView details={details} />;
}
