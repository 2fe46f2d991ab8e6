"""Generated templates (Tests/PipelineTests/TemplateGenerator.swift) judged by other people's
readers, as scripts/raster-check and scripts/zpl-check judge the goldens.

  escpos  every receipt through emupos: no unknown command, no unsupported code page, its text
          dump equal to `slip render --target text`; `--raster` pixel-identical to `--preview`.
          emupos 0.4.0 draws no UPC-E (its symbols.barcode() has no case for it), so a receipt
          with a UPC-E is judged on a copy of its printer without native barcodes (the bars
          then go as a raster picture, which emupos draws); the native `GS k` bytes themselves
          are held by Tests/SlipESCPOSTests.
  zpl     every label through zplkit (strict): one label, no error; zbarimg and zxing-cpp read
          every symbol that nothing else is drawn over (quiet zone included) from zplkit's
          picture and from Slip's preview, and nothing that is not on the label. A symbol a
          generated shape crosses is damaged in both pictures, each reader's shape drawn its
          own way; whether what is left still scans is not Slip's to promise.

The cases are the folder's `receipt-SEED.slip` / `label-SEED.slip` with their `.json` data, written
by `SLIP_PIPELINE_WRITE=DIR swift test --filter PipelinePropertyTests`.
"""

import argparse
import json
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def without_native_barcodes(slip: str, printer: str, scratch: Path) -> str:
    """A profile file: `printer` as `slip printers --json` shows it, drawing barcodes as pictures."""
    path = scratch / f"{printer}-pictured-barcodes.json"
    if not path.exists():
        profile = json.loads(subprocess.run([slip, "printers", printer, "--json"], capture_output=True,
                                            check=True).stdout)
        profile["id"] = f"{printer}-pictured-barcodes"
        profile["symbols"]["barcodes"] = False
        path.write_text(json.dumps(profile, indent=2))
    return str(path)


def escpos(slip: str, folder: Path) -> list[str]:
    from raster_check import Case, check_raster, check_text, emupos_profile_for

    failures = []
    cases = sorted(folder.glob("receipt-*.slip"))
    with tempfile.TemporaryDirectory(prefix="slip-pipeline-") as scratch:
        for template in cases:
            source = template.read_text()
            printer = "generic-80" if "paper=80mm" in source.splitlines()[0] else "generic-58"
            if re.search(r"^\s*barcode upce\b", source, re.MULTILINE):
                printer = without_native_barcodes(slip, printer, Path(scratch))
            case = Case(template.stem, template, template.with_suffix(".json"), printer)
            profile = emupos_profile_for(slip, printer)
            problems = check_text(slip, case, profile) + check_raster(slip, case, profile, Path(scratch))
            if problems:
                failures.append(f"{template.name}: " + "; ".join(problems))
    print(f"pipeline-check: {len(cases)} generated receipts through emupos, {len(failures)} failed")
    return failures


