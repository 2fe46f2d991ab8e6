"""Tesseract reads Slip's previews of the right-to-left and complex-script templates back.

Someone else's reader as the oracle of shaping: each template's preview (as `slip render
--preview` draws it) is cut into its printed lines (rows of ink, with the rows of marks above
and below a line kept with it), each line scaled up to about 70 rows as OCR needs and read by tesseract as one
line (`--psm 7`) with the template's language, that language with English (the Latin `x` and
digits between the script's words) and Debian's model of the whole script (`Arabic`, `Thai`).
Every line of text the IR says the template prints must be recovered by one of them: after NFKC
normalisation and with spaces removed, the best-matching reading must hold at least 95 % of the
line's characters in order (difflib), and all of them when the line is short (8 characters or
fewer). Unshaped or reversed Arabic, or Thai and Devanagari marks in cells of their own, read
as garbage and fail.

Digits inside Arabic lines are left out of the comparison: tesseract's Arabic models drop and
reorder numerals in right-to-left lines (tesseract-ocr/tesseract#2263 and #2864,
tesseract-ocr/tessdata#52), Latin and Arabic-Indic alike, however the line is drawn. Their
order is checked by Tests/SlipRasterTests/ShapingTests (FriBidi's visual order, HarfBuzz's
glyphs against `hb-shape`), and their pixels by raster-check. The Arabic comma counts as a
full stop: at a receipt's 21-dot em it is a blob of two by two dots, which is all a reader can
tell, and tesseract reads it as `.` every time.

Usage: python ocr_check.py --slip PATH [--only NAME] [--templates DIR]
"""

import argparse
import difflib
import re
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, ImageOps

ROOT = Path(__file__).resolve().parent.parent

# Template, tesseract's language, Debian's model of its script (tesseract-ocr-script-*), the
# Noto face of fonts-noto-core the control draws with.
CASES = [
    ("souq-rtl", "ara", "Arabic", "NotoSansArabic-Regular.ttf"),
    ("ban-thai", "tha", "Thai", "NotoSansThai-Regular.ttf"),
    ("sammelan-badge", "hin", None, "NotoSansDevanagari-Regular.ttf"),
]
NOTO = Path("/usr/share/fonts/truetype/noto")

# Each line is read at every whole scale (Lanczos) that gives it this many rows of ink: where
# tesseract reads best differs from line to line.
LINE_ROWS = (30, 100)
SHORT = 8
# Blank rows between a line's letters and its marks above or below (a Thai tone mark, an
# Arabic dot) at most; a band of ink under MARKS of its neighbour's height is marks, not a line.
MARK_GAP = 4
MARKS = 0.7
MARK_ROWS = 8
ARABIC_DIGITS = re.compile(r"[0-9\u0660-\u0669\u06F0-\u06F9]")


def normalise(text: str, arabic: bool = False) -> str:
    text = unicodedata.normalize("NFKC", text)
    if arabic:
        text = ARABIC_DIGITS.sub("", text).replace("\u060C", ".")
    # Tesseract's Arabic model reads the multiplication sign as x and drops tatweel.
    text = text.replace("×", "x").replace("\u0640", "")
    return "".join(ch for ch in text if not ch.isspace())


def expected_lines(ir: str) -> list[str]:
    """Each printed line of the IR: its runs in reading order (a mirrored line from the right)."""
    lines: list[str] = []
    current: list[tuple[int, str]] | None = None
    rtl = False

    def finish():
        if current:
            runs = sorted(current, reverse=rtl)
            lines.append(" ".join(text for _, text in runs))

    for raw in ir.splitlines():
        if raw.startswith("text ") or raw.startswith("rule ") or not raw.startswith(" "):
            finish()
            current = [] if raw.startswith("text ") else None
            rtl = " dir=rtl" in raw
            continue
        match = re.match(r'\s+(?:run col=(\d+)|line x=(\d+)).*? "((?:[^"\\]|\\.)*)"', raw)
        if match and current is not None:
            position = int(match.group(1) or match.group(2))
            current.append((position, match.group(3).replace('\\"', '"').replace("\\\\", "\\")))
    finish()
    return [line for line in lines if normalise(line)]


def printed_lines(image: Image.Image) -> list[tuple[int, int]]:
    """The preview's lines as (top, bottom) rows: runs of rows with ink, a thin run of marks
    joined to the line it is next to."""
    width, height = image.size
    pixels = image.load()
    inked = [any(pixels[x, y] == 0 for x in range(width)) for y in range(height)]
    bands: list[list[int]] = []
    y = 0
    while y < height:
        if inked[y]:
            top = y
            while y < height and inked[y]:
                y += 1
            bands.append([top, y])
        else:
            y += 1
    lines: list[list[int]] = []
    for band in bands:
        if lines and band[0] - lines[-1][1] <= MARK_GAP and (
                band[1] - band[0] <= MARKS * (lines[-1][1] - lines[-1][0])
                or lines[-1][1] - lines[-1][0] <= MARKS * (band[1] - band[0])):
            lines[-1][1] = band[1]
        else:
            lines.append(band)
    return [(top, bottom) for top, bottom in lines if bottom - top > MARK_ROWS]


