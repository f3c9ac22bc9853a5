#!/usr/bin/env bash
# Builds the Khronos OpenCL CTS out of tree for tests/cts/run_cts.py.
#
# The sources (KhronosGroup/OpenCL-CTS with the OpenCL-Headers and
# SPIRV-Headers it needs, Debian 12's being too old) are read from
# $KILN_CTS_SRC, by default ../shared/opencl-cts beside the repository, and
# are never written: the build goes to $KILN_CTS_BUILD (build-cts/ at the top
# of the repository). Only the test binaries the CTS's csv lists name are
# built (a whole CTS build takes far longer on two cores), and
# test_conformance/spir, whose SPIR 1.2 zips are not in the sources, is left
# out by tests/cts/skip_spir.cmake. The CTS links Debian's OpenCL ICD loader
# (ocl-icd-opencl-dev), through which run_cts.py picks kiln or PoCL.
#
# Idempotent: a second run with nothing changed configures nothing and ninja
# finds nothing to do. Usage:
#   tests/cts/build_cts.sh [LIST...]
# where each LIST is quick, full or a csv file (default: quick and full).
# KILN_CTS_JOBS (default 2) sets ninja's -j; the build runs under nice -n 5.
# The last line is "cts built in N s (M binaries)"; exit status 0 when every
# binary was built, 2 when the sources or cmake are missing, 1 otherwise.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here="$top/tests/cts"
src=${KILN_CTS_SRC:-$top/../shared/opencl-cts}
build=${KILN_CTS_BUILD:-$top/build-cts}
jobs=${KILN_CTS_JOBS:-2}
start=$(date +%s)

die() { echo "build_cts.sh: $*" >&2; exit "${2:-1}"; }

[ -f "$src/cts/CMakeLists.txt" ] ||
   die "no OpenCL CTS sources at $src (set KILN_CTS_SRC to the folder holding cts/, headers/ and spirv-headers/)" 2
[ -f "$src/headers/CL/cl.h" ] || die "$src/headers/CL/cl.h is missing (OpenCL-Headers)" 2
[ -d "$src/spirv-headers/include/spirv" ] || die "$src/spirv-headers/include/spirv is missing (SPIRV-Headers)" 2
command -v cmake >/dev/null || die "cmake is not installed (Debian: apt-get install cmake)" 2
command -v ninja >/dev/null || die "ninja is not installed (Debian: apt-get install ninja-build)" 2
src=$(cd "$src" && pwd)

lists=("$@")
[ ${#lists[@]} -gt 0 ] || lists=(quick full)
csvs=()
for l in "${lists[@]}"; do
   case "$l" in
   quick | full) csvs+=("$src/cts/test_conformance/opencl_conformance_tests_$l.csv") ;;
   *) csvs+=("$l") ;;
   esac
done
for c in "${csvs[@]}"; do [ -f "$c" ] || die "no csv list $c" 2; done

mkdir -p "$build"
# One CTS build at a time in this directory (two test runs may start it).
exec 9>"$build/.lock"
flock 9

libdir=/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
[ -e "$libdir/libOpenCL.so" ] || die "$libdir/libOpenCL.so is missing (Debian: apt-get install ocl-icd-opencl-dev)" 2
config=(-G Ninja -S "$src/cts" -B "$build/cts"
   -DCMAKE_BUILD_TYPE=Release
   -DCL_INCLUDE_DIR="$src/headers" -DCL_LIB_DIR="$libdir" -DOPENCL_LIBRARIES=OpenCL
   -DSPIRV_INCLUDE_DIR="$src/spirv-headers"
   -DCMAKE_PROJECT_INCLUDE="$here/skip_spir.cmake")
stamp="$build/configure-args"
if [ ! -f "$build/cts/build.ninja" ] || [ "$(cat "$stamp" 2>/dev/null)" != "${config[*]}" ]; then
   echo "build_cts.sh: configuring the CTS in $build/cts"
   rm -f "$stamp"
   cmake "${config[@]}" >"$build/configure.log" 2>&1 ||
      { tail -n 30 "$build/configure.log" >&2; die "cmake failed; the whole log is $build/configure.log"; }
   echo "${config[*]}" >"$stamp"
fi

# The binaries the lists name (the csv's last field's first word, as
# "api/test_api"); a binary with no target here (gl, spir, d3d) is skipped.
mapfile -t wanted < <(grep -hv '^[[:space:]]*#' "${csvs[@]}" | awk -F, 'NF > 1 { split($NF, w, " "); n = split(w[1], p, "/"); print p[n] }' | sort -u)
mapfile -t known < <(ninja -C "$build/cts" -t targets all 2>/dev/null | sed -n 's/^\([A-Za-z0-9_]*\): phony$/\1/p' | sort -u)
targets=()
for t in "${wanted[@]}"; do
   if printf '%s\n' "${known[@]}" | grep -qx "$t"; then targets+=("$t"); else echo "build_cts.sh: no target for $t, not built"; fi
done
[ ${#targets[@]} -gt 0 ] || die "none of the listed binaries has a target in $build/cts"

echo "build_cts.sh: building ${#targets[@]} binaries with ninja -j$jobs (log: $build/build.log)"
if ! nice -n 5 ninja -C "$build/cts" -j "$jobs" "${targets[@]}" >"$build/build.log" 2>&1; then
   grep -m 20 -B2 -A10 'FAILED\|error:' "$build/build.log" >&2 || tail -n 40 "$build/build.log" >&2
   die "ninja failed; the whole log is $build/build.log"
fi
echo "cts built in $(($(date +%s) - start)) s (${#targets[@]} binaries)"
