#!/usr/bin/env bash
# Installs what kiln needs on Debian 12 and places Mesa's source tarball
# (Debian's copy of the upstream release) in meson's package cache.  What
# is installed depends on the job (KILN_JOB, ci/lib.sh): ci/main.sh gets
# what kiln's build needs and what its own run uses (clinfo); ci/test.sh
# also gets the peers the tests compare kiln with (PoCL, clang's ROCm
# device libraries, Intel's IGC and iga64) and the tools they run
# (chromium, clang-format-14, cmake, libFuzzer).  Idempotent: a second run
# with everything present takes a second.
#
# Works from a minimal Debian 12 (debootstrap minbase, no compiler) with the
# archive listed in deb822 files, one-line sources.list files, or both.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
source "$top/ci/lib.sh"
source "$top/ci/apt_sources.sh"
kiln_on_error setup

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)

configure_apt() {
   local list=$KILN_APT_DIR/sources.list.d/kiln.sources
   [ -f "$list" ] && return 0
   local uri keyring=/usr/share/keyrings/debian-archive-keyring.gpg
   uri=$(debian_uri) || exit 1
   "${sudo_cmd[@]}" tee "$list" >/dev/null <<SRC
Types: deb deb-src
URIs: $uri
Suites: bookworm-backports
Components: main
Signed-By: $keyring

Types: deb-src
URIs: $uri
Suites: bookworm
Components: main
Signed-By: $keyring

Types: deb
URIs: $uri
Suites: sid
Components: main
Signed-By: $keyring
SRC
   # sid is there for meson alone; nothing else may come from it.
   "${sudo_cmd[@]}" tee "$KILN_APT_DIR/preferences.d/kiln-sid" >/dev/null <<PIN
Package: *
Pin: release n=sid
Pin-Priority: 50
PIN
   kiln_step "apt-get update (bookworm-backports, deb-src, sid pinned at 50)"
   "${sudo_cmd[@]}" apt-get update -qq
}

build_packages=(
   gcc g++ ninja-build pkg-config bison flex patch
   python3 python3-mako python3-yaml python3-ply
   zlib1g-dev libzstd-dev libexpat1-dev libelf-dev xz-utils ca-certificates
   clang-15 lld-15 libclang-15-dev libclang-cpp15-dev llvm-15-dev llvm-15-tools
   libllvmspirvlib-15-dev llvm-spirv-15 libclc-15-dev libclc-15 spirv-tools
)
# ci/main.sh's last step lists kiln's platform with clinfo, through
# Debian's ICD loader (ocl-icd, which reads OCL_ICD_VENDORS).
main_packages=(clinfo ocl-icd-libopencl1)
# The peers: clang-15's ROCm device libraries, PoCL and the ICD loader's
# development files (tests/opencl, the corpus runners); Intel's own tools
# for the Intel backend (-Dintel=true): iga64 decodes brw's machine code in
# the tests, IGC (ocloc) is bench/compile's peer; clpeak is bench/clpeak's
# measure of both.
peer_packages=(rocm-device-libs pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers
               libigc-tools intel-opencl-icd clpeak)
# chromium renders kiln profile's HTML page headless in its test;
# clang-format-14 is the one version ci-clang-format judges the C by;
# cmake builds the Khronos OpenCL CTS (tests/cts/build_cts.sh); libFuzzer
# is ci/fuzz.sh's.
test_packages=(libfuzzer-15-dev chromium clang-format-14 cmake)

# What this job installs.
packages=("${build_packages[@]}" "${main_packages[@]}")
case $KILN_JOB in
test | fuzz) packages+=("${peer_packages[@]}" "${test_packages[@]}") ;;
esac

install_packages() {
   local missing=()
   for p in "${packages[@]}"; do
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
   done
   if ! dpkg --compare-versions "$(dpkg-query -W -f='${Version}' libdrm-dev 2>/dev/null || echo 0)" ge 2.4.121; then
      missing+=(libdrm-dev/bookworm-backports libdrm2/bookworm-backports
                libdrm-amdgpu1/bookworm-backports libdrm-common/bookworm-backports)
   fi
   if ! dpkg --compare-versions "$(dpkg-query -W -f='${Version}' meson 2>/dev/null || echo 0)" ge 1.8; then
      missing+=(meson/sid)
   fi
   [ ${#missing[@]} -eq 0 ] && return 0
   configure_apt
   kiln_step "installing ${#missing[@]} Debian packages: ${missing[*]}"
   DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" |
      grep -E '^(Setting up|E:)' || true
   touch "$top/$kiln_packages_stamp"
}

# Mesa's release tarball from Debian's source package, checked against the wrap.
fetch_mesa() {
   local wrap=$top/subprojects/mesa.wrap
   local name hash cache=$top/subprojects/packagecache
   name=$(sed -n 's/^source_filename *= *//p' "$wrap")
   hash=$(sed -n 's/^source_hash *= *//p' "$wrap")
   if [ -f "$cache/$name" ] && echo "$hash  $cache/$name" | sha256sum -c --status; then
      return 0
   fi
   configure_apt
   local tmp
   tmp=$(mktemp -d)
   local version=${name#mesa-}; version=${version%.tar.xz}
   kiln_step "apt-get source mesa/bookworm-backports (Mesa $version's release tarball)"
   # Only the upstream tarball is needed; a missing Debian diff is not an error.
   (cd "$tmp" && apt-get source --download-only -qq "mesa/bookworm-backports" >/dev/null 2>&1) || true
   [ -f "$tmp/mesa_${version}.orig.tar.xz" ] ||
      kiln_die "apt-get source mesa/bookworm-backports gave no mesa_${version}.orig.tar.xz" \
               "check that deb-src entries for bookworm-backports are reachable ($KILN_APT_DIR/sources.list.d/kiln.sources)"
   mkdir -p "$cache"
   cp "$tmp/mesa_${version}.orig.tar.xz" "$cache/$name"
   rm -rf "$tmp"
   echo "$hash  $cache/$name" | sha256sum -c --status ||
      kiln_die "$name from Debian does not match the wrap's sha256" "remove $cache/$name and rerun"
}

install_packages
fetch_mesa
# The OpenCL build (KILN_OPENCL=1) needs Rust for Mesa's Rusticl.
[ "${KILN_OPENCL:-0}" != 1 ] || bash "$top/ci/rust_toolchain.sh"
