"""Slip's ZPL goldens through zplkit, an independent ZPL renderer, and zbarimg.

For every golden under Tests/SlipZPLTests/Cases (label.zpl, and out.zpl of batch cases):

  * zplkit renders it in strict mode without error, after the job and media commands it does
    not take (^MN ^PQ ~SD ^PR ...) are cut out with zplkit's own parser; a case with a
    zplkit.expected file must fail with that message instead (characters its fonts lack);
  * it renders as many labels as the file has ^XA blocks that print (not ^DF definitions);
  * zbarimg reads every symbol label.symbols lists (those zbar knows) off zplkit's picture and
    off Slip's own preview (label.png), zxing-cpp the PDF417, Data Matrix, Aztec and GS1 codes;
  * against that preview, with label.ir saying where everything is: square boxes, straight lines,
    barcode bars, pictures and lines in scripts Slip shapes (sent as ^GFA pictures) are the
    same dots; each other line of text has its ink box within
    3 % (at least 10 dots) of the preview's; circles, ellipses and round-cornered boxes cover the same disc
    (90 % in common) and diagonals run within 2 dots of each other (printers draw curves their
    own way); QR codes, whose mask printers choose themselves, only have to scan;
  * the injection case is one label, mostly white, with no ^GB of the visitor's name in it;
  * a stored-format batch (out.zpl with plain.zpl beside it, the same records without the
    stored format) prints the same labels, pixel for pixel, as the plain one.

Each golden with Z64 graphics is drawn a second time with them as plain `^GFA` hex (what the
writer sends without a compressor): zplkit must draw the same dots.
`--png DIR` writes each label zplkit drew. Runs in the venv scripts/zpl-env makes.
"""

import argparse
import base64
import io
import json
import re
import shlex
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import zxingcpp
from PIL import Image, ImageChops, ImageDraw
from zplkit import Options, render
from zplkit.parse import parse

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "Tests" / "SlipZPLTests" / "Cases"
# Commands zplkit refuses because they set up the printer or the job, not the label.
JOB_COMMANDS = {
    b"^MN", b"^MM", b"^MT", b"^MD", b"^PR", b"^PQ", b"^ML", b"^JU", b"^JM", b"^MU", b"^XB", b"^MF",
    b"~SD", b"~TA", b"~JS",
}
# zbarimg's names for the symbologies it reads; PDF417 and Data Matrix zxing-cpp reads.
ZBAR_NAMES = {
    "code128": "CODE-128", "ean13": "EAN-13", "ean8": "EAN-8", "upca": "UPC-A", "upce": "UPC-E",
    "code39": "CODE-39", "itf": "I2/5", "codabar": "Codabar", "qr": "QR-Code",
    # Read by zxing-cpp.
    "pdf417": "PDF417", "datamatrix": "DATAMATRIX", "aztec": "AZTEC",
    # GS1 symbols: zxing-cpp says so (symbology identifiers ]C1 and ]d2) and gives the bracket form.
    "gs1-128": "GS1-128", "gs1-datamatrix": "GS1-DATAMATRIX",
    # Read by zxing-cpp off the symbol alone (its MaxiCode reader wants one symbol a picture).
    "maxicode": "MAXICODE",
}


