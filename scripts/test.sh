#!/usr/bin/env bash
# npm test: every test, unit to browser, on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

step "services (PostgreSQL, Redis)"
bash scripts/ensure-services.sh

step "browser"
PLAYWRIGHT_CHROMIUM_PATH="$(bash scripts/ensure-browser.sh)"
export PLAYWRIGHT_CHROMIUM_PATH
echo "chromium: ${PLAYWRIGHT_CHROMIUM_PATH:-the one Playwright bundles}"

step "type check"
npx tsc --noEmit -p .

step "lint (eslint)"
npm run lint

step "unused files, exports and dependencies (knip)"
npm run knip

step "unit and integration tests (vitest)"
npx vitest run

step "production build"
npx next build

step "browser tests (playwright)"
npx playwright test
