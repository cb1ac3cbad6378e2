"""Section `loops`: every loop one feature's developer waits for, and the app's builds, at each size
of the workspace, in one copy per size grown with `Tools/workspace new-feature` (the scaffolder's
own output, all the names of a size in one run). Everything goes through `Tools/workspace` as the
README shows it. One feature's loops are measured in rounds: each round runs the loop once in every
size's copy, one after the other, so a machine whose load drifts affects every size alike; a
loop's ratio is the median of its rounds' ratios to the smallest size, and its seconds the median
of its runs. The whole-workspace commands and the app are measured size by size.

The loops, at each size N (Feed is the feature edited; it is in every size):
  start          `Tools/workspace help`: the launcher and the tool, nothing built
  edit-run       a one-line change in Feed, then `Tools/workspace run Feed` to its first screen
  edit-test      a one-line change in Feed, then `Tools/workspace test Feed`
  core-test      a top-level declaration added to / removed from Core, then `Tools/workspace test Feed`
  watch          `Tools/workspace watch Feed`: from a save to the changed screen
  manifest-run   another feature's tests gain a dependency in Package.swift (Feed's closure is the
  manifest-test  same), then the first `run Feed` / `test Feed`
  pull-run       someone else's new feature arrives (Package.swift, a screen in Core, its builders),
  pull-test      then the first `run Feed` / `test Feed`; one more arrival is built module by module
                 to say where the time goes (pull-explained)
  green          `new-feature` of one more feature, then `test` of it: from the command to green
  gallery-check  a one-line change in Feed that changes no screen, then `gallery --check` (renders
                 FeedSandbox only; the rest comes from the gallery rendered once at this size)
  check, affected, spec-check   the whole-workspace commands
  app-clean      `Tools/workspace run cookbook` from an empty build folder
  app-noop       `run cookbook` with nothing changed
  app-edit       a one-line change in a Feed function's body (the feed's title), then `run cookbook`
  app-decl       a declaration added to / removed from Feed, then `run cookbook`
  app-manifest   another feature's manifest change (as manifest-run), then `run cookbook`
  app-screen     a new feature (a member of `Screens`), then `run cookbook`
  core-compile   Core's and CoreTesting's compile time from nothing, each alone
  swiftpm-manifest  beside them, plain SwiftPM: `swift build --product FeedSandbox` in the workspace
                 after the same Package.swift change (what the focus avoids)
"""

import json
import os
import re
import shutil
import subprocess
import time

from .loops_report import LOOP_NAMES, charts, ratio, report, value  # noqa: F401 (the section's report)
from .common import AppendToggle, LineReader, Toggle, copy_workspace, end_process, feature_names, log, median, read, sh, write

SANDBOX_EDIT = Toggle("Features/Feed/FeedTranslator.swift", '"Popular"', '"Popular!"')
QUIET_EDIT = AppendToggle("Features/Feed/FeedTranslator.swift", "// Benchmarks: a change no screen shows")
FEED_DECL_EDIT = AppendToggle("Features/Feed/FeedTranslator.swift",
                              "func benchmarkProbe() {}  // Benchmarks: a declaration in Feed")
CORE_DECL_EDIT = AppendToggle("Core/Core/Environment/Environment.swift",
                              "public func benchmarkProbe() {}  // Benchmarks: a top-level declaration")
# Another feature's tests gain a dependency: a real change to what SwiftPM reads, outside Feed's closure.
MANIFEST_EDIT = AppendToggle("Package.swift", 'package.targets.first { $0.name == "FavoritesTests" }?.dependencies.append("DataFormats")')

ALL_LOOPS = ["start", "edit-run", "edit-test", "core-test", "watch", "manifest-run", "manifest-test", "pull-run",
             "pull-test", "pull-explained", "green", "gallery-check", "check", "affected", "spec-check",
             "app-clean", "app-noop", "app-edit", "app-decl", "app-manifest", "app-screen", "core-compile", "swiftpm-manifest"]


