"""Searching from GNOME Shell's overview as a user does, in the GNOME session of
scripts/with-gnome-shell.sh: the release app installed in the session's prefix, 1,000 scrums;
"plat" typed into the overview's entry, timed inside the shell (its monotonic clock) until
Scrumdinger's section shows its results. With the app running (window open, idle), and with
no app running (D-Bus activation starts it, every time anew), each beside the shell's own
applications search ("scrumd", which finds our app's launcher) in the same run. Prints
"shell_search_ms APP APPS" and "shell_search_activation_ms APP APPS" lines (medians)."""
import json
import os
import random
import statistics
import subprocess
import sys
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "e2e"))
from atspi_app import wait_for  # noqa: E402
from gnome_shell import APP_ID, DESKTOP_ID, INSTALLED, PREFIX, Shell, set_activation_environment  # noqa: E402

bin_path = sys.argv[1]
ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
subprocess.run([os.path.join(ROOT, "scripts", "install.sh"), "install", "", PREFIX, bin_path], check=True,
               capture_output=True)
shell = Shell()
wait_for(shell.provider_loaded, timeout=20, what="the shell to load the search provider")
shell.close_overview()

WORDS = ["Platform", "Design", "Review", "Mobile", "Backend", "Sync", "Retro", "Planning", "Data", "Infra", "Web"]
random.seed(7)
home = os.path.join(os.environ["XDG_STATE_HOME"], "shell-search")
os.makedirs(os.path.join(home, APP_ID))
with open(os.path.join(home, APP_ID, "scrums.json"), "w") as out:
    json.dump({"version": 1, "scrums": [{
        "id": str(uuid.uuid4()).upper(), "title": " ".join(random.sample(WORDS, 3)) + f" {n}", "lengthInMinutes": 15,
        "theme": "sky", "attendees": [{"id": str(uuid.uuid4()).upper(), "name": f"P{i}"} for i in range(5)],
        "history": []} for n in range(1000)]}, out)
set_activation_environment(XDG_DATA_HOME=home)

# Types `text` into the overview's entry and notes, on the shell's own clock, when the section
# of `provider` (a desktop id, or "apps" for the shell's applications search) shows results.
TIME = """(() => {
  const GLib = imports.gi.GLib;
  const providers = Main.overview._overview._controls._searchController._searchResults._providers;
  const provider = %(provider)s === 'apps' ? providers.find(p => !p.isRemoteProvider)
    : providers.find(p => p.id === %(provider)s);
  const shown = () => provider.display.visible &&
    (provider.display._content || provider.display._grid).get_children().some(r => r.visible);
  global.benchShown = 0;
  const start = GLib.get_monotonic_time();
  Main.overview.show();
  Main.overview.searchEntry.set_text(%(text)s);
  GLib.timeout_add(GLib.PRIORITY_DEFAULT, 1, () => {
    if (!shown() && GLib.get_monotonic_time() - start < 20e6) return GLib.SOURCE_CONTINUE;
    global.benchShown = (GLib.get_monotonic_time() - start) / 1000;
    return GLib.SOURCE_REMOVE;
  });
  return true;
})()"""


def timed(text, provider):
    shell.eval(TIME % {"text": json.dumps(text), "provider": json.dumps(provider)})
    took = wait_for(lambda: shell.eval("global.benchShown"), timeout=30, what=f"{text!r} shown")
    shell.close_overview()
    time.sleep(0.3)
    return took


def app_pid():
    bus_pid = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/",
                              "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", APP_ID],
                             capture_output=True, text=True)
    return int(bus_pid.stdout.strip("()\n ,").split()[-1]) if bus_pid.returncode == 0 else None


def stop_app():
    pid = app_pid()
    if pid:
        os.kill(pid, 9)
        wait_for(lambda: app_pid() is None, what="the app to be gone")


# Not running: D-Bus activation starts the app for each search.
cold, cold_apps = [], []
for _ in range(5):
    stop_app()
    cold.append(timed("plat", DESKTOP_ID))
    cold_apps.append(timed("scrumd", "apps"))
stop_app()
# Running, window open and idle.
app = subprocess.Popen([INSTALLED], env=dict(os.environ, XDG_DATA_HOME=home, GDK_BACKEND="wayland"),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
wait_for(app_pid, timeout=20, what="the app on the bus")
time.sleep(2)
warm, warm_apps = [], []
for _ in range(9):
    warm.append(timed("plat", DESKTOP_ID))
    warm_apps.append(timed("scrumd", "apps"))
app.kill()
print(f"shell_search_ms {statistics.median(warm):.1f} {statistics.median(warm_apps):.1f}")
print(f"shell_search_activation_ms {statistics.median(cold):.1f} {statistics.median(cold_apps):.1f}")
