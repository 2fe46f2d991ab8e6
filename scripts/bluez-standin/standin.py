#!/usr/bin/python3
"""A stand-in for BlueZ's `org.bluez` D-Bus service, for testing Slip's BLE sender.

There is no Bluetooth hardware or kernel support on the machines Slip is tested on, so the
sender's tests talk to this process instead of bluetoothd. It implements the part of BlueZ
5.66's D-Bus API that a printing client uses (ObjectManager, Adapter1 discovery with filters,
Device1 Connect/Disconnect, GATT services, characteristics and descriptors, WriteValue with
BlueZ's rules for `command` and `request` writes, ReadValue, StartNotify/StopNotify,
AcquireWrite) and is checked against bleak, a real BlueZ client (scripts/bluez-standin/bleak_check.py).

Classic printers over the Serial Port Profile: ProfileManager1 (RegisterProfile,
UnregisterProfile) and Device1.ConnectProfile, which calls the client's Profile1.NewConnection
with one end of a socketpair, as BlueZ hands over an RFCOMM socket; what arrives on the other end
is recorded (type "spp"), and the printer can close the stream, lose the link or have BlueZ ask
for the disconnection (Profile1.RequestDisconnection) at an exact byte. A printer with a
"status" spec answers status questions like a real one (scripts/printer-standin/responder.py):
over SPP on the stream, over BLE as notifications.

A test-control object at /slip/test (interface org.slip.StandIn1, outside /org/bluez) reads
back every write with its type and can drop the link, fail a write, answer InProgress, delay
responses, pause the sender and send notifications. The same controls can be set up front in
the configuration, so a test can script a scenario before the client starts.

Usage (the bus comes from --address, else DBUS_SYSTEM_BUS_ADDRESS, else DBUS_SESSION_BUS_ADDRESS):
    standin.py --config '{"devices": [{"preset": "clone18f0"}]}'
Prints `ready <bus address>` on standard output once it owns org.bluez, and exits when its
standard input closes (so it never outlives the test that started it) or on SIGTERM.
With --keep-bus it runs as a child of a keeper that holds the bus open until standard input
closes, so a scripted crash (crash_at_write) takes org.bluez off the bus but not the bus
itself; --record names the file the crash leaves its record of writes in.

Faults per device ("script"), for the transport fault matrix: drop_at_write (write n never
arrives), drop_after_write (n arrives, then the link drops; drop_ack false loses its reply),
fail_write / fail_from_write (n, or n and all after, fail with fail_error), in_progress,
silent_from_write (requests and reads from n on are never answered), pause_at_write with
pause_ms null (pause, never resume), crash_at_write (the process exits when n arrives).
The control object's Script method sets a new script between jobs, so one stand-in can serve a
whole sweep.

Runs on Debian's python3-dbus-fast (or the dbus-fast that bleak brings).
"""

import argparse
import asyncio
import json
import os
import signal
import socket
import stat
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "printer-standin"))
from responder import Responder  # noqa: E402

from dbus_fast import BusType, Message, MessageType, Variant
from dbus_fast.aio import MessageBus

BLUEZ = "org.bluez"
OBJECT_MANAGER = "org.freedesktop.DBus.ObjectManager"
PROPERTIES = "org.freedesktop.DBus.Properties"
ADAPTER = "org.bluez.Adapter1"
DEVICE = "org.bluez.Device1"
SERVICE = "org.bluez.GattService1"
CHARACTERISTIC = "org.bluez.GattCharacteristic1"
DESCRIPTOR = "org.bluez.GattDescriptor1"
CONTROL = "org.slip.StandIn1"
CONTROL_PATH = "/slip/test"
PROFILE_MANAGER = "org.bluez.ProfileManager1"
PROFILE = "org.bluez.Profile1"
SERIAL_PORT = "00001101-0000-1000-8000-00805f9b34fb"
ADAPTER_PATH = "/org/bluez/hci0"


def uuid16(short):
    """The 128-bit form of a 16-bit SIG UUID, lower case as BlueZ gives it."""
    return f"0000{short.lower()}-0000-1000-8000-00805f9b34fb"


ZEBRA_SERVICE = "38eb4a80-c570-11e3-9507-0002a5d5c51b"
ZEBRA_WRITE = "38eb4a82-c570-11e3-9507-0002a5d5c51b"
ZEBRA_READ = "38eb4a81-c570-11e3-9507-0002a5d5c51b"


def device_information(model, serial, firmware, manufacturer):
    """The Device Information service (180A) with model, serial, firmware and manufacturer."""
    return {
        "uuid": uuid16("180a"),
        "characteristics": [
            {"uuid": uuid16("2a24"), "flags": ["read"], "value": model.encode().hex()},
            {"uuid": uuid16("2a25"), "flags": ["read"], "value": serial.encode().hex()},
            {"uuid": uuid16("2a26"), "flags": ["read"], "value": firmware.encode().hex()},
            {"uuid": uuid16("2a29"), "flags": ["read"], "value": manufacturer.encode().hex()},
        ],
    }


