"""`slip gallery` checked in a real browser: headless Chromium, from the file system.

  * `slip gallery templates -o .build/gallery` exits 0 (the bundled templates have no errors)
    and writes index.html;
  * Chromium loads index.html from a file:// address (no server) and dumps its DOM after the
    load event: every <img> must carry data-loaded (which its onload sets to the image's
    naturalWidth; onerror sets 'error') equal to the width in its PNG's header, and there must be
    two (true size and 2x) for every preview file in the site;
  * a screenshot of the whole page at half scale (.build/gallery-screenshot.png, tall enough for
    every case: its last rows must be empty) must not be blank: most of its rows have dark
    pixels. Look at it: it is what a review sees.

Uses only the Python standard library (Debian's python3).
"""

import argparse
import html.parser
import pathlib
import shutil
import struct
import subprocess
import sys
import zlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--allow-file-access-from-files", "--virtual-time-budget=10000"]


class Images(html.parser.HTMLParser):
    """Every <img> in a DOM dump, as its attributes."""

    def __init__(self):
        super().__init__()
        self.images = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.images.append(dict(attrs))


def png_header(path):
    """Width and height from a PNG's IHDR."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    return struct.unpack(">II", data[16:24])


def rows_with_ink(path):
    """For each row of a PNG (8-bit RGB or RGBA, as Chromium writes it), whether it has a dark
    pixel."""
    data = path.read_bytes()
    offset, idat = 8, b""
    width = height = channels = 0
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                raise ValueError(f"{path}: expected 8-bit RGB(A), got depth {depth} colour {colour}")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    inked = []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                c = previous[x - channels] if x >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        inked.append(any(max(line[i:i + 3]) < 96 for i in range(0, stride, channels)))
        previous = line
    return inked


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slip", default=str(ROOT / ".build/debug/slip"))
    args = parser.parse_args()
    site = ROOT / ".build/gallery"
    shutil.rmtree(site, ignore_errors=True)
    result = subprocess.run([args.slip, "gallery", "templates", "-o", str(site)], cwd=ROOT,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"gallery-check: slip gallery exited {result.returncode}:\n{result.stderr}")
    index = site / "index.html"
    address = index.resolve().as_uri()
    previews = sorted(site.glob("*/preview*.png"))
    if not previews:
        sys.exit("gallery-check: the gallery has no previews")

    dom = subprocess.run(CHROMIUM + ["--dump-dom", address], capture_output=True, text=True,
                         timeout=120)
    images = Images()
    images.feed(dom.stdout)
    problems = []
    if len(images.images) != 2 * len(previews):
        problems.append(f"{len(images.images)} <img> in the page for {len(previews)} previews "
                        "(expected two each: true size and 2x)")
    for image in images.images:
        source = image.get("src", "")
        loaded = image.get("data-loaded")
        file = site / source
        if not file.is_file():
            problems.append(f"{source}: no such file in the site")
            continue
        width, _ = png_header(file)
        if loaded is None or not loaded.isdigit() or int(loaded) != width:
            problems.append(f"{source}: did not load in Chromium (data-loaded={loaded!r}, PNG width {width})")

    # Tall and wide enough for every case (in CSS pixels): labels at 2x wrap below their true
    # size, and the listing beside a receipt is at most 600 px high.
    cases = sorted({p.parent for p in previews})
    height = 600 + sum(3 * sum(png_header(p)[1] for p in c.glob("preview*.png")) + 1200 for c in cases)
    # At half scale, so that pure Python decodes it in seconds and a person sees the page whole.
    screenshot = ROOT / ".build/gallery-screenshot.png"
    screenshot.unlink(missing_ok=True)
    subprocess.run(CHROMIUM + ["--force-device-scale-factor=0.5", f"--window-size=1800,{height}",
                               f"--screenshot={screenshot}", address], capture_output=True, timeout=120)
    if not screenshot.is_file():
        problems.append("Chromium wrote no screenshot")
    else:
        inked = rows_with_ink(screenshot)
        rows = len(inked)
        # Previews fill most of the page; a page whose images or styles failed is mostly empty.
        if sum(inked) < 0.3 * rows:
            problems.append(f"the screenshot is mostly blank: {sum(inked)} of {rows} rows have dark pixels")
        # The page ends inside the screenshot, so it shows every case.
        if any(inked[-rows // 50:]):
            problems.append("the page is taller than the screenshot: it does not show every case")

    if problems:
        print("gallery-check: " + "\n  ".join(problems), file=sys.stderr)
        sys.exit(1)
    print(f"gallery-check: {len(previews)} previews in {len(cases)} cases loaded in Chromium "
          f"({len(images.images)} images); screenshot {screenshot.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
