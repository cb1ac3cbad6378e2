#!/usr/bin/env bash
# Generates the Xcode project from project-spec.yml with XcodeGen: Cookbook.xcodeproj beside the
# spec, to open in Xcode (its schemes test each module and run the app and every sandbox), or in
# FOLDER. Tools/xcodegen-check.sh generates through it too, so what CI checks is what users get.
#
#   Tools/xcode-project.sh [FOLDER]   # XCODEGEN=FILE for a given XcodeGen; else the shared tools'
#                                     # one (SHARED=DIR, default ../shared beside the package) when
#                                     # there; else .ci/install-xcodegen puts the pinned one in
#                                     # .build/ci-tools (on macOS: Mint or Homebrew)
#
# XcodeGen 2.45.4 needs two things from where it runs, given here:
# - a USER: it names the per-user scheme data after it and stops ("Couldn't find current
#   username") without one, as in a container or `env -u USER`; `ci` stands in then.
# - its setting presets (SettingPresets/base.yml, the base settings of every target). It looks in
#   ./SettingPresets, beside the binary, in ../share/xcodegen (Homebrew's layout) and in a
#   resource bundle named `XcodeGen_XcodeGenKit.bundle`, which SwiftPM on Linux names `.resources`;
#   without them it prints `No "base" settings found` and still exits 0, with a project lacking
#   them. So it runs in a folder linking to the `.resources` presets beside a Linux build, and that
#   line fails the run.
# Environment variables are not substituted into the spec (--no-env): `module=Bogus` would be.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED:-$root/../shared}"
fail() { echo "xcode-project: FAILED: $*" >&2; exit 1; }
if [ -n "${XCODEGEN:-}" ]; then
  xcodegen="$XCODEGEN"
elif [ -x "$shared/xcodegen/bin/xcodegen" ]; then
  xcodegen="$shared/xcodegen/bin/xcodegen"
else
  xcodegen=$("$root/.ci/install-xcodegen") || fail "no XcodeGen could be put in place (above)"
fi
[ -x "$xcodegen" ] || fail "no XcodeGen at $xcodegen"
out="$(mkdir -p "${1:-$root}" && cd "${1:-$root}" && pwd)"

work="$(mktemp -d "${TMPDIR:-/tmp}/xcode-project.XXXXXX")"
trap 'rm -rf "$work"' EXIT
presets="$(dirname "$xcodegen")/XcodeGen_XcodeGenKit.resources/SettingPresets"
[ -d "$presets" ] && ln -s "$presets" "$work/SettingPresets"
set +e
(cd "$work" && USER="${USER:-ci}" "$xcodegen" generate --no-env --spec "$root/project-spec.yml" --project "$out") 2>&1 \
  | tee "$work/xcodegen.log"
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 0 ] || fail "xcodegen exited with status $status"
if grep -q 'No ".*" settings found' "$work/xcodegen.log"; then
  fail "XcodeGen found no setting presets (SettingPresets/ beside $xcodegen, or ../share/xcodegen/)"
fi
name="$(sed -n 's/^name: *"\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$root/project-spec.yml" | head -1)"
[ -d "$out/$name.xcodeproj" ] || fail "xcodegen wrote no $out/$name.xcodeproj"
echo "xcode-project: wrote $out/$name.xcodeproj"
