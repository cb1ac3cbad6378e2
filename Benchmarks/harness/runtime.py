"""Sections `resolve` and `runtime`: resolve in ns and instructions per call, launch to the first
screen against a trivial executable, peak memory and the shared libraries loaded."""

import json
import os
import platform
import re
import shutil
import subprocess
import tempfile
import time

from .common import (  # noqa: F401
    ROOT, copy_workspace, feature_names, log, median, quiet_snapshot, read, settle, sh, write)
from .report import save
from .workspace import APP, SANDBOX, grow

HERE = os.path.join(ROOT, "Benchmarks")


# MARK: - Section: runtime

def screen_parts(ws):
    """The parts of `Screens` (`Part01` for Screens+Part01.swift), in order."""
    folder = os.path.join(ws, "Core/Core/Descriptors")
    return sorted(m.group(1) for m in (re.match(r"Screens\+(Part\d+)\.swift$", n) for n in os.listdir(folder)) if m)


def resolver_requirements(ws):
    """Every builder a resolver has: `Resolver`'s own (the services), the app's own screens'
    (`Screens.Builders` in Screens+Builders.swift), then each part of `Screens`'s
    (`ScreensPart01.Builders` in Screens+Part01.swift), screens named as other modules name them
    (`Screens.Feed`, `Screens.Pantry`)."""
    folder = os.path.join(ws, "Core/Core/Descriptors")
    text = read(os.path.join(folder, "Descriptor.swift"))
    block = re.search(r"public protocol Resolver[^{]*\{(.*?)\n\}", text, re.S).group(1)
    pattern = r"func (build\w+)\(_ descriptor: ([\w.]+), in environment: any Environment\) -> any (\w+)"
    requirements = re.findall(pattern, block)
    own = re.search(r"public protocol Builders[^{]*\{(.*?)\n    \}", read(os.path.join(folder, "Screens+Builders.swift")), re.S)
    if not own:
        raise RuntimeError("no `protocol Builders` in Core/Core/Descriptors/Screens+Builders.swift: the harness cannot list the app's screens")
    requirements += [(b, f"Screens.{t}", o) for b, t, o in re.findall(pattern, own.group(1))]
    for part in screen_parts(ws):
        builders = re.search(r"public protocol Builders[^{]*\{(.*?)\n    \}", read(os.path.join(folder, f"Screens+{part}.swift")), re.S)
        requirements += [(b, f"Screens.{t}", o) for b, t, o in re.findall(pattern, builders.group(1) if builders else "")]
    return requirements


def environment_properties(ws):
    text = read(os.path.join(ws, "Core/Core/Environment/Environment.swift"))
    block = re.search(r"public protocol Environment[^{]*\{(.*?)\n\}", text, re.S).group(1)
    return re.findall(r"var (\w+): (.+?) \{ get \}", block)


