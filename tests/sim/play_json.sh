#!/usr/bin/env bash
# `frontier-sim play --json` prints one object with the documented fields. Usage: SIM GAME
set -euo pipefail
out=$("$1" play --game "$2" --seed 3 --games 20 --policy random --json)
for key in game scenario seed games finished actions games_per_s actions_per_s results failures; do
  grep -q "\"$key\":" <<<"$out" || { echo "missing $key in: $out"; exit 1; }
done
grep -q '"games":20' <<<"$out" || { echo "wrong game count: $out"; exit 1; }
grep -q '"failures":\[\]' <<<"$out" || { echo "failures reported: $out"; exit 1; }
echo ok
