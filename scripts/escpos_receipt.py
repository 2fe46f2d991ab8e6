"""The kopi-senja receipt the way a python-escpos user writes it: formatting, wrapping and
padding by hand, on the Dummy printer. As a program it is the peer of `slip render` in the
whole-process case of scripts/bench (one `python` process, the receipt's ESC/POS bytes on
standard output); scripts/bench_python_escpos.py imports it for the in-process case.

    python escpos_receipt.py DATA.json > receipt.bin
    python escpos_receipt.py DAY.jsonl > receipts.bin    # a receipt per line, one after another
"""
import json
import sys

from escpos.printer import Dummy


def rupiah(n):
    return ("-" if n < 0 else "") + "Rp " + f"{abs(round(n)):,}".replace(",", ".")


def row(left, right, width=32):
    return left + " " * max(1, width - len(left) - len(right)) + right + "\n"


def kopi_senja(data):
    """The bytes of templates/kopi-senja.slip for this data, on a 58 mm printer."""
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


if __name__ == "__main__":
    with open(sys.argv[1]) as file:
        if sys.argv[1].endswith(".jsonl"):
            for line in file:
                if line.strip():
                    sys.stdout.buffer.write(kopi_senja(json.loads(line)))
        else:
            sys.stdout.buffer.write(kopi_senja(json.load(file)))
