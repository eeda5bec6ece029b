#!/usr/bin/env bash
# bench/cluster/run.sh: one node on SQLite, one node on PostgreSQL and three nodes on PostgreSQL,
# side by side in one run, under frontier-loadgen (docs/performance.md, "Several nodes").
#
# Starts a scratch PostgreSQL 15 (initdb in a temporary folder, Unix socket only, fsync and
# synchronous_commit on; as root it runs as the unprivileged `postgres` account, since PostgreSQL
# refuses root), the nodes (frontierd-fixture, the `race` game, `--sync full`), the load
# generator, and reads each node's /metrics, PostgreSQL's statistics views and the CPU times of
# every process from /proc. The three nodes are addressed directly: the load generator spreads its
# connections over them (match m on node m % 3), no proxy in between. Prints one table.
#
#   bench/cluster/run.sh                 # the whole matrix (~2 minutes; run it with nice)
#   bench/cluster/run.sh --smoke         # every scenario once, 10 matches, 2 s each (~30 s)
#   bench/cluster/run.sh --seconds 20 --matches "100 1000" --cross-rate 1000 --out /tmp/cl
# Flags: --seconds S (measured per row, default 10), --matches "M ..." (default "100 1000"),
#   --cross-rate R and --cross-matches M (the cross-node rows: 1000/s over 100 matches),
#   --kill-after S (default 4), --scenarios "sqlite-1 pg-1 ..." (a subset), --out DIR (each row's
#   output, node logs and results.tsv; default a temporary folder). Environment: BUILD, FRONTIERD,
#   LOADGEN, FRONTIER_PG_BIN, BASE_PORT (18461: the nodes listen on it and the next two), KEEP=1.
#
# Scenarios, each on a fresh database with freshly started nodes:
#   sqlite-1   one node on an SQLite file, at each of --matches
#   pg-1       one node on PostgreSQL, at each of --matches
#   pg-3       three nodes on PostgreSQL, both seats of a match on its owner's node, at each of --matches
#   pg-3-cross three nodes, a match's two seats on different nodes, paced at --cross-rate submits/s:
#              ack -> the opponent's update on the other node (p50/p99)
#   pg-3-kill  as pg-3-cross, and node 0 SIGKILLed --kill-after s in: time until each of its running
#              matches is acknowledged again through another node (its clients reconnect to the next)
# Needs build/release/tests/server/frontierd-fixture and build/release/bench/server/frontier-loadgen:
#   cmake --build build/release -j2 --target frontierd-fixture frontier-loadgen
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build/release}
FRONTIERD=${FRONTIERD:-$BUILD/tests/server/frontierd-fixture}
LOADGEN=${LOADGEN:-$BUILD/bench/server/frontier-loadgen}
PG_BIN=${FRONTIER_PG_BIN:-/usr/lib/postgresql/15/bin}
RUN_SECONDS=10
MATCHES="100 1000"
CROSS_RATE=1000
CROSS_MATCHES=100
KILL_AFTER=4
LEASE_MS=3000
BASE_PORT=${BASE_PORT:-18461}
OUT=""
SMOKE=0
SCENARIOS="sqlite-1 pg-1 pg-3 pg-3-cross pg-3-kill"

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) SMOKE=1; RUN_SECONDS=2; MATCHES=10; CROSS_MATCHES=10; CROSS_RATE=300; KILL_AFTER=1; LEASE_MS=1000 ;;
    --seconds) RUN_SECONDS=$2; shift ;;
    --matches) MATCHES=$2; shift ;;
    --cross-rate) CROSS_RATE=$2; shift ;;
    --cross-matches) CROSS_MATCHES=$2; shift ;;
    --kill-after) KILL_AFTER=$2; shift ;;
    --scenarios) SCENARIOS=$2; shift ;;
    --out) OUT=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option $1 (--help)" >&2; exit 2 ;;
  esac
  shift
