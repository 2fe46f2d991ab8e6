"""Checks `slip serve` from the outside, over real sockets; see scripts/serve-check."""

import base64
import concurrent.futures
import json
import os
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_harness import ROOT, SlipServe, StandinPrinter, slip_binary  # noqa: E402

EPOCH = {"SOURCE_DATE_EPOCH": "1700000000"}
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def kopi_request():
    with open(os.path.join(ROOT, "templates", "kopi-senja.json")) as file:
        return {"template": "kopi-senja.slip", "data": json.load(file)}


def slip_render(*args):
    return subprocess.run([slip_binary(), "render", *args], capture_output=True, env=dict(os.environ, **EPOCH),
                          check=True).stdout


def still_answering(serve, what):
    """GET /printers answers within 100 ms (the best of three, so a scheduler hiccup on a busy
    machine is not a failure of the service)."""
    best = None
    for _ in range(3):
        start = time.monotonic()
        status, _, _ = serve.request("GET", "/printers", timeout=5)
        elapsed = time.monotonic() - start
        best = elapsed if best is None else min(best, elapsed)
        if status == 200 and elapsed < 0.1:
            break
    check(status == 200 and best < 0.1, f"after {what}: GET /printers answers in {best * 1000:.1f} ms")


def status_of(response):
    """The status code of a raw HTTP response, or None when the server answered nothing."""
    line = response.split(b"\r\n", 1)[0].split()
    return int(line[1]) if len(line) > 1 and line[1].isdigit() else None


def render_checks(serve):
    status, body, _ = serve.request("POST", "/render", kopi_request())
    expected = slip_render("templates/kopi-senja.slip", "--data", "templates/kopi-senja.json")
    check(status == 200 and base64.b64decode(body["bytes"]) == expected,
          f"POST /render of kopi-senja gives exactly 'slip render's {len(expected)} bytes")
    request = dict(kopi_request(), preview=True, target="text")
    status, body, _ = serve.request("POST", "/render", request)
    text = slip_render("templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--target", "text")
    check(status == 200 and base64.b64decode(body["bytes"]) == text, "target text gives 'slip render --target text'")
    pages = body.get("preview", [])
    preview = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"serve-check-preview-{os.getpid()}.png")
    slip_render("templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--preview", preview,
                "-o", os.devnull)
    with open(preview, "rb") as file:
        expected_png = file.read()
    os.remove(preview)
    check(len(pages) == 1 and base64.b64decode(pages[0]) == expected_png,
          "preview: true gives one PNG page, exactly 'slip render --preview's")
    status, body, _ = serve.request("POST", "/render", {"source": 'receipt\ntext "{{ total | rupia }}"'})
    ids = [d["id"] for d in body.get("diagnostics", [])] if isinstance(body, dict) else []
    check(status == 422 and ids == ["E0302"] and body["diagnostics"][0]["line"] == 2,
          f"a template error is 422 with its diagnostic at its line ({ids})")
    status, body, _ = serve.request("POST", "/render", {"template": "kopi-senja.slip", "data": "{\"items\": [}"})
    check(status == 422 and body["diagnostics"][0]["file"] == "data.json", "malformed data is 422, in data.json")