def field_text(command: bytes) -> str:
    """The text of a `^FD` command after `^FH`: `_XX` hex escapes decoded."""
    data = command[3:].rstrip(b"\r\n")
    decoded = re.sub(rb"_([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), data)
    return decoded.decode("utf-8", "replace")


def format_part(zpl: bytes) -> bytes:
    """The ZPL without the job and media commands, cut out at zplkit's own command frames."""
    out = bytearray()
    for element in parse(zpl).elements:
        data = bytes(element)
        if data[:3].upper() not in JOB_COMMANDS:
            out += data
    return bytes(out)


def page_size(zpl: bytes) -> tuple[int, int]:
    width = re.search(rb"\^PW(\d+)", zpl)
    length = re.search(rb"\^LL(\d+)", zpl)
    return (int(width.group(1)) if width else 812, int(length.group(1)) if length else 1218)


def printing_blocks(zpl: bytes) -> int:
    """^XA blocks that print: every one but the ^DF definitions."""
    blocks = zpl.split(b"^XA")[1:]
    return sum(1 for block in blocks if b"^DF" not in block)


def profile_for(zpl: bytes, width: int) -> str:
    # Receipts go to the 2-inch mobile printer when they fit it, everything else to the desktop.
    return "zq610-plus" if b"^MNN" in zpl and width <= 384 else "zd621"


def zbar(png: bytes) -> list[str]:
    with tempfile.NamedTemporaryFile(suffix=".png") as file:
        file.write(png)
        file.flush()
        typed = subprocess.run(["zbarimg", "-q", file.name], capture_output=True)
    return typed.stdout.decode("utf-8", "replace").splitlines()


def expected_reads(symbols_file: Path) -> list[tuple[str, str]]:
    if not symbols_file.exists():
        return []
    reads = []
    # Split at line feeds only: data may hold the record and group separators splitlines() splits at.
    for line in symbols_file.read_text().split("\n"):
        if not line:
            continue
        kind, _, data = line.partition(" ")
        if kind in ZBAR_NAMES:
            reads.append((ZBAR_NAMES[kind], data))
    return reads


def upce_as_upca(upce: str) -> str:
    """A UPC-E number (system digit, six digits, check digit) written out as the UPC-A it stands for."""
    system, d, check = upce[0], upce[1:7], upce[7:]
    last = d[5]
    if last in "012":
        body = d[0:2] + last + "0000" + d[2:5]
    elif last == "3":
        body = d[0:3] + "00000" + d[3:5]
    elif last == "4":
        body = d[0:4] + "00000" + d[4]
    else:
        body = d[0:5] + "0000" + last
    return system + body + check


def maxicodes(png: bytes, rects: list[tuple[int, int, int, int]]) -> list[str]:
    """The MaxiCodes at `rects` read by zxing-cpp, control characters as they are."""
    image = Image.open(io.BytesIO(png)).convert("L")
    reads = []
    for rect in rects:
        part = image.crop(rect)
        framed = Image.new("L", (part.width + 40, part.height + 40), 255)
        framed.paste(part, (20, 20))
        for result in zxingcpp.read_barcodes(framed, formats=zxingcpp.BarcodeFormat.MaxiCode):
            # zxing-cpp shows control characters as their pictures (U+2400 + code).
            text = "".join(chr(ord(c) - 0x2400) if 0x2400 <= ord(c) <= 0x2420 else c for c in result.text)
            reads.append(f"MAXICODE:{text}")
    return reads


def matches(expected: tuple[str, str], read: str) -> bool:
    name, data = expected
    kind, _, got = read.partition(":")
    if name == "MAXICODE" and kind == name:
        # Modes 2 and 3 carry the postcode, country and service in the primary message, which
        # the reader puts back into the structured carrier message after "[)>RS01GS96": taken
        # out again, the rest is the template's data.
        fields = got.split("\x1d")
        if got.startswith("[)>\x1e01\x1d96") and len(fields) >= 5:
            fields = [fields[0], "96" + fields[4]] + fields[5:]
        return "\x1d".join(fields) == data
    if kind != name:
        # zbar reads UPC-A as EAN-13 with a leading zero, and UPC-E written out as that UPC-A.
        if kind != "EAN-13" or name not in ("UPC-A", "UPC-E"):
            return False
        got = got[1:]
        if name == "UPC-E":
            data = upce_as_upca(data)
    if name in ("EAN-13", "EAN-8", "UPC-A", "UPC-E"):
        # The check digit may be left to the encoder.
        return got == data or got[:-1] == data
    return got == data


def zxing(png: bytes) -> list[str]:
    """PDF417 and Data Matrix read by zxing-cpp, named as zbarimg names the others."""
    image = Image.open(io.BytesIO(png)).convert("L")
    framed = Image.new("L", (image.width + 40, image.height + 40), 255)
    framed.paste(image, (20, 20))
    names = {"PDF417": "PDF417", "DataMatrix": "DATAMATRIX", "Aztec": "AZTEC"}
    gs1 = {"]C1": "GS1-128", "]d2": "GS1-DATAMATRIX"}
    reads = []
    for result in zxingcpp.read_barcodes(framed):
        name = gs1.get(result.symbology_identifier) or names.get(result.format.name)
        if name:
            reads.append(f"{name}:{result.text}")
    return reads


def layout(ir: str) -> list[dict]:
    """The elements of a label.ir dump, with what the comparison needs of each."""
    elements = []
    number = r"(-?\d+)"
    for line in ir.splitlines():
        words = dict(re.findall(r"(\w+)=(\S+)", line))
        if line.startswith("text "):
            elements.append({
                "kind": "text", "height": int(words["height"]), "lines": [], "x": int(words["x"]),
                "y": int(words["y"]), "w": int(words["w"]), "spacing": int(words["spacing"]),
                "rotate": int(words.get("rotate", "0")), "reverse": " reverse" in line, "runs": [],
            })
        elif line.startswith("    run "):
            # A styled run of the line before (inline spans): its bars and boxes are checked too.
            _, y, _, _ = elements[-1]["lines"][-1]
            marks = line.split('"', 1)[0].split()
            elements[-1]["runs"].append({"x": int(words["x"]), "y": y, "w": int(words["w"]), "marks": set(marks)})
        elif line.startswith("  line "):
            elements[-1]["lines"].append(
                (int(words["x"]), int(words["y"]), int(words["w"]), shlex.split(line.split(None, 4)[4])[0]))
        elif line.startswith("box ") and "rounding" in words:
            # Round corners are curves, which printers draw their own way.
            x, y, w, h = int(words["x"]), int(words["y"]), int(words["w"]), int(words["h"])
            elements.append({"kind": "circle", "rect": (x - 2, y - 2, x + w + 2, y + h + 2)})
        elif line.startswith("box "):
            elements.append({"kind": "box"})
        elif line.startswith("ellipse "):
            x, y, w, h = int(words["x"]), int(words["y"]), int(words["w"]), int(words["h"])
            elements.append({"kind": "circle", "rect": (x - 2, y - 2, x + w + 2, y + h + 2)})
        elif line.startswith("line "):
            m = re.match(rf"line {number},{number} -> {number},{number} thickness={number}", line)
            x1, y1, x2, y2, t = map(int, m.groups())
            kind = "line" if x1 == x2 or y1 == y2 else "diagonal"
            elements.append({"kind": kind, "rect": (min(x1, x2) - t, min(y1, y2) - t, max(x1, x2) + t, max(y1, y2) + t)})
        elif line.startswith("circle "):
            x, y, d = int(words["x"]), int(words["y"]), int(words["d"])
            elements.append({"kind": "circle", "rect": (x - 2, y - 2, x + d + 2, y + d + 2)})
        elif line.startswith("symbol "):
            kind = line.split()[1]
            size = re.search(r" (\d+)x(\d+) ", line)
            x, y, module = int(words["x"]), int(words["y"]), int(words["module"])
            w, h = int(size.group(1)), int(size.group(2))
            if words.get("rotate", "0") != "0":
                # A turned symbol is sent as the preview's own picture (^GFA): the same dots.
                elements.append({"kind": "picture"})
                continue
            elements.append({
                "kind": "qr" if kind == "qr" else "symbol", "rect": (x, y, x + w, y + h), "module": module,
                "hri": words.get("hri", "none"),
            })
    return elements


def turned_lines(element: dict) -> list[tuple[int, int, int, int, str, bool]]:
    """A text element's lines as rectangles on the label (left, top, width, height), turned as
    the element is (SlipIR's LabelText.placed), and whether each runs across the label."""
    h, rotate = element["height"], element["rotate"]
    lines = element["lines"]
    right = max([x + w for x, _, w, _ in lines], default=element["x"])
    frame_w = max(element["w"], right - element["x"])
    frame_h = max(h, element["spacing"] * (len(lines) - 1) + h)
    out = []
    for x, y, w, text in lines:
        u, v = x - element["x"], y - element["y"]
        if rotate == 90:
            rect = (frame_h - v - h, u, h, w)
        elif rotate == 180:
            rect = (frame_w - u - w, frame_h - v - h, w, h)
        elif rotate == 270:
            rect = (v, frame_w - u - w, h, w)
        else:
            rect = (u, v, w, h)
        out.append((element["x"] + rect[0], element["y"] + rect[1], rect[2], rect[3], text, rotate in (0, 180)))
    return out


def maxicode_rects(folder: Path) -> list[tuple[int, int, int, int]]:
    """Where label.ir puts the case's MaxiCodes (the reader adds the quiet zone)."""
    ir = folder / "label.ir"
    if not ir.exists():
        return []
    rects = []
    for line in ir.read_text().splitlines():
        if line.startswith("symbol maxicode "):
            words = dict(re.findall(r"(\w+)=(\S+)", line))
            size = re.search(r" (\d+)x(\d+) ", line)
            x, y = int(words["x"]), int(words["y"])
            rects.append((x, y, x + int(size.group(1)), y + int(size.group(2))))
    return rects


def needs_shaping(text: str) -> bool:
    """Whether a line is in a script Slip shapes and sends as a picture (SlipIR's TextShaping)."""
    ranges = [(0x0590, 0x08FF), (0x0900, 0x0DFF), (0x0E00, 0x0FFF), (0x1000, 0x109F), (0x1780, 0x17FF),
              (0x19E0, 0x19FF), (0xA8E0, 0xA8FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFE)]
    return any(low <= ord(ch) <= high and ch != "\u0e3f" for ch in text for low, high in ranges)


def all_ink(image: Image.Image, box: tuple[int, int, int, int]) -> bool:
    """Whether every dot of `box` (left, top, right, bottom; exclusive) is black."""
    part = image.crop(box).convert("L")
    return part.getextrema()[1] == 0


def filled_rows(image: Image.Image) -> list[tuple[int, int] | None]:
    """Each row's first and last inked dot (None for a blank row)."""
    pixels = image.load()
    rows = []
    for y in range(image.height):
        inked = [x for x in range(image.width) if pixels[x, y] == 0]
        rows.append((inked[0], inked[-1]) if inked else None)
    return rows


def compare_preview(zplkit_png: bytes, preview: Path, ir: Path) -> tuple[bool, list[str]]:
    """zplkit's label against Slip's preview: same dots but for text, QR codes and curves."""
    ours = Image.open(preview).convert("1")
    theirs = Image.open(io.BytesIO(zplkit_png)).convert("1").crop((0, 0, ours.width, ours.height))
    mask = Image.new("1", ours.size, 0)
    draw = ImageDraw.Draw(mask)
    problems = []
    texts = curves = shaped = bars = 0
    for element in layout(ir.read_text()):
        if element["kind"] == "text":
            for x, y, w, h, text, across in turned_lines(element):
                if needs_shaping(text):
                    # Sent as the preview's own picture (^GFA): held to the same dots.
                    shaped += 1
                    continue
                # Along the line the ink may differ by 3 % of its length, across it by 3 % of
                # its height (at least 10 dots either way); a turned line swaps the two.
                length, tall = (w, h) if across else (h, w)
                margin = max(10, round(0.03 * length))
                vertical = max(10, round(0.03 * tall))
                if across:
                    region = (x - 2 * margin, y - 10, x + w + 2 * margin, y + h + 10)
                else:
                    region = (x - 10, y - 2 * margin, x + w + 10, y + h + 2 * margin)
                    margin, vertical = vertical, margin
                draw.rectangle((region[0], region[1], region[2] - 1, region[3] - 1), fill=1)
                a = ImageChops.invert(ours.crop(region).convert("L")).getbbox()
                b = ImageChops.invert(theirs.crop(region).convert("L")).getbbox()
                if a is None or b is None:
                    if text.strip() and (a is None) != (b is None):
                        problems.append(f"text {text!r}: ink in one render only")
                    continue
                if max(abs(a[0] - b[0]), abs(a[2] - b[2])) > margin or max(abs(a[1] - b[1]), abs(a[3] - b[3])) > vertical:
                    problems.append(f"text {text!r}: ink box {b} in zplkit, {a} in the preview")
                texts += 1
            for run in element["runs"]:
                # SlipIR's LabelText.underline(of:in:) and inversion(of:in:): the same rectangles.
                h = element["height"]
                if "underline" in run["marks"] and "invert" not in run["marks"] and not element["reverse"]:
                    # Black on paper: every dot of the bar is ink in both.
                    t = max(1, h // 16)
                    box = (run["x"], run["y"] + (h * 3 + 2) // 4 + t, run["x"] + run["w"], run["y"] + (h * 3 + 2) // 4 + 2 * t)
                    if not all_ink(ours, box) or not all_ink(theirs, box):
                        problems.append(f"underline at {box}: not a solid bar in both")
                    bars += 1
                if "invert" in run["marks"]:
                    # The box's padding beyond the run's advance holds no glyph: solid in both.
                    pad = max(2, h // 8)
                    for box in ((run["x"] - pad, run["y"], run["x"] - pad + 1, run["y"] + h),
                                (run["x"] + run["w"] + pad - 1, run["y"], run["x"] + run["w"] + pad, run["y"] + h)):
                        if not all_ink(ours, box) or not all_ink(theirs, box):
                            problems.append(f"inverted box edge at {box}: not solid in both")
                    bars += 1
        elif element["kind"] == "circle":
            box = element["rect"]
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=1)
            # The discs the rings enclose: each row from its first ink to its last.
            a, b = filled_rows(ours.crop(box)), filled_rows(theirs.crop(box))
            both = sum(max(0, min(p[1], q[1]) - max(p[0], q[0]) + 1) for p, q in zip(a, b) if p and q)
            either = sum((p[1] - p[0] + 1 if p else 0) + (q[1] - q[0] + 1 if q else 0) for p, q in zip(a, b)) - both
            if either and both / either < 0.9:
                problems.append(f"circle at {box}: only {both / either:.0%} of its disc in common")
            curves += 1
        elif element["kind"] == "diagonal":
            box = element["rect"]
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=1)
            a, b = filled_rows(ours.crop(box)), filled_rows(theirs.crop(box))
            offsets = [abs((p[0] + p[1]) - (q[0] + q[1])) / 2 for p, q in zip(a, b) if p and q]
            rows_a, rows_b = sum(1 for p in a if p), sum(1 for q in b if q)
            if abs(rows_a - rows_b) > 2 or (offsets and sum(offsets) / len(offsets) > 2):
                problems.append(f"diagonal at {box}: rows {rows_b} in zplkit, {rows_a} in the preview")
            curves += 1
        elif element["kind"] == "qr":
            x0, y0, x1, y1 = element["rect"]
            draw.rectangle((x0 - 12, y0 - 12, x1 + 11, y1 + 11), fill=1)
        elif element["kind"] == "symbol" and element["hri"] != "none":
            x0, y0, x1, y1 = element["rect"]
            m = element["module"]
            if element["hri"] == "below":
                draw.rectangle((x0 - 40, y1, x1 + 40, y1 + 14 * m + 12), fill=1)
            else:
                draw.rectangle((x0 - 40, y0 - 14 * m - 16, x1 + 40, y0 - 1), fill=1)
    difference = ImageChops.logical_xor(ours, theirs)
    outside = ImageChops.logical_and(difference, ImageChops.invert(mask.convert("L")).convert("1"))
    # logical_xor of two "1" images is white where they differ.
    stray = outside.histogram()[255]
    if stray:
        box = outside.getbbox()
        problems.append(f"{stray} dots of boxes, lines, bars or pictures differ, within {box}")
    notes = [f"exact outside {texts} text lines", f"{curves} curves close"] if not problems else []
    if bars and not problems:
        notes.insert(1, f"{bars} underlines and inverted boxes solid")
    if shaped and not problems:
        notes.insert(1, f"{shaped} shaped text lines exact")
    return not problems, problems or notes


Z64_FIELD = re.compile(rb"\^GFA,(\d+),(\d+),(\d+),:Z64:([A-Za-z0-9+/=]*):[0-9A-Fa-f]{4}")


def z64_as_hex(zpl: bytes) -> bytes:
    """The ZPL with every Z64 graphic field as the plain ASCII hex a writer without a compressor
    sends (SlipZPL's ZPLWriter with no ZPLCompressor, as in slip.wasm)."""

    def hexed(match: re.Match) -> bytes:
        data = zlib.decompress(base64.b64decode(match.group(4)))
        return b"^GFA,%s,%s,%s,%s" % (match.group(1), match.group(2), match.group(3), data.hex().upper().encode())

    return Z64_FIELD.sub(hexed, zpl)


def same_dots(a: bytes, b: bytes) -> bool:
    first, second = Image.open(io.BytesIO(a)).convert("L"), Image.open(io.BytesIO(b)).convert("L")
    return first.size == second.size and ImageChops.difference(first, second).getbbox() is None


def check_case(path: Path, png_dir: Path | None) -> tuple[bool, str]:
    folder = path.parent
    zpl = path.read_bytes()
    width, length = page_size(zpl)
    profile = profile_for(zpl, width)
    expected_failure = folder / "zplkit.expected"
    try:
        document = render(format_part(zpl), Options(profile=profile, width=width, height=length, dpi=203))
    except ValueError as error:
        if expected_failure.exists() and expected_failure.read_text().strip() in str(error):
            return True, f"refused as expected: {error}"
        return False, f"zplkit: {error}"
    if expected_failure.exists():
        return False, "zplkit rendered it, but zplkit.expected says it should refuse"
    labels = document.labels
    notes = [profile, f"{len(labels)} label{'s' if len(labels) != 1 else ''}"]
    if len(labels) != printing_blocks(zpl):
        return False, f"{len(labels)} labels for {printing_blocks(zpl)} ^XA blocks"
    if Z64_FIELD.search(zpl):
        hexed = render(format_part(z64_as_hex(zpl)), Options(profile=profile, width=width, height=length, dpi=203))
        if len(hexed.labels) != len(labels) or not all(
            same_dots(a.png(), b.png()) for a, b in zip(labels, hexed.labels)
        ):
            return False, "its Z64 graphics as plain ^GFA hex draw differently"
        notes.append("Z64 graphics as hex draw the same")
    reads = []
    for index, label in enumerate(labels):
        png = label.png()
        if png_dir:
            png_dir.mkdir(parents=True, exist_ok=True)
            (png_dir / f"{folder.name}-{path.stem}-{index + 1}.png").write_bytes(png)
        reads += zbar(png) + zxing(png) + maxicodes(png, maxicode_rects(folder))
    wanted = expected_reads(folder / "label.symbols") if path.name == "label.zpl" else []
    missing = [w for w in wanted if not any(matches(w, r) for r in reads)]
    if missing:
        return False, f"zplkit's picture: {missing} not read; read {reads}"
    preview = folder / "label.png"
    if path.name == "label.zpl" and preview.exists():
        ours = preview.read_bytes()
        own_reads = zbar(ours) + zxing(ours) + maxicodes(ours, maxicode_rects(folder))
        missing = [w for w in wanted if not any(matches(w, r) for r in own_reads)]
        if missing:
            return False, f"Slip's preview: {missing} not read; read {own_reads}"
        same, words = compare_preview(labels[0].png(), preview, folder / "label.ir")
        if not same:
            return False, "against the preview: " + "; ".join(words)
        notes += words
    if wanted:
        notes.append(f"{len(wanted)} symbols read in both")
    plain = folder / "plain.zpl"
    if path.name == "out.zpl" and plain.exists():
        plain_zpl = plain.read_bytes()
        others = render(format_part(plain_zpl), Options(profile=profile, width=width, height=length, dpi=203)).labels
        if len(others) != len(labels):
            return False, f"{len(labels)} recalls for {len(others)} plain labels"
        for index, (recalled, whole) in enumerate(zip(labels, others)):
            a = Image.open(io.BytesIO(recalled.png())).convert("1")
            b = Image.open(io.BytesIO(whole.png())).convert("1")
            if a.tobytes() != b.tobytes():
                return False, f"recalled label {index + 1} differs from the plain label"
        notes.append(f"recalls equal the plain labels; {len(zpl)} bytes against {len(plain_zpl)}")
    if folder.name == "injection":
        image = Image.open(io.BytesIO(labels[0].png())).convert("1")
        black = image.histogram()[0] / (image.width * image.height)
        if len(labels) != 1 or black > 0.2:
            return False, f"injection: {len(labels)} labels, {black:.0%} black"
        # The visitor's name is one field's text, as zplkit frames the commands and ^FH decodes it.
        name = json.loads((folder / "data.json").read_text())["visitor"]["name"]
        texts = [field_text(bytes(e)) for e in parse(zpl).elements if bytes(e)[:3] == b"^FD"]
        if name not in texts:
            return False, f"injection: no field prints {name!r}; the fields are {texts}"
        notes.append(f"injection is one label, {black:.1%} black, the name printed as text")
    return True, ", ".join(notes)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--png", type=Path, help="write zplkit's picture of every label here")
    args = parser.parse_args()
    goldens = sorted(CASES.glob("*/label.zpl")) + sorted(CASES.glob("*/out.zpl"))
    failures = 0
    for path in goldens:
        ok, note = check_case(path, args.png)
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {path.parent.name}/{path.name}: {note}")
    print(f"zpl-check: {len(goldens) - failures} of {len(goldens)} ZPL goldens pass zplkit and zbarimg")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
