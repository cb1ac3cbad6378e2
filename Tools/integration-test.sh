#!/usr/bin/env bash
# Integration test of `workspace new-feature`, run by CI (not by `swift test`: it builds the whole
# workspace once). It creates the feature Pantry and proves that the result builds without
# warnings in what was generated, that its tests and the tests of every edited module pass (and
# `workspace test Pantry` never runs a stale build), that `workspace check` is clean and that the
# new sandbox runs.
#
#   Tools/integration-test.sh             # in a throwaway copy of the workspace; KEEP=1 keeps it
#   Tools/integration-test.sh --in-place  # in this checkout, reusing its build; CI's last step
#
# --in-place needs a checkout with no change (git status clean) and puts it back as it was when
# it ends, pass or fail (KEEP=1: left with Pantry). Its build recompiles only what the new feature
# touches, where a copy builds everything from nothing: a copy's build folder cannot be reused,
# since every compiled file names the folder it was built in.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
in_place=false
case "${1:-}" in
  "") ;;
  --in-place) in_place=true ;;
  *) echo "integration-test: unknown option “$1”; the options: --in-place" >&2; exit 2 ;;
esac
started=$SECONDS
step() { printf '\n--> %s (%ss)\n' "$*" "$((SECONDS - started))"; }
fail() { echo "integration-test: FAILED: $*" >&2; exit 1; }
fingerprint() { find . -type f -not -path './.build/*' -not -path './.git/*' -print0 | sort -z | xargs -0 sha1sum | sha1sum; }

if $in_place; then
  work="$root"
  cd "$work"
  [ -z "$(git status --porcelain)" ] \
    || fail "--in-place needs a checkout with no change (git status is not clean); commit or stash first, or run without --in-place"
  restore() {
    if [ "${KEEP:-0}" = 1 ]; then echo "kept the checkout with Pantry; put it back with: git checkout -- . && git clean -fd"; return; fi
    git checkout -q -- . && git clean -fdq
  }
  trap restore EXIT
  step "In this checkout ($work), put back as it was at the end"
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/workspace-integration.XXXXXX")"
  cleanup() { if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi; }
  trap cleanup EXIT
  step "Copy the workspace (git ls-files: tracked and untracked files, not ignored ones) to $work"
  cd "$root"
  git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' file; do { [ -f "$file" ] || [ -L "$file" ]; } && printf '%s\0' "$file"; done \
    | tar --null -T - -cf - | tar -xf - -C "$work"
  cd "$work"
fi

if [ -n "${COOKBOOK_WORKSPACE_TOOL:-}" ]; then
  # CI's full run names the tool its build of the whole package made (.ci/run).
  step "Tools/workspace runs the tool COOKBOOK_WORKSPACE_TOOL names, from any folder"
else
  step "Tools/workspace builds the tool once, then only starts it, from any folder"
  # The checkout's built tool serves the copy too (its stamp made newer than the copied sources):
  # the build itself is what CI's first Tools/workspace call in the checkout exercises.
  if ! $in_place && [ -f "$root/.build/workspace-tool/built-from-sources" ]; then
    mkdir -p .build && cp -a "$root/.build/workspace-tool" .build/ && touch .build/workspace-tool/built-from-sources
  fi
  Tools/workspace help > /dev/null
  again=$(cd / && "$work/Tools/workspace" graph 2>&1 >/dev/null)
  case "$again" in *"building the tool"*) fail "Tools/workspace built the tool again with no source changed";; esac
fi
(cd / && "$work/Tools/workspace" graph | grep -q 'Feed') || fail "Tools/workspace from another folder did not read this workspace"

step "A bad name is rejected, and --dry-run writes nothing"
before=$(fingerprint)
if Tools/workspace new-feature pantry; then fail "new-feature accepted the name 'pantry'"; fi
Tools/workspace new-feature Pantry --dry-run
[ "$before" = "$(fingerprint)" ] || fail "a rejected name or --dry-run changed files"

