#!/usr/bin/env bash
# The issue-5 benchmark in one command (not a test):
#   bench/run.sh [BUILD_DIR] [ROUNDS]
# Runs bench/kernels.ts compiled (`tcc build`) and eager (`tcc run --eager`),
# the same kernels in NumPy and in PyTorch eager (bench/kernels.py; both with
# 2 threads where they thread), and a STREAM-style triad (bench/triad.c,
# OpenMP, 2 threads), all in this one run, and prints a Markdown table of
# times and achieved bandwidth (bytes each kernel must move / time) next to
# the triad's. tcc's time per call = (min T(N + 1 calls) - min T(1 call)) / N
# over ROUNDS (default 3) process runs each, so set-up, start-up and the first
# call's warm-up (page faults of fresh buffers, BLAS's thread start) cancel
# out, as kernels.py's one untimed call before it times does. Each round of a
# kernel's tcc runs is followed by a round of the same kernel in PyTorch
# (kernels.py --mean torch ... KERNEL: the mean of as many calls as tcc's N,
# after an untimed one, the statistic tcc's figure is), so that both are
# measured on the same machine state: a VM's memory bandwidth drifts by 20-30%
# within minutes. (Until session 11 PyTorch's figure was its best single call
# of 20, which on a shared VM dodges the bursts a mean over N calls pays for.)
# A second table gives CPU time per call (user + system, all threads), which
# a busy machine disturbs much less than wall time.
# Issue 14 adds: tcc's peak RSS per kernel (/usr/bin/time %M of one compiled
# run), the spread (min / median / max over the ROUNDS interleaved rounds) of
# every kernel next to PyTorch's, with the median of the rounds' PyTorch / tcc
# ratios, the graph-break loop (bench/kernels.ts gb_step, us per
# iteration, against NumPy, PyTorch and bench/gbreak.c), and a GPT-2-style
# block (ms per forward) against PyTorch eager and its GEMMs alone, the MLP
# against its two GEMMs alone (kernels.ts mlp_gemms), and the block's largest
# difference from PyTorch's output on the same inputs. Session 13 adds
# ResNet-18 (batch 4, 224x224, eval mode: 20 convolutions of every ResNet
# shape, batch norm and residuals fused over them) against PyTorch eager,
# with its logits' largest difference from PyTorch's. Session 14 adds a
# DDPM-style sampler (200 steps of an MLP noise model whose loop rolls and
# reads the schedule by the loop variable) against PyTorch eager, with the
# sample's largest difference from PyTorch's. Session 17 adds sum's limit:
# bench/sumlimit.c, a hand-written OpenMP sum of the same 64 MiB, run in each
# of sum's rounds, since on a VM whose cache and memory speed drift by 2x
# within minutes the ratio to PyTorch alone cannot say how far from the
# machine's limit either is.
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
cc -O3 -march=native -fopenmp bench/sumlimit.c -o "$tmp/sumlimit"

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
# ratio_pair A B N: tcc's compiled kernels A and B (N calls each) measured in
# ROUNDS alternating rounds (A's runs of 1 and N + 1 calls, then B's), so that
# the ratio of two figures is not that of two moments of a drifting VM.
# Prints A's and B's ms per call ((min T(N + 1) - min T(1)) / N) and the
# median over rounds of A / B (each round's T(N + 1) less the best T(1)).
ratio_pair() {
  local a=$1 b=$2 n=$3 r s k t
  local -A one=() ; local -a ta=() tb=()
  for r in $(seq "$ROUNDS"); do
    for k in "$a" "$b"; do
      s=$(now_ns); "$tmp/kernels" "$k" 1 > /dev/null; t=$(( $(now_ns) - s ))
      if [ -z "${one[$k]:-}" ] || [ "$t" -lt "${one[$k]}" ]; then one[$k]=$t; fi
      s=$(now_ns); "$tmp/kernels" "$k" $((n + 1)) > /dev/null; t=$(( $(now_ns) - s ))
      if [ "$k" = "$a" ]; then ta+=("$t"); else tb+=("$t"); fi
    done
  done
  awk -v n="$n" -v a1="${one[$a]}" -v b1="${one[$b]}" -v ta="${ta[*]}" -v tb="${tb[*]}" '
    function sort(x, m,  i, j, v) { for (i = 2; i <= m; i++) { v = x[i]; for (j = i - 1; j >= 1 && x[j] > v; j--) x[j + 1] = x[j]; x[j + 1] = v } }
    BEGIN {
      m = split(ta, A, " "); split(tb, B, " "); ma = 0; mb = 0
      for (i = 1; i <= m; i++) {
        ca = (A[i] - a1) / 1e6 / n; cb = (B[i] - b1) / 1e6 / n; q[i] = (cb > 0 ? ca / cb : 0)
        if (i == 1 || A[i] < ma) ma = A[i]; if (i == 1 || B[i] < mb) mb = B[i]
      }
      sort(q, m)
      printf "%.2f %.2f %.2f\n", (ma - a1) / 1e6 / n, (mb - b1) / 1e6 / n, (m % 2 ? q[(m + 1) / 2] : (q[m / 2] + q[m / 2 + 1]) / 2) }'
}
check_against_torch() {  # MODEL: tcc's output saved by `kernels MODEL_check`, compared by kernels.py: "diff max_abs"
  mkdir -p "$tmp/$1"
  "$tmp/kernels" "$1_check" 1 "$tmp/$1" > /dev/null
  $PY bench/kernels.py "$1_check" "$tmp/$1"
}
rss_mib() {  # peak resident memory of one run of the command, MiB
  /usr/bin/time -f "%M" -o "$tmp/rss" "$@" > /dev/null
  awk '{ printf "%.0f", $1 / 1024 }' "$tmp/rss"
}

