#!/usr/bin/env bash
# Prints the outcome digests of fixed campaigns (every run's trace hash, event count, quiescence,
# coverage and violation), for checking that a change (a speed-up, a refactor) changed no run.
#
#   Scripts/fingerprint.sh > before.txt     # on the old commit
#   Scripts/fingerprint.sh > after.txt      # on the new one
#   diff before.txt after.txt               # no output: no run changed
#
# Builds suinav-bench in release mode first (about 2 minutes from scratch).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product suinav-bench >&2
bench=.build/release/suinav-bench
# family policy runs seed
while read -r family policy runs seed; do
    printf '%-6s %-16s ' "$family" "$policy"
    "$bench" --fingerprint "$family" "$policy" "$runs" "$seed" | tail -1
done <<'LIST'
mixed reference 20000 1
stack naive 3000 3
stack seed-2026-01 3000 4
graph reference 5000 7
mixed no-coalescing 3000 9
graph present-item 2000 11
LIST
