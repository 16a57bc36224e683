#!/usr/bin/env bash
# Lighthouse (mobile emulation, its default) on every public route in English and Kiswahili:
# the accessibility and SEO scores of the built public app served by a Kanisa with the demo
# content, one line a page, and for a page below 100 the audits it failed (issue 32). Lighthouse
# comes from npm into a cache folder on first use; Chromium is Debian's (`make chromium`). A
# measurement for the closing note; the same rules are held by the browser tests' axe checks.
#
# usage: scripts/lighthouse.sh path/to/kanisa
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/lighthouse.sh path/to/kanisa}")
tool=${KANISA_LIGHTHOUSE_DIR:-/var/cache/kanisa/lighthouse}
if [ ! -x "$tool/node_modules/.bin/lighthouse" ]; then
  mkdir -p "$tool"
  npm install --prefix "$tool" --no-audit --no-fund --silent lighthouse@13 >/dev/null
fi
chrome=${CHROME_PATH:-$(command -v chromium || true)}
[ -n "$chrome" ] || { echo "no chromium: run make chromium"; exit 1; }
bench_serve lighthouse "$bin"
routes=$(python3 -c "
import json
routes = json.load(open('apps/public/dist/routes.json'))['routes']
print(' '.join(r['path'] for r in routes if ':' not in r['path'] and '*' not in r['path']))")
printf '%-28s %6s %6s\n' page a11y seo
below=0
for lang in en sw; do
  for path in $routes; do
    page=$path
    [ "$lang" = sw ] && page="/sw${path%/}"
    [ -z "$page" ] && page=/
    CHROME_PATH="$chrome" "$tool/node_modules/.bin/lighthouse" "http://127.0.0.1:$port$page" \
      --only-categories=accessibility,seo --output=json --output-path="$work/lh.json" --quiet \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage" >/dev/null 2>&1 ||
      { echo "$page: lighthouse failed"; below=1; continue; }
    python3 - "$page" "$work/lh.json" <<'PY' || below=1
import json, sys
page, report = sys.argv[1], json.load(open(sys.argv[2]))
cats = report["categories"]
a11y, seo = (round(cats[c]["score"] * 100) for c in ("accessibility", "seo"))
print(f"{page:<28} {a11y:>6} {seo:>6}")
failed = [
    f"    {a['id']}: {a['title']}"
    for c in ("accessibility", "seo")
    for ref in cats[c]["auditRefs"]
    if ref["weight"] > 0 and (a := report["audits"][ref["id"]])["score"] is not None and a["score"] < 1
]
print("\n".join(failed)) if failed else None
sys.exit(1 if failed else 0)
PY
  done
done
[ "$below" = 0 ] && echo "every public page: accessibility 100, SEO 100" || echo "some pages are below 100 (above)"
