"""The live designer in headless Chromium (run by scripts/designer-check, in `make test`).

Part one runs `slip design` on a copy of templates/ (so saving never touches the repository):
the preview's pixels against `slip render --preview`, a typo as you type (diagnostic with
line:col and did-you-mean, the last good preview kept), the fix, data changes and a JSON syntax
error at its line, an 80 mm printer (preview and listing against `slip render` and `slip
disasm`), out-of-order answers, saving (atomic, an outside path refused), a share link opened in
a fresh browser, and hostile input (an include outside the folder, a 10 MB paste, 50 changes a
second). Part two runs `slip serve` read-only with a stand-in TCP printer and prints.

Pixels are compared as Chromium decodes both PNGs (drawn on a canvas at their natural size), so
the check does not trust Slip's own PNG reader. Waits are generous (10 s) for a loaded machine;
the measured latencies are printed.
"""

import base64
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_harness import ROOT, SlipServe, StandinPrinter  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

SLIP = os.environ.get("SLIP_BIN") or os.path.join(ROOT, ".build", "debug", "slip")
OUT = os.path.join(ROOT, ".build", "designer-check")
WAIT = 10.0
ENV = dict(os.environ, SOURCE_DATE_EPOCH="1764633600")
failures = []
timings = {}


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)
    return condition


def wait_for(predicate, timeout=WAIT, what="condition"):
    """Polls `predicate` until it is truthy; returns (value, seconds) or (None, timeout)."""
    started = time.monotonic()
    while True:
        try:
            value = predicate()
        except Exception:  # the page may be mid-update: try again
            value = None
        if value:
            return value, time.monotonic() - started
        if time.monotonic() - started > timeout:
            return None, timeout
        time.sleep(0.05)


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1500,1400", "--hide-scrollbars", f"--user-data-dir={tempfile.mkdtemp()}"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path="/usr/bin/chromedriver"))
    driver.set_script_timeout(30)
    return driver


def shot(driver, name):
    path = os.path.join(OUT, name + ".png")
    driver.save_screenshot(path)
    print(f"     screenshot {os.path.relpath(path, ROOT)}")


def run(*arguments, data=None):
    return subprocess.run([SLIP, *arguments], capture_output=True, env=ENV, input=data, check=True).stdout


def reference_png(template, data, printer=None):
    """`slip render --preview`'s PNG bytes."""
    path = os.path.join(tempfile.mkdtemp(), "reference.png")
    arguments = ["render", template, "--data", data, "--preview", path, "-o", os.devnull]
    if printer:
        arguments += ["--printer", printer]
    run(*arguments)
    with open(path, "rb") as file:
        return file.read()


# The pixels of PNGs as Chromium decodes them: [width, height, RGBA list] each.
DECODE = """
const done = arguments[arguments.length - 1];
Promise.all(arguments[0].map((url) => new Promise((resolve) => {
  const image = new Image();
  image.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0;
    for (let i = 0; i < pixels.length; i++) hash = (hash * 31 + pixels[i]) >>> 0;
    resolve({width: canvas.width, height: canvas.height, hash, dark: pixels.filter((v, i) => i % 4 == 0 && v < 128).length,
             pixels: Array.from(pixels.filter((v, i) => i % 4 == 0))});
  };
  image.onerror = () => resolve(null);
  image.src = url;
}))).then(done);
"""


def decoded(driver, *urls):
    return driver.execute_async_script(DECODE, list(urls))


def preview_sources(driver, container="preview"):
    # In one script: the page may replace the images between two WebDriver calls.
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((i) => i.src)", f"#{container} img")


def same_pixels(driver, page_url, png):
    page, reference = decoded(driver, page_url, "data:image/png;base64," + base64.b64encode(png).decode())
    return page is not None and reference is not None and page["width"] == reference["width"] \
        and page["height"] == reference["height"] and page["pixels"] == reference["pixels"], page, reference


def diagnostics(driver):
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#diagnostics > *")]


def rendered(driver):
    return int(driver.execute_script("return Number(document.body.dataset.rendered || 0)"))


def set_value(driver, element_id, text):
    """Replaces an editor's text as a paste does: one input event."""
    driver.execute_script(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
        "e.dispatchEvent(new Event('input', {bubbles: true}));", element_id, text)


def caret(driver, element_id, start, end=None):
    driver.execute_script("const e = document.getElementById(arguments[0]); e.focus();"
                          "e.setSelectionRange(arguments[1], arguments[2]);", element_id, start,
                          start if end is None else end)


