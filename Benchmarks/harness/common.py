"""What every section of the benchmarks shares: running commands, files, the machine's state,
copies of the workspace, one-line edits and reading build logs. Python 3 standard library only."""

import datetime
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# MARK: - Small helpers

def log(message):
    print(message, flush=True)


def sh(args, cwd=None, check=True, capture=True, env=None, input_text=None):
    """Runs a command; returns its CompletedProcess (output as text)."""
    result = subprocess.run(args, cwd=cwd, env=env, input=input_text, text=True,
                            stdout=subprocess.PIPE if capture else None,
                            stderr=subprocess.STDOUT if capture else None)
    if check and result.returncode != 0:
        tail = (result.stdout or "")[-3000:]
        raise RuntimeError(f"command failed ({result.returncode}): {' '.join(args)}\n{tail}")
    return result


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(seconds, digits=1):
    return "—" if seconds is None else f"{seconds:.{digits}f}"


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


# MARK: - The machine

def load_average():
    return os.getloadavg()


def cpu_ticks(pid):
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return None


def foreign_compiles(sample_seconds=2.0):
    """swift-build / swift-frontend / swift-test / test processes using CPU now (others': we run none
    between our builds). A process that sits idle (a hung test waiting on input) does not count."""
    out = sh(["ps", "-eo", "pid,args"], check=False).stdout or ""
    names = ("swift-build", "swift-frontend", "swift-test", "swift-driver", ".xctest", "swift-run")
    candidates = {}
    for line in out.splitlines()[1:]:
        parts = line.strip().split(None, 1)
        if len(parts) == 2 and any(name in parts[1].split(" ")[0] for name in names):
            candidates[int(parts[0])] = parts[1][:120]
    before = {pid: cpu_ticks(pid) for pid in candidates}
    time.sleep(sample_seconds)
    busy = []
    for pid, args in candidates.items():
        after = cpu_ticks(pid)
        if before[pid] is not None and after is not None and after - before[pid] > 5:  # > 0.05 s of CPU
            busy.append(args)
    return busy


def quiet_snapshot():
    one, five, fifteen = load_average()
    return {"time": datetime.datetime.now().isoformat(timespec="seconds"),
            "load": [round(one, 2), round(five, 2), round(fifteen, 2)],
            "others_compiling": foreign_compiles()}


def wait_until_quiet(max_minutes, threshold, use_load=True):
    """Waits (polling every minute) until nobody else compiles or tests and, with `use_load`, the
    load average is under `threshold` (between our own blocks the load is our own builds')."""
    deadline = time.time() + max_minutes * 60
    while True:
        snap = quiet_snapshot()
        busy = (use_load and snap["load"][0] >= threshold) or snap["others_compiling"]
        if not busy:
            log(f"machine quiet: load {snap['load']}")
            return snap
        if time.time() > deadline:
            log(f"machine still busy after {max_minutes} min (load {snap['load']}, "
                f"{len(snap['others_compiling'])} compiler processes of others); measuring anyway")
            return snap
        log(f"waiting for a quiet machine: load {snap['load']}, others compiling: {len(snap['others_compiling'])}")
        time.sleep(60)


def settle(args, what):
    """Before each measured block: with --wait-quiet, wait for a quiet machine; returns the snapshot."""
    if args.wait_quiet:
        log(f"  ({what}: checking the machine is quiet)")
        return wait_until_quiet(args.wait_quiet, args.quiet_load, use_load=False)
    return quiet_snapshot()


def machine():
    cpu = ""
    with open("/proc/cpuinfo") as handle:
        for line in handle:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory = ""
    with open("/proc/meminfo") as handle:
        for line in handle:
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    swift = sh(["swift", "--version"], check=False).stdout.strip().splitlines()
    return {"nproc": os.cpu_count(), "cpu": cpu, "memory": memory,
            "swift": swift[0] if swift else "", "kernel": platform.release(),
            "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds")}


# MARK: - Workspace copies

def copy_workspace(dest, ref=None):
    """Copies the workspace: `git ls-files` (tracked and untracked, not ignored), or `git archive REF`."""
    os.makedirs(dest, exist_ok=True)
    if ref:
        archive = subprocess.Popen(["git", "-C", ROOT, "archive", ref], stdout=subprocess.PIPE)
        untar = subprocess.run(["tar", "-x", "-C", dest], stdin=archive.stdout)
        archive.wait()
        if archive.returncode or untar.returncode:
            raise RuntimeError(f"git archive {ref} failed")
        return dest
    files = sh(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard"]).stdout
    for name in files.split("\0"):
        source = os.path.join(ROOT, name)
        target = os.path.join(dest, name)
        if name and os.path.islink(source):
            # Links stay links (Tools/Links/DataFormats → ../../Platform/DataFormats), as git keeps them.
            os.makedirs(os.path.dirname(target), exist_ok=True)
            os.symlink(os.readlink(source), target)
            continue
        if not name or not os.path.isfile(source):
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)
    return dest


