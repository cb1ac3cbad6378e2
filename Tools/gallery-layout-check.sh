#!/usr/bin/env bash
# Renders docs/gallery/gallery.html in headless Chromium at three page widths and reads what was
# laid out (the page's own #measure script: the columns of cards, the narrowest card, every screen
# text wider than its card), then fails unless the page uses its width: one column at 640 px, at
# least two at 1280 px, at least three at 1900 px, cards at least 480 px wide when there is room,
# and no line clipped or scrolled sideways at any width. A screenshot of each width is kept in
# .build/gallery-layout/ to look at. CI runs it; Chromium is Debian's `chromium`
# (.ci/install-dependencies installs it), or CHROMIUM=FILE.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
page="$root/docs/gallery/gallery.html"
out="$root/.build/gallery-layout"
fail() { echo "gallery-layout-check: FAILED: $*" >&2; exit 1; }
chromium="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}"
[ -n "$chromium" ] && [ -x "$chromium" ] || fail "no Chromium (install Debian's chromium: .ci/install-dependencies, or set CHROMIUM)"
[ -f "$page" ] || fail "no $page (run Tools/workspace gallery)"
mkdir -p "$out"
profile="$(mktemp -d "${TMPDIR:-/tmp}/gallery-layout.XXXXXX")"
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$profile" --virtual-time-budget=5000)

for spec in 640:1:1 1280:2:2 1900:3:3; do
  IFS=: read -r width least _ <<< "$spec"
  "$chromium" "${flags[@]}" --window-size="$width,1200" --screenshot="$out/gallery-$width.png" "file://$page" >/dev/null 2>&1 \
    || fail "Chromium could not take a screenshot at $width px"
  [ -s "$out/gallery-$width.png" ] || fail "Chromium wrote no screenshot at $width px"
  dom=$("$chromium" "${flags[@]}" --window-size="$width,1200" --dump-dom "file://$page#measure" 2>/dev/null) \
    || fail "Chromium could not render the page at $width px"
  measure=$(printf '%s' "$dom" | sed -n 's:.*<pre id="measure">\(.*\)</pre>.*:\1:p' | sed 's/&quot;/"/g; s/&amp;/\&/g; s/&lt;/</g; s/&gt;/>/g')
  [ -n "$measure" ] || fail "the page measured nothing at $width px (its #measure script did not run)"
  python3 - "$width" "$least" "$measure" <<'PY' || exit 1
import json, sys
width, least, measure = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
problems = []
if measure["cards"] == 0:
    problems.append("no cards")
if width <= 640 and measure["columns"] != 1:
    problems.append(f"{measure['columns']} columns on a {width} px page (one fits)")
if measure["columns"] < least:
    problems.append(f"{measure['columns']} column(s) on a {width} px page, not at least {least}: the page's width goes unused")
if width >= 1280 and measure["narrowest"] < 480:
    problems.append(f"a card {measure['narrowest']} px wide on a {width} px page")
if measure["clipped"]:
    problems.append(f"{len(measure['clipped'])} screen text(s) wider than their card, first: {measure['clipped'][0]!r}")
print(f"gallery-layout-check: {width} px page ({measure['page']} px inside): {measure['cards']} cards in "
      f"{measure['columns']} columns, {measure['narrowest']}–{measure['widest']} px wide, {len(measure['clipped'])} clipped")
if problems:
    print("gallery-layout-check: FAILED at %d px: %s" % (width, "; ".join(problems)), file=sys.stderr)
    sys.exit(1)
PY
done
echo "gallery-layout-check: gallery.html uses the page's width; screenshots in ${out#$root/}/"
