"""Hostile data through Slip, judged by other people's printer emulators (scripts/injection-check).

Every string of Tests/InjectionTests/Fixtures/hostile-strings.json (ESC/POS and ZPL commands,
NUL, CR, LF, bidirectional overrides, 10,000 characters) goes into the name, item and address
fields of the bundled templates' data. Nothing in data may become a command:

  escpos  kopi-senja and warung-80, each on its generic printer and on emupos's own Epson
          profile. emupos's tokenizer lists the commands of the clean and the hostile render:
          the hostile one may repeat the commands that lay text out (line feeds, styles, code
          pages) but must not have any other command, or any other count of one, than the clean
          render. emupos must also see no unknown command, open the drawer only as often as the
          template asks, and print the text `slip render --target text` shows.
  zpl     event-badge and shipping-4x6: one JSON Lines batch, the clean record then one record
          per hostile string, rendered as ZPL. zplkit (strict) renders it and must find exactly
          one label per record.

Run in two venvs: `escpos` in emupos's (Python 3.13), `zpl` in zplkit's.
"""

import argparse
import collections
import copy
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Tests" / "InjectionTests" / "Fixtures" / "hostile-strings.json"
TEMPLATES = ROOT / "templates"
# What the golden checks use as `now`, so dates print the same every run.
SOURCE_DATE_EPOCH = "1764511509"
# Receipt templates and the printers each is checked on.
RECEIPTS = {
    "kopi-senja": ["generic-58", "epson-tm-t20iii"],
    "warung-80": ["generic-80", "epson-tm-t20iii"],
}
LABELS = ["event-badge", "shipping-4x6"]
# Commands whose number follows the text's length and characters: a longer name wraps into more
# lines, each with its line feed and its style switched on and off, and a character from
# another code page brings an ESC t. They may repeat, but only as the clean render has them.
TEXT_LAYOUT = {"LF", "ESC t", "ESC E", "ESC -", "GS B", "ESC M", "GS !"}


def load_corpus() -> tuple[dict[str, list[str]], list[dict[str, str]]]:
    corpus = json.loads(CORPUS.read_text())
    return corpus["fields"], corpus["strings"]


def with_hostile(data: dict, fields: list[str], text: str) -> dict:
    """A copy of `data` with `text` in every field: `a.b` nests, `items.*.name` is every item's."""
    out = copy.deepcopy(data)

    def put(node, parts: list[str]) -> None:
        head, rest = parts[0], parts[1:]
        if head == "*":
            for element in node:
                put(element, rest)
        elif rest:
            put(node[head], rest)
        else:
            node[head] = text

    for field in fields:
        put(out, field.split("."))
    return out


def slip(binary: str, *arguments: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    environment = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, NO_COLOR="1")
    return subprocess.run(
        [binary, *arguments], input=stdin, capture_output=True, env=environment, check=False, cwd=ROOT
    )


def render(binary: str, template: str, data: dict, *extra: str) -> bytes:
    result = slip(
        binary, "render", str(TEMPLATES / f"{template}.slip"), "--data", "-", *extra, "-o", "-",
        stdin=json.dumps(data).encode(),
    )
    if result.returncode != 0:
        raise RuntimeError(f"slip render {template} {' '.join(extra)} exited {result.returncode}:\n"
                           + result.stderr.decode(errors="replace")[-2000:])
    return result.stdout


# MARK: ESC/POS


def escpos(arguments: argparse.Namespace) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from emupos.printer.escpos.tokenizer import Command, Tokenizer, Unknown
    from emupos_tool import (
        _EMUPOS_IMAGE,
        _SLIP_IMAGE,
        emulate,
        emupos_profile,
        images_as_placeholders,
        printable_on,
        without_trailing_blank_lines,
    )

    def commands(data: bytes) -> tuple[collections.Counter, list[bytes]]:
        tokenizer = Tokenizer()
        tokens = tokenizer.feed(data)
        if (rest := tokenizer.close()) is not None:
            tokens.append(rest)
        counted = collections.Counter(
            (token.name, token.params) for token in tokens if isinstance(token, Command)
        )
        return counted, [token.raw for token in tokens if isinstance(token, Unknown)]

    fields, strings = load_corpus()
    failures: list[str] = []
    checked = 0
    for template, printers in RECEIPTS.items():
        clean_data = json.loads((TEMPLATES / f"{template}.json").read_text())
        for printer in printers:
            clean, clean_unknown = commands(render(arguments.slip, template, clean_data, "--printer", printer))
            allowed_layout = {key for key in clean if key[0] in TEXT_LAYOUT}
            profile = emupos_profile(printer)
            for entry in strings:
                where = f"{template} on {printer} with {entry['name']}"
                data = with_hostile(clean_data, fields[template], entry["text"])
                try:
                    payload = render(arguments.slip, template, data, "--printer", printer)
                    text = render(arguments.slip, template, data, "--target", "text").decode()
                except RuntimeError as error:
                    failures.append(f"{where}: {error}")
                    continue
                checked += 1
                hostile, unknown = commands(payload)
                problems = []
                extra = [
                    f"{name} {params.hex(' ')}".strip()
                    for (name, params), count in hostile.items()
                    if (name in TEXT_LAYOUT and (name, params) not in allowed_layout and name != "ESC t")
                    or (name not in TEXT_LAYOUT and count != clean.get((name, params), 0))
                ]
                missing = [
                    f"{name} {params.hex(' ')}".strip()
                    for (name, params), count in clean.items()
                    if name not in TEXT_LAYOUT and hostile.get((name, params), 0) != count
                ]
                if extra or missing:
                    problems.append(f"commands differ from the clean render: extra {extra}, missing {missing}")
                if len(unknown) != len(clean_unknown):
                    problems.append(f"bytes emupos does not know: {[raw.hex(' ') for raw in unknown]}")
                result = emulate(profile, payload)
                kicks = sum(1 for (name, _) in clean.elements() if name == "ESC p")
                if result.drawer_kicks != kicks:
                    problems.append(f"the drawer opened {result.drawer_kicks}x; the template asks {kicks}x")
                if result.unknown:
                    problems.append("emupos: unknown commands " + "; ".join(result.unknown))
                expected = without_trailing_blank_lines(
                    images_as_placeholders(printable_on(text, profile), _SLIP_IMAGE)
                )
                actual = without_trailing_blank_lines(images_as_placeholders(result.text, _EMUPOS_IMAGE))
                if expected != actual:
                    problems.append("emupos prints other text than 'slip render --target text'")
                if problems:
                    failures.append(f"{where}:\n  " + "\n  ".join(problems))
                elif arguments.verbose:
                    print(f"ok   {where}")
    return report("escpos", f"emupos: {checked} hostile ESC/POS renders checked", failures, checked)


