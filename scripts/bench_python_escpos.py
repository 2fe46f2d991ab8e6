"""The peer: python-escpos's Dummy printer building the bundled receipts (kopi-senja, and
warung-80 with its wrapped table, Indonesian date and footer), the way a user of python-escpos
writes them: formatting, wrapping and padding by hand. Prints microseconds per receipt (median
of five runs) in the same format as SlipBench.
    bench_python_escpos.py TEMPLATES_DIR [COUNT]"""
import datetime
import json
import statistics
import sys
import textwrap
import time

from escpos.printer import Dummy

folder = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
data = json.load(open(f"{folder}/kopi-senja.json"))
warung = json.load(open(f"{folder}/warung-80.json"))
MONTHS = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"]


def rupiah(n):
    return ("-" if n < 0 else "") + "Rp " + f"{abs(round(n)):,}".replace(",", ".")


def row(left, right, width=32):
    return left + " " * max(1, width - len(left) - len(right)) + right + "\n"


def receipt():
    p = Dummy(profile="POS-5890")
    p.set(align="center", bold=True, double_height=True, double_width=True)
    p.text(data["shop"]["name"] + "\n")
    p.set(align="center", normal_textsize=True)
    p.text(data["shop"]["address"] + "\n")
    p.set(align="left")
    p.text("-" * 32 + "\n")
    for item in data["items"]:
        p.text(row(f'{item["name"]} x{item["qty"]}', rupiah(item["qty"] * item["price"])))
    p.text("-" * 32 + "\n")
    if data["discount"] > 0:
        p.text(row("Diskon", rupiah(-data["discount"])))
    p.set(bold=True)
    p.text(row("TOTAL", rupiah(data["total"])))
    p.set(bold=False)
    p.ln(1)
    p.set(align="center")
    p.text("Terima kasih!\n")
    p.cut()
    return p.output


def cells(columns, widths, aligns):
    """One table row: each cell wrapped in its column, lines padded, the other columns blank."""
    wrapped = [textwrap.wrap(text, width) or [""] for text, width in zip(columns, widths)]
    out = ""
    for line in range(max(len(w) for w in wrapped)):
        parts = []
        for lines, width, align in zip(wrapped, widths, aligns):
            text = lines[line] if line < len(lines) else ""
            parts.append(text.ljust(width) if align == "left" else text.rjust(width))
        out += " ".join(parts).rstrip() + "\n"
    return out


def warung_receipt():
    p = Dummy(profile="TM-T88V")
    total = sum(item["qty"] * item["price"] for item in warung["items"])
    p.set(align="center", double_height=True, double_width=True)
    p.text(warung["shop"]["name"].upper() + "\n")
    p.set(align="center", normal_textsize=True)
    when = datetime.datetime.fromisoformat(warung["printed_at"])
    p.text(f"{when.day:02d} {MONTHS[when.month - 1]} {when.year} {when.hour:02d}:{when.minute:02d}\n")
    p.set(align="left", bold=True, underline=1)
    p.text(cells(["Item", "Qty", "Subtotal"], [28, 4, 14], ["left", "right", "right"]))
    p.set(bold=False, underline=0)
    for item in warung["items"]:
        p.text(cells([item["name"], str(item["qty"]), rupiah(item["qty"] * item["price"])],
                     [28, 4, 14], ["left", "right", "right"]))
    p.text("=" * 48 + "\n")
    p.set(bold=True)
    p.text(row("Total", rupiah(total), 48))
    p.set(bold=False)
    p.text(row("Tunai", rupiah(warung["paid"]), 48))
    p.text(row("Kembali", rupiah(warung["paid"] - total), 48))
    p.ln(1)
    p.set(align="center")
    p.text("Terima kasih atas kunjungan Anda\n")
    p.set(font="b")
    p.text("Barang yang sudah dibeli tidak dapat ditukar atau dikembalikan\n")
    p.set(font="a")
    p.cut()
    return p.output


for name, build in [("kopi-senja", receipt), ("warung-80", warung_receipt)]:
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(count):
            build()
        samples.append((time.perf_counter() - start) * 1e6 / count)
    print(f"python-escpos Dummy {name}\t{statistics.median(samples)}\t{count}")
