#!/usr/bin/env python3
"""Generates rules/data/crossroads_map.txtpb: the RECONSTRUCTED square grid of Asia Crossroads.

The printed map is not in the rulebook. Squares are 1 deg of longitude by 0.75 deg of latitude
(about 80 km, rule 2.5), rows from 55N southwards, columns from 47E eastwards. Cities come from
/work/shared/reference/gazetteer.md (coordinates rounded there to 0.1 deg); regions are the
Voronoi cells of their cities plus a few anchor points; terrain is drawn from coarse outlines of
the seas, ranges, deserts and rivers named in the gazetteer (A-O). Trade routes follow the
historical routes of gazetteer A-P, rasterised as chains of side-adjacent squares.
Run: python3 rules/crossroads/mapgen/gen_map.py > rules/data/crossroads_map.txtpb
"""
import math

W, H = 42, 42
NORTH, WEST, DLAT, DLON = 55.0, 47.0, 0.75, 1.0

def sq(lat, lon):
    r = int((NORTH - lat) / DLAT); c = int((lon - WEST) / DLON)
    return max(0, min(H - 1, r)), max(0, min(W - 1, c))

def centre(r, c):
    return NORTH - (r + 0.5) * DLAT, WEST + (c + 0.5) * DLON

REGIONS = [  # code, name, VP (reconstructed), anchor points besides cities
    # Bihar and Bengal below the Terai are British India: without these anchors Nepal ran to 24N.
    ("NI", "North India", 10, [(25.0, 75.0), (24.0, 82.0), (29.5, 80.0), (25.8, 85.5), (25.0, 87.5), (26.0, 88.5)]),
    ("NP", "Nepal", 3, [(28.6, 83.0), (27.5, 87.5)]),
    ("WT", "Western Tibet", 2, [(33.5, 81.5), (32.0, 84.5), (30.8, 83.0)]),
    ("SN", "Sind", 4, [(26.5, 69.5), (24.2, 68.5)]),
    ("KS", "Kashmir", 3, [(33.0, 76.0), (35.0, 76.5)]),
    ("PJ", "Punjab", 6, [(30.5, 72.5), (32.5, 72.0)]),
    ("SK", "Sinkiang", 5, [(40.0, 84.0), (38.0, 86.0), (45.0, 86.0), (36.8, 82.0)]),
    ("BL", "Baluchistan", 3, [(27.0, 64.0), (28.0, 62.5), (25.5, 64.5)]),
    ("PA", "Pamir", 2, [(38.2, 73.5)]),
    ("AF", "Afghanistan", 8, [(33.5, 66.0), (31.0, 63.5), (35.0, 65.5)]),
    ("KK", "Khokand", 5, [(42.0, 72.5), (41.5, 75.5)]),
    ("HE", "Herat", 4, [(33.5, 62.0)]),
    ("BU", "Bukhara", 5, [(38.0, 66.5), (40.5, 65.0)]),
    ("MV", "Merv", 3, [(36.5, 62.5)]),
    ("PE", "Persia", 8, [(33.0, 49.0), (31.0, 55.0), (28.0, 58.5), (34.0, 57.5), (30.0, 60.0)]),
    ("KZ", "Kazakhistan", 4, [(47.0, 58.0), (47.5, 66.0), (46.5, 72.0), (48.5, 70.0), (45.0, 54.0)]),
    ("TK", "Turkoman", 2, [(40.5, 55.5), (39.0, 60.0)]),
    ("KV", "Khiva", 4, [(42.5, 57.5)]),
    ("WS", "West Siberia", 6, [(53.5, 60.0), (53.5, 80.0), (52.5, 85.0), (49.0, 49.0)]),
]
RIDX = {r[0]: i for i, r in enumerate(REGIONS)}
LETTER = "ABCDEFGHIJKLMNOPQRS"

