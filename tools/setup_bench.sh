#!/usr/bin/env bash
# Installs what the benchmarks compare against: PyTorch (Debian's
# python3-torch, CPU) and NumPy. Large (hundreds of MB): not part of
# tools/setup.sh or CI. Idempotent; run as root on Debian 12.
set -euo pipefail
PACKAGES=(python3-torch python3-numpy)
. "$(dirname "$0")/lib/apt.sh"
apt_install_missing "${PACKAGES[@]}"
echo "setup_bench: python3-torch and python3-numpy present"
