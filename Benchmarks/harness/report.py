"""The report: tables, the goals measured against, charts, and the results files."""

import json
import os

from .common import (  # noqa: F401
    ROOT, fmt, write)
from . import insights, loops
from .charts import svg_chart
from .workspace import SANDBOX


# MARK: - Report: tables and charts

def table(headers, rows):
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) if rows else len(str(h)) for i, h in enumerate(headers)]
    line = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"
    return "\n".join([line(headers), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *[line(r) for r in rows]])


def recompiled(summary):
    if not summary:
        return "—"
    modules, files = summary["modules"], summary["files"]
    return f"{modules} module{'' if modules == 1 else 's'}, {files} file{'' if files == 1 else 's'}"


def report(results):
    out = []
    if results.get("loops", {}).get("sizes"):
        out.append("\nThe loops at each size (median seconds; ratios to the smallest size, one run)\n")
        out.append(loops.report(results["loops"]))
    scale = results.get("scale", {})
    sizes = sorted(scale, key=int)
    if "5" in scale or sizes:
        base = scale.get("5") or scale[sizes[0]]
        out.append(f"\nEdit–build loop (debug, N = {base['features']} features, median of {len(base['feature-app']['runs'])} runs, seconds)\n")
        rows = []
        for kind, title in [("feature", "one-line change in a feature (Feed)"),
                            ("core-body", "body-only change in Core"),
                            ("core-decl", "declaration change in Core: top-level public func"),
                            ("core-member", "declaration change in Core: public func in an existing type"),
                            ("noop", "no-op build")]:
            sandbox, app = base[f"{kind}-sandbox"], base[f"{kind}-app"]
            ratio = sandbox["median"] / app["median"] if app["median"] else None
            rows.append([title, fmt(sandbox["median"], 2), fmt(app["median"], 2), f"{ratio:.2f}×" if ratio else "—",
                         recompiled(sandbox), recompiled(app)])
        out.append(table(["change", f"{SANDBOX}", "cookbook", "sandbox ÷ app", "sandbox recompiles", "app recompiles"], rows))
    if sizes:
        out.append("\nScale (debug, seconds; median of the runs; recompiled files of the app in brackets)\n")
        rows = []
        for size in sizes:
            row = scale[size]
            cell = lambda key: fmt(row[key]["median"])
            cell_files = lambda key: f"{fmt(row[key]['median'])} ({row[key]['files']})"
            rows.append([row["features"], cell("clean-sandbox"), cell("clean-app"), cell("feature-sandbox"),
                         cell_files("feature-app"), cell("core-body-sandbox"), cell_files("core-body-app"),
                         cell("core-decl-sandbox"), cell_files("core-decl-app"),
                         cell("core-member-sandbox"), cell_files("core-member-app"),
                         f"{row['core-decl-app']['median'] / row['feature-app']['median']:.1f}×",
                         f"{row['core-member-app']['median'] / row['feature-app']['median']:.1f}×"])
        out.append(table(["N", "clean sandbox", "clean app", "feature: sandbox", "feature: app", "Core body: sandbox",
                          "Core body: app", "Core top-level decl: sandbox", "Core top-level decl: app",
                          "Core member decl: sandbox", "Core member decl: app",
                          "app: top-level decl ÷ feature", "app: member decl ÷ feature"], rows))
    if sizes and all("clean-coretesting" in scale[s] for s in sizes):
        out.append("\nWhat a sandbox's clean build is made of (debug, seconds)\n")
        out.append(table(["N", "lines in Core", "lines in CoreTesting", "clean Core alone", "clean Core + CoreTesting",
                          f"clean {SANDBOX}", "no-op sandbox"],
                         [[scale[s]["features"], scale[s]["lines"]["Core/Core"], scale[s]["lines"]["Core/CoreTesting"],
                           fmt(scale[s]["clean-core"]["median"]), fmt(scale[s]["clean-coretesting"]["median"]),
                           fmt(scale[s]["clean-sandbox"]["median"]), fmt(scale[s]["noop-sandbox"]["median"], 2)]
                          for s in sizes]))
    fanout = results.get("fanout")
    if fanout and fanout.get("options"):
        out.append(f"\nCore fan-out (debug app build `swift build --product cookbook`, N = {fanout['features']}, median seconds)\n")
        rows = []
        for option, entry in fanout["options"].items():
            rows.append([option, "clean build", fmt(entry["clean-app"]["median"]), entry["clean-app"]["files"], "", ""])
            for kind, summary in entry["kinds"].items():
                rows.append([option, kind, fmt(summary["median"]), summary["files"], summary["feature_modules"],
                             summary["feature_files"]])
        out.append(table(["option", "change", "seconds", "files recompiled", "original features recompiled",
                          "their files"], rows))
    resolve = results.get("resolve", {})
    for size in sorted(resolve, key=int):
        entry = resolve[size]
        out.append(f"\nResolve (release, ns per call, N = {entry['features']} features, "
                   f"{entry['requirements']} Resolver requirements)\n")
        out.append(table(["operation", "median ns", "min ns"],
                         [[name, f"{r['median']:.2f}", f"{r['min']:.2f}"] for name, r in entry["rows"].items()]))
    runtime = results.get("runtime", {})
    if runtime.get("launch"):
        out.append("\nLaunch (script mode, median; first screen = until the screen is printed; "
                   "max RSS from /usr/bin/time -v; libraries = shared libraries initialised, LD_DEBUG=libs)\n")
        out.append(table(["program", "first screen ms", "total ms", "max RSS MiB", "libraries"],
                         [[name, fmt(r["first_screen_ms"]), fmt(r["total_ms"]),
                           f"{(r.get('time_v_max_rss_kib') or r['max_rss_kib']) / 1024:.1f}",
                           "—" if r.get("libraries") is None else r["libraries"]]
                          for name, r in runtime["launch"].items()]))
    watch = results.get("watch", {})
    if watch.get("runs"):
        out.append(f"\nworkspace watch Feed after a one-line change (debug, median of {len(watch['runs'])} runs, seconds)\n")
        build = watch["build"]["median"]
        out.append(table(["measure", "seconds"], [
            [f"swift build --product {SANDBOX} after the same change (the floor)", fmt(build, 2)],
            ["workspace watch: save to the changed screen", fmt(watch["edit_to_screen"], 2)],
            ["… over the build", f"{watch['edit_to_screen'] - build:+.2f}"],
            ["… of which its own build, as it timed it", fmt(watch["build_reported"], 2)],
            ["… of which build end to screen (stop, relaunch, first screen)", fmt(watch["build_end_to_screen"], 3)],
        ]))
    test = results.get("test", {}).get("sizes", {})
    if test:
        first = test[min(test, key=int)]
        runs = len(first["core-decl"]["runs"])
        out.append(f"\nworkspace test Feed against swift build --product {SANDBOX} after the same edit "
                   f"(debug, median of {runs} runs, seconds; each ratio from one run's pair)\n")
        rows = []
        for size in sorted(test, key=int):
            for kind, title in [("core-decl", "a top-level declaration in Core"), ("feature", "one line in Feed")]:
                r = test[size][kind]
                rows.append([test[size]["features"], title, fmt(r["sandbox"], 2), fmt(r["focus"], 2), f"{r['ratio']:.2f}x",
                             fmt(r["swift_run"], 2), f"{r['ratio_swift_run']:.2f}x"])
        out.append(table(["N", "edit", "sandbox build", "workspace test Feed", "ratio", "swift run workspace test Feed",
                          "ratio"], rows))
        if first.get("swift_test_filter"):
            base = first["swift_test_filter"]
            out.append(f"\nswift test --filter FeedTests after the same Core edit, N = {first['features']}: "
                       f"{fmt(base['seconds'], 1)} s, {base['ratio']:.1f}x the sandbox's build "
                       f"(it builds every target of the package)")
        if first.get("command_to_green"):
            green = first["command_to_green"]
            out.append(f"\nA new feature's command to green, N = {first['features']} (median of {len(green['runs'])}): "
                       f"{fmt(green['total'], 1)} s = " + " + ".join(f"{k} {fmt(v, 1)} s" for k, v in green["steps"].items()))
    gallery = results.get("gallery", {})
    if gallery.get("whole"):
        whole, one = gallery["whole"], gallery["one-feature"]
        out.append(f"\nScreen gallery (debug, median of {len(whole['runs'])} runs, seconds)\n")
        out.append(table(["measure", "seconds", "what"], [
            [f"clean build of {SANDBOX}", fmt(gallery["clean-sandbox"]["median"], 1), "the yardstick"],
            ["workspace gallery --all", fmt(whole["median"], 2),
             f"{whole['programs']} programs: a no-op build each, then --gallery; {whole['screens']} screens, "
             f"{whole['renderings']} renderings"],
            ["… the programs' --gallery alone", fmt(gallery["render-only"]["median"], 3), "rendering, without the builds"],
            ["workspace gallery after a one-line change in Feed", fmt(one["median"], 2),
             f"rendered {', '.join(one['rendered'])} ({one['screens']} screens); skipped {one['skipped_screens']} screens "
             f"in {one['skipped_programs']} programs"],
            [f"… the same change's `swift build --product {SANDBOX}`", fmt(gallery["feature-build"]["median"], 2), "the floor"],
        ]))
    out.append(insights.report(results.get("insights", {})))
    goals = evaluate(results)
    if goals:
        out.append("\nGoals\n")
        out.append(table(["goal", "measured", "met"], goals))
    return "\n".join(out)


