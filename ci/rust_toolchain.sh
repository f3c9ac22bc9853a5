#!/usr/bin/env bash
# Installs the Rust toolchain Mesa's Rusticl needs, from Debian alone:
#  - rustc and cargo: Debian's rustc-web and cargo-web (Rusticl needs
#    rustc >= 1.78; Debian 12's plain rustc is 1.63);
#  - bindgen >= 0.65: Debian 12 ships 0.60 and sid's binary needs a newer
#    glibc, so the `bindgen` command is built here, offline, from sid's
#    packaged crate sources (librust-*-dev, fetched with apt-get download and
#    unpacked with dpkg -x, never installed) as a cargo directory source.
#    The front end is ci/bindgen/; the result is build-deps/bin/bindgen, a
#    wrapper that points bindgen's run-time libclang at LLVM 15.
# Idempotent: with everything in place a rerun takes about a second.
#
# Only Debian's /usr/bin/rustc and /usr/bin/cargo are used, even where
# another toolchain (rustup's) comes first on PATH.
# CARGO_BUILD_JOBS sets cargo's parallelism (default 1).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
source "$top/ci/lib.sh"
kiln_on_error rust

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)

src=$top/ci/bindgen
deps=$top/build-deps
work=$deps/bindgen
wrapper=$deps/bin/bindgen
real=$work/bin/bindgen
registry=$work/root/usr/share/cargo/registry
llvm_lib=/usr/lib/llvm-15/lib
llvm_clang=/usr/bin/clang-15
min_rustc=1.78

export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc
unset RUSTUP_TOOLCHAIN RUSTC_WRAPPER

installed() {
   dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep 'ok installed' >/dev/null
}

rustc_version() {
   [ -x /usr/bin/rustc ] || { echo 0; return; }
   /usr/bin/rustc --version | awk '{ print $2 }'
}

install_rust() {
   if installed rustc-web && installed cargo-web &&
      dpkg --compare-versions "$(rustc_version)" ge "$min_rustc"; then
      return 0
   fi
   # cargo-web conflicts with Debian's rustup package; never remove it.
   ! installed rustup ||
      kiln_die "Debian's rustup package is installed and conflicts with cargo-web" \
               "install rustc-web and cargo-web by hand (apt-get install rustc-web cargo-web) once you can remove it"
   if ! apt-cache policy rustc-web 2>/dev/null | grep 'Candidate: [0-9]' >/dev/null; then
      kiln_step "apt-get update (rustc-web has no candidate)"
      "${sudo_cmd[@]}" apt-get update -qq
   fi
   kiln_step "installing Debian's rustc-web and cargo-web"
   DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends rustc-web cargo-web |
      grep -E '^(Setting up (rustc|cargo)|E:)' || true
   installed rustc-web && installed cargo-web ||
      kiln_die "apt-get install rustc-web cargo-web did not install them" \
               "run 'apt-get install rustc-web cargo-web' and read apt's message"
   dpkg --compare-versions "$(rustc_version)" ge "$min_rustc" ||
      kiln_die "/usr/bin/rustc is $(rustc_version); Rusticl needs >= $min_rustc" \
               "install rustc-web from bookworm-security (apt-cache policy rustc-web)"
}

# True when the wrapper and the binary exist and nothing they are made from
# (ci/bindgen/, this script) changed since.
bindgen_up_to_date() {
   [ -x "$wrapper" ] && [ -x "$real" ] || return 1
   [ -z "$(find "$src" "$top/ci/rust_toolchain.sh" -newer "$wrapper" -print -quit)" ]
}

# The librust-*-dev packages (NAME=VERSION) that installing sid's
# librust-bindgen-dev would bring. The simulation reads an empty dpkg status
# so the list is whole whatever this machine has installed.
sid_crate_packages() {
   apt-get -s -t sid -o Dir::State::status=/dev/null -o APT::Install-Recommends=true \
      install librust-bindgen-dev |
      sed -nE 's/^Inst (librust-[^ ]+) (\[[^]]*\] )?\(([^ ]+) .*/\1=\3/p' | LC_ALL=C sort
}

sid_available() {
   apt-cache policy librust-bindgen-dev 2>/dev/null | grep ' sid/main' >/dev/null
}

# apt's lists know sid's librust-bindgen-dev, updating them once if not.
ensure_sid_lists() {
   sid_available && return 0
   kiln_step "apt-get update (sid's librust-bindgen-dev not in apt's lists)"
   "${sudo_cmd[@]}" apt-get update -qq
   sid_available ||
      kiln_die "apt knows no sid librust-bindgen-dev" \
               "run 'bash ci/setup.sh' first: it adds sid (pinned at 50) to apt's sources"
}

