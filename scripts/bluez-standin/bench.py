"""The BLE sender's benchmark, beside bleak, through the stand-in BlueZ (one run, not a test).

Sends the same 100 kB in 180-byte `command` writes (a printer with MTU 183):
  - bleak 3.1.0, write_gatt_char(response=False) chunk after chunk, then one response=True write
    as its barrier (the same proof of delivery Slip ends with);
  - `slip send` unpaced: several D-Bus calls in flight, an acknowledged barrier every 22 chunks;
  - `slip send --rate R`: the achieved rate against the configured one.
Times run from the first write to the last acknowledgement (connection set-up excluded for both:
Slip's own summary line reports it that way). Each unpaced sender runs ROUNDS times and the
medians are compared (the machine is shared, single runs are noisy); all from one run of this
script. Run by scripts/bench inside a private bus; with --json it prints one JSON object (every
round's time in seconds, the paced run, the sizes) for scripts/bench to put in its table.

    bench.py SLIP [--json]
"""

import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from bleak import BleakClient, BleakScanner
from dbus_fast import Message
from dbus_fast.aio import MessageBus

HERE = os.path.dirname(os.path.abspath(__file__))
ADDRESS = "DC:0D:30:48:95:01"
WRITE = "00002af1-0000-1000-8000-00805f9b34fb"
SIZE = 100_000
CHUNK = 180
RATE = 50_000
ROUNDS = 7


def job():
    state = 0x2F6B1A3C
    out = bytearray()
    for _ in range(SIZE):
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        out.append(state >> 24)
    return bytes(out)


async def control(member, body):
    bus = await MessageBus(bus_address=os.environ["DBUS_SYSTEM_BUS_ADDRESS"]).connect()
    reply = await bus.call(Message(destination="org.bluez", path="/slip/test", interface="org.slip.StandIn1",
                                   member=member, signature="s", body=body))
    bus.disconnect()
    return reply.body


async def received():
    writes = json.loads((await control("Writes", [ADDRESS]))[0])
    await control("ClearWrites", [ADDRESS])
    return b"".join(bytes.fromhex(w["hex"]) for w in writes), writes


async def bleak_run(data):
    await BleakScanner.discover(timeout=0.3)
    async with BleakClient(ADDRESS, timeout=10) as client:
        chunks = [data[i:i + CHUNK] for i in range(0, len(data), CHUNK)]
        start = time.perf_counter()
        for chunk in chunks[:-1]:
            await client.write_gatt_char(WRITE, chunk, response=False)
        await client.write_gatt_char(WRITE, chunks[-1], response=True)
        return time.perf_counter() - start


def slip_run(slip, path, extra):
    outcome = subprocess.run([slip, "send", path, "--to", f"ble:{ADDRESS}", "--write", "command"] + extra,
                             capture_output=True, text=True, timeout=120)
    if outcome.returncode != 0:
        sys.exit(f"slip send failed: {outcome.stderr}")
    match = re.search(r"all confirmed in ([\d.]+) (ms|s)", outcome.stderr)
    seconds = float(match.group(1)) / (1000 if match.group(2) == "ms" else 1)
    return seconds, outcome.stderr.strip()


async def main():
    slip = sys.argv[1]
    config = {"devices": [{"preset": "clone18f0", "mtu": CHUNK + 3}]}
    python = os.environ.get("SLIP_STANDIN_PYTHON", "/usr/bin/python3")
    standin = subprocess.Popen([python, os.path.join(HERE, "standin.py"), "--config", json.dumps(config)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert standin.stdout.readline().startswith("ready")
        data = job()
        with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as file:
            file.write(data)
        bleak_times = []
        for _ in range(ROUNDS):
            bleak_times.append(await bleak_run(data))
            got, _ = await received()
            assert got == data, "bleak: the printer received other bytes"
        slip_times = []
        for _ in range(ROUNDS):
            seconds, slip_line = slip_run(slip, file.name, [])
            slip_times.append(seconds)
            got, writes = await received()
            assert got == data and all(len(bytes.fromhex(w["hex"])) <= CHUNK for w in writes), "slip: bytes differ"
        # --fast: the chunks go through BlueZ's AcquireWrite socket, not a D-Bus call each (the
        # default keeps 16 calls in flight, so it runs at the pace the stand-in answers calls).
        fast_times = []
        for _ in range(ROUNDS):
            seconds, fast_line = slip_run(slip, file.name, ["--fast"])
            fast_times.append(seconds)
            got, writes = await received()
            assert got == data and all(len(bytes.fromhex(w["hex"])) <= CHUNK for w in writes), "slip --fast: bytes differ"
        paced_seconds, paced_line = slip_run(slip, file.name, ["--rate", str(RATE)])
        got, _ = await received()
        assert got == data, "slip paced: bytes differ"
        os.unlink(file.name)
        bleak_seconds = statistics.median(bleak_times)
        slip_seconds = statistics.median(slip_times)

        bleak_rate = SIZE / bleak_seconds
        slip_rate = SIZE / slip_seconds
        paced_rate = SIZE / paced_seconds
        deviation = (paced_rate - RATE) / RATE * 100
        print(f"100 kB in {CHUNK}-byte command writes through the stand-in BlueZ "
              f"(one run; medians of {ROUNDS} rounds unpaced):")
        print(f"  bleak, one at a time:  {bleak_seconds * 1000:8.1f} ms  {bleak_rate / 1000:7.1f} kB/s  "
              f"{SIZE / CHUNK / bleak_seconds:7.0f} writes/s")
        print(f"  slip unpaced:          {slip_seconds * 1000:8.1f} ms  {slip_rate / 1000:7.1f} kB/s  "
              f"{SIZE / CHUNK / slip_seconds:7.0f} writes/s  = {slip_rate / bleak_rate:.1f}x bleak")
        print(f"  slip --rate {RATE}:    {paced_seconds * 1000:8.1f} ms  {paced_rate / 1000:7.1f} kB/s  "
              f"({deviation:+.1f} % from the configured rate)")
        print(f"  rounds (ms): bleak {' '.join(f'{t * 1000:.0f}' for t in bleak_times)}; "
              f"slip {' '.join(f'{t * 1000:.0f}' for t in slip_times)}")
        print(f"  slip's line: {slip_line}")
        print(f"  slip's paced line: {paced_line}")
        fast_rate = SIZE / statistics.median(fast_times)
        print(f"  slip --fast:           {SIZE / fast_rate * 1000:8.1f} ms  {fast_rate / 1000:7.1f} kB/s  "
              f"{SIZE / CHUNK * fast_rate / SIZE:7.0f} writes/s  = {fast_rate / bleak_rate:.1f}x bleak")
        print(f"  slip --fast rounds (ms): {' '.join(f'{t * 1000:.1f}' for t in fast_times)}")
        print(f"  slip's --fast line: {fast_line}")
        ok = max(slip_rate, fast_rate) >= 3 * bleak_rate and abs(deviation) <= 5
        if "--json" in sys.argv[2:]:
            print(json.dumps({"size": SIZE, "chunk": CHUNK, "rate": RATE, "rounds": ROUNDS,
                              "bleak": bleak_times, "slip": slip_times, "fast": fast_times,
                              "paced": paced_seconds}))
            return 0
        print("targets (unpaced >= 3x bleak, paced within 5 %):", "met" if ok else "NOT met")
        return 0 if ok else 1
    finally:
        standin.stdin.close()
        standin.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
