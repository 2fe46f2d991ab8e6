"""Checks grammar/slip.tmLanguage.json with someone else's TextMate engine (run by scripts/grammar-check).

Every template the project has (templates/, docs/ and its folders, grammar/samples/ with one
of every token, every golden case under Tests/, and each ```slip block of docs/*.md) is tokenized by textmate-grammar-python, a port of
vscode-textmate's tokenizer over Oniguruma. Two checks:

1. Coverage: every non-whitespace character gets a real scope. Its innermost scope must not be
   the generic 'source.slip' (or the interpolation's 'source.slip.embedded'), a 'meta.*'
   container, or 'invalid.*' (allowed only in templates the lexer or parser rejects, as the
   diagnostics golden cases do on purpose).
2. Agreement with Slip's own lexer (`slip check --tokens`): every lexer token starts and ends
   where a TextMate token does, and its scope fits its kind: numbers constant.numeric, strings
   string.quoted with their quotes punctuation.definition.string, '{{ }}'
   punctuation.section.embedded, comments comment.line, statement keywords keyword.* or
   storage.type.*, filter names entity.name.function.filter, operators keyword.operator.*.

Failures are printed as file:line:col: message 'token', and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from textmate_grammar.parsers.base import LanguageParser

ROOT = Path(__file__).resolve().parent.parent
STATEMENT_KEYWORDS = {
    "receipt", "label", "text", "row", "rule", "feed", "cut", "drawer", "for", "if", "else", "end",
    "set", "table", "include", "image", "qr", "barcode", "box", "line", "circle", "ellipse", "columns",
    "column",
}
GENERIC = ("source.", "meta.")


@dataclass
class Template:
    """A template to tokenize: where to report it (file, first line) and its text."""

    file: str
    first_line: int
    text: str


def templates() -> list[Template]:
    """Every template file, then every ```slip block of the docs."""
    found: list[Template] = []
    paths = sorted(ROOT.glob("templates/*.slip")) + sorted(ROOT.glob("docs/**/*.slip"))
    paths += sorted(ROOT.glob("grammar/samples/*.slip"))
    paths += sorted(p for p in ROOT.glob("Tests/**/Cases/**/*.slip"))
    for path in paths:
        found.append(Template(str(path.relative_to(ROOT)), 1, path.read_text(encoding="utf-8-sig")))
    for doc in sorted(ROOT.glob("docs/*.md")):
        lines = doc.read_text(encoding="utf-8").split("\n")
        block: list[str] | None = None
        start = 0
        for number, line in enumerate(lines, 1):
            if block is None and (line == "```slip" or line.startswith("```slip ")):
                block, start = [], number + 1
            elif block is not None and line.startswith("```"):
                found.append(Template(str(doc.relative_to(ROOT)), start, "\n".join(block) + "\n"))
                block = None
            elif block is not None:
                block.append(line)
    return found


def boundaries(element, found: set[tuple[int, int]]) -> None:
    """Where each of the engine's elements (a match, a capture, a begin/end region) starts and ends.

    flatten() merges neighbours with the same scopes ('))'), so the boundaries come from the tree.
    """
    positions = sorted(getattr(element, "characters", {}) or {})
    if positions:
        found.add(positions[0])
        line, column = positions[-1]
        found.add((line, column + 1))
    for part in ("children", "begin", "end"):
        for child in getattr(element, part, None) or []:
            if hasattr(child, "characters"):
                boundaries(child, found)


def scope_map(parser: LanguageParser, text: str):
    """Per (line, column) from 0, the scope stack; and where the engine's tokens start or end."""
    scopes: dict[tuple[int, int], list[str]] = {}
    starts: set[tuple[int, int]] = set()
    element = parser.parse_string(text)
    if element is None:
        return scopes, starts
    for (line, column), content, stack in element.flatten():
        starts.add((line, column))
        for char in content:
            if char == "\n":
                line, column = line + 1, 0
                starts.add((line, column))
                continue
            scopes[(line, column)] = stack
            column += 1
    boundaries(element, starts)
    return scopes, starts


def lexer_output(slip: str, files: list[Path]) -> tuple[dict[str, list[dict]], set[str]]:
    """The lexer's tokens per file, and the files with lexer or parser errors."""
    tokens: dict[str, list[dict]] = {str(f): [] for f in files}
    names = [str(f) for f in files]
    dump = subprocess.run([slip, "check", "--tokens", *names], capture_output=True, text=True, check=True)
    for line in dump.stdout.splitlines():
        token = json.loads(line)
        tokens[token["file"]].append(token)
    check = subprocess.run([slip, "check", "--format", "json", *names], capture_output=True, text=True)
    broken = {
        d["file"]
        for d in json.loads(check.stdout)["diagnostics"]
        if d["severity"] == "error" and re.match(r"E0[12]", d["id"])
    }
    return tokens, broken


