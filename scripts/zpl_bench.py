"""Batch badges to ZPL: speed, memory and bytes, with zplkit beside the label preview.

Run by scripts/zpl-bench in the venv scripts/zpl-env makes. The records are made here, the same
every run (a seeded generator): visitors with names of two or three words, six companies, one
event, ticket numbers in order.
"""

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

from zplkit import Options, render

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".build" / "zpl-bench"
TEMPLATE = "templates/event-badge.slip"
COUNTS = [1_000, 10_000, 100_000]


def make_records(count: int) -> Path:
    path = WORK / f"visitors-{count}.jsonl"
    if path.exists():
        return path
    rng = random.Random(7)
    first = ["Raden", "Budi", "Siti", "Made", "Ayu", "Asep", "Dewi", "Agus", "Putu", "Sri", "Wayan", "Rina"]
    last = ["Santoso", "Wulandari", "Pramesti", "Kusuma", "Hidayat", "Saputra", "Lestari", "Wijaya"]
    companies = [
        "Kopi Senja", "Segar Distribusi", "Perusahaan Perdagangan Internasional Nusantara Jaya",
        "Toko Batik Larasati", "Warung Bu Sri", "PT Maju Bersama Teknologi Indonesia",
    ]
    with path.open("w") as out:
        for index in range(count):
            words = [rng.choice(first), rng.choice(first), rng.choice(last)][: rng.randint(2, 3)]
            record = {
                "event": {"name": "Jakarta Tech Week 2026"},
                "visitor": {"name": " ".join(words), "company": rng.choice(companies)},
                "ticket": {"id": f"JTW26-{index:06d}"},
            }
            out.write(json.dumps(record) + "\n")
    return path


def run(slip: str, *arguments: str) -> tuple[float, int, int]:
    """Wall time, peak resident memory in KiB, and bytes written by one `slip render`.

    The peak is the kernel's high-water mark of the process (VmHWM), read while it runs: a
    child's rusage would count the Python process it was forked from.
    """
    output = WORK / "out.zpl"
    start = time.perf_counter()
    process = subprocess.Popen([slip, "render", TEMPLATE, *arguments, "-o", str(output)], cwd=ROOT)
    peak = 0
    while process.poll() is None:
        try:
            status = Path(f"/proc/{process.pid}/status").read_text()
            peak = max(peak, int(status.split("VmHWM:")[1].split()[0]))
        except (OSError, IndexError, ValueError):
            pass
        time.sleep(0.002)
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit(f"zpl-bench: slip render {' '.join(arguments)} failed ({process.returncode})")
    return elapsed, peak, output.stat().st_size


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--slip", required=True)
    parser.add_argument("--bench", required=True)
    args = parser.parse_args()
    WORK.mkdir(parents=True, exist_ok=True)
    print(f"machine: {os.cpu_count()} cores, {platform.machine()}, {time.strftime('%Y-%m-%d')}")

    # 100,000 records made once; the smaller runs are their first lines.
    full = make_records(COUNTS[-1])
    lines = full.read_text().splitlines(keepends=True)
    print(f"\n{'records':>8} {'labels/s':>10} {'peak RSS':>10} {'bytes/badge':>12}   (slip render --data visitors.jsonl)")
    for count in COUNTS:
        path = WORK / f"visitors-{count}.jsonl"
        if count != COUNTS[-1]:
            path.write_text("".join(lines[:count]))
        seconds, rss, size = run(args.slip, "--data", str(path))
        print(f"{count:>8} {count / seconds:>10.0f} {rss / 1024:>8.1f} MB {size / count:>12.0f}")
    print(f"\n{'records':>8} {'labels/s':>10} {'peak RSS':>10} {'bytes/badge':>12}   (the same with --stored-format BADGE)")
    stored = {}
    for count in COUNTS:
        seconds, rss, size = run(args.slip, "--data", str(WORK / f"visitors-{count}.jsonl"), "--stored-format", "BADGE")
        stored[count] = size
        print(f"{count:>8} {count / seconds:>10.0f} {rss / 1024:>8.1f} MB {size / count:>12.0f}")

    # The badge of the issue, with its logo: one label whole, and as a recall after the format.
    _, _, whole = run(args.slip, "--data", "templates/event-badge.json")
    single = WORK / "one.jsonl"
    single.write_text(json.dumps(json.loads((ROOT / "templates/event-badge.json").read_text())) + "\n")
    _, _, with_format = run(args.slip, "--data", str(single), "--stored-format", "BADGE")
    out = (WORK / "out.zpl").read_bytes()
    definition = out[: out.index(b"^XZ\n") + 4]
    recall = len(out) - len(definition)
    per_badge = (stored[COUNTS[-1]] - len(definition)) / COUNTS[-1]
    print("\nbytes per badge (templates/event-badge.json, with its 150x75 logo):")
    print(f"  whole label                 {whole:>6} bytes")
    print(f"  stored format, once         {len(definition):>6} bytes (^DF: frame, logo, ^FN fields)")
    print(f"  recall of this badge        {recall:>6} bytes: {whole / recall:.1f}x fewer (target: 5x)")
    print(f"  recall, mean of 100,000     {per_badge:>6.0f} bytes: {whole / per_badge:.1f}x fewer")

    # Slip's preview of the badge beside zplkit drawing its ZPL, both in this run, CPU time.
    bench = subprocess.run([args.bench, str(ROOT), "300"], capture_output=True, text=True, check=True).stdout
    slip_times = {line.split("\t")[0]: float(line.split("\t")[1]) for line in bench.splitlines()}
    zpl = (ROOT / "Tests/SlipZPLTests/Cases/event-badge/label.zpl").read_bytes()
    options = Options(profile="zd621", width=812, height=609, dpi=203)
    for _ in range(5):
        render(zpl, options).labels[0].png()
    samples = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(100):
            render(zpl, options).labels[0].png()
        samples.append((time.process_time() - start) / 100 * 1e6)
    zplkit = sorted(samples)[2]
    preview = slip_times["badge: preview PNG from the rendered label"]
    print("\nper badge, CPU time in one process:")
    for name, micros in slip_times.items():
        print(f"  {name:<48} {micros:>8.1f} µs")
    print(f"  {'zplkit: the badge ZPL drawn as a PNG':<48} {zplkit:>8.1f} µs")
    print(f"label preview: Slip {preview:.0f} µs, zplkit {zplkit:.0f} µs: "
          f"{zplkit / preview:.1f}x {'faster' if preview <= zplkit else 'SLOWER'} (target: not slower)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
