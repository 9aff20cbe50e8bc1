#!/usr/bin/env bash
# The issue-5 benchmark in one command (not a test):
#   bench/run.sh [BUILD_DIR] [ROUNDS]
# Runs bench/kernels.ts compiled (`tcc build`) and eager (`tcc run --eager`),
# the same kernels in NumPy and in PyTorch eager (bench/kernels.py; both with
# 2 threads where they thread), and a STREAM-style triad (bench/triad.c,
# OpenMP, 2 threads), all in this one run, and prints a Markdown table of
# times and achieved bandwidth (bytes each kernel must move / time) next to
# the triad's. tcc's time per call = (T(N + 1 calls) - T(1 call)) / N, best
# of ROUNDS (default 3) process runs each, so set-up, start-up and the first
# call's warm-up (page faults of fresh buffers, BLAS's thread start) cancel
# out, as kernels.py's one untimed call before it times does.
# A second table gives CPU time per call (user + system, all threads), which
# a busy machine disturbs much less than wall time.
# Issue 14 adds: tcc's peak RSS per kernel (/usr/bin/time %M of one compiled
# run), the spread (min / median / max over ROUNDS runs) of sum and max next
# to PyTorch's, the graph-break loop (bench/kernels.ts gb_step, us per
# iteration, against NumPy, PyTorch and bench/gbreak.c), and a GPT-2-style
# block (ms per forward) against PyTorch eager and its GEMMs alone, the MLP
# against its two GEMMs alone (kernels.ts mlp_gemms), and the block's largest
# difference from PyTorch's output on the same inputs.
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
cc -O3 -march=native -ffast-math bench/gbreak.c -o "$tmp/gbreak_c" -lm

now_ns() { date +%s%N; }
cpu_ms() {  # CPU time (user + sys, all threads) of one run of the command, in ms
  /usr/bin/time -f "%U %S" -o "$tmp/cpu" "$@" > /dev/null
  awk '{ printf "%.0f", ($1 + $2) * 1000 }' "$tmp/cpu"
}
cpu_per_call_ms() {  # KERNEL N COMMAND...
  local k=$1 n=$2; shift 2
  local a b
  a=$(cpu_ms "$@" "$k" 1)
  b=$(cpu_ms "$@" "$k" $((n + 1)))
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
  t0=$(best_ns "$@" "$k" 1)
  t1=$(best_ns "$@" "$k" $((n + 1)))
  awk -v a="$t1" -v b="$t0" -v n="$n" 'BEGIN { v = (a - b) / 1e6 / n; printf "%.2f", (v > 0 ? v : 0) }'
}
per_call_us() {  # KERNEL N COMMAND...: us per call of KERNEL (for the graph-break loop)
  local k=$1 n=$2; shift 2
  local t0 t1
  t0=$(best_ns "$@" "$k" 1)
  t1=$(best_ns "$@" "$k" $((n + 1)))
  awk -v a="$t1" -v b="$t0" -v n="$n" 'BEGIN { v = (a - b) / 1e3 / n; printf "%.3f", (v > 0 ? v : 0) }'
}
spread_ms() {  # KERNEL N COMMAND...: "min median max" ms per call over ROUNDS runs of N calls
  local k=$1 n=$2; shift 2
  local t0 t s
  t0=$(best_ns "$@" "$k" 1)
  for _ in $(seq "$ROUNDS"); do
    s=$(now_ns); "$@" "$k" $((n + 1)) > /dev/null; t=$(( $(now_ns) - s ))
    awk -v a="$t" -v b="$t0" -v n="$n" 'BEGIN { v = (a - b) / 1e6 / n; printf "%.3f\n", (v > 0 ? v : 0) }'
  done | sort -n | awk '{ v[NR] = $1 } END { printf "%s %s %s", v[1], v[int((NR + 1) / 2)], v[NR] }'
}
rss_mib() {  # peak resident memory of one run of the command, MiB
  /usr/bin/time -f "%M" -o "$tmp/rss" "$@" > /dev/null
  awk '{ printf "%.0f", $1 / 1024 }' "$tmp/rss"
}

triad=$(OMP_NUM_THREADS=2 "$tmp/triad")
declare -A NP TORCH NPC TORCHC TORCHS
while read -r k v c _; do NP[$k]=$v; NPC[$k]=$c; done < <(OPENBLAS_NUM_THREADS=2 $PY bench/kernels.py numpy 2 20)
while read -r k v c lo med hi; do TORCH[$k]=$v; TORCHC[$k]=$c; TORCHS[$k]="$lo $med $hi"; done < <($PY bench/kernels.py torch 2 20)

# kernel, calls compiled, calls eager, bytes moved (0: compute-bound, no bandwidth).
# Enough calls that they take several hundred ms: a process's set-up (making
# the inputs: page faults, huge pages) varies by +-15 ms from run to run.
kernels=("chain 40 4 $((8 << 24))" "softmax 400 40 $((8 << 22))" "layer_norm 400 40 $((8 << 22))"
         "mlp 20 10 0" "sum 400 40 $((4 << 24))" "max 400 40 $((4 << 24))" "conv2d 20 10 0")
