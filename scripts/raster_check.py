"""Slip's raster engine checked by emupos, an ESC/POS printer emulator written by others.

  raster  `slip render --raster --preview P.png`: emupos's picture of the bytes must be
          pixel-identical to Slip's own preview, page for page (emupos draws GS v 0, GS ( L and
          ESC * images dot for dot); the same with the profile narrowed to each image command
  text    `slip render` in text mode: emupos's text dump must equal `slip render --target text`,
          where the lines Slip sends as images (characters no code page of the printer has) and
          pictures are `[image]` on both sides

Cases: every folder of Tests/SlipRasterTests/Cases (template or source.txt, options.txt with the
printer), and the receipts of templates/ and docs/cookbook/ on every built-in printer of their
paper. Runs in the venv scripts/emupos-env makes (emupos 0.4.0 pinned).
"""

import argparse
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

from PIL import Image, ImageChops

sys.path.insert(0, str(Path(__file__).resolve().parent))
from emupos_tool import (  # noqa: E402
    _EMUPOS_IMAGE,
    _SLIP_IMAGE,
    bands,
    bands_as_images,
    emulate,
    emupos_profile,
    profile_from_slip,
)
from emupos.printer.escpos.glyphs import python_codec  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "Tests" / "SlipRasterTests" / "Cases"
SOURCE_DATE_EPOCH = "1764511509"
# Pages Slip never uses for text (as scripts/emupos_tool.py).
PAGES_NOT_FOR_TEXT = {"PC864", "KATAKANA"}
BUILT_IN = {
    "58mm": ["generic-58", "epson-tm-t20iii", "epson-tm-t88", "rongta-rp326"],
    "80mm": ["generic-80", "epson-tm-t20iii", "xprinter-xp80t"],
}
# Pictures and symbols: Slip's text shows `[logo.png 96x48]` and `[qr DATA]`, emupos `[image WxH]`
# (or `[qr DATA]` for a QR code the printer draws itself): both are `[image]` here, as in
# scripts/emupos_tool.py.
SLIP_PICTURE = re.compile(_SLIP_IMAGE.pattern)
EMUPOS_PICTURE = re.compile(_EMUPOS_IMAGE.pattern)


class Case:
    def __init__(self, name: str, template: Path, data: Path | None, printer: str):
        self.name, self.template, self.data, self.printer = name, template, data, printer

    def render(self, slip: str, *extra: str) -> subprocess.CompletedProcess:
        # The golden cases share pictures, so their root is the folder of cases.
        root = CASES if CASES in self.template.parents else self.template.parent
        command = [slip, "render", str(self.template), "--root", str(root), *extra]
        if "text" not in extra and "ir" not in extra:
            command += ["--printer", self.printer]
        if self.data is not None:
            command += ["--data", str(self.data)]
        environment = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH)
        result = subprocess.run(command, capture_output=True, env=environment, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stderr.decode()}")
        return result


def cases(slip: str, scratch: Path) -> list[Case]:
    found = []
    for folder in sorted(path for path in CASES.iterdir() if path.is_dir()):
        source = folder / "source.txt"
        if source.exists():
            paths = source.read_text().split()
            template, data = ROOT / paths[0], (ROOT / paths[1] if len(paths) > 1 else None)
        elif (folder / "template.slip").exists():
            template, data = folder / "template.slip", folder / "data.json"
            data = data if data.exists() else None
        else:
            continue
        options = (folder / "options.txt").read_text().split() if (folder / "options.txt").exists() else []
        printers = [word.removeprefix("printer=") for word in options if word.startswith("printer=")]
        printer = str(folder / printers[0]) if printers and printers[0].endswith(".json") else None
        printer = printer or (printers[0] if printers else None)
        if printer is None:
            header = template.read_text()
            printer = "generic-80" if "paper=80mm" in header else "generic-58"
        found.append(Case(folder.name, template, data, printer))
    # The bundled receipts (templates/ and the cookbook's) on every built-in printer of their
    # paper, and on the generic printer narrowed to each image command in turn.
    bundled = sorted((ROOT / "templates").glob("*.slip")) + sorted((ROOT / "docs" / "cookbook").glob("*.slip"))
    for template in bundled:
        header = next(line for line in template.read_text().splitlines() if line and not line.startswith("#"))
        if not header.startswith("receipt"):
            continue
        name, paper = template.stem, "80mm" if "paper=80mm" in header else "58mm"
        data = template.with_suffix(".json") if template.with_suffix(".json").exists() else None
        for printer in BUILT_IN[paper]:
            found.append(Case(f"{name}@{printer}", template, data, printer))
        generic = "generic-58" if paper == "58mm" else "generic-80"
        shown = json.loads(subprocess.run([slip, "printers", generic, "--json"], capture_output=True, check=True).stdout)
        for command in ("raster", "graphics", "column"):
            profile = dict(shown, id=f"{generic}-{command}")
            profile["images"] = {"raster": command == "raster", "graphics": command == "graphics", "column": command == "column"}
            path = scratch / f"{generic}-{command}.json"
            path.write_text(json.dumps(profile))
            found.append(Case(f"{name}@{generic}-{command}", template, data, str(path)))
    return found


def emupos_profile_for(slip: str, printer: str):
    if printer.endswith(".json"):
        shown = subprocess.run([slip, "printers", printer, "--json"], capture_output=True, check=True).stdout
        return profile_from_slip(json.loads(shown))
    return emupos_profile(printer)


