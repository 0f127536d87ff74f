"""Headless Chromium driven through the DevTools protocol over a pipe, for the browser checks that
need more than a dumped DOM: measuring a page at phone width, reading an SVG element's box,
running a page with the network off and listing the requests it tried, taking a screenshot.

Only Debian's chromium is needed (no node, no websocket library): ``--remote-debugging-pipe``
makes Chromium read protocol commands from file descriptor 3 and write answers to 4, each JSON
message ended by a NUL byte.

Use::

    with Browser() as browser:
        page = browser.open("file:///.../page.html", width=400)
        page.evaluate("document.documentElement.scrollWidth")   # 400 if nothing overflows
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from browser import SKIP_REASON, chromium

#: Chromium switches for a quiet, reproducible, offline-capable headless run.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--mute-audio",
)
#: No host name resolves: with it and the protocol's offline mode the network is off.
OFFLINE_FLAGS = ("--host-resolver-rules=MAP * ~NOTFOUND",)


#: The tallest full-page screenshot, in CSS pixels (Chromium draws at most 16384 pixels high).
MAX_SHOT_HEIGHT = 16000


class DevToolsError(RuntimeError):
    """Chromium answered a command with an error, or did not answer in time."""


class Browser:
    """One headless Chromium (a throw-away profile); ``open`` gives a :class:`Page`."""

    def __init__(self, *, offline: bool = True, timeout: float = 60.0) -> None:
        exe = chromium()
        if exe is None:
            raise RuntimeError(SKIP_REASON)
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory(prefix="kuhtheory-devtools-")
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        # Chromium expects its command pipe on fd 3 and its answers on fd 4.
        args = [exe, *FLAGS, *(OFFLINE_FLAGS if offline else ())]
        args += [f"--user-data-dir={self._profile.name}", "--remote-debugging-pipe"]

        def onto_3_and_4() -> None:  # in the child, before exec (nothing else is closed)
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 100) for fd in (to_chrome_r, from_chrome_w)]
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)
            for fd in high:
                os.close(fd)

        self._proc = subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=onto_3_and_4,
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self._in = os.fdopen(from_chrome_r, "rb", buffering=0)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        self.offline = offline

    # ----- the protocol -------------------------------------------------------------------------
    def _read_message(self, deadline: float) -> dict[str, Any]:
        import select

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise DevToolsError("chromium did not answer in time")
            ready, _, _ = select.select([self._in], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._in.fileno(), 1 << 16)
            if not chunk:
                raise DevToolsError("chromium closed its DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, params: dict[str, Any] | None = None, session: str = "") -> Any:
        """Send one command and return its result (events met meanwhile go to ``events``)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self._out.write(json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise DevToolsError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method: str, session: str, timeout: float) -> dict[str, Any]:
        """The first event ``method`` of ``session`` (seen already or arriving within timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self.events.pop(i)
            self.events.append(self._read_message(deadline))

    def open(self, url: str, *, width: int = 1200, height: int = 900, settle: float = 2.0) -> Page:
        """A new tab showing ``url`` at ``width`` x ``height`` CSS pixels, after its load event
        and ``settle`` seconds for its scripts (plotly, MathJax, the widget manager)."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        page = Page(self, session, width=width, height=height)
        page.send("Page.enable")
        page.send("Network.enable")
        if self.offline:
            page.send(
                "Network.emulateNetworkConditions",
                {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
            )
        page.resize(height)
        page.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired", session, self.timeout)
        time.sleep(settle)
        return page

    def close(self) -> None:
        try:
            self._out.close()
            self._proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self._proc.kill()
            self._proc.wait()
        finally:
            self._in.close()
            self._profile.cleanup()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Page:
    """One tab of a :class:`Browser`."""

    def __init__(self, browser: Browser, session: str, *, width: int, height: int) -> None:
        self.browser = browser
        self.session = session
        self.width = width
        self.height = height

    def resize(self, height: int) -> None:
        """Lay the page out at its width and ``height`` CSS pixels (a phone below 600 wide)."""
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": self.width,
                "height": height,
                "deviceScaleFactor": 1,
                "mobile": self.width < 600,
            },
        )

    def send(self, method: str, params: dict[str, Any] | None = None) -> Any:
        return self.browser.send(method, params, self.session)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (JSON-serialisable)."""
        result = self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in result:
            raise DevToolsError(f"{expression[:80]!r}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 20.0) -> Any:
        """Poll ``expression`` until it is truthy; returns its value (the last one on timeout)."""
        deadline = time.monotonic() + timeout
        value = self.evaluate(expression)
        while not value and time.monotonic() < deadline:
            time.sleep(0.2)
            value = self.evaluate(expression)
        return value

    def click(self, selector: str, index: int = 0) -> None:
        """Click the centre of the ``index``-th element matching ``selector``, as a mouse does
        (scrolled into view first); DevToolsError when there is no such element."""
        box = self.evaluate(
            f"(() => {{ const e = document.querySelectorAll({selector!r})[{index}];"
            " if (!e) return null; e.scrollIntoView({block: 'center'});"
            " const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];"
            " })()"
        )
        if box is None:
            raise DevToolsError(f"no element {selector!r} number {index} to click")
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1},
            )

    def requested_urls(self) -> list[str]:
        """Every URL the page asked for so far (documents, scripts, styles, fonts, XHR)."""
        return [
            e["params"]["request"]["url"]
            for e in self.browser.events
            if e.get("method") == "Network.requestWillBeSent" and e.get("sessionId") == self.session
        ]

    def screenshot(self, path: Path, *, full_page: bool = True, selector: str = "") -> Path:
        """A PNG of the page: the whole page when ``full_page``, else the viewport; or only the
        first element matching ``selector``."""
        params: dict[str, Any] = {"format": "png"}
        if selector:
            # The element scrolled to the top of a window at least as tall as it, and cut out
            # of what the window shows (captureBeyondViewport laid the page out again, so the
            # clip missed the element).
            find = f"document.querySelector({selector!r})"
            tall = self.evaluate(f"(() => {{ const e = {find}; return e && e.offsetHeight; }})()")
            if tall is None:
                raise DevToolsError(f"no element {selector!r} to take a picture of")
            self.resize(max(self.height, min(int(tall) + 16, MAX_SHOT_HEIGHT)))
            try:
                self.evaluate(f"{find}.scrollIntoView({{block: 'start'}})")
                time.sleep(0.3)
                box = self.evaluate(
                    f"(() => {{ const r = {find}.getBoundingClientRect();"
                    " return [r.x + window.scrollX, r.y + window.scrollY, r.width, r.height]; })()"
                )
                params["clip"] = dict(zip(("x", "y", "width", "height"), box, strict=True), scale=1)
                data = self.send("Page.captureScreenshot", params)["data"]
            finally:
                self.resize(self.height)
            return self._write(path, data)
        if full_page:
            # A window as tall as the page, rather than captureBeyondViewport, which left the
            # book's sidebar out and shifted the text off the left edge.
            full = self.evaluate("document.documentElement.scrollHeight")
            self.resize(min(int(full), MAX_SHOT_HEIGHT))
            time.sleep(0.5)  # the page lays itself out again (plotly, the widgets)
            try:
                data = self.send("Page.captureScreenshot", params)["data"]
            finally:
                self.resize(self.height)
            return self._write(path, data)
        return self._write(path, self.send("Page.captureScreenshot", params)["data"])

    @staticmethod
    def _write(path: Path, data: str) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path
