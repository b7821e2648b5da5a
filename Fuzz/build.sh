#!/usr/bin/env bash
# Builds the libFuzzer target into .build-fuzz (never touching the normal .build).
#   Fuzz/build.sh            fuzzer instrumentation, release optimisations
#   Fuzz/build.sh --asan     plus AddressSanitizer (debug flavour)
set -euo pipefail
cd "$(dirname "$0")/.."
export NAVFUZZ_LIBFUZZER=1
if [ "${1:-}" = "--asan" ]; then
  swift build --scratch-path .build-fuzz-asan -c debug --sanitize=fuzzer --sanitize=address --product navfuzz-libfuzzer
  echo "built .build-fuzz-asan/debug/navfuzz-libfuzzer"
else
  swift build --scratch-path .build-fuzz -c release --sanitize=fuzzer --product navfuzz-libfuzzer
  echo "built .build-fuzz/release/navfuzz-libfuzzer"
fi
