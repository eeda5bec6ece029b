// The real geography under the Khartoum map, from /work/shared/reference/gazetteer.md (Part K):
// the Nile and its tributaries in the order a steamer met the places (K-H1), the cataracts
// (K-G), the Red Sea coast (K-D and the ports list), the deserts and the regions (K-F). Points
// are [latitude, longitude] in degrees; a string is a space id, so that the river and the coast
// run exactly through the spaces on them however far the layout pushed those. Points marked (U)
// follow the gazetteer's estimates; unmarked bends between named places are drawn by eye.

export type GeoPoint = [number, number] | string;

// Each course flows from its first point to its last.
export interface RiverCourse {
  name: string;
  points: GeoPoint[];
  width: number;  // drawn width in map units
}

export const kRivers: RiverCourse[] = [
  {
    // Upstream order reversed: from the confluence at Khartoum north to Egypt.
    name: "Nile",
    width: 9,
    points: [
      "khartoum",
      [15.9, 32.6],
      [16.3, 32.7],  // 6th Cataract, Sabaloka (U)
      "metemma",
      [17.2, 33.8],
      [17.7, 34.0],  // Atbara mouth
      "berber",
      [18.3, 33.9],  // 5th Cataract (U)
      [18.9, 33.6],
      "abu_hamed",
      [19.3, 33.0],
      [19.0, 32.4],  // Kirbekan, 4th Cataract reach (U)
      [18.7, 32.0],
      [18.5, 31.8],  // Merowe
      "korti",
      [18.1, 31.0],  // Ed Debba
      [18.2, 30.8],  // Old Dongola (U)
      "dongola",
      [19.6, 30.4],  // Kerma
      [19.7, 30.4],  // 3rd Cataract (U)
      [20.4, 30.45],
      [20.9, 30.6],  // Dal cataract (U)
      [21.5, 31.0],  // 2nd Cataract, Batn el-Hajar (U)
      "wadi_halfa",
      [22.3, 31.6],  // Abu Simbel
      [22.6, 32.1],  // on towards Korosko and Aswan
    ],
  },
  {
    name: "White Nile",
    width: 8,
    points: [[10.6, 32.7], [11.8, 32.8], "kosti", [13.3, 32.6], [13.7, 32.5], "ed_dueim", [15.0, 32.45], "khartoum"],
  },
  {
    name: "Blue Nile",
    width: 7,
    points: [[10.6, 35.2], [11.2, 34.9], [11.85, 34.38], [13.15, 33.93], "sennar", "wad_medani", [15.2, 33.0], "khartoum"],
  },
  {
    // From the Abyssinian hills past Khashm el Girba to the Nile (course approximate).
    name: "Atbara",
    width: 5,
    points: [[12.6, 36.8], [13.4, 36.4], [14.2, 36.2], [14.9, 35.9], [16.0, 35.5], [17.0, 34.6], [17.7, 34.0]],
  },
];

export interface Cataract {
  name: string;
  at: [number, number];
  label: [number, number];  // where its name goes best, from the river (map units); names.ts may move it
}

// The cataracts of K-G that lie on the map (the 1st is at Aswan, north of it).
export const kCataracts: Cataract[] = [
  { name: "2nd Cataract", at: [21.5, 31.0], label: [-118, 4] },
  { name: "Dal Cataract", at: [20.9, 30.6], label: [16, 4] },
  { name: "3rd Cataract", at: [19.7, 30.4], label: [-112, 4] },
  { name: "4th Cataract", at: [19.0, 32.4], label: [14, 18] },
  { name: "5th Cataract", at: [18.3, 33.9], label: [16, 0] },
  { name: "6th Cataract", at: [16.3, 32.7], label: [-110, 8] },
];

// The African shore of the Red Sea, north to south, through the two ports (29.12).
export const kCoast: GeoPoint[] = [
  [22.6, 36.45],
  [22.2, 36.6],   // Halaib
  [22.0, 36.9],   // Ras Hadarba
  [21.3, 37.05],
  [20.9, 37.15],  // Mohammed Qol
  [20.2, 37.2],
  [19.6, 37.22],  // Port Sudan (Sheikh Barghut)
  "suakin",
  [18.9, 37.5],
  "trinikat",
  [18.2, 38.2],   // Aqiq
  [17.5, 38.8],   // on towards Massawa
];

// Where the open desert gives way to the Sahel: the Libyan desert west of the Nile, the Bayuda
// inside its bend and the Nubian desert east of it, up to the Red Sea hills (by eye, c. 16N).
export const kDesertEdge: [number, number][] = [
  [16.0, 24.4],
  [15.8, 26.5],
  [16.1, 28.5],
  [15.9, 30.5],
  [16.2, 31.8],
  [16.0, 33.0],
  [15.6, 34.0],
  [16.3, 35.0],
  [17.4, 35.8],
  [18.4, 36.2],
  [20.0, 36.3],
  [22.6, 36.0],
];

// Hills drawn as hachures: the Red Sea hills behind the coast, the Nuba mountains round Jebel
// Qadir, Jebel Marra in Darfur and the Abyssinian escarpment.
export const kHills: [number, number][][] = [
  [[22.4, 35.7], [21.0, 36.2], [19.8, 36.3], [19.0, 36.4], [18.2, 36.9], [17.6, 37.4]],
  [[11.6, 29.6], [11.2, 30.2], [11.0, 30.9], [11.5, 31.2]],
  [[13.6, 24.6], [12.9, 24.6], [12.6, 24.9]],
  [[14.4, 37.6], [13.6, 37.0], [12.6, 37.1], [11.6, 36.6], [10.8, 36.4]],
];

export interface MapLabel {
  text: string;
  at: [number, number];
  kind: "region" | "water" | "country";
  rotate?: number;
}

// Region names (K-F) in the empty ground between the spaces.
export const kLabels: MapLabel[] = [
  { text: "EGYPT", at: [22.35, 33.6], kind: "country" },
  { text: "NUBIAN DESERT", at: [20.8, 34.3], kind: "region" },
  { text: "BAYUDA", at: [17.6, 32.5], kind: "region" },
  { text: "LIBYAN DESERT", at: [17.4, 28.3], kind: "region" },
  { text: "KORDOFAN", at: [14.7, 29.7], kind: "region" },
  { text: "DARFUR", at: [15.0, 25.7], kind: "region" },
  { text: "BUTANA", at: [16.2, 34.6], kind: "region" },
  { text: "GEZIRA", at: [14.9, 33.2], kind: "region" },
  { text: "TAKA", at: [16.4, 36.1], kind: "region" },
  { text: "ABYSSINIA", at: [12.0, 37.6], kind: "country" },
  { text: "NUBA MOUNTAINS", at: [11.45, 30.4], kind: "region" },
  { text: "RED SEA", at: [20.9, 38.1], kind: "water", rotate: -62 },
  { text: "Nile", at: [20.4, 30.15], kind: "water", rotate: 80 },
  { text: "White Nile", at: [12.0, 32.5], kind: "water", rotate: 85 },
  { text: "Blue Nile", at: [12.3, 34.55], kind: "water", rotate: -62 },
  { text: "Atbara", at: [15.6, 35.95], kind: "water", rotate: -68 },
];
