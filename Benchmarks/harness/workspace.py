"""The workspace copies the sections build in: the tool built once, growing a copy to N features,
builds with their logs, and the edits the sections make (each one undone by applying it again)."""

import os
import re
import time

from .common import (  # noqa: F401
    AppendToggle, InsertToggle, Toggle, Touch, compiled_files, copy_workspace, feature_names, log, median, read, sh, write)


SANDBOX = "FeedSandbox"
APP = "cookbook"


class Tool:
    """The `workspace` binary, built once in its own copy, run directly."""

    def __init__(self, work, ref):
        self.dir = os.path.join(work, "tool")
        self.path = None
        self.ref = ref

    def binary(self):
        if self.path:
            return self.path
        log("building the workspace tool (once)")
        copy_workspace(self.dir, self.ref)
        # Release, as Tools/workspace builds it: a debug tool scaffolds 995 features several times slower.
        sh(["swift", "build", "-c", "release", "--product", "workspace"], cwd=self.dir)
        bin_dir = sh(["swift", "build", "-c", "release", "--show-bin-path"], cwd=self.dir).stdout.strip().splitlines()[-1]
        self.path = os.path.join(bin_dir, "workspace")
        return self.path

    def new_feature(self, ws, *names):
        result = sh([self.binary(), "new-feature", *names, "--scratch-path", os.path.join(ws, ".build-tool")],
                    cwd=ws, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"workspace new-feature {' '.join(names[:3])}… failed:\n{result.stdout[-3000:]}")


def grow(ws, size, tool, prefix="Pantry"):
    """Adds features until the workspace has `size`, in one `workspace new-feature` run."""
    names = feature_names(ws)
    if len(names) > size:
        raise RuntimeError(f"the workspace already has {len(names)} features, more than {size}")
    wanted = [f"{prefix}{index:04d}" for index in range(len(names) + 1, size + 1)]
    wanted = [name for name in wanted if name not in names]
    started = time.time()
    if wanted:
        tool.new_feature(ws, *wanted)
    if time.time() - started > 1:
        log(f"  scaffolded up to {size} features in {time.time() - started:.0f} s")
    return names + wanted


# MARK: - Builds

class Builder:
    def __init__(self, raw_dir):
        self.raw_dir = raw_dir
        self.count = 0

    def build(self, ws, scratch, product, flags=(), label="", what="--product"):
        """Times `swift build --product P` (or `--target T`) in `ws` with its own scratch path."""
        args = ["swift", "build", "--scratch-path", os.path.join(ws, scratch), what, product, *flags]
        started = time.perf_counter()
        result = sh(args, cwd=ws, check=False)
        seconds = time.perf_counter() - started
        self.count += 1
        log_name = f"{self.count:04d}-{re.sub(r'[^A-Za-z0-9_.-]+', '_', label or product)}.log"
        write(os.path.join(self.raw_dir, "logs", log_name), " ".join(args) + "\n\n" + result.stdout)
        if result.returncode != 0:
            raise RuntimeError(f"build failed: {' '.join(args)} (log {log_name})\n{result.stdout[-3000:]}")
        modules = compiled_files(result.stdout)
        return {"seconds": round(seconds, 3), "modules": sorted(modules),
                "files": sum(len(f) for f in modules.values()),
                "per_module": {m: len(f) for m, f in sorted(modules.items())},
                "command": " ".join(["swift", "build", what, product, *flags]), "log": log_name}