done
for b in "$FRONTIERD" "$LOADGEN" "$PG_BIN/initdb" "$PG_BIN/postgres"; do
  [ -x "$b" ] || { echo "missing $b (see the header of $0)" >&2; exit 1; }
done

# /tmp, not $TMPDIR: the Unix socket's path must stay under 108 bytes.
WORK=$(mktemp -d /tmp/frontier-cluster-XXXXXX)
chmod 711 "$WORK"  # the postgres account passes through to its folder
[ -n "$OUT" ] || OUT=$WORK/out
mkdir -p "$OUT"
PG_DIR=$WORK/pg
mkdir -p "$PG_DIR"
AS_PG=()
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$PG_DIR"
  AS_PG=(runuser -u postgres --)
fi
NODE_PIDS=()
PG_PID=""

cleanup() {
  for p in "${NODE_PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done
  for p in "${NODE_PIDS[@]:-}"; do [ -n "$p" ] && wait "$p" 2>/dev/null || true; done
  # Immediate shutdown: the folder goes next, a shutdown checkpoint would be wasted.
  if [ -n "$PG_PID" ]; then kill -QUIT "$PG_PID" 2>/dev/null || true; fi
  sleep 0.5
  [ "${KEEP:-0}" = 1 ] || rm -rf "$PG_DIR" "$WORK"/db-*
}
trap cleanup EXIT

start_postgres() {
  "${AS_PG[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U frontier --auth=trust -E UTF8 --locale=C --no-sync \
    --no-instructions >"$WORK/initdb.log" 2>&1
  # The same settings as the tests' server (tests/support/postgres_server.cpp), with the default
  # shared_buffers and room for three nodes' connections.
  "${AS_PG[@]}" "$PG_BIN/postgres" -D "$PG_DIR/data" -k "$PG_DIR" -p 5432 -c listen_addresses= \
    -c fsync=on -c synchronous_commit=on -c max_connections=100 -c log_min_messages=warning \
    >"$WORK/postgres.log" 2>&1 &
  for _ in $(seq 1 300); do
    if psql -qAt -h "$PG_DIR" -p 5432 -U frontier -d postgres -c 'select 1' >/dev/null 2>&1; then
      PG_PID=$(head -1 "$PG_DIR/data/postmaster.pid")
      return 0
    fi
    sleep 0.1
  done
  echo "PostgreSQL did not start:" >&2
  cat "$WORK/postgres.log" >&2
  exit 1
}

sql() { psql -qAt -h "$PG_DIR" -p 5432 -U frontier -d "$1" -c "$2"; }
pg_url() { echo "postgresql://frontier@/$1?host=$PG_DIR&port=5432"; }

# start_nodes DB N: N nodes on DB (a PostgreSQL database name, or "sqlite"), ports BASE_PORT...
start_nodes() {
  local db=$1 n=$2 i
  NODE_PIDS=()
  for i in $(seq 0 $((n - 1))); do
    local target
    if [ "$db" = sqlite ]; then target=$WORK/db-$RUN_ID.db; else target=$(pg_url "$db"); fi
    "$FRONTIERD" --listen 127.0.0.1:$((BASE_PORT + i)) --db "$target" --kdf min --log-level warn \
      --rate 100000 --registrations 0 --matches-per-hour 0 --sync full --node-id "node$i" \
      --lease-ms "$LEASE_MS" --lease-renew-ms $((LEASE_MS / 3)) >"$OUT/$RUN_ID-node$i.log" 2>&1 &
    NODE_PIDS+=($!)
  done
  for i in $(seq 0 $((n - 1))); do
    local up=0
    for _ in $(seq 1 200); do
      if curl -sf "http://127.0.0.1:$((BASE_PORT + i))/healthz" >/dev/null 2>&1; then up=1; break; fi
      kill -0 "${NODE_PIDS[$i]}" 2>/dev/null || break
      sleep 0.05
    done
    if [ "$up" = 0 ]; then
      echo "node $i did not start:" >&2
      cat "$OUT/$RUN_ID-node$i.log" >&2
      exit 1
    fi
  done
}

