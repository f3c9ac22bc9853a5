# Finds the Debian archive URI this machine already uses for bookworm, from
# deb822 files (*.sources), one-line files (sources.list, *.list) or both,
# so kiln's extra suites use the same mirror and no host name is written
# into the repository. KILN_APT_DIR (default /etc/apt) lets tests point it
# at fixture directories.

KILN_APT_DIR=${KILN_APT_DIR:-/etc/apt}

# The URIs of deb822 stanzas whose Suites include plain "bookworm".
debian_uri_deb822() {
   local f
   for f in "$KILN_APT_DIR"/sources.list.d/*.sources; do
      [ -f "$f" ] || continue
      awk 'BEGIN { RS = "" }
           /(^|\n)Suites:[^\n]*[ \t]bookworm([ \t]|\n|$)/ && /(^|\n)URIs:/ {
              match($0, /URIs:[ \t]*[^ \t\n]+/); u = substr($0, RSTART, RLENGTH)
              sub(/URIs:[ \t]*/, "", u); print u }' "$f"
   done
}

# The URIs of one-line "deb URI bookworm ..." entries ([options] allowed).
debian_uri_one_line() {
   local f
   for f in "$KILN_APT_DIR"/sources.list "$KILN_APT_DIR"/sources.list.d/*.list; do
      [ -f "$f" ] || continue
      sed -nE 's/^[[:space:]]*deb[[:space:]]+(\[[^]]*\][[:space:]]+)?([^[:space:]]+)[[:space:]]+bookworm[[:space:]].*/\2/p' "$f"
   done
}

# Prints the first URI found; with none, names the files it read and fails.
debian_uri() {
   local uri
   uri=$( { debian_uri_deb822; debian_uri_one_line; } | sed -n 1p)
   if [ -z "$uri" ]; then
      echo "setup: no Debian bookworm archive entry in $KILN_APT_DIR/sources.list," \
           "$KILN_APT_DIR/sources.list.d/*.list or $KILN_APT_DIR/sources.list.d/*.sources" >&2
      echo "setup: add the Debian archive for bookworm (e.g. a deb822 stanza with 'Suites: bookworm') and rerun" >&2
      return 1
   fi
   echo "$uri"
}
