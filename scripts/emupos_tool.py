"""Slip's ESC/POS output through emupos, an independent ESC/POS printer emulator.

  check    every golden .bin under Tests/ESCPOSGoldenTests/Cases against emupos (scripts/emupos-check)
  preview  one template drawn as a PNG by emupos (scripts/emupos-preview)

Runs in the venv scripts/emupos-env makes: emupos 0.4.0 is pinned, since `_parse_profile` and
`Printer` are what its own docs call internal.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import unicodedata
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from emupos.config import PrinterProfile, _parse_profile
from emupos.events import EventType
from emupos.printer.escpos.glyphs import python_codec
from emupos.printer.escpos.model import PrintModel
from emupos.printer.printer import Printer

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "Tests" / "ESCPOSGoldenTests" / "Cases"
OWN_PROFILES = Path(__file__).resolve().parent / "emupos-profiles"
# Printers emupos has a profile of its own for: the check uses those, not ours.
EMUPOS_PROFILES = {"epson-tm-t20iii", "xprinter-xp80t", "rongta-rp326"}
# The clock of the golden renders (ESCPOSGoldenTests.now).
SOURCE_DATE_EPOCH = "1764511509"
# Pages Slip never uses for text: PC864's byte 0x25 is not '%'.
PAGES_NOT_FOR_TEXT = {"PC864", "KATAKANA"}


def emupos_profile(printer_id: str) -> PrinterProfile:
    if printer_id in EMUPOS_PROFILES:
        path = resources.files("emupos").joinpath("profiles", "printers", f"{printer_id}.yaml")
    else:
        path = OWN_PROFILES / f"{printer_id}.yaml"
    profile = _parse_profile(path.read_text(), printer_id)
    assert isinstance(profile, PrinterProfile)
    return profile


def profile_from_slip(profile_json: dict) -> PrinterProfile:
    """An emupos profile with a Slip profile's geometry and code pages (for previews)."""
    fonts = profile_json["fonts"]
    font_b = fonts.get("B", fonts["A"])
    pages = {int(number): name for number, name in profile_json["codePages"].items()}
    return PrinterProfile(
        type="printer",
        name=profile_json.get("name", profile_json["id"]),
        dpi=profile_json["dpi"],
        width_dots=profile_json["dots"],
        font_a={"width": fonts["A"]["width"], "height": fonts["A"]["height"]},
        font_b={"width": font_b["width"], "height": font_b["height"]},
        code_pages=pages,
        default_code_page=min(pages),
        drawer_sensor_open_level="high",
    )


@dataclass
class Emulated:
    text: str
    pngs: list[bytes]
    unknown: list[str]
    unsupported_pages: list[str]
    drawer_kicks: int


# emupos's text dump holds each character once, whatever its size. Slip's text view shows a
# magnified run's characters once too, but follows the run with the paper columns they cover
# beyond their own, so what comes after it (a `<size 2x2>` cell's table rule) sits where the paper
# has it. The dump is read the same way here: the text of each print command emupos prints at
# width N is followed by (N - 1) spaces a character (the width is emupos's own state when it
# prints, not Slip's word).
_print_text = PrintModel._print_text


def _print_text_in_paper_columns(self: PrintModel, data: bytes) -> None:
    magnified = self.settings.width
    receipt = self.receipt
    # A run split into several print commands (a code page switched mid-word) is padded once,
    # at its end, as Slip's view pads the run: the padding so far moves behind the new text.
    pending, width = getattr(receipt, "_slip_padding", (0, 1))
    if magnified == 1:
        receipt._slip_padding = (0, 1)
        return _print_text(self, data)
    if pending and width == magnified and receipt._line_text.endswith(" " * pending):
        receipt._line_text = receipt._line_text[:-pending]
    else:
        pending = 0
    before = receipt._line_text
    result = _print_text(self, data)
    if self.receipt is receipt and receipt._line_text.startswith(before):
        pending += (len(receipt._line_text) - len(before)) * (magnified - 1)
        receipt._line_text += " " * pending
        receipt._slip_padding = (pending, magnified)
    return result


PrintModel._print_text = _print_text_in_paper_columns


def emulate(profile: PrinterProfile, data: bytes) -> Emulated:
    printer = Printer("slip", profile, sensor_open_level="high", job_idle_timeout_ms=1000)
    out = (
        printer.open_connection("c", 0.0)
        + printer.receive("c", data, 0.0)
        + printer.close_connection("c", 0.0)
    )
    return Emulated(
        text="".join(receipt.text for receipt in out.receipts),
        pngs=[receipt.png for receipt in out.receipts],
        unknown=[json.dumps(e.data) for e in out.events if e.type == EventType.PRINTER_COMMAND_UNKNOWN],
        unsupported_pages=[
            json.dumps(e.data) for e in out.events if e.type == EventType.PRINTER_CODEPAGE_UNSUPPORTED
        ],
        drawer_kicks=sum(1 for e in out.events if e.type == EventType.DRAWER_OPENED),
    )


