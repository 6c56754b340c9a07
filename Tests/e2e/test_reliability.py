"""End-to-end: a bad day — kills during saves, a save that fails before quitting, signals,
two copies of the app without a session bus."""
import os
import re
import shutil
import signal
import subprocess
import time

from atspi_app import HANG, BINARY, wait_for
from conftest import read_scrums, scrum, write_scrums

FOLDER = "io.github.scrumdinger.Scrumdinger"
# What a save writes before it takes the file's place: a name only the app makes, and GLib's
# temporary file for it.
TEMP_NAME = re.compile(r"^\.scrums\.json\.scrumdinger-save(\.[A-Za-z0-9]{6})?$")


def big_scrums(count=40, meetings=1500):
    history = [{"id": f"00000000-0000-4000-8000-{i:012d}", "date": "2026-11-20T09:00:00Z",
                "attendees": ["Ana", "Ben"], "durationSeconds": 300} for i in range(meetings)]
    return [scrum(f"Scrum {n:02d}", ["Ana", "Ben"], history=history) for n in range(count)]


def delete_first_scrum(app, title):
    app.press("push button", title)
    app.press("push button", "Delete")
    dialog = wait_for(lambda: app.window(f"Delete “{title}”?"), what="the delete question")
    app.press("push button", "Delete", within=dialog)
    app.find("label", f"“{title}” deleted")


def test_kills_during_saves_leave_no_temp_files_after_the_next_start(launch, data_home):
    write_scrums(data_home, big_scrums())
    folder = data_home / FOLDER
    titles = [s["title"] for s in read_scrums(data_home)]
    for round in range(4):
        app = launch()
        delete_first_scrum(app, titles[round])
        # The save starts 500 ms after the change; kill the app while it writes (its temp
        # file is there), or after 3 s if the write was never caught.
        end = time.monotonic() + 3
        while time.monotonic() < end and not [n for n in os.listdir(folder) if TEMP_NAME.match(n)]:
            time.sleep(0.002)
        os.kill(app.pid, signal.SIGKILL)
        app.proc.wait(timeout=HANG)
    left = [name for name in os.listdir(folder) if TEMP_NAME.match(name)]
    print(f"temp files left by {round + 1} kills: {len(left)}")
    # However the kills fell, one more as a killed save leaves it; and a user's backup, which
    # GLib's own temporary names (NAME.XXXXXX) could not be told from.
    (folder / ".scrums.json.scrumdinger-save.Q7xk2P").write_bytes(b'{"version": 1, "scr')
    (folder / "scrums.json.backup").write_bytes(b'{"version": 1, "scrums": []}')
    app = launch()
    app.find("push button", titles[4])  # loaded
    wait_for(lambda: not [n for n in os.listdir(folder) if TEMP_NAME.match(n)],
             what=f"the temp files {left} to be cleared at start")
    saved = [s["title"] for s in read_scrums(data_home)]
    assert saved[-30:] == titles[-30:], "a saved scrum was lost"
    assert (folder / "scrums.json.backup").read_bytes() == b'{"version": 1, "scrums": []}', "the user's backup stays"


UNSAVED = "Your changes could not be saved: the file on disk cannot be read"


def app_whose_saves_fail(launch, data_home):
    """The app on Design and Retro, Design deleted, and every save refused from then on (a
    folder stands where the file goes: the app says it cannot read it, and writes nothing
    over it). Returns the app and that path."""
    write_scrums(data_home, [scrum("Design"), scrum("Retro")])
    path = data_home / FOLDER / "scrums.json"
    app = launch()
    app.find("push button", "Design")
    os.remove(path)
    os.mkdir(path)
    question = wait_for(lambda: app.window("Your Scrums File Was Changed and Cannot Be Read"),
                        what="the question about the file that cannot be read")
    app.press("push button", "Not Now", within=question)
    delete_first_scrum(app, "Design")
    return app, path