def obstructed_reads(ir: str) -> tuple[list[str], list[str]]:
    """The reads the label's symbols should give (zbarimg's `TYPE:data`): those nothing else
    overlaps, quiet zone included, and those something does."""
    from zpl_check import ZBAR_NAMES

    number = r"(-?\d+)"
    rects: list[tuple[int, int, int, int]] = []
    symbols: list[tuple[int, int, str]] = []
    text_height = 0
    for line in ir.splitlines():
        words = dict(re.findall(r"(\w+)=(\S+)", line))
        if line.startswith("text "):
            text_height = int(words["height"])
        elif line.startswith("  line "):
            x, y, w = int(words["x"]), int(words["y"]), int(words["w"])
            rects.append((x, y, x + w, y + text_height))
        elif line.startswith("box "):
            x, y = int(words["x"]), int(words["y"])
            rects.append((x, y, x + int(words["w"]), y + int(words["h"])))
        elif line.startswith("line "):
            x1, y1, x2, y2, t = map(int, re.match(rf"line {number},{number} -> {number},{number} thickness={number}",
                                                 line).groups())
            rects.append((min(x1, x2) - t, min(y1, y2) - t, max(x1, x2) + t, max(y1, y2) + t))
        elif line.startswith("circle "):
            x, y, d = int(words["x"]), int(words["y"]), int(words["d"])
            rects.append((x, y, x + d, y + d))
        elif line.startswith("image "):
            x, y = int(words["x"]), int(words["y"])
            w, h = map(int, re.search(r" (\d+)x(\d+) ", line).groups())
            rects.append((x, y, x + w, y + h))
        elif line.startswith("symbol "):
            kind = line.split()[1]
            payload = shlex.split(line.split(None, 2)[2])[0]
            x, y, module = int(words["x"]), int(words["y"]), int(words["module"])
            w, h = map(int, re.search(r" (\d+)x(\d+) ", line).groups())
            quiet = module * (4 if kind in ("qr", "datamatrix") else 10)
            rects.append((x, y, x + w, y + h))
            symbols.append((len(rects) - 1, quiet, f"{ZBAR_NAMES.get(kind, kind)}:{payload}"))
    clear, covered = [], []
    for index, quiet, read in symbols:
        x0, y0, x1, y1 = rects[index]
        zone = (x0 - quiet, y0 - quiet, x1 + quiet, y1 + quiet)
        hit = any(other != index and r[0] < zone[2] and zone[0] < r[2] and r[1] < zone[3] and zone[1] < r[3]
                  for other, r in enumerate(rects))
        (covered if hit else clear).append(read)
    return clear, covered


def zpl(slip: str, folder: Path) -> list[str]:
    from zpl_check import format_part, page_size, printing_blocks, profile_for, zbar, zxing
    from zplkit import Options, render

    failures = []
    unjudged = uncovered = 0
    cases = sorted(folder.glob("label-*.slip"))
    with tempfile.TemporaryDirectory(prefix="slip-pipeline-") as scratch:
        for template in cases:
            preview = Path(scratch) / f"{template.stem}.png"
            command = [slip, "render", str(template), "--data", str(template.with_suffix(".json")), "--target", "zpl"]
            result = subprocess.run(command + ["--preview", str(preview), "-o", "-"], capture_output=True)
            if result.returncode != 0:
                failures.append(f"{template.name}: slip render failed: {result.stderr.decode(errors='replace')}")
                continue
            data = result.stdout
            width, length = page_size(data)
            dpi = int(m.group(1)) if (m := re.search(r"dpi=(\d+)", template.read_text())) else 203
            try:
                document = render(
                    format_part(data), Options(profile=profile_for(data, width), width=width, height=length, dpi=dpi)
                )
            except ValueError as error:
                # zplkit's embedded font has ASCII glyphs only: a reader's limit, not Slip's fault.
                if "unsupported embedded font glyph" in str(error):
                    unjudged += 1
                    continue
                failures.append(f"{template.name}: zplkit: {error}")
                continue
            if len(document.labels) != 1 or printing_blocks(data) != 1:
                failures.append(f"{template.name}: {len(document.labels)} labels for one record")
                continue
            ir = subprocess.run(command[:-2] + ["--target", "ir", "-o", "-"], capture_output=True, text=True).stdout
            clear, covered = obstructed_reads(ir)
            uncovered += len(covered)
            png = document.labels[0].png()
            for picture, reads in (("zplkit's picture", zbar(png) + zxing(png)),
                                   ("the preview", zbar(preview.read_bytes()) + zxing(preview.read_bytes()))):
                missing = [read for read in clear if read not in reads]
                strange = [read for read in reads if read not in clear + covered]
                if missing or strange:
                    failures.append(f"{template.name}: {picture} reads {sorted(reads)}: "
                                    f"missing {missing}, not on the label {strange}")
    print(
        f"pipeline-check: {len(cases)} generated labels through zplkit, {len(failures)} failed, "
        f"{unjudged} not judged (text zplkit's font lacks), {uncovered} symbols with shapes over them"
    )
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["escpos", "zpl"])
    parser.add_argument("--slip", required=True)
    parser.add_argument("folder")
    arguments = parser.parse_args()
    check = escpos if arguments.mode == "escpos" else zpl
    failures = check(arguments.slip, Path(arguments.folder))
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
