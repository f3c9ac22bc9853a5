#!/usr/bin/env bash
# kiln's main job: set up and build, then compile a sample kernel (machine
# code and statistics) and run it on the default device (the emulated
# gfx1030 when no AMD GPU is present), printing its results; then lists
# the OpenCL platform an application sees through kiln's ICD.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
source ci/lib.sh
kiln_on_error main
export KILN_OPENCL=${KILN_OPENCL:-1}
bash ci/build.sh
build=${KILN_BUILD_DIR:-build}
sample=tests/kernels/sample/vadd.cl

echo "== kilnc: $sample for gfx1030"
"$build/src/tools/kilnc" --dump asm --stats-json "$sample"

echo "== kiln run: c = a + b on the default device"
"$build/src/tools/kiln/kiln" run "$sample" -k vadd -g 8 \
   'buf:float[8]=1,2,3,4,5,6,7,8' 'buf:float[8]=0.5,0.25,0.125,8,16,32,64,128' 'buf:float[8]'

if [ "$KILN_OPENCL" = 1 ]; then
   echo "== clinfo -l through kiln's ICD (OCL_ICD_VENDORS=$top/$build/src/opencl/vendors)"
   OCL_ICD_VENDORS="$top/$build/src/opencl/vendors" clinfo -l
fi
