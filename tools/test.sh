#!/usr/bin/env bash
# Sets up, builds and runs the test suite. Run from the repository root on
# Debian 12 as root (or with sudo available). Exits non-zero on any failure.
#
#   bash tools/test.sh           everything CI runs: setup, release build,
#                                conformance, the CTest suite (unit, golden,
#                                end-to-end, differential, report tests), then
#                                a sanitizer build (ASan+UBSan, -O1) and the
#                                same suite under it
#   bash tools/test.sh --quick   the inner loop (about 3 minutes after a
#                                one-file change): incremental release build,
#                                conformance, unit, golden and run tests and the
#                                end-to-end cases labelled `quick`; no setup,
#                                no sanitizers
#
# Each phase prints its time, and each CTest run its 15 slowest tests; the
# last lines are a table of the phases. Environment: JOBS (default: cores),
# TCC_SHARED (default ../shared), TCC_SKIP_SANITIZERS=1, TCC_ASAN_CTEST_ARGS,
# TCC_CTEST_ARGS (extra ctest arguments for both runs).
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}
SHARED=${TCC_SHARED:-../shared}
QUICK=0
case "${1:-}" in
  --quick) QUICK=1 ;;
  "") ;;
  -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
  *) echo "usage: tools/test.sh [--quick]" >&2; exit 2 ;;
esac
LOGS=build/test-logs
PHASES=()
SECONDS_OF=()
T_START=$(date +%s)
T_PHASE=$T_START
CURRENT=""

# Closes the running phase (recording its time) and opens the next one.
step() {
  local now; now=$(date +%s)
  if [ -n "$CURRENT" ]; then PHASES+=("$CURRENT"); SECONDS_OF+=($((now - T_PHASE))); fi
  CURRENT="$*"
  T_PHASE=$now
  [ -z "$*" ] || printf '\n==> %s\n' "$*"
}

# One row of the table: width, name, seconds (and minutes, to a tenth).
row() { printf '%-*s %7d %5d.%d\n' "$1" "$2" "$3" $(($3 / 60)) $(($3 % 60 * 10 / 60)); }

# The table of phases: name, seconds, minutes.
summary() {
  local rc=$? i w=5
  step ""
  for i in "${!PHASES[@]}"; do [ ${#PHASES[$i]} -le $w ] || w=${#PHASES[$i]}; done
  printf '\n%-*s %7s %7s\n' "$w" "phase" "seconds" "minutes"
  for i in "${!PHASES[@]}"; do row "$w" "${PHASES[$i]}" "${SECONDS_OF[$i]}"; done
  row "$w" "total" $(( $(date +%s) - T_START ))
  [ $rc -eq 0 ] || echo "tools/test.sh: FAILED (exit $rc)"
}
trap summary EXIT

# The 15 slowest tests of the CTest run whose output is in $1.
slowest() {
  echo "-- 15 slowest tests:"
  # awk, not head: a reader that stops early would end sort with SIGPIPE,
  # which pipefail turns into a failed run (exit 141)
  { grep -E 'Test +#[0-9]+: .* sec$' "$1" || true; } | sed -E 's/^.*Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec$/\2 \1/' \
    | sort -rn | awk 'NR <= 15 { printf "   %8.1fs  %s\n", $1, $2 }'
}

# ctest over build dir $1 with extra args, its output also in $LOGS/$2.log.
run_ctest() {
  local dir=$1 log=$LOGS/$2.log; shift 2
  mkdir -p "$LOGS"
  local rc=0
  ctest --test-dir "$dir" --output-on-failure -j"$JOBS" ${TCC_CTEST_ARGS:-} "$@" 2>&1 | tee "$log" || rc=$?
  slowest "$log"
  return "$rc"
}

configure() {  # build dir, build type, extra cmake args
  local dir=$1 type=$2; shift 2
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" "$@" >/dev/null
}

if [ $QUICK = 0 ]; then
  step "installing build and test packages"
  bash tools/setup.sh
fi

step "configuring and building (build/)"
configure build RelWithDebInfo
ninja -C build -j"$JOBS"

step "conformance suite ($SHARED/conformance)"
if [ -f "$SHARED/conformance/run.py" ]; then
  python3 "$SHARED/conformance/run.py" --tcc build/tcc ${TCC_CONFORMANCE_FLAGS:-}
else
  echo "conformance suite not found at $SHARED/conformance; skipped"
fi

if [ $QUICK = 1 ]; then
  step "quick tests (build/): unit, golden, run and quick end-to-end"
  run_ctest build quick -LE 'e2e|lint'
  step "quick end-to-end cases (label quick)"
  run_ctest build quick-e2e -L quick
  exit 0
fi

step "test suite (build/)"
run_ctest build release

if [ "${TCC_SKIP_SANITIZERS:-0}" != 1 ]; then
  step "sanitizer build (build-asan/: -O1 -fsanitize=address,undefined)"
  # A unity build: nobody edits in build-asan, and compiling 8 files as one
  # takes half the time of compiling them one by one.
  configure build-asan Debug -DTCC_SANITIZE=ON -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8
  ninja -C build-asan -j"$JOBS"
  step "test suite under ASan+UBSan"
  ASAN_OPTIONS=detect_leaks=0 TCC_E2E_SANITIZED=1 run_ctest build-asan asan ${TCC_ASAN_CTEST_ARGS:-}
fi
