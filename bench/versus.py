#!/usr/bin/env python3
"""versus.py — two builds' programs timed in turns on one command.

usage: versus.py RUNS BUILD_A BUILD_B ARG...

Runs BUILD_A/mutorere ARG... and BUILD_B/mutorere ARG... alternately, RUNS
times each (after one warm-up run each), and prints the median wall time
and processor time (user + system, from wait4) of each and their ratios
(B / A).  On a shared machine the processor time is the steadier figure.
README.md (the benchmarks) gives what it measured: the default build
against the native one."""

import os
import statistics
import sys
import time


def run_once(argv):
    """Wall and processor seconds of one run of argv (its output dropped)."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.execv(argv[0], argv)
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"versus.py: {' '.join(argv)} failed ({status})")
    return wall, usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    runs = int(sys.argv[1])
    builds = sys.argv[2:4]
    args = sys.argv[4:]
    argvs = [[os.path.join(b, "mutorere")] + args for b in builds]
    times = {b: [] for b in builds}
    for argv in argvs:
        run_once(argv)
    for _ in range(runs):
        for build, argv in zip(builds, argvs):
            times[build].append(run_once(argv))
    medians = {}
    for build in builds:
        wall = statistics.median(t[0] for t in times[build])
        cpu = statistics.median(t[1] for t in times[build])
        medians[build] = (wall, cpu)
        print(f"{build:>24}: wall {wall:.3f} s, processor {cpu:.3f} s (median of {runs})")
    a, b = (medians[x] for x in builds)
    print(f"{builds[1]} / {builds[0]}: wall {b[0] / a[0]:.3f}, processor {b[1] / a[1]:.3f}")


if __name__ == "__main__":
    main()
