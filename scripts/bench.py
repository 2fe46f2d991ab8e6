"""Slip against its peers, in one run on one machine: the driver behind `make bench`.

scripts/bench prepares everything (Debian packages, the three venvs, the release build) and runs
this with Debian's python3 (standard library only; each peer runs in its own venv). Six areas,
each on the same work on both sides:

  receipt  kopi-senja's ESC/POS bytes: SlipBench vs python-escpos Dummy in one process (CPU time),
           and whole processes, `slip render` vs `python escpos_receipt.py` (wall time); receipts
           of 10, 100 and 1,000 items for how the cost grows, per item, in process and as whole
           processes reading JSON Lines files of such receipts
  image    a 384x600 PNG to GS v 0: RasterBench vs python-escpos image() (CPU time); 384x300 to
           384x2400 for how the cost grows
  label    the badge's PNG preview: ZPLBench vs zplkit drawing the same badge's ZPL (CPU time);
           the badge's ZPL: ZPLBench vs a Jinja2 template of the same ZPL (scripts/bench_jinja2.py)
  badges   100,000 badges from JSON Lines to ZPL through `slip render`: labels/s, peak memory and
           bytes per badge at 1k, 10k and 100k records, whole and with a stored format; the same
           100,000 through the Jinja2 template in one python process
  ble      100 kB through the stand-in BlueZ: `slip send` vs bleak, unpaced and paced
  compile  `slip check` of a generated 2,000-line template (includes, loops, tables) and of 1,000
           generated templates in one process; no peer

It prints one table (case | measure | Slip | peer | ratio | target | met?), then how the cost
grows, then each render's cost per output byte beside a memcpy of as many bytes (the floor), and writes the same as markdown to .build/bench/results.md, which docs/PERFORMANCE.md is
refreshed from (--update-docs, or --docs-only after a run). Everything it makes goes in .build/bench/; raw output of every
step is in .build/bench/bench.log. A measurement, never a test: it exits 0 whether or not the
targets are met.
"""

import argparse
import json
import math
import os
import platform
import re
import shlex
import statistics
import struct
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".build" / "bench"
AREAS = ["receipt", "image", "label", "badges", "ble", "compile", "serve"]
DOC = ROOT / "docs" / "PERFORMANCE.md"
BEGIN, END = "<!-- bench-results:begin -->", "<!-- bench-results:end -->"

# Repetitions: in-process cases report the median of 5 timed runs (BenchSupport and the peers);
# the rest are counted here.
PROCESS_RUNS = 30  # whole-process receipt, each side
COMPILE_RUNS = 15  # `slip check` of the 2,000-line template
MANY_RUNS = 5  # `slip check` of 1,000 templates
BADGE_RUNS = 3  # each batch of badges
JOBS = os.sysconf("SC_NPROCESSORS_ONLN")  # the batches' --jobs: every online core
RECORD_COUNTS = [1_000, 10_000, 100_000]
PICTURE_HEIGHTS = [300, 600, 1200, 2400]
RECEIPT_ITEMS = [10, 100, 1000]
PROCESS_ITEMS = RECEIPT_ITEMS + [5000]
PROCESS_ITEM_TOTAL = 20_000  # items in each whole-process file: 2,000 receipts of 10 items, …
ITEM_RUNS = 7  # whole-process receipt files, each side (the least CPU time of them)


@dataclass
class Row:
    """One line of the table: Slip and its peer on the same work."""
    case: str
    measure: str
    slip: str
    peer: str = "—"
    ratio: float | None = None
    target: str = "—"
    met: bool | None = None


@dataclass
class Scaling:
    """A table of how one cost grows with the work."""
    title: str
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)
    note: str = ""


@dataclass
class Results:
    rows: list[Row] = field(default_factory=list)
    scaling: list[Scaling] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# --- running things -----------------------------------------------------------------------


def log(text: str) -> None:
    with (WORK / "bench.log").open("a") as file:
        file.write(text if text.endswith("\n") else text + "\n")


def say(text: str) -> None:
    """Progress on standard error, so the table on standard output stays clean."""
    print(f"bench: {text}", file=sys.stderr, flush=True)
    log(f"## {text}")


def output(command: list[str], **options) -> str:
    """Standard output of a command that must succeed; its whole output goes to the log."""
    log("$ " + shlex.join(command))
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, **options)
    log(done.stdout + done.stderr)
    if done.returncode != 0:
        sys.exit(f"bench: {shlex.join(command)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def lines(text: str) -> dict[str, tuple[float, int]]:
    """The benchmarks' `name<TAB>microseconds<TAB>detail` lines, by name."""
    found = {}
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) == 3:
            found[parts[0]] = (float(parts[1]), int(float(parts[2])))
    return found


def timed(command: list[str], stdout=subprocess.DEVNULL) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, from the kernel) of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if process.returncode != 0:
        sys.exit(f"bench: {shlex.join(command)} failed ({process.returncode}):\n{error}")
    return wall, usage.ru_utime + usage.ru_stime