def request(port, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def design_part(folder):
    template = os.path.join(folder, "kopi-senja.slip")
    data_path = os.path.join(folder, "kopi-senja.json")
    process = subprocess.Popen([SLIP, "design", template, "--data", data_path], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=ENV)
    log = []
    threading.Thread(target=lambda: log.extend(process.stderr), daemon=True).start()
    first = process.stdout.readline().strip()
    check(re.fullmatch(r"http://127\.0\.0\.1:\d+/", first) is not None,
          f"slip design prints its address first: {first!r}")
    port = int(first.rsplit(":", 1)[1].rstrip("/"))
    driver = browser()
    try:
        started = time.monotonic()
        driver.get(first)
        sources, seconds = wait_for(lambda: [s for s in preview_sources(driver) if s.startswith("data:")])
        timings["first preview"] = seconds
        check(bool(sources), f"the page shows a preview ({time.monotonic() - started:.2f} s after load)")
        ids = ["source", "data", "printer", "preview", "diagnostics", "print"]
        check(all(driver.find_elements(By.ID, i) for i in ids), "the hooks exist: " + ", ".join(ids))
        check(driver.find_element(By.ID, "printer").tag_name == "select", "#printer is a select")
        reference = reference_png(template, data_path)
        equal, page, ref = same_pixels(driver, sources[0], reference)
        check(equal, f"preview pixels equal slip render --preview ({page and page['width']}x"
              f"{page and page['height']} vs {ref and ref['width']}x{ref and ref['height']})")
        check(base64.b64decode(sources[0].split(",", 1)[1]) == reference, "and the PNG bytes are the same")
        check(len(preview_sources(driver, "preview2x")) == len(sources), "the 2x preview has the same pages")
        widths = driver.execute_script(
            "return [...document.querySelectorAll('#preview2x img')].map((i) => [i.width, i.naturalWidth])")
        check(all(w == 2 * n for w, n in widths), f"the 2x preview is drawn at twice the size: {widths}")
        frame = driver.execute_script(
            "const p = document.querySelector('#preview .paper'), q = document.querySelector('#preview .printable');"
            "return [p.offsetWidth, q.offsetWidth, getComputedStyle(p).borderTopStyle]")
        check(frame[0] > frame[1] and frame[2] == "dashed",
              f"the paper's edge (dashed) is wider than the printable width: {frame}")
        listing = driver.find_element(By.ID, "listing").text
        expected_listing = run("disasm", "-", data=run("render", template, "--data", data_path)).decode()
        check(listing.strip() == expected_listing.strip(), "the listing is slip disasm's")
        text = driver.find_element(By.ID, "text").text
        check(text.strip() == run("render", template, "--data", data_path, "--target", "text").decode().strip(),
              "the plain text is slip render --target text's")
        check(driver.find_elements(By.CSS_SELECTOR, "#source-editor .highlight .tok-keyword"),
              "the editor colours statements")
        check(driver.find_element(By.CSS_SELECTOR, "#source-editor .gutter").text.split()[:3] == ["1", "2", "3"],
              "the editor numbers its lines")
        shot(driver, "1-loaded")

        # A typo as typed: delete the h of the first 'rupiah'.
        editor = driver.find_element(By.ID, "source")
        value = editor.get_attribute("value")
        at = value.index("rupiah") + len("rupiah")
        line = value[:at].count("\n") + 1
        column = at - value.rfind("\n", 0, at) - len("rupiah")
        before = rendered(driver)
        caret(driver, "source", at)
        typed = time.monotonic()
        editor.send_keys(Keys.BACKSPACE)
        found, seconds = wait_for(lambda: [d for d in diagnostics(driver) if "rupia" in d and "did you mean" in d])
        timings["typo to diagnostic"] = time.monotonic() - typed
        check(bool(found), f"the typo's diagnostic appears in {timings['typo to diagnostic']:.2f} s: {found}")
        check(bool(found) and found[0].startswith(f"{line}:{column} "),
              f"it starts with its line:col {line}:{column}")
        check(timings["typo to diagnostic"] < 2.0, "within 2 s")
        check(preview_sources(driver) == sources, "the preview stays the last good one")
        check(driver.find_element(By.ID, "stale").is_displayed(), "and says it is the last good one")
        underline = driver.find_elements(By.CSS_SELECTOR, "#source-editor .marks .mark.error")
        check("".join(u.get_attribute("textContent") for u in underline) == "rupia",
              "the span 'rupia' is underlined in the editor")
        inline = driver.find_elements(By.CSS_SELECTOR, "#source-editor .marks .inline")
        check(inline and "did you mean" in inline[0].get_attribute("textContent"), "the help shows beside the line")
        bad = driver.find_elements(By.CSS_SELECTOR, "#source-editor .gutter .bad")
        check(bad and bad[0].text == str(line) and "rupiah" in bad[0].get_attribute("title"),
              "the line number carries the message and help on hover")
        check(before < rendered(driver), "the typo was rendered")
        shot(driver, "2-typo")
        caret(driver, "source", 0)
        driver.find_elements(By.CSS_SELECTOR, "#diagnostics > *")[0].click()
        position = driver.execute_script("const e = document.getElementById('source'); return e.selectionStart")
        check(position == at - len("rupiah"), f"clicking the diagnostic puts the caret at {line}:{column}")
        caret(driver, "source", at - 1)
        driver.find_element(By.ID, "source").send_keys("h")
        fixed, seconds = wait_for(lambda: not diagnostics(driver) and not driver.find_element(By.ID, "stale").is_displayed()
                                  and preview_sources(driver))
        check(bool(fixed), f"fixed: no diagnostics, a fresh preview ({seconds:.2f} s)")
        check(same_pixels(driver, preview_sources(driver)[0], reference)[0], "equal to slip render's again")
        # A change the preview must show.
        value = driver.find_element(By.ID, "source").get_attribute("value")
        at = value.index("Terima kasih!") + len("Terima kasih")
        caret(driver, "source", at)
        driver.find_element(By.ID, "source").send_keys(" banyak")
        changed, seconds = wait_for(lambda: "Terima kasih banyak!" in driver.find_element(By.ID, "text").text)
        timings["edit to preview"] = seconds
        check(bool(changed) and preview_sources(driver) != sources, f"an edit updates the preview ({seconds:.2f} s)")
        check(not driver.find_element(By.ID, "dirty").get_attribute("hidden"), "unsaved changes are marked")

        # Data: a value changed, then a JSON syntax error at its line.
        good = preview_sources(driver)
        data_editor = driver.find_element(By.ID, "data")
        value = data_editor.get_attribute("value")
        at = value.index("Kopi Susu") + len("Kopi ")
        caret(driver, "data", at, at + len("Susu"))
        data_editor.send_keys("Tubruk")
        changed, seconds = wait_for(lambda: "Kopi Tubruk" in driver.find_element(By.ID, "text").text)
        check(bool(changed) and preview_sources(driver) != good, f"a data change changes the preview ({seconds:.2f} s)")
        pretty = json.dumps(json.loads(data_editor.get_attribute("value")), indent=2)
        before = rendered(driver)
        set_value(driver, "data", pretty)
        wait_for(lambda: rendered(driver) > before and "Kopi Tubruk" in driver.find_element(By.ID, "text").text)
        lines = pretty.split("\n")
        broken_line = next(i for i, l in enumerate(lines) if '"discount"' in l) + 1
        at = sum(len(l) + 1 for l in lines[:broken_line - 1]) + lines[broken_line - 1].index(":")
        caret(driver, "data", at, at + 1)
        good = preview_sources(driver)
        data_editor.send_keys(" ")
        found, seconds = wait_for(lambda: [d for d in diagnostics(driver) if "(data)" in d])
        check(bool(found) and found[0].startswith(f"{broken_line}:"),
              f"the JSON error shows at its line {broken_line}: {found} ({seconds:.2f} s)")
        bad = driver.find_elements(By.CSS_SELECTOR, "#data-editor .gutter .bad")
        check(bad and bad[0].text == str(broken_line), "and is marked in the data editor's gutter")
        check(preview_sources(driver) == good, "the preview stays the last good one")
        shot(driver, "3-json-error")
        caret(driver, "data", at, at + 1)
        data_editor.send_keys(":")
        wait_for(lambda: not diagnostics(driver))

        # An 80 mm printer for the 58 mm template.
        Select(driver.find_element(By.ID, "printer")).select_by_value("generic-80")
        widened, seconds = wait_for(lambda: driver.execute_script(
            "const i = document.querySelector('#preview img'); return i && i.naturalWidth == 576"))
        check(bool(widened), f"the 80 mm printer's preview is 576 dots wide ({seconds:.2f} s)")
        source_now = driver.find_element(By.ID, "source").get_attribute("value")
        data_now = driver.find_element(By.ID, "data").get_attribute("value")
        scratch = tempfile.mkdtemp()
        for name, text in [("now.slip", source_now), ("now.json", data_now)]:
            with open(os.path.join(scratch, name), "w") as file:
                file.write(text)
        now_slip, now_json = os.path.join(scratch, "now.slip"), os.path.join(scratch, "now.json")
        check(same_pixels(driver, preview_sources(driver)[0], reference_png(now_slip, now_json, "generic-80"))[0],
              "its pixels equal slip render --printer generic-80 --preview")
        expected = run("disasm", "-", "--printer", "generic-80",
                       data=run("render", now_slip, "--data", now_json, "--printer", "generic-80")).decode()
        check(driver.find_element(By.ID, "listing").text.strip() == expected.strip(), "the listing follows")
        check("80" in driver.find_element(By.ID, "paper").text, "the paper frame is 80 mm")
        shot(driver, "4-printer-80mm")
        Select(driver.find_element(By.ID, "printer")).select_by_value("")
        wait_for(lambda: driver.execute_script(
            "const i = document.querySelector('#preview img'); return i && i.naturalWidth == 384"))

        # Out of order: the first of two renders answers last; the page keeps the second.
        driver.execute_script("""
          const real = window.fetch;
          window.fetch = (url, options) => {
            const slow = options && options.body && options.body.includes('SLOW');
            return real(url, options).then((r) => slow ? new Promise((ok) => setTimeout(() => {
              window.slowArrived = true; ok(r); }, 1500)) : r);
          };""")
        value = driver.find_element(By.ID, "source").get_attribute("value")
        set_value(driver, "source", value.replace("Terima kasih banyak!", "SLOW"))
        time.sleep(0.6)
        set_value(driver, "source", value.replace("Terima kasih banyak!", "FAST"))
        wait_for(lambda: "FAST" in driver.find_element(By.ID, "text").text)
        arrived, _ = wait_for(lambda: driver.execute_script("return window.slowArrived === true"))
        time.sleep(0.3)  # the late answer's own handling
        shown = driver.find_element(By.ID, "text").text if arrived else ""
        check("FAST" in shown and "SLOW" not in shown, "a late older answer does not overwrite the newer one")
        set_value(driver, "source", value)
        wait_for(lambda: "Terima kasih banyak!" in driver.find_element(By.ID, "text").text)

        # Saving: Ctrl-S writes the file by rename; a path outside the folder is refused.
        inode = os.stat(template).st_ino
        driver.find_element(By.ID, "source").send_keys(Keys.CONTROL, "s")
        saved, seconds = wait_for(lambda: open(template).read() == value)
        check(bool(saved), f"Ctrl-S saves the template ({seconds:.2f} s)")
        check(os.stat(template).st_ino != inode, "by rename: the file is a new inode (written whole, then renamed)")
        check(sorted(os.listdir(folder)) == sorted(os.listdir(os.path.join(ROOT, "templates"))) or
              not [n for n in os.listdir(folder) if n.startswith(".")], "no temporary file is left behind")
        wait_for(lambda: driver.find_element(By.ID, "dirty").get_attribute("hidden"))
        check(driver.find_element(By.ID, "dirty").get_attribute("hidden") is not None, "the unsaved marker goes")
        driver.find_element(By.ID, "source").send_keys(Keys.END, " ")
        driver.find_element(By.ID, "save").click()
        saved, _ = wait_for(lambda: open(template).read().endswith(" ") and
                            driver.find_element(By.ID, "dirty").get_attribute("hidden") is not None)
        check(bool(saved), "the Save button saves too")
        outside = os.path.join(os.path.dirname(folder), "outside.slip")
        os.symlink(outside, os.path.join(folder, "link.slip"))
        for path, statuses in [("/templates/../outside.slip", (400, 403)), ("/templates/%2e%2e/outside.slip", (400, 403)),
                               ("/templates/..%2foutside.slip", (400, 403)), ("/templates/link.slip", (400, 403)),
                               ("/templates/run.sh", (400,))]:
            status, body = request(port, "PUT", path, b"receipt\n")
            check(status in statuses and not os.path.exists(outside), f"PUT {path}: {status} {body[:80]!r}")
        os.unlink(os.path.join(folder, "link.slip"))

        # Share: a link carries template and data; a fresh browser shows the same.
        Select(driver.find_element(By.ID, "printer")).select_by_value("generic-58")
        wait_for(lambda: rendered(driver) and not diagnostics(driver))
        time.sleep(0.5)
        driver.find_element(By.ID, "share").click()
        link, _ = wait_for(lambda: driver.find_element(By.ID, "share-link").get_attribute("value"))
        check(bool(link) and "#s=" in link, f"a compressed share link ({len(link or '')} characters)")
        mine = {i: driver.find_element(By.ID, i).get_attribute("value") for i in ["source", "data", "printer"]}
        my_preview = preview_sources(driver)
        fresh = browser()
        try:
            fresh.get(link)
            shown, seconds = wait_for(lambda: [s for s in preview_sources(fresh) if s.startswith("data:")])
            theirs = {i: fresh.find_element(By.ID, i).get_attribute("value") for i in ["source", "data", "printer"]}
            check(theirs == mine, "the fresh browser has the same template, data and printer")
            check(shown == my_preview, "and the same preview")
            shot(fresh, "5-shared")
        finally:
            fresh.quit()

        # Hostile input.
        set_value(driver, "source", 'receipt paper=58mm\ninclude "../outside.slip"\ntext "x"\n')
        found, _ = wait_for(lambda: [d for d in diagnostics(driver) if "outside" in d])
        check(bool(found) and found[0].startswith("2:"), f"an include outside the folder: {found}")
        # A 10 MB paste (made in the page: WebDriver would take longer to carry it than the page).
        before_paste = driver.find_element(By.ID, "source").get_attribute("value")
        pasted = driver.execute_script("""
          const huge = 'text "' + 'x'.repeat(60) + '"\\n';
          const transfer = new DataTransfer();
          transfer.setData('text/plain', huge.repeat(10 * 1024 * 1024 / huge.length));
          const started = performance.now();
          const e = document.getElementById('source');
          e.focus();
          e.dispatchEvent(new ClipboardEvent('paste', {clipboardData: transfer, bubbles: true, cancelable: true}));
          return (performance.now() - started) / 1000;""")
        timings["10 MB paste refused in"] = pasted
        found, seconds = wait_for(lambda: [d for d in diagnostics(driver) if "MB" in d and "paste" in d])
        check(bool(found) and pasted < 2, f"a 10 MB paste: {found} ({pasted:.3f} s)")
        check(driver.find_element(By.ID, "source").get_attribute("value") == before_paste, "and nothing was pasted")
        started = time.monotonic()
        driver.find_element(By.ID, "source").send_keys(Keys.END, "#")
        typed, _ = wait_for(lambda: driver.find_element(By.ID, "source").get_attribute("value").endswith("#"))
        timings["a keystroke after the paste"] = time.monotonic() - started
        check(bool(typed) and timings["a keystroke after the paste"] < 2, "the page stays responsive")
        # Text over the limit set by a script (not a paste) is not sent, and says why.
        big = driver.execute_script("""
          const e = document.getElementById('source');
          const started = performance.now();
          e.value = 'receipt paper=58mm\\n' + ('text "' + 'y'.repeat(60) + '"\\n').repeat(20000);
          e.dispatchEvent(new Event('input', {bubbles: true}));
          return (performance.now() - started) / 1000;""")
        timings["1.4 MB set by a script"] = big
        found, seconds = wait_for(lambda: [d for d in diagnostics(driver) if "MB" in d and "at most" in d])
        check(bool(found), f"1.4 MB of template: {found} (its input event {big:.2f} s)")
        status, _ = request(port, "GET", "/designer")
        check(status == 200, "the server answers")
        shot(driver, "6-huge-paste")
        # 50 changes a second for 2 s, then the last one must be what shows.
        base = value.replace("Terima kasih banyak!", "N{}")
        before = rendered(driver)
        driver.execute_async_script("""
          const done = arguments[1];
          let n = 0;
          const timer = setInterval(() => {
            const e = document.getElementById('source');
            e.value = arguments[0].replace('N{}', 'N' + n);
            e.dispatchEvent(new Event('input', {bubbles: true}));
            if (++n == 100) { clearInterval(timer); done(); }
          }, 20);""", base)
        final, seconds = wait_for(lambda: "N99" in driver.find_element(By.ID, "text").text)
        renders = rendered(driver) - before
        check(bool(final), f"100 changes at 50 a second: the last one shows ({seconds:.2f} s after), {renders} renders")
        check(renders < 50, "debounced: far fewer renders than changes")
        status, _ = request(port, "GET", "/designer")
        check(status == 200, "the server still answers")
    finally:
        driver.quit()
        process.terminate()
        code = process.wait(timeout=30)
        check(code == 0, f"slip design stops on SIGTERM with 0 (got {code})")


def serve_part():
    with StandinPrinter() as bar, SlipServe({"printers": {"bar": bar.printer()}}, env=ENV) as serve:
        status, body, _ = serve.request("PUT", "/templates/kopi-senja.slip", "receipt\n")
        check(status == 403, f"slip serve is read-only by default: PUT is {status}")
        driver = browser()
        try:
            driver.get(f"http://127.0.0.1:{serve.port}/")
            wait_for(lambda: driver.execute_script("return document.body.dataset.ready"))
            Select(driver.find_element(By.ID, "template-file")).select_by_value("kopi-senja.slip")
            loaded, _ = wait_for(lambda: "Kopi Susu" in driver.find_element(By.ID, "text").text)
            check(bool(loaded), "the folder's templates are pickable, and their data beside them")
            check(driver.find_element(By.ID, "data-file").get_attribute("value") == "kopi-senja.json",
                  "kopi-senja.json is the data chosen")
            check(not driver.find_element(By.ID, "save").is_enabled(), "Save is disabled (read-only)")
            check("read-only" in driver.find_element(By.ID, "mode").text, "and the page says read-only")
            # A template's includes open (warung-80 includes footer.slip).
            Select(driver.find_element(By.ID, "template-file")).select_by_value("warung-80.slip")
            button, _ = wait_for(lambda: [b for b in driver.find_elements(By.CSS_SELECTOR, "#includes button")
                                          if b.text == "footer.slip"])
            check(bool(button), "warung-80.slip's include footer.slip is listed")
            if button:
                button[0].click()
                shown, _ = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "#include-view .include-text").text)
                with open(os.path.join(ROOT, "templates", "footer.slip")) as file:
                    check((shown or "").strip() == file.read().strip(), "and opens, showing the included file")
            Select(driver.find_element(By.ID, "template-file")).select_by_value("kopi-senja.slip")
            wait_for(lambda: "Kopi Susu" in driver.find_element(By.ID, "text").text)
            Select(driver.find_element(By.ID, "printer")).select_by_value("bar")
            wait_for(lambda: driver.find_element(By.ID, "print").is_enabled())
            driver.find_element(By.ID, "print").click()
            done, seconds = wait_for(lambda: driver.find_element(By.ID, "job").get_attribute("data-state") == "done",
                                     timeout=30)
            job = driver.find_element(By.ID, "job").text
            check(bool(done), f"the job reaches done on the page ({seconds:.2f} s): {job}")
            expected = run("render", os.path.join(ROOT, "templates", "kopi-senja.slip"), "--data",
                           os.path.join(ROOT, "templates", "kopi-senja.json"), "--printer", "generic-58")
            check(f"{len(expected)} of {len(expected)} bytes confirmed" in job, "with the exact counts")
            received, _ = wait_for(lambda: bar.received())
            check(received == expected, f"the printer's record is slip render's bytes ({len(received or b'')} bytes)")
            shot(driver, "7-printed")
        finally:
            driver.quit()
        check(serve.stop() == 0, "slip serve stops with 0")


def command_line_part():
    missing = subprocess.run([SLIP, "design", "/nonexistent/x.slip"], capture_output=True, text=True, timeout=30)
    check(missing.returncode == 66 and "cannot read" in missing.stderr,
          f"slip design of a missing file: exit {missing.returncode}, {missing.stderr.strip()!r}")
    usage = subprocess.run([SLIP, "design"], capture_output=True, text=True, timeout=30)
    check(usage.returncode == 64, f"slip design without a template: exit {usage.returncode}")


def main():
    os.makedirs(OUT, exist_ok=True)
    command_line_part()
    work = tempfile.mkdtemp(prefix="slip-designer-")
    folder = os.path.join(work, "templates")
    shutil.copytree(os.path.join(ROOT, "templates"), folder)
    try:
        design_part(folder)
        serve_part()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("timings: " + ", ".join(f"{k} {v:.2f} s" for k, v in timings.items()))
    if failures:
        print(f"designer-check: {len(failures)} failed", file=sys.stderr)
        sys.exit(1)
    print("designer-check: all passed")


if __name__ == "__main__":
    main()
