"""The peer of RasterBench for pictures: python-escpos's image(), the way its users print a logo
or a photo: the file opened with Pillow, dithered to one bit (Pillow's Floyd-Steinberg) and
written as GS v 0 in 960-row bands, on its Dummy printer. Prints CPU microseconds per picture
(median of five runs; on a shared machine wall-clock time measures the neighbours too) in
RasterBench's format, one line per picture; COUNT is per run for a 384x600 picture, fewer for
bigger ones, as RasterBench does.

    python bench_python_escpos_image.py COUNT PICTURE.png...
"""
import os
import sys
import time

from escpos.printer import Dummy
from PIL import Image

count = int(sys.argv[1])


def print_picture(picture):
    p = Dummy(profile="POS-5890")
    p.image(picture, impl="bitImageRaster")
    return p.output


for picture in sys.argv[2:]:
    with Image.open(picture) as image:
        pixels = image.width * image.height
    prints = max(5, count * 384 * 600 // pixels)
    samples = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(prints):
            print_picture(picture)
        samples.append((time.process_time() - start) * 1e6 / prints)
    name = os.path.basename(picture)
    print(f"python-escpos image() {name}: Pillow decode, Floyd-Steinberg, GS v 0\t{sorted(samples)[2]}\t{prints}")
