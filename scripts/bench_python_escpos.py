"""The peer of SlipBench: python-escpos's Dummy printer building the bundled receipts
(kopi-senja, and warung-80 with its wrapped table, Indonesian date and footer) the way a user of
python-escpos writes them, then kopi-senja with 10, 100 and 1,000 items (the items SlipBench
makes). Prints CPU microseconds per receipt (median of five runs) in SlipBench's format.

    bench_python_escpos.py TEMPLATES_DIR [COUNT]     COUNT receipts per run of the bundled ones
"""
import datetime
import json
import sys
import textwrap
import time

from escpos.printer import Dummy

from escpos_receipt import kopi_senja, row, rupiah

folder = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
data = json.load(open(f"{folder}/kopi-senja.json"))
warung = json.load(open(f"{folder}/warung-80.json"))
MONTHS = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"]
NAMES = ["Kopi Susu", "Roti Bakar", "Es Teh Manis", "Nasi Goreng", "Pisang Goreng", "Teh Tarik", "Mie Ayam",
         "Air Mineral"]


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


def long_receipt(count):
    """kopi-senja's data with `count` items, as SlipBench makes them."""
    items = [{"name": NAMES[i % len(NAMES)], "qty": i % 3 + 1, "price": 5000 + i % 7 * 2500} for i in range(count)]
    total = sum(item["qty"] * item["price"] for item in items)
    return dict(data, items=items, discount=0, total=total)


def measure(name, build, receipts):
    """CPU time, as SlipBench measures: wall-clock time would count the machine's other work."""
    samples = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(receipts):
            build()
        samples.append((time.process_time() - start) * 1e6 / receipts)
    print(f"{name}\t{sorted(samples)[2]}\t{receipts}")


measure("python-escpos Dummy kopi-senja", lambda: kopi_senja(data), count)
measure("python-escpos Dummy warung-80", warung_receipt, count)
for items in [10, 100, 1000]:
    long = long_receipt(items)
    measure(f"python-escpos Dummy kopi-senja {items} items", lambda: kopi_senja(long), max(5, count * 2 // items))
