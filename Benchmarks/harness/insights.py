"""The `insights` section: what recording a build in the build insights costs. The same edit loop
(`workspace run Feed` after a one-line change in Feed) with recording on and off
(COOKBOOK_INSIGHTS=off), alternating within each round so both see the machine in the same state."""

import os
import shutil
import sqlite3
import time

from .common import Toggle, log, median, quiet_snapshot, repository_copy, settle, sh

EDIT = Toggle("Features/Feed/FeedTranslator.swift", '"Popular"', '"Popular!"')  # a title on the first screen
GOAL = 0.02  # recording may cost at most 2 % of the build's time
FIXED_PAIRS = 20  # `insights record -- true`, recorded and not: the cost of a record alone


def overhead(pairs):
    """From rounds of (seconds recorded, seconds unrecorded): each median, their ratio, and the median
    of the rounds' own ratios (a drifting machine moves both sides of a round alike)."""
    recorded = [pair[0] for pair in pairs]
    unrecorded = [pair[1] for pair in pairs]
    on, off = median(recorded), median(unrecorded)
    return {"recorded": round(on, 3), "unrecorded": round(off, 3), "ratio": round(on / off, 4),
            "round_ratio": round(median([a / b for a, b in pairs]), 4)}


def count_records(path):
    """The builds the insights file at `path` holds (0 when there is none)."""
    if not os.path.exists(path):
        return 0
    with sqlite3.connect(path) as database:
        return database.execute("SELECT count(*) FROM builds").fetchone()[0]


def section_insights(args, work, builder, tool, results):
    # A git repository, as a workspace is: the record reads the commit and whether the tree is dirty.
    ws = repository_copy(work, "insights", args.ref)
    section = results.setdefault("insights", {"quiet_before": settle(args, "insights")})
    scratch = os.path.join(ws, ".build-insights")
    command = [tool.binary(), "run", "--package-path", ws, "--scratch-path", scratch, "Feed", "--version"]
    recording = {True: dict(os.environ), False: dict(os.environ, COOKBOOK_INSIGHTS="off")}
    log("\n== insights: workspace run Feed after a one-line change, recorded and not (COOKBOOK_INSIGHTS=off), alternating")
    sh(command, cwd=ws, env=recording[False])  # the first build, not measured
    pairs = []
    for run in range(args.runs):
        seconds = {}
        # Which goes first alternates, so neither always follows the other's build.
        for recorded in ([True, False] if run % 2 == 0 else [False, True]):
            EDIT.apply(ws)
            started = time.perf_counter()
            sh(command, cwd=ws, env=recording[recorded])
            seconds[recorded] = time.perf_counter() - started
        pairs.append((seconds[True], seconds[False]))
        log(f"  round {run + 1}: recorded {seconds[True]:.2f} s, not recorded {seconds[False]:.2f} s")
    section.update(overhead(pairs))
    # A build's time varies far more than recording costs: the record's own cost, without a build.
    fixed = [[], []]
    record = [tool.binary(), "insights", "record", "--package-path", ws, "--scratch-path", scratch, "--", "true"]
    for run in range(FIXED_PAIRS):
        for recorded in ([True, False] if run % 2 == 0 else [False, True]):
            started = time.perf_counter()
            sh(record, cwd=ws, env=recording[recorded])
            fixed[0 if recorded else 1].append(time.perf_counter() - started)
    section["record_cost"] = round(median(fixed[0]) - median(fixed[1]), 4)
    section["record_share"] = round(section["record_cost"] / section["unrecorded"], 4)
    log(f"  a record alone: {section['record_cost'] * 1000:.1f} ms, {section['record_share'] * 100:.2f} % of the unrecorded build")
    section["rounds"] = [{"recorded": round(a, 3), "unrecorded": round(b, 3)} for a, b in pairs]
    # Each recorded build left its record, and only those: otherwise the comparison means nothing.
    section["records"] = count_records(os.path.join(scratch, "insights", "insights.sqlite"))
    if section["records"] != args.runs + FIXED_PAIRS:
        raise RuntimeError(f"{args.runs + FIXED_PAIRS} commands were recorded, but the insights hold {section['records']} records")
    section["quiet_after"] = quiet_snapshot()
    from .report import save  # the report imports this module for its table
    save(results, args)
    if not args.keep:
        shutil.rmtree(ws, ignore_errors=True)


def report(section):
    """The section's table, or nothing when it did not run."""
    if not section.get("rounds"):
        return ""
    cost = section["ratio"] - 1
    # The goal is judged on the record's own cost: the builds' spread is larger than the goal.
    share = section["record_share"]
    verdict = "within" if share <= GOAL else "over"
    return (f"\nRecording a build in the insights (workspace run Feed after a one-line change, debug, "
            f"{len(section['rounds'])} interleaved rounds, median seconds)\n\n"
            f"| | seconds |\n|---|---|\n"
            f"| recorded | {section['recorded']:.2f} |\n"
            f"| not recorded (COOKBOOK_INSIGHTS=off) | {section['unrecorded']:.2f} |\n"
            f"| ratio | {section['ratio']:.3f} (rounds' median {section['round_ratio']:.3f}): {cost * 100:+.1f} % |\n"
            f"| a record alone (`insights record -- true`, {FIXED_PAIRS} interleaved pairs) | {section['record_cost']:.4f} |\n"
            f"| … as a share of the unrecorded build | {share * 100:.2f} %, {verdict} the {GOAL * 100:.0f} % goal |\n")