# name, region, lat, lon, income, capital, port  (income RECONSTRUCTED; errata: cities of India,
# Punjab and Sind on trade routes pay 3 -- applied after the routes are drawn)
CITIES = [
    ("Delhi", "NI", 28.7, 77.2, 2, True, False), ("Agra", "NI", 27.2, 78.0, 2, False, False),
    ("Jodhpur", "NI", 26.3, 73.0, 1, False, False), ("Lucknow", "NI", 26.8, 80.9, 2, False, False),
    ("Simla", "NI", 31.1, 77.2, 1, False, False), ("Benares", "NI", 25.3, 83.0, 2, False, False),
    ("Katmandu", "NP", 27.7, 85.3, 2, True, False), ("Pokhara", "NP", 28.3, 84.0, 1, False, False),
    ("Gartok", "WT", 31.7, 80.3, 1, True, False),
    ("Hyderabad", "SN", 25.4, 68.4, 2, True, False), ("Karachi", "SN", 24.9, 67.0, 2, False, True),
    ("Shikarpur", "SN", 28.0, 68.6, 1, False, False),
    ("Srinigar", "KS", 34.1, 74.8, 2, True, False), ("Leh", "KS", 34.2, 77.6, 1, False, False),
    ("Lahore", "PJ", 31.6, 74.4, 2, True, False), ("Multan", "PJ", 30.2, 71.5, 2, False, False),
    ("Peshawar", "PJ", 34.0, 71.6, 2, False, False), ("Dera Ismail Khan", "PJ", 31.8, 70.9, 1, False, False),
    ("Rawalpindi", "PJ", 33.6, 73.0, 1, False, False),
    ("Kuldja", "SK", 43.9, 81.3, 2, True, False), ("Kashgar", "SK", 39.5, 76.0, 2, False, False),
    ("Yarkand", "SK", 38.4, 77.2, 2, False, False), ("Khotan", "SK", 37.1, 79.9, 1, False, False),
    ("Aksu", "SK", 41.2, 80.3, 1, False, False), ("Chuguchak", "SK", 46.7, 83.0, 1, False, False),
    ("Kalat", "BL", 29.0, 66.6, 1, True, False), ("Quetta", "BL", 30.2, 67.0, 1, False, False),
    ("Bela", "BL", 26.2, 66.3, 1, False, False),
    ("Chitral", "PA", 35.9, 71.8, 1, True, False), ("Khorog", "PA", 37.5, 71.6, 1, False, False),
    ("Hunza", "PA", 36.3, 74.7, 1, False, False),
    ("Kabul", "AF", 34.5, 69.2, 2, True, False), ("Kandahar", "AF", 31.6, 65.7, 2, False, False),
    ("Ghazni", "AF", 33.6, 68.4, 1, False, False), ("Jalalabad", "AF", 34.4, 70.5, 1, False, False),
    ("Mazar-i-Sharif", "AF", 36.7, 67.1, 1, False, False),
    ("Khokand", "KK", 40.5, 70.9, 2, True, False), ("Tashkent", "KK", 41.3, 69.2, 2, False, False),
    ("Andijan", "KK", 40.8, 72.3, 1, False, False), ("Turkestan", "KK", 43.3, 68.3, 1, False, False),
    ("Herat", "HE", 34.3, 62.2, 2, True, False), ("Farah", "HE", 32.4, 62.1, 1, False, False),
    ("Bukhara", "BU", 39.8, 64.4, 2, True, False), ("Samarkand", "BU", 39.7, 67.0, 2, False, False),
    ("Karshi", "BU", 38.9, 65.8, 1, False, False),
    ("Merv", "MV", 37.6, 61.8, 2, True, False), ("Panjdeh", "MV", 35.9, 62.9, 1, False, False),
    ("Teheran", "PE", 35.7, 51.4, 3, True, False), ("Bushire", "PE", 29.0, 50.8, 2, False, True),
    ("Isfahan", "PE", 32.7, 51.7, 2, False, False), ("Shiraz", "PE", 29.6, 52.5, 2, False, False),
    ("Mashhad", "PE", 36.3, 59.6, 2, False, False), ("Kerman", "PE", 30.3, 57.1, 1, False, False),
    ("Kazalinsk", "KZ", 45.8, 62.1, 1, False, False),
    ("Perovsk", "KZ", 44.9, 65.5, 1, False, False), ("Vernyi", "KZ", 43.3, 76.9, 1, False, False),
    ("Irgiz", "KZ", 48.6, 61.3, 1, True, False),
    ("Geok Tepe", "TK", 38.2, 58.0, 1, True, False), ("Krasnovodsk", "TK", 40.0, 53.0, 1, False, True),
    ("Khiva", "KV", 41.4, 60.4, 2, True, False), ("Kungrad", "KV", 43.1, 58.8, 1, False, False),
    ("Orenburg", "WS", 51.8, 55.1, 2, False, False), ("Gur'ev", "WS", 47.1, 51.9, 1, False, True),
    ("Semipalatinsk", "WS", 50.4, 80.3, 1, False, False), ("Karkaralinsk", "WS", 49.4, 75.5, 1, False, False), ("Omsk", "WS", 55.0, 73.4, 2, True, False),
    ("Petropavlovsk", "WS", 54.9, 69.2, 1, False, False),
]

