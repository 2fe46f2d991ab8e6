"""The peer: python-escpos's Dummy printer building the kopi-senja receipt, the way a user of
python-escpos writes it (formatting by hand, padding rows by hand). Prints microseconds per
receipt (median of five runs) in the same format as SlipBench."""
import json
import statistics
import sys
import time

from escpos.printer import Dummy

data = json.load(open(sys.argv[1]))
count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000


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


samples = []
for _ in range(5):
    start = time.perf_counter()
    for _ in range(count):
        receipt()
    samples.append((time.perf_counter() - start) * 1e6 / count)
print(f"python-escpos Dummy kopi-senja\t{statistics.median(samples)}\t{count}")