def resolve_benchmark(ws, args):
    """Builds Core and CoreTesting in release, compiles the harness with swiftc -O, runs it."""
    scratch = os.path.join(ws, ".build-release")
    sh(["swift", "build", "-c", "release", "--scratch-path", scratch, "--target", "CoreTesting"], cwd=ws)
    release = sh(["swift", "build", "-c", "release", "--scratch-path", scratch, "--show-bin-path"],
                 cwd=ws).stdout.strip().splitlines()[-1]
    requirements = resolver_requirements(ws)
    outputs = {"Screen": "screen", "RecipeExporter": "exporter"}
    builders, loops, measures = [], [], []
    screens = [(t, o) for _, t, o in requirements if o == "Screen"]
    chosen = [("first", screens[0][0]), ("last", screens[-1][0])]
    chosen += [("service", t) for _, t, o in requirements if o != "Screen" and t == "RecipeExportDescriptor"]
    for builder, type_name, output in requirements:
        if output not in outputs:
            raise RuntimeError(f"the harness cannot build a `{output}` for {type_name}")
        builders.append(f"    @MainActor func {builder}(_ descriptor: {type_name}, in environment: any Environment) -> any {output} "
                        f"{{ {outputs[output]} }}")
    for index, (role, type_name) in enumerate(chosen):
        make = ("RecipeExportDescriptor(format: .markdown)" if type_name == "RecipeExportDescriptor"
                else f'try! {type_name}(linkValues: ["recipeID": "1", "authorID": "aiko-tanaka", "query": "curry"])')
        loops.append(f"\n@MainActor @inline(never)\nfunc loopResolve{index}(_ environment: any Environment, _ n: Int) {{\n"
                     f"    let descriptor = {make}\n"
                     f"    for _ in 0..<n {{ blackHole(environment.resolve(descriptor)) }}\n}}\n"
                     f"\n@MainActor @inline(never)\nfunc loopResolveDirect{index}(_ environment: any Environment, _ n: Int) {{\n"
                     f"    let descriptor = {make}\n"
                     f"    for _ in 0..<n {{ blackHole(descriptor.resolve(with: environment.resolver, in: environment)) }}\n}}")
        position = [t for _, t, _ in requirements].index(type_name) + 1
        label = f"{type_name} (requirement {position} of {len(requirements)})"
        measures.append(f'measure("resolve {role}: {label}", iterations: iterations, samples: samples, loopResolve{index})')
        measures.append(f'measure("resolve {role}, default resolve through the resolver property: {label}", environment: "default", '
                        f"iterations: iterations, samples: samples, loopResolve{index})")
        measures.append(f'measure("resolve {role}, existential passed on: {label}", '
                        f"iterations: iterations, samples: samples, loopResolveDirect{index})")
    properties = [(n, t) for n, t in environment_properties(ws) if n != "resolver"]
    source = read(os.path.join(HERE, "resolve", "main.swift.in"))
    source = (source.replace("@@BUILDERS@@", "\n".join(builders))
              .replace("@@PART_BUILDERS@@", ", ".join(f"Screens{p}.Builders" for p in screen_parts(ws)))
              .replace("@@ENVIRONMENT_LETS@@", "\n".join(f"    let {n}: {t}" for n, t in properties))
              .replace("@@ENVIRONMENT_COPY@@", "\n".join(f"        {n} = environment.{n}" for n, _ in properties))
              .replace("@@RESOLVE_LOOPS@@", "\n".join(loops))
              .replace("@@RESOLVE_MEASURES@@", "\n".join(measures)))
    harness = os.path.join(ws, ".build-resolve")
    os.makedirs(harness, exist_ok=True)
    write(os.path.join(harness, "main.swift"), source)
    objects = []
    for module in ("Core", "CoreTesting"):
        folder = os.path.join(release, f"{module}.build")
        objects += [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith(".o")]
    binary = os.path.join(harness, "resolve-bench")
    compile_args = ["swiftc", "-O", "-wmo", "-swift-version", "6", "-module-name", "ResolveBench", "-I", os.path.join(release, "Modules"),
                    os.path.join(harness, "main.swift"), *objects, "-o", binary]
    sh(compile_args, cwd=ws)
    output = sh([binary, str(args.resolve_iterations), "9"]).stdout
    rows = {}
    for line in output.strip().splitlines()[1:]:
        name, low, mid, high = line.split("\t")
        rows[name] = {"min": round(float(low), 2), "median": round(float(mid), 2), "max": round(float(high), 2)}
        log(f"  {name:<75} median {float(mid):6.2f} ns (min {float(low):.2f})")
    count_instructions(binary, rows)
    return {"features": len(feature_names(ws)), "requirements": len(requirements), "rows": rows,
            "command": "swiftc -O -wmo main.swift <Core and CoreTesting release objects>; resolve-bench "
                       f"{args.resolve_iterations} 9"}


