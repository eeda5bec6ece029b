// The routes between the Khartoum spaces, each kind drawn as a map draws it: a river route is
// the Nile itself between its two spaces (29.9), a land route a road, a desert route a dotted
// caravan track (29.8: not every unit may take it), the naval link a dashed sea lane (29.12).
import type { RouteView } from "../../gen/khartoum_pb";
import type { Geo } from "./geo";
import { riverReach } from "./geo";
import type { Layout } from "./layout";

const kKindWords: Record<string, string> = {
  land: "Land route",
  river: "River route (the Nile; all units move along it, river boats only on it)",
  desert: "Desert track (only Mahdists, Empire leaders and camel units, 29.8)",
  naval: "Sea lane between the ports (one space of movement, 29.12)",
};

function routePath(route: RouteView, layout: Layout, geo: Geo): string | null {
  const a = layout.at.get(route.a),
    b = layout.at.get(route.b);
  if (!a || !b) return null;
  if (route.kind === "river") {
    const reach = riverReach(geo, route.a, route.b);
    if (reach) return reach;
  }
  if (route.kind === "naval") {
    // Out to sea and back: a bow to the east of the straight line.
    const mx = (a.x + b.x) / 2 + 60,
      my = (a.y + b.y) / 2;
    return `M${a.x} ${a.y}Q${mx} ${my} ${b.x} ${b.y}`;
  }
  return `M${a.x} ${a.y}L${b.x} ${b.y}`;
}

export function Routes({ routes, layout, geo, names }: { routes: RouteView[]; layout: Layout; geo: Geo; names: Map<string, string> }) {
  return (
    <g class="routes">
      {routes.map((r) => {
        const d = routePath(r, layout, geo);
        if (!d) return null;
        const title = `${kKindWords[r.kind] ?? `${r.kind} route`}: ${names.get(r.a) ?? r.a} – ${names.get(r.b) ?? r.b}`;
        return (
          <g key={`${r.a}-${r.b}-${r.kind}`} class={`route-line route-${r.kind}`} data-route={r.kind}>
            <title>{title}</title>
            {/* A road has a pale casing so it stands out from the ground it crosses. */}
            {r.kind === "land" && <path d={d} class="route-casing" />}
            <path d={d} class={`route route-${r.kind}`} />
          </g>
        );
      })}
    </g>
  );
}
