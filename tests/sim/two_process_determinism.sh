#!/usr/bin/env bash
# Same seed and actions, two separate processes: one plays and records, the other replays the
# record; both must print the same final state hash. Usage: SIM GAME [OTHER_SIM]
set -euo pipefail
sim=$1 game=$2 other=${3:-$1}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for seed in 1 2 3; do
  "$sim" play --game "$game" --seed "$seed" --games 1 --record "$dir/r$seed.txtpb" >/dev/null
  want=$(sed -n 's/^final_hash: "\(.*\)"/\1/p' "$dir/r$seed.txtpb")
  got=$("$other" replay "$dir/r$seed.txtpb" | sed -n 's/^hash //p')
  [ -n "$want" ] && [ "$want" = "$got" ] || { echo "seed $seed: recorded $want, replayed $got"; exit 1; }
  # The playout signature (hash over final hashes) must match between the two binaries too.
  a=$("$sim" play --game "$game" --seed "$seed" --games 5 --json | sed 's/.*"signature":"\([0-9a-f]*\)".*/\1/')
  b=$("$other" play --game "$game" --seed "$seed" --games 5 --json | sed 's/.*"signature":"\([0-9a-f]*\)".*/\1/')
  [ "$a" = "$b" ] || { echo "seed $seed: signature $a vs $b"; exit 1; }
done
echo "identical hashes for $game"
