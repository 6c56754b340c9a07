"""End-to-end: a scrum on a schedule, with the app's wall clock moved (SCRUMDINGER_CLOCK_OFFSET)
to just before its reminder: its card says when it meets next, the reminder arrives through
the desktop's notification service (a fake one, on the test's session bus) with a Start Meeting
button, and that button starts the scrum's meeting with today's lineup, which takes the
reminder back. With a schedule, closing the window leaves the app running and the reminder
still comes; an autostart entry starts it with --background (no window), and goes with the
preference; Quit quits."""
import datetime
import json
import os
import subprocess
import time
import zoneinfo

import pytest
from gi.repository import Gio, GLib

from atspi_app import HANG, BINARY, wait_for
from conftest import scrum, write_scrums

HERE = os.path.dirname(__file__)
AUTOSTART = "autostart/io.github.scrumdinger.Scrumdinger.desktop"


@pytest.fixture
def notification_log(tmp_path):
    log = tmp_path / "notifications.log"
    server = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "fake_notifications.py"), str(log)])
    wait_for(lambda: log.exists(), what="the fake notification server on the bus")
    yield log
    server.terminate()
    server.wait(timeout=HANG)


def scheduled(data_home, lead_seconds):
    """Writes "Standup" meeting every day an hour from now (UTC) with a one-minute reminder;
    returns the start and the clock offset that puts the app `lead_seconds` before that reminder."""
    now = datetime.datetime.now(datetime.timezone.utc)
    start = (now + datetime.timedelta(hours=1)).replace(second=0, microsecond=0)
    standup = scrum("Standup", ["Ana", "Ben"], minutes=5)
    standup["schedule"] = {"days": [1, 2, 3, 4, 5, 6, 7], "hour": start.hour, "minute": start.minute, "remind": 1}
    write_scrums(data_home, [standup])
    return start, (start - datetime.timedelta(seconds=60 + lead_seconds) - now).total_seconds()


def notices(log):
    return [entry for entry in map(json.loads, log.read_text().splitlines()) if "summary" in entry]


def closed(log):
    return [entry for entry in map(json.loads, log.read_text().splitlines()) if "closed" in entry]


def test_a_reminder_arrives_and_its_start_meeting_button_starts_the_meeting(launch, data_home, notification_log):
    log = notification_log
    # The app's clock is 4 s before the reminder.
    start, offset = scheduled(data_home, 4)
    app = launch(TZ="UTC", SCRUMDINGER_CLOCK_OFFSET=f"{offset:.3f}")
    app.find("label", f"Next: today at {start:%H:%M}", within=app.main)
    app.screenshot("card-next-meeting.png")

    reminder = wait_for(lambda: notices(log), timeout=HANG, what="the reminder")[0]
    assert reminder["summary"] == "Standup starts in 1 minute"
    assert reminder["body"] == f"At {start:%H:%M}"
    labels = reminder["actions"][1::2]
    assert "Start Meeting" in labels, reminder["actions"]
    key = reminder["actions"][reminder["actions"].index("Start Meeting") - 1]

    # The button, as the notification service reports a click on it.
    Gio.bus_get_sync(Gio.BusType.SESSION).call_sync(
        "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
        "Invoke", GLib.Variant("(us)", (reminder["id"], key)), None, Gio.DBusCallFlags.NONE, 5000, None)
    app.find("label", "Speaker 1 of 2", within=app.main)
    wait_for(lambda: closed(log), what="the reminder taken back when the meeting started")
    time.sleep(1)  # deliberate: a second notice of this start would be in the log by now
    assert len(notices(log)) == 1, "nothing more is said of this start"
    app.screenshot("reminder-started-meeting.png")


