#!/usr/bin/env python3
"""speech.py OUT.wav MINUTES [MEETING] — about MINUTES of stand-up talk spoken by espeak-ng, as
16 kHz mono WAV, with the words said in OUT.wav.txt (the reference for the word error rate)
and the same samples as raw 32-bit floats in OUT.wav.f32 (what the speech helper reads).
MEETING (0 unless given) picks another order of the same sentences, for runs over different
meetings (transcript_runs.py)."""
import array
import os
import subprocess
import sys
import wave

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

SENTENCES = [
    "Yesterday I fixed the build on the release branch.",
    "Today I will review the pull request for the login page.",
    "I am blocked on the database migration until the backup finishes.",
    "The demo for the customer is on Friday afternoon.",
    "We moved the search service to the new cluster last night.",
    "Nothing is blocking me right now.",
    "I paired with Maria on the payment bug and we found the cause.",
    "The test suite is green again after the timeout change.",
    "I will write the documentation for the export feature.",
    "Please look at my comments on the design document.",
    "The mobile team needs the new endpoint by Wednesday.",
    "I spent most of the day on the memory leak in the worker.",
    "We should talk about the holiday schedule after the meeting.",
    "The dashboard shows fewer errors since the last deploy.",
    "I am going to update the dependencies this morning.",
    "Our sprint goal is still realistic if the review goes well.",
]

out, minutes = sys.argv[1], float(sys.argv[2])
meeting = int(sys.argv[3]) if len(sys.argv) > 3 else 0
words_needed = int(minutes * 166)  # espeak-ng at "-s 150" says about 166 of these words a minute (measured)
stride = [7, 3, 5, 9, 11, 13][meeting % 6]  # prime to the 16 sentences: each is said once a pass
text, count, index = [], 0, meeting
while count < words_needed:
    sentence = SENTENCES[index % len(SENTENCES)]
    text.append(sentence)
    count += len(sentence.split())
    index += stride  # a different order on each pass
with open(out + ".txt", "w") as reference:
    reference.write(" ".join(text))
raw = out + ".espeak.wav"
subprocess.run(["espeak-ng", "-s", "150", "-f", out + ".txt", "-w", raw], check=True)
Gst.init(None)
pipeline = Gst.parse_launch(
    f'filesrc location="{raw}" ! wavparse ! audioconvert ! audioresample ! '
    f'audio/x-raw,format=S16LE,rate=16000,channels=1 ! wavenc ! filesink location="{out}"')
pipeline.set_state(Gst.State.PLAYING)
pipeline.get_bus().timed_pop_filtered(Gst.CLOCK_TIME_NONE, Gst.MessageType.EOS | Gst.MessageType.ERROR)
pipeline.set_state(Gst.State.NULL)
os.remove(raw)
with wave.open(out) as audio:
    pcm = array.array("h", audio.readframes(audio.getnframes()))
with open(out + ".f32", "wb") as samples:
    array.array("f", (s / 32768 for s in pcm)).tofile(samples)
