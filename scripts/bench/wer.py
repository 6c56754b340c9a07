#!/usr/bin/env python3
"""wer.py REFERENCE.txt HEARD.txt [--twice] — the word error rate of HEARD against REFERENCE, in %;
with --twice, after it, how many words HEARD has in runs of three or more that REFERENCE does
not (words heard twice across a seam, or made up).
Words are runs of letters, digits and apostrophes in any script ("Änderung", "l'équipe"), case
folded; a hyphen or a dash separates them, as Whisper may write "Release-Zweig" either way."""
import re
import sys


def words(text):
    """The words of `text` as they are counted (captions.py counts its words so too)."""
    return re.findall(r"[^\W_]+(?:'[^\W_]+)*", text.casefold().replace("\u2019", "'"))


def rows(ref, hyp):
    """The edit distances from each prefix of `ref` to each prefix of `hyp`, a row a prefix of
    `ref` (the last row's last: the words to change)."""
    row = list(range(len(hyp) + 1))
    yield row
    for i, r in enumerate(ref, 1):
        above, row = row, [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            row[j] = min(above[j] + 1, row[j - 1] + 1, above[j - 1] + (r != h))
        yield row


def alignment(ref, hyp):
    """The edits that make `ref` into `hyp`, fewest first: a list of "=", "S", "D" and "I"."""
    table = list(rows(ref, hyp))
    i, j, edits = len(ref), len(hyp), []
    while i > 0 or j > 0:
        if i > 0 and j > 0 and table[i][j] == table[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]):
            edits.append("=" if ref[i - 1] == hyp[j - 1] else "S")
            i, j = i - 1, j - 1
        elif j > 0 and table[i][j] == table[i][j - 1] + 1:
            edits.append("I")
            j -= 1
        else:
            edits.append("D")
            i -= 1
    return edits[::-1]


def inserted_runs(edits, shortest=3):
    """How many words are inserted in runs of `shortest` or more."""
    total = run = 0
    for edit in edits + ["="]:
        if edit == "I":
            run += 1
            continue
        total += run if run >= shortest else 0
        run = 0
    return total


if __name__ == "__main__":
    ref, hyp = words(open(sys.argv[1]).read()), words(open(sys.argv[2]).read())
    if "--twice" in sys.argv:  # the whole table, to say which words were inserted
        edits = alignment(ref, hyp)
        errors, twice = sum(edit != "=" for edit in edits), f" {inserted_runs(edits)}"
    else:  # row by row
        *_, last = rows(ref, hyp)
        errors, twice = last[-1], ""
    print(f"{100 * errors / max(1, len(ref)):.2f}{twice}")
