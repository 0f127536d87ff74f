"""A small terminal progress bar for long runs (``kuhtheory simulate``), on stderr.

It draws only when its stream is a terminal, so pipes, files and tests see nothing; it redraws at
most ten times a second.

>>> import io
>>> with Progress(3, stream=io.StringIO()) as bar:   # not a terminal: silent
...     bar.update(3)
>>> bar.done
3
>>> render(5, 10, 2.0, width=10)
'[#####.....]   5/10  2.5/s'
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO


def render(done: int, total: int, seconds: float, width: int = 30) -> str:
    """One line of the bar: ``[####......]  done/total  rate/s``."""
    filled = width * done // total if total > 0 else width
    rate = done / seconds if seconds > 0 else 0.0
    digits = len(str(total))
    return f"[{'#' * filled}{'.' * (width - filled)}]  {done:>{digits}}/{total}  {rate:.1f}/s"


class Progress:
    """Counts finished items out of ``total`` and draws a bar on ``stream`` if it is a terminal."""

    def __init__(
        self,
        total: int,
        *,
        stream: TextIO | None = None,
        enabled: bool | None = None,
        label: str = "",
    ) -> None:
        self.total = total
        self.stream = sys.stderr if stream is None else stream
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            enabled = bool(isatty and isatty())
        self.enabled = enabled
        self.label = label
        self.done = 0
        self._start = time.perf_counter()
        self._last = 0.0

    def update(self, n: int = 1) -> None:
        """Count ``n`` more finished items and redraw if it is time to."""
        self.done += n
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._last >= 0.1 or self.done >= self.total:
            self._last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        line = render(self.done, self.total, now - self._start)
        self.stream.write(f"\r{self.label}{line}")
        self.stream.flush()

    def close(self) -> None:
        """Draw the last state and end the line."""
        if self.enabled:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()
            self.enabled = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
