#!/usr/bin/env python3
"""Mutation score of the fuzzer: how many single-rule mutants of the reference policy a
default-size campaign kills.

Each mutant is a file `Tests/Mutants/NN-name.mutant` (see Tests/Mutants/README.md): a summary,
the policy rule it breaks, the invariant meant to catch it, and one or more hunks
(`<<<<<<< original` / `=======` / `>>>>>>> mutant`) each replacing text that must occur exactly
once in its file. Nothing here touches the checkout it is run from: the sources are copied to a
scratch directory (kept between runs so that release builds stay incremental), each mutant is
applied there, built (`swift build -c release --product suinav`), run with

    suinav fuzz --seed 1 --runs 5000 --workers 1 --no-progress --json --artifacts <tmp>

and reverted. A campaign that ends by a signal (a trap: exit 132 for SIGILL) counts as killed by
a crash; the run it died in is found by bisecting `--runs`. A surviving mutant is shown to change
behaviour by the campaign's event count (which differs from the unmutated build's) or, when given,
by its witness scenario (`witness:` field) whose trace hash differs.

Usage: Scripts/mutation-score.py [--only SUBSTRING ...] [--out FILE] [--scratch DIR] [--runs N] [--check]
Only the Python 3 standard library is used.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MUTANTS_DIR = os.path.join(REPO, "Tests", "Mutants")
BUILD_TIMEOUT_SECONDS = 1800
CAMPAIGN_TIMEOUT_SECONDS = 900


@dataclass
class Hunk:
    path: str
    original: str
    replacement: str


@dataclass
class Mutant:
    name: str
    summary: str
    rule: str
    expect: str
    witness: str | None
    hunks: list[Hunk] = field(default_factory=list)


@dataclass
class Outcome:
    status: str  # killed, killed-by-crash, survived, does-not-apply, does-not-compile, timeout
    first_run: int | None = None
    invariant: str = ""
    all_invariants: str = ""
    shrunk_steps: int | None = None
    evidence: str = ""
    note: str = ""
    seconds: float = 0.0


class MutantFileError(Exception):
    pass


def parse_mutant(path: str) -> Mutant:
    """Reads one `.mutant` file; errors name the file and line."""
    name = os.path.splitext(os.path.basename(path))[0]
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    summary, fields, hunks = [], {}, []
    current_file, index = None, 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("<<<<<<< original"):
            if current_file is None:
                raise MutantFileError(f"{path}:{index + 1}: a hunk before any 'file:' line")
            original, index = collect(lines, index + 1, "=======", path)
            replacement, index = collect(lines, index, ">>>>>>> mutant", path)
            hunks.append(Hunk(current_file, original, replacement))
            continue
        if line.startswith("# "):
            summary.append(line[2:].strip())
        elif re.match(r"^[a-z]+: ", line):
            key, value = line.split(": ", 1)
            if key == "file":
                current_file = value.strip()
            else:
                fields[key] = value.strip()
        elif line.strip():
            raise MutantFileError(f"{path}:{index + 1}: unexpected line {line!r}")
        index += 1
    if not hunks:
        raise MutantFileError(f"{path}: no hunk")
    for key in ("rule", "expect"):
        if key not in fields:
            raise MutantFileError(f"{path}: missing '{key}:' line")
    return Mutant(name, " ".join(summary), fields["rule"], fields["expect"], fields.get("witness"), hunks)


def collect(lines: list[str], start: int, terminator: str, path: str) -> tuple[str, int]:
    """The text from `start` up to the `terminator` line, and the index after it."""
    for end in range(start, len(lines)):
        if lines[end].startswith(terminator):
            return "\n".join(lines[start:end]), end + 1
    raise MutantFileError(f"{path}:{start}: missing '{terminator}'")


# MARK: Scratch copy


def tracked_files(repo: str) -> list[str]:
    out = subprocess.run(["git", "-C", repo, "ls-files", "-co", "--exclude-standard", "-z"],
                         check=True, capture_output=True).stdout
    return [p for p in out.decode().split("\0") if p and os.path.isfile(os.path.join(repo, p))]


def sync_scratch(repo: str, work: str) -> None:
    """Makes `work` hold exactly the repository's files, keeping its `.build`."""
    os.makedirs(work, exist_ok=True)
    for entry in os.listdir(work):
        if entry == ".build":
            continue
        target = os.path.join(work, entry)
        shutil.rmtree(target) if os.path.isdir(target) and not os.path.islink(target) else os.remove(target)
    for relative in tracked_files(repo):
        destination = os.path.join(work, relative)
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        shutil.copy2(os.path.join(repo, relative), destination)


