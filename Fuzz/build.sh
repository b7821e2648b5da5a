#!/usr/bin/env bash
# Builds the libFuzzer target (never touching the normal .build).
#   Fuzz/build.sh            fuzzer instrumentation, release optimisations, into .build-fuzz
#   Fuzz/build.sh --asan     the same plus AddressSanitizer, into .build-fuzz-asan
# Both are release builds: ASan on a debug build ran ~10x slower, and what ASan catches (bad
# memory accesses) does not depend on the optimiser being off.
set -euo pipefail
cd "$(dirname "$0")/.."
export NAVFUZZ_LIBFUZZER=1
if [ "${1:-}" = "--asan" ]; then
  # One joined -sanitize=fuzzer,address as well: swiftc keeps only the last of separate -sanitize=
  # flags, so `--sanitize=fuzzer --sanitize=address` alone built ASan without coverage and
  # libFuzzer fuzzed blind ("no interesting inputs ... Is the code instrumented for coverage?").
  swift build --scratch-path .build-fuzz-asan -c release --sanitize=fuzzer --sanitize=address \
    -Xswiftc -sanitize=fuzzer,address --product navfuzz-libfuzzer
  binary=.build-fuzz-asan/release/navfuzz-libfuzzer
else
  swift build --scratch-path .build-fuzz -c release --sanitize=fuzzer --product navfuzz-libfuzzer
  binary=.build-fuzz/release/navfuzz-libfuzzer
fi
# A target without coverage counters still runs, but libFuzzer then fuzzes blind: refuse it.
if ! grep -q __sancov_cntrs "$binary"; then
  echo "error: $binary has no coverage instrumentation (no __sancov_cntrs section)" >&2
  exit 1
fi
echo "built $binary"
