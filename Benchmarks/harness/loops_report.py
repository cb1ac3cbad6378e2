"""The `loops` section's report: its table rows and charts, from the results `loops.py` measured."""

LOOP_NAMES = {
    "start": "`Tools/workspace help` (start)",
    "edit-run": "Feed edit → `run Feed`, first screen",
    "edit-test": "Feed edit → `test Feed`",
    "core-test": "Core top-level declaration → `test Feed`",
    "watch": "`watch Feed`: save → screen",
    "manifest-run": "another feature's manifest change → first `run Feed`",
    "manifest-test": "another feature's manifest change → first `test Feed`",
    "pull-run": "someone's new feature pulled → first `run Feed`",
    "pull-test": "someone's new feature pulled → first `test Feed`",
    "green": "`new-feature X` → `test X` green",
    "gallery-check": "Feed edit → `gallery --check`",
    "check": "`check`",
    "affected": "`affected`",
    "spec-check": "`spec --check`",
    "app-clean": "app: clean build and first screen",
    "app-noop": "app: nothing changed → `run cookbook`",
    "app-edit": "app: Feed edit (body) → `run cookbook`",
    "app-decl": "app: Feed edit (a declaration) → `run cookbook`",
    "app-manifest": "app: another feature's manifest change → `run cookbook`",
    "app-screen": "app: a new screen → `run cookbook`",
    "core-compile.Core": "Core compiled from nothing",
    "core-compile.CoreTesting": "CoreTesting compiled from nothing (Core built)",
    "pull-explained.Core": "a pulled feature: Core's share of the sandbox's rebuild",
    "pull-explained.CoreTesting": "… CoreTesting's share",
    "pull-explained.Feed": "… Feed's share (the files naming `Screens`)",
    "pull-explained.the rest": "… the rest (TerminalRunner, SandboxSupport, WebAPI, the sandbox)",
    "swiftpm-manifest": "plain SwiftPM: manifest change → `swift build --product FeedSandbox`",
}


def ratio(section, size, loop, smallest):
    """A loop's ratio at `size` to the smallest size: the median of its rounds' ratios when it was
    measured in rounds, else the ratio of the medians."""
    entry = section["sizes"][size].get(loop.partition(".")[0])
    if isinstance(entry, dict) and "ratio" in entry and "." not in loop:
        return entry["ratio"]
    first, this = value(section["sizes"][smallest], loop), value(section["sizes"][size], loop)
    return this / first if first and this is not None else None


def value(row, loop):
    """A loop's median, its seconds, or one step of it (`core-compile.Core`)."""
    name, _, step = loop.partition(".")
    entry = row.get(name)
    if step:
        return entry.get(step) if isinstance(entry, dict) else None
    return entry.get("median") if isinstance(entry, dict) else entry


def report(section):
    sizes = sorted(section["sizes"], key=int)
    if not sizes:
        return ""
    header = ["loop"] + [f"N={s} (s)" for s in sizes] + [f"N={s} ÷ N={sizes[0]}" for s in sizes[1:]]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for loop, name in LOOP_NAMES.items():
        values = [value(section["sizes"][s], loop) for s in sizes]
        if all(v is None for v in values):
            continue
        ratios = [f"{r:.2f}×" if (r := ratio(section, s, loop, sizes[0])) is not None else "—" for s in sizes[1:]]
        lines.append("| " + " | ".join([name] + [f"{v:.2f}" if v is not None else "—" for v in values] + ratios) + " |")
    return "\n".join(lines)


def charts(section, svg_chart):
    sizes = sorted(section["sizes"], key=int)
    if len(sizes) < 2:
        return {}
    features = [section["sizes"][s]["features"] for s in sizes]
    base = section["sizes"][sizes[0]]

    def ratios(loop):
        return [ratio(section, s, loop, sizes[0]) for s in sizes]

    per_feature = ["edit-run", "edit-test", "watch", "manifest-run", "manifest-test", "pull-run", "pull-test", "gallery-check"]
    whole = ["core-test", "green", "check", "affected", "spec-check", "app-edit", "app-screen", "swiftpm-manifest"]
    return {
        "loops-feature.svg": svg_chart("One feature's loops: time at N ÷ time at the smallest N", features,
                                       [(loop, ratios(loop)) for loop in per_feature if value(base, loop)],
                                       y_label="ratio to the smallest N"),
        "loops-workspace.svg": svg_chart("Whole-workspace commands and the app: time at N ÷ time at the smallest N (log)",
                                         features, [(loop, ratios(loop)) for loop in whole if value(base, loop)],
                                         y_label="ratio to the smallest N (log scale)", log_y=True),
    }