def hostile_checks(serve, folder):
    # None: libmicrohttpd closes the connection without an answer (a one-word request line).
    cases = [
        ("a malformed request line", b"GARBAGE\r\n\r\n", {400, None}),
        ("a request line of spaces", b"   \r\nHost: x\r\n\r\n", {400, None}),
        ("binary noise", bytes(range(256)) * 4, {400, None}),
        ("a request line without a version", b"GET /printers\r\n\r\n", {400, 505}),
        ("a request line with a bad version", b"GET /printers HTTP/9.9\r\nHost: x\r\n\r\n", {505, 400}),
        ("a header line without a colon", b"GET /printers HTTP/1.1\r\nHost: x\r\nnonsense\r\n\r\n", {400}),
        ("huge headers (200 KB)", b"GET /printers HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n",
         {431, 413}),
        ("a huge request line (100 KB)", b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", {414, 431}),
        ("'..' in the path", b"GET /printers/../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", {400}),
        ("an encoded '..' in the path", b"GET /a/%2e%2e/printers HTTP/1.1\r\nHost: x\r\n\r\n", {400}),
        ("an encoded slash in the path", b"GET /jobs%2F1 HTTP/1.1\r\nHost: x\r\n\r\n", {400}),
        ("an encoded backslash in the path", b"GET /jobs%5C1 HTTP/1.1\r\nHost: x\r\n\r\n", {400}),
        ("a NUL in the path", b"GET /jobs%00 HTTP/1.1\r\nHost: x\r\n\r\n", {400}),
        ("a bad Content-Length", b"POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n", {400, 413}),
    ]
    for what, data, statuses in cases:
        response = serve.raw(data, shutdown=False)
        status = status_of(response)
        check(status in statuses, f"{what}: {status or 'closed'} (expected {statuses})")
        still_answering(serve, what)

    # A 100 MB body: refused from its Content-Length, before it is read.
    sock = socket.create_connection(("127.0.0.1", serve.port), timeout=10)
    sock.sendall(b"POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 104857600\r\n\r\n")
    start = time.monotonic()
    sent = 0
    sock.setblocking(False)
    chunk = b"x" * 65536
    response = b""
    while time.monotonic() - start < 10 and sent < 104857600:
        try:
            sent += sock.send(chunk)
        except BlockingIOError:
            time.sleep(0.01)
        except OSError:
            break
        try:
            response += sock.recv(65536)
            if b"\r\n\r\n" in response:
                break
        except (BlockingIOError, OSError):
            pass
    sock.settimeout(5)
    try:
        while b"\r\n\r\n" not in response:
            data = sock.recv(65536)
            if not data:
                break
            response += data
    except OSError:
        pass
    sock.close()
    check(status_of(response) == 413 and sent < 104857600,
          f"a 100 MB body: {status_of(response)} after {sent >> 20} MiB sent (refused before it is read)")
    still_answering(serve, "a 100 MB body")

    # A chunked body growing past the limit: the connection is closed.
    sock = socket.create_connection(("127.0.0.1", serve.port), timeout=10)
    sock.sendall(b"POST /render HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
    closed = False
    try:
        for _ in range(40):
            sock.sendall(b"10000\r\n" + b"x" * 65536 + b"\r\n")
    except OSError:
        closed = True
    if not closed:
        sock.settimeout(5)
        try:
            closed = sock.recv(100) == b""
        except OSError:
            closed = True
    sock.close()
    check(closed, "a chunked body past 1 MiB: the connection is closed")
    still_answering(serve, "a chunked body past the limit")

    # A body that stops halfway: the connection is closed after the timeout (2 s here).
    sock = socket.create_connection(("127.0.0.1", serve.port), timeout=15)
    sock.sendall(b"POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n" + b"{" * 500)
    still_answering(serve, "a body that stops halfway, while it waits")
    start = time.monotonic()
    try:
        data = sock.recv(100)
    except OSError:
        data = b""
    waited = time.monotonic() - start
    sock.close()
    check(data == b"" and waited < 6, f"a body that stops halfway: closed after {waited:.1f} s of silence")

    # 500 idle connections: the service goes on answering, then closes them.
    idle = [socket.create_connection(("127.0.0.1", serve.port), timeout=15) for _ in range(500)]
    time.sleep(0.2)
    still_answering(serve, "500 idle connections, while they are open")
    start = time.monotonic()
    closed = 0
    for sock in idle:
        sock.settimeout(max(0.1, 8 - (time.monotonic() - start)))
        try:
            if sock.recv(1) == b"":
                closed += 1
        except OSError:
            closed += 1
        sock.close()
    check(closed == 500, f"500 idle connections: {closed} closed by the service within "
          f"{time.monotonic() - start:.1f} s")
    still_answering(serve, "500 idle connections")

    # Deep data and deep templates: rendered or refused, never a crash of a connection's thread.
    deep = {}
    for _ in range(500):
        deep = {"a": deep}
    status, body, _ = serve.request("POST", "/render", {"source": 'receipt\ntext "deep"', "data": deep})
    check(status == 200, f"data 500 levels deep: {status}")
    for _ in range(100):
        deep = {"a": deep}
    status, body, _ = serve.request("POST", "/render", {"source": 'receipt\ntext "deep"', "data": deep})
    ids = [d["id"] for d in body.get("diagnostics", [])] if isinstance(body, dict) else []
    check(status == 422 and ids == ["E0420"], f"data 600 levels deep: {status} {ids}")
    nested = "receipt\n" + "if true\n" * 64 + 'text "x"\n' + "end\n" * 64
    status, _, _ = serve.request("POST", "/render", {"source": nested})
    check(status == 200, f"64 nested blocks: {status}")
    status, body, _ = serve.request("POST", "/render", {"source": "receipt\n" + "if true\n" * 500 + "end\n" * 500})
    check(status == 422, f"500 nested blocks: {status}")
    status, _, _ = serve.request("POST", "/render", {"source": 'receipt\ntext "{{ ' + "(" * 99 + "1" + ")" * 99 + ' }}"'})
    check(status == 200, f"an expression 99 parentheses deep: {status}")
    status, _, _ = serve.request("POST", "/render", {"source": 'receipt\ntext "{{ ' + "(" * 5000 + "1" + ")" * 5000 + ' }}"'})
    check(status == 422, f"an expression 5,000 parentheses deep: {status}")
    status, _, _ = serve.request("POST", "/render", "[" * 5000 + "]" * 5000, headers={"Content-Type": "application/json"})
    check(status == 400, f"a body 5,000 lists deep: {status}")
    still_answering(serve, "deep data and templates")

    # A template that includes a file outside the templates folder.
    status, body, _ = serve.request("POST", "/render", {"template": "escape.slip"})
    messages = [d["message"] for d in body.get("diagnostics", [])] if isinstance(body, dict) else []
    check(status == 422 and any("outside" in m for m in messages),
          f"a template including outside its folder: {status} {messages[:1]}")
    status, body, _ = serve.request("POST", "/render", {"template": "../secret.slip"})
    check(status == 400, f"a template named with '..': {status}")
    status, body, _ = serve.request("POST", "/render", {"template": "link.slip"})
    check(status == 400 and "outside" in body.get("error", ""), f"a symbolic link out of the folder: {status}")
    status, body, _ = serve.request("POST", "/render", {"template": "nothing.slip"})
    check(status == 404, f"a template that is not there: {status}")
    still_answering(serve, "templates outside the folder")


def job_checks():
    printers = [StandinPrinter() for _ in range(3)]
    ids = ["bar", "kitchen", "door"]
    config = {"printers": {ids[i]: printers[i].printer() for i in range(3)}}
    try:
        with SlipServe(config, env=EPOCH) as serve:
            # The same key 50 times at once: one job.
            body = dict(kopi_request(), printer="bar")
            with concurrent.futures.ThreadPoolExecutor(50) as pool:
                results = list(pool.map(
                    lambda _: serve.request("POST", "/jobs", body, headers={"Idempotency-Key": "order-1"}),
                    range(50)))
            job_ids = {r[1]["id"] for r in results if r[0] in (200, 202)}
            created = [r for r in results if r[0] == 202]
            check(len(job_ids) == 1 and len(created) == 1 and all(r[0] in (200, 202) for r in results),
                  f"the same Idempotency-Key 50 times at once: {len(job_ids)} job, {len(created)} 202")
            job = wait_final(serve, job_ids.pop())
            kopi = slip_render("templates/kopi-senja.slip", "--data", "templates/kopi-senja.json")
            check(job["state"] == "done" and job["confirmed"] == len(kopi) and printers[0].received() == kopi,
                  f"that job is done, {job['confirmed']} bytes confirmed, printed once")

            # Server-Sent Events follow a job to its end.
            status, body_, _ = serve.request("POST", "/jobs", dict(kopi_request(), printer="kitchen"))
            connection = serve.connect(timeout=20)
            connection.request("GET", f"/jobs/{body_['id']}/events")
            response = connection.getresponse()
            events = [json.loads(line[6:]) for line in response.read().decode().splitlines()
                      if line.startswith("data: ")]
            connection.close()
            check(response.getheader("Content-Type") == "text/event-stream" and events
                  and events[-1]["state"] == "done", f"events of a job end with 'done' ({len(events)} events)")

            # Refusals.
            status, body_, _ = serve.request("DELETE", f"/jobs/{body_['id']}")
            check(status == 409, f"cancelling a finished job: {status}")
            status, _, _ = serve.request("POST", f"/jobs/{job['id']}/retry")
            check(status == 409, f"retrying a done job: {status}")
            status, _, _ = serve.request("GET", "/jobs/999999")
            check(status == 404, f"a job that does not exist: {status}")
            status, _, _ = serve.request("GET", "/jobs/abc")
            check(status == 400, f"a job number that is no number: {status}")
            status, _, _ = serve.request("GET", "/jobs?state=printed")
            check(status == 400, f"an unknown state: {status}")
            status, _, _ = serve.request("POST", "/jobs", dict(kopi_request(), printer="nope"))
            check(status == 400, f"a job for an unknown printer: {status}")
            status, body_, _ = serve.request("POST", "/jobs", {"source": "receipt\ntext \"{{ x | rupia }}\"",
                                                               "printer": "bar"})
            check(status == 422 and body_["diagnostics"], f"a job whose template has errors: {status}")

            # 1,000 jobs from 20 clients across 3 printers, each with its own text.
            def submit(n):
                request = {"source": f'receipt\ntext "job {n:04d}"\ncut', "printer": ids[n % 3]}
                status, job, _ = serve.request("POST", "/jobs", request, headers={"Idempotency-Key": f"bulk-{n}"})
                return n, status, job
            start = time.monotonic()
            with concurrent.futures.ThreadPoolExecutor(20) as pool:
                submitted = list(pool.map(submit, range(1000)))
            accepted = [s for s in submitted if s[1] == 202]
            check(len(accepted) == 1000, f"1,000 jobs from 20 clients accepted: {len(accepted)} "
                  f"in {time.monotonic() - start:.1f} s")
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                _, listing, _ = serve.request("GET", "/jobs")
                states = [j["state"] for j in listing["jobs"]]
                if all(state in ("done", "failed", "cancelled", "interrupted") for state in states):
                    break
                time.sleep(0.5)
            done = [j for j in listing["jobs"] if j["state"] == "done"]
            check(len(done) == len(listing["jobs"]) == 1002,
                  f"every job ends done: {len(done)} of {len(listing['jobs'])} "
                  f"({time.monotonic() - start:.1f} s from the first)")
            for index, printer in enumerate(printers):
                mine = sorted((j["id"], n) for n, status, j in accepted if n % 3 == index)
                expected = b"".join(job_bytes(serve, n, ids[index]) for _, n in mine)
                got = printer.received()
                skip = (len(kopi) if index in (0, 1) else 0)
                check(got[skip:] == expected, f"printer '{ids[index]}' holds exactly its {len(mine)} jobs' "
                      f"bytes in order, none twice ({len(got) - skip} bytes)")
            check(serve.stop() == 0, "SIGTERM with the queue: exit 0")
    finally:
        for printer in printers:
            printer.close()


def job_bytes(serve, n, printer):
    """What job n's receipt renders to, as the service rendered it for its printer."""
    status, body, _ = serve.request("POST", "/render", {"source": f'receipt\ntext "job {n:04d}"\ncut',
                                                         "printer": printer})
    return base64.b64decode(body["bytes"])


def wait_final(serve, job_id, timeout=30):
    deadline = time.monotonic() + timeout
    while True:
        _, job, _ = serve.request("GET", f"/jobs/{job_id}")
        if job["state"] not in ("queued", "sending") or time.monotonic() > deadline:
            return job
        time.sleep(0.05)


def shutdown_checks():
    """SIGTERM with a job waiting for a printer that is off and a client following its events."""
    with StandinPrinter({"refuse": True}) as off:
        with SlipServe({"printers": {"off": off.printer()}}) as serve:
            status, job, _ = serve.request("POST", "/jobs", {"source": 'receipt\ntext "later"', "printer": "off"})
            sock = socket.create_connection(("127.0.0.1", serve.port), timeout=30)
            sock.sendall(f"GET /jobs/{job['id']}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            first = b""
            while b"event: job" not in first:
                data = sock.recv(65536)
                if not data:
                    break
                first += data
            time.sleep(0.5)
            _, waiting, _ = serve.request("GET", f"/jobs/{job['id']}")
            _, printers, _ = serve.request("GET", "/printers")
            check(waiting["state"] == "queued" and printers["printers"][0]["status"]["state"] == "unreachable",
                  f"a job for a printer that is off waits queued; the printer is "
                  f"{printers['printers'][0]['status']['state']}")
            start = time.monotonic()
            code = serve.stop()
            ended = False
            try:
                while sock.recv(65536):
                    pass
                ended = True
            except OSError:
                ended = True
            sock.close()
            check(code == 0 and time.monotonic() - start < 10 and b"event: job" in first and ended,
                  f"SIGTERM with an event stream open: exit {code} in {time.monotonic() - start:.1f} s, "
                  "the stream closed")
            serve.restart()
            _, again, _ = serve.request("GET", f"/jobs/{job['id']}")
            check(again["state"] == "queued", f"after a restart the job is still {again['state']}")


def token_checks():
    token = "s3cret-token-0123456789"
    with SlipServe(token=token) as serve:
        serve.token = None
        status, body, headers = serve.request("GET", "/printers")
        check(status == 401 and headers.get("WWW-Authenticate") == "Bearer", f"no token: {status}")
        status, _, _ = serve.request("GET", "/printers", headers={"Authorization": "Bearer wrong-token-0123456789"})
        check(status == 401, f"a wrong token: {status}")
        status, _, _ = serve.request("GET", "/printers", headers={"Authorization": f"Bearer {token}"})
        check(status == 200, f"the token: {status}")
        # A body is never read without the token.
        response = serve.raw(b"POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n")
        check(status_of(response) in (401, 413), f"a large body without the token: {status_of(response)}")
    serve = SlipServe(listen="0.0.0.0:0", start=False)
    result = subprocess.run(serve.command(), capture_output=True, text=True, timeout=30)
    check(result.returncode == 64 and "--token-file" in result.stderr,
          f"listening beyond loopback without --token-file: exit {result.returncode}")


def configuration_checks():
    serve = SlipServe(start=False)
    serve.write("slip-serve.json", '{\n  "templates": "nowhere",\n  "printers": {"bar": {"to": "tcp:"}},\n'
                '  "retires": 3\n}\n')
    result = subprocess.run(serve.command(), capture_output=True, text=True, timeout=30)
    first = result.stderr.splitlines()[:1]
    check(result.returncode == 64 and first and first[0].startswith("slip-serve.json:2:16: error: the templates "
          "folder 'nowhere' does not exist [E1006]".replace("slip-serve.json", serve.config_path)),
          f"a configuration with mistakes: exit {result.returncode}, {first}")
    check("[E1003]" in result.stderr and "did you mean 'retries'" in result.stderr and "[E1007]" in result.stderr,
          "every mistake is reported, each with its ID")


def main():
    folder = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"serve-check-{os.getpid()}")
    templates = os.path.join(folder, "templates")
    os.makedirs(templates, exist_ok=True)
    with open(os.path.join(folder, "secret.slip"), "w") as file:
        file.write('receipt\ntext "secret"\n')
    with open(os.path.join(templates, "escape.slip"), "w") as file:
        file.write('receipt\ninclude "../secret.slip"\n')
    if not os.path.islink(os.path.join(templates, "link.slip")):
        os.symlink(os.path.join(folder, "secret.slip"), os.path.join(templates, "link.slip"))

    with StandinPrinter() as bar:
        with SlipServe({"printers": {"bar": bar.printer()}, "limits": {"timeoutSeconds": 2}}, env=EPOCH) as serve:
            render_checks(serve)
            status, body, _ = serve.request("GET", "/printers")
            check(status == 200 and [p["id"] for p in body["printers"]] == ["bar"], "GET /printers lists 'bar'")
            code = serve.stop()
            check(code == 0, f"SIGTERM: exit {code}")
            check(any("POST /render 200" in line for line in serve.log), "one log line per request")
        hostile_config = {"templates": templates, "printers": {"bar": bar.printer()}, "limits": {"timeoutSeconds": 2}}
        with SlipServe(hostile_config) as serve:
            hostile_checks(serve, folder)
            check(serve.stop() == 0, "SIGTERM after the hostile requests: exit 0")
            refused = [line for line in serve.log if " http: " in line and "431" in line]
            check(len(refused) == 1, "a request libmicrohttpd refused itself (431) has its log line too")
    job_checks()
    shutdown_checks()
    token_checks()
    configuration_checks()
    if failures:
        print(f"serve-check: {len(failures)} failed", flush=True)
        sys.exit(1)
    print("serve-check: all passed", flush=True)


if __name__ == "__main__":
    main()
