"""Do Slip's barcodes and QR codes scan? An independent check, run by scripts/symbol-check.

Each case is a one-symbol receipt whose data comes from JSON. `slip render` turns it into the
ESC/POS bytes of three printers; emupos (an ESC/POS emulator written by others) draws each as
that printer would print it:

  generic-58       no native symbols: every symbol is zint's modules sent as a raster picture
  generic-80       native barcodes (GS k) where Slip sends them, QR codes as raster
  epson-tm-t20iii  native barcodes and native QR codes (GS ( k) where Slip sends them

Where `slip render` has `--preview`, the preview PNG is decoded as well. Each picture gets a
white margin (quiet zones) and goes to zbarimg (Debian's zbar-tools) for linear barcodes and QR
codes, or zxing-cpp (PyPI) for PDF417 and Data Matrix, which zbar cannot read. The decoded text
must equal the data: with the check digit Slip added, and, as zbar reports UPC-A and UPC-E as
EAN-13, as the EAN-13 of the UPC-A number.
"""

import argparse
import io
import json
import os
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

PRINTERS = {"generic-58": 58, "generic-80": 80, "epson-tm-t20iii": 80}
# Symbologies emupos 0.4.0 draws when a printer is sent them natively (validators.md).
EMUPOS_NATIVE = {"code128", "ean13", "ean8", "upca", "code39", "itf", "qr"}
# What zxing-cpp reads; everything else goes to zbarimg.
ZXING_ONLY = {"pdf417", "datamatrix"}


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
    Case("qr", "qr", "https://kopi.id/r/42"),
    Case("qr-module-2", "qr", "https://kopi.id/r/42", "size=2"),
    Case("qr-url-300", "qr", LONG_URL),
    Case("qr-latin1", "qr", LATIN1),
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
    if case.symbology == "upce":
        upca = upce_to_upca(data[:7])
        upca += check_digit(upca)
        # zxing-cpp reports UPC-E as the EAN-13 number too, under its own name.
        return {f"EAN-13:0{upca}", f"UPC-E:0{upca}", f"UPC-E:{data[:7]}{upca[-1]}"}
    names = {
        "code128": "CODE-128",
        "code39": "CODE-39",
        "itf": "I2/5",
        "codabar": "Codabar",
        "qr": "QR-Code",
        "pdf417": "PDF417",
        "datamatrix": "DataMatrix",
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
    return [line for line in result.stdout.decode().splitlines() if line]


def read_with_zxing(image: Image.Image) -> list[str]:
    names = {zxingcpp.BarcodeFormat.PDF417: "PDF417", zxingcpp.BarcodeFormat.DataMatrix: "DataMatrix"}
    return [
        f"{names.get(result.format, str(result.format))}:{result.text}"
        for result in zxingcpp.read_barcodes(image)
    ]


def read(case: Case, png: bytes, folder: Path) -> list[str]:
    image = with_quiet_zones(png)
    if case.symbology in ZXING_ONLY or case.zxing_because:
        return read_with_zxing(image)
    return read_with_zbar(image, folder)


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


def has_preview(slip_bin: str) -> bool:
    result = subprocess.run([slip_bin, "render", "--help"], capture_output=True, check=False)
    return b"--preview" in result.stdout + result.stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--slip", required=True, help="the slip binary")
    parser.add_argument("--png", help="keep every decoded picture in this folder")
    parser.add_argument("-v", "--verbose", action="store_true")
    arguments = parser.parse_args()
    keep = Path(arguments.png) if arguments.png else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    previews = has_preview(arguments.slip)

    failures: list[str] = []
    decoded = skipped = 0
    with tempfile.TemporaryDirectory(prefix="slip-symbols-") as scratch:
        folder = Path(scratch)
        for case in CASES:
            (folder / "data.json").write_text(json.dumps({"data": case.data}, ensure_ascii=False))
            pictures: list[tuple[str, bytes]] = []
            for printer, paper in PRINTERS.items():
                template = folder / f"{paper}.slip"
                template.write_text(template_for(case, paper))
                common = ["render", str(template), "--data", str(folder / "data.json")]
                try:
                    payload = slip([*common, "--printer", printer, "-o", "-"], arguments.slip)
                except RuntimeError as error:
                    failures.append(f"{case.name} on {printer}: {error}")
                    continue
                native = b"\x1dk" in payload or b"\x1d(k" in payload
                if native and case.symbology not in EMUPOS_NATIVE:
                    skipped += 1
                    print(f"skip {case.name} on {printer}: sent natively, which emupos does not draw")
                    continue
                result = emulate(emupos_profile(printer), payload)
                if result.unknown:
                    failures.append(f"{case.name} on {printer}: emupos met unknown commands {result.unknown}")
                    continue
                how = "native" if native else "raster"
                pictures += [(f"{printer} ({how})", png) for png in result.pngs]
                if previews and printer != "epson-tm-t20iii":
                    preview = folder / "preview.png"
                    slip([*common, "--preview", str(preview)], arguments.slip)
                    pictures.append((f"{paper} mm preview", preview.read_bytes()))
            expected = expected_reads(case)
            for where, png in pictures:
                reads = read(case, png, folder)
                if keep:
                    slug = where.split(" ")[0]
                    (keep / f"{case.name}-{slug}{'-preview' if 'preview' in where else ''}.png").write_bytes(png)
                if len(reads) == 1 and reads[0] in expected:
                    decoded += 1
                    if arguments.verbose:
                        print(f"ok   {case.name} on {where}: {reads[0][:60]}")
                else:
                    failures.append(
                        f"{case.name} on {where}: read {reads or 'nothing'}, expected {sorted(expected)[0]}"
                    )
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    if not previews:
        print("symbol-check: 'slip render' has no --preview yet; decoded emupos's pictures only")
    readers = f"zbarimg {_zbar_version()}, zxing-cpp {_version('zxing-cpp')}, emupos {_version('emupos')}"
    print(f"symbol-check ({readers}): {decoded} pictures decoded as their data, {len(failures)} failed, {skipped} skipped")
    return 1 if failures or decoded == 0 else 0


def _version(package: str) -> str:
    from importlib.metadata import version

    return version(package)


def _zbar_version() -> str:
    result = subprocess.run(["zbarimg", "--version"], capture_output=True, check=False)
    return result.stdout.decode().strip()


if __name__ == "__main__":
    sys.exit(main())
