"""Ding latency: delay from each speaker boundary to the ding's onset, recorded from a
PulseAudio null sink (Tests/e2e/audio_capture.py), over a one-minute meeting of six
speakers (five boundaries and the end); beside it, the floor of the same audio path: a bare
GStreamer playbin started at known instants in this process. Prints
"ding_latency_ms APP_MEDIAN FLOOR_MEDIAN"."""
import re
import statistics
import sys
import tempfile
import time
import pathlib

from atspi_app import App, wait_for
from audio_capture import MonitorRecorder, PulseServer
from conftest import scrum, write_scrums

binary, ding = sys.argv[1], sys.argv[2]
folder = pathlib.Path(tempfile.mkdtemp())
pulse = PulseServer(folder)
recorder = MonitorRecorder(pulse)
recorder.start()
from gi.repository import GLib, Gst  # noqa: E402  (initialised by the recorder)

floor_starts = []
try:
    player = Gst.ElementFactory.make("playbin", None)
    player.set_property("uri", Gst.filename_to_uri(ding))
    player.set_state(Gst.State.PAUSED)
    player.get_state(5 * Gst.SECOND)
    player.set_state(Gst.State.READY)
    player.get_state(5 * Gst.SECOND)
    for _ in range(6):
        time.sleep(0.7)
        floor_starts.append(GLib.get_monotonic_time())
        player.set_state(Gst.State.PLAYING)
        time.sleep(1.5)
        player.set_state(Gst.State.READY)
    player.set_state(Gst.State.NULL)

    data = folder / "data"
    write_scrums(data, [scrum("Standup", ["A", "B", "C", "D", "E", "F"], minutes=1, warning=0)])  # dings only
    app = App(data, env=dict(G_MESSAGES_DEBUG="scrumdinger", **pulse.env), command=[binary])  # the dings' debug log
    log = app.log.name
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 6", within=app.main)
    app.absent("push button", "Next speaker", timeout=90)
    wait_for(lambda: len(re.findall(r"ding due=", open(log).read())) >= 6, what="six dings")
    time.sleep(1.5)
    app.kill()
finally:
    recorder.stop()
    pulse.stop()

dues = [int(due) for due, _ in re.findall(r"ding due=(\d+) rang=(\d+)", open(log).read())]
app_delays = [(recorder.first_sound_after(d - 50_000) - d) / 1000 for d in dues]
floor_delays = [(recorder.first_sound_after(t - 50_000) - t) / 1000 for t in floor_starts]
print("ding delays (ms):", " ".join(f"{d:.1f}" for d in app_delays),
      "| floor:", " ".join(f"{d:.1f}" for d in floor_delays), file=sys.stderr)
print(f"ding_latency_ms {statistics.median(app_delays):.1f} {statistics.median(floor_delays):.1f}")
