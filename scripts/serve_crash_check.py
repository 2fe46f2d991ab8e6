#!/usr/bin/python3
"""kill -9 of `slip serve` at random moments during a run of jobs: nothing accepted is lost.

Three stand-in TCP printers (scripts/printer-standin/tcp_printer.py, slow on purpose so that
kills land mid-job), one of them off for its first 10 s. Clients POST /jobs with an
Idempotency-Key (a job the service died before acknowledging is sent again with the same key);
the service is killed with SIGKILL at random moments and started again each time; jobs reported
`interrupted` are retried by this script (POST /jobs/ID/retry). At the end:

  - every accepted job is in the database and `done`, with the id it was accepted under;
  - each printer received every job's bytes (those of POST /render for the same request) whole,
    in the order the jobs were accepted; a job arrived more than once, or in part, only if it
    was reported `interrupted` and retried, and no more often than that;
  - the database's counts agree with each printer's record: a done job has every byte confirmed,
    and a partial copy of an interrupted job holds at least the bytes the database says were
    confirmed and at most those it says may have left;
  - while the late printer was off, the others printed and its jobs waited; then they printed;
  - SIGTERM at the end stops the service with exit status 0.

Usage: SLIP_BIN=.build/debug/slip serve_crash_check.py [--jobs 200] [--kills 20] [--seed N]
"""

import argparse
import base64
import http.client
import os
import random
import shutil
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_harness import SlipServe, StandinPrinter  # noqa: E402

LATE_SECONDS = 10.0
# Slow on purpose: a 2 kB window and a pause after every read, so a receipt takes a while to go
# and many kills land while one is going out.
SLOW = {"rcvbuf": 2048, "read_delay_ms": 15}

