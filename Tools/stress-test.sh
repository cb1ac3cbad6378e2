#!/usr/bin/env bash
# The whole test suite under load: RUNS runs (5 by default) of `swift test` while two CPU-bound
# processes compete for the cores, then one run under ThreadSanitizer the same way. A run that
# fails, or that runs no test, fails the whole; each run's output is kept in .build/stress/.
#
#   Tools/stress-test.sh          # 5 runs, then one under ThreadSanitizer
#   Tools/stress-test.sh 2        # 2 runs; TSAN=0 Tools/stress-test.sh skips ThreadSanitizer
#
# The suite is built first, without the load, so that every run measures the tests alone. The
# load is `yes > /dev/null`, twice: on a 2-core machine the tests get about a third of it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs="${1:-5}"
case "$runs" in '' | *[!0-9]* | 0) echo "stress-test: RUNS must be a whole number of 1 or more, not “$runs”" >&2; exit 2;; esac
logs=.build/stress
mkdir -p "$logs"

hogs=()
stop_hogs() { for pid in "${hogs[@]}"; do kill "$pid" 2> /dev/null || true; done; hogs=(); }
trap stop_hogs EXIT
start_hogs() { for _ in 1 2; do yes > /dev/null & hogs+=($!); done; }

# One run: its verdict in one line from the log (Swift Testing's summary), or why it failed.
judge() {
  local name=$1 status=$2 log=$3 summary
  summary=$(grep -E 'Test run with [0-9]+ tests? ' "$log" | tail -1 || true)
  if [ "$status" -ne 0 ]; then
    echo "stress-test: $name FAILED (status $status): ${summary:-no summary}; failures:" >&2
    grep -E 'Test .* recorded an issue|error: -\[' "$log" | head -20 >&2 || true
    echo "  the whole output: $log" >&2
    return 1
  fi
  case "$summary" in
    *"with 0 tests"* | "") echo "stress-test: $name ran no test ($log)" >&2; return 1;;
  esac
  echo "stress-test: $name passed: ${summary#*Test run with }"
}

echo "stress-test: building the suite (no load yet)…"
swift build --build-tests > "$logs/build.log" 2>&1 || { echo "stress-test: the build failed: $logs/build.log" >&2; exit 1; }

failed=0
for run in $(seq 1 "$runs"); do
  echo "stress-test: run $run of $runs, two CPU-bound processes competing…"
  start_hogs
  started=$SECONDS
  set +e
  swift test --skip-build > "$logs/run-$run.log" 2>&1
  status=$?
  set -e
  stop_hogs
  judge "run $run ($((SECONDS - started)) s)" "$status" "$logs/run-$run.log" || failed=$((failed + 1))
done

if [ "${TSAN:-1}" != 0 ]; then
  echo "stress-test: ThreadSanitizer: building (no load yet)…"
  source Tools/tsan-flags.sh
  swift build --build-tests "${tsan[@]}" > "$logs/tsan-build.log" 2>&1 \
    || { echo "stress-test: the ThreadSanitizer build failed: $logs/tsan-build.log" >&2; exit 1; }
  echo "stress-test: ThreadSanitizer run, two CPU-bound processes competing…"
  start_hogs
  started=$SECONDS
  set +e
  # Every process writes its reports here: a child's would otherwise reach only a pipe.
  reports="$logs/tsan-reports"
  rm -rf "$reports" && mkdir -p "$reports"
  COOKBOOK_FUZZ_EVENTS=400 TSAN_OPTIONS="log_path=$root/$reports/race" swift test --skip-build "${tsan[@]}" > "$logs/tsan.log" 2>&1
  status=$?
  set -e
  stop_hogs
  if compgen -G "$reports/race*" > /dev/null; then
    echo "stress-test: ThreadSanitizer reported data races: $reports" >&2
    status=66
  fi
  judge "ThreadSanitizer run ($((SECONDS - started)) s)" "$status" "$logs/tsan.log" || failed=$((failed + 1))
fi

if [ "$failed" -ne 0 ]; then
  echo "stress-test: $failed run(s) failed (above)" >&2
  exit 1
fi
echo "stress-test: every run passed"
