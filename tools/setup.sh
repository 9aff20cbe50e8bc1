#!/usr/bin/env bash
# Installs every Debian package that building and testing tcc needs.
# Idempotent; run as root on Debian 12 (bookworm).
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config git python3
  antlr4 libantlr4-runtime-dev          # grammar tool + C++ runtime
  llvm-19-dev clang-19 lld-19           # code generation (LLVM 19) and linking
  libcli11-dev nlohmann-json3-dev catch2
  libopenblas-dev                       # matmul kernel (see README: why a BLAS)
  zlib1g-dev libzstd-dev libedit-dev libxml2-dev libffi-dev libtinfo-dev  # llvm-config --system-libs
  python3-numpy                         # .npy interop tests
)

. "$(dirname "$0")/lib/apt.sh"
apt_install_missing "${PACKAGES[@]}"
echo "setup: all build and test packages present"
