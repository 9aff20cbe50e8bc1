#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite: unit, golden and end-to-end
# tests (CTest), the conformance suite, then the same CTest suite built with
# AddressSanitizer + UndefinedBehaviorSanitizer. Run from the repository root
# on Debian 12 as root (or with sudo available). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}
SHARED=${TCC_SHARED:-../shared}

step() { printf '\n==> %s\n' "$*"; }

step "installing build and test packages"
bash tools/setup.sh

step "configuring and building (build/)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
ninja -C build -j"$JOBS"

step "conformance suite ($SHARED/conformance)"
if [ -f "$SHARED/conformance/run.py" ]; then
  python3 "$SHARED/conformance/run.py" --tcc build/tcc ${TCC_CONFORMANCE_FLAGS:-}
else
  echo "conformance suite not found at $SHARED/conformance; skipped"
fi

if [ "${TCC_SKIP_SANITIZERS:-0}" != 1 ]; then
  step "sanitizer build (build-asan/: -fsanitize=address,undefined)"
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTCC_SANITIZE=ON >/dev/null
  ninja -C build-asan -j"$JOBS"
  step "test suite under ASan+UBSan"
  ASAN_OPTIONS=detect_leaks=0 ctest --test-dir build-asan --output-on-failure -j"$JOBS" ${TCC_ASAN_CTEST_ARGS:-}
fi

step "test suite (build/)"
ctest --test-dir build --output-on-failure -j"$JOBS"
