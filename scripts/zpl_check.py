"""Slip's ZPL goldens through zplkit, an independent ZPL renderer, and zbarimg.

For every golden under Tests/SlipZPLTests/Cases (label.zpl, and out.zpl of batch cases):

  * zplkit renders it in strict mode without error, after the job and media commands it does
    not take (^MN ^PQ ~SD ^PR ...) are cut out with zplkit's own parser; a case with a
    zplkit.expected file must fail with that message instead (characters its fonts lack);
  * it renders as many labels as the file has ^XA blocks that print (not ^DF definitions);
  * zbarimg reads every symbol label.symbols lists (those zbar knows) off zplkit's picture;
  * the injection case is one label, mostly white, with no ^GB of the visitor's name in it;
  * a stored-format batch (out.zpl with plain.zpl beside it, the same records without the
    stored format) prints the same labels, pixel for pixel, as the plain one.

`--png DIR` writes each label zplkit drew. Runs in the venv scripts/zpl-env makes.
"""

import argparse
import io
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image
from zplkit import Options, render
from zplkit.parse import parse

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "Tests" / "SlipZPLTests" / "Cases"
# Commands zplkit refuses because they set up the printer or the job, not the label.
JOB_COMMANDS = {
    b"^MN", b"^MM", b"^MT", b"^MD", b"^PR", b"^PQ", b"^ML", b"^JU", b"^JM", b"^MU", b"^XB", b"^MF",
    b"~SD", b"~TA", b"~JS",
}
# zbarimg's names for the symbologies it reads; PDF417 and Data Matrix it does not.
ZBAR_NAMES = {
    "code128": "CODE-128", "ean13": "EAN-13", "ean8": "EAN-8", "upca": "UPC-A", "upce": "UPC-E",
    "code39": "CODE-39", "itf": "I2/5", "codabar": "Codabar", "qr": "QR-Code",
}


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
    for line in symbols_file.read_text().splitlines():
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


def matches(expected: tuple[str, str], read: str) -> bool:
    name, data = expected
    kind, _, got = read.partition(":")
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
    reads = []
    for index, label in enumerate(labels):
        png = label.png()
        if png_dir:
            png_dir.mkdir(parents=True, exist_ok=True)
            (png_dir / f"{folder.name}-{path.stem}-{index + 1}.png").write_bytes(png)
        reads += zbar(png)
    wanted = expected_reads(folder / "label.symbols") if path.name == "label.zpl" else []
    missing = [w for w in wanted if not any(matches(w, r) for r in reads)]
    if missing:
        return False, f"zbarimg did not read {missing}; it read {reads}"
    if wanted:
        notes.append(f"{len(wanted)} symbols read")
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
        notes.append(f"injection is one label, {black:.1%} black")
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
