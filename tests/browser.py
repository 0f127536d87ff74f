"""Headless Chromium for the browser checks (tests marked ``browser``).

Debian's ``chromium`` package provides /usr/bin/chromium; ``.ci/run`` installs it when missing.
Without it the checks skip with :data:`SKIP_REASON`, which says how to enable them.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

#: Where the browser checks leave their screenshots (not committed; tests/screenshots/ holds a
#: copy of the ones tests/screenshots/README.md describes).
SCREENSHOTS = Path(__file__).resolve().parent.parent / "book" / "_build" / "screenshots"

SKIP_REASON = (
    "headless Chromium not found (looked for /usr/bin/chromium and chromium on PATH): "
    "install Debian's chromium to run the browser checks: "
    "apt-get update && apt-get install -y chromium (.ci/run does it)"
)


def chromium() -> str | None:
    """The Chromium executable, or None."""
    if Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium"
    return shutil.which("chromium") or shutil.which("chromium-browser")


needs_chromium = pytest.mark.skipif(chromium() is None, reason=SKIP_REASON)


def dump_dom(
    url: str,
    *,
    budget_ms: int = 5000,
    timeout: float = 90.0,
    window: tuple[int, int] = (1200, 1100),
) -> str:
    """The DOM of ``url`` after its scripts ran (``--dump-dom``), from a throw-away profile.

    ``--virtual-time-budget`` lets the page's scripts (plotly, the widget manager) run for
    ``budget_ms`` of virtual time before the DOM is printed. No network is needed for file:// pages.
    """
    exe = chromium()
    if exe is None:
        pytest.skip(SKIP_REASON)
    with tempfile.TemporaryDirectory(prefix="kuhtheory-chromium-") as profile:
        cmd = [
            exe,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            f"--virtual-time-budget={budget_ms}",
            f"--window-size={window[0]},{window[1]}",
            "--dump-dom",
            url,
        ]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"chromium failed on {url} ({done.returncode}): {done.stderr[-2000:]}")
    return done.stdout
