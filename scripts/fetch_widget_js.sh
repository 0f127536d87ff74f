#!/usr/bin/env bash
# Fetch the JavaScript that renders saved ipywidgets in the static book, into
# book/_wstatic/widgets/ (book/_config.yml: html_static_path and nb_ipywidgets_js point there).
#
# By default a page loads embed-amd.js (the html-manager) and require.js from CDNs, so offline its
# widgets stay empty. `npm pack` fetches both packages from the npm registry (or npm's cache); we
# copy html-manager's dist/ (without .map files, about 12 MB: not committed) and require.js.
#
# Idempotent: does nothing when the pinned versions are already in place. Without npm or the
# registry it prints a warning and exits 0 (the book still builds; saved widgets then show their
# "Loading widget" fallback). Pass --strict to fail instead (CI).
set -euo pipefail
cd "$(dirname "$0")/.."

HTML_MANAGER_VERSION=1.0.15
REQUIREJS_VERSION=2.3.7
DEST=book/_wstatic/widgets
STAMP="$DEST/.versions"
WANT="html-manager@$HTML_MANAGER_VERSION requirejs@$REQUIREJS_VERSION"
STRICT=${1:-}

fail() {
  echo "fetch_widget_js: $*" >&2
  if [ "$STRICT" = "--strict" ]; then exit 1; fi
  echo "fetch_widget_js: continuing without them: widgets in the static book will not render" >&2
  exit 0
}

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] \
   && [ -f "$DEST/embed-amd.js" ] && [ -f "$DEST/require.js" ]; then
  echo "fetch_widget_js: $WANT already in $DEST"
  exit 0
fi
command -v npm >/dev/null 2>&1 || fail "npm not found (Debian: apt-get install npm)"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
( cd "$WORK" && npm pack --silent "@jupyter-widgets/html-manager@$HTML_MANAGER_VERSION" \
    "requirejs@$REQUIREJS_VERSION" >/dev/null 2>&1 ) \
  || fail "npm pack could not fetch $WANT (no registry and no npm cache?)"
mkdir -p "$WORK/hm" "$WORK/rq"
tar -xzf "$WORK/jupyter-widgets-html-manager-$HTML_MANAGER_VERSION.tgz" -C "$WORK/hm"
tar -xzf "$WORK/requirejs-$REQUIREJS_VERSION.tgz" -C "$WORK/rq"

rm -rf "$DEST.tmp"
mkdir -p "$DEST.tmp"
find "$WORK/hm/package/dist" -maxdepth 1 -type f ! -name '*.map' -exec cp {} "$DEST.tmp/" \;
cp "$WORK/rq/package/require.js" "$DEST.tmp/require.js"
echo "$WANT" > "$DEST.tmp/.versions"
rm -rf "$DEST"
mv "$DEST.tmp" "$DEST"
echo "fetch_widget_js: $WANT -> $DEST ($(du -sh "$DEST" | cut -f1))"