def read(image: Image.Image, scale: int, psm: str, languages: list[str], path: Path) -> list[str]:
    """What tesseract reads in `image` scaled up `scale` times, in each of `languages`."""
    image = ImageOps.expand(image.convert("L"), border=24, fill=255)
    image.resize((image.width * scale, image.height * scale), Image.LANCZOS).save(path)
    readings: list[str] = []
    for language in languages:
        result = subprocess.run(
            ["tesseract", str(path), "-", "-l", language, "--psm", psm],
            capture_output=True, text=True, check=True)
        readings += [text for text in result.stdout.splitlines() if text.strip()]
    return readings


def ocr(png: Path, languages: list[str], scratch: Path) -> list[str]:
    """The preview read as a whole (`--psm 6`, for labels whose frame holds every line) and
    every printed line read on its own (`--psm 7`), each at the scales that bring it to
    tesseract's sizes: all of it is what was read."""
    image = Image.open(png).convert("1")
    readings = read(image, 2, "6", languages, scratch / f"{png.stem}-ocr.png")
    for index, (top, bottom) in enumerate(printed_lines(image)):
        crop = image.crop((0, max(0, top - 6), image.width, min(image.height, bottom + 6)))
        for scale in range(1, 5):
            if LINE_ROWS[0] <= (bottom - top) * scale <= LINE_ROWS[1]:
                readings += read(crop, scale, "7", languages, scratch / f"{png.stem}-ocr-{index}.png")
    return readings


def score(expected: str, read: str, arabic: bool = False) -> float:
    want = normalise(expected, arabic)
    got = normalise(read, arabic)
    matcher = difflib.SequenceMatcher(None, want, got, autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    return matched / max(1, len(want))


def check(slip: str, name: str, language: str, script: str | None, scratch: Path, folder: Path
          ) -> tuple[list[str], list[str]]:
    """The problems with the template's preview, and the lines it prints."""
    template = folder / f"{name}.slip"
    data = folder / f"{name}.json"
    preview = scratch / f"{name}.png"
    subprocess.run(
        [slip, "render", str(template), "--data", str(data), "--preview", str(preview), "-o", "/dev/null"],
        check=True, capture_output=True)
    ir = subprocess.run(
        [slip, "render", str(template), "--data", str(data), "--target", "ir", "-o", "-"],
        check=True, capture_output=True, text=True).stdout
    pages = sorted(scratch.glob(f"{name}*.png"))
    pages = [page for page in pages if "-ocr" not in page.stem]
    languages = [language, f"{language}+eng"] + ([script] if script else [])
    arabic = language == "ara"
    read: list[str] = []
    for page in pages:
        read += ocr(page, languages, scratch)
    problems = []
    lines = expected_lines(ir)
    for line in lines:
        best = max(read, key=lambda candidate: score(line, candidate, arabic), default="")
        ratio = score(line, best, arabic)
        need = 1.0 if len(normalise(line, arabic)) <= SHORT else 0.95
        status = "ok " if ratio >= need else "BAD"
        print(f"  {status} {ratio:6.1%} {line!r} read as {best!r}")
        if ratio < need:
            problems.append(f"{name}: {line!r} read as {best!r} ({ratio:.1%} < {need:.0%})")
    return problems, lines


def control(lines: list[str], language: str, script: str | None, face: str, scratch: Path) -> int:
    """How many of `lines` the same reading recovers when they are drawn the way the peers
    draw them (and Slip did before HarfBuzz): a glyph per character from the same Noto face,
    left to right, unjoined, marks unplaced (Pillow's basic layout). The oracle is only worth
    something if it rejects these."""
    font = ImageFont.truetype(str(NOTO / face), 21, layout_engine=ImageFont.Layout.BASIC)
    page = Image.new("1", (576, 30 * len(lines) + 30), 1)
    draw = ImageDraw.Draw(page)
    for index, line in enumerate(lines):
        draw.text((8, 10 + 30 * index), line, font=font, fill=0)
    png = scratch / "control.png"
    page.save(png)
    arabic = language == "ara"
    read = ocr(png, [language, f"{language}+eng"] + ([script] if script else []), scratch)
    recovered = 0
    for line in lines:
        need = 1.0 if len(normalise(line, arabic)) <= SHORT else 0.95
        if max((score(line, candidate, arabic) for candidate in read), default=0) >= need:
            recovered += 1
    return recovered


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--slip", required=True)
    parser.add_argument("--only")
    parser.add_argument("--templates", default=str(ROOT / "templates"), help="where the templates are")
    args = parser.parse_args()
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        for name, language, script, face in CASES:
            if args.only and args.only != name:
                continue
            print(f"{name} (tesseract -l {language}, {language}+eng{', ' + script if script else ''}):")
            found, lines = check(args.slip, name, language, script, Path(folder), Path(args.templates))
            problems += found
            recovered = control(lines, language, script, face, Path(folder))
            print(f"  control: {recovered} of {len(lines)} lines read back when drawn unshaped")
            if recovered * 2 > len(lines):
                problems.append(f"{name}: the control drawn unshaped reads back too ({recovered} of {len(lines)})")
    if problems:
        print(f"ocr-check: {len(problems)} line(s) not read back:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print("ocr-check: every line of every preview read back")
    return 0


if __name__ == "__main__":
    sys.exit(main())
