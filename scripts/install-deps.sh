#!/usr/bin/env bash
# Installs the Debian 12 packages Frontier builds and tests with. Idempotent: when every
# package is already present it prints nothing and touches nothing, so `make` can call it
# on every run. Everything the project needs comes from here, never from a manual step.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config ccache git
  libboost-dev libboost-program-options-dev
  libprotobuf-dev protobuf-compiler
  libspdlog-dev libfmt-dev libsqlite3-dev sqlite3 libsodium-dev libssl-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang-format clang-tidy python3
  clang libclang-rt-14-dev
  chromium tmux
  # Several nodes (docs/operations.md): PostgreSQL 15 and its client library, HAProxy in front.
  postgresql-15 libpq-dev haproxy
  # E-mail notices go out over SMTP with libcurl; the tests receive them with aiosmtpd, and make
  # the secured relay's throwaway certificate with the openssl command.
  libcurl4-openssl-dev python3-aiosmtpd openssl
)
# The browser client (web/) builds with Node.js and npm. A machine that already has them (for
# example from NodeSource) keeps its own; otherwise Debian's come in.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
