"""Repainted area: how much of the window GTK repaints per second during a meeting on
Wayland, read from the damage the app reports to the compositor (libwayland's own protocol
log, WAYLAND_DEBUG=1: every wl_surface.damage request). Started through AT-SPI as a user
would; measured over 10 s in the middle of the first turn. Prints "meeting_damage_wayland_
px_per_s REPAINTED RING": RING is the ring's whole box, what GTK 4.8 repainted each second
for a drawing area, whose Cairo picture it cannot compare in part."""
import os
import re
import sys
import tempfile
import time

from atspi_app import App
from audio_capture import PulseServer
from conftest import scrum, write_scrums

DAMAGE = re.compile(r"-> wl_surface@\d+\.damage(?:_buffer)?\((-?\d+), (-?\d+), (\d+), (\d+)\)")
SECONDS = 10

binary = sys.argv[1]
data = tempfile.mkdtemp()
# A desktop has a sound server: without one the ding's failure toast would animate at 60 fps.
pulse = PulseServer(data)
os.environ.update(pulse.env)
write_scrums(__import__("pathlib").Path(data), [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=5)])
app = App(data, command=[binary], env={"GDK_BACKEND": "wayland", "WAYLAND_DEBUG": "1"})
try:
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    ring = app.find("image", "Ana is speaking", within=app.main)
    time.sleep(3)  # past the first frames and the page's arrival
    log = os.path.join(data, "app.log")
    start = os.path.getsize(log)
    time.sleep(SECONDS)
    with open(log, "rb") as lines:
        lines.seek(start)
        text = lines.read().decode(errors="replace")
    repainted = sum(int(w) * int(h) for _, _, w, h in DAMAGE.findall(text))
    box = ring.queryComponent().getExtents(1)  # 1: window coordinates (the size is what counts)
    print(f"meeting_damage_wayland_px_per_s {repainted / SECONDS:.0f} {box.width * box.height}")
finally:
    app.kill()
    pulse.stop()
