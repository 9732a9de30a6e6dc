#!/usr/bin/env bash
# Builds the libFuzzer targets (and optionally their seed corpora and a smoke run).
# Works locally and under OSS-Fuzz's Swift builder (base-builder-swift): there it uses the
# flags `precompile_swift` exports ($SWIFT6_2FLAGS, else $SWIFTFLAGS) and copies the binaries
# with their seed corpora (<target>_<config>_seed_corpus.zip) and dictionaries to $OUT.
set -euo pipefail

readonly FUZZ_DIR="$(cd "$(dirname "$0")" && pwd)"
readonly REPO_DIR="$(dirname "$FUZZ_DIR")"
readonly TARGETS=(FuzzScenarioFile FuzzSnapshot FuzzScenarioRun FuzzGraphRun)

usage() {
  cat <<EOF
usage: $(basename "$0") [--debug-only | --release-only | --both] [--asan] [--seeds] [--run-regressions] [--smoke [SECONDS]]

Builds FuzzScenarioFile, FuzzSnapshot, FuzzScenarioRun and FuzzGraphRun with -sanitize=fuzzer into
FuzzTesting/.build/<config>/.

  --debug-only       build the debug configuration only
  --release-only     build the release configuration only (the default)
  --both             build debug and release
  --asan             also instrument with AddressSanitizer
  --seeds            write each target's seed corpus (made from Corpus/) to FuzzTesting/Seeds/<target>/
  --run-regressions  after building: run each target on its FailCases/<target>-* inputs (past crashes)
  --smoke [SECONDS]  after building: write the seeds, run each target for SECONDS (default 5) on them,
                     and check that FuzzScenarioRun finds the naive policy's known bug and
                     FuzzGraphRun the present-item policy's, each saving a scenario that
                     'suinav replay' reproduces
  -h, --help         show this message

Under OSS-Fuzz (\$OUT set) the binaries are copied to \$OUT as <target>_<config>.
EOF
}