def apply(mutant: Mutant, work: str) -> str | None:
    """Applies every hunk; returns why it does not apply, or None."""
    for hunk in mutant.hunks:
        target = os.path.join(work, hunk.path)
        if not os.path.isfile(target):
            return f"{hunk.path}: no such file"
        with open(target, encoding="utf-8") as handle:
            text = handle.read()
        count = text.count(hunk.original)
        if count != 1:
            return f"{hunk.path}: original text found {count} times (expected once)"
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(text.replace(hunk.original, hunk.replacement, 1))
    return None


def revert(mutant: Mutant, repo: str, work: str) -> None:
    for path in {hunk.path for hunk in mutant.hunks}:
        shutil.copy2(os.path.join(repo, path), os.path.join(work, path))


# MARK: Build and run


def build(work: str) -> tuple[bool, str]:
    result = subprocess.run(["swift", "build", "-c", "release", "--product", "suinav"], cwd=work,
                            capture_output=True, text=True, timeout=BUILD_TIMEOUT_SECONDS)
    return result.returncode == 0, (result.stdout + result.stderr)[-3000:]


def campaign(binary: str, runs: int, seed: int, artifacts: str, shrink: bool = True) -> tuple[int, dict | None, str]:
    """Runs one campaign; returns its exit code (negative: killed by that signal), its JSON report, stderr."""
    arguments = [binary, "fuzz", "--seed", str(seed), "--runs", str(runs), "--workers", "1",
                 "--no-progress", "--json", "--artifacts", artifacts]
    if not shrink:
        arguments.append("--no-shrink")
    result = subprocess.run(arguments, capture_output=True, text=True, timeout=CAMPAIGN_TIMEOUT_SECONDS)
    report = None
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        pass
    return result.returncode, report, result.stderr


def is_signal(code: int) -> bool:
    # subprocess reports a signal as a negative code; a shell reports 128 + signal.
    return code < 0 or code > 128