def summarize(runs, features=()):
    """Median seconds, and the modules and files recompiled (as in most runs: the median run)."""
    if not runs:
        return None
    seconds = [r["seconds"] for r in runs]
    middle = sorted(runs, key=lambda r: r["seconds"])[len(runs) // 2]
    feature_files = sum(n for m, n in middle["per_module"].items() if m in features)
    feature_modules = sum(1 for m in middle["per_module"] if m in features)
    return {"median": round(median(seconds), 2), "runs": seconds, "modules": len(middle["modules"]),
            "files": middle["files"], "feature_modules": feature_modules, "feature_files": feature_files,
            "per_module": middle["per_module"], "command": middle["command"]}


# MARK: - Edits

FEATURE_EDIT = Toggle("Features/Feed/FeedTranslator.swift", '"Loading the feed…"', '"Loading the feed..."')
CORE_BODY_EDIT = Toggle("Core/Core/Descriptors/DeepLinks.swift", '// link")', '// link at all")')
CORE_DECL_EDIT = AppendToggle("Core/Core/Environment/Environment.swift",
                              "public func benchmarkProbe() {}  // Benchmarks/run: a declaration change")
CORE_MEMBER_EDIT = InsertToggle("Core/Core/Descriptors/DeepLinks.swift", 'public static let scheme = "cookbook"',
                                "    public static func benchmarkProbe() {}  // Benchmarks/run: a new member")
CORE_TOUCH = Touch("Core/Core/Environment/Environment.swift")

INCREMENTAL = [
    ("feature", "one-line change in a feature (Feed, a string literal)", FEATURE_EDIT),
    ("core-body", "body-only change in Core (a string literal in DeepLinks)", CORE_BODY_EDIT),
    ("core-decl", "declaration change in Core (a top-level public func added/removed)", CORE_DECL_EDIT),
    ("core-member", "declaration change in Core inside an existing type no feature uses (DeepLinks)", CORE_MEMBER_EDIT),
]


class DescriptorAdd:
    """Adds a screen descriptor without a feature, as `new-feature` does to Core, the app and CoreTesting:
    the struct, its `ScreenKind` case and switch arm, its `Resolver` requirement, a builder in
    AppResolver and StubResolver. `nested` puts the struct inside Core's `public enum Screens { … }`
    (a member of an existing type, where `workspace new-feature` puts it) instead of at the top level
    of Core (in a file of its own), to compare the two."""

    added = 0  # across instances: every option of the fan-out adds new names

    def __init__(self, nested):
        self.nested = nested

    def apply(self, ws):
        DescriptorAdd.added += 1
        short = f"Probe{'Nested' if self.nested else 'Top'}{DescriptorAdd.added:03d}"
        case = short[0].lower() + short[1:]
        type_name = f"Screens.{short}" if self.nested else short
        body = (f"public struct {short}: PlainScreenDescriptor {{\n"
                f"    public static let kind = ScreenKind.{case}\n"
                f"    public static let linkPath = \"{short.lower()}\"\n"
                f"    public init() {{}}\n"
                f"    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {{\n"
                f"        resolver.build{short}(self, in: environment)\n"
                f"    }}\n"
                f"}}\n")
        if self.nested:
            insert_before_closing(ws, "Core/Core/Descriptors/Screens.swift", "public enum Screens", indent(body, 4))
        else:
            write(os.path.join(ws, f"Core/Core/Descriptors/{short}.swift"), body)
        kinds = "Core/Core/Descriptors/ScreenKind.swift"
        insert_after_line(ws, kinds, "    case about\n", f"    case {case}\n")
        insert_before_line(ws, kinds, "switch self", "}", f"        case .{case}: return {type_name}.self\n")
        insert_before_closing(ws, "Core/Core/Descriptors/Descriptor.swift", "public protocol Resolver",
                              f"    @MainActor func build{short}(_ descriptor: {type_name}, in environment: any Environment) -> any Screen\n")
        insert_before_closing(ws, "App/App/Composition/AppResolver.swift", "final class AppResolver",
                              f"\n    @MainActor func build{short}(_ descriptor: {type_name}, in environment: any Environment) -> any Screen {{\n"
                              f"        FeedFeature.makeScreen(Screens.Feed(), environment: environment)\n    }}\n")
        insert_before_closing(ws, "Core/CoreTesting/StubResolver.swift", "public final class StubResolver",
                              f"\n    public func build{short}(_ descriptor: {type_name}, in environment: any Environment) -> any Screen {{\n"
                              f"        recorder.record(resolved: descriptor)\n        return PlaceholderScreen(for: descriptor)\n    }}\n")


def indent(text, spaces):
    return "".join((" " * spaces + line if line.strip() else line) for line in text.splitlines(True))


def insert_before_closing(ws, relative, opener, text):
    """Inserts `text` before the `}` closing the declaration that starts with `opener` (at column 0)."""
    path = os.path.join(ws, relative)
    lines = read(path).splitlines(True)
    start = next(i for i, l in enumerate(lines) if l.startswith(opener))
    if lines[start].rstrip().endswith("{}"):  # an empty one-line body: `public enum Screens {}`
        lines[start] = lines[start].rstrip()[:-1] + "\n"
        lines.insert(start + 1, "}\n")
    end = next(i for i in range(start, len(lines)) if lines[i].rstrip("\n") == "}")
    lines.insert(end, text)
    write(path, "".join(lines))


def insert_after_line(ws, relative, line, text):
    path = os.path.join(ws, relative)
    lines = read(path).splitlines(True)
    lines.insert(lines.index(line) + 1, text)
    write(path, "".join(lines))


def insert_before_line(ws, relative, after, closing, text):
    path = os.path.join(ws, relative)
    lines = read(path).splitlines(True)
    start = next(i for i, l in enumerate(lines) if after in l)
    end = next(i for i in range(start, len(lines)) if lines[i].strip() == closing)
    lines.insert(end, text)
    write(path, "".join(lines))


class NewFeature:
    """The real thing: `workspace new-feature` (a feature module, its sandbox and tests, its descriptor)."""

    added = 0

    def __init__(self, tool):
        self.tool = tool

    def apply(self, ws):
        NewFeature.added += 1
        self.tool.new_feature(ws, f"Added{NewFeature.added:03d}")
