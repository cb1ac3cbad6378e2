"""Sections on the workspace tool's own loops: `watch` (save to screen), `test` (one module's tests
against the sandbox build, a new feature to green) and `gallery` (every screen, then one change)."""

import os
import re
import shutil
import subprocess
import time

from .common import (  # noqa: F401
    AppendToggle, LineReader, Toggle, compiled_files, copy_workspace, end_process, feature_names, log, median,
    quiet_snapshot, read, repository_copy, settle, sh, write)
from .report import save
from .workspace import APP, CORE_DECL_EDIT, SANDBOX, grow, summarize


# MARK: - Section: workspace watch

WATCH_EDIT = Toggle("Features/Feed/FeedTranslator.swift", '"Popular"', '"Popular!"')  # a title on the first screen


def section_watch(args, work, builder, tool, results):
    """Edit-to-screen: from the moment a one-line change is saved to the moment the relaunched
    sandbox prints the changed screen, through `workspace watch Feed` (script mode: commands on
    stdin, screens on stdout). Beside it, the incremental build of the sandbox after the same kind
    of change in the same copy and scratch path: the floor the watch adds to. The two alternate,
    run by run, so both see the machine in the same state."""
    ws = os.path.join(work, "watch")
    copy_workspace(ws, args.ref)
    watch = results.setdefault("watch", {"quiet_before": settle(args, "watch")})
    log("\n== watch: FeedSandbox's incremental build and workspace watch Feed, after the same one-line change, alternating")
    scratch = os.path.join(ws, ".build-watch")
    builder.build(ws, ".build-watch", SANDBOX, label="watch-clean")
    command = [tool.binary(), "watch", "Feed", "--package-path", ws, "--scratch-path", scratch]
    build_runs, runs = [], []
    for run in range(args.runs):
        WATCH_EDIT.apply(ws)
        build_runs.append(builder.build(ws, ".build-watch", SANDBOX, label=f"watch-build-{run}"))
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, bufsize=1)
        reader = LineReader(process.stdout)
        try:
            reader.wait_for(lambda line: line.startswith("## Popular"))
            time.sleep(1)  # the sandbox has settled
            WATCH_EDIT.apply(ws)
            saved = time.perf_counter()
            title = "## Popular!" if '"Popular!"' in read(os.path.join(ws, WATCH_EDIT.path)) else "## Popular"
            built_at, built = reader.wait_for(lambda line: line.startswith("watch: built in"), since=saved)
            screen_at, _ = reader.wait_for(lambda line: line == title, since=saved)
            process.stdin.write("quit\n")
            process.stdin.flush()
            process.wait(timeout=30)
        finally:
            end_process(process)
        reported = float(re.search(r"built in ([0-9.]+) s", built).group(1))
        runs.append({"edit_to_screen": round(screen_at - saved, 3), "build_reported": reported,
                     "build_end_to_screen": round(screen_at - built_at, 3)})
        log(f"  run {run + 1}: swift build --product {SANDBOX} {build_runs[-1]['seconds']:.2f} s; workspace watch: "
            f"save to screen {runs[-1]['edit_to_screen']:.2f} s (its build {reported:.1f} s, "
            f"build end to screen {runs[-1]['build_end_to_screen'] * 1000:.0f} ms)")
    watch["build"] = summarize(build_runs)
    watch["runs"] = runs
    watch["edit_to_screen"] = round(median([r["edit_to_screen"] for r in runs]), 3)
    watch["build_end_to_screen"] = round(median([r["build_end_to_screen"] for r in runs]), 3)
    watch["build_reported"] = round(median([r["build_reported"] for r in runs]), 2)
    watch["quiet_after"] = quiet_snapshot()
    save(results, args)
    if not args.keep:
        shutil.rmtree(ws, ignore_errors=True)


# MARK: - Section: test (workspace test, one module's tests)

def timed(args, cwd, raw_dir, label):
    """Runs a command, keeps its log, fails loudly; returns seconds and the modules it compiled."""
    started = time.perf_counter()
    result = sh(args, cwd=cwd, check=False)
    seconds = time.perf_counter() - started
    log_name = f"test-{re.sub(r'[^A-Za-z0-9_.-]+', '_', label)}.log"
    write(os.path.join(raw_dir, "logs", log_name), " ".join(args) + "\n\n" + result.stdout)
    if result.returncode != 0:
        raise RuntimeError(f"failed: {' '.join(args)} (log {log_name})\n{result.stdout[-3000:]}")
    return {"seconds": round(seconds, 3), "modules": sorted(compiled_files(result.stdout)), "log": log_name}