def printable_on(text: str, profile: PrinterProfile) -> str:
    """Slip's text as this printer can print it, by the issue's rule: a character no code page of
    the printer has becomes '?' (two columns wide: '?' and a space); invisible ones vanish."""
    codecs = [
        codec
        for name in profile.code_pages.values()
        if name not in PAGES_NOT_FOR_TEXT and (codec := python_codec(name)) is not None
    ]
    out = []
    for character in text:
        if character == "\n" or " " <= character <= "~":
            out.append(character)
            continue
        if unicodedata.category(character) in ("Mn", "Me", "Cf") or character == "\u00ad":
            continue
        left_to_right = unicodedata.bidirectional(character) not in ("R", "AL", "AN", "NSM")
        if left_to_right and any(_encodes(codec, character) for codec in codecs):
            out.append(character)
        else:
            wide = unicodedata.east_asian_width(character) in ("W", "F")
            out.append("? " if wide else "?")
    return "".join(out)


def _encodes(codec: str, character: str) -> bool:
    try:
        encoded = character.encode(codec)
    except UnicodeEncodeError:
        return False
    return len(encoded) == 1 and encoded[0] >= 0x80


def without_trailing_blank_lines(text: str) -> str:
    return text.rstrip("\n") + "\n"


# Pictures: Slip's text shows `[logo.png 96x48]` where the picture sits, emupos `[image 96x48]`
# (its width rounded up to whole bytes); both become `[image]` before comparing. The image
# commands' bytes are fixed by Tests/SlipESCPOSTests/ImageTests.swift (emupos drew all three
# image modes pixel-exact when they were written); this check is about text and commands.
# Barcodes and QR codes: Slip shows them as `[qr DATA]`, emupos as `[qr DATA]` when the printer
# draws them itself and as `[image WxH]` when they are sent as raster.
_SYMBOLOGIES = (
    "code128|ean13|ean8|upca|upce|code39|itf|codabar|code93|databar|gs1-128|qr|pdf417|datamatrix|aztec"
)
_SLIP_IMAGE = re.compile(rf"^ *\[(?:[^\]]+ \d+x\d+|(?:{_SYMBOLOGIES}) .*)\]$", re.MULTILINE)
_EMUPOS_IMAGE = re.compile(r"^\[(?:image \d+x\d+|qr .*|barcode .*)\]$", re.MULTILINE)


def images_as_placeholders(text: str, pattern: re.Pattern[str]) -> str:
    return pattern.sub("[image]", text)


# Columns side by side with a picture in them (`band` in the IR) print as one picture of the band:
# `--target text` shows the columns' text, emupos one `[image WxH]`. The band's lines are found by
# counting the lines `--target text` gives each block of the IR (a text line or rule one, a feed
# its count, a placeholder one, a band as many as its tallest column) and become one `[image]`.
# Every symbol in a band must then decode from emupos's picture of the receipt (zbarimg).


def _text_lines(block: str) -> int:
    kind = block.split(" ", 1)[0]
    if kind in ("text", "rule", "image", "symbol"):
        return 1
    if kind == "feed":
        return int(re.search(r"lines=(\d+)", block).group(1))
    return 0


def bands(ir: str) -> list[tuple[int, int, list[str]]]:
    """Each band's first text line, its line count and the data of its symbols."""
    found = []
    line = 0
    lines = ir.splitlines()[1:]
    index = 0
    while index < len(lines):
        block = lines[index]
        index += 1
        if block.startswith(" "):
            continue
        if not block.startswith("band "):
            line += _text_lines(block)
            continue
        heights: list[int] = []
        symbols: list[str] = []
        while index < len(lines) and lines[index].startswith("  "):
            inner = lines[index]
            index += 1
            if inner.startswith("  column "):
                heights.append(0)
            elif inner.startswith("    ") and not inner.startswith("     "):
                heights[-1] += _text_lines(inner.strip())
                symbol = re.match(r'\s*symbol \S+ "((?:[^"\\]|\\.)*)"', inner)
                if symbol:
                    symbols.append(symbol.group(1))
        found.append((line, max(heights, default=0), symbols))
        line += max(heights, default=0)
    return found


def bands_as_images(text: str, found: list[tuple[int, int, list[str]]]) -> str:
    lines = text.split("\n")
    for start, count, _ in reversed(found):
        lines[start : start + count] = ["[image]"]
    return "\n".join(lines)


def decoded(png: bytes) -> set[str]:
    result = subprocess.run(["zbarimg", "-q", "--raw", "-"], input=png, capture_output=True, check=False)
    return set(result.stdout.decode(errors="replace").splitlines())


def case_inputs(folder: Path) -> tuple[Path, Path | None]:
    source = folder / "source.txt"
    if source.exists():
        lines = source.read_text().split()
        return ROOT / lines[0], (ROOT / lines[1] if len(lines) > 1 else None)
    data = folder / "data.json"
    return folder / "template.slip", (data if data.exists() else None)


