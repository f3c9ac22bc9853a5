#!/usr/bin/env bash
# Fetches piglit's OpenCL tests (Debian's `piglit` package: cl-program-tester,
# cl-api-*, cl-custom-* and the "cl" profile tests/cl.xml.gz) without
# installing the package: its dependencies are most of a desktop's GL and
# Vulkan stack, while the CL programs need only the ICD loader. The package
# is unpacked with `apt-get download` + `dpkg -x` into a cache, and the few
# shared libraries its CL programs need that this system lacks are unpacked
# beside it the same way (found with ldd, named by Debian's soname rule).
#
# Prints the piglit directory (bin/, lib/, tests/cl.xml.gz) on stdout;
# tests/piglit/run_piglit.py --piglit-dir takes it. Idempotent: a second run
# with everything in place only checks it.
#
#   ci/piglit.sh            cache in ${XDG_CACHE_HOME:-$HOME/.cache}/kiln/piglit
#   KILN_PIGLIT_DIR=DIR ci/piglit.sh
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
source "$top/ci/lib.sh"
kiln_on_error piglit

cache=${KILN_PIGLIT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/kiln/piglit}
root=$cache/root
piglit=$root/usr/lib/x86_64-linux-gnu/piglit
libdir=$root/usr/lib/x86_64-linux-gnu

# Downloads and unpacks one Debian package into $root.
unpack() { kiln_unpack_debs "$cache/debs" "$root" "$1"; }

# Debian's library package name for a soname: libfoo.so.N is in libfooN,
# libfoo-1.so.N (a name ending in a digit) in libfoo-1-N.
soname_package() {
   local so=$1 base ver
   base=${so%%.so.*}
   ver=${so##*.so.}
   ver=${ver%%.*}
   base=$(echo "$base" | tr '[:upper:]' '[:lower:]')
   if [[ $base =~ [0-9]$ ]]; then echo "$base-$ver"; else echo "$base$ver"; fi
}

missing_libs() {
   local f
   for f in "$piglit"/bin/cl-* "$piglit"/lib/libpiglitutil*.so.0; do
      LD_LIBRARY_PATH=$piglit/lib:$libdir ldd "$f" 2>/dev/null | awk '/not found/ { print $1 }'
   done | sort -u
}

# Written once everything is unpacked and every library resolves.
stamp=$cache/complete
if [ -f "$stamp" ] && [ -x "$piglit/bin/cl-program-tester" ]; then
   echo "$piglit"
   exit 0
fi

if [ ! -x "$piglit/bin/cl-program-tester" ] || [ ! -f "$piglit/tests/cl.xml.gz" ]; then
   command -v apt-get >/dev/null || kiln_die "apt-get not found" "piglit is fetched from Debian's archive; run on Debian 12"
   unpack piglit ||
      kiln_die "apt-get download piglit failed" "run apt-get update (ci/setup.sh does) and check that bookworm's main is in the apt sources"
fi

# Up to three rounds: a library unpacked may need another one.
for round in 1 2 3; do
   libs=$(missing_libs)
   [ -n "$libs" ] || break
   for so in $libs; do
      pkg=$(soname_package "$so")
      unpack "$pkg" || kiln_die "no Debian package $pkg for $so" \
         "apt-get download the package that ships $so into $cache/debs and rerun"
   done
done
libs=$(missing_libs)
[ -z "$libs" ] || kiln_die "piglit's CL programs still miss: $libs" \
   "unpack the packages that ship them into $root (dpkg -x) and rerun"
ls "$cache/debs" >"$stamp"

echo "$piglit"
