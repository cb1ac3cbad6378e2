"""Sections `scale` (clean and incremental builds at each N, the edit-build loop at N=5) and `fanout`
(what a Core change recompiles under each compiler option and layout)."""

import os
import shutil

from .common import (  # noqa: F401
    AppendToggle, InsertToggle, Toggle, copy_workspace, log, quiet_snapshot, settle, swift_lines)
from .report import save
from .runtime import resolve_benchmark
from .workspace import APP, CORE_BODY_EDIT, CORE_DECL_EDIT, CORE_MEMBER_EDIT, CORE_TOUCH, DescriptorAdd, FEATURE_EDIT, INCREMENTAL, NewFeature, SANDBOX, grow, summarize


# MARK: - Section: scale (and the edit-build loop at N=5)

def section_scale(args, work, builder, tool, results):
    ws = os.path.join(work, "scale")
    copy_workspace(ws, args.ref)
    scale = results.setdefault("scale", {})
    for size in sorted(args.sizes):
        names = grow(ws, size, tool)
        log(f"\n== scale: N = {size} features ({len(names)})")
        row = {"features": len(names), "quiet_before": settle(args, f"N = {size}"),
               "lines": {folder: swift_lines(os.path.join(ws, folder)) for folder in ("Core/Core", "Core/CoreTesting")}}
        # What a sandbox's clean build is made of: Core and CoreTesting (which grow with the
        # descriptors) are built alone first, in a scratch path of their own.
        for key, scratch, product, what in [("clean-core", ".build-core", "Core", "--target"),
                                            ("clean-coretesting", ".build-core", "CoreTesting", "--target"),
                                            ("clean-sandbox", ".build-sandbox", SANDBOX, "--product"),
                                            ("clean-app", ".build-app", APP, "--product")]:
            runs = []
            for run in range(args.clean_runs):
                shutil.rmtree(os.path.join(ws, scratch), ignore_errors=True)
                runs.append(builder.build(ws, scratch, product, label=f"N{size}-{key}-{run}", what=what))
                log(f"  {key:<17} run {run + 1}: {runs[-1]['seconds']:.1f} s")
            row[key] = summarize(runs, names)
        shutil.rmtree(os.path.join(ws, ".build-core"), ignore_errors=True)
        for key, scratch, product in [("noop-sandbox", ".build-sandbox", SANDBOX), ("noop-app", ".build-app", APP)]:
            runs = [builder.build(ws, scratch, product, label=f"N{size}-{key}-{run}") for run in range(args.runs)]
            row[key] = summarize(runs, names)
            log(f"  {key:<14} {row[key]['median']:.2f} s")
        for kind, _, edit in INCREMENTAL:
            sandbox_runs, app_runs = [], []
            for run in range(args.runs):
                edit.apply(ws)
                sandbox_runs.append(builder.build(ws, ".build-sandbox", SANDBOX, label=f"N{size}-{kind}-sandbox-{run}"))
                app_runs.append(builder.build(ws, ".build-app", APP, label=f"N{size}-{kind}-app-{run}"))
                log(f"  {kind:<14} run {run + 1}: sandbox {sandbox_runs[-1]['seconds']:.1f} s "
                    f"({sandbox_runs[-1]['files']} files), app {app_runs[-1]['seconds']:.1f} s ({app_runs[-1]['files']} files)")
            row[f"{kind}-sandbox"] = summarize(sandbox_runs, names)
            row[f"{kind}-app"] = summarize(app_runs, names)
            if args.runs % 2:
                # Back to the original text, and both builds brought up to date (not timed), so the
                # next kind of change is measured alone.
                edit.apply(ws)
                builder.build(ws, ".build-sandbox", SANDBOX, label=f"N{size}-{kind}-restore-sandbox")
                builder.build(ws, ".build-app", APP, label=f"N{size}-{kind}-restore-app")
        row["quiet_after"] = quiet_snapshot()
        scale[str(size)] = row
        save(results, args)
    if "runtime" in args.sections and max(args.sizes) > 5:
        log(f"\n== resolve at N = {max(args.sizes)} (the largest scale copy)")
        results.setdefault("resolve", {})[str(max(args.sizes))] = resolve_benchmark(ws, args)
    if not args.keep:
        shutil.rmtree(ws, ignore_errors=True)


# MARK: - Section: fan-out of a Core change