stop_nodes() {
  local p
  for p in "${NODE_PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${NODE_PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  NODE_PIDS=()
}

# The sum of a counter over the live nodes' /metrics.
metric_sum() {
  local name=$1 n=$2 i total=0 v
  for i in $(seq 0 $((n - 1))); do
    v=$(curl -sf "http://127.0.0.1:$((BASE_PORT + i))/metrics" 2>/dev/null | awk -v m="$name" '$1 == m {print $2}')
    total=$(awk -v a="$total" -v b="${v:-0}" 'BEGIN {print a + b}')
  done
  echo "$total"
}

# PostgreSQL's own counts for DB: commits, rows written, WAL records, bytes and syncs.
pg_counts() {
  sql "$1" "select (select xact_commit from pg_stat_database where datname = current_database()),
                   (select tup_inserted + tup_updated + tup_deleted from pg_stat_database where datname = current_database()),
                   wal_records, wal_bytes, wal_sync from pg_stat_wal" | tr '|' ' '
}

RESULTS=$OUT/results.tsv
printf 'scenario\tmatches\toffered\tacks/s\tp50 ms\tp99 ms\tnode CPU us/action (each; sum)\tPostgreSQL CPU us/action\tjobs/commit\tPG commits/action\trows/action\tWAL records/action\tWAL bytes/action\tcross-node\tfailover\terrors\n' >"$RESULTS"

