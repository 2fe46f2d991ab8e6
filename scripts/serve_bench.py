"""POST /render of kopi-senja against a release `slip serve`, from N concurrent clients for D
seconds (each client one kept-alive HTTP/1.1 connection, as a POS app's would be): requests per
second, p50 and p99 latency, and the service's RSS before and after. A measurement, not a test;
scripts/bench runs it as its "serve" area, and it runs alone as

    python3 scripts/serve_bench.py --slip .build/release/slip [--clients 16] [--seconds 10]

printing one JSON object. The clients are Python threads on the same machine, so on a small
machine they share its cores with the service: the figure is a floor, not the server's ceiling.
"""

import argparse
import http.client
import json
import os
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_harness import ROOT, SlipServe  # noqa: E402


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slip", required=True)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()
    os.environ["SLIP_BIN"] = args.slip
    with open(os.path.join(ROOT, "templates", "kopi-senja.json")) as file:
        body = json.dumps({"template": "kopi-senja.slip", "data": json.load(file)})
    with SlipServe() as serve:
        # One request first, so the fonts are loaded before "before" is read.
        status, _, _ = serve.request("POST", "/render", body, headers={"Content-Type": "application/json"})
        assert status == 200, status
        before = rss_mb(serve.process.pid)
        latencies = [[] for _ in range(args.clients)]
        errors = [0] * args.clients
        deadline = time.monotonic() + args.seconds

        def client(index):
            connection = http.client.HTTPConnection("127.0.0.1", serve.port, timeout=30)
            while time.monotonic() < deadline:
                start = time.perf_counter()
                try:
                    connection.request("POST", "/render", body=body, headers={"Content-Type": "application/json"})
                    response = connection.getresponse()
                    response.read()
                    ok = response.status == 200
                except OSError:
                    ok = False
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", serve.port, timeout=30)
                if ok:
                    latencies[index].append(time.perf_counter() - start)
                else:
                    errors[index] += 1
            connection.close()

        threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        after = rss_mb(serve.process.pid)
        every = sorted(t for client in latencies for t in client)
        result = {
            "clients": args.clients, "seconds": round(elapsed, 2), "requests": len(every), "errors": sum(errors),
            "rps": len(every) / elapsed, "p50_ms": statistics.median(every) * 1e3,
            "p99_ms": every[min(len(every) - 1, int(len(every) * 0.99))] * 1e3,
            "rss_before_mb": before, "rss_after_mb": after,
        }
        code = serve.stop()
        result["exit"] = code
    print(json.dumps(result))


if __name__ == "__main__":
    main()