def in_ellipse(lat, lon, clat, clon, rlat, rlon):
    return ((lat - clat) / rlat) ** 2 + ((lon - clon) / rlon) ** 2 <= 1.0

def is_sea(lat, lon):
    # Caspian Sea (outline by latitude bands)
    casp = [(47.0, 49.5, 52.5), (46.0, 49.0, 53.0), (45.0, 47.5, 51.5), (44.0, 47.5, 50.5),
            (43.0, 47.5, 51.5), (42.0, 48.0, 52.5), (41.0, 48.8, 52.8), (40.0, 49.5, 52.8),
            (39.0, 49.0, 53.5), (38.0, 49.0, 53.9), (37.0, 49.5, 54.0)]
    for top, w, e in casp:
        if top - 1.0 < lat <= top and w <= lon <= e:
            return "caspian"
    if in_ellipse(lat, lon, 45.1, 60.0, 1.4, 1.6): return "aral"
    if in_ellipse(lat, lon, 46.3, 76.5, 0.45, 3.0): return "balkhash"
    if in_ellipse(lat, lon, 42.5, 77.3, 0.35, 1.0): return "issyk"
    # Persian Gulf and Arabian Sea: south of the coastline
    if lon < 56.5:
        coast = 29.8 - (lon - 48.5) * 0.4
        if lon >= 48.0 and lat < coast: return "gulf"
        if lon < 48.0 and lat < 29.5: return "gulf"
    elif lon < 67.0:
        if lat < 25.4: return "gulf"
    elif lon < 68.6:
        if lat < 24.6: return "gulf"
    return None

def seg_dist(lat, lon, a, b):
    (y1, x1), (y2, x2) = a, b
    dx, dy = x2 - x1, y2 - y1
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((lon - x1) * dx + (lat - y1) * dy) / (dx * dx + dy * dy)))
    px, py = x1 + t * dx, y1 + t * dy
    return math.hypot(lon - px, lat - py)

