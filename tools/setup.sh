#!/usr/bin/env bash
# Installs every Debian package that building and testing tcc needs, and the
# npm validators the lint tests run. Idempotent; run as root on Debian 12
# (bookworm).
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  build-essential cmake ninja-build pkg-config git python3
  ccache                                # compiler cache: rebuilds of unchanged sources take seconds
  antlr4 libantlr4-runtime-dev          # grammar tool + C++ runtime
  llvm-19-dev clang-19 lld-19           # code generation (LLVM 19) and linking
  libcli11-dev nlohmann-json3-dev catch2
  libopenblas-dev                       # matmul kernel (see README: why a BLAS)
  zlib1g-dev libzstd-dev libedit-dev libxml2-dev libffi-dev libtinfo-dev  # llvm-config --system-libs
  python3-numpy                         # .npy interop tests
  chromium                              # headless browser test of `tcc explain --format html`
  libicu72                              # the SARIF multitool (a .NET program) needs ICU
)

. tools/lib/apt.sh
apt_install_missing "${PACKAGES[@]}"
# Node.js and npm: Debian's, unless a node with npm is already installed.
command -v npm >/dev/null 2>&1 || apt_install_missing nodejs npm

# The validators of tests/report (SARIF: the JSON schema with ajv, and the SARIF
# multitool), pinned by tools/npm/package-lock.json, installed under
# $TCC_NPM_PREFIX (default /usr/local/lib/tcc-npm, where the tests look).
NPM_PREFIX=${TCC_NPM_PREFIX:-/usr/local/lib/tcc-npm}
MULTITOOL=$NPM_PREFIX/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
if ! cmp -s tools/npm/package-lock.json "$NPM_PREFIX/package-lock.json" \
   || [ ! -e "$NPM_PREFIX/node_modules/.bin/ajv" ] || [ ! -e "$MULTITOOL" ]; then
  mkdir -p "$NPM_PREFIX"
  cp tools/npm/package.json tools/npm/package-lock.json "$NPM_PREFIX/"
  (cd "$NPM_PREFIX" && npm ci --no-audit --no-fund --loglevel=error)
fi
chmod u+x "$MULTITOOL"
echo "setup: all build and test packages present"
