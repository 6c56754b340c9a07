#!/usr/bin/env python3
"""wer.py REFERENCE.txt HEARD.txt — the word error rate of HEARD against REFERENCE, in %.
Words are runs of letters, digits and apostrophes in any script ("Änderung", "l'équipe"), case
folded; a hyphen or a dash separates them, as Whisper may write "Release-Zweig" either way."""
import re
import sys


def words(text):
    """The words of `text` as they are counted (captions.py counts its words so too)."""
    return re.findall(r"[^\W_]+(?:'[^\W_]+)*", text.casefold().replace("\u2019", "'"))


if __name__ == "__main__":
    ref, hyp = words(open(sys.argv[1]).read()), words(open(sys.argv[2]).read())
    previous = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        current = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (r != h))
        previous = current
    print(f"{100 * previous[-1] / max(1, len(ref)):.2f}")
