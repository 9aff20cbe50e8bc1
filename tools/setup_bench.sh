#!/usr/bin/env bash
# Installs what the benchmarks compare against: PyTorch (Debian's
# python3-torch, CPU) and NumPy. Large (hundreds of MB): not part of
# tools/setup.sh or CI. Idempotent; run as root on Debian 12.
set -euo pipefail
PACKAGES=(python3-torch python3-numpy)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
echo "setup_bench: python3-torch and python3-numpy present"