TEMPLATE = """receipt paper=58mm
text "job {{ n }}" bold
for line in lines
  text "{{ line }}"
end
cut
"""


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(serve, method, path, body=None, headers=None, give_up=120):
    """Calls until the service answers (it is down between a kill and its restart)."""
    deadline = time.monotonic() + give_up
    while True:
        try:
            status, reply, _ = serve.request(method, path, body, headers, timeout=10)
            if status < 500:
                return status, reply
        except (OSError, http.client.HTTPException, ValueError):
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"{method} {path}: no answer within {give_up} s")
        time.sleep(0.05)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=200)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--spread", type=float, default=22.0, help="seconds over which jobs are submitted")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"serve-crash-check: {args.jobs} jobs, {args.kills} kills of slip serve, seed {args.seed}")

    late_port = free_port()
    printers = {"a": StandinPrinter(SLOW), "b": StandinPrinter(SLOW), "late": None}
    entries = {name: p.printer() for name, p in printers.items() if p}
    entries["late"] = {"to": f"tcp:127.0.0.1:{late_port}", "printer": "generic-58"}
    serve = SlipServe({"printers": entries, "retries": 3}, env={"SOURCE_DATE_EPOCH": "1700000000"})
    names = ["a", "b", "late"]

    # The jobs: each a receipt of its own (its number and lines), to one of the printers, and the
    # bytes it should print: the same request rendered. One in eight is long (50 to 80 kB), more
    # than the kernel's socket buffers hold, so a kill can leave a piece of it on the printer.
    bodies, expected = {}, {}
    for n in range(args.jobs):
        lines = [f"{n:03d}-{i:03d} " + "".join(rng.choice("abcdefghijklmnop") for _ in range(20))
                 for i in range(rng.randrange(1500, 2500) if n % 8 == 5 else rng.randrange(100, 300))]
        bodies[n] = {"source": TEMPLATE, "data": {"n": n, "lines": lines}, "target": "escpos",
                     "printer": names[n % 3], "label": f"crash-check {n}"}
        status, reply = call(serve, "POST", "/render", {k: v for k, v in bodies[n].items() if k != "label"})
        if status != 200:
            raise SystemExit(f"POST /render of job {n}: {status} {reply}")
        expected[n] = base64.b64decode(reply["bytes"])

    failures = []
    accepted = {}  # job number -> id
    lock = threading.Lock()
    interruptions = {}  # id -> [the record each time it was found interrupted]
    started = time.monotonic()

    def late_printer_comes_on():
        printers["late"] = StandinPrinter(dict(SLOW, port=late_port))

    late = threading.Timer(LATE_SECONDS, late_printer_comes_on)
    late.start()

    def client(numbers):
        for n in numbers:
            time.sleep(max(0, started + args.spread * n / args.jobs - time.monotonic()))
            status, reply = call(serve, "POST", "/jobs", bodies[n], {"Idempotency-Key": f"crash-check-{n}"})
            if status not in (200, 202) or not isinstance(reply, dict) or "id" not in reply:
                failures.append(f"POST /jobs of job {n}: {status} {reply}")
                continue
            with lock:
                if n in accepted and accepted[n] != reply["id"]:
                    failures.append(f"job {n} was accepted as {accepted[n]} and again as {reply['id']}")
                accepted[n] = reply["id"]

    clients = [threading.Thread(target=client, args=(list(range(c, args.jobs, args.clients)),))
               for c in range(args.clients)]
    for thread in clients:
        thread.start()

    # What the late printer's absence looked like, just before it came on.
    probe = {}

    def look_while_late_is_off():
        time.sleep(max(0, started + LATE_SECONDS - 1.5 - time.monotonic()))
        for name in names:
            _, reply = call(serve, "GET", f"/jobs?printer={name}&state=done")
            probe[name] = len(reply["jobs"])
        _, reply = call(serve, "GET", "/jobs?printer=late&state=queued")
        probe["late queued"] = len(reply["jobs"])

    prober = threading.Thread(target=look_while_late_is_off)
    prober.start()

    def retry_interrupted():
        _, reply = call(serve, "GET", "/jobs?state=interrupted")
        for job in reply["jobs"]:
            interruptions.setdefault(job["id"], []).append(job)
            status, answer = call(serve, "POST", f"/jobs/{job['id']}/retry")
            if status != 202:
                failures.append(f"POST /jobs/{job['id']}/retry: {status} {answer}")

    # kill -9 at random moments while jobs are submitted and printed, started again each time.
    for moment in sorted(rng.uniform(0.5, args.spread + 2) for _ in range(args.kills)):
        time.sleep(max(0, started + moment - time.monotonic()))
        serve.kill()
        serve.restart()
        retry_interrupted()
    for thread in clients:
        thread.join()
    prober.join()
    late.join()

    # Every accepted job ends done (retrying any found interrupted).
    deadline = time.monotonic() + 180
    while True:
        retry_interrupted()
        _, reply = call(serve, "GET", "/jobs")
        jobs = {job["id"]: job for job in reply["jobs"]}
        pending = [j for j in jobs.values() if j["state"] in ("queued", "sending", "interrupted")]
        if not pending:
            break
        if time.monotonic() > deadline:
            failures.append(f"{len(pending)} jobs still not done after 180 s, such as {pending[0]}")
            break
        time.sleep(0.2)
    status = serve.stop()
    if status != 0:
        failures.append(f"slip serve exited {status} on SIGTERM, not 0")

    # No accepted job lost; each done with every byte confirmed.
    if len(accepted) != args.jobs:
        failures.append(f"{args.jobs - len(accepted)} jobs were never accepted")
    for n, job_id in accepted.items():
        job = jobs.get(job_id)
        if job is None:
            failures.append(f"job {n} was accepted as {job_id} and is not in the database: lost")
            continue
        if job["state"] != "done":
            failures.append(f"job {n} ({job_id}) ended {job['state']}: {job.get('message')}")
        if job["printer"] != bodies[n]["printer"]:
            failures.append(f"job {n} ({job_id}) is on '{job['printer']}', sent to '{bodies[n]['printer']}'")
        if job["bytes"] != len(expected[n]) or job["confirmed"] != job["bytes"]:
            failures.append(f"job {n} ({job_id}): {job['confirmed']} of {job['bytes']} bytes confirmed, "
                            f"{len(expected[n])} rendered")
    if len(jobs) != len(accepted):
        failures.append(f"the database holds {len(jobs)} jobs for {len(accepted)} accepted")

    # Each printer's record: every job whole, in order; more than once or in part only if it
    # was interrupted, no more often than it was, and within the counts of its interruptions.
    copies = {n: 0 for n in accepted}
    pieces = {n: [] for n in accepted}
    for name in names:
        mine = [n for n in accepted if bodies[n]["printer"] == name]
        order = []
        for record in printers[name].records():
            data = bytes.fromhex(record["hex"])
            if not data:
                continue  # connected, and killed before the job was marked sending
            whole = [n for n in mine if expected[n] == data]
            if whole:
                copies[whole[0]] += 1
                order.append(accepted[whole[0]])
                continue
            starts = [n for n in mine if expected[n].startswith(data)]
            if not starts:
                failures.append(f"printer '{name}' received {len(data)} bytes that are no job's")
            elif len(starts) == 1:
                pieces[starts[0]].append(len(data))
            elif not any(accepted[n] in interruptions for n in starts):
                failures.append(f"printer '{name}' received the start of a job never interrupted")
        firsts = [job_id for index, job_id in enumerate(order) if job_id not in order[:index]]
        plain = [job_id for job_id in firsts if job_id not in interruptions]
        if plain != sorted(plain):
            failures.append(f"printer '{name}' printed jobs out of order: {plain}")
    for n, job_id in accepted.items():
        found = interruptions.get(job_id, [])
        if copies[n] == 0:
            failures.append(f"job {n} ({job_id}) never arrived whole")
        if copies[n] + len(pieces[n]) > len(found) + 1:
            failures.append(f"job {n} ({job_id}) arrived {copies[n]} times whole and {len(pieces[n])} in part, "
                            f"but was interrupted {len(found)} times")
        # A copy beyond the first is an interrupted attempt's: the database must not have said
        # any of its bytes were not sent (over TCP the kernel delivers what it was handed even
        # after the process died, so an interrupted job usually arrives whole).
        if copies[n] > 1 and sum(1 for r in found if r["confirmed"] + r["queued"] + r["unanswered"] == r["bytes"]) \
                < copies[n] - 1:
            failures.append(f"job {n} ({job_id}) arrived whole {copies[n]} times, but its interruptions said "
                            f"part of it was not sent: {[(r['confirmed'], r['queued'], r['unanswered']) for r in found]}")
        for length in pieces[n]:
            if not any(r["confirmed"] <= length <= r["confirmed"] + r["queued"] + r["unanswered"] for r in found):
                counts = [(r["confirmed"], r["queued"], r["unanswered"]) for r in found]
                failures.append(f"job {n} ({job_id}): a piece of {length} bytes arrived, outside the counts "
                                f"(confirmed, queued, unanswered) of its interruptions {counts}")

    # The late printer: off for its first 10 s, the others not held up; then its jobs printed.
    if probe.get("late") != 0 or probe.get("late queued", 0) == 0:
        failures.append(f"while the late printer was off its jobs should wait: {probe}")
    if probe.get("a", 0) == 0 or probe.get("b", 0) == 0:
        failures.append(f"the other printers were held up while the late one was off: {probe}")

    if os.environ.get("CRASH_CHECK_DEBUG"):
        for n, job_id in accepted.items():
            if job_id in interruptions:
                print("   ", n, job_id, copies[n], pieces[n],
                      [(r["confirmed"], r["queued"], r["unanswered"], r["attempts"]) for r in interruptions[job_id]])
    for printer in printers.values():
        printer.close()
    twice = sum(1 for n in accepted if copies[n] > 1)
    print(f"  {len(accepted)} jobs accepted and all in the database, {args.kills} kills; "
          f"{len(interruptions)} jobs found interrupted and retried "
          f"({sum(map(len, interruptions.values()))} times): {twice} of them arrived more than once, "
          f"{sum(map(len, pieces.values()))} pieces of jobs arrived")
    print(f"  done before the late printer came on: {probe}")
    if failures:
        for failure in failures[:40]:
            print("FAIL: " + failure)
        print(f"the service's folder (log in the harness, state): {serve.folder}")
        return 1
    shutil.rmtree(serve.folder, ignore_errors=True)
    print("serve-crash-check: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
