# The README's commands. Each runs scripts/setup first, so a fresh Debian 12 machine with
# the Swift toolchain needs nothing else.
.PHONY: sample test lint setup

setup:
	@scripts/setup

# Renders the bundled sample receipt with its sample data.
sample: setup
	@swift build -c release --product slip -q
	@.build/release/slip render templates/kopi-senja.slip --data templates/kopi-senja.json

# Runs the whole test suite, then the formatter's lint.
test: setup
	swift test
	swift format lint --strict --recursive Package.swift Sources Tests

lint:
	swift format lint --strict --recursive Package.swift Sources Tests
