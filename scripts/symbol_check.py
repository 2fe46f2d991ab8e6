"""Do Slip's barcodes and QR codes scan? An independent check, run by scripts/symbol-check.

Each case is a one-symbol receipt whose data comes from JSON; so is each bundled receipt under
templates/ and docs/cookbook/ with its sample data (every symbol it prints is read, in a band of
columns side by side too). `slip render` turns them into
the ESC/POS bytes of these printers, and emupos (an ESC/POS emulator written by others) draws
each as that printer would print it:

  generic-58       no native symbols: every symbol is zint's modules sent as a raster picture
  generic-80       native barcodes (GS k) where Slip sends them, QR codes as raster: Code 128,
                   EAN-13, EAN-8, UPC-A and UPC-E must go natively (Code 39, ITF and Codabar
                   cannot: printers draw their wide bars about 2.5 narrow ones wide, zint 2 or 3)
  epson-tm-t20iii  native barcodes and native QR codes (GS ( k) where Slip sends them, and
  xprinter-xp80t   so do these two, whose profiles are emupos's own
  rongta-rp326

The same `slip render` writes its `--preview` of each printer, which is decoded as well, and a
symbol the printer draws natively must be as wide in emupos's picture as in the preview. Label
templates are read from their previews. Each picture gets a white margin (the page's, so a
symbol crowded by its neighbours still fails) and goes to zbarimg (Debian's zbar-tools) for
linear barcodes and QR codes, or zxing-cpp (PyPI) for PDF417, Data Matrix and Aztec, which zbar
cannot read. The decoded text must equal the data: with the check digit Slip added, and, as zbar
reports UPC-A and UPC-E as EAN-13, as the EAN-13 of the UPC-A number.
"""

import argparse
import io
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import zxingcpp
from PIL import Image, ImageOps

sys.path.insert(0, str(Path(__file__).resolve().parent))
from emupos_tool import emulate, emupos_profile  # noqa: E402 (a sibling script)

# A 300-character e-receipt link and Indonesian text with a character ISO-8859-1 lacks (the em
# dash): the same strings as Tests/SlipSymbolsTests' Samples.
LONG_URL = (
    "https://struk.kopisenja.id/e/INV-2026-000123?sig=" + "a1B2c3D4e5F6g7H8" * 20
)[:300]
INDONESIAN = "Terima kasih, Bu Siti — sampai jumpa di Kafé Senja! Nasi goreng spésial"
LATIN1 = "Café Pâtisserie: crème brûlée, 2× Rp 25.000"

# Symbologies emupos 0.4.0 draws when a printer is sent them natively (validators.md).
EMUPOS_NATIVE = {"code128", "gs1-128", "ean13", "ean8", "upca", "code39", "itf", "qr"}
# Symbologies Slip must send by GS k to a printer with native barcodes (unless in raster mode):
# the printer draws the same modules as zint, in the code sets zint chose (GS1-128 as Code 128
# with zint's FNC1s).
NATIVE_LINEAR = {"code128", "gs1-128", "ean13", "ean8", "upca", "upce"}


def must_go_native(symbol: "Case") -> bool:
    """Whether a printer with GS k must be sent the symbol natively: UPC-E of number system 1
    cannot be (GS k takes number system 0 only)."""
    return symbol.symbology in NATIVE_LINEAR and not (
        symbol.symbology == "upce" and symbol.data.startswith("1")
    )

# What zxing-cpp reads (zbarimg's names for them); everything else goes to zbarimg.
ZXING_KINDS = {"PDF417", "DataMatrix", "Aztec"}
# The printers a case goes to, with `slip render` flags: for 80 mm, native barcodes with raster
# QR, then three with native QR of their own kinds (emupos's own profiles of them), and one of
# them in raster mode (the whole receipt as GS v 0, drawn as the preview).
PRINTERS_58 = [("generic-58", [])]
PRINTERS_80 = [
    ("generic-80", []),
    ("epson-tm-t20iii", []),
    ("epson-tm-t20iii", ["--raster"]),
    ("xprinter-xp80t", []),
    ("rongta-rp326", []),
]
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
COOKBOOK = Path(__file__).resolve().parent.parent / "docs" / "cookbook"


@dataclass
class Case:
    name: str
    symbology: str
    data: str
    options: str = ""
    # Why a case goes to zxing-cpp although zbar reads its symbology, when it does.
    zxing_because: str = ""