def evaluate(results):
    goals = []
    scale = results.get("scale", {})
    sizes = sorted(scale, key=int)
    if len(sizes) >= 2:
        lo, hi = scale[sizes[0]], scale[sizes[-1]]
        ratio = hi["clean-sandbox"]["median"] / lo["clean-sandbox"]["median"]
        app_ratio = hi["clean-app"]["median"] / lo["clean-app"]["median"]
        goals.append([f"sandbox clean build flat (≤ 1.2× from N={sizes[0]} to {sizes[-1]}) while the app's grows",
                      f"sandbox {ratio:.2f}×, app {app_ratio:.2f}×", "yes" if ratio <= 1.2 and app_ratio > 1.2 else "no"])
        for kind in ("core-body", "core-decl", "core-member"):
            ratio = hi[f"{kind}-sandbox"]["median"] / lo[f"{kind}-sandbox"]["median"]
            goals.append([f"sandbox after a Core change ({kind}) flat in N (≤ 1.2×)", f"{ratio:.2f}×",
                          "yes" if ratio <= 1.2 else "no"])
    if sizes:
        worst = max(scale[s]["core-decl-app"]["median"] / scale[s]["feature-app"]["median"] for s in sizes)
        goals.append(["app after a Core change no feature uses ≤ 2× a one-feature change, every N",
                      f"worst {worst:.1f}× (core-decl)", "yes" if worst <= 2 else "no"])
        for kind, title in (("core-member", "a public func in an existing type"), ("core-body", "a body-only change")):
            worst_kind = max(scale[s][f"{kind}-app"]["median"] / scale[s]["feature-app"]["median"] for s in sizes)
            goals.append([f"… the same for {title}", f"worst {worst_kind:.1f}×", "yes" if worst_kind <= 2 else "no"])
    for size, entry in sorted(results.get("resolve", {}).items(), key=lambda item: int(item[0])):
        rows = entry["rows"]
        read_row = rows.get("read environment.client", {})
        first_row = next((r for n, r in rows.items() if n.startswith("resolve first:")), {})
        last_row = next((r for n, r in rows.items() if n.startswith("resolve last:")), {})
        # Minimums: on a shared machine the median measures the neighbours as much as the code.
        direct, first, last = read_row.get("min"), first_row.get("min"), last_row.get("min")
        if None not in (direct, first, last):
            goals.append([f"resolve within +10 ns of a property read, first = last (N={size}; fastest of 9 samples)",
                          f"first {first:.1f} ns, last {last:.1f} ns, read {direct:.1f} ns",
                          "yes" if max(first, last) - direct <= 10 and abs(first - last) <= max(2.0, 0.15 * first) else "no"])
        counts = [r.get("instructions") for r in (read_row, first_row, last_row)]
        if None not in counts:
            goals.append([f"… in instructions (callgrind; N={size})",
                          f"first {counts[1]:.1f}, last {counts[2]:.1f}, read {counts[0]:.1f}",
                          "yes" if counts[1] == counts[2] and counts[1] - counts[0] <= 40 else "no"])
    launch = results.get("runtime", {}).get("launch", {})
    trivial = launch.get("trivial Swift executable (release, print)")
    app = launch.get("cookbook release")
    paired = results.get("runtime", {}).get("launch_paired", {})
    for name in ("cookbook", "FeedSandbox"):
        if name in paired:
            item = paired[name]
            goals.append([f"{name}: first screen within 3× of a trivial executable's run (interleaved pairs)",
                          f"{item['first_screen_ms']:.1f} ms vs {paired['trivial_total_ms']:.1f} ms: {item['ratio_median']:.2f}× "
                          f"(median of {paired['pairs']} pairs; 90th percentile {item['ratio_p90']:.2f}×)",
                          "yes" if item["ratio_median"] <= 3 else "no"])
    if trivial and app:
        ratio = app["first_screen_ms"] / trivial["total_ms"]
        goals.append(["first screen within 3× of a trivial executable's start (release)",
                      f"{app['first_screen_ms']:.0f} ms vs {trivial['total_ms']:.0f} ms: {ratio:.1f}×",
                      "yes" if ratio <= 3 else "no"])
    watch = results.get("watch", {})
    if watch.get("runs"):
        over = watch["edit_to_screen"] - watch["build"]["median"]
        goals.append(["workspace watch: save to screen within 0.5 s of the sandbox's incremental build",
                      f"{watch['edit_to_screen']:.2f} s vs {watch['build']['median']:.2f} s: {over:+.2f} s",
                      "yes" if over <= 0.5 else "no"])
    gallery = results.get("gallery", {})
    if gallery.get("whole"):
        whole, clean = gallery["whole"]["median"], gallery["clean-sandbox"]["median"]
        goals.append(["the whole gallery renders in less time than one clean sandbox build",
                      f"{whole:.1f} s vs {clean:.1f} s", "yes" if whole < clean else "no"])
        one = gallery["one-feature"]
        goals.append(["one feature changed: only its sandbox renders",
                      f"rendered {', '.join(one['rendered'])}; skipped {one['skipped_programs']} programs",
                      "yes" if one["rendered"] == [SANDBOX] else "no"])
    return goals