step "workspace new-feature Pantry"
Tools/workspace new-feature Pantry
# The screen goes into the part of `Screens` its name hashes to (one of twenty, everything its
# screens need in one file): named `Screens.Pantry`, not a new top-level name in Core (which would
# recompile every feature), its tag (its kind) and builder the part's own (docs/architecture.md, "Screens in parts").
part=$(grep -l '^    public typealias Pantry = ScreensPart[0-9]*\.Pantry$' Core/Core/Descriptors/Screens+Part*.swift || true)
[ "$(printf '%s\n' "$part" | grep -c .)" -eq 1 ] || fail "no single part of Screens names Pantry: ${part:-none}"
number=$(basename "$part" .swift); number=${number#Screens+Part}
grep -q '^    public enum PantryTag: ScreenTag { .*; public typealias Pantry = TaggedScreenDescriptor<PantryTag>$' "$part" \
  || fail "ScreensPart$number.Pantry (its tag and its descriptor) is not in $part"
grep -q "^            ScreensPart$number.PantryTag.self,\$" "$part" || fail "ScreensPart${number}Slot.tags does not list PantryTag"
grep -q '^        @MainActor func buildPantry(_ descriptor: Pantry, in environment: any Environment) -> any Screen$' "$part" \
  || fail "ScreensPart$number.Builders has no buildPantry"
# App builds its screens through the feature's entry, a file in the module of the same part's
# entries, never importing the feature itself (docs/architecture.md, "Entries").
entry="App/Entries/EntriesPart$number/PantryEntry.swift"
grep -q '^internal import Pantry$' "$entry" || fail "$entry does not import Pantry"
grep -q '^import EntriesPart'"$number"'$' App/App/Composition/AppResolver+Screens.swift \
  || fail "AppResolver+Screens does not import EntriesPart$number"
grep -q 'PantryEntry.makeScreen' App/App/Composition/AppResolver+Screens.swift || fail "AppResolver+Screens does not build Pantry through PantryEntry"
# Outside the feature's own folders it changed Package.swift and what is generated from it, nothing
# else (seen with git, so in this checkout: a copy has no repository).
if $in_place; then
  changed=$(git -c core.quotepath=off status --porcelain --untracked-files=no | sed 's/^...//' | sort | tr '\n' ' ')
  [ "$changed" = "App/App/Composition/AppResolver+Screens.swift $part Package.swift project-spec.yml " ] \
    || fail "new-feature changed other files than Package.swift and the files generated from it: $changed"
fi
# Scaffolded code is in the project's style.
swift format lint --strict --recursive Features/Pantry Sandboxes/PantrySandbox Tests/PantryTests Core App \
  || fail "the scaffolded or edited files do not pass swift format lint"

step "Build everything once (undeclared imports are errors)"
set +e
swift build --build-tests --explicit-target-dependency-import-check error 2>&1 | tee build.log
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 0 ] || fail "the workspace does not build after new-feature"
if grep -E '(Pantry|/StubResolver\.swift|/AppResolver\.swift|/ScreenKind\.swift|/Screens(\+Part[0-9]+)?\.swift|/Descriptor\.swift|/TestDoubles\.swift)[^ ]*:[0-9]+:[0-9]+: (warning|error):' build.log; then
  fail "generated or edited files have warnings"
fi
rm -f build.log

step "Tests of the new feature and of every edited module"
# The fuzzer (in AppTests) at 500 events a program: here it checks that the app with Pantry runs,
# which the README's `swift test` fuzzes at its full size.
COOKBOOK_FUZZ_EVENTS=500 swift test --skip-build --filter '^(PantryTests|CoreTests|CoreTestingTests|AppTests)\.'

step "workspace test Pantry: the focused package sees every edit (a planted failure fails, its removal passes)"
Tools/workspace test Pantry
tests=Tests/PantryTests/PantryScreenTests.swift
cp "$tests" "$work/tests.swift.orig"
printf '\n@Test func plantedByTheIntegrationTest() { #expect(1 == 2) }\n' >> "$tests"
if Tools/workspace test Pantry; then fail "workspace test passed with a failing test planted: a stale build?"; fi
cp "$work/tests.swift.orig" "$tests" && rm "$work/tests.swift.orig"
Tools/workspace test Pantry
if Tools/workspace test Pantri; then fail "workspace test accepted an unknown module"; fi

step "workspace check"
Tools/workspace check

step "XcodeGen generates the project with Pantry, and it matches Package.swift"
# Never skipped: the shared tools' XcodeGen when they are beside the clone, else the pinned one the
# workspace's own CI put in place (.ci/install-xcodegen, which builds it when even that is missing).
shared="${SHARED:-$root/../shared}"
if [ -z "${XCODEGEN:-}" ] && [ ! -x "$shared/xcodegen/bin/xcodegen" ]; then
  XCODEGEN=$("$root/.ci/install-xcodegen") || fail "no XcodeGen (above)"
  export XCODEGEN
fi
SHARED="$shared" Tools/xcodegen-check.sh

step "The sandbox runs the feature (Tools/workspace run: built from its closure alone)"
printf 'expect "Pantry"\nexpect "Popular recipes"\nselect 1\nexpect "Screens.RecipeDetails(recipeID:"\nback\nquit\n' \
  | Tools/workspace run Pantry
printf 'expect "(retry to try again)"\nquit\n' | Tools/workspace run Pantry --scenario failure
set +e
Tools/workspace run Pantri 2> run-error.log
status=$?
set -e
[ "$status" -eq 2 ] && grep -q 'Pantry' run-error.log || fail "run of an unknown feature did not exit 2 listing the features"
rm -f run-error.log

step "The app through Tools/workspace run: on Linux one library per Entries part; an edit in Feed reaches it"
printf 'expect "Popular"\nquit\n' | Tools/workspace run cookbook
if [ "$(uname)" = Linux ]; then
  for library in libcookbook-base.so libcookbook-EntriesPart01.so; do
    [ -f ".build/debug/$library" ] || fail "workspace run cookbook did not link $library beside the program"
  done
fi
translator=Features/Feed/FeedTranslator.swift
cp "$translator" "$work/translator.swift.orig"
sed 's/"Popular"/"Popular, edited"/' "$work/translator.swift.orig" > "$translator"
grep -q '"Popular, edited"' "$translator" || fail "the edit of Feed's title did not apply"
printf 'expect "Popular, edited"\nquit\n' | Tools/workspace run cookbook \
  || fail "the app did not show Feed's edited title: a library linked from stale objects?"
# An edit keeps SwiftPM's plan, so on Linux the second build ran llbuild directly on it.
if [ "$(uname)" = Linux ]; then
  [ -f .build/direct-build.yaml ] || fail "run cookbook after an edit did not build directly on SwiftPM's plan"
fi
cp "$work/translator.swift.orig" "$translator" && rm "$work/translator.swift.orig"

step "Passed in $((SECONDS - started)) s"