def test_quitting_after_a_failed_save_asks_first(launch, data_home):
    app, path = app_whose_saves_fail(launch, data_home)
    app.find("label", re.compile(r"Not saving: .*could not be read.*"), timeout=HANG)
    app.key("ctrl+q")
    question = wait_for(lambda: app.window(UNSAVED),
                        what="the question about unsaved changes")
    app.find("push button", "Try Again", within=question)
    app.press("push button", "Cancel", within=question)
    wait_for(lambda: app.window(UNSAVED) is None,
             what="Cancel to close the question")
    assert app.proc.poll() is None, "Cancel quit anyway"
    app.key("ctrl+q")
    question = wait_for(lambda: app.window(UNSAVED),
                        what="the question again (the save still fails)")
    os.rmdir(path)  # room again: Try Again saves and quits
    app.press("push button", "Try Again", within=question)
    app.proc.wait(timeout=HANG)
    assert app.proc.returncode == 0
    assert [s["title"] for s in read_scrums(data_home)] == ["Retro"]


def test_quit_without_saving_quits(launch, data_home):
    app, _ = app_whose_saves_fail(launch, data_home)
    app.key("ctrl+q")
    question = wait_for(lambda: app.window(UNSAVED),
                        what="the question about unsaved changes")
    app.press("push button", "Quit Without Saving", within=question)
    app.proc.wait(timeout=HANG)
    assert app.proc.returncode == 0


def test_a_signal_right_after_a_change_saves_it(launch, data_home):
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        # A new data folder each time: a file replaced by hand over the last one's save would
        # be merged with what that save kept (a restored file is never taken whole).
        shutil.rmtree(data_home / FOLDER, ignore_errors=True)
        write_scrums(data_home, [scrum("Design"), scrum("Retro")])
        app = launch()
        delete_first_scrum(app, "Design")
        os.kill(app.pid, sig)  # well inside the half second before the save was due
        app.proc.wait(timeout=HANG)
        assert app.proc.returncode == 0, f"{sig.name}: exit status {app.proc.returncode}"
        assert [s["title"] for s in read_scrums(data_home)] == ["Retro"], f"{sig.name} lost the change"


def test_a_signal_during_a_meeting_saves_it_as_ended_early(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben"], minutes=1)])
    app = launch()
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 2", within=app.main)
    time.sleep(2)  # deliberate: the meeting's two seconds before the signal
    os.kill(app.pid, signal.SIGTERM)
    app.proc.wait(timeout=HANG)
    history = read_scrums(data_home)[0]["history"]
    assert len(history) == 1 and 1 <= history[0]["durationSeconds"] <= 4


def test_a_second_copy_without_a_session_bus_only_reads(launch, data_home):
    write_scrums(data_home, [scrum("Design")])
    first = launch()
    first.find("push button", "Design")
    # The second copy cannot reach the first: no session bus (as over ssh -X), and so no
    # screen reader either (GTK 4.8 crashes with an accessibility bus but no session bus).
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), LANGUAGE="C", GDK_BACKEND="x11",
               DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent/bus", GTK_A11Y="none")
    log = data_home / "second.log"
    with open(log, "wb") as out:
        second = subprocess.Popen([BINARY], env=env, stdout=out, stderr=out)
    try:
        wait_for(lambda: "only shows them" in log.read_text(errors="replace"),
                 what="the second copy to say it only reads")
        assert second.poll() is None, "the second copy did not keep running"
        # The first one saves; the second one never writes over it, not even when it quits.
        first.press("push button", "New Scrum")
        editor = wait_for(lambda: first.window("New Scrum"), what="the editor")
        first.type_into("Title", "Retro", within=editor)
        first.press("push button", "Add", within=editor)
        wait_for(lambda: [s["title"] for s in read_scrums(data_home)] == ["Design", "Retro"],
                 what="the first copy's save")
        second.send_signal(signal.SIGTERM)
        assert second.wait(timeout=HANG) == 0
        assert [s["title"] for s in read_scrums(data_home)] == ["Design", "Retro"]
    finally:
        if second.poll() is None:
            second.kill()
