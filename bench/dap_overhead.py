#!/usr/bin/env python3
"""What the debugger costs (issue 15's benchmark; not a timed test).

Runs a program with `shlo run`, then under `shlo dap` with no breakpoints,
then under `shlo dap` with the `nan` exception filter (and with `nan` and
`infinity`, the filters that scan every op's results), and prints each one's
best time over --repeat runs and the ratios to `shlo run` (the issue asks for
at most 1.2x and 1.5x). Times are CPU seconds (user + system) of the shlo
process, which a machine shared with other work disturbs less than the wall
clock; the wall clock is printed too.

    python3 bench/dap_overhead.py build/bin/shlo ../shared/models/jax_resnet_50.mlir
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time


def child_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(run):
    """(cpu seconds, wall seconds) of the child process `run` starts and waits for."""
    cpu0, wall0 = child_cpu(), time.monotonic()
    run()
    return child_cpu() - cpu0, time.monotonic() - wall0


def plain_run(shlo, program, elided):
    subprocess.run([shlo, "run", program, "--elided=" + elided], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


class Adapter:
    """A minimal DAP client over the adapter's stdio."""

    def __init__(self, shlo):
        self.process = subprocess.Popen([shlo, "dap"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.seq = 1

    def send(self, command, arguments=None):
        message = {"seq": self.seq, "type": "request", "command": command}
        if arguments is not None:
            message["arguments"] = arguments
        self.seq += 1
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the adapter closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def until(self, predicate):
        while True:
            message = self.read()
            if message.get("type") == "response" and not message.get("success"):
                raise RuntimeError("%s failed: %s" % (message.get("command"), message.get("message")))
            if predicate(message):
                return message


def dap_run(shlo, program, elided, filters):
    adapter = Adapter(shlo)
    adapter.send("initialize", {"adapterID": "shlo"})
    adapter.send("launch", {"program": os.path.abspath(program), "elided": elided})
    adapter.until(lambda m: m.get("event") == "initialized")
    adapter.send("setExceptionBreakpoints", {"filters": filters})
    adapter.send("configurationDone")
    exited = adapter.until(lambda m: m.get("event") == "exited" or m.get("event") == "stopped")
    if exited.get("event") == "stopped":
        raise RuntimeError("the run stopped: %s" % exited["body"])
    if exited["body"]["exitCode"] != 0:
        raise RuntimeError("the run failed under the adapter")
    adapter.send("disconnect")
    adapter.process.stdin.close()
    adapter.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("shlo")
    parser.add_argument("program")
    parser.add_argument("--elided", default="random:1")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    modes = [
        ("shlo run", lambda: plain_run(args.shlo, args.program, args.elided)),
        ("shlo dap, no breakpoints", lambda: dap_run(args.shlo, args.program, args.elided, [])),
        ("shlo dap, nan filter", lambda: dap_run(args.shlo, args.program, args.elided, ["nan"])),
        ("shlo dap, nan + infinity", lambda: dap_run(args.shlo, args.program, args.elided, ["nan", "infinity"])),
    ]
    best = {}
    for name, run in modes:
        samples = [timed(run) for _ in range(args.repeat)]
        best[name] = (min(s[0] for s in samples), min(s[1] for s in samples))
    base_cpu, base_wall = best["shlo run"]
    print("%s, best of %d" % (os.path.basename(args.program), args.repeat))
    for name, (cpu, wall) in best.items():
        print("  %-26s cpu %6.3f s (%.2fx)   wall %6.3f s (%.2fx)" % (name, cpu, cpu / base_cpu, wall,
                                                                    wall / base_wall))
    return 0


if __name__ == "__main__":
    sys.exit(main())