triad=$(OMP_NUM_THREADS=2 "$tmp/triad")
declare -A NP NPC TC TCS TORCH TORCHC TORCHS TORCH1 RATIO LIMS LRATIO
# A kernel's hand-written limit, run in each of its rounds after PyTorch
# (prints its mean ms per call): sum's is bench/sumlimit.c.
declare -A LIMIT=([sum]="$tmp/sumlimit")
while read -r k v c _; do NP[$k]=$v; NPC[$k]=$c; done < <(OPENBLAS_NUM_THREADS=2 $PY bench/kernels.py --mean numpy 2 20)

# paired KERNEL N: ROUNDS rounds, each one of tcc's compiled KERNEL (a run of
# 1 call and one of N + 1 calls) and then one of PyTorch's (kernels.py --mean:
# the mean of TORCH_CALLS calls after an untimed one, N unless given; gbreak
# per iteration, gpt the mean of 20 forwards). Sets, in ms
# per call: TC[k] (min T(N + 1) - min T(1)) / N, TCS[k] and TORCHS[k] "min
# median max" over the rounds (a tcc round: its T(N + 1) less min T(1)),
# TORCH[k] and TORCHC[k] PyTorch's best round and its CPU time, TORCH1[k] its
# best single call, RATIO[k] the median over rounds of PyTorch / tcc, each
# round against its own PyTorch. A kernel with a LIMIT also sets LIMS[k]
# (its limit's "min median max") and LRATIO[k] (the median of the rounds'
# tcc / limit).
paired() {
  local k=$1 n=$2 tcalls=${3:-$2} s t1 tn min1=0 r pw pc p1 lm
  local -a tns=() pws=() lms=()
  TORCH1[$k]=0
  TORCHC[$k]=0
  for r in $(seq "$ROUNDS"); do
    s=$(now_ns); "$tmp/kernels" "$k" 1 > /dev/null; t1=$(( $(now_ns) - s ))
    s=$(now_ns); "$tmp/kernels" "$k" $((n + 1)) > /dev/null; tn=$(( $(now_ns) - s ))
    if [ "$min1" -eq 0 ] || [ "$t1" -lt "$min1" ]; then min1=$t1; fi
    tns+=("$tn")
    read -r _ pw pc p1 _ <<< "$($PY bench/kernels.py --mean torch 2 "$tcalls" "$k")"
    pws+=("$pw")
    TORCH1[$k]=$(awk -v a="${TORCH1[$k]}" -v b="$p1" 'BEGIN { print (a == 0 || b < a) ? b : a }')
    [ "$r" -eq 1 ] && TORCHC[$k]=$pc
    if [ -n "${LIMIT[$k]:-}" ]; then read -r lm _ <<< "$(OMP_NUM_THREADS=2 "${LIMIT[$k]}")"; lms+=("$lm"); fi
  done
  if [ "${#lms[@]}" -gt 0 ]; then
    read -r LIMS[$k] LRATIO[$k] < <(awk -v n="$n" -v t1="$min1" -v tn="${tns[*]}" -v lm="${lms[*]}" '
      function sort(a, m,  i, j, v) { for (i = 2; i <= m; i++) { v = a[i]; for (j = i - 1; j >= 1 && a[j] > v; j--) a[j + 1] = a[j]; a[j + 1] = v } }
      function med(a, m) { return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
      BEGIN {
        m = split(tn, T, " "); split(lm, L, " ")
        for (i = 1; i <= m; i++) { c = (T[i] - t1) / 1e6 / n; q[i] = (L[i] > 0 ? c / L[i] : 0) }
        sort(L, m); sort(q, m)
        printf "%.3f/%.3f/%.3f %.2f\n", L[1], med(L, m), L[m], med(q, m) }')
  fi
  read -r TC[$k] TCS[$k] TORCH[$k] TORCHS[$k] RATIO[$k] < <(awk -v n="$n" -v t1="$min1" -v tn="${tns[*]}" -v pw="${pws[*]}" '
    function sort(a, m,  i, j, v) { for (i = 2; i <= m; i++) { v = a[i]; for (j = i - 1; j >= 1 && a[j] > v; j--) a[j + 1] = a[j]; a[j + 1] = v } }
    function med(a, m) { return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
    BEGIN {
      m = split(tn, T, " "); split(pw, P, " ");
      for (i = 1; i <= m; i++) { c[i] = (T[i] - t1) / 1e6 / n; if (c[i] < 0) c[i] = 0; q[i] = (c[i] > 0 ? P[i] / c[i] : 0) }
      sort(c, m); sort(P, m); sort(q, m);
      printf "%.6f %.6f/%.6f/%.6f %.6f %.6f/%.6f/%.6f %.2f\n", c[1], c[1], med(c, m), c[m], P[1], P[1], med(P, m), P[m], med(q, m) }')
}

# kernel, calls compiled, calls eager, bytes moved (0: compute-bound, no bandwidth).
# Enough calls that they take several hundred ms: a process's set-up (making
# the inputs: page faults, huge pages) varies by +-15 ms from run to run.
kernels=("chain 40 4 $((8 << 24))" "softmax 400 40 $((8 << 22))" "layer_norm 400 40 $((8 << 22))"
         "mlp 20 10 0" "sum 400 40 $((4 << 24))" "max 400 40 $((4 << 24))"
         "sum_max 400 40 $((4 << 24))" "conv2d 20 10 0")
echo "| kernel | tcc compiled ms | tcc eager ms | NumPy ms | PyTorch ms | compiled GB/s | % of triad | vs NumPy | vs PyTorch | tcc peak RSS MiB |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for row in "${kernels[@]}"; do
  read -r k nc ne bytes <<< "$row"
  paired "$k" "$nc"
  c=${TC[$k]}
  e=$(per_call_ms "$k" "$ne" "$TCC" run --eager bench/kernels.ts)
  rss=$(rss_mib "$tmp/kernels" "$k" "$nc")
  awk -v k="$k" -v c="$c" -v e="$e" -v np="${NP[$k]}" -v pt="${TORCH[$k]}" -v by="$bytes" -v tr="$triad" -v rss="$rss" 'BEGIN {
    gbs = (by > 0 && c > 0) ? sprintf("%.1f", by / (c / 1e3) / 1e9) : "-";
    pct = (by > 0 && c > 0) ? sprintf("%.0f%%", 100 * by / (c / 1e3) / 1e9 / tr) : "-";
    printf "| %s | %.2f | %s | %s | %.3f | %s | %s | %.1fx | %.2fx | %s |\n", k, c, e, np, pt, gbs, pct, (c > 0 ? np / c : 0), (c > 0 ? pt / c : 0), rss }'
done
echo
echo "Spread over the $ROUNDS interleaved rounds (tcc: a run of N + 1 calls less the best 1-call run, per call; PyTorch: the mean of N calls after an untimed one), ms per call, min / median / max, and PyTorch's best single call of all its rounds:"
echo
echo "| kernel | tcc compiled | PyTorch | PyTorch / tcc, median of the rounds' ratios | worst tcc vs best PyTorch | PyTorch's best single call |"
echo "|---|---|---|---|---|---|"
for row in "${kernels[@]}"; do
  read -r k _ <<< "$row"
  IFS=/ read -r lo med hi <<< "${TCS[$k]}"
  IFS=/ read -r plo pmed phi <<< "${TORCHS[$k]}"
  awk -v k="$k" -v lo="$lo" -v med="$med" -v hi="$hi" -v plo="$plo" -v pmed="$pmed" -v phi="$phi" -v q="${RATIO[$k]}" -v p1="${TORCH1[$k]}" 'BEGIN {
    printf "| %s | %.3f / %.3f / %.3f | %.3f / %.3f / %.3f | %.2fx | %.2fx | %.3f |\n", k, lo, med, hi, plo, pmed, phi, q, (hi > 0 ? plo / hi : 0), p1 }'
done
for k in "${!LIMS[@]}"; do
  IFS=/ read -r lo med hi <<< "${LIMS[$k]}"
  echo
  echo "$k's limit, ${LIMIT[$k]##*/} (bench/${LIMIT[$k]##*/}.c: hand-written, 2 OpenMP threads, the mean of 400 calls) in the same rounds: $lo / $med / $hi ms; tcc / limit ${LRATIO[$k]}x (median of the rounds' ratios)."
done
echo
echo "Model-code rows (issue 14):"
echo
echo "| row | tcc compiled | tcc eager | NumPy | PyTorch eager | limit | vs PyTorch | tcc peak RSS MiB |"
echo "|---|---|---|---|---|---|---|---|"
# graph-break loop: us per iteration
paired gbreak 200000 20
gc=$(awk -v v="${TC[gbreak]}" 'BEGIN { printf "%.3f", v * 1e3 }')
ge=$(per_call_us gbreak 20000 "$TCC" run --eager bench/kernels.ts)
glim=$("$tmp/gbreak_c" 200000)
grss=$(rss_mib "$tmp/kernels" gbreak 200000)
awk -v c="$gc" -v e="$ge" -v np="${NP[gbreak]}" -v pt="${TORCH[gbreak]}" -v lim="$glim" -v rss="$grss" 'BEGIN {
  printf "| graph-break loop, us per iteration | %.2f | %.2f | %.2f | %.2f | %s (bench/gbreak.c) | %.1fx | %s |\n", c, e, np * 1e3, pt * 1e3, lim, (c > 0 ? pt * 1e3 / c : 0), rss }'
# the MLP against its two GEMMs alone (same shapes, same run)
read -r mlc mlg mlq <<< "$(ratio_pair mlp mlp_gemms 20)"
awk -v c="$mlc" -v pt="${TORCH[mlp]}" -v mm="$mlg" -v q="$mlq" 'BEGIN {
  printf "| MLP (256x1024 @ 1024x4096, relu, @ 4096x1024), ms per call | %s | - | - | %.3f | its two GEMMs alone: %s ms (MLP / GEMMs %.2fx, median of alternating rounds) | %.2fx | - |\n", c, pt, mm, q, (c > 0 ? pt / c : 0) }'
