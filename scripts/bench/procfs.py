"""What the bench scripts read of a running process in /proc: its resident memory, each
thread's CPU time (schedstat: nanoseconds, where the 10 ms clock ticks of /proc/PID/stat are too
coarse for a meeting's few in 30 s), and how often its threads slept and were woken (voluntary
context switches) or were preempted (involuntary). Threads that end meanwhile are left out."""
import os
import time


def rss_kib(pid):
    """The process's resident memory, in KiB."""
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def _threads(pid, name):
    """Each thread's /proc file `name`, read, by thread id."""
    found = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/{name}") as file:
                found[task] = file.read()
        except OSError:
            pass  # a thread that ended meanwhile
    return found


def thread_cpu_seconds(pid):
    """Each thread's CPU time so far, in seconds, by thread id."""
    return {task: int(text.split()[0]) / 1e9 for task, text in _threads(pid, "schedstat").items()}


def cpu_seconds(pid):
    """The whole process's CPU time so far, in seconds."""
    return sum(thread_cpu_seconds(pid).values())


def _switches(status):
    fields = dict(line.split(":", 1) for line in status.splitlines() if line.endswith(tuple("0123456789")) and ":" in line)
    return int(fields["voluntary_ctxt_switches"]), int(fields["nonvoluntary_ctxt_switches"])


def voluntary_switches(pid):
    """How many times each thread has gone to sleep and been woken, by thread id."""
    return {task: _switches(text)[0] for task, text in _threads(pid, "status").items()}


def main_thread_switches(pid):
    """The main thread's (voluntary, involuntary) context switches: woken after sleeping, and
    preempted while running."""
    with open(f"/proc/{pid}/task/{pid}/status") as status:
        return _switches(status.read())


def meeting_figures(pids, seconds):
    """For each process of `pids`, over the same `seconds`: its CPU use in % (per thread: a
    thread that ends meanwhile drops out, its last moments uncounted, rather than taking its
    whole past CPU time out of the sum), its main thread's wake-ups a second (going to sleep and
    being woken: voluntary switches) and how often a second it was preempted (involuntary)."""
    def sample(pid):
        return time.monotonic(), thread_cpu_seconds(pid), *main_thread_switches(pid)

    start = [sample(pid) for pid in pids]
    time.sleep(seconds)
    end = [sample(pid) for pid in pids]
    return [(100 * sum(c1[task] - c0.get(task, 0.0) for task in c1) / (t1 - t0), (w1 - w0) / (t1 - t0),
             (p1 - p0) / (t1 - t0))
            for (t0, c0, w0, p0), (t1, c1, w1, p1) in zip(start, end)]
