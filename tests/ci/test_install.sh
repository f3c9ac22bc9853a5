#!/usr/bin/env bash
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
#
# `meson install` gives a kiln that runs without its build tree.  The build
# directory (argument 1) is installed with DESTDIR into a temporary
# directory, and only what was installed is then run, on the emulated
# gfx1030: the installed kilnc compiles the sample kernel
# (tests/kernels/sample/vadd.cl, argument 2 is the source tree) to gfx1030
# code ending in s_endpgm; the installed `kiln run` computes c = a + b,
# checked against the sums the shell computes (float addition of these
# values is exact, OpenCL C 2.0 6.3); and clinfo lists platform kiln
# through the installed ICD file (when the build has it: argument 3 is
# "opencl").  DESTDIR moves every file under the
# temporary directory but not the absolute library path kiln.icd names (it
# names prefix/libdir, where a real install puts the library), so the
# vendors directory clinfo reads holds that file's line with the
# temporary directory put in front; the test checks the line names the
# installed library.  No installed program may keep a run path into the
# build tree, which would let it run on what was not installed.
set -u
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
opencl=${3:-}
failures=0
fail() {
   echo "FAIL: $*"
   failures=$((failures + 1))
}
pass() { echo "PASS: $*"; }

dest=$(mktemp -d "${TMPDIR:-/tmp}/kiln-install.XXXXXX")
trap 'rm -rf "$dest"' EXIT

# Only kiln's own files: the Mesa subproject's libraries are linked into
# kiln statically, so a kiln installed without them must run.
if ! meson install -C "$build" --no-rebuild --skip-subprojects --quiet --destdir "$dest" \
   >"$dest.log" 2>&1; then
   cat "$dest.log"
   rm -f "$dest.log"
   echo "FAIL: meson install -C $build --destdir $dest"
   exit 1
fi
rm -f "$dest.log"

# prefix, bindir, libdir and sysconfdir as this build was configured.
option() {
   meson introspect "$build" --buildoptions |
      python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == sys.argv[1]))' "$1"
}
prefix=$(option prefix)
under_prefix() { case "$1" in /*) echo "$1" ;; *) echo "$prefix/$1" ;; esac; }
bindir=$(under_prefix "$(option bindir)")
libdir=$(under_prefix "$(option libdir)")
sysconfdir=$(under_prefix "$(option sysconfdir)")

kilnc=$dest$bindir/kilnc
kiln=$dest$bindir/kiln
for f in "$kilnc" "$kiln"; do
   if [ -x "$f" ]; then pass "installed ${f#"$dest"}"; else fail "no executable ${f#"$dest"}"; fi
done

# Nothing installed may find its libraries in the build tree.
for f in "$kilnc" "$kiln" "$dest$libdir"/libKilnOpenCL.so*; do
   [ -f "$f" ] || continue
   if readelf -d "$f" 2>/dev/null | grep -E 'R(UN)?PATH' | grep -qF "$build"; then
      fail "${f#"$dest"} keeps a run path into $build"
   fi
   if ldd "$f" 2>/dev/null | grep -q 'not found'; then
      fail "${f#"$dest"} needs a library that is not there: $(ldd "$f" | grep 'not found' | tr -s ' \t' ' ')"
   fi
done

export KILN_DEVICE=sim
sample=$src/tests/kernels/sample/vadd.cl

# kilnc: gfx1030 code for vadd, which ends the program with s_endpgm.
out=$("$kilnc" --target gfx1030 --dump asm "$sample" 2>&1)
status=$?
if [ $status -eq 0 ] && grep -q 's_endpgm' <<<"$out"; then
   pass "installed kilnc compiles $sample to gfx1030 code ending in s_endpgm"
else
   fail "installed kilnc (exit $status): $(tail -5 <<<"$out")"
fi

# kiln run: c = a + b, each sum computed here.
a=(1 2 3 4 5 6 7 8)
b=(0.5 0.25 0.125 8 16 32 64 128)
want=$(awk -v a="${a[*]}" -v b="${b[*]}" 'BEGIN {
   n = split(a, x, " "); split(b, y, " "); s = "arg2:"
   for (i = 1; i <= n; i++) s = s " " (x[i] + y[i])
   print s }')
out=$("$kiln" run "$sample" -k vadd -g 8 "buf:float[8]=$(tr ' ' , <<<"${a[*]}")" \
   "buf:float[8]=$(tr ' ' , <<<"${b[*]}")" 'buf:float[8]' 2>&1)
status=$?
got=$(grep '^arg2:' <<<"$out")
if [ $status -eq 0 ] && [ "$got" = "$want" ]; then
   pass "installed kiln run: $got"
else
   fail "installed kiln run (exit $status): got '$got', want '$want': $(tail -5 <<<"$out")"
fi

# clinfo through the installed ICD file.
icd=$dest$sysconfdir/OpenCL/vendors/kiln.icd
if [ "$opencl" != opencl ]; then
   echo "SKIP: the ICD (this build has -Dopencl=false)"
elif [ ! -f "$icd" ]; then
   fail "no ICD file ${icd#"$dest"}"
else
   library=$(head -n1 "$icd")
   if [ "$library" = "$libdir/libKilnOpenCL.so.1" ] && [ -f "$dest$library" ]; then
      pass "${icd#"$dest"} names the installed $library"
   else
      fail "${icd#"$dest"} names '$library', not the installed $libdir/libKilnOpenCL.so.1"
   fi
   mkdir -p "$dest/vendors"
   echo "$dest$library" >"$dest/vendors/kiln.icd"
   out=$(OCL_ICD_VENDORS=$dest/vendors clinfo -l 2>&1)
   status=$?
   if grep -qE '^Platform #[0-9]+: kiln$' <<<"$out" && grep -q 'kiln gfx1030 (emulated)' <<<"$out"; then
      pass "clinfo -l through the installed ICD lists platform kiln, device kiln gfx1030 (emulated)"
   else
      fail "clinfo -l through the installed ICD (exit $status): $out"
   fi
fi

if [ $failures -ne 0 ]; then
   echo "$failures failed"
   exit 1
fi
echo "all passed"