# run SCENARIO MATCHES [loadgen flags...]
run() {
  local scenario=$1 matches=$2
  shift 2
  RUN_ID=$scenario-$matches
  local n=1 db=sqlite
  case "$scenario" in
    pg-1) n=1 ;;
    pg-3*) n=3 ;;
  esac
  if [ "$scenario" != sqlite-1 ]; then
    db=$(echo "b_${RUN_ID}" | tr -c 'a-z0-9_\n' '_')
    sql postgres "create database $db" >/dev/null
  fi
  start_nodes "$db" "$n"
  local ports pids
  ports=$(seq -s, "$BASE_PORT" $((BASE_PORT + n - 1)))
  pids=$(IFS=,; echo "${NODE_PIDS[*]}")
  local extra=() args=() a
  [ "$db" != sqlite ] && extra+=(--pg-pid "$PG_PID")
  # KILL_NODE0 stands for node 0's pid, known only now.
  for a in "$@"; do [ "$a" = KILL_NODE0 ] && args+=("${NODE_PIDS[0]}") || args+=("$a"); done
  local jobs0 batches0 pg0=""
  jobs0=$(metric_sum frontier_writer_jobs_total "$n")
  batches0=$(metric_sum frontier_writer_batches_total "$n")
  [ "$db" != sqlite ] && pg0=$(pg_counts "$db")
  echo "== $RUN_ID: $LOADGEN --ports $ports --matches $matches --seconds $RUN_SECONDS ${args[*]}" | tee "$OUT/$RUN_ID.txt"
  "$LOADGEN" --ports "$ports" --server-pid "$pids" "${extra[@]}" --matches "$matches" --seconds "$RUN_SECONDS" "${args[@]}" \
    >>"$OUT/$RUN_ID.txt" 2>"$OUT/$RUN_ID.err" || true
  grep -v '^RESULT' "$OUT/$RUN_ID.txt" | sed 1d
  local alive=$n
  [ "$scenario" = pg-3-kill ] && alive=0  # node 0 is gone: its counters with it
  local jobs=0 batches=0 pg1=""
  if [ "$alive" -gt 0 ]; then
    jobs=$(metric_sum frontier_writer_jobs_total "$n")
    batches=$(metric_sum frontier_writer_batches_total "$n")
  fi
  [ "$db" != sqlite ] && pg1=$(pg_counts "$db")
  {
    echo "--- /metrics (node 0)"
    curl -sf "http://127.0.0.1:$BASE_PORT/metrics" | grep -E '^frontier_(writer|forward|lease|matches_taken)' || true
  } >>"$OUT/$RUN_ID.txt"
  stop_nodes
  local result
  result=$(grep '^RESULT' "$OUT/$RUN_ID.txt" | tail -1)
  [ -n "$result" ] || { echo "no result for $RUN_ID (see $OUT/$RUN_ID.err)" >&2; return 0; }
  # key=value pairs of the RESULT line into shell variables r_KEY.
  local kv
  for kv in ${result#RESULT }; do local "r_${kv%%=*}=${kv#*=}"; done
  local acks_total
  acks_total=$(awk -v a="$r_acks_per_s" -v s="$RUN_SECONDS" 'BEGIN {print (a * s > 0 ? a * s : 1)}')
  local node_cpu="" i
  for i in $(seq 0 $((n - 1))); do
    local v="r_node${i}_us"
    node_cpu+="$(printf '%.0f' "${!v:-0}")/"
  done
  node_cpu="${node_cpu%/}; $(printf '%.0f' "${r_nodes_us:-0}")"
  local per_commit="—"
  if [ "$alive" -gt 0 ]; then
    per_commit=$(awk -v j="$((${jobs%.*} - ${jobs0%.*}))" -v b="$((${batches%.*} - ${batches0%.*}))" \
      'BEGIN {if (b > 0) printf "%.1f", j / b; else print "—"}')
  fi
  local pg_cols="—	—	—	—	—"
  if [ -n "$pg1" ]; then
    # Counts over the whole run (warm-up included: registrations and match creations), per action
    # acknowledged in the measured phase: an upper bound of the per-action cost.
    pg_cols=$(echo "$pg0 $pg1" | awk -v acks="$acks_total" -v us="${r_pg_us:-0}" '{
      printf "%.0f\t%.2f\t%.1f\t%.1f\t%.0f", us, ($6 - $1) / acks, ($7 - $2) / acks, ($8 - $3) / acks, ($9 - $4) / acks }')
  fi
  local cross="—" failover="—" offered="closed loop"
  case " $* " in *" --rate "*) offered="$(echo " $* " | sed 's/.*--rate \([0-9]*\).*/\1/')/s" ;; esac
  [ -n "${r_cross_p99_ms:-}" ] && cross=$(printf 'p50 %.1f / p99 %.1f ms (forwarded submit->ack p50 %.1f / p99 %.1f)' \
    "$r_cross_p50_ms" "$r_cross_p99_ms" "$r_fwd_p50_ms" "$r_fwd_p99_ms")
  [ -n "${r_failover_n:-}" ] && failover=$(printf '%s of %s matches; p50 %.0f / max %.0f ms' \
    "$r_failover_n" "$r_failover_of" "$r_failover_p50_ms" "$r_failover_max_ms")
  printf '%s\t%s\t%s\t%s\t%.2f\t%.2f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$scenario" "$matches" "$offered" \
    "$r_acks_per_s" "$r_p50_ms" "$r_p99_ms" "$node_cpu" "$(echo "$pg_cols" | cut -f1)" "$per_commit" \
    "$(echo "$pg_cols" | cut -f2-5)" "$cross" "$failover" "$r_errors" >>"$RESULTS"
}

echo "load before: $(uptime)" | tee "$OUT/load.txt"
start_postgres
for s in $SCENARIOS; do
  case "$s" in
    sqlite-1|pg-1|pg-3) for m in $MATCHES; do run "$s" "$m"; done ;;
    pg-3-cross) run pg-3-cross "$CROSS_MATCHES" --cross-node --rate "$CROSS_RATE" ;;
    pg-3-kill)
      run pg-3-kill "$CROSS_MATCHES" --cross-node --rate "$CROSS_RATE" --kill-node 0 --kill-after "$KILL_AFTER" \
        --kill-pid KILL_NODE0 ;;
    *) echo "unknown scenario $s" >&2; exit 2 ;;
  esac
done
echo "load after: $(uptime)" | tee -a "$OUT/load.txt"
echo
echo "Results (also $RESULTS; each run's output in $OUT):"
column -t -s $'\t' "$RESULTS"