# A one-line change in Feed that its tests do not see (the scale section's string edit changes
# what FeedTests assert): a comment line added to, then removed from, the translator.
TEST_FEATURE_EDIT = AppendToggle("Features/Feed/FeedTranslator.swift", "// Benchmarks/run: a one-line change")


def section_test(args, work, builder, tool, results):
    """What testing one module costs after an edit, at each size: `workspace test Feed` (the tool,
    run directly, and as a user types it, `swift run workspace test Feed`) against the sandbox's
    incremental build after the same edit. Both start warm: the sandbox built in its scratch path,
    the focused package (.build/focus) tested once."""
    entry = results.setdefault("test", {"quiet_before": settle(args, "test"), "sizes": {}})
    for size in args.test_sizes:
        ws = os.path.join(work, f"test-{size}")
        copy_workspace(ws, args.ref)
        grow(ws, size, tool)
        log(f"\n== test: N = {size}: workspace test Feed against swift build --product {SANDBOX}, after the same edit")
        workspace = [tool.binary(), "test", "Feed", "--package-path", ws]
        user_command = ["swift", "run", "workspace", "test", "Feed"]
        builder.build(ws, ".build-sandbox", SANDBOX, label=f"test-{size}-sandbox-warm")
        sh(["swift", "build", "--product", "workspace"], cwd=ws)
        timed(workspace, ws, args.out, f"{size}-focus-warm")
        row = {"features": len(feature_names(ws))}
        for kind, edit in [("core-decl", CORE_DECL_EDIT), ("feature", TEST_FEATURE_EDIT)]:
            runs = []
            for run in range(args.runs):
                edit.apply(ws)
                sandbox = builder.build(ws, ".build-sandbox", SANDBOX, label=f"test-{size}-{kind}-sandbox-{run}")
                focus = timed(workspace, ws, args.out, f"{size}-{kind}-focus-{run}")
                # The same edit again and back, so `swift run` also sees one change: its own no-op
                # build of `workspace` plus the focused package's rebuild.
                edit.apply(ws)
                builder.build(ws, ".build-sandbox", SANDBOX, label=f"test-{size}-{kind}-sandbox-{run}-back")
                timed(workspace, ws, args.out, f"{size}-{kind}-focus-{run}-back")
                edit.apply(ws)
                builder.build(ws, ".build-sandbox", SANDBOX, label=f"test-{size}-{kind}-sandbox-{run}-again")
                user = timed(user_command, ws, args.out, f"{size}-{kind}-swift-run-{run}")
                runs.append({"sandbox": sandbox["seconds"], "focus": focus["seconds"], "swift_run": user["seconds"],
                             "ratio": round(focus["seconds"] / sandbox["seconds"], 2),
                             "ratio_swift_run": round(user["seconds"] / sandbox["seconds"], 2),
                             "focus_modules": focus["modules"], "sandbox_modules": sandbox["modules"]})
                log(f"  {kind} run {run + 1}: sandbox {sandbox['seconds']:.2f} s, workspace test {focus['seconds']:.2f} s "
                    f"({runs[-1]['ratio']:.2f}x), swift run workspace test {user['seconds']:.2f} s ({runs[-1]['ratio_swift_run']:.2f}x); "
                    f"focused build compiled {', '.join(focus['modules'])}")
            row[kind] = {"runs": runs, "sandbox": round(median([r["sandbox"] for r in runs]), 2),
                         "focus": round(median([r["focus"] for r in runs]), 2),
                         "swift_run": round(median([r["swift_run"] for r in runs]), 2),
                         "ratio": round(median([r["ratio"] for r in runs]), 2),
                         "ratio_swift_run": round(median([r["ratio_swift_run"] for r in runs]), 2)}
        if size == args.test_sizes[0]:
            row["command_to_green"] = command_to_green(args, ws, tool, size)
            if args.test_baseline:
                row["swift_test_filter"] = swift_test_baseline(args, ws, builder, size)
        entry["sizes"][str(size)] = row
        save(results, args)
        if not args.keep:
            shutil.rmtree(ws, ignore_errors=True)
    entry["quiet_after"] = quiet_snapshot()