def count_instructions(binary, rows, iterations=100_000):
    """Instructions per call of each measure, counted by callgrind: unlike nanoseconds, the same
    whatever else the machine is doing. Each measure runs alone (`resolve-bench N 1 INDEX`), and
    only the instructions inside `measure` (the loop and what it calls) are collected."""
    if not shutil.which("valgrind"):
        log("  (valgrind is not installed: no instruction counts)")
        return
    with tempfile.TemporaryDirectory() as scratch:
        for index, name in enumerate(rows):
            out = os.path.join(scratch, f"cg.{index}")
            result = sh(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--toggle-collect=*7measure*",
                         binary, str(iterations), "1", str(index)], check=False)
            printed = [line for line in result.stdout.strip().splitlines() if not line.startswith("==")]
            summary = re.search(r"^summary: (\d+)", read(out), re.M) if os.path.exists(out) else None
            if result.returncode != 0 or printed != [name] or not summary:
                raise RuntimeError(f"callgrind could not count measure {index} ({name}): {result.stdout[-500:]}")
            rows[name]["instructions"] = round(int(summary.group(1)) / iterations, 1)
            log(f"  {name:<75} {rows[name]['instructions']:7.1f} instructions a call")


def section_resolve(args, work, builder, tool, results):
    """`resolve` alone at every size of --sizes: a copy grown with `workspace new-feature`, and the
    harness against Core and CoreTesting built in release (no app, no sandbox: minutes, not hours)."""
    ws = os.path.join(work, "resolve")
    copy_workspace(ws, args.ref)
    for size in args.sizes:
        grow(ws, size, tool)
        log(f"\n== resolve at N = {size}")
        results.setdefault("resolve", {})[str(size)] = resolve_benchmark(ws, args)
        save(results, args)
    if not args.keep:
        shutil.rmtree(ws, ignore_errors=True)


