#!/usr/bin/python3
"""A stand-in network printer on raw TCP (port 9100's protocol), for testing Slip's TCP transport.

Listens on 127.0.0.1 only, on a port the system picks, records every byte each connection
brings, answers status questions like a real printer (responder.py), and can misbehave on
purpose: close mid-job at an exact byte, never read, never accept, refuse.

Usage:
    tcp_printer.py --config '{"status": {"state": {"paper_out": true}}, "close_after": 5000}'
Prints `ready <port>` once listening. Then reads commands, one per line, on standard input:
    records   one JSON line: [{"hex", "closed_by", "buffered_at_close", "questions"}] per connection
and exits when standard input closes (so it never outlives the test that started it).

Configuration (all optional):
    status        the responder's spec (see responder.py); without it the printer never answers
    close_after   read exactly this many bytes, stop reading, let the sender fill the buffers,
                  then reset the connection (SO_LINGER 0); `buffered_at_close` says how many more
                  bytes the kernel had acknowledged but the printer never read
    never_read    accept, then read nothing
    no_accept     a full accept queue: connections are never accepted (connect times out)
    refuse        nothing listens on the port (connect is refused)
    port          listen on this port instead of one the system picks (a printer that was off
                  coming back where the sender keeps trying)
    rcvbuf        the receive buffer size (small ones make the sender wait)
    read_delay_ms sleep this long between reads (a slow printer)
    say           [after_bytes, hex]: send these bytes once that many have arrived
"""

import argparse
import fcntl
import json
import os
import socket
import struct
import sys
import termios
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from responder import Responder  # noqa: E402


class Connection:
    def __init__(self, sock, config):
        self.sock = sock
        self.config = config
        self.data = bytearray()
        self.closed_by = None
        self.buffered_at_close = 0
        self.responder = Responder(config["status"]) if "status" in config else None
        self.done = threading.Event()

    def record(self):
        buffered = self.buffered_at_close
        if self.closed_by is None:
            buffered = pending(self.sock)
        return {
            "hex": self.data.hex(),
            "closed_by": self.closed_by,
            "buffered_at_close": buffered,
            "questions": self.responder.questions if self.responder else [],
        }

    def run(self):
        config = self.config
        sock = self.sock
        try:
            if config.get("never_read"):
                self.done.wait()
                return
            limit = config.get("close_after")
            said = False
            while True:
                want = 65536 if limit is None else min(65536, limit - len(self.data))
                if want == 0:
                    self.reset()
                    return
                chunk = sock.recv(want)
                if not chunk:
                    self.closed_by = "client"
                    sock.close()
                    return
                self.data += chunk
                if self.responder:
                    answer = self.responder.feed(chunk)
                    if answer:
                        sock.sendall(answer)
                say = config.get("say")
                if say and not said and len(self.data) >= say[0]:
                    sock.sendall(bytes.fromhex(say[1]))
                    said = True
                if config.get("read_delay_ms"):
                    time.sleep(config["read_delay_ms"] / 1000)
        except OSError:
            self.closed_by = self.closed_by or "error"
        finally:
            self.done.set()

    def reset(self):
        """Stop reading; once the sender has filled what it can, reset the connection."""
        stable, last, deadline = 0, -1, time.monotonic() + 3
        while stable < 5 and time.monotonic() < deadline:
            time.sleep(0.04)
            now = pending(self.sock)
            stable = stable + 1 if now == last else 0
            last = now
        self.buffered_at_close = pending(self.sock)
        self.closed_by = "printer"
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()


def pending(sock):
    """Bytes the kernel received (and acknowledged) that the printer has not read."""
    try:
        return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0]
    except OSError:
        return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="{}")
    config = json.loads(parser.parse_args().config)

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if "rcvbuf" in config:
        # Set before listen so accepted connections inherit it (and the window is small).
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, config["rcvbuf"])
    listener.bind(("127.0.0.1", config.get("port", 0)))
    port = listener.getsockname()[1]
    connections = []
    extra = []

    if config.get("refuse"):
        pass  # bound, never listening: the kernel refuses connections to this port
    elif config.get("no_accept"):
        listener.listen(0)
        # Fill the accept queue from here: the kernel then drops new SYNs, connect never finishes.
        for _ in range(3):
            filler = socket.socket()
            filler.setblocking(False)
            filler.connect_ex(("127.0.0.1", port))
            extra.append(filler)
        time.sleep(0.1)
    else:
        listener.listen(8)

        def accept():
            while True:
                try:
                    sock, _ = listener.accept()
                except OSError:
                    return
                connection = Connection(sock, config)
                connections.append(connection)
                threading.Thread(target=connection.run, daemon=True).start()

        threading.Thread(target=accept, daemon=True).start()

    print(f"ready {port}", flush=True)
    for line in sys.stdin:
        command = line.strip()
        if command == "records":
            # Let each connection read what already arrived, so the record is complete.
            deadline = time.monotonic() + 3
            for connection in connections:
                if not config.get("never_read"):
                    connection.done.wait(max(0, deadline - time.monotonic()))
            print(json.dumps([c.record() for c in connections]), flush=True)
    for connection in connections:
        connection.done.set()
    listener.close()


if __name__ == "__main__":
    main()
