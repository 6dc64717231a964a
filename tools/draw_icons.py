"""Draw the app's icons (PNG and favicon.ico) from static/icons/*.svg: a developer's tool, run by hand.

    .venv/bin/python tools/draw_icons.py

It renders the SVGs with Debian's Chromium through Playwright (both already needed by
the browser tests), so drawing icons adds no dependency. The PNGs and the .ico it
writes are committed; the app serves them as static files.
"""

from __future__ import annotations

import struct
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
# (svg, size, png): the manifest's icons, Apple's touch icon and the favicon's sizes.
DRAWN = [
    ("icon.svg", 192, "icon-192.png"),
    ("icon.svg", 512, "icon-512.png"),
    ("maskable.svg", 512, "maskable-512.png"),
    ("maskable.svg", 180, "apple-touch-icon.png"),
    ("icon.svg", 32, "favicon-32.png"),
    ("icon.svg", 16, "favicon-16.png"),
]


def ico(pngs: list[tuple[int, bytes]]) -> bytes:
    """A .ico holding PNG images (every browser since 2010 reads PNG inside an .ico)."""
    head = struct.pack("<HHH", 0, 1, len(pngs))
    offset = 6 + 16 * len(pngs)
    entries, data = b"", b""
    for size, png in pngs:
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return head + entries + data


def main() -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for svg, size, png in DRAWN:
            page = browser.new_page(viewport={"width": size, "height": size})
            source = (ICONS / svg).read_text()
            page.set_content(
                '<html><body style="margin:0;background:transparent">'
                f'<img src="data:image/svg+xml;utf8,{source.replace(chr(34), chr(39)).replace("#", "%23")}" '
                f'width="{size}" height="{size}"></body></html>'
            )
            page.wait_for_load_state("load")
            (ICONS / png).write_bytes(
                page.screenshot(omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size})
            )
            page.close()
        browser.close()
    (ICONS / "favicon.ico").write_bytes(
        ico([(16, (ICONS / "favicon-16.png").read_bytes()), (32, (ICONS / "favicon-32.png").read_bytes())])
    )


if __name__ == "__main__":
    main()
