#!/usr/bin/env bash
# ci/apt_sources.sh finds the Debian archive for bookworm in each apt layout
# a Debian 12 machine may have: deb822 files only (current images), one-line
# sources.list files only, both, and neither (a clear error naming the files).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../ci/apt_sources.sh"
failures=0

expect_uri() {
   local layout=$1 want=$2 got
   got=$(KILN_APT_DIR=$here/apt/$layout debian_uri 2>/dev/null)
   if [ "$got" = "$want" ]; then
      echo "ok: $layout: $got"
   else
      echo "FAIL: $layout: expected '$want', got '$got'"
      failures=$((failures + 1))
   fi
}

# The one-line stanza with [options] and the deb822 stanza whose Suites list
# bookworm among others are found; bookworm-security and other suites are not.
expect_uri deb822 http://mirror.example/debian
expect_uri one_line http://oneline.example/debian
# With both, the deb822 entry wins (it is what current images carry).
expect_uri both http://mirror.example/debian

err=$(KILN_APT_DIR=$here/apt/neither debian_uri 2>&1 >/dev/null)
status=$?
if [ $status -ne 0 ] && [[ $err == *"$here/apt/neither/sources.list.d/*.sources"* ]] &&
   [[ $err == *"$here/apt/neither/sources.list,"* ]]; then
   echo "ok: neither: fails naming the files it read"
else
   echo "FAIL: neither: status $status, message '$err'"
   failures=$((failures + 1))
fi

# A missing apt directory is the same clear error, not a silent exit.
if out=$(KILN_APT_DIR=$here/apt/absent debian_uri 2>&1); then
   echo "FAIL: absent: succeeded with '$out'"; failures=$((failures + 1))
else
   echo "ok: absent: fails with a message"
fi
exit $((failures > 0))