FANOUT_KINDS = {
    "core-body": ("body-only change in Core (string literal)", lambda tool: CORE_BODY_EDIT),
    "core-touch": ("Core file saved unchanged (mtime only)", lambda tool: CORE_TOUCH),
    "core-member": ("public func added to/removed from an existing Core type (DeepLinks)", lambda tool: CORE_MEMBER_EDIT),
    "core-decl": ("top-level public func added/removed in Core", lambda tool: CORE_DECL_EDIT),
    "descriptor-top": ("descriptor added at Core's top level (+ Resolver requirement, builders, link)", lambda tool: DescriptorAdd(False)),
    "descriptor-nested": ("descriptor added inside `enum Screens` (+ Resolver requirement, builders, link)", lambda tool: DescriptorAdd(True)),
    "new-feature": ("`workspace new-feature` (module, sandbox, descriptor: the real add)", lambda tool: NewFeature(tool)),
    "feature": ("one-line change in a feature (Feed)", lambda tool: FEATURE_EDIT),
}

FANOUT_OPTIONS = [
    ("default", "SwiftPM 6.3 defaults", [],
     ["feature", "core-body", "core-touch", "core-member", "core-decl", "descriptor-top", "descriptor-nested", "new-feature"]),
    ("file-hashing", "-Xswiftc -enable-incremental-file-hashing", ["-Xswiftc", "-enable-incremental-file-hashing"],
     ["core-body", "core-touch", "core-decl", "descriptor-top"]),
    ("no-incremental-imports", "-Xswiftc -disable-incremental-imports (what the default cross-module tracking saves)",
     ["-Xswiftc", "-disable-incremental-imports"], ["core-body", "core-member", "core-decl", "descriptor-nested"]),
    ("no-index-store", "--disable-index-store", ["--disable-index-store"], ["feature", "core-decl", "descriptor-top"]),
    # `-Xswiftc -wmo` on a debug build breaks SwiftPM's link step (it expects one object per file);
    # the release configuration is whole-module, so it is used with optimization turned off.
    ("wmo", "-c release -Xswiftc -Onone -Xswiftc -enable-testing -Xswiftc -DDEBUG (whole-module, unoptimized)",
     ["-c", "release", "-Xswiftc", "-Onone", "-Xswiftc", "-enable-testing", "-Xswiftc", "-DDEBUG"],
     ["feature", "core-body", "core-decl", "descriptor-top"]),
]


def section_fanout(args, work, builder, tool, results):
    ws = os.path.join(work, "fanout")
    copy_workspace(ws, args.ref)
    names = grow(ws, args.fanout_size, tool)
    log(f"\n== fan-out: N = {len(names)} features")
    fanout = results.setdefault("fanout", {"features": len(names), "options": {}, "kinds": {}})
    fanout["kinds"] = {k: v[0] for k, v in FANOUT_KINDS.items()}
    wanted = set(args.fanout_options.split(",")) if args.fanout_options else None
    for option, title, flags, kinds in FANOUT_OPTIONS:
        if wanted and option not in wanted:
            continue
        scratch = f".build-fanout-{option}"
        entry = {"title": title, "flags": flags, "quiet_before": settle(args, option), "kinds": {}}
        shutil.rmtree(os.path.join(ws, scratch), ignore_errors=True)
        clean = builder.build(ws, scratch, APP, flags, label=f"fanout-{option}-clean")
        entry["clean-app"] = summarize([clean], names)
        log(f"  [{option}] clean app build {clean['seconds']:.1f} s")
        for kind in kinds:
            edit = FANOUT_KINDS[kind][1](tool)
            runs = []
            for run in range(args.runs):
                edit.apply(ws)
                runs.append(builder.build(ws, scratch, APP, flags, label=f"fanout-{option}-{kind}-{run}"))
                last = runs[-1]
                existing = sum(n for m, n in last["per_module"].items() if m in names)
                log(f"  [{option}] {kind:<18} run {run + 1}: {last['seconds']:.1f} s, {last['files']} files in "
                    f"{len(last['modules'])} modules, {existing} files of the {len(names)} original features")
            if isinstance(edit, (Toggle, AppendToggle, InsertToggle)) and args.runs % 2:
                edit.apply(ws)
                builder.build(ws, scratch, APP, flags, label=f"fanout-{option}-{kind}-restore")
            entry["kinds"][kind] = summarize(runs, names)
        entry["quiet_after"] = quiet_snapshot()
        fanout["options"][option] = entry
        save(results, args)
        shutil.rmtree(os.path.join(ws, scratch), ignore_errors=True)
    if not args.keep:
        shutil.rmtree(ws, ignore_errors=True)