# Printers as seen in the field (shared/notes/ble.md). Any field can be overridden per device.
PRESETS = {
    # Zebra ZQ-class: its own service, Device Information, MTU 247, advertises only its name.
    "zebra": {
        "name": "XXZKJ221400123",
        "address": "AC:3F:A4:10:20:30",
        "rssi": -55,
        "advertised": [],
        "mtu": 247,
        "services": [
            device_information("ZQ520", "XXZKJ221400123", "V85.20.19Z", "Zebra Technologies"),
            {
                "uuid": ZEBRA_SERVICE,
                "characteristics": [
                    {"uuid": ZEBRA_READ, "flags": ["notify", "read"]},
                    {"uuid": ZEBRA_WRITE, "flags": ["write", "write-without-response"]},
                ],
            },
        ],
    },
    # The generic 58 mm ESC/POS clone: 18F0 with write 2AF1 and notify 2AF0, MTU 185.
    "clone18f0": {
        "name": "POS-5805DD",
        "address": "DC:0D:30:48:95:01",
        "rssi": -62,
        "advertised": [uuid16("18f0")],
        "manufacturer": {"2354": "0102"},
        "mtu": 185,
        "services": [
            {
                "uuid": uuid16("18f0"),
                "characteristics": [
                    {"uuid": uuid16("2af0"), "flags": ["notify", "indicate"]},
                    {"uuid": uuid16("2af1"), "flags": ["write", "write-without-response"]},
                ],
            },
        ],
    },
    # A BLE 4.0 printer: MTU 23, so 20-byte writes.
    "ble40": {
        "name": "MPT-II",
        "address": "00:15:83:00:40:23",
        "rssi": -70,
        "advertised": [uuid16("18f0")],
        "mtu": 23,
        "services": [
            {
                "uuid": uuid16("18f0"),
                "characteristics": [
                    {"uuid": uuid16("2af0"), "flags": ["notify"]},
                    {"uuid": uuid16("2af1"), "flags": ["write", "write-without-response"]},
                ],
            },
        ],
    },
    # A cat printer: write-without-response only, pause/resume notifications on AE02.
    "cat": {
        "name": "GB03",
        "address": "E4:7A:2C:00:AE:30",
        "rssi": -58,
        "advertised": [uuid16("ae30")],
        "mtu": 247,
        "services": [
            {
                "uuid": uuid16("ae30"),
                "characteristics": [
                    {"uuid": uuid16("ae01"), "flags": ["write-without-response"]},
                    {"uuid": uuid16("ae02"), "flags": ["notify"]},
                    {"uuid": uuid16("ae03"), "flags": ["read"], "value": "00"},
                ],
            },
        ],
    },
    # A classic Bluetooth receipt printer, already paired: the Serial Port Profile, no GATT.
    "spp": {
        "name": "BlueTooth Printer",
        "address": "66:22:B3:AA:01:02",
        "rssi": -60,
        "classic": True,
        "paired": True,
        "advertised": [SERIAL_PORT],
        "mtu": None,
        "services": [],
    },
    # An ISSC transparent-UART module (Epson TM-P, Star SM-L): write only, no MTU property.
    "issc": {
        "name": "TM-P20_000123",
        "address": "00:01:90:C4:00:01",
        "rssi": -66,
        "advertised": ["49535343-fe7d-4ae5-8fa9-9fafd205e455"],
        "mtu": None,
        "services": [
            {
                "uuid": "49535343-fe7d-4ae5-8fa9-9fafd205e455",
                "characteristics": [
                    {"uuid": "49535343-1e4d-4bd9-ba61-23c647249616", "flags": ["notify"]},
                    {"uuid": "49535343-8841-43f4-a8d4-ecbe34729bb3", "flags": ["write"]},
                ],
            },
        ],
    },
}


class Script:
    """What the test asked the printer to do, per device: failures, delays, pauses."""

    def __init__(self, spec):
        self.drop_at_write = spec.get("drop_at_write")  # drop the link when write n arrives
        # The fault matrix (issue 11): write n arrives and the link drops after it, with its
        # reply sent first (drop_ack, the default) or lost with the link (a request then fails).
        self.drop_after_write = spec.get("drop_after_write")
        self.drop_ack = spec.get("drop_ack", True)
        self.fail_write = spec.get("fail_write")  # write n fails with fail_error
        self.fail_from_write = spec.get("fail_from_write")  # write n and every one after fail
        # From write n on, request writes and reads arrive but are never answered.
        self.silent_from_write = spec.get("silent_from_write")
        # The process exits when write n arrives (recorded first, to --record): BlueZ crashing.
        self.crash_at_write = spec.get("crash_at_write")
        self.fail_error = spec.get("fail_error", "org.bluez.Error.Failed")
        self.in_progress = spec.get("in_progress", 0)  # the next n request writes answer InProgress
        self.delay_ms = spec.get("delay_ms", 0)  # Write Response / Read Response latency
        self.connect_delay_ms = spec.get("connect_delay_ms", 0)
        self.connect_error = spec.get("connect_error")  # Connect fails with this text (the printer is off)
        self.never_resolve = spec.get("never_resolve", False)  # ServicesResolved never comes
        self.pause_at_write = spec.get("pause_at_write")  # send a pause notification after write n
        self.pause_ms = spec.get("pause_ms", 200)  # null: the printer never resumes
        self.pause_style = spec.get("pause_style", "cat")
        self.notify_at_write = spec.get("notify_at_write")  # send notify_value after write n
        self.notify_value = bytes.fromhex(spec.get("notify_value", ""))
        # The Serial Port Profile: after this many bytes the printer closes the stream, the link
        # is lost (stream closed, Connected false), or BlueZ asks the client to disconnect.
        self.spp_close_after = spec.get("spp_close_after")
        self.spp_drop_after = spec.get("spp_drop_after")
        self.spp_request_disconnection_after = spec.get("spp_request_disconnection_after")
        self.spp_read_size = spec.get("spp_read_size", 4096)
        self.spp_read_delay_ms = spec.get("spp_read_delay_ms", 0)
        self.spp_sndbuf = spec.get("spp_sndbuf")  # the client end's send buffer: small ones make writes partial
        self.spp_refuse = spec.get("spp_refuse")  # ConnectProfile fails with this error text
        self.spp_silent_connect = spec.get("spp_silent_connect", False)  # no NewConnection, no reply


