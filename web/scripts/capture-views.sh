#!/usr/bin/env bash
# Development aid for the boards (web/boards-dev.html): plays real matches on a throw-away
# frontierd with the CLI's random policy and saves what each seat then receives (MatchUpdate as
# protobuf JSON, prompts included) under web/dev-views/ (not committed). Nothing here is shipped.
# Usage: web/scripts/capture-views.sh [BUILD_DIR]   (default build/release)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build/release}
frontierd=$build/server/frontierd
frontier=$build/client-cli/frontier
out=$root/web/dev-views
work=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
server="--server ws://127.0.0.1:$port/"
mkdir -p "$out" "$work/a" "$work/b"

"$frontierd" --listen "127.0.0.1:$port" --db "$work/f.db" --kdf min --log-level warn &
server_pid=$!
trap 'kill $server_pid; rm -rf "$work"' EXIT
sleep 1

as() { local who=$1; shift; HOME=$work/$who "$frontier" $server "$@"; }
# The same in the background, as the process itself so that it can be stopped by its id.
as_bg() { local who=$1; shift; HOME=$work/$who exec "$frontier" $server "$@" >/dev/null 2>&1; }
as a register alice --json <<<$'password1\npassword1' >/dev/null
as b register bob --json <<<$'password1\npassword1' >/dev/null

# The match number printed by `new --json`.
new_match() { as a new "$@" --json | sed -E 's/.*"match_id":"([0-9]+)".*/\1/'; }

# Both seats answer at random for $2 seconds.
advance() {
  local match=$1 seconds=$2
  as_bg a play "$match" --policy random --seed 7 --delay 30 --json &
  local players=($!)
  if [[ ${3:-two} == two ]]; then
    as_bg b play "$match" --policy random --seed 9 --delay 30 --json &
    players+=($!)
  fi
  sleep "$seconds"
  kill "${players[@]}" 2>/dev/null || true
  wait "${players[@]}" 2>/dev/null || true
}

# The full update (view and own prompts) one seat sees now.
capture() {
  local who=$1 match=$2 name=$3
  (sleep 1; echo quit) | as "$who" play "$match" --json 2>/dev/null | grep -m1 '"event":"update","update"' |
    sed -E 's/^\{"event":"update","update":(.*)\}$/\1/' >"$out/$name.json"
  echo "$out/$name.json"
}

# Every game with a board of its own (web/src/boards/<game id>/), found by folder: its sides from
# the server's catalogue ("id  Title  (sides: A, B)"); a solitaire game advances by short bursts.
catalogue=$(as a games)
for dir in "$root"/web/src/boards/*/; do
  game=$(basename "$dir")
  sides=$(awk -v g="$game" '$1 == g { sub(/.*\(sides: /, ""); sub(/\)$/, ""); print }' <<<"$catalogue" |
    tr 'A-Z' 'a-z' | tr -d ' ')
  [ -n "$sides" ] || continue
  IFS=, read -r first second <<<"$sides"
  m=$(new_match "$game")
  if [ -z "$second" ]; then
    capture a "$m" "$game-0"
    for i in 1 2 3 4 5 6 7 8; do
      advance "$m" 0.3 one
      capture a "$m" "$game-$i"
    done
  else
    as b join "$m" --json >/dev/null
    capture a "$m" "$game-0-$first"
    for i in 1 2 3 4 5 6; do
      advance "$m" 2
      capture a "$m" "$game-$i-$first"; capture b "$m" "$game-$i-$second"
    done
  fi
done