def peak_rss(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak resident memory in KiB of one process.

    The peak is the kernel's high-water mark of the process (VmHWM), read while it runs: a
    child's rusage would count this Python process, which it was forked from. Its CPU time comes
    from the kernel when it ends.
    """
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    peak = 0
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid == process.pid:
            break
        try:
            hwm = Path(f"/proc/{process.pid}/status").read_text()
            peak = max(peak, int(hwm.split("VmHWM:")[1].split()[0]))
        except (OSError, IndexError, ValueError):
            pass
        time.sleep(0.002)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"bench: {shlex.join(command)} failed ({process.returncode})")
    return elapsed, usage.ru_utime + usage.ru_stime, peak


# --- formatting ---------------------------------------------------------------------------


def us(value: float) -> str:
    """Microseconds, three significant figures, in the unit that reads best."""
    if value >= 1e6:
        return f"{value / 1e6:.3g} s"
    if value >= 1e3:
        return f"{value / 1e3:.3g} ms"
    return f"{value:.3g} µs"


def times(value: float) -> str:
    return f"{value:.1f}×" if value < 100 else f"{value:.0f}×"


# --- 1. receipts --------------------------------------------------------------------------


def receipt_text(data: bytes) -> list[str]:
    """The printable text of an ESC/POS stream, a line per printed line, spaces collapsed.

    Both sides print the same receipt with different commands (Slip pads to centre, python-escpos
    sends ESC a), so the comparison is of the words on each line. The commands are skipped by
    their lengths: those of the commands these two streams use (a new one would show up as stray
    characters, and the texts would differ); the receipt's text is printable ASCII.
    """
    text = bytearray()
    index = 0
    while index < len(data):
        byte = data[index]
        if byte in (0x1B, 0x1D):  # ESC or GS, its command byte and its parameters
            command = data[index + 1:index + 2]
            index += {b"!": 3, b"E": 3, b"-": 3, b"a": 3, b"t": 3, b"M": 3, b"d": 3, b"@": 2,
                      b"V": 3, b"B": 3, b"J": 3, b"2": 2, b"3": 3}.get(command, 2)
            if byte == 0x1D and command == b"V" and index < len(data) and data[index - 1] in (65, 66):
                index += 1
            continue
        if byte == 0x0A or 0x20 <= byte < 0x7F:
            text.append(byte)
        index += 1
    return [" ".join(line.split()) for line in text.decode().split("\n") if line.strip()]


def area_receipt(bins: Path, venv: Path, results: Results) -> None:
    say("receipts in one process: SlipBench and python-escpos Dummy")
    slip = lines(output([str(bins / "SlipBench"), str(ROOT), "20000"]))
    peer = lines(output([str(venv / "bin/python"), "scripts/bench_python_escpos.py", "templates", "2000"]))
    for name, target in [("kopi-senja", 60.0), ("warung-80", None)]:
        mine, theirs = slip[f"{name} escpos"][0], peer[f"python-escpos Dummy {name}"][0]
        ratio = theirs / mine
        results.rows.append(Row(
            f"1. {name} → ESC/POS bytes, in process, per receipt", "CPU, median of 5 runs",
            us(mine), us(theirs), ratio, f"≥ {target:.0f}×" if target else "—",
            ratio >= target if target else None))

    say("receipts as whole processes: slip render and python")
    template, data = "templates/kopi-senja.slip", "templates/kopi-senja.json"
    slip_command = [str(bins / "slip"), "render", template, "--data", data]
    python_command = [str(venv / "bin/python"), "scripts/escpos_receipt.py", data]
    slip_bytes = subprocess.run(slip_command, cwd=ROOT, capture_output=True, check=True).stdout
    python_bytes = subprocess.run(python_command, cwd=ROOT, capture_output=True, check=True).stdout
    slip_text, python_text = receipt_text(slip_bytes), receipt_text(python_bytes)
    same = slip_text == python_text
    log(f"slip text: {slip_text}\npython text: {python_text}")
    if not same:
        results.notes.append(
            f"The whole-process receipts differ in text: Slip {slip_text} against python-escpos {python_text}.")
    for command in (slip_command, python_command):  # warm the page cache and the venv's imports
        timed(command)
    slip_runs, python_runs = [], []
    for _ in range(PROCESS_RUNS):  # alternating, so both sides meet the same neighbours
        slip_runs.append(timed(slip_command))
        python_runs.append(timed(python_command))
    slip_wall = statistics.median(run[0] for run in slip_runs) * 1e6
    python_wall = statistics.median(run[0] for run in python_runs) * 1e6
    slip_cpu = statistics.median(run[1] for run in slip_runs) * 1e6
    python_cpu = statistics.median(run[1] for run in python_runs) * 1e6
    results.rows.append(Row(
        "1. kopi-senja, whole process: `slip render` vs `python escpos_receipt.py`",
        f"wall, median of {PROCESS_RUNS} runs", us(slip_wall), us(python_wall), python_wall / slip_wall,
        "≥ 40×", python_wall / slip_wall >= 40))
    results.rows.append(Row(
        "1. the same, CPU time of each process (user + system)", f"CPU, median of {PROCESS_RUNS} runs",
        us(slip_cpu), us(python_cpu), python_cpu / slip_cpu))
    # The process's own start: `slip render` of a receipt of one line.
    empty = WORK / "start.slip"
    empty.write_text('receipt paper=58mm\ntext "OK"\ncut\n')
    start_command = [str(bins / "slip"), "render", str(empty)]
    timed(start_command)
    start_wall = statistics.median(timed(start_command)[0] for _ in range(PROCESS_RUNS)) * 1e6
    results.rows.append(Row(
        "1. process start: `slip render` of a one-line receipt", f"wall, median of {PROCESS_RUNS} runs",
        us(start_wall), target="≤ 5 ms", met=start_wall <= 5000))
    results.notes.append(
        f"Whole-process receipts: {len(slip_bytes)} bytes from Slip, {len(python_bytes)} from python-escpos; "
        + ("the same text on every line" if same else "the text DIFFERS (see bench.log)")
        + " (python-escpos centres with ESC a, Slip with spaces).")

    scaling = Scaling(
        "Receipt length: kopi-senja with N items to ESC/POS bytes, in process",
        ["items", "Slip", "python-escpos", "ratio", "Slip per item", "python per item", "ratio per item"],
        note=("CPU time per receipt, median of 5 runs; per item is the cost beyond the 2-item sample, "
              "divided by the items added."))
    base_slip, base_peer = slip["kopi-senja escpos"][0], peer["python-escpos Dummy kopi-senja"][0]
    scaling.rows.append(["2 (the sample)", us(base_slip), us(base_peer), times(base_peer / base_slip), "—", "—", "—"])
    for items in RECEIPT_ITEMS:
        mine = slip[f"kopi-senja {items} items escpos"][0]
        theirs = peer[f"python-escpos Dummy kopi-senja {items} items"][0]
        mine_item, theirs_item = (mine - base_slip) / (items - 2), (theirs - base_peer) / (items - 2)
        scaling.rows.append([f"{items:,}", us(mine), us(theirs), times(theirs / mine), us(mine_item),
                             us(theirs_item), times(theirs_item / mine_item)])
        results.rows.append(Row(
            f"1. per receipt item at {items:,} items, in process", "CPU, median of 5 runs", us(mine_item),
            us(theirs_item), theirs_item / mine_item, "≥ 30×", theirs_item / mine_item >= 30))
    results.scaling.append(scaling)
    receipt_processes(bins, venv, results, slip_command, python_command)
    results.notes.append(
        f"Cost per output byte, kopi-senja in process: {slip['kopi-senja escpos'][0] * 1e3 / slip['kopi-senja escpos'][1]:.1f} ns "
        f"({slip['kopi-senja escpos'][1]} bytes); a memcpy of as many bytes {slip['memcpy kopi-senja escpos'][0] * 1e3 / slip['kopi-senja escpos'][1]:.2f} ns a byte; "
        f"at 1,000 items {slip['kopi-senja 1000 items escpos'][0] * 1e3 / slip['kopi-senja 1000 items escpos'][1]:.1f} ns a byte "
        f"against {slip['memcpy kopi-senja 1000 items escpos'][0] * 1e3 / slip['kopi-senja 1000 items escpos'][1]:.2f} for memcpy.")
    plain = slip["escpos writer, plain ASCII receipt"][0]
    accented = slip["escpos writer, same receipt accented"][0]
    results.notes.append(
        f"ESC/POS writer alone: accented text costs {accented / plain:.2f}× the same receipt in plain ASCII "
        f"({us(accented)} against {us(plain)}; limit 2×).")


def receipt_processes(bins: Path, venv: Path, results: Results, slip_command: list[str],
                      python_command: list[str]) -> None:
    """Per receipt item as whole processes, the way a pipeline prints a day's receipts: one
    `slip render` and one `python escpos_receipt.py` of a JSON Lines file of receipts with N
    items each (the items SlipBench makes), CPU time of each process. The per-item cost is the
    CPU beyond the same number of 2-item receipts in one process, divided by the items added:
    each side's start, and the receipts' fixed lines, are subtracted. Every file holds about
    `PROCESS_ITEM_TOTAL` items, so what is measured is far larger than the few milliseconds a
    process's start varies by (a single receipt of 10 items is 20 µs of work beside 5 ms of start
    for Slip, 0.1 ms beside 350 ms for python)."""
    say("receipt items as whole processes: JSON Lines of receipts with 10, 100, 1,000, 5,000 items")
    sample = json.loads((ROOT / "templates/kopi-senja.json").read_text())
    names = ["Kopi Susu", "Roti Bakar", "Es Teh Manis", "Nasi Goreng", "Pisang Goreng", "Teh Tarik", "Mie Ayam",
             "Air Mineral"]

    def receipts(items: int, count: int) -> Path:
        rows = [{"name": names[i % len(names)], "qty": i % 3 + 1, "price": 5000 + i % 7 * 2500} for i in range(items)]
        line = json.dumps(dict(sample, items=rows, discount=0, total=sum(r["qty"] * r["price"] for r in rows)))
        path = WORK / f"kopi-senja-{count}x{items}.jsonl"
        path.write_text((line + "\n") * count)
        return path

    def cpu(command: list[str]) -> float:
        timed(command)
        # The least CPU time of the runs: the work is the same every run, and a neighbour or the
        # page cache only adds to it.
        return min(timed(command)[1] for _ in range(ITEM_RUNS)) * 1e6

    def commands(path: Path) -> tuple[list[str], list[str]]:
        return slip_command[:-1] + [str(path)], python_command[:-1] + [str(path)]

    for items in PROCESS_ITEMS:
        count = max(1, PROCESS_ITEM_TOTAL // items)
        long_slip, long_python = commands(receipts(items, count))
        short_slip, short_python = commands(receipts(2, count))
        # Both sides must print the same receipts before either is timed.
        slip_text = receipt_text(subprocess.run(long_slip, cwd=ROOT, capture_output=True, check=True).stdout)
        python_text = receipt_text(subprocess.run(long_python, cwd=ROOT, capture_output=True, check=True).stdout)
        if slip_text != python_text:
            results.notes.append(f"The {count} receipts of {items} items differ in text between Slip and python-escpos.")
        added = count * (items - 2)
        mine_item = (cpu(long_slip) - cpu(short_slip)) / added
        theirs_item = (cpu(long_python) - cpu(short_python)) / added
        results.rows.append(Row(
            f"1. per receipt item at {items:,} items, whole process ({count:,} receipts from a JSON Lines file, "
            "2-item receipts subtracted)",
            f"CPU, least of {ITEM_RUNS} runs", us(mine_item), us(theirs_item), theirs_item / mine_item,
            "≥ 30×", theirs_item / mine_item >= 30))


# --- 2. pictures --------------------------------------------------------------------------


def picture(path: Path, height: int, grey: bool) -> None:
    """A 384-dot wide photo-like PNG: a lit sphere in front of a colour ramp, repeated every 600
    rows, so every size has the same kind of content. Made with zlib only, once."""
    if path.exists():
        return
    width = 384

    def rgb(x: int, y: int) -> tuple[int, int, int]:
        y600 = y % 600
        if math.hypot(x - 230, y600 - 280) < 150:
            level = 40 + 215 * max(0.0, 1 - math.hypot(x - 180, y600 - 230) / 220)
            return int(level), int(level * 0.8), int(level * 0.6)
        return x * 255 // width, y600 * 255 // 600, 128

    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for x in range(width):
            r, g, b = rgb(x, y)
            raw += bytes(((r * 19595 + g * 38470 + b * 7471 + 0x8000) >> 16,)) if grey else bytes((r, g, b))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0 if grey else 2, 0, 0, 0))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + head + chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b""))


def area_image(bins: Path, venv: Path, results: Results) -> None:
    say("pictures to GS v 0: RasterBench and python-escpos image()")
    pictures = []
    for height in PICTURE_HEIGHTS:
        pictures.append(WORK / f"picture-384x{height}.png")
        picture(pictures[-1], height, grey=False)
    grey = WORK / "picture-384x600-grey.png"
    picture(grey, 600, grey=True)
    paths = [str(path) for path in pictures + [grey]]
    slip = lines(output([str(bins / "RasterBench"), str(ROOT), "200", *paths]))
    peer = lines(output([str(venv / "bin/python"), "scripts/bench_python_escpos_image.py", "100", *paths]))

    def pair(name: str) -> tuple[float, float]:
        return (slip[f"slip image {name}: PNG decode, Floyd-Steinberg, GS v 0"][0],
                peer[f"python-escpos image() {name}: Pillow decode, Floyd-Steinberg, GS v 0"][0])

    mine, theirs = pair("picture-384x600.png")
    results.rows.append(Row(
        "2. 384×600 RGB PNG → dithered GS v 0 vs python-escpos image()", "CPU, median of 5 runs",
        us(mine), us(theirs), theirs / mine, "≥ 10×", theirs / mine >= 10))
    mine, theirs = pair(grey.name)
    results.rows.append(Row(
        "2. the same picture as a grey PNG", "CPU, median of 5 runs", us(mine), us(theirs), theirs / mine))
    results.rows.append(Row(
        "2. kopi-senja preview: render, rasterise, PNG (per receipt)", "CPU, median of 5 runs",
        us(slip["slip preview kopi-senja: render, rasterise, PNG"][0])))
    results.rows.append(Row(
        "2. Arabic receipt, 20 lines (dir=rtl): render, shape, rasterise (per receipt)", "CPU, median of 5 runs",
        us(slip["slip preview Arabic receipt, 20 lines: render, shape, rasterise"][0])))

    scaling = Scaling(
        "Picture size: an RGB PNG 384 dots wide to GS v 0",
        ["size", "Slip", "python-escpos", "ratio", "Slip per 1,000 pixels", "of which PNG decode"],
        note="CPU time per picture, median of 5 runs.")
    for path in pictures:
        mine, theirs = pair(path.name)
        size = path.stem.removeprefix("picture-")
        pixels = 384 * int(size.split("x")[1])
        decode = slip[f"slip image {path.name}: PNG decode alone"][0]
        scaling.rows.append([size.replace("x", "×"), us(mine), us(theirs), times(theirs / mine),
                             us(mine / pixels * 1000), f"{decode / mine:.0%}"])
    results.scaling.append(scaling)


# --- 3. the label preview -----------------------------------------------------------------


def area_label(bins: Path, zpl_venv: Path, jinja_venv: Path, results: Results) -> None:
    say("the badge's preview: ZPLBench and zplkit")
    badge = WORK / "badge.zpl"
    output([str(bins / "slip"), "render", "templates/event-badge.slip", "--data", "templates/event-badge.json",
            "--target", "zpl", "-o", str(badge)])
    slip = lines(output([str(bins / "ZPLBench"), str(ROOT), "300"]))
    peer = lines(output([str(zpl_venv / "bin/python"), "scripts/bench_zplkit.py", str(badge), "100"]))
    theirs = peer["zplkit: the badge ZPL drawn as a PNG"][0]
    for name, case, target in [
            ("badge: render and preview PNG", "3. badge label → PNG preview, from its data, vs zplkit from its ZPL", 3),
            ("badge: preview PNG from the rendered label", "3. the same from the rendered label (IR)", None)]:
        mine = slip[name][0]
        results.rows.append(Row(case, "CPU, median of 5 runs", us(mine), us(theirs), theirs / mine,
                                f"≥ {target}×" if target else "—", theirs / mine >= target if target else None))
    say("the badge's ZPL: ZPLBench and a Jinja2 template of the same ZPL")
    jinja = lines(output([str(jinja_venv / "bin/python"), "scripts/bench_jinja2.py", "badge", str(badge),
                          "templates/event-badge.json", "20000"]))
    mine, theirs = slip["badge: render and write ZPL"][0], jinja["jinja2: the badge's ZPL"][0]
    results.rows.append(Row(
        "3. badge → ZPL in process vs Jinja2 rendering the same ZPL", "CPU, median of 5 runs", us(mine), us(theirs),
        theirs / mine, "≥ 1× (aim 3×)", theirs / mine >= 1))
    size, jinja_size = slip["badge: render and write ZPL"][1], jinja["jinja2: the badge's ZPL"][1]
    results.notes.append(
        f"Cost per output byte, the badge's ZPL in process: {mine * 1e3 / size:.1f} ns ({size} bytes; Jinja2 "
        f"{theirs * 1e3 / jinja_size:.1f} ns for its {jinja_size}); a memcpy of as many bytes "
        f"{slip['memcpy badge ZPL'][0] * 1e3 / size:.2f} ns a byte.")
    results.notes.append(
        "Badge in process: render and write ZPL "
        f"{us(slip['badge: render and write ZPL'][0])} ({slip['badge: render and write ZPL'][1]} bytes); "
        f"as a stored-format recall {us(slip['badge: render and write a stored-format recall'][0])} "
        f"({slip['badge: render and write a stored-format recall'][1]} bytes).")


# --- 4. 100,000 badges --------------------------------------------------------------------


def records(count: int) -> Path:
    """Visitors as JSON Lines, the same every run (a seeded generator); smaller files are the
    first lines of the biggest."""
    import random

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
    out = []
    for index in range(count):
        words = [rng.choice(first), rng.choice(first), rng.choice(last)][: rng.randint(2, 3)]
        out.append(json.dumps({
            "event": {"name": "Jakarta Tech Week 2026"},
            "visitor": {"name": " ".join(words), "company": rng.choice(companies)},
            "ticket": {"id": f"JTW26-{index:06d}"},
        }) + "\n")
    path.write_text("".join(out))
    return path


def area_badges(bins: Path, jinja_venv: Path, results: Results) -> None:
    say(f"badges to ZPL: {', '.join(f'{n:,}' for n in RECORD_COUNTS)} records, {BADGE_RUNS} runs each")
    slip = str(bins / "slip")
    out = WORK / "badges.zpl"
    batches = {}
    for stored in (False, True):
        for count in RECORD_COUNTS:
            extra = ["--stored-format", "BADGE"] if stored else []
            command = [slip, "render", "templates/event-badge.slip", "--data", str(records(count)), *extra,
                       "--jobs", str(JOBS), "-o", str(out)]
            runs = [peak_rss(command) for _ in range(BADGE_RUNS)]
            batches[stored, count] = (count / statistics.median(run[0] for run in runs),
                                      max(run[2] for run in runs) / 1024, out.stat().st_size / count,
                                      count / statistics.median(run[1] for run in runs))
    biggest = RECORD_COUNTS[-1]
    rate, _, _, all_threads_cpu_rate = batches[False, biggest]
    # The batches run on every online core (`--jobs`): the wall rows say how many. The work a badge
    # costs is measured on one job (`--jobs 1`, the default), whose CPU time is what the records
    # take and nothing else: threads handing records over cost CPU of their own.
    jobs = JOBS
    single = [slip, "render", "templates/event-badge.slip", "--data", str(records(biggest)), "--jobs", "1",
              "-o", str(out)]
    cpu_rate = biggest / statistics.median(peak_rss(single)[1] for _ in range(BADGE_RUNS))
    results.rows.append(Row(
        f"4. {biggest:,} badges JSONL → ZPL (`slip render`, {jobs} jobs: the machine's online cores)",
        f"wall, median of {BADGE_RUNS} runs", f"{rate:,.0f} labels/s"))
    results.rows.append(Row(f"4. the same per CPU second of the process, {jobs} jobs (all its threads)",
                            f"CPU, median of {BADGE_RUNS} runs", f"{all_threads_cpu_rate:,.0f} labels/s"))
    results.rows.append(Row("4. the same per CPU second of the process, one job (`--jobs 1`)",
                            f"CPU, median of {BADGE_RUNS} runs", f"{cpu_rate:,.0f} labels/s"))
    # The same records through the Jinja2 template, one python process reading, rendering and
    # writing a line at a time; its logo is the one Slip's sample badge carries.
    badge = WORK / "badge.zpl"
    output([slip, "render", "templates/event-badge.slip", "--data", "templates/event-badge.json",
            "--target", "zpl", "-o", str(badge)])
    jinja_out = WORK / "badges-jinja2.zpl"
    jinja_runs = [timed([str(jinja_venv / "bin/python"), "scripts/bench_jinja2.py", "batch", str(badge),
                         str(records(biggest)), str(jinja_out)]) for _ in range(BADGE_RUNS)]
    jinja_rate = biggest / statistics.median(run[1] for run in jinja_runs)
    jinja_wall_rate = biggest / statistics.median(run[0] for run in jinja_runs)
    results.rows.append(Row(
        f"4. the same, one job, vs Jinja2 rendering the same ZPL from the same JSON Lines (one python process)",
        f"CPU, median of {BADGE_RUNS} runs", f"{cpu_rate:,.0f} labels/s", f"{jinja_rate:,.0f} labels/s",
        cpu_rate / jinja_rate, "≥ 50,000 labels/s and ≥ Jinja2", cpu_rate >= 50_000 and cpu_rate >= jinja_rate))
    results.rows.append(Row(
        f"4. the same in wall time: `slip render` on {jobs} jobs vs Jinja2 in one python process (one core)",
        f"wall, median of {BADGE_RUNS} runs", f"{rate:,.0f} labels/s", f"{jinja_wall_rate:,.0f} labels/s",
        rate / jinja_wall_rate, "≥ 50,000 labels/s and ≥ Jinja2", rate >= 50_000 and rate >= jinja_wall_rate))
    peaks = [batches[False, count][1] for count in RECORD_COUNTS]
    flat = max(peaks) <= min(peaks) * 1.1 + 1
    results.rows.append(Row(
        "4. peak RSS at " + " / ".join(f"{count // 1000}k" for count in RECORD_COUNTS), f"VmHWM, max of {BADGE_RUNS} runs",
        " / ".join(f"{peak:.1f}" for peak in peaks) + " MB", target="flat (within 10 %)", met=flat))
    whole, recall = batches[False, biggest][2], batches[True, biggest][2]
    results.rows.append(Row(
        f"4. bytes per badge, whole label vs stored-format recall (mean of {biggest:,})", "bytes",
        f"{recall:,.0f} (recall)", f"{whole:,.0f} (whole)", whole / recall))

    # The sample badge, with its 150x75 logo: whole, and as a recall after its format.
    output([slip, "render", "templates/event-badge.slip", "--data", "templates/event-badge.json", "-o", str(out)])
    sample = out.stat().st_size
    single = WORK / "one.jsonl"
    single.write_text(json.dumps(json.loads((ROOT / "templates/event-badge.json").read_text())) + "\n")
    output([slip, "render", "templates/event-badge.slip", "--data", str(single), "--stored-format", "BADGE", "-o", str(out)])
    both = out.read_bytes()
    definition = len(both[: both.index(b"^XZ\n") + 4])
    results.rows.append(Row(
        "4. bytes of the sample badge (with its logo): recall vs whole label", "bytes",
        f"{len(both) - definition:,}", f"{sample:,}", sample / (len(both) - definition), "≥ 5× fewer",
        sample / (len(both) - definition) >= 5))
    results.notes.append(f"The stored format itself (^DF: frame, logo, ^FN fields) is {definition:,} bytes, sent once.")

    scaling = Scaling(
        "Record count: event badges from JSON Lines to ZPL, one `slip render` process",
        ["records", "labels/s", "per CPU s", "peak RSS", "bytes/badge",
         "stored format: labels/s", "per CPU s", "peak RSS", "bytes/badge"],
        note=(f"Labels per second of wall time and per second of the process's CPU time (all its threads), "
              f"medians of {BADGE_RUNS} runs (process start included), with `--jobs {jobs}` "
              f"(the online cores); peak RSS is the largest of the runs."))
    for count in RECORD_COUNTS:
        whole_rate, whole_rss, whole_bytes, whole_cpu = batches[False, count]
        stored_rate, stored_rss, stored_bytes, stored_cpu = batches[True, count]
        scaling.rows.append([f"{count:,}", f"{whole_rate:,.0f}", f"{whole_cpu:,.0f}", f"{whole_rss:.1f} MB",
                             f"{whole_bytes:,.0f}", f"{stored_rate:,.0f}", f"{stored_cpu:,.0f}",
                             f"{stored_rss:.1f} MB", f"{stored_bytes:,.0f}"])
    results.scaling.append(scaling)


# --- 5. Bluetooth LE ----------------------------------------------------------------------


def area_ble(bins: Path, bleak_venv: Path, results: Results) -> None:
    say("BLE: 100 kB through the stand-in BlueZ, slip send and bleak (a private D-Bus)")
    text = output([
        "dbus-run-session", "--", "bash", "-c",
        'export DBUS_SYSTEM_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS; exec "$0" scripts/bluez-standin/bench.py "$1" --json',
        str(bleak_venv / "bin/python"), str(bins / "slip")])
    run = json.loads(text.strip().splitlines()[-1])
    bleak, slip = statistics.median(run["bleak"]), statistics.median(run["slip"])
    fast = statistics.median(run["fast"])
    results.rows.append(Row(
        f"5. BLE: {run['size'] // 1000} kB in {run['chunk']}-byte writes through the stand-in, unpaced, vs bleak",
        f"wall, median of {run['rounds']} rounds", f"{slip * 1e3:.1f} ms", f"{bleak * 1e3:.1f} ms", bleak / slip,
        "—", None))
    results.rows.append(Row(
        "5. BLE unpaced with `--fast` (BlueZ's AcquireWrite socket), vs bleak",
        f"wall, median of {run['rounds']} rounds", f"{fast * 1e3:.1f} ms", f"{bleak * 1e3:.1f} ms", bleak / fast,
        "≥ 3×", bleak / fast >= 3))
    achieved = run["size"] / run["paced"]
    deviation = (achieved - run["rate"]) / run["rate"]
    results.rows.append(Row(
        f"5. BLE paced, `--rate {run['rate']}`: achieved rate", "wall, one run",
        f"{achieved / 1000:.2f} kB/s ({run['paced']:.2f} s)", target=f"{run['rate'] / 1000:.0f} kB/s ± 5 %",
        met=abs(deviation) <= 0.05))
    results.notes.append(
        "BLE rounds (ms): bleak " + " ".join(f"{t * 1e3:.0f}" for t in run["bleak"])
        + "; slip " + " ".join(f"{t * 1e3:.1f}" for t in run["slip"])
        + "; slip --fast " + " ".join(f"{t * 1e3:.1f}" for t in run["fast"])
        + "; times run from the first write to the last acknowledgement, connection set-up excluded on both sides.")


# --- 7. slip serve ------------------------------------------------------------------------


def area_serve(bins: Path, results: Results) -> None:
    say("slip serve: POST /render of kopi-senja, 16 clients for 10 s (scripts/serve_bench.py)")
    run = json.loads(output([sys.executable, "scripts/serve_bench.py", "--slip", str(bins / "slip")]).strip()
                     .splitlines()[-1])
    results.rows.append(Row(
        f"7. `slip serve`: POST /render of kopi-senja, {run['clients']} kept-alive clients for {run['seconds']:.0f} s",
        "requests/s (Python clients on the same machine)", f"{run['rps']:,.0f} req/s",
        target="no errors", met=run["errors"] == 0))
    results.rows.append(Row("7. the same: latency", "p50 / p99", f"{run['p50_ms']:.1f} / {run['p99_ms']:.1f} ms"))
    results.rows.append(Row("7. the same: the service's RSS", "VmRSS before / after",
                            f"{run['rss_before_mb']:.1f} / {run['rss_after_mb']:.1f} MB"))


# --- 6. compile time ----------------------------------------------------------------------

SHOPS = ["Kopi Senja", "Warung Bu Sri", "Toko Batik Larasati", "Segar Distribusi", "Bakmi Jowo Pak Har"]


def section(index: int) -> list[str]:
    """One realistic piece of a receipt (about 48 lines): rows, a loop with a condition, a table,
    variables and filters, different in each copy."""
    n = index
    return [
        f"# section {n}: {SHOPS[n % len(SHOPS)]}, items and payments",
        f'text "{{{{ shop.name | upper }}}} #{n}" align=center bold',
        'text "{{ shop.address }}" align=center',
        f'text "{{{{ printed_at | date(\'dd MMM yyyy HH:mm\', \'id\') }}}}" align=center',
        "rule",
        f"set subtotal{n} = items | sum(qty * price)",
        f"set count{n} = items | count",
        "for item in items",
        "  if item.qty > 1",
        '    row "{{ item.name | truncate(24) }} x{{ item.qty }}" | "{{ item.qty * item.price | rupiah }}"',
        "  else if item.note",
        '    row "{{ item.name }}" | "{{ item.price | rupiah }}"',
        '    text "  {{ item.note | trim }}" font=B',
        "  else",
        '    row "{{ item.name | title }}" | "{{ item.price | rupiah }}"',
        "  end",
        "end",
        'rule "="',
        f'table widths="* 4 14" align="left right right"',
        '  row "Item" | "Qty" | "Subtotal" bold underline',
        "  for item in items",
        '    row "{{ loop.index }}. {{ item.name }}" | "{{ item.qty }}" | "{{ item.qty * item.price | rupiah }}"',
        "  end",
        "end",
        "rule",
        f'row "Subtotal ({{{{ count{n} }}}} item)" | "{{{{ subtotal{n} | rupiah }}}}"',
        f"if discount > {n % 3}",
        '  row "Diskon" | "{{ -discount | rupiah }}"',
        "end",
        f"set tax{n} = subtotal{n} * 0.11",
        f'row "PPN 11%" | "{{{{ tax{n} | rupiah }}}}"',
        f'row "TOTAL" | "{{{{ subtotal{n} + tax{n} - discount | rupiah }}}}" bold',
        "for payment in payments",
        '  row "{{ payment.method | upper }}" | "{{ payment.amount | rupiah }}"',
        "end",
        "if customer.member",
        '  text "Member: {{ customer.name | default(\'-\') }}" align=left',
        f'  text "Poin: {{{{ (subtotal{n} / 10000) | number(0, \'id\') }}}}"',
        "else",
        '  text "Daftar member, dapat poin!" align=center',
        "end",
        f'text "Kasir: {{{{ cashier | lower }}}} / meja {n % 20 + 1}" font=B',
        "feed 1",
        'text "Terima kasih atas kunjungan Anda" align=center',
        'text "Barang yang sudah dibeli tidak dapat ditukar" font=B align=center',
        "rule",
    ]


def compile_data() -> dict:
    return {
        "shop": {"name": "Kopi Senja", "address": "Jl. Tunjungan No. 12, Surabaya"},
        "printed_at": "2026-11-30T14:05:09+07:00",
        "items": [{"name": "Kopi Susu", "qty": 2, "price": 18000},
                  {"name": "Roti Bakar", "qty": 1, "price": 18000, "note": " tanpa gula "},
                  {"name": "nasi goreng kampung", "qty": 1, "price": 25000}],
        "discount": 5000,
        "payments": [{"method": "tunai", "amount": 50000}, {"method": "qris", "amount": 20000}],
        "customer": {"member": True, "name": "Sari"},
        "cashier": "BUDI",
    }


def generate_compile_work() -> tuple[Path, int, int, list[Path], int]:
    """The 2,000-line template (a main file and its includes) and 1,000 templates, under
    .build/bench/compile/. Returns the main file, its files and lines, the 1,000 files, their lines."""
    folder = WORK / "compile"
    big = folder / "big"
    parts = big / "parts"
    parts.mkdir(parents=True, exist_ok=True)
    # 40 included sections of 48 lines, a shared footer included by each section, and the main
    # file: 2,000 lines in 42 files.
    footer = ['# the shop\'s footer, included by every section', 'text "www.kopisenja.id" align=center font=B']
    (parts / "footer.slip").write_text("\n".join(footer) + "\n")
    main = ["# generated by scripts/bench: a 2,000-line receipt made of includes", "receipt paper=80mm"]
    total = len(footer)
    for index in range(40):
        body = section(index)[:-1] + ['include "footer.slip"', "cut partial" if index % 10 == 9 else "feed 1"]
        (parts / f"section-{index:02d}.slip").write_text("\n".join(body) + "\n")
        total += len(body)
        main.append(f'include "parts/section-{index:02d}.slip"')
    # Summaries in the main file make up the rest (a comment line or so if they do not fit).
    while total + len(main) + 1 < 2000:
        k = len(main)
        summary = [f"# summary {k}", "for item in items", "  if loop.first",
                   f'    text "Ringkasan {k}" bold', "  end",
                   '  row "{{ loop.index }}. {{ item.name }}" | "{{ item.qty }}"', "end"]
        main += summary if total + len(main) + 1 + len(summary) <= 2000 else [f"# line {k}"]
    main.append("cut")
    (big / "main.slip").write_text("\n".join(main) + "\n")
    total += len(main)
    (big / "data.json").write_text(json.dumps(compile_data()))

    many = folder / "many"
    many.mkdir(exist_ok=True)
    (many / "footer.slip").write_text('text "Terima kasih!" align=center\ncut\n')
    files, many_lines = [], 0
    for index in range(1000):
        paper = "58mm" if index % 2 else "80mm"
        body = [f"# template {index}: {SHOPS[index % len(SHOPS)]}", f"receipt paper={paper}"] + section(index)
        body[body.index('table widths="* 4 14" align="left right right"')] = (
            'table widths="* 3 10" align="left right right"' if paper == "58mm" else
            'table widths="* 4 14" align="left right right"')
        body.append('include "footer.slip"')
        path = many / f"receipt-{index:04d}.slip"
        path.write_text("\n".join(body) + "\n")
        files.append(path)
        many_lines += len(body)
    return big / "main.slip", 42, total, files, many_lines


def area_compile(bins: Path, results: Results) -> None:
    say("compile time: `slip check` of a 2,000-line template and of 1,000 templates")
    main, files, total, many, many_lines = generate_compile_work()
    slip = str(bins / "slip")
    data = str(main.parent / "data.json")
    # Each must be clean, or the times would be of error reporting.
    output([slip, "check", str(main)])
    output([slip, "check", str(main), "--data", data])
    output([slip, "check", *map(str, many)])
    floor = WORK / "compile" / "one-line.slip"
    floor.write_text("receipt paper=58mm\n")

    def median_of(command: list[str], runs: int) -> tuple[float, float]:
        timed(command)
        samples = [timed(command) for _ in range(runs)]
        return statistics.median(s[0] for s in samples) * 1e6, statistics.median(s[1] for s in samples) * 1e6

    start_wall, start_cpu = median_of([slip, "check", str(floor)], COMPILE_RUNS)
    big_wall, big_cpu = median_of([slip, "check", str(main)], COMPILE_RUNS)
    data_wall, data_cpu = median_of([slip, "check", str(main), "--data", data], COMPILE_RUNS)
    many_wall, many_cpu = median_of([slip, "check", *map(str, many)], MANY_RUNS)
    results.rows.append(Row(
        f"6. `slip check` of a {total:,}-line template ({files} files: includes, loops, tables)",
        f"wall, median of {COMPILE_RUNS} runs", us(big_wall)))
    results.rows.append(Row(
        "6. the same with `--data` (evaluated and laid out too)", f"wall, median of {COMPILE_RUNS} runs", us(data_wall)))
    results.rows.append(Row(
        f"6. `slip check` of 1,000 templates ({many_lines:,} lines) in one process", f"wall, median of {MANY_RUNS} runs",
        us(many_wall)))
    scaling = Scaling(
        "Compile time: `slip check`, no peer",
        ["work", "wall", "CPU", "CPU beyond an empty template", "per unit"],
        note=(f"Medians of {COMPILE_RUNS} runs ({MANY_RUNS} for the 1,000 templates). The empty template "
              "(`receipt paper=58mm`) is the process's own start; the per-unit cost is the CPU beyond it."))
    scaling.rows.append(["one-line template (process start)", us(start_wall), us(start_cpu), "—", "—"])
    for work, wall, cpu, units, unit in [
        (f"{total:,}-line template, {files} files", big_wall, big_cpu, total, "line"),
        ("the same with --data", data_wall, data_cpu, total, "line"),
        (f"1,000 templates, {many_lines:,} lines", many_wall, many_cpu, 1000, "template"),
    ]:
        scaling.rows.append([work, us(wall), us(cpu), us(cpu - start_cpu), f"{us((cpu - start_cpu) / units)}/{unit}"])
    results.scaling.append(scaling)


# --- the report ---------------------------------------------------------------------------


def machine() -> dict[str, str]:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor() or "unknown")
    memory = int(Path("/proc/meminfo").read_text().split("MemTotal:")[1].split()[0]) / 1024 / 1024
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    return {
        "cpu": f"{os.cpu_count()} × {cpu}, {memory:.1f} GiB RAM, {platform.machine()}, Linux {platform.release()}",
        "swift": swift[0] if swift else "unknown",
        "load": " ".join(f"{value:.2f}" for value in os.getloadavg()),
    }


def table(results: Results, markdown: bool) -> str:
    header = ["case", "measure", "Slip", "peer", "ratio", "target", "met?"]
    body = [[row.case, row.measure, row.slip, row.peer, times(row.ratio) if row.ratio is not None else "—",
             row.target, "—" if row.met is None else ("yes" if row.met else "NO")] for row in results.rows]
    return grid(header, body, markdown)


def grid(header: list[str], body: list[list[str]], markdown: bool) -> str:
    if markdown:
        rows = [header, ["---"] * len(header)] + body
        return "\n".join("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows)
    widths = [max(len(row[i]) for row in [header] + body) for i in range(len(header))]
    numeric = {i for i in range(1, len(header)) if all(re.match(r"^[\d.,—≥]", row[i] or "—") for row in body)}
    out = []
    for row in [header, ["-" * w for w in widths]] + body:
        out.append("  ".join(cell.rjust(w) if i in numeric else cell.ljust(w)
                             for i, (cell, w) in enumerate(zip(row, widths))).rstrip())
    return "\n".join(out)


def report(results: Results, info: dict[str, str], command: str, markdown: bool) -> str:
    parts = []
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    if markdown:
        parts.append(f"Measured {when} with `{command}` on {info['cpu']}; {info['swift']}; "
                     f"load average at the start {info['load']} (1, 5, 15 min).")
    else:
        parts.append(f"machine: {info['cpu']}\n{info['swift']}\n{when}, load average at the start {info['load']}")
    parts.append(table(results, markdown))
    if results.notes:
        parts.append("\n".join(("- " if markdown else "  ") + note for note in results.notes))
    for scaling in results.scaling:
        parts.append(("#### " if markdown else "") + scaling.title + (":" if not markdown else ""))
        parts.append(grid(scaling.header, scaling.rows, markdown))
        if scaling.note:
            parts.append(scaling.note)
    return "\n\n".join(parts) + "\n"


def update_docs(markdown: str) -> None:
    text = DOC.read_text()
    if BEGIN not in text or END not in text:
        sys.exit(f"bench: {DOC.relative_to(ROOT)} has no {BEGIN} … {END} section to replace")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOC.write_text(f"{head}{BEGIN}\n{markdown}{END}{tail}")
    say(f"replaced the results in {DOC.relative_to(ROOT)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", help="the release build's products")
    parser.add_argument("--escpos-venv")
    parser.add_argument("--zpl-venv")
    parser.add_argument("--bleak-venv")
    parser.add_argument("--jinja-venv")
    parser.add_argument("--only", help=f"comma-separated areas ({', '.join(AREAS)})")
    parser.add_argument("--markdown", help="where the markdown goes (default .build/bench/results.md, or "
                        "results-AREA-….md with --only, so a partial run never stands for a whole one)")
    parser.add_argument("--update-docs", action="store_true", help=f"also put the results in {DOC.name}")
    parser.add_argument("--docs-only", action="store_true",
                        help=f"run nothing: put the last results (--markdown) in {DOC.name}")
    parser.add_argument("--command", default="scripts/bench", help="the command named in the report")
    args = parser.parse_args()
    areas = args.only.split(",") if args.only else AREAS
    if args.markdown is None:
        args.markdown = str(WORK / ("results-" + "-".join(areas) + ".md" if args.only else "results.md"))
    if args.docs_only:
        update_docs(Path(args.markdown).read_text())
        return 0
    if not (args.bin and args.escpos_venv and args.zpl_venv and args.bleak_venv and args.jinja_venv):
        parser.error("--bin and the four venvs are needed (scripts/bench passes them)")
    if unknown := [area for area in areas if area not in AREAS]:
        parser.error(f"unknown area {unknown[0]!r}; the areas are {', '.join(AREAS)}")
    if args.update_docs and args.only:
        parser.error("--update-docs needs every area")
    WORK.mkdir(parents=True, exist_ok=True)
    (WORK / "bench.log").write_text("")
    bins = Path(args.bin)
    info = machine()
    results = Results()
    started = time.perf_counter()
    runners = {
        "receipt": lambda: area_receipt(bins, Path(args.escpos_venv), results),
        "image": lambda: area_image(bins, Path(args.escpos_venv), results),
        "label": lambda: area_label(bins, Path(args.zpl_venv), Path(args.jinja_venv), results),
        "badges": lambda: area_badges(bins, Path(args.jinja_venv), results),
        "ble": lambda: area_ble(bins, Path(args.bleak_venv), results),
        "compile": lambda: area_compile(bins, results),
        "serve": lambda: area_serve(bins, results),
    }
    for area in AREAS:
        if area in areas:
            runners[area]()
    say(f"done in {time.perf_counter() - started:.0f} s")
    print(report(results, info, args.command, markdown=False))
    markdown = report(results, info, args.command, markdown=True)
    Path(args.markdown).write_text(markdown)
    say(f"the same as markdown: {os.path.relpath(args.markdown, ROOT)}")
    if args.update_docs:
        update_docs(markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
