#!/usr/bin/env python3
"""make bench: the side-by-side table of BENCHMARKS.md, measured in one run.

usage: Benchmarks/bench.py VENV_PYTHON   (from the project root, after Benchmarks/run built
the release binaries; Benchmarks/run is what `make bench` calls)

1. The date readers in-process on Duckling's 1,040 phrases, each at its own reference time:
   clerk's DateReader (DateReaderBenchmark, phrases per CPU-second of its thread), parsedatetime
   and dateparser (Benchmarks/Peers/peers.py, phrases per CPU-second of the process); and each
   one's accuracy on dates-duckling.tsv and dates-recognizers.tsv with the evaluation's scorer.
2. `clerk parse --jsonl` end to end: the Duckling requests 20 times over (20,800 lines) in one
   process; phrases per CPU-second of the process (start included).
   1 and 2 run in turn (clerk's reader, the peers, --jsonl), three rounds; the medians.
3. Start-up: `clerk --version` and a one-shot "what's on today" on a store of 10,000 events,
   next to hello-foundation (a Foundation hello-world built the same way): median wall time and
   peak RSS (ru_maxrss of each child) over 30 runs after 3 warm-ups.
4. Scale: ScaleBenchmark's table (agenda, lookup, file listing at 1k, 10k, 100k items).
The load average before the readers run and after the scale table heads the output: on a busy
machine the peers slow down more than clerk, and the ratios flatter clerk.
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.getcwd()
EVAL = os.path.join(ROOT, "..", "shared", "eval")
DUCKLING = os.path.join(EVAL, "dates-duckling.tsv")
RECOGNIZERS = os.path.join(EVAL, "dates-recognizers.tsv")
RELEASE = os.path.join(ROOT, ".build", "release")
CLERK = os.path.join(RELEASE, "clerk")
ENV = {"PATH": "/usr/bin:/bin", "HOME": tempfile.gettempdir(), "NO_COLOR": "1", "TZ": "UTC"}


def say(text):
    print(text, file=sys.stderr, flush=True)


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        return [dict(zip(header, line.rstrip("\n").split("\t"))) for line in f if line.strip()]


def measured(argv, stdin=None):
    """Runs argv with `stdin`: wall and CPU seconds, peak RSS (KiB), exit code and stdout, from os.wait4."""
    read_fd, write_fd = os.pipe() if stdin is not None else (None, None)
    out_file = tempfile.TemporaryFile()
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        if stdin is not None:
            os.dup2(read_fd, 0)
            os.close(write_fd)
        else:
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(out_file.fileno(), 1)
        os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
        os.execve(argv[0], argv, ENV)
    if stdin is not None:
        os.close(read_fd)
        with os.fdopen(write_fd, "wb") as pipe:
            pipe.write(stdin)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - started
    out_file.seek(0)
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss_kib": usage.ru_maxrss,
            "status": os.waitstatus_to_exitcode(status), "stdout": out_file.read()}


def reader_once():
    """Clerk's reader in-process: phrases per CPU-second of one DateReaderBenchmark run."""
    out = subprocess.run([os.path.join(RELEASE, "DateReaderBenchmark"), DUCKLING, "--parses", "300000"],
                         capture_output=True, text=True, check=True).stdout
    return float(re.search(r"throughput:\s+(\d+)", out).group(1))


