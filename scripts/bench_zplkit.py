"""The peer of ZPLBench's label preview: zplkit drawing a label's ZPL as a PNG, as a Zebra ZD621
at 203 dpi would print it (4x3 in). Prints CPU microseconds per label (median of five runs) in
ZPLBench's format.

    python bench_zplkit.py LABEL.zpl COUNT
"""
import sys
import time

from zplkit import Options, render

zpl = open(sys.argv[1], "rb").read()
count = int(sys.argv[2]) if len(sys.argv) > 2 else 100
options = Options(profile="zd621", width=812, height=609, dpi=203)
png = b""
for _ in range(5):
    png = render(zpl, options).labels[0].png()
samples = []
for _ in range(5):
    start = time.process_time()
    for _ in range(count):
        png = render(zpl, options).labels[0].png()
    samples.append((time.process_time() - start) / count * 1e6)
print(f"zplkit: the badge ZPL drawn as a PNG\t{sorted(samples)[2]}\t{len(png)}")
