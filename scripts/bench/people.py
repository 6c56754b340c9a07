#!/usr/bin/env python3
"""people.py OUT.wav SAMPLES [MEETING [TURNS]] — a meeting of people's recorded speech, not
espeak-ng's: about five minutes in TURNS turns (3 unless given, as transcript_runs.py's
meetings), as 16 kHz mono WAV, with the words said in OUT.wav.txt (the reference for the word
error rate) and the samples as raw 32-bit floats in OUT.wav.f32 (what the speech helper reads),
as speech.py writes them.

The recordings, as `make speech` puts them in SAMPLES (.build/whisper/samples): a LibriVox
reader's five sentences of Sense and Sensibility (public domain) and five short sayings of
playing cards ("ten of clubs"), from the test data of pocketsphinx's source package
(people/), and whisper.cpp's JFK sample (public domain, jfk.wav). A turn is the reader alone, the reader and JFK, or cards between the
reader's sentences (short and long sayings in turn), each saying 0.2 s after the last; every
turn is longer than a 30 s window, so each has seams where the same speaker goes on. MEETING (0
unless given) picks another order."""
import array
import os
import sys
import wave

# What the reader says, as whisper writes it where the transcription's words would not count
# as the same words ("mister" for "Mr."); "a more a amiable" is what she said.
SENTENCES = {
    "0870": "And Mr. John Dashwood had then leisure to consider how much there might be prudently in his "
    "power to do for them.",
    "0880": "He was not an ill disposed young man,",
    "0890": "unless to be rather cold hearted and rather selfish is to be ill disposed.",
    "0920": "Had he married a more a amiable woman, he might have been made still more respectable than he was.",
    "0930": "He might even have been made amiable himself.",
}
SAYINGS = {
    "001": "Ten of clubs.",
    "002": "Four, queen of clubs.",
    "003": "Seven of clubs.",
    "004": "Five, five.",
    "005": "Eight of spades, four of clubs, seven of hearts.",
}
JFK = ("And so, my fellow Americans, ask not what your country can do for you, ask what you can do for "
       "your country.")
MINUTES = 5
PAUSE, TURN_PAUSE = 0.2, 1.5  # between sayings, between turns
KINDS = ["reader", "cards", "jfk", "reader", "cards", "reader", "jfk", "cards"]


def recording(path):
    """The 16-bit samples of the 16 kHz mono WAV at `path`."""
    with wave.open(path) as audio:
        assert audio.getframerate() == 16000 and audio.getnchannels() == 1 and audio.getsampwidth() == 2, path
        return audio.readframes(audio.getnframes())


def silence(seconds):
    return bytes(2 * int(16000 * seconds))


def main():
    out, folder = sys.argv[1], sys.argv[2]
    meeting = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    turns = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    turn_seconds = MINUTES * 60 / turns
    reader = {key: recording(os.path.join(folder, "people", f"reader-{key}.wav")) for key in SENTENCES}
    cards = {key: recording(os.path.join(folder, "people", f"cards-{key}.wav")) for key in SAYINGS}
    jfk = recording(os.path.join(folder, "jfk.wav"))
    sentences, sayings = list(SENTENCES), list(SAYINGS)
    said, frames, next_sentence, next_saying = [], [], meeting, meeting * 2
    for number in range(turns):
        kind = KINDS[(meeting + number) % len(KINDS)]
        length, short = 0.0, kind == "cards"
        if kind == "jfk":
            frames += [jfk, silence(PAUSE)]
            said.append(JFK)
            length += len(jfk) / 32000 + PAUSE
        while length < turn_seconds:
            if short:
                key = sayings[next_saying % len(sayings)]
                next_saying += 1
                audio, text = cards[key], SAYINGS[key]
            else:
                key = sentences[next_sentence % len(sentences)]
                next_sentence += 1
                audio, text = reader[key], SENTENCES[key]
            if kind == "cards":
                short = not short  # short and long sayings in turn
            frames += [audio, silence(PAUSE)]
            said.append(text)
            length += len(audio) / 32000 + PAUSE
        frames.append(silence(TURN_PAUSE - PAUSE))
    pcm = b"".join(frames)
    with wave.open(out, "wb") as joined:
        joined.setnchannels(1)
        joined.setsampwidth(2)
        joined.setframerate(16000)
        joined.writeframes(pcm)
    with open(out + ".txt", "w") as reference:
        reference.write(" ".join(said))
    with open(out + ".f32", "wb") as samples:
        array.array("f", (s / 32768 for s in array.array("h", pcm))).tofile(samples)


if __name__ == "__main__":
    main()
