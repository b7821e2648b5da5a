#!/usr/bin/env bash
# Fuzzes with libFuzzer. Extra arguments go to libFuzzer (-max_total_time=60, -jobs=2, -runs=0 …).
# Environment: NAVFUZZ_TOPOLOGY (any built-in topology, default basic), NAVFUZZ_ENGINE (default
# the built-in engine), FUZZ_BINARY (default the release build). `Fuzz/run.sh --help` lists the
# topologies and engines this build knows (from `navfuzz list`, so the list is never stale).
# The working corpus and crashes live in fuzz-work/ (not committed); the committed seeds in
# corpus/libfuzzer-seeds/ are only read, so `-merge=1` can never delete them.
# Every core: `-fork=2` runs 2 fuzzing child processes sharing one corpus and keeps going after a
# crash with -ignore_crashes=1; `-jobs=2 -workers=2` runs 2 fuzzers over the same corpus folder,
# each logging to fuzz-N.log and ending at its first crash. Use the number of cores, not more.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  echo
  swift run --quiet navfuzz list | sed -n '/^topologies:/,/^invariants:/p' | sed '$d'
  exit 0
fi
topology=${NAVFUZZ_TOPOLOGY:-basic}
engine=${NAVFUZZ_ENGINE:-state-driven}
binary=${FUZZ_BINARY:-.build-fuzz/release/navfuzz-libfuzzer}
work=fuzz-work/$topology-$engine
mkdir -p "$work/corpus" "$work/crashes"
export NAVFUZZ_TOPOLOGY=$topology NAVFUZZ_ENGINE=$engine
export SWIFT_BACKTRACE=enable=no  # otherwise a crashing input may never be written
seeds="corpus/libfuzzer-seeds/$topology"
[ "${FUZZ_NO_SEEDS:-0}" = 1 ] && seeds=""  # to measure how fast it finds bugs from nothing
exec "$binary" "$work/corpus" $seeds \
  -use_value_profile=1 -detect_leaks=0 -max_len=256 -artifact_prefix="$work/crashes/" \
  -dict=Fuzz/navfuzz.dict "$@"