# MARK: ZPL


def zpl(arguments: argparse.Namespace) -> int:
    import re

    from zplkit import Options
    from zplkit.parse import parse
    from zplkit import render as zplkit_render

    job_commands = {b"^MN", b"^MM", b"^MT", b"^MD", b"^PR", b"^PQ", b"^ML", b"^JU", b"^JM", b"^MU", b"^XB",
                    b"^MF", b"~SD", b"~TA", b"~JS"}

    def printable_fields(zpl_bytes: bytes) -> tuple[bytes, int]:
        """zplkit draws only ASCII and 'é' in its fonts; other letters (the 'ú' an ESC p leaves
        behind) become '?' inside field data so its strictness judges commands, not fonts."""
        replaced = 0

        def field(match: re.Match[bytes]) -> bytes:
            nonlocal replaced
            text = match.group(0).decode()
            out = "".join(c if c < "\x80" or c == "é" else "?" for c in text)
            replaced += sum(1 for a, b in zip(text, out) if a != b)
            return out.encode()

        return re.sub(rb"\^FD[^^]*", field, zpl_bytes), replaced

    fields, strings = load_corpus()
    failures: list[str] = []
    checked = 0
    for template in LABELS:
        clean_data = json.loads((TEMPLATES / f"{template}.json").read_text())
        records = [clean_data] + [with_hostile(clean_data, fields[template], e["text"]) for e in strings]
        with tempfile.TemporaryDirectory() as folder:
            batch = Path(folder) / "records.jsonl"
            batch.write_text("".join(json.dumps(record) + "\n" for record in records))
            result = slip(arguments.slip, "render", str(TEMPLATES / f"{template}.slip"), "--data", str(batch),
                          "--target", "zpl", "-o", "-")
        checked += len(records)
        if result.returncode != 0:
            failures.append(f"{template}: slip exited {result.returncode}:\n"
                            + result.stderr.decode(errors="replace")[-2000:])
            continue
        out = result.stdout
        blocks = out.count(b"^XA")
        if blocks != len(records):
            failures.append(f"{template}: {blocks} ^XA blocks for {len(records)} records")
        format_part = b"".join(
            bytes(element) for element in parse(out).elements if bytes(element)[:3].upper() not in job_commands
        )
        format_part, replaced = printable_fields(format_part)
        width = int(re.search(rb"\^PW(\d+)", out).group(1))
        length = int(re.search(rb"\^LL(\d+)", out).group(1))
        try:
            document = zplkit_render(format_part, Options(profile="zd621", width=width, height=length, dpi=203))
        except ValueError as error:
            failures.append(f"{template}: zplkit refused the batch: {error}")
            continue
        if len(document.labels) != len(records):
            failures.append(f"{template}: zplkit drew {len(document.labels)} labels for {len(records)} records")
        elif arguments.verbose:
            print(f"ok   {template}: {len(records)} records, {len(document.labels)} labels"
                  f" ({replaced} letters outside zplkit's fonts shown as '?')")
    return report("zpl", f"zplkit: {checked} hostile ZPL records checked", failures, checked)


def report(mode: str, summary: str, failures: list[str], checked: int) -> int:
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    print(summary)
    if checked == 0:
        print(f"injection-check {mode}: nothing was checked", file=sys.stderr)
        return 1
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["escpos", "zpl"])
    parser.add_argument("--slip", required=True)
    parser.add_argument("-v", "--verbose", action="store_true")
    arguments = parser.parse_args()
    return escpos(arguments) if arguments.mode == "escpos" else zpl(arguments)


if __name__ == "__main__":
    sys.exit(main())
