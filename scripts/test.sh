#!/usr/bin/env bash
# Every test of the project: static checks, unit and API tests (PGlite, and PostgreSQL when
# DATABASE_URL is set), then the release build, its bundle check and the browser tests against it,
# and, with DATABASE_URL (as in CI), every `bench:*` script at its smallest size.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's header says when it began, so a slow CI run shows which stage took the time.
stage() { echo "== [$((SECONDS / 60)) min] $*"; }

stage "typecheck, lint and import cycles"
npm run typecheck
npm run lint
npm run check:cycles

stage "unit and API tests (embedded PGlite)"
npx vitest run

if [ -n "${DATABASE_URL:-}" ]; then
  # CI hands this stage the newest Node of `engines` (POSTGRES_TESTS_NODE_DIR, a folder holding
  # `node`) while the stage above runs on the machine's oldest one: both ends are tested, each
  # database once, without running the server's tests a third time.
  tests_path="${POSTGRES_TESTS_NODE_DIR:+$POSTGRES_TESTS_NODE_DIR:}$PATH"
  stage "API tests (PostgreSQL at ${DATABASE_URL}, Node $(PATH="$tests_path" node --version))"
  PATH="$tests_path" TEST_DATABASE_URL="$DATABASE_URL" npx vitest run apps/server
fi

stage "release build and what each screen loads"
npm run build
npm run check:bundle

stage "browser tests (Chromium, embedded PGlite, the compiled server)"
# The browser tests' server gets a fresh PGlite of its own: DATABASE_URL would point it at a shared
# PostgreSQL database whose rows outlive the run (and one run's linked UIDs would refuse the next).
env -u DATABASE_URL npm test -w @uplink/e2e

if [ -n "${DATABASE_URL:-}" ]; then
  stage "every benchmark at its smallest size (PostgreSQL at ${DATABASE_URL}): a bench that breaks fails the build"
  RELEASE_BUILT=1 bash scripts/bench-smoke.sh
fi
