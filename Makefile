# Kanisa — the two commands a new machine needs are `make run` and `make test`.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
KANISA_RELEASE := $(TARGET_DIR)/release/kanisa
KANISA_DEBUG := $(TARGET_DIR)/debug/kanisa

.PHONY: help run test bench soak clock-check build apps apps-deps rust-checks rust-test apps-checks e2e schemathesis chromium fmt clean-data

help:
	@echo "make run    build everything and serve on http://localhost:8080 (demo content, first admin)"
	@echo "make test   formatting, lints, type checks, Rust and app tests, browser smoke test, schemathesis"
	@echo "make bench  start-up time, idle memory and API load figures of a release build"
	@echo "make soak   long fuzzing, schemathesis and load-with-faults runs, then one table of figures"
	@echo "make clock-check   the Rust and browser tests with the clock moved to three other dates"

## Build both apps and the release server, then serve with the managed cluster in ./data.
run: apps
	cargo build --release --locked --bin kanisa
	$(KANISA_RELEASE) serve

## Everything CI checks. Installs what it needs (npm packages, Chromium from Debian). After the
## formatting and lints, independent stages run two at a time, each one's output printed whole
## when it ends: the apps' checks beside the Rust tests (Node's unit tests and the Rust tests'
## clusters share the two cores well), then the browser suites beside schemathesis (each on its
## own servers and ports; schemathesis is bounded by time, the browser tests mostly wait on pages).
test: rust-checks
	$(MAKE) --no-print-directory -j2 --output-sync=target apps-checks rust-test
	$(MAKE) --no-print-directory -j2 --output-sync=target e2e schemathesis
	@echo "make test: all checks passed"

build: apps
	cargo build --release --locked --bin kanisa

apps-deps: apps/node_modules/.package-lock.json

apps/node_modules/.package-lock.json: apps/package-lock.json apps/package.json
	cd apps && npm ci --no-audit --no-fund
	@touch $@

apps: apps-deps
	cd apps && npm run build

rust-checks:
	scripts/architecture-check.sh
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings

## The Rust tests, with a local S3-compatible server (moto, from PyPI) for the S3 backend's test.
## Eight tests at a time in each binary (RUST_TEST_THREADS): most of them wait on servers,
## clusters and job queues rather than compute, so on two cores the server's suite takes 31 s
## instead of 70 s and the binary's own 64 s instead of 106 s (measured on this machine).
rust-test:
	RUST_TEST_THREADS=$${RUST_TEST_THREADS:-8} scripts/with-s3.sh cargo test --workspace --locked --tests

apps-checks: apps-deps
	cd apps && npm run typecheck
	cd apps && npm run lint
	cd apps && npm run test

## Debian's current Chromium: installed, or upgraded when this machine keeps an older one.
chromium:
	@scripts/chromium.sh

## Browser smoke test: a real server (debug build, throwaway data dir) and Debian's Chromium.
e2e: apps chromium
	cargo build --locked --bin kanisa --bin fake-daraja --bin fake-mail --bin fake-sms
	scripts/with-s3.sh scripts/e2e.sh $(KANISA_DEBUG)

## The table API against its own OpenAPI document: schemathesis (PyPI, pinned, cached venv) as
## anon and as the service key on a throwaway server, about a minute each
## (SCHEMATHESIS_MAX_TIME, SCHEMATHESIS_MAX_EXAMPLES).
schemathesis:
	cargo build --locked --bin kanisa
	scripts/schemathesis.sh $(KANISA_DEBUG)

## The long runs (about 25 minutes; SOAK_FUZZ_CASES, SOAK_SCHEMATHESIS_SECS, SOAK_SECS): fuzz
## targets, schemathesis, and 64 connections of load through a database restart and a SIGKILL.
soak:
	scripts/soak.sh

## Measurements (never assertions) of a release build: start-up time and idle memory, the
## table API under load (wrk, installed on demand; pgbench floor), then the public pages' first
## load weight and Lighthouse mobile score; realtime's memory per socket and change-to-delivery
## latency. BENCH_DURATION, BENCH_CONNECTIONS, LIGHTHOUSE_RUNS, BENCH_RT_* (bench-realtime.sh).
bench: apps chromium
	cd apps && npm run --silent size:client
	cargo build --release --locked --bin kanisa
	cargo build --release --locked -p kanisa-realtime --example bench_sockets
	scripts/bench-startup.sh $(KANISA_RELEASE)
	scripts/bench-rest.sh $(KANISA_RELEASE)
	scripts/bench-submissions.sh $(KANISA_RELEASE)
	scripts/bench-members.sh $(KANISA_RELEASE)
	scripts/bench-finance.sh $(KANISA_RELEASE)
	scripts/bench-backups.sh $(KANISA_RELEASE)
	KANISA_CHAOS_PAYMENTS=$(or $(CHAOS_PAYMENTS),10000) cargo test --release --locked -p kanisa --test it payments::chaos -- --nocapture
	scripts/bench-pages.sh $(KANISA_RELEASE)
	scripts/bench-realtime.sh $(KANISA_RELEASE) $(dir $(KANISA_RELEASE))examples/bench_sockets
	scripts/bench-otp.sh $(KANISA_RELEASE)
	scripts/bench-ussd.sh $(KANISA_RELEASE)

## The Rust tests and the browser suites with every process's clock moved (libfaketime) to
## three dates: a Friday with the demo's vespers inside the reminder window, Nairobi's New Year
## (still the old year in UTC) and a leap day in 2028. CLOCK_DATES="..." (one date per word
## group, `date -d` syntax, separated by ';') and CLOCK_SUITES=rust|e2e|all choose.
clock-check:
	IFS=';' read -ra dates <<< "$${CLOCK_DATES:-}"; scripts/clock-check.sh $(or $(CLOCK_SUITES),all) "$${dates[@]}"

fmt:
	cargo fmt --all

## Remove the local data dir (the managed cluster, JWT secret, first admin note).
clean-data:
	rm -rf data
