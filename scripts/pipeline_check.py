"""Generated templates (Tests/PipelineTests/TemplateGenerator.swift) judged by other people's
readers, as scripts/raster-check and scripts/zpl-check judge the goldens.

  escpos  every receipt through emupos: no unknown command, no unsupported code page, its text
          dump equal to `slip render --target text`; `--raster` pixel-identical to `--preview`
  zpl     every label through zplkit (strict): one label, no error; the symbols zbarimg and
          zxing-cpp read from zplkit's picture are those they read from Slip's preview

The cases are the folder's `receipt-SEED.slip` / `label-SEED.slip` with their `.json` data, written
by `SLIP_PIPELINE_WRITE=DIR swift test --filter PipelinePropertyTests`.
"""

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def escpos(slip: str, folder: Path) -> list[str]:
    from raster_check import Case, check_raster, check_text, emupos_profile_for

    failures = []
    cases = sorted(folder.glob("receipt-*.slip"))
    with tempfile.TemporaryDirectory(prefix="slip-pipeline-") as scratch:
        for template in cases:
            header = template.read_text().splitlines()[0]
            printer = "generic-80" if "paper=80mm" in header else "generic-58"
            case = Case(template.stem, template, template.with_suffix(".json"), printer)
            profile = emupos_profile_for(slip, printer)
            problems = check_text(slip, case, profile) + check_raster(slip, case, profile, Path(scratch))
            if problems:
                failures.append(f"{template.name}: " + "; ".join(problems))
    print(f"pipeline-check: {len(cases)} generated receipts through emupos, {len(failures)} failed")
    return failures


def zpl(slip: str, folder: Path) -> list[str]:
    from zpl_check import format_part, page_size, printing_blocks, profile_for, zbar, zxing
    from zplkit import Options, render

    failures = []
    unjudged = 0
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
            png = document.labels[0].png()
            theirs = sorted(zbar(png) + zxing(png))
            ours_png = preview.read_bytes()
            ours = sorted(zbar(ours_png) + zxing(ours_png))
            if theirs != ours:
                failures.append(f"{template.name}: zplkit's picture reads {theirs}, the preview {ours}")
    print(
        f"pipeline-check: {len(cases)} generated labels through zplkit, {len(failures)} failed, "
        f"{unjudged} not judged (text zplkit's font lacks)"
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