# GPT-2-style block: ms per forward, its GEMMs alone, and the check against PyTorch
read -r gdiff gmax _ <<< "$(check_against_torch gpt)"
paired gpt 10 20
bc_=$(awk -v v="${TC[gpt]}" 'BEGIN { printf "%.2f", v }')
be=$(per_call_ms gpt 2 "$TCC" run --eager bench/kernels.ts)
read -r _ mm bq <<< "$(ratio_pair gpt gpt_gemms 10)"
brss=$(rss_mib "$tmp/kernels" gpt 10)
mrss=$(rss_mib "$tmp/kernels" gpt_gemms 10)
awk -v c="$bc_" -v e="$be" -v pt="${TORCH[gpt]}" -v mm="$mm" -v q="$bq" -v rss="$brss" 'BEGIN {
  printf "| GPT-2-style block (B=4, T=256, C=512, 8 heads), ms per forward | %s | %s | - | %.3f | its GEMMs alone: %s ms (block / GEMMs %.2fx, median of alternating rounds) | %.2fx | %s |\n", c, e, pt, mm, q, (c > 0 ? pt / c : 0), rss }'
echo "| its GEMMs alone (the block's 6 matmul shapes, tcc), ms | $mm | - | - | - | - | - | $mrss |"
# model_row KERNEL N LABEL: a whole-model row (ms per forward or sample) against
# PyTorch eager, the median of the rounds' ratios and tcc's peak RSS.
model_row() {
  local k=$1 n=$2 label=$3 c e rss
  paired "$k" "$n" "$n"
  c=$(awk -v v="${TC[$k]}" 'BEGIN { printf "%.2f", v }')
  e=$(per_call_ms "$k" 2 "$TCC" run --eager bench/kernels.ts)
  rss=$(rss_mib "$tmp/kernels" "$k" "$n")
  awk -v l="$label" -v c="$c" -v e="$e" -v pt="${TORCH[$k]}" -v q="${RATIO[$k]}" -v rss="$rss" 'BEGIN {
    printf "| %s | %s | %s | - | %.3f | - | %.2fx (median of the rounds %.2fx) | %s |\n", l, c, e, pt, (c > 0 ? pt / c : 0), q, rss }'
}
# ResNet-18 (batch 4, 3x224x224, eval mode), and its logits against PyTorch's
read -r rdiff rmax _ <<< "$(check_against_torch resnet)"
model_row resnet 10 "ResNet-18 (batch 4, 3x224x224, eval), ms per forward"
# DDPM sampler (200 steps, batch 128, MLP 64-256-64), and the sample against PyTorch's
read -r ddiff dmax _ <<< "$(check_against_torch ddpm)"
model_row ddpm 20 "DDPM sampler (200 steps, batch 128, MLP 64-256-64; a rolled loop), ms per sample"
echo
echo "GPT block output against PyTorch on the same inputs: largest absolute difference $gdiff (largest |y| $gmax)."
echo "ResNet-18 logits against PyTorch on the same inputs and parameters: largest absolute difference $rdiff (largest |logit| $rmax)."
echo "DDPM sample against PyTorch on the same inputs: largest absolute difference $ddiff (largest |x| $dmax)."
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
