"""Through GNOME Shell: a scheduled scrum's reminder as the shell shows it (its banner and its
message tray, through org.gtk.Notifications, the way GLib sends it in a GNOME session), its
Start Meeting button clicked there, dismissing it, and the background process that reminds with
no window open. The app's wall clock is moved to just before the reminder
(SCRUMDINGER_CLOCK_OFFSET, as in test_schedule)."""
import os
import subprocess
import time

from atspi_app import HANG, wait_for
from gnome_shell import INSTALLED
from test_schedule import scheduled

SUMMARY = "Standup starts in 1 minute"


def reminder_on_show(shell, start):
    """Waits for the reminder's banner; checks what it says and offers."""
    banner = wait_for(lambda: (shown := shell.banner()) and SUMMARY in shown["texts"] and shown, timeout=HANG,
                      what=f"the reminder's banner in the shell (last seen: {shell.banner()})")
    assert SUMMARY in banner["texts"] and f"At {start:%H:%M}" in banner["texts"], banner
    assert banner["buttons"] == ["Start Meeting"], banner
    assert ["Scrumdinger", SUMMARY, f"At {start:%H:%M}"] in shell.tray()


def test_the_shells_start_meeting_button_starts_the_meeting(shell, on_shell, data_home):
    start, offset = scheduled(data_home, 4)
    app = on_shell(TZ="UTC", SCRUMDINGER_CLOCK_OFFSET=f"{offset:.3f}")
    app.find("label", f"Next: today at {start:%H:%M}", within=app.main)
    reminder_on_show(shell, start)
    shell.click_banner_button("Start Meeting")
    app.find("label", "Speaker 1 of 2", within=app.main)
    # The meeting started: the reminder is taken back, from the tray too.
    wait_for(lambda: not any(SUMMARY in entry for entry in shell.tray()), what="the reminder to leave the tray")


def test_dismissing_the_reminder_starts_nothing(shell, on_shell, data_home):
    start, offset = scheduled(data_home, 4)
    app = on_shell(TZ="UTC", SCRUMDINGER_CLOCK_OFFSET=f"{offset:.3f}")
    reminder_on_show(shell, start)
    shell.dismiss_banner()
    wait_for(lambda: not any(SUMMARY in entry for entry in shell.tray()), what="the dismissed reminder to go")
    time.sleep(2)  # deliberate: a meeting the dismissal started would show by now
    assert app.query("label", "Speaker 1 of 2") is None, "no meeting started"
    app.find("push button", "Standup", within=app.main)


def test_the_background_process_reminds_with_no_window(shell, on_shell, data_home, tmp_path):
    start, offset = scheduled(data_home, 6)
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), TZ="UTC", SCRUMDINGER_CLOCK_OFFSET=f"{offset:.3f}",
               XDG_CONFIG_HOME=str(tmp_path / "config"), GDK_BACKEND="wayland", LANGUAGE="C")
    proc = subprocess.Popen([INSTALLED, "--background"], env=env)
    try:
        reminder_on_show(shell, start)
        assert proc.poll() is None, "it runs on"
        assert shell.windows_of(proc.pid) == [], "the shell shows no window of it"
    finally:
        proc.kill()
        proc.wait(timeout=HANG)