def slip_render(slip: str, template: Path, data: Path | None, target: str, extra=()) -> bytes:
    command = [slip, "render", str(template), "--target", target, *extra]
    if data is not None:
        command += ["--data", str(data)]
    environment = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH)
    result = subprocess.run(command, capture_output=True, env=environment, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{result.stderr.decode()}")
    return result.stdout


def check(arguments: argparse.Namespace) -> int:
    failures: list[str] = []
    checked = 0
    png_dir = Path(arguments.png) if arguments.png else None
    for folder in sorted(path for path in CASES.iterdir() if path.is_dir()):
        template, data = case_inputs(folder)
        text = slip_render(arguments.slip, template, data, "text").decode()
        ir = slip_render(arguments.slip, template, data, "ir").decode()
        kicks_asked = sum(1 for line in ir.splitlines() if line.startswith("drawer "))
        for binary in sorted(folder.glob("*.bin")):
            printer_id = binary.stem
            where = f"{folder.name}/{binary.name}"
            profile = emupos_profile(printer_id)
            result = emulate(profile, binary.read_bytes())
            checked += 1
            problems = []
            if result.unknown:
                problems.append("unknown commands: " + "; ".join(result.unknown))
            if result.unsupported_pages:
                problems.append("unsupported code pages: " + "; ".join(result.unsupported_pages))
            if (result.drawer_kicks > 0) != (kicks_asked > 0):
                problems.append(f"drawer opened {result.drawer_kicks}x; the template asks {kicks_asked}x")
            found = bands(ir)
            expected = without_trailing_blank_lines(
                images_as_placeholders(bands_as_images(printable_on(text, profile), found), _SLIP_IMAGE)
            )
            wanted = [data for _, _, symbols in found for data in symbols]
            if wanted:
                read = set().union(*(decoded(png) for png in result.pngs))
                missing = [data for data in wanted if data not in read]
                if missing:
                    problems.append("zbarimg cannot read from emupos's picture: " + "; ".join(missing))
            actual = without_trailing_blank_lines(images_as_placeholders(result.text, _EMUPOS_IMAGE))
            if expected != actual:
                problems.append("text dump differs from 'slip render --target text':\n" + _diff(expected, actual))
            if png_dir is not None:
                png_dir.mkdir(parents=True, exist_ok=True)
                for index, png in enumerate(result.pngs):
                    suffix = f"-{index + 1}" if len(result.pngs) > 1 else ""
                    (png_dir / f"{folder.name}-{printer_id}{suffix}.png").write_bytes(png)
            if problems:
                failures.append(f"{where}:\n  " + "\n  ".join(problems))
            elif arguments.verbose:
                print(f"ok   {where}")
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    passed = checked - len(failures)
    print(f"emupos {_version()}: {checked} ESC/POS goldens checked")
    print(f"{passed} passed, {len(failures)} failed")
    if checked == 0:
        print("emupos: no goldens found under Tests/ESCPOSGoldenTests/Cases", file=sys.stderr)
        return 1
    return 1 if failures else 0


def _diff(expected: str, actual: str) -> str:
    import difflib

    lines = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), "slip --target text", "emupos", lineterm=""
    )
    return "\n".join("    " + line for line in lines)


def _version() -> str:
    from importlib.metadata import version

    return version("emupos")


def preview(arguments: argparse.Namespace) -> int:
    template = Path(arguments.template)
    data = Path(arguments.data) if arguments.data else None
    extra = ["--printer", arguments.printer] if arguments.printer else []
    payload = slip_render(arguments.slip, template, data, "escpos", extra)
    if arguments.printer:
        printer = arguments.printer
    else:
        # The CLI's default: the generic printer for the template's paper.
        ir = slip_render(arguments.slip, template, data, "ir").decode()
        printer = "generic-80" if "paper=80mm" in ir.splitlines()[0] else "generic-58"
    shown = subprocess.run(
        [arguments.slip, "printers", printer, "--json"], capture_output=True, check=True
    ).stdout
    profile = profile_from_slip(json.loads(shown))
    result = emulate(profile, payload)
    for problem in result.unknown + result.unsupported_pages:
        print(f"emupos: {problem}", file=sys.stderr)
    if not result.pngs:
        print("emupos: nothing was printed", file=sys.stderr)
        return 1
    output = Path(arguments.output or template.with_suffix(".png").name)
    for index, png in enumerate(result.pngs):
        path = output if index == 0 else output.with_name(f"{output.stem}-{index + 1}{output.suffix}")
        path.write_bytes(png)
        print(path)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check")
    checking.add_argument("--slip", required=True)
    checking.add_argument("--png", help="also write each receipt's PNG into this folder")
    checking.add_argument("-v", "--verbose", action="store_true")
    previewing = commands.add_parser("preview")
    previewing.add_argument("--slip", required=True)
    previewing.add_argument("template")
    previewing.add_argument("--data")
    previewing.add_argument("--printer")
    previewing.add_argument("-o", "--output")
    arguments = parser.parse_args()
    return check(arguments) if arguments.command == "check" else preview(arguments)


if __name__ == "__main__":
    sys.exit(main())