def swift_test_baseline(args, ws, builder, size):
    """`swift test --filter FeedTests` after the top-level Core edit, from a warm full build: what
    testing one module cost before `workspace test` (SwiftPM builds every target whatever the filter)."""
    log(f"  swift test --filter FeedTests after the same Core edit (N = {size}; a full build first)")
    scratch = os.path.join(ws, ".build-all")
    timed(["swift", "build", "--build-tests", "--scratch-path", scratch], ws, args.out, f"{size}-all-warm")
    runs = []
    for run in range(args.runs):
        CORE_DECL_EDIT.apply(ws)
        sandbox = builder.build(ws, ".build-sandbox", SANDBOX, label=f"test-{size}-baseline-sandbox-{run}")
        result = timed(["swift", "test", "--scratch-path", scratch, "--filter", "FeedTests"], ws, args.out,
                       f"{size}-swift-test-filter-{run}")
        runs.append({"seconds": result["seconds"], "sandbox": sandbox["seconds"], "modules": len(result["modules"]),
                     "ratio": round(result["seconds"] / sandbox["seconds"], 2)})
        log(f"    run {run + 1}: swift test --filter FeedTests {result['seconds']:.1f} s "
            f"({runs[-1]['ratio']:.1f}x the sandbox's {sandbox['seconds']:.1f} s), {len(result['modules'])} modules compiled")
    return {"runs": runs, "seconds": round(median([r["seconds"] for r in runs]), 2),
            "ratio": round(median([r["ratio"] for r in runs]), 2)}


def command_to_green(args, ws, tool, size):
    """A new feature from the command to green tests, from a warm workspace (the sandbox scratch path and
    the focused package built): new-feature, swift build --product <it>Sandbox, workspace test <it>."""
    runs = []
    for run in range(args.runs):
        name = f"Larder{run + 1:02d}"
        log(f"  command to green: {name} (N = {size} + {run})")
        steps = {
            "new-feature": timed([tool.binary(), "new-feature", name, "--package-path", ws], ws, args.out, f"green-{name}-new"),
            "sandbox": timed(["swift", "build", "--scratch-path", os.path.join(ws, ".build-sandbox"), "--product",
                              f"{name}Sandbox"], ws, args.out, f"green-{name}-sandbox"),
            "workspace test": timed([tool.binary(), "test", name, "--package-path", ws], ws, args.out, f"green-{name}-test"),
        }
        total = round(sum(step["seconds"] for step in steps.values()), 2)
        runs.append({"total": total, **{k: v["seconds"] for k, v in steps.items()}})
        log(f"    {total:.1f} s: " + ", ".join(f"{k} {v['seconds']:.1f} s" for k, v in steps.items()))
    return {"runs": runs, "total": round(median([r["total"] for r in runs]), 2),
            "steps": {k: round(median([r[k] for r in runs]), 2) for k in ["new-feature", "sandbox", "workspace test"]}}


# MARK: - Section: screen gallery

GALLERY_SUMMARY = re.compile(r"gallery: rendered (\d+) screens? \((\d+) renderings?\) in (\d+) programs?"
                             r"(?: \(([^)]*)\))?; skipped (none|(\d+) screens? \((\d+) renderings?\) in (\d+) programs?)")


def gallery_programs(ws):
    return [f"{name}Sandbox" for name in feature_names(ws)] + [APP]


def run_gallery(tool, ws, scratch, extra):
    """Times one `workspace gallery` run; returns seconds and what its summary line says."""
    args = [tool.binary(), "gallery", *extra, "--package-path", ws, "--scratch-path", scratch]
    started = time.perf_counter()
    result = sh(args, cwd=ws, check=False)
    seconds = time.perf_counter() - started
    match = GALLERY_SUMMARY.search(result.stdout or "")
    if result.returncode != 0 or not match:
        raise RuntimeError(f"workspace gallery {' '.join(extra)} failed ({result.returncode}):\n{(result.stdout or '')[-3000:]}")
    return {"seconds": round(seconds, 3), "screens": int(match.group(1)), "renderings": int(match.group(2)),
            "programs": int(match.group(3)), "rendered": (match.group(4) or "").split(", ") if match.group(4) else [],
            "skipped_screens": int(match.group(6) or 0), "skipped_programs": int(match.group(8) or 0)}


