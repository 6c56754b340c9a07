"""A private PulseAudio server with a null sink, and a recorder of that sink's monitor whose
samples carry CLOCK_MONOTONIC times (the clock the app's timer runs on), so ding onsets can
be compared with the instants the app says the changes were due."""
import array
import os
import subprocess
import threading
import time
import wave
from pathlib import Path

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

from atspi_app import HANG, wait_for  # noqa: E402

SINK = "ding_sink"
# Real speech in the public domain that scripts/whisper/prepare.sh keeps: whisper.cpp's
# samples/jfk.wav. "And so my fellow Americans, ask not what your country can do for you," |
# "ask what you can do for your country." (the pause between them is at 7.6–8.1 s)
SPEECH = Path(__file__).resolve().parents[2] / ".build/whisper/samples/jfk.wav"
FIRST_HALF, SECOND_HALF = (0.0, 7.8), (7.8, 11.0)


def say(pulse, folder, span, sink=SINK):
    """Plays the seconds `span` of the speech into `sink`, and waits until it has played."""
    part = str(Path(folder) / f"speech-{time.monotonic_ns()}.wav")
    with wave.open(str(SPEECH)) as source, wave.open(part, "wb") as cut:
        cut.setparams(source.getparams())
        rate = source.getframerate()
        source.setpos(int(span[0] * rate))
        cut.writeframes(source.readframes(int((span[1] - span[0]) * rate)))
    subprocess.run(["paplay", f"--device={sink}", part], env=dict(os.environ, **pulse.env), check=True, timeout=30)


def ogg_end(path):
    """How far the Ogg Opus file at `path` reaches (its last page's granule position at 48 kHz,
    in seconds), and whether that page ends the stream (a file cut off before its end does not)."""
    data = Path(path).read_bytes()
    index, last = data.find(b"OggS"), (0, 0)
    while index >= 0 and index + 27 <= len(data):
        last = (int.from_bytes(data[index + 6:index + 14], "little", signed=True), data[index + 5])
        index = data.find(b"OggS", index + 27)
    return last[0] / 48000, bool(last[1] & 0x04)


class PulseServer:
    """pulseaudio with one null sink as the default output, and that sink's monitor as the
    default input (the microphone the app records when nothing else is said), in its own
    runtime and state folders: test groups that run at once share no file with it (not even
    the cookie, which two servers starting together would each write; its socket, in a
    folder only we can enter, takes clients without one)."""

    def __init__(self, folder):
        self.runtime = os.path.join(str(folder), "runtime")
        os.makedirs(self.runtime, mode=0o700, exist_ok=True)
        self.env = {
            "XDG_RUNTIME_DIR": self.runtime,
            "PULSE_SERVER": f"unix:{self.runtime}/pulse/native",
        }
        env = dict(os.environ, PULSE_STATE_PATH=os.path.join(str(folder), "pulse-state"), **self.env)
        self.log_path = os.path.join(str(folder), "pulseaudio.log")
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            ["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "--log-level=info",
             "--log-time=1", f"--load=module-null-sink sink_name={SINK}",
             "--load=module-native-protocol-unix auth-anonymous=1"],
            env=env, stdout=self.log, stderr=self.log)
        wait_for(lambda: subprocess.run(["pactl", "info"], env=env, capture_output=True).returncode == 0,
                 what="pulseaudio to accept clients")
        subprocess.run(["pactl", "set-default-sink", SINK], env=env, check=True)
        subprocess.run(["pactl", "set-default-source", f"{SINK}.monitor"], env=env, check=True)

    def pactl(self, *arguments):
        """Runs pactl against this server; returns what it printed."""
        return subprocess.run(["pactl", *arguments], env=dict(os.environ, **self.env), check=True,
                              capture_output=True, text=True).stdout

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=HANG)
        self.log.close()

    def log_text(self):
        """What the server has logged (its start, its clients, why it ended)."""
        with open(self.log_path, errors="replace") as log:
            return log.read()


class MonitorRecorder:
    """Records the null sink's monitor as 16 kHz mono with a monotonic time for each buffer."""

    RATE = 16000

    def __init__(self, pulse):
        Gst.init(None)
        self.pipeline = Gst.parse_launch(
            f"pulsesrc server={pulse.env['PULSE_SERVER']} device={SINK}.monitor ! audioconvert ! audioresample ! "
            f"audio/x-raw,format=S16LE,channels=1,rate={self.RATE} ! "
            "appsink name=sink sync=false max-buffers=0 emit-signals=false")
        # The system clock is CLOCK_MONOTONIC: buffer times then compare with g_get_monotonic_time.
        self.pipeline.use_clock(Gst.SystemClock.obtain())
        self.sink = self.pipeline.get_by_name("sink")
        self.chunks = []  # (monotonic ns of the first sample, samples)
        self.running = False
        self.thread = threading.Thread(target=self._pull, daemon=True)

    def start(self):
        self.running = True
        self.pipeline.set_state(Gst.State.PLAYING)
        self.thread.start()
        wait_for(lambda: self.chunks, timeout=HANG, what="the first recorded audio")

    def _pull(self):
        while self.running:
            sample = self.sink.emit("try-pull-sample", 100 * Gst.MSECOND)
            if sample is None:
                continue
            buffer = sample.get_buffer()
            samples = array.array("h", buffer.extract_dup(0, buffer.get_size()))
            self.chunks.append((self.pipeline.get_base_time() + buffer.pts, samples))

    def stop(self):
        self.running = False
        self.thread.join(timeout=5)
        self.pipeline.set_state(Gst.State.NULL)

    def first_sound_after(self, start_us, threshold=2000, window_us=1_000_000):
        """Monotonic µs of the first sample louder than `threshold` in [start_us, start_us + window_us]."""
        for chunk_ns, samples in self.chunks:
            chunk_us = chunk_ns / 1000
            end_us = chunk_us + len(samples) * 1_000_000 / self.RATE
            if end_us < start_us or chunk_us > start_us + window_us:
                continue
            for index, value in enumerate(samples):
                t = chunk_us + index * 1_000_000 / self.RATE
                if t >= start_us and abs(value) > threshold:
                    return t
        return None

    def sound_length(self, onset_us, threshold=1000, quiet_us=100_000):
        """How long (µs) the sound starting at `onset_us` lasts: until the first stretch of
        `quiet_us` with no sample louder than `threshold`."""
        last_loud = onset_us
        for chunk_ns, samples in self.chunks:
            chunk_us = chunk_ns / 1000
            if chunk_us + len(samples) * 1_000_000 / self.RATE < onset_us:
                continue
            for index, value in enumerate(samples):
                t = chunk_us + index * 1_000_000 / self.RATE
                if t < onset_us:
                    continue
                if abs(value) > threshold:
                    last_loud = t
                elif t - last_loud > quiet_us:
                    return last_loud - onset_us
        return last_loud - onset_us
