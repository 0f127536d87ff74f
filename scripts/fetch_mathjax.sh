#!/usr/bin/env bash
# Fetch MathJax 3 into book/_wstatic/mathjax/, so the book's formulas render offline from its own
# static files (book/_config.yml: mathjax_path points there; html_static_path copies it to
# _static/mathjax).
#
# `npm pack` fetches the pinned package from the npm registry (or npm's cache). We copy the
# combined component tex-svg.js (TeX in, SVG out: the output plotly's figures also need) and what
# it loads on demand: the TeX extensions (autoload), the menu and the accessibility components
# with their speech rule engine. About 8 MB: copied at build time, not committed.
#
# Idempotent: does nothing when the pinned version is already in place. Without npm or the
# registry it prints a warning and exits 0 (the book still builds, its formulas then show as TeX
# source). Pass --strict to fail instead (CI).
set -euo pipefail
cd "$(dirname "$0")/.."

MATHJAX_VERSION=3.2.2
DEST=book/_wstatic/mathjax
STAMP="$DEST/.versions"
WANT="mathjax@$MATHJAX_VERSION"
STRICT=${1:-}

fail() {
  echo "fetch_mathjax: $*" >&2
  if [ "$STRICT" = "--strict" ]; then exit 1; fi
  echo "fetch_mathjax: continuing without it: formulas in the static book will not render" >&2
  exit 0
}

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && [ -f "$DEST/tex-svg.js" ]; then
  echo "fetch_mathjax: $WANT already in $DEST"
  exit 0
fi
command -v npm >/dev/null 2>&1 || fail "npm not found (Debian: apt-get install npm)"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
( cd "$WORK" && npm pack --silent "mathjax@$MATHJAX_VERSION" >/dev/null 2>&1 ) \
  || fail "npm pack could not fetch $WANT (no registry and no npm cache?)"
tar -xzf "$WORK/mathjax-$MATHJAX_VERSION.tgz" -C "$WORK"
ES5="$WORK/package/es5"

rm -rf "$DEST.tmp"
mkdir -p "$DEST.tmp/input/tex"
cp "$ES5/tex-svg.js" "$DEST.tmp/"
cp -r "$ES5/input/tex/extensions" "$DEST.tmp/input/tex/"
cp -r "$ES5/ui" "$ES5/a11y" "$ES5/sre" "$DEST.tmp/"
cp "$WORK/package/LICENSE" "$DEST.tmp/LICENSE"
echo "$WANT" > "$DEST.tmp/.versions"
rm -rf "$DEST"
mv "$DEST.tmp" "$DEST"
echo "fetch_mathjax: $WANT -> $DEST ($(du -sh "$DEST" | cut -f1))"
