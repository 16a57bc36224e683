#!/usr/bin/env python3
"""Samples memory and CPU while a load run is going, for scripts/bench-rest.sh.

usage: sampler.py KANISA_PID POSTMASTER_PID [INTERVAL_S]

Every INTERVAL_S (default 0.2) it reads VmRSS of the kanisa process, and VmRSS and Pss of the
postmaster and all its children (PostgreSQL backends). On SIGTERM/SIGINT it prints one line:
  kanisa_rss_kb=… kanisa_hwm_kb=… pg_rss_kb=… pg_pss_kb=… pg_procs=… samples=… other_cpu_pct=…
with the peak of each over the samples (pg_* are peaks of the per-sample sums; the RSS sum
counts shared buffers once per backend, the PSS sum shares them out, so it is the honest total).
other_cpu_pct: the share of the whole machine's CPU time that went to processes other than
kanisa, its PostgreSQL processes and wrk while sampling: other builds or tests competing for the
cores, which make the figures of that run smaller.
"""
import os
import signal
import sys
import time


def status_kb(pid, field):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def pss_kb(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_ticks(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime + stime
    except (OSError, ValueError, IndexError):
        return None


def machine_busy_ticks():
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    # user, nice, system, steal: not idle/iowait, nor irq/softirq (the loopback traffic of the
    # run itself lands there without being charged to any process).
    return v[0] + v[1] + v[2] + v[7]


def wrk_pids():
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/comm") as f:
                    if f.read().strip() == "wrk":
                        found.append(int(name))
            except OSError:
                pass
    return found


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        pass
    found = []  # kernels without CONFIG_PROC_CHILDREN: scan /proc for the parent pid
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
            if int(stat[stat.rindex(")") + 2:].split()[1]) == pid:
                found.append(int(name))
        except (OSError, ValueError):
            pass
    return found


def main():
    kanisa, postmaster = int(sys.argv[1]), int(sys.argv[2])
    interval = float(sys.argv[3]) if len(sys.argv) > 3 else 0.2
    peak = {"kanisa_rss_kb": 0, "kanisa_hwm_kb": 0, "pg_rss_kb": 0, "pg_pss_kb": 0, "pg_procs": 0}
    samples = 0
    stop = False

    def on_signal(*_):
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    busy_start, t_start = machine_busy_ticks(), time.monotonic()
    first, last = {}, {}  # CPU ticks of our processes (kanisa, postgres, wrk) per pid
    while not stop:
        pg = [postmaster] + children(postmaster)
        for p in [kanisa] + pg + wrk_pids():
            t = cpu_ticks(p)
            if t is not None:
                first.setdefault(p, t if samples == 0 else 0)
                last[p] = t
        now = {
            "kanisa_rss_kb": status_kb(kanisa, "VmRSS"),
            "kanisa_hwm_kb": status_kb(kanisa, "VmHWM"),
            "pg_rss_kb": sum(status_kb(p, "VmRSS") for p in pg),
            "pg_pss_kb": sum(pss_kb(p) for p in pg),
            "pg_procs": len(pg),
        }
        for k, v in now.items():
            peak[k] = max(peak[k], v)
        samples += 1
        time.sleep(interval)
    busy = machine_busy_ticks() - busy_start
    ours = sum(last[p] - first[p] for p in last)
    elapsed_ticks = (time.monotonic() - t_start) * os.sysconf("SC_CLK_TCK") * os.cpu_count()
    other = max(0, busy - ours) * 100 / elapsed_ticks if elapsed_ticks else 0
    print(" ".join(f"{k}={v}" for k, v in peak.items())
          + f" samples={samples} other_cpu_pct={other:.0f}", flush=True)


if __name__ == "__main__":
    main()
