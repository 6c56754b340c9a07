#!/usr/bin/env python3
"""live_wer.py HELPER MODEL SAMPLES OUT.txt [WINDOW_MS] [TURN_MS] [--mid-sentence] — the recording
SAMPLES (raw 16 kHz mono floats, complete) recognised by the helper's --live mode window by
window as during a meeting of TURN_MS turns (default one minute): windows of at most WINDOW_MS
(default 30 s), each closed at a change of turn, the next one beginning where the helper says
(the rules of Core/Record/TranscriptWindows.swift), the words a window cut by its length hears
again at the next one's start dropped (Core/Record/SeamRepeat.swift, as the app does). A turn changes where a speaker stops: at
the quietest moment within 4 s of each TURN_MS (with --mid-sentence, exactly there, most often
inside a sentence, which no meeting does). Writes what it heard to OUT.txt; prints the seconds
it took, the number of windows and the cuts."""
import os
import subprocess
import sys
import time

import array
import json

arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
helper, model, samples, out = arguments[:4]
length = int(arguments[4]) if len(arguments) > 4 else 30_000
turn = int(arguments[5]) if len(arguments) > 5 else 60_000
total = os.path.getsize(samples) // 4 * 1000 // 16000
cuts = list(range(turn, total, turn))
if "--mid-sentence" not in sys.argv:
    pcm = array.array("f")
    pcm.frombytes(open(samples, "rb").read())

    def energy(ms):  # of the 50 ms from `ms`
        frame = pcm[ms * 16:(ms + 50) * 16]
        return sum(x * x for x in frame)

    cuts = [min(range(c - 4000, c + 4000, 50), key=energy) + 25 for c in cuts]
planned = list(cuts)


def plain(word):
    return "".join(c for c in word.lower() if c.isalnum())


def common(a, b):
    """The length of the longest sequence `a` and `b` share in order."""
    row = [0] * (len(b) + 1)
    for x in a:
        diagonal = 0
        for j, y in enumerate(b):
            above = row[j + 1]
            row[j + 1] = diagonal + 1 if x == y else max(above, row[j])
            diagonal = above
    return row[-1]


def alike(said, start):
    letters = "".join(start)
    tail = ""
    for word in reversed(said):
        if len(tail) >= len(letters):
            break
        tail = word + tail
    return common(tail, letters) * 4 >= max(len(tail), len(letters)) * 3


def repeated(said, coming):
    """SeamRepeat.repeatLength: how many words `coming` begins with that end `said` (0: none)."""
    if len(said) < 3:
        return 0
    for count in range(len(coming), 2, -1):
        start = coming[:count]
        for end in (len(said), len(said) - 1):
            if said[end - 1] == start[-1] and (said[:end][-count:] == start or (count > 3 and alike(said[:end], start))):
                return count
    return 0


def dropped(window, before):
    """SeamRepeat.dropped: `window`'s texts without the words at its start that `before` ended with."""
    said = [plain(w) for text in before[-3:] for w in text.split()][-42:]
    left = repeated(said, [plain(w) for text in window for w in text.split()][:40])
    kept = []
    for text in window:
        words = text.split()
        if left >= len(words):
            left -= len(words)
        else:
            kept.append(" " + " ".join(words[left:]) if left else text)
            left = 0
    return kept

started = time.monotonic()
process = subprocess.Popen([helper, "--live", model, samples], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
heard, windows, at, lines, before = [], 0, 0, [], None
while True:
    cuts = [c for c in cuts if c - at >= 200]
    if cuts and cuts[0] - at <= length:
        line = f"{at} {cuts[0]} 0"
    elif at + length < total:
        line = f"{at} {at + length} 1"
    else:
        line = f"{at} -1 0"
    process.stdin.write(line + "\n")
    process.stdin.flush()
    windows += 1
    said = []
    while True:
        answer = process.stdout.readline()
        if not answer:
            sys.exit(f"the helper ended: {process.wait()}")
        if '"done"' in answer:
            done = json.loads(answer)["done"]
            break
        if '"text"' in answer:
            said.append(json.loads(answer)["text"])
            lines.append(f"{line}\t{answer.strip()}")
    said = dropped(said, before) if before is not None else said
    heard += said
    before = (said or before) if line.endswith(" 1") else None
    if done < 0:
        break
    to = int(line.split()[1])
    at = to if line.endswith(" 0") else min(to, max(at + 1, done))
process.stdin.close()
process.wait()
open(out, "w").write("".join(heard))
open(out + ".windows", "w").write("\n".join(lines) + "\n")  # each segment after the window it came from
print(f"{time.monotonic() - started:.1f} {windows} {','.join(map(str, planned))}")
