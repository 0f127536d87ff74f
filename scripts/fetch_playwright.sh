#!/usr/bin/env bash
# Install playwright-core (the browser-automation library, without its own browsers) from npm for
# the JupyterLab widget check (tests/test_notebooks.py::test_widgets_render_in_jupyterlab), which
# drives Debian's /usr/bin/chromium. Idempotent. Installs into $KUHTHEORY_NODE_DIR
# (default ~/.cache/kuhtheory/playwright), outside the repository.
set -euo pipefail
VERSION=1.56.1
DIR=${KUHTHEORY_NODE_DIR:-$HOME/.cache/kuhtheory/playwright}
if [ -f "$DIR/node_modules/playwright-core/package.json" ] \
   && grep -q "\"version\": \"$VERSION\"" "$DIR/node_modules/playwright-core/package.json"; then
  echo "fetch_playwright: playwright-core $VERSION already in $DIR"
  exit 0
fi
command -v npm >/dev/null 2>&1 || { echo "fetch_playwright: npm not found" >&2; exit 1; }
mkdir -p "$DIR"
( cd "$DIR" && npm install --silent --no-audit --no-fund --no-save "playwright-core@$VERSION" )
echo "fetch_playwright: playwright-core $VERSION -> $DIR"
