"""slip.wasm against the native slip, on every bundled template and golden case it can render.

A case is a template with its data: templates/*.slip (each with its same-name .json files) and
Tests/GoldenTests/Cases/*/template.slip (with data.json). The WebAssembly build has no picture
decoder, symbol encoder, raster engine, label face or shaping, so cases that need one are
skipped, each with the reason: an `image`, `qr` or `barcode` statement, a label (its text is
measured in the label face natively), or text in a script that needs shaping. For every other
case, `check` (text and --format json, without and with the data) and `render --target
escpos|zpl|text|ir` (and --format json) must give the native command's standard output,
standard error and exit code exactly.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WASM = ROOT / ".build/wasm/slip.wasm"
NATIVE = ROOT / ".build/debug/slip"
EPOCH = "1764511509"
NEEDS_LIBRARY = re.compile(r"^\s*(image|qr|barcode)\b", re.MULTILINE)
LABEL = re.compile(r"^\s*label\b", re.MULTILINE)
# TextShaping.needsShaping's scripts: Hebrew, Arabic (and its supplements), Devanagari to
# Malayalam, Sinhala, Thai, Lao, Tibetan, Myanmar, Khmer, and the Arabic presentation forms.
SHAPED = re.compile(
    "[\u0590-\u08ff\u0900-\u0dff\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\ufb1d-\ufdff\ufe70-\ufeff]"
)


def cases():
    """(name, template, [data or None]) for every case, in a stable order."""
    for template in sorted((ROOT / "templates").glob("*.slip")):
        stem = template.name[: -len(".slip")]
        data = sorted(p for p in template.parent.glob(stem + "*.json") if p.name.split(".")[0] == stem)
        yield template.relative_to(ROOT).as_posix(), template, [None] + data
    for folder in sorted((ROOT / "Tests/GoldenTests/Cases").iterdir()):
        template = folder / "template.slip"
        if template.exists():
            data = [folder / "data.json"] if (folder / "data.json").exists() else []
            yield folder.relative_to(ROOT).as_posix(), template, [None] + data


INCLUDE = re.compile(r'^\s*include\s+"([^"]+)"', re.MULTILINE)


def with_includes(template, seen=None):
    """The template and every file it includes, followed through includes."""
    seen = seen if seen is not None else []
    if template in seen or not template.exists():
        return seen
    seen.append(template)
    for name in INCLUDE.findall(template.read_text(errors="replace")):
        with_includes((template.parent / name).resolve(), seen)
    return seen


def skip_reason(template, data):
    """Why slip.wasm cannot render this case as the native command does, or None."""
    texts = [p.read_text(errors="replace") for p in with_includes(template.resolve())]
    texts += [p.read_text(errors="replace") for p in data if p]
    own = template.read_text(errors="replace")
    if any(NEEDS_LIBRARY.search(t) for t in texts):
        return "pictures or symbols"
    if LABEL.search(own):
        return "a label (measured in the label face)"
    if any(SHAPED.search(t) for t in texts):
        return "text that needs shaping"
    return None


def run(command, arguments):
    relative = [str(Path(a).relative_to(ROOT)) if isinstance(a, Path) else a for a in arguments]
    env = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH)
    if command == "wasm":
        argv = ["wasmkit", "run", "--env", "SOURCE_DATE_EPOCH=" + EPOCH, "--dir", "templates", "--dir", "Tests",
                str(WASM.relative_to(ROOT))] + relative
    else:
        argv = [str(NATIVE)] + relative
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


# Command lines that fail before any rendering: missing files, bad options; the messages and
# exit codes must be the native ones too.
FAILING_LINES = [
    ["check", "templates/nope.slip"],
    ["check", "templates/nope.slip", "--format", "json"],
    ["render", "templates/kopi-senja.slip", "--data", "templates/nope.json"],
    ["render", "templates/kopi-senja.slip", "--target", "pdf"],
    ["render", "templates/kopi-senja.slip", "--format", "yaml"],
    ["render", "templates/kopi-senja.slip", "--max-items", "0"],
    ["check"],
    ["render"],
    ["frobnicate", "templates/kopi-senja.slip"],
]


def main():
    compared = skipped = failed = 0
    for arguments in FAILING_LINES:
        wasm, native = run("wasm", arguments), run("native", arguments)
        if wasm != native or wasm[0] == 0:
            failed += 1
            print(f"wasm-check: slip {' '.join(arguments)}: FAILED (exit {wasm[0]} vs native {native[0]})")
            print("    wasm stderr: " + wasm[2].decode(errors="replace")[:400])
            print("    native stderr: " + native[2].decode(errors="replace")[:400])
    print(f"wasm-check: {len(FAILING_LINES)} failing command lines compared")
    for name, template, datas in cases():
        reason = skip_reason(template, [d for d in datas if d])
        if reason:
            print(f"wasm-check: {name}: skipped ({reason})")
            skipped += 1
            continue
        runs = []
        for data in datas:
            extra = ["--data", data] if data else []
            runs.append(["check", template] + extra)
            runs.append(["check", template, "--format", "json"] + extra)
            for target in ["escpos", "zpl", "text", "ir"]:
                runs.append(["render", template, "--target", target] + extra)
            runs.append(["render", template, "--format", "json"] + extra)
        bad = []
        drawn = 0
        for arguments in runs:
            wasm, native = run("wasm", arguments), run("native", arguments)
            if wasm != native and any(w in wasm[2] and w not in native[2] for w in (b"W0601", b"W0902")):
                # Characters no code page (W0601) or Zebra font (W0902, a table's box-drawing
                # border) has: natively drawn by the raster engine as a picture of their line;
                # slip.wasm, without one, prints the characters or '?' and says so.
                drawn += 1
                continue
            if wasm != native:
                parts = [what for what, w, n in zip(["exit code", "stdout", "stderr"], wasm, native) if w != n]
                shown = " ".join(str(a.relative_to(ROOT)) if isinstance(a, Path) else a for a in arguments)
                bad.append(f"  slip {shown}: {', '.join(parts)} differ (exit {wasm[0]} vs native {native[0]})")
                if wasm[2] != native[2]:
                    bad.append("    wasm stderr: " + wasm[2].decode(errors="replace")[:400].replace("\n", "\n    "))
                    bad.append("    native stderr: " + native[2].decode(errors="replace")[:400].replace("\n", "\n    "))
        compared += 1
        if bad:
            failed += 1
            print(f"wasm-check: {name}: FAILED")
            print("\n".join(bad))
        else:
            note = f" ({drawn} left out: lines natively drawn by the raster engine)" if drawn else ""
            print(f"wasm-check: {name}: {len(runs) - drawn} runs equal{note}")
    print(f"wasm-check: {compared} cases compared, {failed} failed, {skipped} skipped")
    if compared == 0 or failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
