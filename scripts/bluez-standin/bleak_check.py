"""Proves the stand-in BlueZ against bleak, a real BlueZ client that nobody on Slip wrote.

If bleak cannot discover, connect, write, get notifications and see a remote disconnect
through the stand-in, the stand-in is wrong, whatever Slip's own tests say. Run by
scripts/bleak-check (inside a private bus: DBUS_SYSTEM_BUS_ADDRESS must point at it).
Prints one line per check and `N passed, N failed` last; exits 1 if any check failed.
"""

import asyncio
import json
import os
import subprocess
import sys

from bleak import BleakClient, BleakScanner
from dbus_fast import Message
from dbus_fast.aio import MessageBus

HERE = os.path.dirname(os.path.abspath(__file__))
CLONE = "DC:0D:30:48:95:01"
ZEBRA = "AC:3F:A4:10:20:30"
SERVICE_18F0 = "000018f0-0000-1000-8000-00805f9b34fb"
WRITE_2AF1 = "00002af1-0000-1000-8000-00805f9b34fb"
NOTIFY_2AF0 = "00002af0-0000-1000-8000-00805f9b34fb"
STEP_TIMEOUT = 10

results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(f"{'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail and not ok else ''}", flush=True)


async def control(bus, member, signature="", body=()):
    reply = await bus.call(Message(destination="org.bluez", path="/slip/test", interface="org.slip.StandIn1",
                                   member=member, signature=signature, body=list(body)))
    if reply.error_name:
        raise RuntimeError(f"{member}: {reply.error_name} {reply.body}")
    return reply.body


async def run():
    address = os.environ["DBUS_SYSTEM_BUS_ADDRESS"]
    config = {"devices": [{"preset": "clone18f0"}, {"preset": "zebra"}]}
    python = os.environ.get("SLIP_STANDIN_PYTHON", "/usr/bin/python3")
    standin = subprocess.Popen([python, os.path.join(HERE, "standin.py"), "--config", json.dumps(config)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        line = await asyncio.wait_for(asyncio.to_thread(standin.stdout.readline), STEP_TIMEOUT)
        check("stand-in starts on the private bus", line.startswith("ready"), line)
        bus = await MessageBus(bus_address=address).connect()

        found = await BleakScanner.discover(timeout=1.0, return_adv=True)
        addresses = {device.address for device, _ in found.values()}
        check("discover without a filter sees both printers", {CLONE, ZEBRA} <= addresses, str(addresses))
        zebra = next((adv for device, adv in found.values() if device.address == ZEBRA), None)
        check("the name-only printer is seen by name", zebra is not None and zebra.local_name == "XXZKJ221400123")
        clone = next((adv for device, adv in found.values() if device.address == CLONE), None)
        check("RSSI and manufacturer data come through",
              clone is not None and clone.rssi == -62 and clone.manufacturer_data == {2354: b"\x01\x02"},
              str(clone))

        filtered = await BleakScanner.discover(timeout=1.0, service_uuids=[SERVICE_18F0])
        check("discover with a service filter sees only the 18F0 printer",
              [d.address for d in filtered] == [CLONE], str([d.address for d in filtered]))

        notifications = []
        disconnected = asyncio.Event()
        client = BleakClient(CLONE, disconnected_callback=lambda _: disconnected.set(), timeout=STEP_TIMEOUT)
        await client.connect()
        check("connect", client.is_connected)
        service = client.services.get_service(SERVICE_18F0)
        write = client.services.get_characteristic(WRITE_2AF1)
        check("services resolve with the write characteristic",
              service is not None and write is not None
              and set(write.properties) == {"write", "write-without-response"})
        check("write-without-response size is MTU - 3", write.max_write_without_response_size == 182,
              str(write.max_write_without_response_size))

        await client.write_gatt_char(WRITE_2AF1, b"\x1b@request", response=True)
        await client.write_gatt_char(WRITE_2AF1, b"command", response=False)
        writes = json.loads((await control(bus, "Writes", "s", [CLONE]))[0])
        check("both write types recorded in order",
              [(w["type"], bytes.fromhex(w["hex"])) for w in writes]
              == [("request", b"\x1b@request"), ("command", b"command")], str(writes))

        await client.start_notify(NOTIFY_2AF0, lambda _, data: notifications.append(bytes(data)))
        await control(bus, "Notify", "ssay", [CLONE, NOTIFY_2AF0, b"paper ok"])
        for _ in range(100):
            if notifications:
                break
            await asyncio.sleep(0.02)
        check("notification received", notifications == [b"paper ok"], str(notifications))

        await client._backend._acquire_mtu()  # bleak's own way to learn the MTU: AcquireWrite
        check("AcquireWrite gives the MTU", client.mtu_size == 185, str(client.mtu_size))

        await control(bus, "DropLink", "s", [CLONE])
        try:
            await asyncio.wait_for(disconnected.wait(), STEP_TIMEOUT)
        except asyncio.TimeoutError:
            pass
        check("remote disconnect seen", disconnected.is_set() and not client.is_connected)
        bus.disconnect()
    finally:
        standin.stdin.close()
        try:
            standin.wait(timeout=STEP_TIMEOUT)
        except subprocess.TimeoutExpired:
            standin.kill()


def main():
    try:
        asyncio.run(asyncio.wait_for(run(), 60))
    except Exception as error:  # a check that raised is a failed check, reported plainly
        check("bleak run", False, f"{type(error).__name__}: {error}")
    failed = results.count(False)
    print(f"{len(results) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
