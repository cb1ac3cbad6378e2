#!/usr/bin/env bash
# XcodeGen itself reads the spec: generates the Xcode project from project-spec.yml in a temporary
# folder with the real XcodeGen, as users do (Tools/xcode-project.sh: it fails on a non-zero exit
# and on missing setting presets, and needs no USER); checks the generated project against
# Package.swift with `workspace spec --verify` (every target with the same dependencies, one scheme
# per module testing only that module, one per program running it); then asks the schema checker
# for a second, faster opinion. CI runs it on every change; so does the integration test, after
# new-feature.
#
#   Tools/xcodegen-check.sh     # XCODEGEN=FILE or SHARED=DIR choose the XcodeGen, as for
#                               # Tools/xcode-project.sh
#
# The schema checker is .ci/xcodegen/validate.py, kept in the repository, so a plain clone (a
# fork's CI) runs the whole check. Nothing here is skipped: a missing tool fails the check.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
validator="$root/.ci/xcodegen/validate.py"
fail() { echo "xcodegen-check: FAILED: $*" >&2; exit 1; }
[ -f "$validator" ] || fail "no spec checker at $validator"

work="$(mktemp -d "${TMPDIR:-/tmp}/xcodegen-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
"$root/Tools/xcode-project.sh" "$work/out" || fail "XcodeGen did not generate the project (above)"
projects=("$work"/out/*.xcodeproj)
[ -d "${projects[0]}" ] || fail "xcodegen wrote no .xcodeproj"

(cd "$root" && Tools/workspace spec --verify "${projects[0]}")
python3 "$validator" "$root/project-spec.yml" --relax-known-gaps
echo "xcodegen-check: XcodeGen generated $(basename "${projects[0]}") and it matches Package.swift"