def signal_name(code: int) -> str:
    number = -code if code < 0 else code - 128
    names = {4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV"}
    return f"{names.get(number, 'signal ' + str(number))} (exit {128 + number})"


def first_crash_run(binary: str, runs: int, seed: int, scratch: str) -> int | None:
    """The smallest `--runs` whose campaign dies by a signal (run indices are deterministic)."""
    def crashes(count: int) -> bool:
        with tempfile.TemporaryDirectory(dir=scratch) as artifacts:
            code, _, _ = campaign(binary, count, seed, artifacts, shrink=False)
        return is_signal(code)
    if not crashes(runs):
        return None
    low, high = 0, runs  # crashes(high) holds, crashes(low) does not (0 runs never crash).
    while high - low > 1:
        middle = (low + high) // 2
        if crashes(middle):
            high = middle
        else:
            low = middle
    return high


def trap_message(stderr: str) -> str:
    """The runtime's reason for a trap and the first frame in the package's sources, on one line
    (release builds print "Swift runtime failure: precondition failure" without the message)."""
    reason = re.search(r"(Fatal error: [^\n]*|Swift runtime failure: [^*\n]*[^*\s])", stderr)
    frame = re.search(r"0x[0-9a-f]+ (?:specialized )?(?:static )?([^\s(]+)\S* \+ \d+ in \S+ at \S*?/Sources/(\S+?):(\d+)", stderr)
    parts = [reason.group(1) if reason else "trap"]
    if frame:
        parts.append(f"in {frame.group(1)} ({frame.group(2)}:{frame.group(3)})")
    return " ".join(parts)[:240]


def shrunk_steps(report: dict, artifacts: str) -> tuple[int | None, str]:
    """Steps of the first finding's saved (shrunk) scenario and that finding's signature."""
    findings = sorted(report.get("findings", []), key=lambda f: f["run"])
    if not findings:
        return None, ""
    first = findings[0]
    path = first["file"] if os.path.isabs(first["file"]) else os.path.join(artifacts, os.path.basename(first["file"]))
    try:
        with open(path, encoding="utf-8") as handle:
            return len(json.load(handle).get("steps", [])), first["signature"]
    except (OSError, json.JSONDecodeError):
        return None, first["signature"]


def replay_hash(binary: str, scenario: str) -> str | None:
    result = subprocess.run([binary, "replay", scenario, "--json"], capture_output=True, text=True, timeout=120)
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        return f"exit {result.returncode}"
    violation = report.get("violation")
    return report["traceHash"] + (f" ({violation['invariant']})" if violation else "")


# MARK: One mutant


@dataclass
class Baseline:
    events: int
    witness_hashes: dict[str, str | None]


def run_mutant(mutant: Mutant, options, work: str, baseline: Baseline) -> Outcome:
    """Applies, builds and runs one mutant in `work`, then reverts it whatever happened."""
    started = time.monotonic()
    try:
        outcome = try_mutant(mutant, options, work, baseline)
    finally:
        revert(mutant, REPO_UNDER_TEST, work)
    outcome.seconds = time.monotonic() - started
    return outcome


def try_mutant(mutant: Mutant, options, work: str, baseline: Baseline) -> Outcome:
    problem = apply(mutant, work)
    if problem:
        return Outcome("does-not-apply", note=problem)
    built, log = build(work)
    if not built:
        errors = [line for line in log.splitlines() if "error:" in line][:2]
        return Outcome("does-not-compile", note=" / ".join(errors) or log[-300:])
    binary = os.path.join(work, ".build", "release", "suinav")
    with tempfile.TemporaryDirectory(dir=options.scratch) as artifacts:
        try:
            code, report, stderr = campaign(binary, options.runs, options.seed, artifacts)
        except subprocess.TimeoutExpired:
            return Outcome("timeout", note=f"campaign longer than {CAMPAIGN_TIMEOUT_SECONDS} s")
        return judge(mutant, options, binary, code, report, stderr, artifacts, baseline)


def judge(mutant, options, binary, code, report, stderr, artifacts, baseline: Baseline) -> Outcome:
    if is_signal(code):
        with open(os.path.join(options.scratch, f"{mutant.name}.stderr"), "w", encoding="utf-8") as log:
            log.write(stderr)
        run = first_crash_run(binary, options.runs, options.seed, options.scratch)
        return Outcome("killed-by-crash", first_run=run, invariant="crash", all_invariants=signal_name(code),
                       note=trap_message(stderr))
    if report is None:
        return Outcome("killed", invariant=f"exit {code}", note=stderr.strip()[-200:])
    failures = report.get("failuresByInvariant", {})
    summary = " ".join(f"{key}×{failures[key]}" for key in sorted(failures))
    if report.get("nondeterministicSeeds"):
        summary = (summary + " D1").strip()
    if report.get("result") == "pass":
        return Outcome("survived", evidence=behaviour_evidence(mutant, binary, report, baseline))
    steps, signature = shrunk_steps(report, artifacts)
    first = report.get("firstFailureRun")
    return Outcome("killed", first_run=None if first is None else first + 1, invariant=signature or summary,
                   all_invariants=summary, shrunk_steps=steps)


def behaviour_evidence(mutant: Mutant, binary: str, report: dict, baseline: Baseline) -> str:
    """Why a surviving mutant is not equivalent (or that no difference was seen)."""
    parts = []
    events = report.get("events")
    if events != baseline.events:
        parts.append(f"campaign events {events} vs {baseline.events}")
    if mutant.witness:
        before = baseline.witness_hashes.get(mutant.witness)
        after = replay_hash(binary, os.path.join(REPO_UNDER_TEST, mutant.witness))
        verdict = "differs" if before != after else "SAME"
        parts.append(f"witness {os.path.basename(mutant.witness)}: trace {before} -> {after} ({verdict})")
    return "; ".join(parts) or "no difference seen (possibly equivalent)"


# MARK: Report


def table(mutants: list[Mutant], outcomes: list[Outcome], options, total_seconds: float) -> str:
    judged = [o for o in outcomes if o.status in ("killed", "killed-by-crash", "survived")]
    killed = [o for o in judged if o.status != "survived"]
    score = 100.0 * len(killed) / max(len(judged), 1)
    lines = [
        f"Mutation score: **{len(killed)}/{len(judged)} killed ({score:.0f} %)**; campaign "
        f"`suinav fuzz --seed {options.seed} --runs {options.runs} --workers 1` per mutant; "
        f"{total_seconds:.0f} s in all.",
        "",
        "| mutant | rule | meant for | result | runs to first failure | first failure | all failures | shrunk steps | notes |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for mutant, outcome in zip(mutants, outcomes):
        cells = [
            f"`{mutant.name}`", mutant.rule, mutant.expect, f"**{outcome.status}**",
            "-" if outcome.first_run is None else str(outcome.first_run),
            outcome.invariant or "-", outcome.all_invariants or "-",
            "-" if outcome.shrunk_steps is None else str(outcome.shrunk_steps),
            " ".join("; ".join(x for x in (outcome.note, outcome.evidence) if x).replace("|", "\\|").split()) or "-",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    survivors = [m.name for m, o in zip(mutants, outcomes) if o.status == "survived"]
    broken = [m.name for m, o in zip(mutants, outcomes) if o.status not in ("killed", "killed-by-crash", "survived")]
    lines += ["", f"Survivors: {', '.join(survivors) if survivors else 'none'}."]
    if broken:
        lines.append(f"Not judged (fix the mutant): {', '.join(broken)}.")
    return "\n".join(lines) + "\n"


def write_atomically(path: str, text: str) -> None:
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=".mutation-score-")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temporary, path)


def main() -> int:
    global REPO_UNDER_TEST
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", default=REPO, help="repository to mutate (default: the one holding this script)")
    parser.add_argument("--scratch", default=os.path.join(tempfile.gettempdir(), f"suinav-mutation-{os.getuid()}"),
                        help="scratch directory, kept between runs for incremental builds")
    parser.add_argument("--only", action="append", default=[], help="run only mutants whose name contains this")
    parser.add_argument("--runs", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="also write the markdown table here (default: <scratch>/mutation-score.md)")
    parser.add_argument("--check", action="store_true",
                        help="only check that every mutant applies to the current sources (no build, no campaign)")
    options = parser.parse_args()
    REPO_UNDER_TEST = os.path.abspath(options.repo)
    mutants_dir = os.path.join(REPO_UNDER_TEST, "Tests", "Mutants")
    try:
        mutants = [parse_mutant(os.path.join(mutants_dir, name))
                   for name in sorted(os.listdir(mutants_dir)) if name.endswith(".mutant")]
    except (MutantFileError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if options.only:
        mutants = [m for m in mutants if any(word in m.name for word in options.only)]
    if not mutants:
        print("error: no mutant selected", file=sys.stderr)
        return 2
    if options.check:
        return check_mutants(mutants)
    os.makedirs(options.scratch, exist_ok=True)
    work = os.path.join(options.scratch, "work")
    started = time.monotonic()
    baseline = prepare_baseline(options, work, mutants)
    if baseline is None:
        return 1
    outcomes = []
    for number, mutant in enumerate(mutants, 1):
        print(f"[{number}/{len(mutants)}] {mutant.name} ...", file=sys.stderr, flush=True)
        outcome = run_mutant(mutant, options, work, baseline)
        print(f"    {outcome.status} {outcome.invariant} first={outcome.first_run} steps={outcome.shrunk_steps} "
              f"({outcome.seconds:.0f} s) {outcome.note} {outcome.evidence}", file=sys.stderr, flush=True)
        outcomes.append(outcome)
    text = table(mutants, outcomes, options, time.monotonic() - started)
    print(text)
    out = options.out or os.path.join(options.scratch, "mutation-score.md")
    write_atomically(out, text)
    print(f"wrote: {out}", file=sys.stderr)
    return 0


def check_mutants(mutants: list[Mutant]) -> int:
    """Reports every mutant whose hunks do not apply exactly once to the repository's sources."""
    stale = 0
    for mutant in mutants:
        for hunk in mutant.hunks:
            target = os.path.join(REPO_UNDER_TEST, hunk.path)
            try:
                with open(target, encoding="utf-8") as handle:
                    count = handle.read().count(hunk.original)
            except OSError:
                count = 0
            if count != 1:
                stale += 1
                print(f"{mutant.name}: {hunk.path}: original text found {count} times (expected once)")
    witnesses = [m for m in mutants if m.witness and not os.path.isfile(os.path.join(REPO_UNDER_TEST, m.witness))]
    for mutant in witnesses:
        print(f"{mutant.name}: witness {mutant.witness} does not exist")
    print(f"{len(mutants)} mutants, {stale} stale hunks, {len(witnesses)} missing witnesses")
    return 1 if stale or witnesses else 0


def prepare_baseline(options, work: str, mutants: list[Mutant]) -> Baseline | None:
    """Copies the repository, builds it unmutated and checks that its campaign passes."""
    print(f"scratch copy of {REPO_UNDER_TEST} in {work}; building the unmutated baseline ...", file=sys.stderr, flush=True)
    sync_scratch(REPO_UNDER_TEST, work)
    built, log = build(work)
    if not built:
        print(f"error: the unmutated sources do not build:\n{log}", file=sys.stderr)
        return None
    binary = os.path.join(work, ".build", "release", "suinav")
    with tempfile.TemporaryDirectory(dir=options.scratch) as artifacts:
        code, report, stderr = campaign(binary, options.runs, options.seed, artifacts)
    if code != 0 or report is None:
        print(f"error: the unmutated campaign does not pass (exit {code}); a mutation score needs a clean baseline\n{stderr[-2000:]}",
              file=sys.stderr)
        return None
    witnesses = {m.witness for m in mutants if m.witness}
    hashes = {w: replay_hash(binary, os.path.join(REPO_UNDER_TEST, w)) for w in sorted(witnesses)}
    return Baseline(events=report["events"], witness_hashes=hashes)


REPO_UNDER_TEST = REPO

if __name__ == "__main__":
    sys.exit(main())