def expected_scopes(token: dict, previous: dict | None, first_on_line: bool) -> tuple[str, ...]:
    """Scope prefixes one of which the innermost scope of the token's first character must have."""
    kind, text = token["kind"], token["text"]
    if kind == "comment":
        return ("punctuation.definition.comment",)
    if kind == "number":
        return ("constant.numeric",)
    if kind == "dimension":
        return ("constant.numeric",)
    if kind == "string":
        return ("punctuation.definition.string.begin",)
    if kind == "interpolation-begin":
        return ("punctuation.section.embedded.begin",)
    if kind == "interpolation-end":
        return ("punctuation.section.embedded.end",)
    if kind == "string-text":
        # A piece of literal text may start with an inline span tag (`<b>`), scoped as a tag.
        return ("string.quoted", "constant.character.escape", "entity.name.tag.span")
    if kind == "identifier":
        if first_on_line and text in STATEMENT_KEYWORDS:
            return ("keyword.", "storage.type.")
        if text == "if" and previous is not None and previous["text"] == "else":
            return ("keyword.control",)
        if text == "in" and previous is not None and previous["kind"] == "identifier":
            return ("keyword.control",)
        if text in ("and", "or", "not"):
            return ("keyword.operator.logical",)
        if text in ("true", "false", "null"):
            return ("constant.language",)
        if previous is not None and previous["text"] == "-":
            return ("support.constant.option-value", "variable.")
        if previous is not None and previous["text"] == "|":
            return ("entity.name.function.filter", "support.type.option")
        return ("variable.", "support.type.option", "support.constant", "invalid.illegal.unknown-statement")
    if kind == "symbol":
        if text == "|":
            return ("punctuation.separator.cell", "keyword.operator.filter")
        if text == "=":
            return ("keyword.operator.assignment",)
        if text in ("==", "!=", "<", "<=", ">", ">="):
            return ("keyword.operator.comparison",)
        if text == "-":
            # A sign, a minus, or the hyphen of a value such as floyd-steinberg.
            return ("keyword.operator.arithmetic", "punctuation.separator.hyphen")
        if text in ("+", "*", "/", "%"):
            return ("keyword.operator.arithmetic",)
        if text in ("(", ")"):
            return ("punctuation.section.parens",)
        if text in ("[", "]"):
            return ("punctuation.section.brackets",)
        if text == ",":
            return ("punctuation.separator.comma",)
        if text == ".":
            return ("punctuation.accessor",)
        return ("invalid.",)
    return ()


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("--slip", required=True, help="the slip binary (for its lexer)")
    options = arguments.parse_args()
    logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
    grammar = json.loads((ROOT / "grammar/slip.tmLanguage.json").read_text(encoding="utf-8"))
    parser = LanguageParser(grammar)

    found = templates()
    failures: list[str] = []
    checked_tokens = 0
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for index, template in enumerate(found):
            path = Path(folder) / f"{index}.slip"
            path.write_text(template.text, encoding="utf-8")
            files.append(path)
        lexed, broken = lexer_output(options.slip, files)
        for template, path in zip(found, files):
            scopes, starts = scope_map(parser, template.text)
            lines = template.text.split("\n")

            def where(line: int, column: int) -> str:
                return f"{template.file}:{template.first_line + line}:{column + 1}"

            def token_at(line: int, column: int) -> str:
                text = lines[line]
                end = column + 1
                stack = scopes.get((line, column))
                while end < len(text) and scopes.get((line, end)) == stack and (line, end) not in starts:
                    end += 1
                return text[column:end]

            # 1. Every non-whitespace character has a real scope.
            allow_invalid = str(path) in broken
            for number, text in enumerate(lines):
                for column, char in enumerate(text):
                    if char.isspace():
                        continue
                    stack = scopes.get((number, column))
                    if not stack:
                        failures.append(f"{where(number, column)}: no token covers '{char}'")
                    elif stack[-1].startswith(GENERIC):
                        failures.append(
                            f"{where(number, column)}: only the generic scope {stack[-1]} for "
                            f"'{token_at(number, column)}'")
                    elif not allow_invalid and any(s.startswith("invalid") for s in stack):
                        failures.append(
                            f"{where(number, column)}: {stack[-1]} for '{token_at(number, column)}' "
                            "in a template the parser accepts")

            # 2. The lexer's tokens start and end at TextMate token boundaries, with fitting scopes.
            previous = None
            last_line = 0
            for token in lexed[str(path)]:
                line, column = token["line"] - 1, token["column"] - 1
                end_line, end_column = token["endLine"] - 1, token["endColumn"] - 1
                first_on_line = line != last_line or previous is None
                last_line = line
                checked_tokens += 1
                if token["kind"] != "string-text":
                    for point in ((line, column), (end_line, end_column)):
                        at_line_end = point[1] >= len(lines[point[0]])
                        if point not in starts and not at_line_end:
                            failures.append(
                                f"{where(*point)}: the lexer's {token['kind']} '{token['text']}' "
                                "has a boundary here, the grammar's tokens do not")
                wanted = expected_scopes(token, previous, first_on_line)
                stack = scopes.get((line, column)) or ["(none)"]
                if wanted and not stack[-1].startswith(wanted):
                    failures.append(
                        f"{where(line, column)}: the lexer's {token['kind']} '{token['text']}' "
                        f"has scope {stack[-1]}, expected {' or '.join(wanted)}")
                if token["kind"] in ("string", "comment") and end_line == line:
                    family = "string.quoted" if token["kind"] == "string" else "comment.line"
                    for c in range(column, end_column):
                        inner = scopes.get((line, c)) or []
                        if not any(s.startswith(family) for s in inner):
                            failures.append(
                                f"{where(line, c)}: inside the lexer's {token['kind']} but not {family}")
                            break
                if token["kind"] not in ("string-text", "interpolation-begin", "interpolation-end"):
                    previous = token

    for failure in failures:
        print(failure)
    files_count = len(found)
    if failures:
        print(f"grammar-check: {len(failures)} problems in {files_count} templates", file=sys.stderr)
        return 1
    print(f"grammar-check: {files_count} templates, {checked_tokens} lexer tokens agree with the grammar")
    return 0


if __name__ == "__main__":
    sys.exit(main())
