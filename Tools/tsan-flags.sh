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

# The tests CI's ThreadSanitizer run leaves out (`swift test --skip "$tsan_skip"`), which the plain
# run has run already and whose cost under TSan is not in instrumented code:
# - the workspace tool's, but for its suites whose code runs on more than one thread (a suite of
#   the tool that starts threads, tasks or dispatch queues belongs in this list); the rest read and
#   write files on one thread or run swiftc, git, XcodeGen and Chromium;
# - two end-to-end suites: the README's commands (the tool reading the workspace) and `watch` on a
#   copy of the workspace, most of whose time is the compilers of its clean build; the watch's
#   threads run under TSan in the tool's watch suites.
tsan_threaded_tool_suites="ProgressTests|ProcessRunnerTests|FileWatcherTests|ChildProcessTests|WatchSessionTests|InsightsRecordTests"
tsan_unthreaded_end_to_end_suites="DocumentedCommandsTests|WatchEndToEndTests"
# shellcheck disable=SC2034 # read by the scripts that source this file
tsan_skip="^WorkspaceKitTests\.(?!($tsan_threaded_tool_suites)\b)|^EndToEndTests\.($tsan_unthreaded_end_to_end_suites)\b"
