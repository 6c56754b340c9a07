"""GNOME Shell's search against 1,000 scrums: the app (release build, window open and idle)
answers GetInitialResultSet(["plat"]) and then GetResultMetas for the first 10 ids found (the
shell asks only for the results it shows, at most a row of them); timed 20 times from this process over the session bus, beside
a D-Bus Ping of the same app (the bus round trip alone). Prints "search_provider_ms APP PING"."""
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid

from gi.repository import Gio, GLib

binary = sys.argv[1]
APP_ID = "io.github.scrumdinger.Scrumdinger"
PATH = "/io/github/scrumdinger/Scrumdinger/SearchProvider"
WORDS = ["Platform", "Design", "Review", "Mobile", "Backend", "Sync", "Retro", "Planning", "Data", "Infra", "Web", "Café"]

random.seed(7)
home = tempfile.mkdtemp()
folder = os.path.join(home, APP_ID)
os.makedirs(folder)
scrums = [{
    "id": str(uuid.uuid4()).upper(), "title": " ".join(random.sample(WORDS, 3)) + f" {n}", "lengthInMinutes": 15,
    "theme": "sky", "attendees": [{"id": str(uuid.uuid4()).upper(), "name": f"P{i}"} for i in range(5)],
    "history": [],
} for n in range(1000)]
with open(os.path.join(folder, "scrums.json"), "w") as out:
    json.dump({"version": 1, "scrums": scrums}, out)

env = dict(os.environ, XDG_DATA_HOME=home)
proc = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def call(path, interface, method, args, reply):
    return bus.call_sync(APP_ID, path, interface, method, args, GLib.VariantType(reply), Gio.DBusCallFlags.NONE,
                         10000, None).unpack()


try:
    deadline = time.monotonic() + 20
    while True:  # up, and the scrums read
        try:
            if call(PATH, "org.gnome.Shell.SearchProvider2", "GetInitialResultSet", GLib.Variant("(as)", (["plat"],)),
                    "(as)")[0]:
                break
        except GLib.GError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit("the app did not answer")
        time.sleep(0.2)
    time.sleep(1)
    for _ in range(20):
        start = time.perf_counter()
        ids = call(PATH, "org.gnome.Shell.SearchProvider2", "GetInitialResultSet", GLib.Variant("(as)", (["plat"],)),
                   "(as)")[0]
        call(PATH, "org.gnome.Shell.SearchProvider2", "GetResultMetas", GLib.Variant("(as)", (ids[:10],)), "(aa{sv})")
        search_ms = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        call("/", "org.freedesktop.DBus.Peer", "Ping", None, "()")
        ping_ms = (time.perf_counter() - start) * 1000
        print(f"search_provider_ms {search_ms:.2f} {ping_ms:.2f}")
    print(f"(search provider: {len(ids)} of 1,000 scrums match \"plat\")", file=sys.stderr)
finally:
    proc.kill()
    proc.wait(timeout=10)
