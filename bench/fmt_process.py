#!/usr/bin/env python3
"""Whole-process time of `shlo fmt --check FILE` (start-up, parse, lowering,
printing; what a user or an editor's format-on-save waits for), for one or
more `shlo` binaries run alternately so that they share the machine's load.
Prints per binary the median and minimum wall and CPU (user + system) time.

    python3 bench/fmt_process.py [--runs N] [--file FILE] SHLO [SHLO...]

Issue 12's bar: pt_bert.mlir (the default file) formatted in <= 50 ms.
"""
import argparse
import os
import resource
import statistics
import subprocess
import time

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=15)
parser.add_argument("--file", default=os.path.join(here, "..", "..", "shared", "models", "pt_bert.mlir"))
parser.add_argument("binaries", nargs="+")
args = parser.parse_args()

times = {b: ([], []) for b in args.binaries}
for _ in range(args.runs):
    for binary in args.binaries:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        # --check exits 1 when the file would change; the time is what counts.
        subprocess.run([binary, "fmt", "--check", args.file], stdout=subprocess.DEVNULL, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        times[binary][0].append(wall * 1e3)
        times[binary][1].append(cpu * 1e3)
for binary, (wall, cpu) in times.items():
    print(f"{binary}: wall median {statistics.median(wall):.1f} ms, min {min(wall):.1f}; "
          f"CPU median {statistics.median(cpu):.1f} ms, min {min(cpu):.1f} ({args.runs} runs, alternated)")