MOUNTAINS = [  # polyline, half-width in degrees
    ([(36.6, 49.5), (36.2, 53.0), (36.8, 55.5)], 0.5),              # Elburz
    ([(38.4, 56.0), (37.6, 58.5), (36.8, 60.5)], 0.45),             # Kopet Dag
    ([(34.5, 47.2), (31.0, 50.5), (28.5, 54.5)], 0.9),              # Zagros
    ([(34.5, 66.0), (35.3, 68.5), (36.3, 71.0)], 0.8),              # Hindu Kush
    ([(33.8, 64.0), (34.2, 66.5)], 0.7),                            # central Afghan highlands
    ([(37.0, 71.5), (38.8, 73.0), (38.5, 75.0)], 1.0),              # Pamir
    ([(39.8, 70.5), (39.6, 73.0)], 0.45),                           # Alai
    ([(35.8, 73.5), (35.0, 76.5), (33.5, 79.0)], 0.8),              # Karakoram
    ([(33.3, 74.0), (31.0, 78.5), (29.5, 81.5), (28.3, 86.5)], 0.6),  # Himalaya
    ([(35.8, 78.0), (36.3, 82.0), (36.8, 88.0)], 0.7),              # Kunlun
    ([(32.0, 81.0), (33.5, 83.0), (31.5, 85.0)], 1.2),              # Tibetan plateau
    ([(42.0, 72.5), (42.3, 76.0), (42.5, 80.0), (43.2, 84.0), (43.4, 88.0)], 0.7),  # Tian Shan
    ([(41.2, 74.5), (40.5, 77.5)], 0.5),                            # Kokshaal
    ([(49.8, 84.5), (49.5, 88.0)], 0.8),                            # Altai
    ([(29.8, 69.5), (32.5, 69.8), (33.5, 70.5)], 0.45),             # Sulaiman
    ([(26.0, 66.5), (28.5, 67.0), (30.5, 67.5)], 0.4),              # Kirthar / Brahui hills
]
DESERTS = [(37.5, 41.0, 56.0, 62.5), (40.5, 43.5, 62.0, 66.0), (44.0, 46.0, 67.0, 73.0),
           (34.0, 35.8, 52.5, 56.5), (29.0, 33.0, 56.5, 59.5), (29.5, 31.2, 62.0, 65.5),
           (24.7, 28.8, 69.8, 72.8), (37.5, 41.0, 78.0, 88.0), (27.0, 29.0, 62.0, 65.5),
           (43.5, 45.5, 53.5, 57.0), (41.5, 44.0, 55.0, 57.5)]
RIVERS = {
    "Amu Darya": [(37.2, 68.5), (37.2, 67.3), (37.8, 65.2), (39.1, 63.6), (41.3, 61.1), (42.5, 59.5), (43.7, 59.0)],
    "Syr Darya": [(40.9, 71.7), (40.3, 69.6), (41.0, 68.8), (43.5, 67.5), (44.9, 65.5), (45.8, 62.1), (46.1, 61.2)],
    "Indus": [(34.2, 77.6), (35.3, 75.6), (33.9, 72.2), (31.8, 70.9), (30.0, 70.6), (28.9, 70.4), (27.7, 68.9), (25.4, 68.4), (24.5, 67.6)],
    "Sutlej": [(31.0, 77.5), (30.9, 75.9), (30.9, 74.6), (29.4, 71.7), (28.9, 70.4)],
    "Jumna-Ganges": [(30.3, 77.6), (28.7, 77.2), (27.2, 78.0), (25.4, 81.8), (25.3, 83.0), (25.2, 85.5)],
    "Ural": [(51.2, 58.6), (51.8, 55.1), (51.2, 51.4), (47.1, 51.9)],
    "Irtysh": [(48.0, 84.0), (50.0, 82.6), (50.4, 80.3), (52.3, 77.0), (55.0, 73.4)],
    "Kabul": [(34.5, 69.2), (34.4, 70.5), (34.0, 71.6), (33.9, 72.2)],
    "Helmand": [(34.5, 68.0), (31.8, 64.6), (31.0, 62.0)],
    "Zeravshan": [(39.5, 68.5), (39.7, 67.0), (39.8, 64.4)],
    "Murghab": [(35.3, 63.5), (35.9, 62.9), (37.6, 61.8)],
    "Ili": [(43.9, 81.3), (44.2, 78.5), (45.5, 75.0)],
}
# City squares the coarse outlines above get wrong: towns in a valley, on a plain or an oasis at the
# foot of a range, which the range's band covers (Teheran under the Elburz, Shiraz in its Zagros
# valley, Quetta in the Shal valley, Bela on the Las Bela plain) or a desert box covers (Geok Tepe in
# the watered Akhal oasis below the Kopet Dag). Bela's plain opens on Sonmiani Bay: coast.
CITY_TERRAIN = {"Teheran": "c", "Shiraz": "c", "Quetta": "c", "Bela": "k", "Geok Tepe": "c"}
# Trade routes (gazetteer A-P), as chains of places
ROUTES = [
    ["Orenburg", (50.5, 58.5), "Irgiz", "Kazalinsk", "Perovsk", "Turkestan", "Tashkent"],
    ["Omsk", "Semipalatinsk", (48.0, 80.4), (45.1, 79.1), "Vernyi", (42.9, 74.6), "Tashkent"],  # by Sergiopol, Kopal
    ["Semipalatinsk", "Chuguchak"], ["Vernyi", "Kuldja", "Aksu", "Kashgar"],
    ["Krasnovodsk", "Geok Tepe", "Merv", "Bukhara", "Samarkand", "Tashkent"],
    ["Orenburg", "Kungrad", "Khiva", "Bukhara"], ["Gur'ev", (47.1, 54.5), (46.3, 55.5), "Kungrad"],
    ["Orenburg", (51.2, 51.4), "Gur'ev"],  # the Ural Cossack line by Ural'sk
    ["Tashkent", "Khokand", "Andijan", "Kashgar", "Yarkand", "Khotan"],
    ["Bukhara", "Karshi", "Mazar-i-Sharif", "Kabul"], ["Merv", "Panjdeh", "Herat"],
    ["Teheran", (36.2, 54.3), "Mashhad", "Herat", "Farah", "Kandahar", "Ghazni", "Kabul"],
    ["Kabul", "Jalalabad", "Peshawar", "Rawalpindi", "Lahore", "Delhi", "Agra", "Lucknow", "Benares"],
    ["Shikarpur", "Quetta", "Kandahar"], ["Quetta", "Kalat", "Bela", (26.2, 67.3), "Karachi"],
    ["Karachi", "Hyderabad", "Shikarpur", "Multan", "Dera Ismail Khan", "Peshawar"],
    ["Hyderabad", "Jodhpur", "Agra"], ["Srinigar", "Leh", "Yarkand"], ["Leh", "Gartok"], ["Simla", "Gartok"],
    ["Delhi", "Simla"], ["Lahore", "Srinigar"], ["Lucknow", "Katmandu", "Pokhara"],
    ["Bushire", "Shiraz", "Isfahan", "Teheran"], ["Shiraz", "Kerman", "Mashhad"], ["Peshawar", "Chitral", "Khorog"],
    ["Orenburg", (53.0, 61.6), "Petropavlovsk", "Omsk"], ["Semipalatinsk", "Karkaralinsk", "Perovsk"],
    ["Agra", (23.6, 78.0)], ["Lucknow", (23.6, 81.0)], ["Orenburg", (51.8, 47.0)],
]

