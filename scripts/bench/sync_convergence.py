"""Two computers of a team, with a real sync engine: two Syncthing instances on loopback
(Tests/e2e/syncthing_pair.py) and two apps (release build, each with its own data folder and
D-Bus session, scrums.json linked into its instance's folder). Five rounds: with the link cut,
one side renames a scrum and the other changes a length (each written into its side's file,
which its app merges); then the link is restored. Timed from the resume until both apps have
saved the same scrums holding both changes; beside it, in alternate rounds, the time Syncthing
alone takes to bring a new file across after a resume. Prints "sync_convergence_ms APP SYNCTHING"."""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

from syncthing_pair import SyncthingPair, wait_settled

binary = sys.argv[1]
APP_ID = "io.github.scrumdinger.Scrumdinger"
root = tempfile.mkdtemp()


def scrum(title, minutes):
    return {"id": str(uuid.uuid4()).upper(), "title": title, "lengthInMinutes": minutes, "theme": "sky",
            "attendees": [{"id": str(uuid.uuid4()).upper(), "name": n} for n in ("Ana", "Ben")], "history": []}


def read(folder):
    try:
        with open(os.path.join(folder, "scrums.json")) as source:
            return json.load(source)["scrums"]
    except (OSError, ValueError):
        return None


def change(folder, edit):
    """Edits the file as another program would: a temporary file renamed over it."""
    scrums = read(folder)
    edit(scrums)
    path = os.path.join(folder, "scrums.json")
    with open(path + ".bench", "w") as out:
        json.dump({"version": 1, "scrums": scrums}, out)
    os.replace(path + ".bench", path)


def until(predicate, what, timeout=120):
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise SystemExit(f"sync_convergence: timed out waiting for {what}")
        time.sleep(0.02)


pair = SyncthingPair(root)
apps, buses = [], []
try:
    with open(os.path.join(pair.a.folder, "scrums.json"), "w") as out:
        json.dump({"version": 1, "scrums": [scrum("Design", 5), scrum("Retro", 10)]}, out)
    until(lambda: read(pair.b.folder) is not None, "the file on B")
    for name, instance in (("a", pair.a), ("b", pair.b)):
        data = os.path.join(root, f"data-{name}", APP_ID)
        os.makedirs(data)
        os.symlink(os.path.join(instance.folder, "scrums.json"), os.path.join(data, "scrums.json"))
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        buses.append(bus)
        env = dict(os.environ, XDG_DATA_HOME=os.path.dirname(data), HOME=os.path.join(root, f"home-{name}"),
                   DBUS_SESSION_BUS_ADDRESS=bus.stdout.readline().decode().strip(), GTK_A11Y="none")
        apps.append(subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    time.sleep(3)  # both windows up, both files read
    wait_settled(pair)

    app_ms, syncthing_ms = [], []
    for round_ in range(5):
        # The apps: a rename on A and a length on B, while apart.
        pair.pause()
        title, minutes = f"Design {round_}", 20 + round_
        change(pair.a.folder, lambda s: s[0].update(title=title))
        time.sleep(1.5)  # A's app merges its side's change (the newer edit on B then wins nothing of it)
        change(pair.b.folder, lambda s: s[1].update(lengthInMinutes=minutes))
        time.sleep(1.5)
        start = time.monotonic()
        pair.resume()

        def converged():
            a, b = read(pair.a.folder), read(pair.b.folder)
            return (a is not None and a == b and a[0]["title"] == title and a[1]["lengthInMinutes"] == minutes
                    and not [n for n in os.listdir(pair.a.folder) + os.listdir(pair.b.folder) if "conflict" in n])
        until(converged, "both apps to converge")
        app_ms.append((time.monotonic() - start) * 1000)
        pair.wait_connected()
        wait_settled(pair)

        # Syncthing alone: a new file on A while apart, on B after the resume.
        pair.pause()
        probe = f"probe-{round_}.txt"
        with open(os.path.join(pair.a.folder, probe), "w") as out:
            out.write("probe")
        time.sleep(1.5)
        start = time.monotonic()
        pair.resume()
        until(lambda: os.path.exists(os.path.join(pair.b.folder, probe)), "the probe on B")
        syncthing_ms.append((time.monotonic() - start) * 1000)
        pair.wait_connected()
        wait_settled(pair)
    print(f"sync_convergence_ms {statistics.median(app_ms):.0f} {statistics.median(syncthing_ms):.0f}")
finally:
    for process in apps + buses:
        process.terminate()
        process.wait(timeout=10)
    pair.stop()
    shutil.rmtree(root, ignore_errors=True)
