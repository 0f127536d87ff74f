"""Copy the browser checks' screenshots that show the course (tests/screenshots/README.md) into
tests/screenshots/, where they are committed.

The browser checks (``make check-browser``, part of ``make test`` when chromium, node and
playwright-core are there) leave their screenshots in book/_build/screenshots; this copies the
ones listed in :data:`SHOTS` (as 256-colour PNGs, to keep the repository small) and, with
``--pdf``, renders two pages of the book's PDF with poppler's ``pdftoppm``.

Usage (from the repository root, after ``make check-browser`` and ``make pdf``)::

    python scripts/update_screenshots.py [--pdf]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "book" / "_build" / "screenshots"
TARGET = ROOT / "tests" / "screenshots"
PDF = ROOT / "book" / "_build" / "pdf" / "kuhtheory.pdf"

#: The screenshots kept, as the tests name them (tests/screenshots/README.md says what each shows).
SHOTS = (
    "lab-trade-exercise-lab.png",
    "lab-trade-exercise-phone.png",
    "lab-trade-selfcheck.png",
    "rules-chapter.png",
    "formula-offline.png",
    "cards-with-badges.png",
    "phone-rules-figure.png",
    "static-play-table.png",
    "selfcheck-notebooks-trade-desktop.png",
    "coach-replay-verdict.png",
)
#: Pages of the PDF kept as pictures (1-based): a chapter's first page and its self-check.
PDF_PAGES = {
    "pdf-rules-first-page.png": "1. The rules of the game",
    "pdf-self-check.png": "Answer:",
}


def small_png(source: Path, target: Path) -> None:
    """``source`` as a 256-colour PNG at ``target``."""
    with Image.open(source) as image:
        image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(
            target, optimize=True
        )


def pdf_pages() -> dict[str, int]:
    """The page number (1-based) of each of :data:`PDF_PAGES`: the first page whose text holds
    its marker, after the table of contents."""
    from pypdf import PdfReader

    texts = [page.extract_text() or "" for page in PdfReader(PDF).pages]
    found = {}
    for name, marker in PDF_PAGES.items():
        pages = [k + 1 for k, text in enumerate(texts) if k > 0 and marker in text]
        if not pages:
            raise SystemExit(f"update_screenshots: no page of {PDF} holds {marker!r}")
        found[name] = pages[0]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--pdf", action="store_true", help="also picture two pages of the PDF")
    args = parser.parse_args(argv)
    missing = [name for name in SHOTS if not (SOURCE / name).is_file()]
    if missing:
        raise SystemExit(
            f"update_screenshots: {', '.join(missing)} not in {SOURCE}: run make check-browser"
        )
    TARGET.mkdir(parents=True, exist_ok=True)
    for name in SHOTS:
        small_png(SOURCE / name, TARGET / name)
    if args.pdf:
        if shutil.which("pdftoppm") is None:
            raise SystemExit("update_screenshots: --pdf needs pdftoppm (Debian's poppler-utils)")
        with tempfile.TemporaryDirectory() as tmp:
            for name, page in pdf_pages().items():
                prefix = Path(tmp) / name.removesuffix(".png")
                subprocess.run(
                    [
                        "pdftoppm",
                        "-r",
                        "80",
                        "-png",
                        "-singlefile",
                        "-f",
                        str(page),
                        "-l",
                        str(page),
                        str(PDF),
                        str(prefix),
                    ],
                    check=True,
                )
                small_png(prefix.with_suffix(".png"), TARGET / name)
    count = len(SHOTS) + (len(PDF_PAGES) if args.pdf else 0)
    print(f"update_screenshots: {count} pictures in {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
