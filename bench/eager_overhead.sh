#!/usr/bin/env bash
# Eager per-operation overhead on small tensors: `tcc run --eager` against
# PyTorch eager on the same loop (bench/eager_overhead.ts / .py), in the same
# run. tcc's time per op = (T(N iterations) - T(0 iterations)) / (N * ops),
# best of 3 process runs each, so start-up and parsing cancel out. PyTorch is
# timed in-process (perf_counter, best of 3) with one thread.
# Needs tools/setup_bench.sh (python3-torch). Usage: bench/eager_overhead.sh [build-dir] [N]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
N=${2:-20000}
TCC="$BUILD/tcc"
PY=/usr/bin/python3
[ -x "$TCC" ] || { echo "no $TCC; build first" >&2; exit 2; }

now_ns() { date +%s%N; }
best_of_3() {  # prints the best wall time in ns of the given command
  local best=0
  for _ in 1 2 3; do
    local t0; t0=$(now_ns)
    "$@" > /dev/null
    local t=$(( $(now_ns) - t0 ))
    if [ "$best" -eq 0 ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}

export TCC_NUM_THREADS=1
printf '%-28s %14s %16s %8s\n' "loop (16-elem float32)" "tcc eager us/op" "PyTorch us/op" "ratio"
for variant in plain item; do
  ops=7; [ "$variant" = item ] && ops=8
  t_base=$(best_of_3 "$TCC" run --eager bench/eager_overhead.ts 0 "$variant")
  t_run=$(best_of_3 "$TCC" run --eager bench/eager_overhead.ts "$N" "$variant")
  tcc_us=$(awk -v a="$t_run" -v b="$t_base" -v n="$N" -v o="$ops" 'BEGIN { printf "%.3f", (a - b) / 1000.0 / (n * o) }')
  if $PY -c "import torch" 2> /dev/null; then
    torch_us=$($PY bench/eager_overhead.py "$N" "$variant")
    ratio=$(awk -v a="$tcc_us" -v b="$torch_us" 'BEGIN { printf "%.2fx", a / b }')
  else
    torch_us="n/a (run tools/setup_bench.sh)"; ratio="-"
  fi
  printf '%-28s %14s %16s %8s\n' "7 ops$([ "$variant" = item ] && echo ' + item()')" "$tcc_us" "$torch_us" "$ratio"
done
