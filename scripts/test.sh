#!/usr/bin/env bash
# Every test of the project: static checks, unit and API tests (PGlite, and PostgreSQL when
# DATABASE_URL is set), then the browser tests against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== typecheck and lint"
npm run typecheck
npm run lint

echo "== unit and API tests (embedded PGlite)"
npx vitest run

if [ -n "${DATABASE_URL:-}" ]; then
  echo "== API tests (PostgreSQL at ${DATABASE_URL})"
  TEST_DATABASE_URL="$DATABASE_URL" npx vitest run apps/server
fi

echo "== browser tests (Chromium)"
npm run test:e2e
