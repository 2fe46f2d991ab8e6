"""The peer for pictures: python-escpos's image(), the way its users print a logo or a photo: the
file opened with Pillow, dithered to one bit (Pillow's Floyd-Steinberg) and written as GS v 0 in
960-row bands, on its Dummy printer. Prints microseconds of CPU time per picture (median of five
runs; on a shared machine wall-clock time measures the neighbours too) in SlipBench's format.

    python bench_python_escpos_image.py PICTURE.png COUNT
"""
import statistics
import sys
import time

from escpos.printer import Dummy

picture = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 100


def print_picture():
    p = Dummy(profile="POS-5890")
    p.image(picture, impl="bitImageRaster")
    return p.output


samples = []
for _ in range(5):
    start = time.process_time()
    for _ in range(count):
        print_picture()
    samples.append((time.process_time() - start) * 1e6 / count)
print(f"python-escpos image(): Pillow decode, Floyd-Steinberg, GS v 0\t{statistics.median(samples)}\t{count}")