def launch(binary, arguments, stdin_text, runs, warmups=3):
    """Runs the binary `runs` times: time to the first screen (to the first `›` echo of a command,
    or the first line for a trivial program), total time, and peak RSS (wait4's ru_maxrss, KiB)."""
    first, total, rss = [], [], []
    for index in range(warmups + runs):
        started = time.perf_counter()
        process = subprocess.Popen([binary, *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL)
        process.stdin.write(stdin_text.encode())
        process.stdin.close()
        seen = None
        first_line = None
        for raw in process.stdout:
            now = time.perf_counter()
            if first_line is None:
                first_line = now
            if raw.decode(errors="replace").startswith("›"):
                seen = now
                break
        process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        ended = time.perf_counter()
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            raise RuntimeError(f"{binary} exited with {process.returncode}")
        if index >= warmups:
            first.append((seen or first_line or ended) - started)
            total.append(ended - started)
            rss.append(usage.ru_maxrss)
    return {"first_screen_ms": round(median(first) * 1000, 1), "total_ms": round(median(total) * 1000, 1),
            "min_total_ms": round(min(total) * 1000, 1), "max_rss_kib": int(median(rss)), "runs": runs}


def libraries_loaded(binary, arguments, stdin_text):
    """The shared libraries a run initialises, from the dynamic loader's log (LD_DEBUG=libs; Linux
    only, else None): the program's own dependencies and any it opens later with dlopen."""
    if platform.system() != "Linux":
        return None
    result = subprocess.run([binary, *arguments], input=stdin_text, text=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env={**os.environ, "LD_DEBUG": "libs"})
    return sorted({line.split("calling init: ", 1)[1].strip() for line in result.stderr.splitlines()
                   if "calling init: " in line})


def time_v_rss(binary, arguments, stdin_text, runs=5):
    """Median `Maximum resident set size` of `/usr/bin/time -v` over a few runs. This is the figure to
    quote: wait4's ru_maxrss of a child forked from Python starts at Python's own RSS (~20 MiB)."""
    if not os.path.exists("/usr/bin/time"):
        return None
    sizes = []
    for _ in range(runs):
        result = subprocess.run(["/usr/bin/time", "-v", binary, *arguments], input=stdin_text, text=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
        if match:
            sizes.append(int(match.group(1)))
    return int(median(sizes)) if sizes else None


def section_runtime(args, work, builder, tool, results):
    ws = os.path.join(work, "runtime")
    copy_workspace(ws, args.ref)
    runtime = results.setdefault("runtime", {"quiet_before": settle(args, "runtime")})
    log("\n== runtime: release and debug builds of cookbook and FeedSandbox")
    bins = {}
    for config in ("release", "debug"):
        scratch = os.path.join(ws, f".build-{config}")
        # The network code the app opens for --api-url on Linux is a product of its own.
        network = ["URLSessionHTTP"] if '"URLSessionHTTP", type: .dynamic' in read(os.path.join(ws, "Package.swift")) else []
        for product in (APP, SANDBOX, *network):
            sh(["swift", "build", "-c", config, "--scratch-path", scratch, "--product", product], cwd=ws)
        bins[config] = sh(["swift", "build", "-c", config, "--scratch-path", scratch, "--show-bin-path"],
                          cwd=ws).stdout.strip().splitlines()[-1]
    baseline_binary = None
    if args.baseline:
        log(f"\n== runtime: cookbook (release) at {args.baseline}, the baseline")
        base_ws = copy_workspace(os.path.join(work, "runtime-baseline"), args.baseline)
        scratch = os.path.join(base_ws, ".build-release")
        sh(["swift", "build", "-c", "release", "--scratch-path", scratch, "--product", APP], cwd=base_ws)
        bin_dir = sh(["swift", "build", "-c", "release", "--scratch-path", scratch, "--show-bin-path"],
                     cwd=base_ws).stdout.strip().splitlines()[-1]
        baseline_binary = os.path.join(bin_dir, APP)
    trivial_dir = os.path.join(work, "trivial")
    os.makedirs(trivial_dir, exist_ok=True)
    write(os.path.join(trivial_dir, "main.swift"), 'print("Hello")\n')
    write(os.path.join(trivial_dir, "foundation", "main.swift"),
          'import Foundation\nprint("Hello", ProcessInfo.processInfo.processIdentifier, Date() > .distantPast)\n')
    write(os.path.join(trivial_dir, "essentials", "main.swift"),
          'import FoundationEssentials\nprint("Hello", ProcessInfo.processInfo.processIdentifier, Date() > .distantPast)\n')
    for config, flag in (("release", "-O"), ("debug", "-Onone")):
        sh(["swiftc", flag, os.path.join(trivial_dir, "main.swift"), "-o", os.path.join(trivial_dir, f"trivial-{config}")])
    sh(["swiftc", "-O", os.path.join(trivial_dir, "foundation", "main.swift"), "-o",
        os.path.join(trivial_dir, "trivial-foundation")])
    sh(["swiftc", "-O", os.path.join(trivial_dir, "essentials", "main.swift"), "-o",
        os.path.join(trivial_dir, "trivial-essentials")])

    log("\n== resolve at N = 5")
    results.setdefault("resolve", {})["5"] = resolve_benchmark(ws, args)

    log("\n== launch to the first screen (script mode: `quit` piped in)")
    data_dir = os.path.join(work, "data")
    os.makedirs(data_dir, exist_ok=True)
    tour = "tab Search\ntype curry\nselect 1\nexpect \"Ingredients\"\nback\ntab Favorites\ntab \"Shopping list\"\nquit\n"
    cases = [
        ("trivial Swift executable (release, print)", os.path.join(trivial_dir, "trivial-release"), [], ""),
        ("trivial Swift executable (debug, print)", os.path.join(trivial_dir, "trivial-debug"), [], ""),
        ("trivial Swift executable importing Foundation (release)", os.path.join(trivial_dir, "trivial-foundation"), [], ""),
        ("trivial Swift executable importing FoundationEssentials (release)",
         os.path.join(trivial_dir, "trivial-essentials"), [], ""),
        ("cookbook release --version (loads, prints, exits)", os.path.join(bins["release"], APP), ["--version"], ""),
        ("cookbook release", os.path.join(bins["release"], APP), ["--data-dir", data_dir], "quit\n"),
        *([(f"cookbook release at {args.baseline} (baseline)", baseline_binary, ["--data-dir", data_dir], "quit\n")]
          if baseline_binary else []),
        ("cookbook release --api-url, nothing listening (web API code loaded)", os.path.join(bins["release"], APP),
         ["--data-dir", data_dir, "--api-url", "http://127.0.0.1:9"], "quit\n"),
        ("cookbook debug", os.path.join(bins["debug"], APP), ["--data-dir", data_dir], "quit\n"),
        ("FeedSandbox release", os.path.join(bins["release"], SANDBOX), [], "quit\n"),
        ("FeedSandbox debug", os.path.join(bins["debug"], SANDBOX), [], "quit\n"),
        ("cookbook release, a tour (search, details, tabs)", os.path.join(bins["release"], APP),
         ["--data-dir", data_dir], tour),
    ]
    launches = runtime.setdefault("launch", {})
    for name, binary, arguments, stdin_text in cases:
        launches[name] = launch(binary, arguments, stdin_text, args.launch_runs)
        launches[name]["command"] = (f"printf {json.dumps(stdin_text)} | " if stdin_text else "") + \
            " ".join([os.path.relpath(binary, work), *[a if a != data_dir else "DIR" for a in arguments]])
        launches[name]["time_v_max_rss_kib"] = time_v_rss(binary, arguments, stdin_text)
        libraries = libraries_loaded(binary, arguments, stdin_text)
        launches[name]["libraries"] = None if libraries is None else len(libraries)
        launches[name]["library_paths"] = libraries
        item = launches[name]
        log(f"  {name:<50} first screen {item['first_screen_ms']:7.1f} ms, total {item['total_ms']:7.1f} ms, "
            f"max RSS (time -v) {(item['time_v_max_rss_kib'] or 0) / 1024:.1f} MiB, libraries {item['libraries']}")
    # The goal's ratio from interleaved pairs: the trivial program, then the app, then the
    # sandbox, one launch each, over and over. Launch times drift on a shared machine by up to a
    # third between blocks of runs; within a pair both see the same machine.
    programs = {"trivial": (os.path.join(trivial_dir, "trivial-release"), [], ""),
                "cookbook": (os.path.join(bins["release"], APP), ["--data-dir", data_dir], "quit\n"),
                "FeedSandbox": (os.path.join(bins["release"], SANDBOX), [], "quit\n")}
    samples = {name: [] for name in programs}
    for _ in range(args.launch_runs * 2):
        for name, (binary, arguments, stdin_text) in programs.items():
            samples[name].append(launch(binary, arguments, stdin_text, 1, warmups=0))
    trivial_totals = [sample["total_ms"] for sample in samples["trivial"]]
    paired = runtime.setdefault("launch_paired", {"pairs": len(trivial_totals),
                                                  "trivial_total_ms": round(median(trivial_totals), 2)})
    for name in ("cookbook", "FeedSandbox"):
        firsts = [sample["first_screen_ms"] for sample in samples[name]]
        ratios = [first / total for first, total in zip(firsts, trivial_totals)]
        paired[name] = {"first_screen_ms": round(median(firsts), 2), "ratio_median": round(median(ratios), 2),
                        "ratio_p90": round(sorted(ratios)[int(0.9 * (len(ratios) - 1))], 2)}
        log(f"  interleaved: {name} first screen {paired[name]['first_screen_ms']:.1f} ms against the trivial program's "
            f"{paired['trivial_total_ms']:.1f} ms: {paired[name]['ratio_median']:.2f}× (median of {len(ratios)} pairs; "
            f"90th percentile {paired[name]['ratio_p90']:.2f}×)")

    # A first launch on an empty data directory (database created, migrations run).
    cold = []
    for run in range(max(3, args.launch_runs // 3)):
        fresh = os.path.join(work, f"data-cold-{run}")
        cold.append(launch(os.path.join(bins["release"], APP), ["--data-dir", fresh], "quit\n", 1, warmups=0))
    launches["cookbook release, empty data directory"] = {
        "first_screen_ms": round(median([c["first_screen_ms"] for c in cold]), 1),
        "total_ms": round(median([c["total_ms"] for c in cold]), 1),
        "min_total_ms": min(c["min_total_ms"] for c in cold),
        "max_rss_kib": int(median([c["max_rss_kib"] for c in cold])), "runs": len(cold),
        "time_v_max_rss_kib": None,
        "command": "printf 'quit\\n' | cookbook --data-dir NEW_EMPTY_DIR"}
    runtime["quiet_after"] = quiet_snapshot()
    save(results, args)
    if not args.keep:
        shutil.rmtree(ws, ignore_errors=True)