CASES = [
    Case("code128", "code128", "INV-2026-000123"),
    Case("code128-symbols", "code128", "No. 42/b (x)"),
    Case("ean13-check-added", "ean13", "400638133393"),
    Case("ean13-check-given", "ean13", "8991234567891"),
    Case("ean8", "ean8", "1234567"),
    Case("upca", "upca", "03600029145"),
    Case("upce", "upce", "0123456"),
    Case("upce-system-1", "upce", "11234562", zxing_because="zbar 0.23 reads UPC-E of number system 0 only"),
    Case("code39", "code39", "AB-12 $/+%."),
    Case("itf", "itf", "12345678"),
    Case("codabar", "codabar", "A40156B"),
    Case("code93", "code93", "INV-93/lunas"),
    Case("databar", "databar", "0950600013435"),
    Case("databar-ai", "databar", "(01)09506000134352"),
    # GS1 bracket form: a fixed-length field last, then a variable-length one followed by another
    # (an FNC1 separates them: `{1` in the printer's data where it goes natively).
    Case("gs1-128", "gs1-128", "(01)09506000134352(10)ABC"),
    Case("gs1-128-separated", "gs1-128", "(10)AB12(17)271231"),
    Case("aztec", "aztec", "INV-2026-000123 https://kopi.id/r/42"),
    Case("aztec-indonesian", "aztec", INDONESIAN),
    Case("qr", "qr", "https://kopi.id/r/42"),
    Case("qr-module-2", "qr", "https://kopi.id/r/42", "size=2"),
    Case("qr-url-300", "qr", LONG_URL),
    Case("qr-latin1", "qr", LATIN1),
    # Latin-1 without an ECI was read as Shift-JIS: "½" as "ｽ" by both readers (issue 22).
    Case("qr-latin1-half", "qr", "½"),
    Case("qr-latin1-short", "qr", "Bakar ño Kembali"),
    Case("datamatrix-latin1", "datamatrix", "Bakar ño Kembali ½"),
    Case("qr-indonesian", "qr", INDONESIAN, "ecc=Q"),
    Case("qr-ecc-h", "qr", "JTW26-000451", "ecc=H"),
    Case("pdf417", "pdf417", "Terima kasih! INV-2026-000123"),
    Case("pdf417-indonesian", "pdf417", INDONESIAN),
    Case("datamatrix", "datamatrix", "INV-2026-000123"),
    Case("datamatrix-indonesian", "datamatrix", INDONESIAN),
]


# MARK: What a scanner should read


def check_digit(digits: str) -> str:
    """The GS1 check digit: weights 3 and 1 alternating from the right."""
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))
    return str((10 - total % 10) % 10)


def upce_to_upca(upce: str) -> str:
    """UPC-E's number system and six digits as the eleven digits of UPC-A (no check digit)."""
    system, d = upce[0], upce[1:7]
    last = d[5]
    if last in "012":
        body = d[0:2] + last + "0000" + d[2:5]
    elif last == "3":
        body = d[0:3] + "00000" + d[3:5]
    elif last == "4":
        body = d[0:4] + "00000" + d[4]
    else:
        body = d[0:5] + "0000" + last
    return system + body


# GS1 Application Identifiers whose data has a fixed length (GS1 General Specifications,
# figure 5.10.1-2): any other field ends with FNC1 when another follows it.
GS1_FIXED = {"00": 18, "01": 14, "02": 14, "03": 14, "04": 16, "11": 6, "12": 6, "13": 6, "14": 6,
             "15": 6, "16": 6, "17": 6, "18": 6, "19": 6, "20": 2, "31": 6, "32": 6, "33": 6, "34": 6,
             "35": 6, "36": 6, "41": 13}


def gs1_128_reads(data: str) -> set[str]:
    """What zbarimg reads of GS1-128 in bracket form: the element strings without brackets,
    a group separator (FNC1) after each variable-length field but the last; or none at all."""
    fields = re.findall(r"\((\d+)\)([^(]*)", data)
    plain = "".join(ai + value for ai, value in fields)
    separated = ""
    for index, (ai, value) in enumerate(fields):
        separated += ai + value
        if index < len(fields) - 1 and ai[:2] not in GS1_FIXED:
            separated += "\x1d"
    return {f"CODE-128:{plain}", f"CODE-128:{separated}"}