PAUSE = {
    "cat": (bytes.fromhex("5178ae0101001070ff"), bytes.fromhex("5178ae0101000000ff")),
    "xoff": (b"\x13", b"\x11"),
}


class Characteristic:
    def __init__(self, device, service, spec, handle):
        self.device = device
        self.service = service
        self.uuid = spec["uuid"].lower()
        self.flags = list(spec["flags"])
        self.value = bytes.fromhex(spec.get("value", ""))
        self.path = f"{service.path}/char{handle:04x}"
        self.notifying = False
        self.write_acquired = False
        self.request_busy = False  # a request write is waiting for its response
        self.read_busy = False
        self.descriptors = []
        if "notify" in self.flags or "indicate" in self.flags:
            self.descriptors.append(Descriptor(self, uuid16("2902"), handle + 1))

    def properties(self):
        props = {
            "UUID": Variant("s", self.uuid),
            "Service": Variant("o", self.service.path),
            "Value": Variant("ay", self.value),
            "Notifying": Variant("b", self.notifying),
            "Flags": Variant("as", self.flags),
        }
        if "write-without-response" in self.flags:
            props["WriteAcquired"] = Variant("b", self.write_acquired)
        if "notify" in self.flags:
            props["NotifyAcquired"] = Variant("b", False)
        if self.device.mtu is not None:
            props["MTU"] = Variant("q", self.device.mtu)
        return props


class Descriptor:
    def __init__(self, characteristic, uuid, handle):
        self.characteristic = characteristic
        self.uuid = uuid
        self.path = f"{characteristic.path}/desc{handle:04x}"

    def properties(self):
        return {
            "UUID": Variant("s", self.uuid),
            "Characteristic": Variant("o", self.characteristic.path),
            "Value": Variant("ay", b""),
            "Flags": Variant("as", ["read", "write"]),
        }


class Service:
    def __init__(self, device, spec, handle):
        self.device = device
        self.uuid = spec["uuid"].lower()
        self.path = f"{device.path}/service{handle:04x}"
        self.characteristics = []
        next_handle = handle + 1
        for char_spec in spec.get("characteristics", []):
            characteristic = Characteristic(device, self, char_spec, next_handle)
            self.characteristics.append(characteristic)
            next_handle += 2 + len(characteristic.descriptors)
        self.end_handle = next_handle

    def properties(self):
        return {
            "UUID": Variant("s", self.uuid),
            "Device": Variant("o", self.device.path),
            "Primary": Variant("b", True),
            "Includes": Variant("ao", []),
        }


class Device:
    def __init__(self, standin, spec):
        merged = dict(PRESETS.get(spec.get("preset", ""), {}))
        merged.update(spec)
        self.standin = standin
        self.name = merged.get("name")
        self.address = merged["address"].upper()
        self.rssi = merged.get("rssi", -60)
        self.advertised = [u.lower() for u in merged.get("advertised", [])]
        self.manufacturer = {int(k): bytes.fromhex(v) for k, v in merged.get("manufacturer", {}).items()}
        self.mtu = merged.get("mtu")
        self.path = f"{ADAPTER_PATH}/dev_{self.address.replace(':', '_')}"
        self.script = Script(merged.get("script", {}))
        self.classic = merged.get("classic", False)
        self.paired = merged.get("paired", False)
        self.responder = Responder(merged["status"]) if "status" in merged else None
        self.spp_sock = None  # our end of the Serial Port Profile stream while connected
        self.spp_task = None
        self.visible = self.paired  # paired devices are known without discovery
        self.connected = False
        self.resolved = False
        self.writes = []  # [type, hex, characteristic uuid, during pause]
        self.write_count = 0
        self.paused = False
        self.pending = []  # delayed replies still to send: (call message, characteristic, kind)
        self.services = []
        handle = 0x000C
        for service_spec in merged.get("services", []):
            service = Service(self, service_spec, handle)
            self.services.append(service)
            handle = service.end_handle + 1

    def characteristics(self):
        return [c for s in self.services for c in s.characteristics]

    def properties(self):
        props = {
            "Address": Variant("s", self.address),
            "AddressType": Variant("s", "public"),
            "Alias": Variant("s", self.name or self.address.replace(":", "-")),
            "Paired": Variant("b", self.paired),
            "Bonded": Variant("b", False),
            "Trusted": Variant("b", False),
            "Blocked": Variant("b", False),
            "LegacyPairing": Variant("b", False),
            "RSSI": Variant("n", self.rssi),
            "Connected": Variant("b", self.connected),
            "UUIDs": Variant("as", self.advertised),
            "Adapter": Variant("o", ADAPTER_PATH),
            "ManufacturerData": Variant("a{qv}", {k: Variant("ay", v) for k, v in self.manufacturer.items()}),
            "ServiceData": Variant("a{sv}", {}),
            "ServicesResolved": Variant("b", self.resolved),
        }
        if self.name is not None:
            props["Name"] = Variant("s", self.name)
        if self.classic:
            props["Class"] = Variant("u", 0x040680)  # imaging: printer
        return props

    def gatt_objects(self):
        objects = []
        for service in self.services:
            objects.append((service.path, {SERVICE: service.properties()}))
            for characteristic in service.characteristics:
                objects.append((characteristic.path, {CHARACTERISTIC: characteristic.properties()}))
                for descriptor in characteristic.descriptors:
                    objects.append((descriptor.path, {DESCRIPTOR: descriptor.properties()}))
        return objects


