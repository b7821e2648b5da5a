#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build: the base image sets $SRC, $OUT and $SANITIZER ("address" by
# default) and, for Swift, $SWIFTFLAGS (from its precompile_swift step). One fuzzer per topology,
# each with its seeds as a zip next to it.
cd "$SRC/navfuzz"
sanitizer=${SANITIZER:-address}
flags=()
for flag in ${SWIFTFLAGS:-}; do flags+=("-Xswiftc" "$flag"); done
# Last, one joined -sanitize=fuzzer,<sanitizer>: swiftc keeps only the last of separate -sanitize=
# flags, and fuzzer coverage would be lost under the sanitizer (see Fuzz/build.sh).
NAVFUZZ_LIBFUZZER=1 swift build -c debug --scratch-path "$SRC/navfuzz/.build-oss-fuzz" \
  --sanitize=fuzzer --sanitize="$sanitizer" "${flags[@]}" -Xswiftc "-sanitize=fuzzer,$sanitizer" \
  --product navfuzz-libfuzzer
binary="$SRC/navfuzz/.build-oss-fuzz/debug/navfuzz-libfuzzer"
for topology in basic counter stack syncups-tree syncups-stack covers value-stack callbacks tabs; do
  # The binary picks its topology from its name (navfuzz_<topology>); the engine is the built-in one.
  cp "$binary" "$OUT/navfuzz_$topology"
  (cd "corpus/libfuzzer-seeds/$topology" && zip -q -r "$OUT/navfuzz_${topology}_seed_corpus.zip" .)
  cp Fuzz/navfuzz.dict "$OUT/navfuzz_$topology.dict"
done