echo "| kernel | tcc compiled ms | tcc eager ms | NumPy ms | PyTorch ms | compiled GB/s | % of triad | vs NumPy | vs PyTorch | tcc peak RSS MiB |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for row in "${kernels[@]}"; do
  read -r k nc ne bytes <<< "$row"
  c=$(per_call_ms "$k" "$nc" "$tmp/kernels")
  e=$(per_call_ms "$k" "$ne" "$TCC" run --eager bench/kernels.ts)
  rss=$(rss_mib "$tmp/kernels" "$k" "$nc")
  awk -v k="$k" -v c="$c" -v e="$e" -v np="${NP[$k]}" -v pt="${TORCH[$k]}" -v by="$bytes" -v tr="$triad" -v rss="$rss" 'BEGIN {
    gbs = (by > 0 && c > 0) ? sprintf("%.1f", by / (c / 1e3) / 1e9) : "-";
    pct = (by > 0 && c > 0) ? sprintf("%.0f%%", 100 * by / (c / 1e3) / 1e9 / tr) : "-";
    printf "| %s | %s | %s | %s | %s | %s | %s | %.1fx | %.2fx | %s |\n", k, c, e, np, pt, gbs, pct, (c > 0 ? np / c : 0), (c > 0 ? pt / c : 0), rss }'
done
echo
echo "Spread over $ROUNDS runs (tcc: runs of 400 calls; PyTorch: 20 calls), ms per call, min / median / max:"
echo
echo "| kernel | tcc compiled | PyTorch | PyTorch / tcc, medians | worst tcc vs best PyTorch |"
echo "|---|---|---|---|---|"
for k in sum max; do
  read -r lo med hi <<< "$(spread_ms "$k" 400 "$tmp/kernels")"
  read -r plo pmed phi <<< "${TORCHS[$k]}"
  awk -v k="$k" -v lo="$lo" -v med="$med" -v hi="$hi" -v plo="$plo" -v pmed="$pmed" -v phi="$phi" 'BEGIN {
    printf "| %s | %s / %s / %s | %s / %s / %s | %.2fx | %.2fx |\n", k, lo, med, hi, plo, pmed, phi, (med > 0 ? pmed / med : 0), (hi > 0 ? plo / hi : 0) }'
done
echo
echo "Model-code rows (issue 14):"
echo
echo "| row | tcc compiled | tcc eager | NumPy | PyTorch eager | limit | vs PyTorch | tcc peak RSS MiB |"
echo "|---|---|---|---|---|---|---|---|"
# graph-break loop: us per iteration
gc=$(per_call_us gbreak 200000 "$tmp/kernels")
ge=$(per_call_us gbreak 20000 "$TCC" run --eager bench/kernels.ts)
glim=$("$tmp/gbreak_c" 200000)
grss=$(rss_mib "$tmp/kernels" gbreak 200000)
awk -v c="$gc" -v e="$ge" -v np="${NP[gbreak]}" -v pt="${TORCH[gbreak]}" -v lim="$glim" -v rss="$grss" 'BEGIN {
  printf "| graph-break loop, us per iteration | %.2f | %.2f | %.2f | %.2f | %s (bench/gbreak.c) | %.1fx | %s |\n", c, e, np * 1e3, pt * 1e3, lim, (c > 0 ? pt * 1e3 / c : 0), rss }'
# the MLP against its two GEMMs alone (same shapes, same run)
mlc=$(per_call_ms mlp 20 "$tmp/kernels")
mlg=$(per_call_ms mlp_gemms 20 "$tmp/kernels")
awk -v c="$mlc" -v pt="${TORCH[mlp]}" -v mm="$mlg" 'BEGIN {
  printf "| MLP (256x1024 @ 1024x4096, relu, @ 4096x1024), ms per call | %s | - | - | %s | its two GEMMs alone: %s ms (MLP / GEMMs %.2fx) | %.2fx | - |\n", c, pt, mm, (mm > 0 ? c / mm : 0), (c > 0 ? pt / c : 0) }'
# GPT-2-style block: ms per forward, its GEMMs alone, and the check against PyTorch
mkdir -p "$tmp/gpt"
"$tmp/kernels" gpt_check 1 "$tmp/gpt" > /dev/null
read -r gdiff gmax _ <<< "$($PY bench/kernels.py gpt_check "$tmp/gpt")"
bc_=$(per_call_ms gpt 10 "$tmp/kernels")
be=$(per_call_ms gpt 2 "$TCC" run --eager bench/kernels.ts)
mm=$(per_call_ms gpt_gemms 10 "$tmp/kernels")
brss=$(rss_mib "$tmp/kernels" gpt 10)
mrss=$(rss_mib "$tmp/kernels" gpt_gemms 10)
awk -v c="$bc_" -v e="$be" -v pt="${TORCH[gpt]}" -v mm="$mm" -v rss="$brss" 'BEGIN {
  printf "| GPT-2-style block (B=4, T=256, C=512, 8 heads), ms per forward | %s | %s | - | %s | its GEMMs alone: %s ms (block / GEMMs %.2fx) | %.2fx | %s |\n", c, e, pt, mm, (mm > 0 ? c / mm : 0), (c > 0 ? pt / c : 0), rss }'
echo "| its GEMMs alone (the block's 6 matmul shapes, tcc), ms | $mm | - | - | - | - | - | $mrss |"
echo
echo "GPT block output against PyTorch on the same inputs: largest absolute difference $gdiff (largest |y| $gmax)."
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
