"""The peer of ZPLBench's badge and of `slip render` over JSON Lines: a Jinja2 text template of
the same badge's ZPL, the way people write label templates without a layout engine. The frame,
fields and symbols are written as the printer takes them (`^FB` lets the printer centre and wrap
the company's name, where Slip measures and breaks it), the logo's `^GFA` is pasted in once, and
every piece of data goes through a filter that escapes it for `^FH` (`_`, `^`, `~` as hex), as
Slip's field data is. Prints CPU microseconds per badge (median of five runs) in ZPLBench's format.

    bench_jinja2.py badge BADGE.zpl DATA.json COUNT       in one process, rendered from parsed data
    bench_jinja2.py batch BADGE.zpl VISITORS.jsonl OUT    one process: read, render and write each line

BADGE.zpl is Slip's own rendering of the sample badge: the logo's graphic field is taken from it,
so both sides send the same picture.
"""
import json
import sys
import time

import jinja2

TEMPLATE = """^XA
^PW812^LL609^LH0,0^CI28
^FO0,0^GB812,609,4^FS
^FO40,30^A0N,36,36^FB732,1,0,C^FH^FD{{ event.name | upper | fh }}^FS
^FO40,110^A0N,59,59^FB732,1,0,C^FH^FD{{ visitor.name | fh }}^FS
^FO40,230^A0N,40,40^FB732,2,0,C^FH^FD{{ visitor.company | fh }}^FS
^FO40,330^BY1,2,1^BQN,2,6^FH^FDMA,{{ ticket.id | fh }}^FS
^FO330,380^BY2^BCN,100,Y,N,N^FH^FD{{ ticket.id | fh }}^FS
^FO620,515{{ logo }}^FS
^XZ
"""


def fh(text) -> str:
    """Field data as `^FH^FD` takes it: the command and escape characters as hex."""
    return str(text).replace("_", "_5F").replace("^", "_5E").replace("~", "_7E")


def environment_and_logo(badge: str):
    environment = jinja2.Environment(autoescape=False, keep_trailing_newline=True)
    environment.filters["fh"] = fh
    zpl = open(badge).read()
    start = zpl.index("^GFA")
    logo = zpl[start:zpl.index("^FS", start)]
    return environment.from_string(TEMPLATE), logo


def main() -> None:
    mode, badge = sys.argv[1], sys.argv[2]
    template, logo = environment_and_logo(badge)
    if mode == "badge":
        data = json.load(open(sys.argv[3]))
        count = int(sys.argv[4]) if len(sys.argv) > 4 else 20000
        text = template.render(data, logo=logo)
        samples = []
        for _ in range(5):
            start = time.process_time()
            for _ in range(count):
                text = template.render(data, logo=logo)
            samples.append((time.process_time() - start) / count * 1e6)
        print(f"jinja2: the badge's ZPL\t{sorted(samples)[2]}\t{len(text.encode())}")
    elif mode == "batch":
        # As a batch job is written: a line read, parsed, rendered and written at a time.
        with open(sys.argv[3], encoding="utf-8") as lines, open(sys.argv[4], "w", encoding="utf-8") as out:
            for line in lines:
                out.write(template.render(json.loads(line), logo=logo))
    else:
        sys.exit(f"bench_jinja2.py: unknown mode {mode!r} (badge or batch)")


if __name__ == "__main__":
    main()
