#!/usr/bin/env python3
"""Figures stated in prose that the code defines: each row names the words that state a
figure and the line of code that defines it, and the two must say the same number. A figure
changed in the code and not in the prose (or the other way) fails here, in `make lint`, with
both places named. Prose that only points at a name (`ScrumFile.maximumSize`) needs no row."""

import re
import sys
from pathlib import Path

WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "a hundred": 100}


def number(text):
    """A figure as written: digits, `3 / 2`-style arithmetic, a shift (`256 << 20` is 256
    MiB), or a word ("three")."""
    text = text.strip().replace("_", "").replace(",", "")
    if text in WORDS:
        return WORDS[text]
    shift = re.fullmatch(r"(\d+) << 20", text)
    if shift:
        return int(shift.group(1))
    if re.fullmatch(r"[\d.\s*/+()-]+", text):
        return eval(text)  # digits and operators only, checked above
    raise ValueError(f"not a figure: {text!r}")


# (prose file, its words with the figure as group 1,
#  source file, the definition with the figure as group 1 (RATE, samples a second, is 1),
#  what the source's unit is worth in the prose's)
ROWS = [
    ("HACKING.md", r"every ([\d.]+) s of new audio it decodes",
     "Sources/scrumdinger-transcribe/captions.c", r"STEP = RATE \* ([\d /]+),", 1),
    ("HACKING.md", r"words (\w+) decodes in a row agree on are final",
     "Sources/scrumdinger-transcribe/captions.c", r"AGREE = (\d+),", 1),
    ("HACKING.md", r"or at (\d+) s \(`LONGEST`\)",
     "Sources/scrumdinger-transcribe/captions.c", r"LONGEST = (\d+) \* RATE,", 1),
    ("HACKING.md", r"clears after (\d+) s without a word",
     "Sources/ScrumdingerCore/Captions/CaptionBoard.swift", r"silence = Duration\.seconds\((\d+)\)", 1),
    ("HACKING.md", r"when the helper falls (\d+) s behind",
     "Sources/ScrumdingerCore/Captions/CaptionBoard.swift", r"mostBehind = ([\d_]+)", 0.001),
    ("HACKING.md", r"that jump more than (\d+) s ahead \(speech passed over\)",
     "Sources/scrumdinger-transcribe/bridge.c", r"gap_ms = (\d+);", 0.001),
    ("HACKING.md", r"SIGKILL (\d+) s later",
     "Sources/Platform/ChildProcess.swift", r"stopGrace = Duration\.seconds\((\d+)\)", 1),
    ("HACKING.md", r"every (\d+) s while it runs",
     "Sources/ScrumdingerCore/Recovery/JournalKeeper.swift", r"interval = Duration\.seconds\((\d+)\)", 1),
    ("HACKING.md", r"the reader's cap of (\d+) MiB",
     "Sources/ScrumdingerCore/Store/Format/ScrumFile.swift", r"maximumSize = (\d+ << 20)", 1),
    ("HACKING.md", r"one pass reads at most (\d+) MiB",
     "Sources/ScrumdingerCore/Sync/ConflictCopies.swift", r"bytesPerPass = (\d+ << 20)", 1),
    ("HACKING.md", r"same way, (a hundred) a pass",
     "Sources/ScrumdingerCore/Sync/ConflictCopies.swift", r"copiesPerPass = (\d+)", 1),
    ("Sources/ScrumdingerCore/Sync/FileWatcher.swift", r"(a hundred) a pass",
     "Sources/ScrumdingerCore/Sync/ConflictCopies.swift", r"copiesPerPass = (\d+)", 1),
]


def found(path, pattern):
    """The figure `pattern` finds in `path` (prose wrapped over lines reads as one line)."""
    text = re.sub(r"\s*\n\s*(//\s*)?", " ", Path(path).read_text(encoding="utf-8"))
    match = re.search(pattern, text)
    if not match:
        return None
    return number(match.group(1))


def main():
    failures = []
    for prose, said, source, defined, unit in ROWS:
        stated, value = found(prose, said), found(source, defined)
        if stated is None:
            failures.append(f"{prose}: the words /{said}/ are gone; say the figure again or drop its row here")
        elif value is None:
            failures.append(f"{source}: /{defined}/ is gone; point this row at where the figure is defined now")
        elif abs(stated - value * unit) > 1e-9:
            failures.append(f"{prose} says {stated} where {source} defines {value * unit:g} (/{said}/)")
    for failure in failures:
        print("check-figures: " + failure, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