def matches_filter(device, discovery_filter):
    """BlueZ's discovery filter: any listed UUID advertised, RSSI at least the floor, name pattern."""
    uuids = [u.lower() for u in discovery_filter.get("UUIDs", [])]
    if uuids and not set(uuids) & set(device.advertised):
        return False
    rssi = discovery_filter.get("RSSI")
    if rssi is not None and device.rssi < rssi:
        return False
    pattern = discovery_filter.get("Pattern", "")
    if pattern and not (device.address.startswith(pattern.upper()) or (device.name or "").startswith(pattern)):
        return False
    return True


class StandIn:
    def __init__(self, bus, config, record_path=None):
        self.bus = bus
        self.record_path = record_path  # where a crash leaves what arrived
        self.devices = [Device(self, spec) for spec in config.get("devices", [])]
        self.discovering = False
        self.discovery_filter = {}
        self.rssi_task = None
        self.acquired = {}  # characteristic path -> (our socket end, reader task)
        self.profiles = {}  # (client's unique name, object path) -> UUID, from RegisterProfile
        self.by_path = {}  # every object path -> (its device, the object): one lookup per call
        for device in self.devices:
            self.by_path[device.path] = (device, device)
            for service in device.services:
                self.by_path[service.path] = (device, service)
                for characteristic in service.characteristics:
                    self.by_path[characteristic.path] = (device, characteristic)
                    for descriptor in characteristic.descriptors:
                        self.by_path[descriptor.path] = (device, descriptor)

    # -- signals ------------------------------------------------------------------------------

    def emit(self, path, interface, member, signature, body):
        self.bus.send(Message.new_signal(path, interface, member, signature, body))

    def properties_changed(self, path, interface, changed):
        self.emit(path, PROPERTIES, "PropertiesChanged", "sa{sv}as", [interface, changed, []])

    def interfaces_added(self, path, interfaces):
        self.emit("/", OBJECT_MANAGER, "InterfacesAdded", "oa{sa{sv}}", [path, interfaces])

    def interfaces_removed(self, path, interfaces):
        self.emit("/", OBJECT_MANAGER, "InterfacesRemoved", "oas", [path, interfaces])

    # -- the object tree ----------------------------------------------------------------------

    def adapter_properties(self):
        return {
            "Address": Variant("s", "00:1A:7D:DA:71:13"),
            "AddressType": Variant("s", "public"),
            "Name": Variant("s", "slip-standin"),
            "Alias": Variant("s", "slip-standin"),
            "Class": Variant("u", 0),
            "Powered": Variant("b", True),
            "Discoverable": Variant("b", False),
            "Pairable": Variant("b", False),
            "Discovering": Variant("b", self.discovering),
            "UUIDs": Variant("as", []),
            "Modalias": Variant("s", "usb:v1D6Bp0246d0542"),
            "Roles": Variant("as", ["central", "peripheral"]),
        }

    def managed_objects(self):
        objects = {ADAPTER_PATH: {ADAPTER: self.adapter_properties()}}
        for device in self.devices:
            if not device.visible:
                continue
            objects[device.path] = {DEVICE: device.properties()}
            if device.resolved:
                for path, interfaces in device.gatt_objects():
                    objects[path] = interfaces
        return objects

    def find(self, path):
        """The adapter, device, characteristic or descriptor at `path` (None if not exported)."""
        if path == ADAPTER_PATH:
            return self
        found = self.by_path.get(path)
        if found is None:
            return None
        device, target = found
        if target is device:
            return device if device.visible else None
        return target if device.resolved else None

    def device(self, address):
        for device in self.devices:
            if device.address == address.upper():
                return device
        raise Failure("org.bluez.Error.DoesNotExist", f"no device {address}")

    # -- the message handler ------------------------------------------------------------------

    def handle(self, msg):
        if msg.message_type != MessageType.METHOD_CALL:
            return None
        try:
            return self.dispatch(msg)
        except Failure as failure:
            return Message.new_error(msg, failure.name, failure.text)

    def dispatch(self, msg):
        interface, member, path = msg.interface, msg.member, msg.path
        if path == CONTROL_PATH:
            return self.control(msg)
        if interface == OBJECT_MANAGER and member == "GetManagedObjects" and path == "/":
            return Message.new_method_return(msg, "a{oa{sa{sv}}}", [self.managed_objects()])
        if path == "/org/bluez" and interface == PROFILE_MANAGER:
            return self.profile_manager_call(msg)
        target = self.find(path)
        if target is None:
            if path.startswith("/org/bluez"):
                return Message.new_error(msg, "org.freedesktop.DBus.Error.UnknownObject", f"no object {path}")
            return None
        if interface == PROPERTIES:
            return self.properties_call(msg, target)
        if isinstance(target, StandIn) and interface == ADAPTER:
            return self.adapter_call(msg)
        if isinstance(target, Device) and interface == DEVICE:
            return self.device_call(msg, target)
        if isinstance(target, Characteristic) and interface == CHARACTERISTIC:
            return self.characteristic_call(msg, target)
        return Message.new_error(msg, "org.freedesktop.DBus.Error.UnknownMethod", f"{interface}.{member}")

    def properties_call(self, msg, target):
        if isinstance(target, StandIn):
            interface, props = ADAPTER, self.adapter_properties()
        elif isinstance(target, Device):
            interface, props = DEVICE, target.properties()
        elif isinstance(target, Service):
            interface, props = SERVICE, target.properties()
        elif isinstance(target, Characteristic):
            interface, props = CHARACTERISTIC, target.properties()
        else:
            interface, props = DESCRIPTOR, target.properties()
        if msg.member == "GetAll":
            return Message.new_method_return(msg, "a{sv}", [props if msg.body[0] == interface else {}])
        if msg.member == "Get":
            if msg.body[0] != interface or msg.body[1] not in props:
                raise Failure("org.freedesktop.DBus.Error.InvalidArgs", f"no property {msg.body[1]}")
            return Message.new_method_return(msg, "v", [props[msg.body[1]]])
        if msg.member == "Set":
            return Message.new_method_return(msg)
        raise Failure("org.freedesktop.DBus.Error.UnknownMethod", msg.member)

    # -- Adapter1 -----------------------------------------------------------------------------

    def adapter_call(self, msg):
        member = msg.member
        if member == "SetDiscoveryFilter":
            self.discovery_filter = {k: v.value for k, v in msg.body[0].items()}
            return Message.new_method_return(msg)
        if member == "StartDiscovery":
            if not self.discovering:
                self.discovering = True
                self.properties_changed(ADAPTER_PATH, ADAPTER, {"Discovering": Variant("b", True)})
                for device in self.devices:
                    if not device.visible and matches_filter(device, self.discovery_filter):
                        device.visible = True
                        self.interfaces_added(device.path, {DEVICE: device.properties()})
                self.rssi_task = asyncio.get_running_loop().create_task(self.advertise())
            return Message.new_method_return(msg)
        if member == "StopDiscovery":
            if not self.discovering:
                raise Failure("org.bluez.Error.Failed", "No discovery started")
            self.discovering = False
            if self.rssi_task:
                self.rssi_task.cancel()
            self.properties_changed(ADAPTER_PATH, ADAPTER, {"Discovering": Variant("b", False)})
            return Message.new_method_return(msg)
        if member == "GetDiscoveryFilters":
            return Message.new_method_return(msg, "as", [["UUIDs", "RSSI", "Transport", "Pattern"]])
        if member == "RemoveDevice":
            return Message.new_method_return(msg)
        raise Failure("org.freedesktop.DBus.Error.UnknownMethod", member)

    async def advertise(self):
        """While discovering, every visible device re-advertises: RSSI arrives as PropertiesChanged."""
        while self.discovering:
            await asyncio.sleep(0.1)
            for device in self.devices:
                if device.visible and not device.connected:
                    self.properties_changed(device.path, DEVICE, {"RSSI": Variant("n", device.rssi)})

    # -- Device1 ------------------------------------------------------------------------------

    def device_call(self, msg, device):
        if msg.member == "Connect":
            asyncio.get_running_loop().create_task(self.connect(msg, device))
            return True
        if msg.member == "Disconnect":
            self.disconnect(device, "org.bluez.Error.Failed", "Disconnected")
            return Message.new_method_return(msg)
        if msg.member == "ConnectProfile":
            asyncio.get_running_loop().create_task(self.connect_profile(msg, device, msg.body[0].lower()))
            return True
        raise Failure("org.freedesktop.DBus.Error.UnknownMethod", msg.member)

    # -- ProfileManager1 and the Serial Port Profile -----------------------------------------

    def profile_manager_call(self, msg):
        if msg.member == "RegisterProfile":
            path, uuid = msg.body[0], msg.body[1].lower()
            if (msg.sender, path) in self.profiles:
                raise Failure("org.bluez.Error.AlreadyExists", "Already Exists")
            self.profiles[(msg.sender, path)] = uuid
            return Message.new_method_return(msg)
        if msg.member == "UnregisterProfile":
            if self.profiles.pop((msg.sender, msg.body[0]), None) is None:
                raise Failure("org.bluez.Error.DoesNotExist", "Does Not Exist")
            return Message.new_method_return(msg)
        raise Failure("org.freedesktop.DBus.Error.UnknownMethod", msg.member)

    async def connect_profile(self, msg, device, uuid):
        """BlueZ's ConnectProfile: the RFCOMM link, then NewConnection on the client's profile."""
        script = device.script
        registrant = next(((sender, path) for (sender, path), registered in self.profiles.items()
                           if registered == uuid), None)
        if uuid not in device.advertised or registrant is None:
            self.bus.send(Message.new_error(msg, "org.bluez.Error.NotAvailable", "Operation currently not available"))
            return
        if script.spp_refuse:
            self.bus.send(Message.new_error(msg, "org.bluez.Error.Failed", script.spp_refuse))
            return
        if script.spp_silent_connect:
            return
        await asyncio.sleep(script.connect_delay_ms / 1000)
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        if script.spp_sndbuf:
            theirs.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, script.spp_sndbuf)
            ours.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, script.spp_sndbuf)
        ours.setblocking(False)
        if not device.connected:
            device.connected = True
            device.write_count = 0
            self.properties_changed(device.path, DEVICE, {"Connected": Variant("b", True)})
        sender, path = registrant
        call = Message(destination=sender, path=path, interface=PROFILE, member="NewConnection",
                       signature="oha{sv}", body=[device.path, 0, {}], unix_fds=[theirs.fileno()])
        reply = await self.bus.call(call)
        theirs.close()
        if reply.message_type == MessageType.ERROR:
            ours.close()
            self.bus.send(Message.new_error(msg, "org.bluez.Error.Failed", f"NewConnection: {reply.error_name}"))
            return
        device.spp_sock = ours
        device.spp_task = asyncio.get_running_loop().create_task(self.read_spp(device, ours, registrant))
        self.bus.send(Message.new_method_return(msg))

    async def read_spp(self, device, sock, registrant):
        """The printer's end of the stream: record, answer status questions, misbehave on cue."""
        loop = asyncio.get_running_loop()
        script = device.script
        received = 0
        try:
            while True:
                size = script.spp_read_size
                for limit in (script.spp_close_after, script.spp_drop_after, script.spp_request_disconnection_after):
                    if limit is not None:
                        size = min(size, limit - received)
                if size <= 0:
                    break
                data = await loop.sock_recv(sock, size)
                if not data:
                    break
                received += len(data)
                device.writes.append(("spp", data, SERIAL_PORT, False, False))
                if device.responder:
                    answer = device.responder.feed(data)
                    if answer:
                        await loop.sock_sendall(sock, answer)
                if script.spp_read_delay_ms:
                    await asyncio.sleep(script.spp_read_delay_ms / 1000)
        except (ConnectionError, OSError):
            pass
        if script.spp_request_disconnection_after is not None and received >= script.spp_request_disconnection_after:
            sender, path = registrant
            call = Message(destination=sender, path=path, interface=PROFILE, member="RequestDisconnection",
                           signature="o", body=[device.path])
            try:
                await asyncio.wait_for(self.bus.call(call), 5)
            except asyncio.TimeoutError:
                pass
        if device.spp_sock is sock:
            device.spp_sock = None
            sock.close()
        if script.spp_drop_after is not None and received >= script.spp_drop_after:
            self.disconnect(device, "org.bluez.Error.Failed", "Not connected")

    async def connect(self, msg, device):
        if device.connected:
            self.bus.send(Message.new_method_return(msg))
            return
        await asyncio.sleep(device.script.connect_delay_ms / 1000)
        if device.script.connect_error:
            self.bus.send(Message.new_error(msg, "org.bluez.Error.Failed", device.script.connect_error))
            return
        device.connected = True
        device.write_count = 0
        self.properties_changed(device.path, DEVICE, {"Connected": Variant("b", True)})
        self.bus.send(Message.new_method_return(msg))
        if device.script.never_resolve:
            return
        await asyncio.sleep(0.01)
        if not device.connected:
            return
        device.resolved = True
        for path, interfaces in device.gatt_objects():
            self.interfaces_added(path, interfaces)
        self.properties_changed(device.path, DEVICE, {"ServicesResolved": Variant("b", True)})

    def disconnect(self, device, error, text):
        """The link goes down: pending requests fail, acquired fds close, GATT objects go away."""
        if not device.connected:
            return
        device.connected = False
        if device.spp_sock is not None:
            device.spp_sock.close()
            device.spp_sock = None
            if device.spp_task and device.spp_task is not asyncio.current_task():
                device.spp_task.cancel()
        for call, characteristic, _ in device.pending:
            # BlueZ fails a request still waiting for its answer as the link goes; the printer
            # may or may not have the data.
            characteristic.request_busy = characteristic.read_busy = False
            self.bus.send(Message.new_error(call, "org.bluez.Error.Failed", "Operation failed"))
        device.pending = []
        for characteristic in device.characteristics():
            self.release(characteristic)
            characteristic.notifying = False
        if device.resolved:
            device.resolved = False
            self.properties_changed(device.path, DEVICE, {"ServicesResolved": Variant("b", False)})
            for path, interfaces in reversed(device.gatt_objects()):
                self.interfaces_removed(path, list(interfaces))
        self.properties_changed(device.path, DEVICE, {"Connected": Variant("b", False)})

    # -- GattCharacteristic1 ------------------------------------------------------------------

    def characteristic_call(self, msg, characteristic):
        device = characteristic.device
        member = msg.member
        if not device.connected:
            raise Failure("org.bluez.Error.Failed", "Not connected")
        if member == "WriteValue":
            return self.write_value(msg, characteristic, bytes(msg.body[0]), msg.body[1])
        if member == "ReadValue":
            if "read" not in characteristic.flags:
                raise Failure("org.bluez.Error.NotPermitted", "Read not permitted")
            if characteristic.read_busy:
                raise Failure("org.bluez.Error.InProgress", "In Progress")
            return self.respond(msg, characteristic, "read")
        if member == "StartNotify":
            if not ({"notify", "indicate"} & set(characteristic.flags)):
                raise Failure("org.bluez.Error.NotSupported", "Operation is not supported")
            if not characteristic.notifying:
                characteristic.notifying = True
                self.properties_changed(characteristic.path, CHARACTERISTIC, {"Notifying": Variant("b", True)})
            return Message.new_method_return(msg)
        if member == "StopNotify":
            if characteristic.notifying:
                characteristic.notifying = False
                self.properties_changed(characteristic.path, CHARACTERISTIC, {"Notifying": Variant("b", False)})
            return Message.new_method_return(msg)
        if member == "AcquireWrite":
            return self.acquire_write(msg, characteristic)
        raise Failure("org.freedesktop.DBus.Error.UnknownMethod", member)

    def write_value(self, msg, characteristic, data, options):
        device = characteristic.device
        kind = options["type"].value if "type" in options else None
        if kind is None:
            kind = "request" if "write" in characteristic.flags else "command"
        if kind == "command" and "write-without-response" not in characteristic.flags:
            raise Failure("org.bluez.Error.NotSupported", "Operation is not supported")
        if kind in ("request", "reliable") and "write" not in characteristic.flags:
            raise Failure("org.bluez.Error.NotSupported", "Operation is not supported")
        if characteristic.write_acquired:
            raise Failure("org.bluez.Error.NotPermitted", "Write acquired")
        mtu = device.mtu or 23
        if kind == "command" and len(data) > mtu - 3:
            raise Failure("org.bluez.Error.Failed", "Failed to initiate write")
        if kind != "command":
            if characteristic.request_busy:
                raise Failure("org.bluez.Error.InProgress", "In Progress")
            if device.script.in_progress > 0:
                device.script.in_progress -= 1
                raise Failure("org.bluez.Error.InProgress", "In Progress")
        if not self.arrive(device, characteristic, kind, data):
            raise Failure(device.script.fail_error if device.connected else "org.bluez.Error.Failed",
                          "Operation failed" if device.connected else "Not connected")
        if device.script.drop_after_write == device.write_count:
            # The write arrived; the link drops after its reply, or before it (a request's
            # answer is lost; BlueZ answers a command as soon as it is queued).
            if device.script.drop_ack or kind == "command":
                self.bus.send(Message.new_method_return(msg))
            else:
                device.pending.append((msg, characteristic, "write"))
            self.disconnect(device, "org.bluez.Error.Failed", "Not connected")
            return True
        if kind == "command":
            return Message.new_method_return(msg)
        return self.respond(msg, characteristic, "write")

    def arrive(self, device, characteristic, kind, data):
        """A write reaches the printer (True), or the link drops or the write fails first."""
        script = device.script
        device.write_count += 1
        n = device.write_count
        if script.drop_at_write == n:
            self.disconnect(device, "org.bluez.Error.Failed", "Not connected")
            return False
        if script.fail_write == n or (script.fail_from_write is not None and n >= script.fail_from_write):
            return False
        device.writes.append((kind, data, characteristic.uuid, device.paused, len(data) > (device.mtu or 23) - 3))
        if script.crash_at_write == n:
            self.crash()
        if script.pause_at_write == n:
            self.pause(device)
        if script.notify_at_write == n:
            self.notify(device, None, script.notify_value)
        if device.responder:
            answer = device.responder.feed(data)
            payload = (device.mtu or 23) - 3
            for start in range(0, len(answer), payload):
                self.notify(device, None, answer[start:start + payload])
        return True

    def respond(self, msg, characteristic, kind):
        """The printer's Write or Read Response, after the scripted delay."""
        device = characteristic.device
        delay = device.script.delay_ms
        silent = device.script.silent_from_write
        if silent is not None and device.write_count >= silent:
            # Never answered; BlueZ fails it only when the link goes (see disconnect).
            if kind == "read":
                characteristic.read_busy = True
            else:
                characteristic.request_busy = True
            device.pending.append((msg, characteristic, kind))
            return True
        reply = (Message.new_method_return(msg, "ay", [characteristic.value]) if kind == "read"
                 else Message.new_method_return(msg))
        if not delay:
            return reply
        if kind == "read":
            characteristic.read_busy = True
        else:
            characteristic.request_busy = True
        entry = (msg, characteristic, kind)
        device.pending.append(entry)

        def answer():
            if entry in device.pending:
                device.pending.remove(entry)
                characteristic.request_busy = characteristic.read_busy = False
                self.bus.send(reply)

        asyncio.get_running_loop().call_later(delay / 1000, answer)
        return True

    def acquire_write(self, msg, characteristic):
        if "write-without-response" not in characteristic.flags:
            raise Failure("org.bluez.Error.NotSupported", "Operation is not supported")
        if characteristic.write_acquired:
            raise Failure("org.bluez.Error.NotPermitted", "Write acquired")
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        ours.setblocking(False)
        characteristic.write_acquired = True
        self.properties_changed(characteristic.path, CHARACTERISTIC, {"WriteAcquired": Variant("b", True)})
        mtu = characteristic.device.mtu or 23
        task = asyncio.get_running_loop().create_task(self.read_acquired(characteristic, ours, mtu))
        self.acquired[characteristic.path] = (ours, task)
        reply = Message.new_method_return(msg, "hq", [0, mtu], unix_fds=[theirs.fileno()])
        self.bus.send(reply)
        theirs.close()
        return True

    async def read_acquired(self, characteristic, sock, mtu):
        """Each packet on the acquired socket is one Write Command; larger ones are dropped, as in BlueZ."""
        loop = asyncio.get_running_loop()
        device = characteristic.device
        try:
            while True:
                data = await loop.sock_recv(sock, 65536)
                if not data:
                    break
                if len(data) > mtu - 3:
                    device.writes.append(("dropped", data, characteristic.uuid, device.paused, True))
                    continue
                if not self.arrive(device, characteristic, "acquired", data):
                    break
                if device.script.drop_after_write == device.write_count:
                    self.disconnect(device, "org.bluez.Error.Failed", "Not connected")
                    break
        except (ConnectionError, OSError):
            pass
        self.release(characteristic)

    def release(self, characteristic):
        entry = self.acquired.pop(characteristic.path, None)
        if entry:
            sock, task = entry
            sock.close()
            if task is not asyncio.current_task():
                task.cancel()
        if characteristic.write_acquired:
            characteristic.write_acquired = False
            if characteristic.device.connected:
                self.properties_changed(characteristic.path, CHARACTERISTIC, {"WriteAcquired": Variant("b", False)})

    # -- notifications and pauses -------------------------------------------------------------

    def notify(self, device, uuid, value):
        """A notification from the printer, on `uuid` or its first notifying characteristic."""
        for characteristic in device.characteristics():
            if (uuid is None or characteristic.uuid == uuid.lower()) and characteristic.notifying:
                characteristic.value = value
                self.properties_changed(characteristic.path, CHARACTERISTIC, {"Value": Variant("ay", value)})
                return True
        return False

    def pause(self, device):
        """The pause notification goes out at once, ahead of the write's own reply, as a printer
        whose buffer just filled would send it; the resume after pause_ms."""
        pause, resume = PAUSE[device.script.pause_style]
        device.paused = True
        self.notify(device, None, pause)
        if device.script.pause_ms is None:
            return  # a printer that never resumes: the sender must give up on its own

        def resume_now():
            device.paused = False
            self.notify(device, None, resume)

        asyncio.get_running_loop().call_later(device.script.pause_ms / 1000, resume_now)

    # -- the test-control object --------------------------------------------------------------

    async def writes_when_read(self, msg, device):
        try:
            await asyncio.wait_for(asyncio.shield(device.spp_task), 5)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            pass
        self.bus.send(self.writes_reply(msg, device))

    def writes_reply(self, msg, device):
        return Message.new_method_return(msg, "s", [json.dumps(records(device))])

    def crash(self):
        """Exits at once, as a crashing bluetoothd would: no replies, no signals, the bus name
        gone. What arrived is written to --record first, so the test can still read it."""
        if self.record_path:
            with open(self.record_path, "w") as file:
                json.dump({device.address: records(device) for device in self.devices}, file)
        sys.stdout.flush()
        os._exit(70)

    def control(self, msg):
        member, body = msg.member, msg.body
        if member == "Writes":
            device = self.device(body[0])
            if device.spp_task and not device.spp_task.done():
                # The client has gone; let the printer read what is still in the stream first.
                asyncio.get_running_loop().create_task(self.writes_when_read(msg, device))
                return True
            return self.writes_reply(msg, device)
        if member == "ClearWrites":
            self.device(body[0]).writes = []
            return Message.new_method_return(msg)
        if member == "DropLink":
            self.disconnect(self.device(body[0]), "org.bluez.Error.Failed", "Not connected")
            return Message.new_method_return(msg)
        if member == "Script":
            device = self.device(body[0])
            device.script = Script(json.loads(body[1]))
            device.paused = False  # a printer left paused by the last job starts afresh
            return Message.new_method_return(msg)
        if member == "Notify":
            sent = self.notify(self.device(body[0]), body[1] or None, bytes(body[2]))
            return Message.new_method_return(msg, "b", [sent])
        if member == "Quit":
            asyncio.get_running_loop().call_soon(stop.set)
            return Message.new_method_return(msg)
        raise Failure("org.freedesktop.DBus.Error.UnknownMethod", member)