class Workspace:
    """The copy being grown, driven through its own `Tools/workspace`."""

    def __init__(self, root, raw_dir):
        self.root = root
        self.raw_dir = raw_dir
        self.count = 0
        self.added = 0

    def path(self, relative):
        return os.path.join(self.root, relative)

    def create(self, ref):
        """The copy (replacing one an earlier run left), a git repository. Its `Tools/workspace`
        builds the tool in the copy on first use: a tool built elsewhere would be built again anyway,
        since its module caches name the folder it was built in."""
        shutil.rmtree(self.root, ignore_errors=True)
        copy_workspace(self.root, ref)
        sh(["git", "init", "-q", "-b", "main"], cwd=self.root)
        self.commit("the workspace")

    def run(self, args, label, input_text=None, expect_status=(0,), env=None):
        """Runs a command in the copy; returns seconds. Its output is kept in the raw results."""
        started = time.perf_counter()
        result = subprocess.run(args, cwd=self.root, input=input_text, text=True, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        seconds = time.perf_counter() - started
        self.count += 1
        name = f"loops-{self.count:04d}-{re.sub(r'[^A-Za-z0-9_.-]+', '_', label)}.log"
        write(os.path.join(self.raw_dir, "logs", name), " ".join(args) + "\n\n" + result.stdout)
        if result.returncode not in expect_status:
            raise RuntimeError(f"{' '.join(args)} exited {result.returncode} (log {name}):\n{result.stdout[-3000:]}")
        return seconds, result.stdout

    def tool(self, *args, label=None, **options):
        return self.run([self.path("Tools/workspace"), *args], label or "-".join(args[:2]), **options)

    def grow(self, size):
        """Adds features until there are `size`, in one `new-feature` run; returns its seconds."""
        names = feature_names(self.root)
        wanted = [f"Pantry{index:04d}" for index in range(len(names) + 1, size + 1)]
        if not wanted:
            return 0.0
        seconds, _ = self.tool("new-feature", *wanted, label=f"grow-to-{size}")
        self.commit(f"{size} features")
        return seconds

    def add_feature(self, prefix):
        """One more feature, as someone else's change would bring it; returns its name."""
        self.added += 1
        name = f"{prefix}{self.added:03d}"
        self.tool("new-feature", name, label=f"new-feature-{name}")
        return name

    def commit(self, message):
        sh(["git", "add", "-A"], cwd=self.root)
        sh(["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-qm", message, "--allow-empty"],
           cwd=self.root)

    def run_feed(self, label, expect_text=None):
        """`Tools/workspace run Feed` to its first screen (a script that checks it, then quits)."""
        script = (f'expect "{expect_text}"\n' if expect_text else "") + "quit\n"
        return self.tool("run", "Feed", label=label, input_text=script)[0]

    def test_feed(self, label):
        return self.tool("test", "Feed", label=label)[0]


def popular_title(ws):
    return "## Popular!" if '"Popular!"' in read(ws.path(SANDBOX_EDIT.path)) else "## Popular"


def restore_title(ws):
    """Feed's title as its tests expect it, after the loops that change what its screen shows."""
    if popular_title(ws) == "## Popular!":
        SANDBOX_EDIT.apply(ws.root)


def timed_runs(runs, step):
    values = [round(step(run), 3) for run in range(runs)]
    return {"median": round(median(values), 3), "runs": values}


def watch_runs(ws, runs):
    """From a save to the relaunched sandbox's changed screen, through `Tools/workspace watch Feed`."""
    values = []
    process = subprocess.Popen([ws.path("Tools/workspace"), "watch", "Feed"], cwd=ws.root, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    reader = LineReader(process.stdout)
    try:
        reader.wait_for(lambda line: line == popular_title(ws), timeout=3600)
        for _ in range(runs):
            time.sleep(1)  # the sandbox has settled
            SANDBOX_EDIT.apply(ws.root)
            saved = time.perf_counter()
            title = popular_title(ws)
            screen_at, _ = reader.wait_for(lambda line, title=title: line == title, since=saved, timeout=3600)
            values.append(round(screen_at - saved, 3))
        process.stdin.write("quit\n")
        process.stdin.flush()
        process.wait(timeout=60)
    finally:
        end_process(process)
    return {"median": round(median(values), 3), "runs": values}


def build_by_module(folder, scratch, targets, label, ws, focus):
    """Builds the package narrowed to `focus` (COOKBOOK_FOCUS, as the tool does) target by target
    (`swift build --target T`, each after the ones before), then whole: seconds per step. What the
    focus's build spends where."""
    steps = {}
    env = dict(os.environ, COOKBOOK_FOCUS=",".join(focus))
    for target in targets:
        seconds, _ = ws.run(["swift", "build", "--package-path", folder, "--scratch-path", scratch, "--target", target],
                            f"{label}-{target}", env=env)
        steps[target] = round(seconds, 2)
    seconds, output = ws.run(["swift", "build", "--package-path", folder, "--scratch-path", scratch], f"{label}-rest", env=env)
    steps["the rest"] = round(seconds, 2)
    return steps


def sandbox_closure(ws, product):
    """The targets of `product`'s closure in the manifest's order: what the tool names in
    COOKBOOK_FOCUS for it (read from `swift package dump-package`)."""
    _, output = ws.run(["swift", "package", "dump-package"], f"closure-{product}")
    targets = json.loads(output[output.index("{"):])["targets"]
    dependencies = {}
    for target in targets:
        names = []
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency:
                    names.append(dependency[kind][0])
        dependencies[target["name"]] = names
    closure, pending = set(), [product]
    while pending:
        name = pending.pop()
        if name in closure or name not in dependencies:
            continue
        closure.add(name)
        pending.extend(dependencies[name])
    return [target["name"] for target in targets if target["name"] in closure]


ROUND_LOOPS = ["edit-run", "edit-test", "core-test", "watch", "manifest-run", "manifest-test", "pull-run", "pull-test", "green",
               "app-noop", "app-edit", "app-decl", "app-manifest"]
APP_LOOPS = ["app-noop", "app-edit", "app-decl", "app-manifest"]


def warm(ws):
    """The sandbox's closure and Feed's tests built once (the first run's time is recorded)."""
    restore_title(ws)
    QUIET_EDIT.apply(ws.root)
    first = round(ws.run_feed("first-run", popular_title(ws)), 2)
    ws.test_feed("first-test")
    return first


def one_run(ws, loop):
    """One run of a per-feature loop in `ws`: its seconds, after a real change."""
    if loop == "edit-run":
        SANDBOX_EDIT.apply(ws.root)
        seconds = ws.run_feed("edit-run", popular_title(ws))
        restore_title(ws)  # back to the title Feed's tests expect; built by the next loop's run
        return seconds
    if loop == "edit-test":
        QUIET_EDIT.apply(ws.root)
        return ws.test_feed("edit-test")
    if loop == "core-test":
        CORE_DECL_EDIT.apply(ws.root)
        return ws.test_feed("core-test")
    if loop == "watch":
        seconds = watch_runs(ws, 1)["runs"][0]
        restore_title(ws)
        return seconds
    if loop in ("manifest-run", "manifest-test"):
        MANIFEST_EDIT.apply(ws.root)
        return ws.run_feed(loop) if loop == "manifest-run" else ws.test_feed(loop)
    if loop in ("pull-run", "pull-test"):
        ws.add_feature("Pull")
        return ws.run_feed(loop) if loop == "pull-run" else ws.test_feed(loop)
    if loop in APP_LOOPS:
        script = "quit\n"
        if loop == "app-edit":
            # A string the screen shows: a comment at a file's end changes no object file, so nothing links.
            SANDBOX_EDIT.apply(ws.root)
            # The app's first screen is Feed's: a run that shows the old title failed, however fast.
            script = f'expect "{popular_title(ws)}"\n' + script
        elif loop == "app-decl":
            FEED_DECL_EDIT.apply(ws.root)
        elif loop == "app-manifest":
            MANIFEST_EDIT.apply(ws.root)
        return ws.tool("run", "cookbook", label=loop, input_text=script)[0]
    if loop == "green":
        ws.added += 1
        name = f"Green{ws.added:03d}"
        made, _ = ws.tool("new-feature", name, label=f"green-new-{name}")
        tested, _ = ws.tool("test", name, label=f"green-test-{name}")
        return made + tested
    raise RuntimeError(f"not a per-feature loop: {loop}")


def rounds(args, copies, loops, section):
    """Each per-feature loop, `--runs` rounds, each round in every size's copy in turn."""
    smallest = min(copies)
    app_built = False
    for loop in [loop for loop in ROUND_LOOPS if loop in loops]:
        if loop in APP_LOOPS and not app_built:
            # The app built once in each copy before its loops, after the loops that add features.
            for ws in copies.values():
                ws.tool("run", "cookbook", label="app-warm", input_text="quit\n")
            app_built = True
        values = {size: [] for size in copies}
        ratios = {size: [] for size in copies}
        for _ in range(args.runs):
            for size, ws in copies.items():
                values[size].append(round(one_run(ws, loop), 3))
            for size in copies:
                ratios[size].append(values[size][-1] / values[smallest][-1])
        for size, ws in copies.items():
            row = section["sizes"][str(size)]
            row[loop] = {"median": round(median(values[size]), 3), "runs": values[size],
                         "ratio": round(median(ratios[size]), 2), "ratios": [round(r, 2) for r in ratios[size]]}
        log(f"   {loop:<16} " + "  ".join(f"N={size}: {median(values[size]):.2f} s ({median(ratios[size]):.2f}×)" for size in copies))
        for ws in copies.values():
            if CORE_DECL_EDIT.line in read(ws.path(CORE_DECL_EDIT.path)):
                CORE_DECL_EDIT.apply(ws.root)
            if MANIFEST_EDIT.line in read(ws.path(MANIFEST_EDIT.path)):
                MANIFEST_EDIT.apply(ws.root)
            restore_title(ws)


def measure_size(args, ws, size, loops):
    """The whole-workspace commands, the gallery and the app, in one size's copy."""
    row = {}
    log(f"\n-- N={len(feature_names(ws.root))}: the whole workspace")

    def record(name, value):
        row[name] = value
        shown = value.get("median", value) if isinstance(value, dict) else value
        log(f"   {name:<16} {shown}")

    if "start" in loops:
        record("start", timed_runs(max(args.runs, 5), lambda _: ws.tool("help", label="start")[0]))
    if "pull-explained" in loops:
        ws.run_feed("pull-explained-focus")  # Feed's sandbox closure built in .build
        ws.add_feature("Pull")
        record("pull-explained", build_by_module(ws.root, ws.path(".build"), ["Core", "CoreTesting", "Feed"],
                                                 "pull-explained", ws, focus=sandbox_closure(ws, "FeedSandbox")))
    ws.commit("the loops so far")
    if "gallery-check" in loops:
        # The gallery of every program at this size, rendered once and committed, is what a change
        # is checked against; then each one-line change renders FeedSandbox alone.
        seconds, _ = ws.tool("gallery", "--all", label="gallery-all")
        row["gallery-all"] = round(seconds, 1)
        ws.commit("gallery")

        def gallery_check(_):
            QUIET_EDIT.apply(ws.root)
            return ws.tool("gallery", "--check", label="gallery-check")[0]
        record("gallery-check", timed_runs(args.runs, gallery_check))
    QUIET_EDIT.apply(ws.root)  # an uncommitted change in Feed, for affected
    for kind, arguments in (("check", ["check"]), ("affected", ["affected"]), ("spec-check", ["spec", "--check"])):
        if kind in loops:
            record(kind, timed_runs(args.runs, lambda _, arguments=arguments: ws.tool(*arguments, label=kind)[0]))
    if "app-clean" in loops:
        scratch = os.path.join(args.work_dir, f"app-clean-{size}")
        shutil.rmtree(scratch, ignore_errors=True)
        seconds, _ = ws.tool("run", "--scratch-path", scratch, "cookbook", label="app-clean", input_text="quit\n")
        record("app-clean", round(seconds, 1))
        shutil.rmtree(scratch, ignore_errors=True)
    if "app-screen" in loops:
        ws.tool("run", "cookbook", label="app-warm", input_text="quit\n")
        def app_screen(_):
            ws.add_feature("Screen")
            return ws.tool("run", "cookbook", label="app-screen", input_text="quit\n")[0]
        record("app-screen", timed_runs(max(1, args.runs // 2), app_screen))
    if "core-compile" in loops:
        # Core and CoreTesting from nothing, in a package holding just them (links, as the focus).
        folder = os.path.join(args.work_dir, f"core-{size}")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(os.path.join(folder, "Targets"))
        for name, relative in (("Core", "Core/Core"), ("CoreTesting", "Core/CoreTesting")):
            os.symlink(ws.path(relative), os.path.join(folder, "Targets", name))
        write(os.path.join(folder, "Package.swift"), CORE_PACKAGE)
        record("core-compile", build_by_module(folder, os.path.join(folder, ".build"), ["Core", "CoreTesting"],
                                               "core-compile", ws))
        shutil.rmtree(folder, ignore_errors=True)
    if "swiftpm-manifest" in loops:
        ws.run(["swift", "build", "--product", "FeedSandbox"], "swiftpm-warm")

        def swiftpm(_):
            MANIFEST_EDIT.apply(ws.root)
            return ws.run(["swift", "build", "--product", "FeedSandbox"], "swiftpm-manifest")[0]
        record("swiftpm-manifest", timed_runs(args.runs, swiftpm))
        if MANIFEST_EDIT.line in read(ws.path(MANIFEST_EDIT.path)):
            MANIFEST_EDIT.apply(ws.root)
    ws.commit(f"loops at {size}")
    return row


CORE_PACKAGE = """// swift-tools-version: 6.0
import PackageDescription

let settings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
let package = Package(
    name: "CoreAlone",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "Core", path: "Targets/Core", swiftSettings: settings),
        .target(name: "CoreTesting", dependencies: ["Core"], path: "Targets/CoreTesting", swiftSettings: settings),
    ]
)
"""


def section_loops(args, work, results):
    loops = ALL_LOOPS if not args.loops else args.loops.split(",")
    unknown = [loop for loop in loops if loop not in ALL_LOOPS]
    if unknown:
        raise RuntimeError(f"unknown loops {', '.join(unknown)}: choose from {', '.join(ALL_LOOPS)}")
    args.work_dir = work
    section = results.setdefault("loops", {"sizes": {}, "loops": loops})
    log("\n== loops: every per-feature loop, the whole-workspace commands and the app, at each size")
    copies = {}
    for size in args.sizes:
        ws = Workspace(os.path.join(work, f"loops-{size}"), args.out)
        ws.create(args.ref)
        # Built in each copy before anything is timed, so that growing it measures new-feature alone.
        seconds, _ = ws.tool("help", label="tool-build")
        if not copies:
            section["tool-build"] = round(seconds, 1)
            log(f"   Tools/workspace built the tool in {seconds:.0f} s")
        grown = ws.grow(size)
        row = section["sizes"].setdefault(str(size), {})
        row["grow"] = round(grown, 1)
        row["features"] = len(feature_names(ws.root))
        row["first-run"] = warm(ws)
        log(f"   N={size}: grown in {grown:.0f} s (one new-feature run); first run of Feed {row['first-run']} s")
        copies[size] = ws
    rounds(args, copies, loops, section)
    write(os.path.join(args.out, "loops.json"), json.dumps(section, indent=1) + "\n")
    for size, ws in copies.items():
        section["sizes"][str(size)].update(measure_size(args, ws, size, loops))
        section["sizes"][str(size)]["features-after"] = len(feature_names(ws.root))
        write(os.path.join(args.out, "loops.json"), json.dumps(section, indent=1) + "\n")
    return section
