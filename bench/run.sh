#!/usr/bin/env bash
# The issue-5 benchmark in one command (not a test):
#   bench/run.sh [BUILD_DIR] [ROUNDS]
# Runs bench/kernels.ts compiled (`tcc build`) and eager (`tcc run --eager`),
# the same kernels in NumPy and in PyTorch eager (bench/kernels.py; both with
# 2 threads where they thread), and a STREAM-style triad (bench/triad.c,
# OpenMP, 2 threads), all in this one run, and prints a Markdown table of
# times and achieved bandwidth (bytes each kernel must move / time) next to
# the triad's. tcc's time per call = (T(N calls) - T(0 calls)) / N, best of
# ROUNDS (default 3) process runs each, so set-up and start-up cancel out.
# A second table gives CPU time per call (user + system, all threads), which
# a busy machine disturbs much less than wall time.
# Needs python3-numpy and python3-torch: bash tools/setup_bench.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
ROUNDS=${2:-3}
TCC="$BUILD/tcc"
PY=/usr/bin/python3
[ -x "$TCC" ] || { echo "no $TCC: build first (ninja -C $BUILD)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$TCC" build bench/kernels.ts -o "$tmp/kernels" --time-passes 2> "$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }
cc -O3 -march=native -fopenmp bench/triad.c -o "$tmp/triad"

now_ns() { date +%s%N; }
cpu_ms() {  # CPU time (user + sys, all threads) of one run of the command, in ms
  /usr/bin/time -f "%U %S" -o "$tmp/cpu" "$@" > /dev/null
  awk '{ printf "%.0f", ($1 + $2) * 1000 }' "$tmp/cpu"
}
cpu_per_call_ms() {  # KERNEL N COMMAND...
  local k=$1 n=$2; shift 2
  local a b
  a=$(cpu_ms "$@" "$k" 0)
  b=$(cpu_ms "$@" "$k" "$n")
  awk -v a="$b" -v b="$a" -v n="$n" 'BEGIN { v = (a - b) / n; printf "%.2f", (v > 0 ? v : 0) }'
}
best_ns() {  # best wall time of ROUNDS runs of the command, in ns
  local best=0 t0 t
  for _ in $(seq "$ROUNDS"); do
    t0=$(now_ns); "$@" > /dev/null; t=$(( $(now_ns) - t0 ))
    if [ "$best" -eq 0 ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}
per_call_ms() {  # KERNEL N COMMAND...: ms per call of KERNEL
  local k=$1 n=$2; shift 2
  local t0 t1
  t0=$(best_ns "$@" "$k" 0)
  t1=$(best_ns "$@" "$k" "$n")
  awk -v a="$t1" -v b="$t0" -v n="$n" 'BEGIN { v = (a - b) / 1e6 / n; printf "%.2f", (v > 0 ? v : 0) }'
}

triad=$(OMP_NUM_THREADS=2 "$tmp/triad")
declare -A NP TORCH NPC TORCHC
while read -r k v c; do NP[$k]=$v; NPC[$k]=$c; done < <(OPENBLAS_NUM_THREADS=2 $PY bench/kernels.py numpy 2 20)
while read -r k v c; do TORCH[$k]=$v; TORCHC[$k]=$c; done < <($PY bench/kernels.py torch 2 20)

# kernel, calls compiled, calls eager, bytes moved (0: compute-bound, no bandwidth).
# Enough calls that they take several hundred ms: a process's set-up (making
# the inputs: page faults, huge pages) varies by +-15 ms from run to run.
kernels=("chain 40 4 $((8 << 24))" "softmax 400 40 $((8 << 22))" "layer_norm 400 40 $((8 << 22))"
         "mlp 20 10 0" "sum 400 40 $((4 << 24))" "max 400 40 $((4 << 24))" "conv2d 20 10 0")
echo "| kernel | tcc compiled ms | tcc eager ms | NumPy ms | PyTorch ms | compiled GB/s | % of triad | vs NumPy | vs PyTorch |"
echo "|---|---|---|---|---|---|---|---|---|"
for row in "${kernels[@]}"; do
  read -r k nc ne bytes <<< "$row"
  c=$(per_call_ms "$k" "$nc" "$tmp/kernels")
  e=$(per_call_ms "$k" "$ne" "$TCC" run --eager bench/kernels.ts)
  awk -v k="$k" -v c="$c" -v e="$e" -v np="${NP[$k]}" -v pt="${TORCH[$k]}" -v by="$bytes" -v tr="$triad" 'BEGIN {
    gbs = (by > 0 && c > 0) ? sprintf("%.1f", by / (c / 1e3) / 1e9) : "-";
    pct = (by > 0 && c > 0) ? sprintf("%.0f%%", 100 * by / (c / 1e3) / 1e9 / tr) : "-";
    printf "| %s | %s | %s | %s | %s | %s | %s | %.1fx | %.2fx |\n", k, c, e, np, pt, gbs, pct, (c > 0 ? np / c : 0), (c > 0 ? pt / c : 0) }'
done
echo
echo "CPU time per call (ms, user + system over all threads):"
echo
echo "| kernel | tcc compiled | tcc eager | NumPy | PyTorch |"
echo "|---|---|---|---|---|"
for row in "${kernels[@]}"; do
  read -r k nc ne bytes <<< "$row"
  echo "| $k | $(cpu_per_call_ms "$k" "$nc" "$tmp/kernels") | $(cpu_per_call_ms "$k" "$ne" "$TCC" run --eager bench/kernels.ts) | ${NPC[$k]} | ${TORCHC[$k]} |"
done
echo
echo "STREAM-style triad (2 threads): $triad GB/s. Compile: $(grep total "$tmp/build.log" | awk '{print $2, $3}') for bench/kernels.ts."
echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)."
echo "Versions: $("$TCC" --version), $($PY -c 'import numpy, torch; print("NumPy", numpy.__version__ + ", PyTorch", torch.__version__)'), $(dpkg-query -W -f='OpenBLAS ${Version}' libopenblas0-pthread 2>/dev/null || echo OpenBLAS)."
