#!/usr/bin/python3
"""A private CUPS scheduler for Slip's tests: Debian's real cupsd (cups-daemon), with its own
configuration, spool, logs and socket in a temporary directory, never the machine's CUPS (none
needs to run, and none is touched if one does).

Each queue is a raw queue whose device copies every job to a file the test reads back:
CUPS 2.4 writes nothing to a file: device for a raw job (no filter or backend process runs for
it), so the device is `slipcapture:<path>`, a backend of a few lines in a private ServerBin whose
other folders link to Debian's /usr/lib/cups.

Usage:
    cupsd.py --config '{"queues": [{"name": "receipts"}, {"name": "paused", "state": "stopped"}]}'
Prints `ready <socket> <directory> <port>` once cupsd answers on its socket (point CUPS_SERVER at
the socket, or at 127.0.0.1:<port>, where it listens too); queue Q's jobs land in
<directory>/out/Q.bin, each replacing the last. Exits, stopping
cupsd and removing the directory, when standard input closes (so it never outlives its test).

Queue fields: name; state ("idle" or "stopped"); accepting (true); reason (a
printer-state-reasons keyword such as "media-empty-error"); message; device: "capture" (the
default), "fail" (the backend reports an error and exits 1; the queue's error policy aborts the
job), "slow" (the backend takes 30 s).
"""

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

CUPSD = "/usr/sbin/cupsd"

BACKEND = """#!/bin/sh
# slipcapture: copies a job to the file its device URI names (slipcapture:/path[?fail|?slow]).
[ $# -eq 0 ] && exit 0
target=${DEVICE_URI#slipcapture:}
path=${target%%\\?*}
case "$target" in
  *"?fail") echo "ERROR: the printer reports a paper jam" >&2; exit 1 ;;
  *"?slow") sleep 30 ;;
esac
if [ -n "$6" ]; then cat "$6" > "$path.part"; else cat > "$path.part"; fi
mv "$path.part" "$path"
"""


def apparmor_enforces():
    try:
        with open("/sys/module/apparmor/parameters/enabled") as f:
            return f.read().strip() == "Y"
    except OSError:
        return False


def write(path, text, mode=0o644):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default='{"queues": [{"name": "slip-test"}]}')
    config = json.loads(parser.parse_args().config)
    if not os.path.exists(CUPSD):
        sys.exit("cupsd.py: /usr/sbin/cupsd is missing: install Debian's cups-daemon (scripts/setup does)")

    # A parent that blocked signals (test runners do) would pass that on: cupsd must see SIGTERM.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    root = tempfile.mkdtemp(prefix="slip-cups-", dir="/tmp")
    process = None
    try:
        for sub in ("conf", "conf/ppd", "spool", "spool/tmp", "cache", "state", "log", "out", "bin", "bin/backend"):
            os.makedirs(os.path.join(root, sub), exist_ok=True)
        for sub in ("daemon", "filter", "notifier", "cgi-bin", "monitor"):
            if os.path.isdir(f"/usr/lib/cups/{sub}"):
                os.symlink(f"/usr/lib/cups/{sub}", os.path.join(root, "bin", sub))
        for backend in os.listdir("/usr/lib/cups/backend") if os.path.isdir("/usr/lib/cups/backend") else []:
            os.symlink(f"/usr/lib/cups/backend/{backend}", os.path.join(root, "bin/backend", backend))
        # 0700: cupsd runs a backend only its owner can read as that owner (root in CI), so the
        # output folder needs no special permissions.
        write(os.path.join(root, "bin/backend/slipcapture"), BACKEND, 0o700)
        sock = os.path.join(root, "cups.sock")
        # A port on the loopback that is free now (cupsd binds it a moment later).
        probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        write(os.path.join(root, "conf/cupsd.conf"), f"""LogLevel debug
Listen {sock}
Listen 127.0.0.1:{port}
Browsing No
WebInterface No
DefaultAuthType None
MaxJobs 0
PreserveJobHistory Yes
<Policy default>
  <Limit All>
    Order deny,allow
  </Limit>
</Policy>
""")
        user = "" if os.getuid() == 0 else f"User {os.getuid()}\nGroup {os.getgid()}\n"
        write(os.path.join(root, "conf/cups-files.conf"), f"""FileDevice No
ServerRoot {root}/conf
RequestRoot {root}/spool
TempDir {root}/spool/tmp
CacheDir {root}/cache
StateDir {root}/state
ServerBin {root}/bin
DataDir /usr/share/cups
ErrorLog {root}/log/error_log
AccessLog {root}/log/access_log
PageLog {root}/log/page_log
Printcap {root}/state/printcap
ServerKeychain {root}/state/ssl
SystemGroup root
{user}""")
        printers = []
        for queue in config.get("queues", []):
            name = queue["name"]
            device = queue.get("device", "capture")
            suffix = "" if device == "capture" else f"?{device}"
            lines = [
                f"<Printer {name}>",
                f"Info Slip test queue {name}",
                f"DeviceURI slipcapture:{root}/out/{name}.bin{suffix}",
                f"State {'Stopped' if queue.get('state') == 'stopped' else 'Idle'}",
                f"Accepting {'Yes' if queue.get('accepting', True) else 'No'}",
                "Shared No",
                "ErrorPolicy abort-job",
            ]
            if "message" in queue:
                lines.append(f"StateMessage {queue['message']}")
            if "reason" in queue:
                lines.append(f"Reason {queue['reason']}")
            lines.append("</Printer>")
            printers.append("\n".join(lines))
        write(os.path.join(root, "conf/printers.conf"), "\n".join(printers) + "\n", 0o600)

        cupsd = CUPSD
        if apparmor_enforces():
            # Debian's AppArmor profile for /usr/sbin/cupsd confines it to /etc/cups and
            # /var/spool/cups; the same binary under another path runs unconfined.
            cupsd = os.path.join(root, "bin", "cupsd")
            shutil.copy2(CUPSD, cupsd)
        process = subprocess.Popen(
            [cupsd, "-f", "-c", f"{root}/conf/cupsd.conf", "-s", f"{root}/conf/cups-files.conf"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                log = ""
                if os.path.exists(f"{root}/log/error_log"):
                    log = "".join(line for line in open(f"{root}/log/error_log") if line.startswith("E "))
                print(f"failed cupsd did not start: {log.strip()[-500:]}", flush=True)
                return 1
            try:
                probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                probe.connect(sock)
                probe.close()
                break
            except OSError:
                time.sleep(0.05)
        print(f"ready {sock} {root} {port}", flush=True)
        # Standard input closing means the test that started us is gone.
        while os.read(0, 4096):
            pass
        return 0
    finally:
        if process and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
