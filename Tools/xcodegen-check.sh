#!/usr/bin/env bash
# XcodeGen itself reads the spec: generates the Xcode project from project-spec.yml in a temporary
# folder with the real XcodeGen and fails on a non-zero exit; checks the generated project against
# Package.swift with `workspace spec --verify` (every target with the same dependencies, one scheme
# per module testing only that module); then asks the schema checker for a second, faster opinion.
# CI runs it on every change; so does the integration test, after new-feature.
#
#   Tools/xcodegen-check.sh     # XCODEGEN=FILE for a given XcodeGen; else the shared tools' one
#                               # (SHARED=DIR, default ../shared beside the package) when there;
#                               # else .ci/install-xcodegen puts the pinned one in .build/ci-tools
#
# The schema checker is .ci/xcodegen/validate.py, kept in the repository, so a plain clone (a
# fork's CI) runs the whole check. Nothing here is skipped: a missing tool fails the check.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED:-$root/../shared}"
validator="$root/.ci/xcodegen/validate.py"
fail() { echo "xcodegen-check: FAILED: $*" >&2; exit 1; }
if [ -n "${XCODEGEN:-}" ]; then
  xcodegen="$XCODEGEN"
elif [ -x "$shared/xcodegen/bin/xcodegen" ]; then
  xcodegen="$shared/xcodegen/bin/xcodegen"
else
  xcodegen=$("$root/.ci/install-xcodegen") || fail "no XcodeGen could be put in place (above)"
fi
[ -x "$xcodegen" ] || fail "no XcodeGen at $xcodegen"
[ -f "$validator" ] || fail "no spec checker at $validator"

work="$(mktemp -d "${TMPDIR:-/tmp}/xcodegen-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# XcodeGen 2.45.4 looks for its setting presets in ./SettingPresets and beside the binary
# (bin/SettingPresets), not in the XcodeGen_XcodeGenKit.resources/ folder shipped beside it; without
# them it still exits 0 but writes a project without preset settings. So it runs in a folder
# holding a link to them, and a "No … settings found" line fails the check.
presets="$(dirname "$xcodegen")/XcodeGen_XcodeGenKit.resources/SettingPresets"
[ -d "$presets" ] && ln -s "$presets" "$work/SettingPresets"
# --no-env: environment variables must not be substituted into the spec (`module=Bogus` would be).
set +e
(cd "$work" && USER="${USER:-ci}" "$xcodegen" generate --no-env --spec "$root/project-spec.yml" --project "$work/out") 2>&1 \
  | tee "$work/xcodegen.log"
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 0 ] || fail "xcodegen exited with status $status"
if grep -q 'No ".*" settings found' "$work/xcodegen.log"; then fail "XcodeGen ran without its setting presets"; fi
projects=("$work"/out/*.xcodeproj)
[ -d "${projects[0]}" ] || fail "xcodegen wrote no .xcodeproj"

(cd "$root" && Tools/workspace spec --verify "${projects[0]}")
python3 "$validator" "$root/project-spec.yml" --relax-known-gaps
echo "xcodegen-check: XcodeGen generated $(basename "${projects[0]}") and it matches Package.swift"