def records(device):
    """A device's writes as the control object's Writes returns them."""
    return [{"type": t, "hex": d.hex(), "uuid": u, "paused": p, "oversize": o} for t, d, u, p, o in device.writes]


class Failure(Exception):
    """A D-Bus error reply: BlueZ's error name and text."""

    def __init__(self, name, text):
        super().__init__(text)
        self.name = name
        self.text = text


stop = None


async def main():
    global stop
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", help="the bus address (default: DBUS_SYSTEM_BUS_ADDRESS)")
    parser.add_argument("--config", default='{"devices": [{"preset": "clone18f0"}]}',
                        help="JSON: {\"devices\": [{\"preset\": NAME, ...overrides, \"script\": {...}}]}")
    parser.add_argument("--record", help="a file for what arrived, written when a crash_at_write crashes us")
    arguments = parser.parse_args()
    address = (arguments.address or os.environ.get("DBUS_SYSTEM_BUS_ADDRESS")
               or os.environ.get("DBUS_SESSION_BUS_ADDRESS"))
    if not address:
        sys.exit("standin: no bus address: pass --address or set DBUS_SYSTEM_BUS_ADDRESS")
    config = json.loads(arguments.config)
    stop = asyncio.Event()
    bus = await MessageBus(bus_address=address, negotiate_unix_fd=True).connect()
    standin = StandIn(bus, config, arguments.record)
    bus.add_message_handler(standin.handle)
    await bus.request_name(BLUEZ)
    await bus.request_name("org.slip.StandIn")
    print(f"ready {address}", flush=True)

    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    # Standard input closing means the test that started us is gone (watched when it is a pipe).
    if stat.S_ISFIFO(os.fstat(0).st_mode):
        def on_input():
            if not os.read(0, 4096):
                loop.remove_reader(0)
                stop.set()
        loop.add_reader(0, on_input)
    await stop.wait()
    bus.disconnect()


def keep_bus():
    """`--keep-bus`: run the stand-in as a child and outlive it until standard input closes, so
    that under dbus-run-session the bus stays up when the stand-in crashes (crash_at_write)."""
    arguments = [a for a in sys.argv[1:] if a != "--keep-bus"]
    child = subprocess.Popen([sys.executable, os.path.abspath(__file__)] + arguments)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        while os.read(0, 4096):
            pass
    except OSError:
        pass
    finally:
        stop_child(child)


def stop_child(child):
    if child.poll() is None:
        child.terminate()
        try:
            child.wait(5)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


if __name__ == "__main__":
    if "--keep-bus" in sys.argv[1:]:
        keep_bus()
    else:
        asyncio.run(main())