def section_gallery(args, work, builder, tool, results):
    """The whole gallery against one clean sandbox build, and one feature changed: what renders."""
    ws = repository_copy(work, "gallery", args.ref)
    gallery = results.setdefault("gallery", {"quiet_before": settle(args, "gallery")})
    scratch = os.path.join(ws, ".build-gallery")
    log(f"\n== gallery: one clean build of {SANDBOX}, then workspace gallery --all, then after a one-line change in Feed")
    clean = []
    for run in range(args.clean_runs):
        shutil.rmtree(scratch, ignore_errors=True)
        clean.append(builder.build(ws, ".build-gallery", SANDBOX, label=f"gallery-clean-{run}"))
        log(f"  clean {SANDBOX} run {run + 1}: {clean[-1]['seconds']:.1f} s")
    gallery["clean-sandbox"] = summarize(clean)
    programs = gallery_programs(ws)
    for program in programs:  # built once, untimed: the gallery's builds are then no-ops
        builder.build(ws, ".build-gallery", program, label=f"gallery-prepare-{program}")
    tool.binary()

    whole = []
    for run in range(args.runs):
        whole.append(run_gallery(tool, ws, scratch, ["--all"]))
        log(f"  workspace gallery --all run {run + 1}: {whole[-1]['seconds']:.2f} s "
            f"({whole[-1]['screens']} screens, {whole[-1]['renderings']} renderings, {whole[-1]['programs']} programs)")
    gallery["whole"] = {"runs": whole, "median": round(median([r["seconds"] for r in whole]), 3),
                        "screens": whole[-1]["screens"], "renderings": whole[-1]["renderings"], "programs": whole[-1]["programs"]}

    bin_dir = sh(["swift", "build", "--scratch-path", scratch, "--show-bin-path"], cwd=ws).stdout.strip().splitlines()[-1]
    render_only = []
    for run in range(args.runs):
        started = time.perf_counter()
        for program in programs:
            result = sh([os.path.join(bin_dir, program), "--gallery"], cwd=ws, check=False)
            if result.returncode not in (0, 1):
                raise RuntimeError(f"{program} --gallery failed ({result.returncode})")
        render_only.append(round(time.perf_counter() - started, 3))
    gallery["render-only"] = {"runs": render_only, "median": round(median(render_only), 3)}
    log(f"  the {len(programs)} programs' --gallery alone: {gallery['render-only']['median'] * 1000:.0f} ms")

    # One feature changed: a new title each run, so each is a change against the copy's main branch.
    translator = os.path.join(ws, "Features/Feed/FeedTranslator.swift")
    original = read(translator)
    if '"Popular"' not in original:
        raise RuntimeError("FeedTranslator.swift no longer says \"Popular\"; update the gallery section")
    one = []
    for run in range(args.runs):
        write(translator, original.replace('"Popular"', f'"Popular {run + 1}"', 1))
        one.append(run_gallery(tool, ws, scratch, []))
        log(f"  one feature changed, run {run + 1}: {one[-1]['seconds']:.2f} s, rendered {', '.join(one[-1]['rendered'])} "
            f"({one[-1]['screens']} screens), skipped {one[-1]['skipped_screens']} screens in {one[-1]['skipped_programs']} programs")
    write(translator, original)
    gallery["one-feature"] = {"runs": one, "median": round(median([r["seconds"] for r in one]), 3),
                              "rendered": one[-1]["rendered"], "screens": one[-1]["screens"],
                              "skipped_screens": one[-1]["skipped_screens"], "skipped_programs": one[-1]["skipped_programs"]}
    feature_build = []
    for run in range(args.runs):  # the floor: the same change's incremental build of the sandbox alone
        write(translator, original.replace('"Popular"', f'"Popular again {run + 1}"', 1))
        feature_build.append(builder.build(ws, ".build-gallery", SANDBOX, label=f"gallery-feature-build-{run}"))
    write(translator, original)
    gallery["feature-build"] = summarize(feature_build)
    gallery["quiet_after"] = quiet_snapshot()
    save(results, args)
    if not args.keep:
        shutil.rmtree(ws, ignore_errors=True)
