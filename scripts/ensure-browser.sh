#!/usr/bin/env bash
# Finds a Chromium for Playwright, installing one when none is there:
# Debian's package where apt works (no test tool can download its own browser
# on machines without internet), Playwright's own build elsewhere.
# Prints the executable path ("" means Playwright's bundled browser).
set -euo pipefail

if [ -n "${PLAYWRIGHT_CHROMIUM_PATH:-}" ]; then echo "$PLAYWRIGHT_CHROMIUM_PATH"; exit 0; fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
done
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core
  } >&2
  if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
fi
npx playwright install chromium >&2
echo ""