def main():
    cpos = {}
    for name, reg, lat, lon, inc, cap, port in CITIES:
        rc = sq(lat, lon)
        assert rc not in cpos.values(), (name, rc)
        cpos[name] = rc
    terrain = [["c"] * W for _ in range(H)]
    water = [[None] * W for _ in range(H)]
    for r in range(H):
        for c in range(W):
            lat, lon = centre(r, c)
            s = is_sea(lat, lon)
            if s:
                terrain[r][c] = "s"; water[r][c] = s; continue
            if any(a <= lat <= b and x <= lon <= y for a, b, x, y in DESERTS): terrain[r][c] = "d"
            for line, w in MOUNTAINS:
                if any(seg_dist(lat, lon, line[i], line[i + 1]) <= w for i in range(len(line) - 1)):
                    terrain[r][c] = "m"
    def chain(points):
        cells = []
        for i in range(len(points) - 1):
            (r1, c1), (r2, c2) = points[i], points[i + 1]
            r, c = r1, c1
            cells.append((r, c))
            n = max(abs(r2 - r1), abs(c2 - c1))
            for k in range(1, n + 1):
                tr = r1 + round((r2 - r1) * k / n); tc = c1 + round((c2 - c1) * k / n)
                if tr != r and tc != c:  # side-adjacent chain: step the row first
                    cells.append((tr, c))
                r, c = tr, tc
                cells.append((r, c))
        out = []
        for x in cells:
            if not out or out[-1] != x: out.append(x)
        return out
    for pts in RIVERS.values():
        for r, c in chain([sq(*p) for p in pts]):
            if terrain[r][c] in "cd": terrain[r][c] = "r"
    for r in range(H):
        for c in range(W):
            if terrain[r][c] in "cd":
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < H and 0 <= cc < W and terrain[rr][cc] == "s": terrain[r][c] = "k"
    for name, t in CITY_TERRAIN.items():  # after the coast pass: Teheran is not on the Caspian
        r, c = cpos[name]
        terrain[r][c] = t
    for name, (r, c) in cpos.items():
        if terrain[r][c] == "s": raise SystemExit("city in sea: " + name)
    # regions: nearest city or anchor (squared distance in square units)
    seeds = [(cpos[n][0], cpos[n][1], reg) for n, reg, *_ in CITIES]
    for code, _, _, anchors in REGIONS:
        for lat, lon in anchors: seeds.append((*sq(lat, lon), code))
    region = [["."] * W for _ in range(H)]
    for r in range(H):
        for c in range(W):
            if terrain[r][c] == "s": continue
            best = min(seeds, key=lambda s: ((s[0] - r) * 0.75) ** 2 + (s[1] - c) ** 2 * (math.cos(math.radians(centre(r, c)[0])) ** 2))
            region[r][c] = LETTER[RIDX[best[2]]]
    for name, (r, c) in cpos.items():
        reg = next(x[1] for x in CITIES if x[0] == name)
        region[r][c] = LETTER[RIDX[reg]]
    route = [[0] * W for _ in range(H)]
    DIRS = {(-1, 0): 1, (0, 1): 2, (1, 0): 4, (0, -1): 8}
    for rt in ROUTES:
        pts = [cpos[p] if isinstance(p, str) else sq(*p) for p in rt]
        cells = chain(pts)
        for (r1, c1), (r2, c2) in zip(cells, cells[1:]):
            if terrain[r1][c1] == "s" or terrain[r2][c2] == "s":  # a dropped step would cut the route
                raise SystemExit(f"route {rt[0]}-{rt[-1]} crosses the sea at row {r2} col {c2}: add a waypoint")
            route[r1][c1] |= DIRS[(r2 - r1, c2 - c1)]
            route[r2][c2] |= DIRS[(r1 - r2, c1 - c2)]
    print("# RECONSTRUCTED: generated by rules/crossroads/mapgen/gen_map.py from the gazetteer; the printed")
    print("# map is not in the rulebook (see docs/games/crossroads.md, 'Reconstructed map').")
    print(f"width: {W}\nheight: {H}\nnorth_lat_x100: {int(NORTH*100)}\nwest_lon_x100: {int(WEST*100)}")
    print(f"lat_step_x100: {int(DLAT*100)}\nlon_step_x100: {int(DLON*100)}")
    print("# terrain: c clear, d desert, m mountain, r river, k coast, s sea/lake (row 0 = north)")
    for r in range(H): print(f'terrain: "{"".join(terrain[r])}"')
    print("# region: letter = index into `regions` (A = first), '.' = sea")
    for r in range(H): print(f'region: "{"".join(region[r])}"')
    print("# route: hex digit per square, trade-route directions N=1 E=2 S=4 W=8")
    for r in range(H): print(f'route: "{"".join("%x" % v for v in route[r])}"')
    print("# water bodies: letter per sea square: C Caspian, A Aral, B Balkhash, I Issyk-Kul, G Gulf/Arabian Sea")
    wl = {"caspian": "C", "aral": "A", "balkhash": "B", "issyk": "I", "gulf": "G"}
    for r in range(H): print(f'water: "{"".join(wl[w] if w else "." for w in water[r])}"')
    for code, name, vp, _ in REGIONS:
        print(f'regions {{ code: "{code}" name: "{name}" vp: {vp} }}')
    for name, reg, lat, lon, inc, cap, port in CITIES:
        r, c = cpos[name]
        if reg in ("NI", "PJ", "SN") and route[r][c]: inc = 3  # errata (Income Chart clarification)
        print(f'cities {{ name: "{name}" region: "{reg}" row: {r} col: {c} lat_x10: {int(round(lat*10))} lon_x10: {int(round(lon*10))} income: {inc}'
              + (" capital: true" if cap else "") + (" port: true" if port else "") + " }")

main()
