#!/usr/bin/env python3
"""Checks the module rules from the manifest (`swift package dump-package`):
features depend on Core only, sandboxes on their feature plus Core and test support,
nothing depends on App, and every feature has a sandbox and a test target."""
import json, subprocess, sys

manifest = json.loads(subprocess.check_output(["swift", "package", "dump-package"], text=True))
targets = {t["name"]: t for t in manifest["targets"]}

def deps(target):
    names = []
    for d in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in d:
                names.append(d[kind][0])
    return names

features = sorted(n for n, t in targets.items() if t.get("path", "").startswith("Features/"))
problems = []
for name in features:
    extra = [d for d in deps(targets[name]) if d != "Core"]
    if extra:
        problems.append(f"{name}: a feature may depend on Core only, not {', '.join(extra)}")
    sandbox = targets.get(f"{name}Sandbox")
    if sandbox is None:
        problems.append(f"{name}: has no sandbox {name}Sandbox")
    else:
        allowed = {"Core", "CoreTesting", "SandboxSupport", name}
        bad = [d for d in deps(sandbox) if d not in allowed]
        if bad:
            problems.append(f"{name}Sandbox: a sandbox may depend on {', '.join(sorted(allowed))} only, not {', '.join(bad)}")
    if f"{name}Tests" not in targets:
        problems.append(f"{name}: has no test target {name}Tests")
for name, target in targets.items():
    if "App" in deps(target) and name not in ("cookbook", "AppTests"):
        problems.append(f"{name}: nothing but the cookbook executable and AppTests may depend on App")

for p in problems:
    print(p, file=sys.stderr)
print(f"{len(features)} features checked: {'OK' if not problems else f'{len(problems)} problems'}")
sys.exit(1 if problems else 0)
