#!/usr/bin/env python3
"""wer.py REFERENCE.txt HEARD.txt — the word error rate of HEARD against REFERENCE, in %."""
import re
import sys


def words(path):
    return re.findall(r"[a-z0-9']+", open(path).read().lower())


ref, hyp = words(sys.argv[1]), words(sys.argv[2])
previous = list(range(len(hyp) + 1))
for i, r in enumerate(ref, 1):
    current = [i] + [0] * len(hyp)
    for j, h in enumerate(hyp, 1):
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (r != h))
    previous = current
print(f"{100 * previous[-1] / max(1, len(ref)):.2f}")
