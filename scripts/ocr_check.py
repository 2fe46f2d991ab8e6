"""Tesseract reads Slip's previews of the right-to-left and complex-script templates back.

Someone else's reader as the oracle of shaping: each template's preview (as `slip render
--preview` draws it) is scaled up 3x with nearest neighbour, as OCR needs, and read by
tesseract (`--psm 6`, the template's language). Every line of text the IR says the template
prints must be recovered: after NFKC normalisation and with spaces removed, the best-matching
OCR line must hold at least 95 % of its characters in order (difflib), and all of them when the
line is short (8 characters or fewer). Unshaped or reversed Arabic, or Thai and Devanagari marks
in cells of their own, read as garbage and fail.

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

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent

# Template, tesseract languages.
CASES = [
    ("souq-rtl", "ara"),
    ("ban-thai", "tha"),
    ("sammelan-badge", "hin"),
]

SCALE = int(__import__("os").environ.get("OCR_SCALE", "2"))
SHORT = 8


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
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


def ocr(png: Path, language: str, scratch: Path) -> list[str]:
    """The whole preview read as a block of lines (`--psm 6`), scaled up with nearest neighbour."""
    image = Image.open(png).convert("1")
    scaled = image.resize((image.width * SCALE, image.height * SCALE), Image.NEAREST)
    big = scratch / (png.stem + "-ocr.png")
    scaled.save(big)
    result = subprocess.run(
        ["tesseract", str(big), "-", "-l", language, "--psm", "6"],
        capture_output=True, text=True, check=True)
    return [line for line in result.stdout.splitlines() if line.strip()]


def score(expected: str, read: str) -> float:
    want = normalise(expected)
    got = normalise(read)
    matcher = difflib.SequenceMatcher(None, want, got, autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    return matched / max(1, len(want))


def check(slip: str, name: str, language: str, scratch: Path, folder: Path) -> list[str]:
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
    read: list[str] = []
    for page in pages:
        read += ocr(page, language, scratch)
    problems = []
    for line in expected_lines(ir):
        best = max(read, key=lambda candidate: score(line, candidate), default="")
        ratio = score(line, best)
        need = 1.0 if len(normalise(line)) <= SHORT else 0.95
        status = "ok " if ratio >= need else "BAD"
        print(f"  {status} {ratio:6.1%} {line!r} read as {best!r}")
        if ratio < need:
            problems.append(f"{name}: {line!r} read as {best!r} ({ratio:.1%} < {need:.0%})")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--slip", required=True)
    parser.add_argument("--only")
    parser.add_argument("--templates", default=str(ROOT / "templates"), help="where the templates are")
    args = parser.parse_args()
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        for name, language in CASES:
            if args.only and args.only != name:
                continue
            print(f"{name} (tesseract -l {language}):")
            problems += check(args.slip, name, language, Path(folder), Path(args.templates))
    if problems:
        print(f"ocr-check: {len(problems)} line(s) not read back:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print("ocr-check: every line of every preview read back")
    return 0


if __name__ == "__main__":
    sys.exit(main())