def expected_reads(case: Case) -> set[str]:
    """What a reader may print for the case, as `TYPE:text` (zbarimg's names)."""
    data = case.data
    if case.symbology == "ean13":
        return {f"EAN-13:{data[:12]}{check_digit(data[:12])}"}
    if case.symbology == "ean8":
        return {f"EAN-8:{data[:7]}{check_digit(data[:7])}"}
    if case.symbology == "upca":
        upca = data[:11] + check_digit(data[:11])
        return {f"EAN-13:0{upca}", f"UPC-A:{upca}"}
    if case.symbology == "databar":
        # zbar reads the GTIN with its Application Identifier and check digit: 01 and 14 digits.
        gtin = data.removeprefix("(01)")[:13]
        return {f"DataBar:01{gtin}{check_digit(gtin)}"}
    if case.symbology == "upce":
        upca = upce_to_upca(data[:7])
        upca += check_digit(upca)
        # zxing-cpp reports UPC-E as the EAN-13 number too, under its own name.
        return {f"EAN-13:0{upca}", f"UPC-E:0{upca}", f"UPC-E:{data[:7]}{upca[-1]}"}
    if case.symbology == "gs1-128":
        return gs1_128_reads(data)
    names = {
        "code128": "CODE-128",
        "code39": "CODE-39",
        "code93": "CODE-93",
        "itf": "I2/5",
        "codabar": "Codabar",
        "qr": "QR-Code",
        "pdf417": "PDF417",
        "datamatrix": "DataMatrix",
        "aztec": "Aztec",
    }
    return {f"{names[case.symbology]}:{data}"}


# MARK: Reading pictures


def with_quiet_zones(png: bytes) -> Image.Image:
    """The picture in grey with a white margin of 40 pixels, more than any quiet zone needs."""
    image = Image.open(io.BytesIO(png)).convert("L")
    return ImageOps.expand(image, border=40, fill=255)


def read_with_zbar(image: Image.Image, folder: Path) -> list[str]:
    path = folder / "scan.png"
    image.save(path)
    result = subprocess.run(
        ["zbarimg", "-q", "-Scodabar.enable", str(path)], capture_output=True, check=False
    )
    if result.returncode not in (0, 4):  # 4: nothing found
        raise RuntimeError(f"zbarimg failed: {result.stderr.decode(errors='replace')}")
    # Lines at line feeds only: GS1 data holds group separators, which splitlines() splits at.
    return [line for line in result.stdout.decode().split("\n") if line]


def read_with_zxing(image: Image.Image, kinds: set[str]) -> list[str]:
    """What zxing-cpp reads of the `kinds` given (zbarimg's job is left to zbarimg)."""
    names = {
        zxingcpp.BarcodeFormat.PDF417: "PDF417",
        zxingcpp.BarcodeFormat.DataMatrix: "DataMatrix",
        zxingcpp.BarcodeFormat.Aztec: "Aztec",
    }
    reads = [
        f"{names.get(result.format, str(result.format))}:{result.text}"
        for result in zxingcpp.read_barcodes(image)
    ]
    return [read for read in reads if read.split(":", 1)[0] in kinds]


def symbol_span(png: bytes) -> tuple[int, int] | None:
    """Where zxing-cpp finds the one symbol in the picture: its left edge and width in pixels
    (dots)."""
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)).convert("L"))
    if len(results) != 1:
        return None
    corners = results[0].position
    xs = [corners.top_left.x, corners.top_right.x, corners.bottom_left.x, corners.bottom_right.x]
    return min(xs), max(xs) - min(xs) + 1


def kind(read: str) -> str:
    return read.split(":", 1)[0]


def read_all(png: bytes, expected: list[set[str]], folder: Path, zxing_kinds: set[str]) -> list[str]:
    """Everything the readers find in the picture: zbarimg when a symbol it reads is expected,
    zxing-cpp for the kinds it is asked for."""
    image = with_quiet_zones(png)
    wanted = {kind(read) for reads in expected for read in reads}
    reads = []
    if wanted - zxing_kinds:
        reads += read_with_zbar(image, folder)
    if wanted & zxing_kinds:
        reads += read_with_zxing(image, wanted & zxing_kinds)
    return reads


def unmatched(expected: list[set[str]], reads: list[str]) -> tuple[list[set[str]], list[str]]:
    """The symbols no read matches, and the reads no symbol explains."""
    left = list(reads)
    missing = []
    for choices in expected:
        match = next((read for read in left if read in choices), None)
        if match is None:
            missing.append(choices)
        else:
            left.remove(match)
    return missing, left


# MARK: Rendering