CONFIGS=(release)
SANITIZERS=(--sanitize=fuzzer)
SEEDS=no
REGRESSIONS=no
SMOKE_SECONDS=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --debug-only) CONFIGS=(debug) ;;
    --release-only) CONFIGS=(release) ;;
    --both) CONFIGS=(debug release) ;;
    --asan) SANITIZERS+=(--sanitize=address) ;;
    --seeds) SEEDS=yes ;;
    --run-regressions | --run) REGRESSIONS=yes ;;
    --smoke)
      SEEDS=yes
      SMOKE_SECONDS=5
      if [[ $# -gt 1 && "$2" =~ ^[0-9]+$ ]]; then SMOKE_SECONDS="$2"; shift; fi
      ;;
    *) echo "error: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

# The build flags: OSS-Fuzz's, or the fuzzer (and address) sanitizer through SwiftPM.
# NB: SwiftPM's own --sanitize=fuzzer is what links an executable target whose entry point is
# LLVMFuzzerTestOneInput; `-Xswiftc -sanitize=fuzzer` alone leaves SwiftPM's renamed `main`
# undefined for tools-version 5.5+ packages.
if [[ -n "${SWIFT6_2FLAGS:-}" ]]; then
  read -r -a BUILD_FLAGS <<<"$SWIFT6_2FLAGS"
elif [[ -n "${SWIFTFLAGS:-}" ]]; then
  read -r -a BUILD_FLAGS <<<"$SWIFTFLAGS"
else
  BUILD_FLAGS=("${SANITIZERS[@]}")
fi

# NB: Swift's runtime backtracer would take a crash before libFuzzer's handler sees it, and
# libFuzzer would then not save the input.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

regressions() { # config
  for target in "${TARGETS[@]}"; do
    local cases=("$FUZZ_DIR"/FailCases/"$target"-*)
    [[ -e "${cases[0]}" ]] || continue
    echo "--- regressions: $target (${#cases[@]} inputs)"
    "$FUZZ_DIR/.build/$1/$target" "${cases[@]}" 2>&1 | grep -E "^(Executed|Running:)" | tail -n 1
  done
}

write_seeds() { # config
  for target in "${TARGETS[@]}"; do
    rm -rf "$FUZZ_DIR/Seeds/$target"
    "$FUZZ_DIR/.build/$1/$target" "--write-seeds=$REPO_DIR/Corpus,$FUZZ_DIR/Seeds/$target"
  done
}

known_bug() { # bin work target policy: the target must find the variant's bug, and suinav replay reproduce it
  local bin="$1" work="$2" target="$3" policy="$4" finding
  echo "--- smoke: $target must find the $policy policy's known bug"
  mkdir -p "$work/$policy" "$work/$policy-findings"
  if SUINAV_FUZZ_POLICY="$policy" SUINAV_FUZZ_FINDINGS="$work/$policy-findings" "$bin/$target" -seed=1 -runs=20000 \
       -artifact_prefix="$work/$policy-" "$work/$policy" "$FUZZ_DIR/Seeds/$target" >"$work/$policy.log" 2>&1; then
    echo "error: $target found no violation under the $policy policy" >&2; exit 1
  fi
  finding="$(find "$work/$policy-findings" -name "$policy-*.json" | head -n 1)"
  [[ -n "$finding" ]] || { echo "error: the $policy violation was not saved as a scenario" >&2; tail -n 20 "$work/$policy.log" >&2; exit 1; }
  grep -E "^suinav-fuzz: [A-Z]+[0-9]* violated" "$work/$policy.log" | head -n 1 || true
  (cd "$REPO_DIR" && swift run -q suinav replay "$finding" --expect fail >/dev/null) \
    || { echo "error: suinav replay did not reproduce $finding" >&2; exit 1; }
  echo "replayed: $(basename "$finding") fails under suinav replay too"
}

smoke() { # config seconds
  local bin="$FUZZ_DIR/.build/$1" work
  work="$(mktemp -d)"
  for target in "${TARGETS[@]}"; do
    echo "--- smoke: $target ($2 s)"
    mkdir -p "$work/$target"
    local dict=()
    [[ -f "$FUZZ_DIR/$target.dict" ]] && dict=(-dict="$FUZZ_DIR/$target.dict")
    # NB: a fixed seed, so that the smoke explores the same inputs on every run (libFuzzer seeds
    # itself from the clock otherwise), and a timeout well above the slowest legitimate unit of a
    # debug build: a graph input whose settle deadline runs about a million events takes 30 s
    # there (2 s in release), and a 10 s timeout made CI fail on whichever run met such an input.
    if ! SUINAV_FUZZ_FINDINGS="$work/findings" "$bin/$target" "${dict[@]}" -seed=1 -max_total_time="$2" -timeout=60 \
         -print_final_stats=1 \
         -artifact_prefix="$work/$target-" "$work/$target" "$FUZZ_DIR/Seeds/$target" >"$work/$target.log" 2>&1; then
      tail -n 30 "$work/$target.log" >&2
      echo "error: $target crashed; the input is in $work" >&2
      exit 1
    fi
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec)" "$work/$target.log"
  done
  known_bug "$bin" "$work" FuzzScenarioRun naive
  known_bug "$bin" "$work" FuzzGraphRun present-item
  rm -rf "$work"
}

cd "$FUZZ_DIR"
for config in "${CONFIGS[@]}"; do
  echo "--- building $config: swift build -c $config ${BUILD_FLAGS[*]}"
  # NB: SwiftPM 6.3 does not always recompile these small modules when the parent package's
  # modules change under them (stale objects then fail to link, or crash in value witnesses);
  # they rebuild in seconds, so they are always rebuilt.
  for module in FuzzCommon "${TARGETS[@]}"; do
    if [[ -d ".build/$config/$module.build" ]]; then
      find ".build/$config/$module.build" \( -name '*.o' -o -name '*.swiftdeps' \) -delete
    fi
  done
  swift build -c "$config" "${BUILD_FLAGS[@]}"
  if [[ "$SEEDS" == yes || -n "${OUT:-}" ]]; then write_seeds "$config"; fi
  if [[ -n "${OUT:-}" ]]; then
    for target in "${TARGETS[@]}"; do
      cp ".build/$config/$target" "$OUT/${target}_$config"
      if [[ -f "$target.dict" ]]; then cp "$target.dict" "$OUT/${target}_$config.dict"; fi
      if command -v zip >/dev/null; then
        (cd "Seeds/$target" && zip -q -r "$OUT/${target}_${config}_seed_corpus.zip" .)
      fi
    done
  fi
  if [[ "$REGRESSIONS" == yes || -n "$SMOKE_SECONDS" ]]; then regressions "$config"; fi
  if [[ -n "$SMOKE_SECONDS" ]]; then smoke "$config" "$SMOKE_SECONDS"; fi
done