def test_with_the_real_clock_the_card_says_when_it_meets_next_in_the_users_zone(launch, data_home):
    # No SCRUMDINGER_CLOCK_OFFSET, as a user runs it: the real clock, read in the user's time
    # zone (one with a half-hour offset, so UTC or a whole-hour mistake would show).
    zone = zoneinfo.ZoneInfo("Asia/Kolkata")
    now = datetime.datetime.now(zone)
    soon = (now + datetime.timedelta(minutes=3)).replace(second=0, microsecond=0)
    standup = scrum("Standup", ["Ana", "Ben"], minutes=5)
    standup["schedule"] = {"days": [1, 2, 3, 4, 5, 6, 7], "hour": soon.hour, "minute": soon.minute, "remind": 1}
    write_scrums(data_home, [standup])
    app = launch(TZ="Asia/Kolkata")
    day = "today" if soon.date() == now.date() else "tomorrow"
    app.find("label", f"Next: {day} at {soon:%H:%M}", within=app.main)


def test_with_the_window_closed_the_reminder_still_comes_and_quit_quits(launch, data_home, notification_log, tmp_path):
    config = tmp_path / "config"
    start, offset = scheduled(data_home, 10)
    app = launch(TZ="UTC", SCRUMDINGER_CLOCK_OFFSET=f"{offset:.3f}", XDG_CONFIG_HOME=str(config))
    entry = config / AUTOSTART
    wait_for(entry.exists, what="the autostart entry, once a scrum is on a schedule")
    assert "Exec=" in entry.read_text() and "--background" in entry.read_text()
    subprocess.run(["desktop-file-validate", str(entry)], check=True)
    app.press("push button", "Close", within=app.main)
    wait_for(lambda: not app.windows(), what="the window to close")
    assert app.proc.poll() is None, "the app keeps running for the reminder"
    wait_for(lambda: notices(notification_log), timeout=HANG, what="the reminder with the window closed")
    # Launched again, it shows its window; Quit (Ctrl+Q) then ends it for real.
    again = launch(executable=os.path.realpath(BINARY), TZ="UTC", SCRUMDINGER_CLOCK_OFFSET=f"{offset:.3f}",
                   XDG_CONFIG_HOME=str(config))
    assert again.pid == app.proc.pid, "the running app showed its window"
    again.key("ctrl+q")
    app.proc.wait(timeout=HANG)

    # The preference off: no entry at login; the app ends with its window.
    off = launch(TZ="UTC", SCRUMDINGER_CLOCK_OFFSET=f"{offset:.3f}", XDG_CONFIG_HOME=str(config))
    off.key("ctrl+comma")
    preferences = wait_for(lambda: off.window("Preferences"), what="the Preferences window")
    switch = off.find("check box", "Run in the background for reminders", within=preferences)
    off.click(switch, window="^Preferences$")
    wait_for(lambda: not entry.exists(), what="the autostart entry to go with the preference")
    off.key("Escape")
    wait_for(lambda: off.window("Preferences") is None, what="Preferences to close")
    off.press("push button", "Close", within=off.main)
    off.proc.wait(timeout=HANG)


def test_background_starts_with_no_window_and_reminds(data_home, notification_log, tmp_path):
    start, offset = scheduled(data_home, 6)
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), TZ="UTC", SCRUMDINGER_CLOCK_OFFSET=f"{offset:.3f}",
               XDG_CONFIG_HOME=str(tmp_path / "config"), GDK_BACKEND="x11", LANGUAGE="C")
    proc = subprocess.Popen([BINARY, "--background"], env=env)
    try:
        time.sleep(3)  # deliberate: a background start that quit or showed a window would have by now
        assert proc.poll() is None, "it runs on"
        windows = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(proc.pid), "--name", "."],
                                 capture_output=True, text=True).stdout.split()
        assert windows == [], "no window"
        reminder = wait_for(lambda: notices(notification_log), timeout=HANG, what="the reminder")[0]
        assert reminder["summary"] == "Standup starts in 1 minute"
    finally:
        proc.kill()
        proc.wait(timeout=HANG)