def template_for(case: Case, paper: int) -> str:
    statement = "qr" if case.symbology == "qr" else f"barcode {case.symbology}"
    return (
        f"receipt paper={paper}mm\n"
        f'text "{case.name}"\n'
        f'{statement} "{{{{ data }}}}" {case.options} align=center\n'
        'text "end"\n'
    )


def slip(arguments: list[str], slip_bin: str) -> bytes:
    result = subprocess.run([slip_bin, *arguments], capture_output=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"slip {' '.join(arguments)}: {result.stderr.decode(errors='replace')}")
    return result.stdout


# Top-level symbols, and those in a band of columns side by side (indented under `column`).
_IR_SYMBOL = re.compile(r'^(?:    )*symbol ([\w-]+) "((?:[^"\\]|\\.)*)"', re.MULTILINE)
_IR_ESCAPE = re.compile(r'\\(u\{[0-9a-f]+\}|.)')


def symbols_in_ir(ir: str) -> list[Case]:
    """The symbols of an IR dump (`symbol qr "DATA" …` lines, in bands too), data unescaped."""

    def unescape(match: re.Match[str]) -> str:
        escaped = match.group(1)
        return chr(int(escaped[2:-1], 16)) if escaped.startswith("u{") else escaped

    # Aztec, MaxiCode and GS1 Data Matrix are read by zpl-check (scripts/zpl_check.py).
    return [
        Case(match.group(1), match.group(1), _IR_ESCAPE.sub(unescape, match.group(2)))
        for match in _IR_SYMBOL.finditer(ir)
        if match.group(1) not in ("aztec", "maxicode", "gs1-datamatrix")
    ]


