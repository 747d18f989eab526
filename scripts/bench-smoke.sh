#!/usr/bin/env bash
# Every `bench:*` script of package.json at its smallest size, so that a change which breaks a
# benchmark fails the build instead of being found months later (issue 46). The figures of a run
# this small mean nothing; a bench that throws, or no longer starts, fails this script. Needs the
# local PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), Redis for
# bench:api's several workers, Chromium for the web benches; bench:lighthouse builds the release.
#   scripts/bench-smoke.sh [bench:api bench:web …]   (default: every bench:* of package.json)
set -euo pipefail
cd "$(dirname "$0")/.."
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"

if [ $# -gt 0 ]; then
  benches="$*"
else
  benches=$(node -e 'console.log(Object.keys(require("./package.json").scripts).filter((name) => name.startsWith("bench:")).join(" "))')
fi

# The smallest size of each bench: a bench added to package.json without one here fails the run.
smallest() {
  case "$1" in
    bench:api) echo "BENCH_DURATION_MS=300 BENCH_CONNECTIONS=4 npm run bench:api" ;;
    bench:web) echo "BENCH_RUNS=1 npm run bench:web" ;;
    # npm test has just built the release (RELEASE_BUILT): the script's own `npm run build` is skipped then.
    bench:lighthouse)
      if [ -n "${RELEASE_BUILT:-}" ]; then
        echo "LH_RUNS=1 LH_PAGES=/ LH_PRESETS=mobile npx tsx apps/web/scripts/bench-lighthouse.ts"
      else
        echo "LH_RUNS=1 LH_PAGES=/ LH_PRESETS=mobile npm run bench:lighthouse"
      fi
      ;;
    bench:deposits) echo "BENCH_MEMBERS=50 BENCH_BLOCKS=20 BENCH_PAYERS=5 BENCH_NAIVE_SAMPLE=5 npm run bench:deposits" ;;
    bench:network) echo "npm run bench:network -- --members 300 --runs 2" ;;
    bench:cycle) echo "npm run bench:cycle -- --members 100 --runs 2 --warmups 0" ;;
    bench:admin) echo "npm run bench:admin -- --members 100 --runs 2 --warmups 0" ;;
    bench:replica) echo "npm run bench:replica -- --members 100 --runs 2 --warmups 0" ;;
    bench:withdrawals) echo "BENCH_WITHDRAWALS=200 BENCH_DURATION_MS=300 BENCH_CONCURRENCY=2 BENCH_SPREAD_MEMBERS=4 npm run bench:withdrawals" ;;
    bench:exports) echo "npm run bench:exports -- --rows 200" ;;
    bench:risk) echo "npm run bench:risk -- --members 100 --withdrawals 10 --runs 3" ;;
    bench:payouts) echo "BENCH_PAYMENTS=100 npm run bench:payouts" ;;
    bench:alerts) echo "BENCH_OUTAGES=redis npm run bench:alerts" ;;
    *) return 1 ;;
  esac
}

failed=()
for bench in $benches; do
  command=$(smallest "$bench") || { echo "$bench has no smallest size in scripts/bench-smoke.sh" >&2; exit 1; }
  echo "== $bench: $command"
  started=$SECONDS
  log=$(mktemp)
  # Word splitting is meant: the command is the settings, then npm and its arguments.
  # shellcheck disable=SC2086
  if env $command >"$log" 2>&1; then
    echo "   ok in $((SECONDS - started)) s"
  else
    cat "$log"
    echo "   $bench FAILED after $((SECONDS - started)) s (its output above)"
    failed+=("$bench")
  fi
  rm -f "$log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "benches that no longer run: ${failed[*]}" >&2
  exit 1
fi