def stacked(images: list[Image.Image]) -> Image.Image | None:
    """Pages one under the other: emupos makes a page per cut only where the printer cuts."""
    if not images:
        return None
    width = max(image.width for image in images)
    out = Image.new("1", (width, sum(image.height for image in images)), 1)
    top = 0
    for image in images:
        out.paste(image, (0, top))
        top += image.height
    return out


def check_raster(slip: str, case: Case, profile, scratch: Path) -> list[str]:
    preview = scratch / f"{case.name.replace('@', '-')}.png"
    data = case.render(slip, "--raster", "--preview", str(preview), "-o", "-").stdout
    pages = [preview] + sorted(scratch.glob(f"{preview.stem}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    ours = stacked([Image.open(page).convert("1") for page in pages if page.exists()])
    result = emulate(profile, data)
    theirs = stacked([Image.open(io.BytesIO(png)).convert("1") for png in result.pngs])
    problems = ["unknown commands: " + "; ".join(result.unknown)] if result.unknown else []
    if ours is None or theirs is None:
        return problems + ["nothing printed"]
    if ours.size != theirs.size:
        return problems + [f"emupos drew {theirs.size[0]}x{theirs.size[1]}, the preview is {ours.size[0]}x{ours.size[1]}"]
    box = ImageChops.difference(ours, theirs).getbbox()
    if box is not None:
        problems.append(f"emupos's picture differs from the preview within {box}")
    for page in pages:
        page.unlink(missing_ok=True)
    return problems


def needs_image(line: str, codecs: list[str]) -> bool:
    """Whether Slip sends this text line as an image: a character no code page has, or a script
    that needs shaping (Slip's code pages hold Arabic and Hebrew letters only unjoined and left
    to right, so it never prints them as text)."""
    shaping = [(0x0590, 0x08FF), (0x0900, 0x0DFF), (0x0E00, 0x0FFF), (0x1000, 0x109F), (0x1780, 0x17FF),
               (0x19E0, 0x19FF), (0xA8E0, 0xA8FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFE)]
    # The baht sign is a currency symbol in a cell of its own (SlipIR's TextShaping).
    if any(low <= ord(ch) <= high and ch != "\u0e3f" for ch in line for low, high in shaping):
        return True
    for character in line:
        if " " <= character <= "~" or unicodedata.category(character) in ("Mn", "Me", "Cf", "Cc"):
            continue
        if character == "\u00ad" or "\ufe00" <= character <= "\ufe0f":
            continue
        if not any(encodes(codec, character) for codec in codecs):
            return True
    return False


def encodes(codec: str, character: str) -> bool:
    try:
        encoded = character.encode(codec)
    except UnicodeEncodeError:
        return False
    return len(encoded) == 1 and encoded[0] >= 0x80


def comparable(lines: list[str]) -> list[str]:
    """Lines to compare: blank paper (feeds, and the feed before each cut, which Slip's text does
    not show) is left out, as raster mode checks it dot for dot; an image printed as several
    bands (`ESC *` prints 24 rows at a time) is one `[image]`."""
    out: list[str] = []
    for line in lines:
        if line.strip() and not (line == "[image]" and out and out[-1] == "[image]"):
            out.append(line)
    return out


def check_text(slip: str, case: Case, profile) -> list[str]:
    # Columns side by side with a picture print as one picture of them (scripts/emupos_tool.py).
    ir = case.render(slip, "--target", "ir").stdout.decode()
    text = bands_as_images(case.render(slip, "--target", "text").stdout.decode(), bands(ir))
    data = case.render(slip, "-o", "-").stdout
    codecs = [
        codec
        for name in profile.code_pages.values()
        if name not in PAGES_NOT_FOR_TEXT and (codec := python_codec(name)) is not None
    ]
    expected = [
        "[image]" if SLIP_PICTURE.match(line) or needs_image(line, codecs) else line for line in text.split("\n")
    ]
    result = emulate(profile, data)
    actual = ["[image]" if EMUPOS_PICTURE.match(line) else line for line in result.text.split("\n")]
    problems = ["unknown commands: " + "; ".join(result.unknown)] if result.unknown else []
    if result.unsupported_pages:
        problems.append("unsupported code pages: " + "; ".join(result.unsupported_pages))
    expected_text = "\n".join(comparable(expected))
    actual_text = "\n".join(comparable(actual))
    if expected_text != actual_text:
        import difflib

        diff = difflib.unified_diff(expected_text.split("\n"), actual_text.split("\n"), "slip", "emupos", lineterm="")
        problems.append("text dump differs:\n" + "\n".join("    " + line for line in diff))
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--slip", required=True)
    parser.add_argument("-v", "--verbose", action="store_true")
    arguments = parser.parse_args()
    failures = []
    checked = 0
    with tempfile.TemporaryDirectory(prefix="slip-raster-check-") as folder:
        scratch = Path(folder)
        for case in cases(arguments.slip, scratch):
            profile = emupos_profile_for(arguments.slip, case.printer)
            for mode, problems in (
                ("raster", check_raster(arguments.slip, case, profile, scratch)),
                ("text", check_text(arguments.slip, case, profile)),
            ):
                checked += 1
                if problems:
                    failures.append(f"{case.name} ({mode} mode):\n  " + "\n  ".join(problems))
                elif arguments.verbose:
                    print(f"ok   {case.name} ({mode} mode)")
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    from importlib.metadata import version

    print(f"emupos {version('emupos')}: {checked} raster-engine checks (raster mode pixel for pixel, text mode text)")
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
