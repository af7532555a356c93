#!/usr/bin/env python3
"""The one-shot's start-up of two or more clerk builds side by side, as bench.py startup() times it.

usage: Benchmarks/startup_ab.py STORE ROUNDS HELLO_FOUNDATION CLERK [CLERK...]

STORE is a data folder holding the 10,000-event store of bench.py startup() (clerk-benchmarks
write-ics 10000 F.ics, then clerk --data-dir STORE --now 2026-03-02T10:00 --tz Europe/Madrid
import F.ics). hello-foundation and each clerk's `"what's on today"` run in turn, three warm-ups
each, then ROUNDS rounds (fork and execve with bench.py's environment, stdout to /dev/null,
os.wait4); printed: the load average, then for each command the median wall time, CPU time and
minor faults, its peak RSS, and its wall time over hello-foundation's. The builds compared run
in the same rounds, so the load of a shared machine falls on each alike.
"""
import os
import statistics
import sys
import time

ENV = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "NO_COLOR": "1", "TZ": "UTC"}


def measured(argv):
    devnull = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.dup2(devnull, 1)
        os.execve(argv[0], argv, ENV)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    os.close(devnull)
    assert status == 0, argv
    return wall * 1000, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_minflt, usage.ru_maxrss / 1024


def main():
    store, rounds, hello, clerks = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    question = ["--data-dir", store, "--now", "2026-03-02T10:00", "--tz", "Europe/Madrid", "what's on today"]
    commands = [("hello-foundation", [hello])] + [(clerk, [clerk] + question) for clerk in clerks]
    for _, argv in commands:
        for _ in range(3):
            measured(argv)
    runs = {name: [] for name, _ in commands}
    load = os.getloadavg()[0]
    for _ in range(rounds):
        for name, argv in commands:
            runs[name].append(measured(argv))
    print(f"load {load:.2f} -> {os.getloadavg()[0]:.2f}, {rounds} rounds")
    hello_wall = statistics.median(r[0] for r in runs["hello-foundation"])
    for name, done in runs.items():
        wall = statistics.median(r[0] for r in done)
        print(f"{name}: wall {wall:.2f} ms, CPU {statistics.median(r[1] for r in done):.2f} ms, "
              f"{statistics.median(r[2] for r in done):.0f} faults, RSS {max(r[3] for r in done):.1f} MiB, "
              f"{wall / hello_wall:.3f}x hello-foundation")


if __name__ == "__main__":
    main()
