"""Answers status questions in a printer's input stream, as real printers do.

Shared by the stand-ins (the TCP printer here, the BLE and SPP printers of the stand-in BlueZ):
they feed every byte they receive to `Responder.feed` and send back what it returns.

ESC/POS (Epson's reference, which clones follow):
  DLE EOT n (10 04 n, n = 1..4) is answered at once with one byte 0xx1xx10:
    1 printer: bit 2 drawer pin 3 high, bit 3 offline, bit 5 waiting for online recovery,
      bit 6 feed button pressed
    2 offline cause: bit 2 cover open, bit 3 paper fed by the button, bit 5 stopped by paper
      end, bit 6 an error occurred
    3 error cause: bit 2 mechanical, bit 3 autocutter, bit 5 unrecoverable, bit 6 auto-recoverable
    4 roll paper: bits 2-3 near end, bits 5-6 paper end
  GS r 1 (1D 72 01 or 1D 72 31) is answered in turn with one byte, bit 4 clear: bits 0-1 near
    end, bits 2-3 paper end. Real printers hold it in the buffer while offline: so does this.
ZPL: ~HS is answered with three STX ... ETX CR LF lines (Zebra's Host Status Return).

A question split across two writes is still recognised (as on a real printer, whose parser
sees one stream), and so is one that happens to sit inside job data.
"""

import time

# The printer's state: every flag a status answer can carry.
STATE_DEFAULTS = {
    "paper_out": False,
    "paper_near_end": False,
    "cover_open": False,
    "cutter_error": False,
    "mechanical_error": False,
    "unrecoverable_error": False,
    "auto_recoverable_error": False,
    "feed_button": False,
    "drawer_high": False,
    "paused": False,
    "head_up": False,
    "ribbon_out": False,
    "over_temperature": False,
    "under_temperature": False,
    "buffer_full": False,
    "corrupt_memory": False,
    "label_waiting": False,
    "partial_format": False,
    "formats": 0,
    "labels_remaining": 0,
    "print_mode": "2",
}


class Responder:
    """One printer's answers. `spec`: {"language": "escpos"|"zpl"|"both", "silent": bool,
    "garbage": hex (answer every question with these bytes instead), "delay_ms": n, "state": {...},
    "after_job": {...} (the state once `job_bytes` bytes have arrived: paper running out mid-job)}."""

    def __init__(self, spec):
        spec = spec or {}
        self.language = spec.get("language", "escpos")
        self.silent = spec.get("silent", False)
        self.garbage = bytes.fromhex(spec["garbage"]) if "garbage" in spec else None
        self.delay = spec.get("delay_ms", 0) / 1000
        self.state = dict(STATE_DEFAULTS)
        self.state.update(spec.get("state", {}))
        self.after_job = spec.get("after_job")
        self.job_bytes = spec.get("job_bytes", 0)
        self.received = 0
        self.questions = []  # the names of the questions answered, in order
        self.tail = b""

    def offline(self):
        s = self.state
        return bool(s["paper_out"] or s["cover_open"] or self.error() or s["feed_button"] or s["paused"])

    def error(self):
        s = self.state
        return bool(s["cutter_error"] or s["mechanical_error"] or s["unrecoverable_error"]
                    or s["auto_recoverable_error"])

    def feed(self, data):
        """The answers to every question that ends in `data`, as bytes to send back."""
        buffer = self.tail + data
        start = len(self.tail)
        self.received += len(data)
        if self.after_job and self.job_bytes and self.received >= self.job_bytes:
            self.state.update(self.after_job)
            self.after_job = None
        answers = b""
        for i in range(len(buffer)):
            for question, length in self.match(buffer, i):
                if i + length > start and i + length <= len(buffer):
                    answer = self.answer(question)
                    if answer:
                        self.questions.append(question)
                        answers += answer
        self.tail = buffer[-2:]
        if answers and self.delay:
            time.sleep(self.delay)
        return b"" if self.silent else answers

    def match(self, buffer, i):
        found = []
        if self.language in ("escpos", "both"):
            if buffer[i:i + 2] == b"\x10\x04" and i + 2 < len(buffer) and buffer[i + 2] in (1, 2, 3, 4):
                found.append((f"DLE EOT {buffer[i + 2]}", 3))
            if buffer[i:i + 2] == b"\x1d\x72" and i + 2 < len(buffer) and buffer[i + 2] in (1, 0x31):
                found.append(("GS r 1", 3))
        if self.language in ("zpl", "both") and buffer[i:i + 3].upper() == b"~HS":
            found.append(("~HS", 3))
        return found

    def answer(self, question):
        if self.garbage is not None:
            return self.garbage
        s = self.state
        if question == "DLE EOT 1":
            return bytes([0x12 | (0x04 if s["drawer_high"] else 0) | (0x08 if self.offline() else 0)
                          | (0x20 if self.error() or s["paper_out"] or s["cover_open"] else 0)
                          | (0x40 if s["feed_button"] else 0)])
        if question == "DLE EOT 2":
            return bytes([0x12 | (0x04 if s["cover_open"] else 0) | (0x20 if s["paper_out"] else 0)
                          | (0x40 if self.error() else 0)])
        if question == "DLE EOT 3":
            return bytes([0x12 | (0x04 if s["mechanical_error"] else 0) | (0x08 if s["cutter_error"] else 0)
                          | (0x20 if s["unrecoverable_error"] else 0)
                          | (0x40 if s["auto_recoverable_error"] else 0)])
        if question == "DLE EOT 4":
            return bytes([0x12 | (0x0C if s["paper_near_end"] or s["paper_out"] else 0)
                          | (0x60 if s["paper_out"] else 0)])
        if question == "GS r 1":
            if self.offline():
                return b""  # held in the buffer until the printer is back online
            return bytes([(0x03 if s["paper_near_end"] else 0)])
        if question == "~HS":
            flag = lambda name: "1" if s[name] else "0"
            first = (f"030,{flag('paper_out')},{flag('paused')},1245,{s['formats']:03d},{flag('buffer_full')},"
                     f"0,{flag('partial_format')},000,{flag('corrupt_memory')},{flag('under_temperature')},"
                     f"{flag('over_temperature')}")
            second = (f"001,0,{flag('head_up')},{flag('ribbon_out')},0,{s['print_mode']},0,"
                      f"{flag('label_waiting')},{s['labels_remaining']:08d},1,000")
            return b"".join(b"\x02" + line.encode() + b"\x03\r\n" for line in (first, second, "1234,0"))
        return b""
