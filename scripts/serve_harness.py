"""Starting and stopping `slip serve` and stand-in printers, for scripts/serve-check and the
queue's crash checks (kill -9, a printer that is off): reusable pieces, no checks of their own.

    with StandinPrinter() as bar, SlipServe({"printers": {"bar": bar.printer()}}) as serve:
        status, body = serve.request("POST", "/render", {"template": "kopi-senja.slip"})
        serve.stop()                      # SIGTERM; returns the exit code
        bar.records()                     # what each connection to the printer brought

`SlipServe` writes its configuration (templates default to the repository's templates/) into a
fresh folder, listens on 127.0.0.1 on a free port (--listen 127.0.0.1:0, the port read from the
first line it prints), keeps its --state folder across restart() unless told otherwise, and
collects its log lines.
"""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STANDIN = os.path.join(ROOT, "scripts", "printer-standin", "tcp_printer.py")


def slip_binary():
    """The `slip` to run: $SLIP_BIN, else the debug build."""
    return os.environ.get("SLIP_BIN") or os.path.join(ROOT, ".build", "debug", "slip")


class StandinPrinter:
    """scripts/printer-standin/tcp_printer.py on a free port, with its `--config`."""

    def __init__(self, config=None):
        self.config = config or {}
        self.process = subprocess.Popen(
            [sys.executable, STANDIN, "--config", json.dumps(self.config)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline().split()
        if line[:1] != ["ready"]:
            raise RuntimeError(f"the stand-in printer did not start: {line}")
        self.port = int(line[1])

    def printer(self, profile="generic-58"):
        """This printer's entry in slip-serve.json."""
        return {"to": f"tcp:127.0.0.1:{self.port}", "printer": profile}

    def records(self):
        """One record per connection so far: {"hex", "closed_by", ...}."""
        self.process.stdin.write("records\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def received(self):
        """Every byte every connection brought, in connection order."""
        return b"".join(bytes.fromhex(r["hex"]) for r in self.records())

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=10)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class SlipServe:
    """`slip serve` with a configuration written from `config` (a dict merged over
    {"templates": <repo>/templates, "printers": {}}), started at once."""

    def __init__(self, config=None, token=None, listen="127.0.0.1:0", env=None, extra_args=(), start=True):
        self.folder = tempfile.mkdtemp(prefix="slip-serve-")
        self.state = os.path.join(self.folder, "state")
        merged = {"templates": os.path.join(ROOT, "templates"), "printers": {}}
        merged.update(config or {})
        self.config_path = os.path.join(self.folder, "slip-serve.json")
        with open(self.config_path, "w") as file:
            json.dump(merged, file, indent=2)
        self.token = token
        self.listen = listen
        self.args = list(extra_args)
        if token:
            self.args += ["--token-file", self.write("token", token + "\n")]
        self.env = dict(os.environ, **(env or {}))
        self.log = []
        self.process = None
        self.port = None
        if start:
            self.start()

    def write(self, name, text):
        """Writes a file into the service's folder; returns its path."""
        path = os.path.join(self.folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as file:
            file.write(text)
        return path

    def command(self):
        return [slip_binary(), "serve", "--listen", self.listen, "--config", self.config_path,
                "--state", self.state] + self.args

    def start(self, timeout=30):
        """Starts the service and waits for its address; raises with its output if it exits."""
        self.process = subprocess.Popen(
            self.command(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env)
        threading.Thread(target=self._collect, args=(self.process,), daemon=True).start()
        line = self.process.stdout.readline()
        if "listening on http://" not in line:
            self.process.wait(timeout=timeout)
            time.sleep(0.1)
            raise RuntimeError(f"slip serve did not start (exit {self.process.returncode}): {line}"
                               + "\n".join(self.log))
        self.port = int(line.strip().rstrip("/").rsplit(":", 1)[1])
        return self

    def _collect(self, process):
        for line in process.stderr:
            self.log.append(line.rstrip("\n"))

    def stop(self, timeout=30):
        """SIGTERM; the exit code."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=timeout) if self.process else None

    def kill(self):
        """SIGKILL, as a crash: nothing is finished."""
        if self.process and self.process.poll() is None:
            self.process.kill()
        return self.process.wait(timeout=30)

    def restart(self):
        """Starts again after stop() or kill(), on the same state folder and port."""
        self.listen = f"127.0.0.1:{self.port}"
        return self.start()

    def connect(self, timeout=10):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def request(self, method, path, body=None, headers=None, timeout=30):
        """(status, parsed JSON body or raw bytes, headers). A dict body is sent as JSON."""
        headers = dict(headers or {})
        if self.token and "Authorization" not in headers:
            headers["Authorization"] = f"Bearer {self.token}"
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
            headers.setdefault("Content-Type", "application/json")
        connection = self.connect(timeout)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            kind = response.getheader("Content-Type") or ""
            parsed = json.loads(data) if "json" in kind and data else data
            return response.status, parsed, dict(response.getheaders())
        finally:
            connection.close()

    def raw(self, data, timeout=5, shutdown=False):
        """Sends bytes as they are on a fresh connection; returns what comes back until the
        server closes or `timeout` passes."""
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        try:
            sock.sendall(data)
            if shutdown:
                sock.shutdown(socket.SHUT_WR)
            chunks = []
            try:
                while True:
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
            except (socket.timeout, ConnectionResetError):
                pass
            return b"".join(chunks)
        finally:
            sock.close()

    def close(self):
        if self.process and self.process.poll() is None:
            self.kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