def repository_copy(work, name, ref=None):
    """A copy of the workspace in `work`/`name` (as copy_workspace) made a git repository of its own,
    its main branch the copy as it is: what a section then edits is the change."""
    ws = copy_workspace(os.path.join(work, name), ref)
    env = dict(os.environ, GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.invalid",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.invalid")
    for command in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "copy"]):
        sh(["git", *command], cwd=ws, env=env)
    return ws


def swift_lines(folder):
    total = 0
    for base, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(base, name), encoding="utf-8") as handle:
                    total += sum(1 for _ in handle)
    return total


def feature_names(ws):
    """The names of Package.swift's `let features = \"\"\" … \"\"\"` (or of an older array of literals)."""
    text = read(os.path.join(ws, "Package.swift"))
    block = re.search(r'let features = """(.*?)"""', text, re.S)
    if block:
        return block.group(1).split()
    block = re.search(r"let features: \[String\] = \[(.*?)\]", text, re.S)
    return re.findall(r'"(\w+)"', block.group(1)) if block else []


# MARK: - Build logs

COMPILING = re.compile(r"Compiling (\w+) (.+)$")


def compiled_files(output):
    """{module: [files]} from `Compiling <Module> <File>[, <File>…]` lines of a SwiftPM build log."""
    modules = {}
    for line in output.splitlines():
        match = COMPILING.search(line)
        if not match:
            continue
        files = [f.strip() for f in match.group(2).split(",") if f.strip().endswith(".swift")]
        modules.setdefault(match.group(1), []).extend(files)
    return modules


# MARK: - Edits

def write_edit(path, text):
    """Writes an edit of a source file in a later second than its last change.

    The Swift driver can take a file changed again within the second of its last change for
    unchanged, and skip it ("May skip current input"): with an edit, a build, the edit undone and a
    build in quick turns, 3 of 12 plain `swift build`s compiled nothing; with the edits 1.2 s apart,
    none. A person never edits that fast; the loops do, so each edit waits out the second (outside
    any timing).
    """
    if os.path.exists(path):
        wait = math.floor(os.stat(path).st_mtime) + 1 - time.time()
        if wait > 0:
            time.sleep(wait)
    write(path, text)


class Toggle:
    """A one-line change that alternates between two texts, so each apply is a real change."""

    def __init__(self, path, a, b):
        self.path, self.a, self.b = path, a, b

    def apply(self, ws):
        path = os.path.join(ws, self.path)
        text = read(path)
        if self.b in text:
            text = text.replace(self.b, self.a, 1)
        elif self.a in text:
            text = text.replace(self.a, self.b, 1)
        else:
            raise RuntimeError(f"{self.path}: neither {self.a!r} nor {self.b!r} found")
        write_edit(path, text)


class AppendToggle:
    """Adds a line at the end of a file, or removes it if it is there: a declaration change."""

    def __init__(self, path, line):
        self.path, self.line = path, line

    def apply(self, ws):
        path = os.path.join(ws, self.path)
        text = read(path)
        marker = "\n" + self.line + "\n"
        write_edit(path, text.replace(marker, "\n") if marker in text else text.rstrip("\n") + marker)


class InsertToggle:
    """Adds a line after the first line matching `anchor`, or removes it: a member of an existing type."""

    def __init__(self, path, anchor, line):
        self.path, self.anchor, self.line = path, anchor, line

    def apply(self, ws):
        path = os.path.join(ws, self.path)
        lines = read(path).split("\n")
        if self.line in lines:
            lines.remove(self.line)
        else:
            index = next(i for i, l in enumerate(lines) if l.strip() == self.anchor)
            lines.insert(index + 1, self.line)
        write_edit(path, "\n".join(lines))


class Touch:
    def __init__(self, path):
        self.path = path

    def apply(self, ws):
        os.utime(os.path.join(ws, self.path))


# MARK: - Output read as it comes

class LineReader:
    """Reads a process's output on a thread, stamping each line with time.perf_counter()."""

    def __init__(self, stream):
        self.lines = []
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream):
        for line in stream:
            with self.lock:
                self.lines.append((time.perf_counter(), line.rstrip("\n")))

    def wait_for(self, predicate, since=0.0, timeout=600):
        """The first (time, line) after `since` for which predicate(line) holds; raises after `timeout`."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.lock:
                found = next(((t, l) for t, l in self.lines if t >= since and predicate(l)), None)
            if found:
                return found
            time.sleep(0.005)
        with self.lock:
            tail = "\n".join(l for _, l in self.lines[-40:])
        raise RuntimeError(f"workspace watch: timed out; its last lines:\n{tail}")


def end_process(process):
    """Kills `process` if it is still running (a loop that failed half-way) and reaps it."""
    if process.poll() is None:
        process.kill()
        process.wait()
