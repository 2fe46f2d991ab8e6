# The README's commands. Each runs scripts/setup first, so a fresh Debian 12 machine with
# the Swift toolchain needs nothing else.
.PHONY: sample test lint setup setup-tests preview fuzz bench coverage

# What building and rendering need (C libraries, fonts): all the sample installs.
setup:
	@scripts/setup

# That and what the tests need besides: the validators, the stand-ins' Python, Chromium.
setup-tests:
	@scripts/setup --tests

# Renders the bundled sample receipt with its sample data: as text, then as the ESC/POS bytes a
# 58 mm printer gets, listed by 'slip disasm'.
sample: setup
	@scripts/build-release slip
	@.build/release/slip render templates/kopi-senja.slip --data templates/kopi-senja.json --target text
	@echo
	@echo "# ESC/POS for a 58 mm printer (slip render ... | slip disasm -):"
	@.build/release/slip render templates/kopi-senja.slip --data templates/kopi-senja.json | .build/release/slip disasm -

# Runs the whole test suite (the transport tests start their own stand-in BlueZ on a private bus,
# stand-in printers on 127.0.0.1 and a private cupsd), a short libFuzzer run of every fuzz
# target, the editor grammar through a TextMate engine, hostile data judged by emupos and zplkit,
# barcodes and QR codes decoded by zbarimg and zxing-cpp, the ESC/POS goldens through the emupos
# emulator, Slip's raster mode and previews through emupos too (pixel for pixel), the ZPL goldens
# through zplkit, the stand-in against bleak, the gallery of templates/ in headless Chromium
# (every preview must load), the Arabic, Thai and Hindi previews read back by tesseract, the
# generated templates of Tests/PipelineTests through emupos and zplkit, `slip serve` over real
# sockets (hostile HTTP too, jobs to stand-in printers) and killed with SIGKILL mid-run (no
# accepted job lost), the live designer in headless Chromium driven by Selenium (typing, previews
# against slip render's pixels, saving, printing to a stand-in, share links), the portable modules through Embedded Swift for iOS and WebAssembly,
# slip.wasm under wasmkit against the native slip, then the lint.
test: setup-tests
	swift test
	scripts/fuzz --smoke
	scripts/portable-check
	scripts/wasm-check
	scripts/grammar-check
	scripts/injection-check
	scripts/symbol-check
	scripts/emupos-check
	scripts/raster-check
	scripts/zpl-check
	scripts/bleak-check
	scripts/gallery-check
	scripts/ocr-check
	scripts/pipeline-check
	scripts/serve-check
	scripts/serve-crash-check
	scripts/designer-check
	swift format lint --strict --recursive Package.swift Sources Tests Benchmarks Fuzz Wasm

lint:
	swift format lint --strict --recursive Package.swift Sources Tests Benchmarks Fuzz Wasm

# What a printer would print, drawn by emupos:
#   make preview TEMPLATE=templates/kopi-senja.slip DATA=templates/kopi-senja.json PRINTER=generic-58
# writes <template>.png here (PRINTER is optional: the generic printer of the template's paper).
TEMPLATE ?= templates/kopi-senja.slip
DATA ?= $(basename $(TEMPLATE)).json
preview: setup
	@scripts/emupos-preview $(TEMPLATE) $(if $(wildcard $(DATA)),--data $(DATA)) $(if $(PRINTER),--printer $(PRINTER))

# Fuzzes everything that reads untrusted bytes (templates, data, pictures, records, printer
# bytes, profiles): 10 minutes or 10 million inputs each (docs/SECURITY.md has the runs).
fuzz: setup-tests
	scripts/fuzz

# Slip beside its peers on the same work, in one run (a measurement, not a test; about ten
# minutes): receipts vs python-escpos, a picture vs python-escpos image(), the badge preview vs
# zplkit, 100,000 badges to ZPL, BLE vs bleak, compile time. Installs the peers in venvs under
# .build/, prints one table and writes it as markdown to .build/bench/results.md, which
# `scripts/bench --docs-only` then puts in docs/PERFORMANCE.md.
bench: setup-tests
	@BENCH_COMMAND="make bench" scripts/bench

# Line coverage per module of `swift test` (docs/SECURITY.md has the figures):
# `swift test --enable-code-coverage`, then llvm-cov's summary summed by Sources/MODULE.
coverage: setup-tests
	scripts/coverage
