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
  swift build --scratch-path .build-fuzz-asan -c release --sanitize=fuzzer --sanitize=address --product navfuzz-libfuzzer
  echo "built .build-fuzz-asan/release/navfuzz-libfuzzer"
else
  swift build --scratch-path .build-fuzz -c release --sanitize=fuzzer --product navfuzz-libfuzzer
  echo "built .build-fuzz/release/navfuzz-libfuzzer"
fi
