#!/usr/bin/env bash
# For every game the shipped frontier-sim offers: its scenario scripts pass, a recorded game
# replays to the same hash in another process, and the debug build (if given) agrees with
# this one; and every game folder's scripts (RULES_DIR/<folder>/scenarios/, each script names its
# game). Usage: SIM OTHER_SIM_OR_EMPTY SCENARIO_DIR RULES_DIR
set -euo pipefail
sim=$1 other=$2 scenarios=$3 rules=$4
here=$(dirname "$0")
games=$("$sim" list | awk '/^[a-z]/ {print $1}')
[ -n "$games" ] || { echo "no shipped games yet: nothing to check"; exit 0; }
folder_scripts=$(find "$rules" -path '*/scenarios/*.txtpb' -not -path '*/must_fail/*' | sort)
[ -z "$folder_scripts" ] || "$sim" script $folder_scripts
for game in $games; do
  scripts=$(find "$scenarios/$game" -name '*.txtpb' -not -path '*/must_fail/*' 2>/dev/null | sort || true)
  [ -z "$scripts" ] || "$sim" script $scripts
  bash "$here/two_process_determinism.sh" "$sim" "$game"
  if [ -n "$other" ]; then
    [ -x "$other" ] || { echo "debug frontier-sim $other is missing"; exit 1; }
    bash "$here/two_process_determinism.sh" "$sim" "$game" "$other"
    echo "debug and release agree for $game"
  fi
done