def clerk_accuracy(corpus):
    out = subprocess.run([sys.executable, os.path.join(EVAL, "run"), "dates", corpus, "--clerk", CLERK],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        cells = line.split()
        if cells and cells[0] == "ALL":
            return cells[1:5]
    return ["?"] * 4


def peers_once(venv_python):
    """One run of Peers/peers.py: each peer's speeds and accuracy."""
    folder = tempfile.mkdtemp(prefix="clerk-peers-")
    try:
        out = subprocess.run([venv_python, os.path.join(ROOT, "Benchmarks", "Peers", "peers.py"), DUCKLING, RECOGNIZERS,
                              os.path.join(EVAL, "score_dates.py"), folder], capture_output=True, text=True, check=True).stdout
        return json.loads(out)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def jsonl_payload():
    rows = read_tsv(DUCKLING)
    lines = []
    for copy in range(20):
        for r in rows:
            lines.append(json.dumps({"id": f"{copy}-{r['id']}", "text": r["phrase"], "now": r["ref"], "tz": r.get("tz_offset") or "UTC"}))
    return ("\n".join(lines) + "\n").encode(), len(lines)


def jsonl_once(payload, lines):
    r = measured([CLERK, "parse", "--jsonl"], stdin=payload)
    assert r["status"] == 0 and r["stdout"].count(b"\n") == lines, "clerk parse --jsonl lost lines"
    return r


def speeds(venv_python, rounds=3):
    """The reader, the peers and `clerk parse --jsonl`, one after another, `rounds` times;
    the medians. In turn rather than each three times in a row: a VM's speed drifts over
    minutes, and the ratios are between measurements taken close together."""
    payload, lines = jsonl_payload()
    readers, peer_runs, jsonl_runs = [], [], []
    for _ in range(rounds):
        readers.append(reader_once())
        peer_runs.append(peers_once(venv_python))
        jsonl_runs.append(jsonl_once(payload, lines))
    peer = peer_runs[0]
    for name in peer:
        for key in ("phrases_per_cpu_s", "plain_phrases_per_cpu_s"):
            peer[name][key] = statistics.median(r[name][key] for r in peer_runs)
    cpu = statistics.median(r["cpu"] for r in jsonl_runs)
    wall = statistics.median(r["wall"] for r in jsonl_runs)
    jsonl = {"lines": lines, "per_cpu_s": lines / cpu, "per_wall_s": lines / wall}
    return statistics.median(readers), peer, jsonl


def startup():
    data = tempfile.mkdtemp(prefix="clerk-startup-")
    try:
        ics = os.path.join(data, "10k.ics")
        subprocess.run([os.path.join(RELEASE, "clerk-benchmarks"), "write-ics", "10000", ics], check=True, capture_output=True)
        clock = ["--now", "2026-03-02T10:00", "--tz", "Europe/Madrid"]
        subprocess.run([CLERK, "--data-dir", data + "/store"] + clock + ["import", ics], check=True, capture_output=True, env=ENV)
        commands = {
            "hello-foundation": [os.path.join(RELEASE, "hello-foundation")],
            "clerk --version": [CLERK, "--version"],
            "clerk \"what's on today\" (10,000 events)": [CLERK, "--data-dir", data + "/store"] + clock + ["what's on today"],
        }
        # Round-robin, so that the load of a shared machine falls on every command alike.
        runs = {name: [] for name in commands}
        for argv in commands.values():
            for _ in range(3):
                measured(argv)
        for _ in range(30):
            for name, argv in commands.items():
                runs[name].append(measured(argv))
        results = {}
        for name, done in runs.items():
            assert all(r["status"] == 0 for r in done), name
            results[name] = {"wall_ms": statistics.median(r["wall"] for r in done) * 1000,
                             "cpu_ms": statistics.median(r["cpu"] for r in done) * 1000,
                             "rss_mib": statistics.median(r["rss_kib"] for r in done) / 1024,
                             "rss_max_mib": max(r["rss_kib"] for r in done) / 1024}
        return results
    finally:
        shutil.rmtree(data, ignore_errors=True)


def main():
    venv_python = sys.argv[1]
    only = set(filter(None, os.environ.get("BENCH_ONLY", "").split(",")))
    if only:  # a part alone, for a second look: BENCH_ONLY=speed,startup
        if "speed" in only:
            load = os.getloadavg()
            reader, peer, j = speeds(venv_python)
            pdt = peer["parsedatetime"]["plain_phrases_per_cpu_s"]
            print(f"load {load[0]:.2f}: clerk's reader {reader:,.0f} phrases per CPU-second, parsedatetime {pdt:,.0f}: {reader / pdt:.1f}×; "
                  f"clerk parse --jsonl {j['per_cpu_s']:,.0f} lines per CPU-second: {j['per_cpu_s'] / pdt:.1f}×, "
                  f"the reader {reader / j['per_cpu_s']:.2f}× as fast; {j['per_wall_s']:,.0f} lines per wall second (two threads), "
                  f"the reader {reader / j['per_wall_s']:.2f}× as fast")
        if "startup" in only:
            for name, r in startup().items():
                print(f"{name}: wall {r['wall_ms']:.1f} ms, CPU {r['cpu_ms']:.1f} ms, RSS {r['rss_mib']:.1f} MiB (max {r['rss_max_mib']:.1f})")
        return
    load_before = os.getloadavg()
    say("bench: clerk's date reader, parsedatetime and dateparser, clerk parse --jsonl: three rounds in turn")
    clerk_reader, peer, jsonl = speeds(venv_python)
    say("bench: clerk's accuracy")
    clerk_duckling, clerk_recognizers = clerk_accuracy(DUCKLING), clerk_accuracy(RECOGNIZERS)
    say("bench: start-up")
    start = startup()
    say("bench: scale (1k, 10k, 100k; a few minutes)")
    scale = subprocess.run([os.path.join(RELEASE, "ScaleBenchmark"), "--clerk", CLERK], capture_output=True, text=True, check=True).stdout

    load_after = os.getloadavg()
    pdt = peer["parsedatetime"]["plain_phrases_per_cpu_s"]
    # Load slows the Python peers more than clerk (BENCHMARKS.md, "On a quiet machine"): the
    # ratios below are fair only when the machine was idle, so the table says how busy it was.
    print(f"Load average (1, 5, 15 minutes) at the start: {', '.join(f'{x:.2f}' for x in load_before)}; "
          f"at the end: {', '.join(f'{x:.2f}' for x in load_after)}.\n")
    def acc(cells):
        return f"{cells[2]} % ({cells[1]}/{cells[0]})"
    print("### Date readers side by side (Duckling's 1,040 phrases, in-process, phrases per CPU-second)\n")
    print("| reader | phrases/s | × parsedatetime | Duckling corpus: accuracy (start only) | Recognizers corpus: accuracy (start only) |")
    print("|---|---:|---:|---|---|")
    print(f"| clerk `DateReader.read` | {clerk_reader:,.0f} | {clerk_reader / pdt:.1f} | {acc(clerk_duckling)} ({clerk_duckling[3]} %) "
          f"| {acc(clerk_recognizers)} ({clerk_recognizers[3]} %) |")
    print(f"| clerk `clerk parse --jsonl`, end to end ({jsonl['lines']:,} lines, process start included), per CPU-second of its two threads "
          f"| {jsonl['per_cpu_s']:,.0f} | {jsonl['per_cpu_s'] / pdt:.1f} | the same | the same |")
    print(f"| clerk `clerk parse --jsonl`, the same runs, per wall second "
          f"| {jsonl['per_wall_s']:,.0f} | {jsonl['per_wall_s'] / pdt:.1f} | the same | the same |")
    for name in ("parsedatetime", "dateparser"):
        p = peer[name]
        print(f"| {name} (plain call) | {p['plain_phrases_per_cpu_s']:,.0f} | {p['plain_phrases_per_cpu_s'] / pdt:.2f} | | |")
        print(f"| {name} (as scored: plain call, then a search in the text) | {p['phrases_per_cpu_s']:,.0f} | {p['phrases_per_cpu_s'] / pdt:.2f} "
              f"| {acc(p['duckling']['cells'])} ({p['duckling']['cells'][3]} %) | {acc(p['recognizers']['cells'])} ({p['recognizers']['cells'][3]} %) |")
    print(f"\nThe reader alone is {clerk_reader / jsonl['per_cpu_s']:.2f}× as fast as `clerk parse --jsonl` in CPU time, "
          f"{clerk_reader / jsonl['per_wall_s']:.2f}× in wall time (`--jsonl` reads dates on one thread and routes on another).\n")
    print("### Start-up (30 rounds, the three commands in turn; medians; peak RSS: median, max)\n")
    print("| command | wall | × hello-foundation | CPU (user + sys) | × hello-foundation | peak RSS |")
    print("|---|---:|---:|---:|---:|---:|")
    base, base_cpu = start["hello-foundation"]["wall_ms"], start["hello-foundation"]["cpu_ms"]
    for name, r in start.items():
        print(f"| `{name}` | {r['wall_ms']:.1f} ms | {r['wall_ms'] / base:.2f} | {r['cpu_ms']:.1f} ms | {r['cpu_ms'] / base_cpu:.2f} "
              f"| {r['rss_mib']:.1f} MiB ({r['rss_max_mib']:.1f}) |")
    print("\n### Scale (median of 15 in process, 7 one-shot commands)\n")
    print(scale.strip())


if __name__ == "__main__":
    main()