# The crate packages as NAME=VERSION lines, checked to hold bindgen's own.
list_crates() {
   kiln_step "listing sid's librust-* packages for librust-bindgen-dev (apt-get -s)" >&2
   local list
   list=$(sid_crate_packages) ||
      kiln_die "apt-get -s -t sid install librust-bindgen-dev failed" "read apt's message above"
   [ -n "$list" ] && grep -q '^librust-bindgen-dev=' <<<"$list" ||
      kiln_die "apt-get -s -t sid install librust-bindgen-dev listed no librust-bindgen-dev" \
               "run 'apt-get -s -t sid install librust-bindgen-dev' and read apt's message"
   echo "$list"
}

# True when the registry was unpacked from exactly these packages.
crates_unpacked() {
   [ -d "$registry" ] && [ -f "$work/crates.list" ] && [ "$1" = "$(cat "$work/crates.list")" ]
}

# The packages downloaded (kept in $work/debs, which then holds only these
# versions) and unpacked afresh into $work/root.
unpack_crates() {
   local list=$1 debs=$work/debs keep=() p file
   rm -rf "$work/root" "$work/crates.list"
   # shellcheck disable=SC2086 # one package a word
   kiln_unpack_debs "$debs" "$work/root" $list ||
      kiln_die "the crate packages could not all be fetched" "run 'apt-get download' of the package named above in $debs and read apt's message"
   for p in $list; do keep+=("$(kiln_deb_file "$debs" "$p")"); done
   for file in "$debs"/*.deb; do
      [[ " ${keep[*]} " == *" $file "* ]] || rm -f "$file"
   done
   [ -d "$registry" ] || kiln_die "the unpacked packages have no usr/share/cargo/registry" "remove $work and rerun"
}

# A directory source needs each crate's checksum file; Debian ships one
# for most, and an empty one does for the rest.
add_checksums() {
   local crate
   for crate in "$registry"/*/; do
      [ -f "$crate/.cargo-checksum.json" ] || echo '{"package":"","files":{}}' >"$crate/.cargo-checksum.json"
   done
}

fetch_crates() {
   ensure_sid_lists
   local list
   list=$(list_crates)
   crates_unpacked "$list" && return 0
   kiln_step "unpacking $(wc -w <<<"$list") crate packages with dpkg -x into $work/root"
   unpack_crates "$list"
   add_checksums
   # The crate versions changed: resolve afresh.
   rm -f "$work/project/Cargo.lock"
   echo "$list" >"$work/crates.list"
}

build_bindgen() {
   mkdir -p "$work/cargo-home" "$work/project" "$work/bin" "$deps/bin"
   # cargo reads only this CARGO_HOME's config: crates.io is the unpacked
   # registry, and nothing is fetched.
   cat >"$work/cargo-home/config.toml" <<CFG
[source.crates-io]
replace-with = "vendored"

[source.vendored]
directory = "$registry"

[net]
offline = true
CFG
   # Built from a copy so that cargo's Cargo.lock (which follows sid's
   # versions, so is not kept in the repository) stays out of the work tree.
   rm -rf "$work/project/src"
   cp -rp "$src/Cargo.toml" "$src/src" "$work/project/"
   local jobs=${CARGO_BUILD_JOBS:-1}
   kiln_step "building bindgen $(sed -n 's/^librust-bindgen-dev=//p' "$work/crates.list") (cargo build --release -j$jobs; minutes on a busy 2-core machine)"
   CARGO_HOME=$work/cargo-home /usr/bin/cargo build --release --offline -j"$jobs" \
      --manifest-path "$work/project/Cargo.toml" --target-dir "$work/target"
   cp "$work/target/release/bindgen" "$real.new"
   mv -f "$real.new" "$real"

   cat >"$wrapper.new" <<WRAP
#!/bin/sh
# bindgen built by ci/rust_toolchain.sh. bindgen loads libclang at run time:
# use LLVM 15's (Mesa's LLVM), not whichever clang is the default.
export LIBCLANG_PATH=$llvm_lib
export CLANG_PATH=$llvm_clang
exec "\$(dirname "\$(readlink -f "\$0")")/../bindgen/bin/bindgen" "\$@"
WRAP
   chmod +x "$wrapper.new"
   mv -f "$wrapper.new" "$wrapper"
}

check_bindgen() {
   local version
   version=$("$wrapper" --version) ||
      kiln_die "'$wrapper --version' failed" "remove $deps/bin/bindgen and rerun"
   [[ $version =~ ^bindgen\ [0-9]+\.[0-9]+ ]] ||
      kiln_die "'$wrapper --version' printed '$version', not 'bindgen X.Y.Z'" "remove $deps/bin/bindgen and rerun"
   kiln_step "$wrapper: $version"
}

install_rust
compgen -G "$llvm_lib/libclang*.so*" >/dev/null && [ -x "$llvm_clang" ] ||
   kiln_die "LLVM 15's libclang or clang is missing ($llvm_lib/libclang*.so*, $llvm_clang)" \
            "run 'bash ci/setup.sh' (it installs clang-15 and libclang-15-dev)"
bindgen_up_to_date && exit 0
fetch_crates
build_bindgen
check_bindgen
