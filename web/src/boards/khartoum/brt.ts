// What a Khartoum unit needs to hit: its type's column of the Battle Results Table (13.2), read
// from the scenario data the rules engine loads, and how many dice it rolls (13.1 2 b: one per
// strength point, one less out of supply by 21.3).
import type { ScenarioData } from "../../gen/hand_of_destiny_data_pb";
import type { UnitView } from "../../gen/khartoum_pb";

export interface ToHit {
  eliminate: number[];  // die faces that eliminate (13.3)
  panic: number[];      // die faces that panic
}

// The column of the unit type the view names by its printed name ("Infantry", "River Boats").
export function toHit(data: ScenarioData | undefined, typeName: string): ToHit | undefined {
  const type = data?.unitType.find((t) => t.name === typeName);
  const faces = type && data?.brt.find((c) => c.unitType === type.id)?.faces;
  if (!faces) return undefined;
  const on = (letter: string) => [...faces].flatMap((f, i) => (f === letter ? [i + 1] : []));
  return { eliminate: on("E"), panic: on("P") };
}

function faceList(faces: number[]): string {
  if (faces.length === 1) return String(faces[0]);
  const first = faces[0], last = faces[faces.length - 1];
  return last - first === faces.length - 1 ? `${first}–${last}` : faces.join(", ");
}

// "eliminates on 5–6, panics on 4" (or "no effect on any face").
export function toHitText(hit: ToHit): string {
  const parts = [
    hit.eliminate.length > 0 && `eliminates on ${faceList(hit.eliminate)}`,
    hit.panic.length > 0 && `panics on ${faceList(hit.panic)}`,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "no effect on any face";
}

// Dice the unit rolls when it fires: its strength, one less while out of supply (21.3).
export function diceInBattle(unit: UnitView): number {
  return unit.outOfSupply ? Math.max(0, unit.strength - 1) : unit.strength;
}
