# The ThreadSanitizer build's flags, in the array `tsan`: sourced by .ci/run and
# Tools/stress-test.sh, so both build and run the same instrumented products in .build/tsan.
#
# - Line tables are the only debug information: a report still names file and line, and the build
#   is lighter.
# - Each module is compiled whole (-wmo) on two threads, one object per file as SwiftPM expects:
#   on a clean build that is a quarter less CPU than batch mode (each batch type-checks what its
#   files refer to again). The compiler says it ignores -enable-batch-mode; that is this choice.
# - On Linux the app opens libURLSessionHTTP.so with dlopen (--api-url). Built with TSan, it calls
#   TSan's runtime, which is linked statically into each executable and exports only what the
#   executable itself uses; these three would be missing ("undefined symbol: __tsan_…" from the
#   app). A new one shows up the same way: add it here.
# shellcheck shell=bash
tsan=(--sanitize=thread --scratch-path .build/tsan -Xswiftc -gline-tables-only
  -Xswiftc -wmo -Xswiftc -num-threads -Xswiftc 2)
for symbol in __tsan_external_write __tsan_ignore_thread_begin __tsan_ignore_thread_end; do
  tsan+=(-Xlinker "--export-dynamic-symbol=$symbol")
done

# CI's ThreadSanitizer build and run leave the workspace tool out: its modules, its program and
# its tests, a third of the package's code, whose threads are few (progress, child processes,
# watching files) and whose tests mostly run swiftc, git, XcodeGen and Chromium, which TSan does
# not instrument. `tsan_focus` prints the package's other targets, for COOKBOOK_FOCUS (the manifest
# then holds those alone): the tool's targets are those in Tools/ and those that depend on one (its
# tests), as the manifest declares them, whatever they are named. The end-to-end suites that start
# the tool's program are skipped with `tsan_skip`. The plain run has run all of these;
# `Tools/stress-test.sh` runs everything under TSan.
tsan_focus() {
  swift package dump-package | python3 -c 'import json, sys
targets = json.load(sys.stdin)["targets"]
def needs(target):
    return [dependency[kind][0] for dependency in target["dependencies"] for kind in ("byName", "target") if kind in dependency]
tool = {target["name"] for target in targets if (target.get("path") or "").startswith("Tools/")}
while more := {target["name"] for target in targets if target["name"] not in tool and tool.intersection(needs(target))}:
    tool |= more
print(",".join(target["name"] for target in targets if target["name"] not in tool))'
}
tsan_tool_end_to_end_tests="DocumentedCommandsTests|WatchEndToEndTests|WebAPIEndToEndTests/verify\(\)"
# shellcheck disable=SC2034 # read by the scripts that source this file
tsan_skip="^EndToEndTests\.($tsan_tool_end_to_end_tests)"