def charts(results):
    scale = results.get("scale", {})
    sizes = sorted(scale, key=int)
    if len(sizes) < 2:
        return {}
    get = lambda key: [scale[s][key]["median"] for s in sizes]
    return {
        "scale-clean.svg": svg_chart("Clean debug build vs number of features", sizes, [
            ("app (cookbook)", get("clean-app")), (f"sandbox ({SANDBOX})", get("clean-sandbox"))]),
        "scale-incremental.svg": svg_chart("Incremental debug build vs number of features (log scale)", sizes, [
            ("app, Core top-level decl.", get("core-decl-app")), ("sandbox, Core top-level decl.", get("core-decl-sandbox")),
            ("app, Core member decl.", get("core-member-app")), ("sandbox, Core member decl.", get("core-member-sandbox")),
            ("app, Core body", get("core-body-app")), ("sandbox, Core body", get("core-body-sandbox")),
            ("app, feature change", get("feature-app")), ("sandbox, feature change", get("feature-sandbox"))],
            y_label="seconds (log scale)", log_y=True),
    }


def save(results, args):
    write(os.path.join(args.out, "results.json"), json.dumps(results, indent=1, ensure_ascii=False) + "\n")


def publish(results, args):
    for name, svg in {**charts(results), **loops.charts(results.get("loops", {"sizes": {}}), svg_chart)}.items():
        write(os.path.join(args.out, name), svg)
        if args.publish:
            write(os.path.join(ROOT, "docs", "benchmarks", name), svg)
    text = report(results)
    write(os.path.join(args.out, "report.md"), text + "\n")
    if args.publish:
        def slim_down(value):
            if isinstance(value, dict):
                return {k: slim_down(v) for k, v in value.items() if k not in ("per_module", "log")}
            if isinstance(value, list):
                return [slim_down(v) for v in value]
            return value
        slim = slim_down(results)
        write(os.path.join(ROOT, "docs", "benchmarks", "results.json"), json.dumps(slim, indent=1, ensure_ascii=False) + "\n")
    return text