class Check:
    """Renders, draws, decodes and compares; keeps the score."""

    def __init__(self, slip_bin: str, folder: Path, keep: Path | None, verbose: bool):
        self.slip_bin = slip_bin
        self.folder = folder
        self.keep = keep
        self.verbose = verbose
        self.failures: list[str] = []
        self.decoded = 0
        self.skipped = 0
        self.compared = 0

    def pictures(self, name: str, template: Path, data: Path, printers: list[tuple[str, list[str]]], symbols):
        """(where, PNG) for each printer: emupos's drawing of `slip render`'s bytes, and the
        preview `slip render --preview` drew of the same."""
        symbologies = {symbol.symbology for symbol in symbols}
        natives = sum(1 for symbol in symbols if must_go_native(symbol))
        out: list[tuple[str, bytes]] = []
        for printer, flags in printers:
            who = " ".join([printer, *flags])
            preview = self.folder / "preview.png"
            for old in self.folder.glob("preview*.png"):
                old.unlink()
            command = ["render", str(template), "--data", str(data), "--printer", printer, *flags]
            command += ["--preview", str(preview), "-o", "-"]
            try:
                payload = slip(command, self.slip_bin)
            except RuntimeError as error:
                self.failures.append(f"{name} on {who}: {error}")
                continue
            native = b"\x1dk" in payload or b"\x1d(k" in payload
            native_barcodes = printer != "generic-58" and "--raster" not in flags
            if native_barcodes and payload.count(b"\x1dk") < natives:
                self.failures.append(f"{name} on {who}: a barcode went as raster, not by GS k")
            if native and symbologies - EMUPOS_NATIVE:
                self.skipped += 1
                print(f"skip {name} on {who}: sent natively, which emupos does not draw")
            else:
                result = emulate(emupos_profile(printer), payload)
                if result.unknown:
                    self.failures.append(f"{name} on {who}: emupos met unknown commands {result.unknown}")
                else:
                    how = "native" if native else "raster"
                    out += [(f"{who} ({how})", png) for png in result.pngs]
            out += [(f"{who} preview", path.read_bytes()) for path in sorted(self.folder.glob("preview*.png"))]
        return out

    def label_pictures(self, name: str, template: Path, data: Path) -> list[tuple[str, bytes]]:
        """A label's preview, as the label rasterizer draws what the Zebra prints."""
        for old in self.folder.glob("preview*.png"):
            old.unlink()
        preview = self.folder / "preview.png"
        try:
            slip(["render", str(template), "--data", str(data), "--preview", str(preview), "-o", "-"], self.slip_bin)
        except RuntimeError as error:
            self.failures.append(f"{name} preview: {error}")
            return []
        return [("label preview", path.read_bytes()) for path in sorted(self.folder.glob("preview*.png"))]

    def same_size(self, name: str, pictures: list[tuple[str, bytes]]) -> None:
        """A symbol the printer draws itself is as wide as the preview shows it, and where it
        shows it (within a dot or two of reader rounding): the preview is what that printer
        prints."""
        drawn = {where.rsplit(" (", 1)[0]: png for where, png in pictures if where.endswith("(native)")}
        for where, png in pictures:
            printer = where.removesuffix(" preview")
            if not where.endswith(" preview") or printer not in drawn:
                continue
            printed, previewed = symbol_span(drawn[printer]), symbol_span(png)
            if printed is None or previewed is None:
                continue
            self.compared += 1
            if abs(printed[1] - previewed[1]) > 2:
                self.failures.append(
                    f"{name} on {printer}: printed natively {printed[1]} dots wide, the preview shows {previewed[1]}"
                )
            if abs(printed[0] - previewed[0]) > 2:
                self.failures.append(
                    f"{name} on {printer}: printed natively from dot {printed[0]}, the preview from {previewed[0]}"
                )

    def decode(self, name: str, pictures, expected: list[set[str]], zxing_kinds: set[str]) -> None:
        for where, png in pictures:
            if self.keep:
                slug = where.replace(" --", "-").replace(" (", "-").replace(")", "").replace(" ", "-")
                (self.keep / f"{name}-{slug}.png").write_bytes(png)
            reads = read_all(png, expected, self.folder, zxing_kinds)
            missing, extra = unmatched(expected, reads)
            if missing or extra:
                wanted = [sorted(choices)[0] for choices in missing]
                self.failures.append(f"{name} on {where}: read {reads or 'nothing'}; missing {wanted}")
                continue
            self.decoded += 1
            if self.verbose:
                print(f"ok   {name} on {where}: " + "; ".join(read[:60] for read in reads))

    def case(self, case: Case) -> None:
        data = self.folder / "data.json"
        data.write_text(json.dumps({"data": case.data}, ensure_ascii=False))
        pictures = []
        for paper, printers in ((58, PRINTERS_58), (80, PRINTERS_80)):
            template = self.folder / f"{paper}.slip"
            template.write_text(template_for(case, paper))
            pictures += self.pictures(case.name, template, data, printers, [case])
        self.same_size(case.name, pictures)
        zxing_kinds = {kind(read) for read in expected_reads(case)} if case.zxing_because else ZXING_KINDS
        self.decode(case.name, pictures, [expected_reads(case)], zxing_kinds)

    def bundled(self, template: Path, data: Path) -> None:
        """A bundled template with its sample data: every symbol it prints scans."""
        ir = slip(["render", str(template), "--data", str(data), "--target", "ir"], self.slip_bin).decode()
        header = ir.splitlines()[0]
        symbols = symbols_in_ir(ir)
        if not symbols:
            return
        if header.startswith("label "):
            pictures = self.label_pictures(template.stem, template, data)
        else:
            printers = PRINTERS_80 if "paper=80mm" in header else PRINTERS_58
            pictures = self.pictures(template.stem, template, data, printers, symbols)
            self.same_size(template.stem, pictures)
        self.decode(template.stem, pictures, [expected_reads(s) for s in symbols], ZXING_KINDS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--slip", required=True, help="the slip binary")
    parser.add_argument("--png", help="keep every decoded picture in this folder")
    parser.add_argument("-v", "--verbose", action="store_true")
    arguments = parser.parse_args()
    keep = Path(arguments.png) if arguments.png else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="slip-symbols-") as scratch:
        check = Check(arguments.slip, Path(scratch), keep, arguments.verbose)
        for case in CASES:
            check.case(case)
        for template in sorted(TEMPLATES.glob("*.slip")) + sorted(COOKBOOK.glob("*.slip")):
            if template.with_suffix(".json").exists():
                check.bundled(template, template.with_suffix(".json"))
    for failure in check.failures:
        print(f"FAIL {failure}", file=sys.stderr)
    readers = f"zbarimg {_zbar_version()}, zxing-cpp {_version('zxing-cpp')}, emupos {_version('emupos')}"
    print(
        f"symbol-check ({readers}): {check.decoded} pictures decoded as their data, "
        f"{check.compared} native symbols as wide as their previews and in their place, "
        f"{len(check.failures)} failed, {check.skipped} skipped"
    )
    return 1 if check.failures or check.decoded == 0 else 0


def _version(package: str) -> str:
    from importlib.metadata import version

    return version(package)


def _zbar_version() -> str:
    result = subprocess.run(["zbarimg", "--version"], capture_output=True, check=False)
    return result.stdout.decode().strip()


if __name__ == "__main__":
    sys.exit(main())
