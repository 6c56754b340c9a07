"""End-to-end: Scrumdinger as a desktop application — installed and launched from its
desktop file, one instance, its menu, notifications, and the Chinese translation."""
import contextlib
import json
import os
import re
import signal
import subprocess
import threading
import time

import pyatspi
import pytest

from atspi_app import HANG, MAIN_WINDOW, ROOT, wait_for
from conftest import scrum, write_scrums
from private_bus import PrivateBus

APP_ID = "io.github.scrumdinger.Scrumdinger"
HERE = os.path.dirname(__file__)


def app_version():
    """The version, from the one place it is written."""
    with open(os.path.join(ROOT, "Sources", "ScrumdingerCore", "App", "AppID.swift")) as source:
        return re.search(r'appVersion = "([^"]+)"', source.read()).group(1)


def test_the_installed_app_starts_from_its_desktop_file(launch, tmp_path, data_home):
    prefix = tmp_path / "prefix"
    subprocess.run(["make", "--no-print-directory", "-C", ROOT, "install", f"PREFIX={prefix}"],
                   check=True, capture_output=True)
    installed = str(prefix / "bin" / "scrumdinger")
    assert os.path.exists(prefix / "share" / "applications" / f"{APP_ID}.desktop")
    # The entry is DBusActivatable: the launcher asks the session bus, which starts the app
    # from the installed service file, as a desktop session's bus finds it under XDG_DATA_DIRS.
    env = {
        "XDG_DATA_DIRS": f"{prefix}/share:/usr/local/share:/usr/share",
        "XDG_DATA_HOME": str(data_home),
        "LANG": "C.UTF-8",
        "LANGUAGE": "zh_CN",  # the installed catalogue must be found, away from the build folder
        "GDK_BACKEND": "x11",
    }
    bus = PrivateBus(str(tmp_path), [str(prefix / "share" / "dbus-1" / "services")], env)
    try:
        # (The launcher still wants the entry's Exec on its PATH.)
        app = launch(command=["gtk-launch", APP_ID], executable=installed, DBUS_SESSION_BUS_ADDRESS=bus.address,
                     PATH=f"{prefix}/bin:" + os.environ["PATH"], **env)
        app.find("label", "每日站会")
        app.find("label", "没有站会")
        assert os.path.realpath(f"/proc/{app.pid}/exe") == installed
        assert bus.owner_pid(APP_ID) == app.pid, "the app was started by D-Bus activation"
        app.kill()
    finally:
        bus.close()
    subprocess.run(["make", "--no-print-directory", "-C", ROOT, "uninstall", f"PREFIX={prefix}"],
                   check=True, capture_output=True)
    assert not any(f for _, _, files in os.walk(prefix) for f in files)


def test_a_second_launch_presents_the_first_window(launch, data_home):
    app = launch()
    app.find("label", "No Scrums")
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), LANGUAGE="C", GDK_BACKEND="x11")
    second = subprocess.run([os.path.join(ROOT, ".build", "debug", "scrumdinger")], env=env,
                            timeout=HANG, capture_output=True)
    assert second.returncode == 0
    assert [w.name for w in app.windows()] == ["Scrumdinger"]
    # The desktop file's "New Scrum" action reaches the running instance too.
    subprocess.run([os.path.join(ROOT, ".build", "debug", "scrumdinger"), "--new-scrum"], env=env,
                   timeout=HANG, check=True, capture_output=True)
    wait_for(lambda: app.window("New Scrum"), what="--new-scrum to open the editor in the first instance")
    assert app.proc.poll() is None


def test_a_launch_as_the_running_app_goes_away_opens_the_app(launch, data_home):
    """Launched while the running instance is going away (quitting, or killed): the launch
    asks the running one for its actions, the running one leaves without answering, and the
    launch opens the app itself rather than failing ("Failed to register", status 1: seen in
    the loaded GNOME group, a test's app killed as the next test launched its own). The
    running one is held stopped until the launch's question is on the bus, then killed."""
    scrums = [scrum("Standup", ["Ana", "Ben"])]
    write_scrums(data_home, scrums)
    first = launch()
    first.find("push button", "Standup")
    monitor = subprocess.Popen(["dbus-monitor", "--session", "type='method_call',member='DescribeAll'"],
                               stdout=subprocess.PIPE, text=True)

    def kill_first_once_asked():
        for line in monitor.stdout:
            if "member=DescribeAll" in line:
                break
        os.kill(first.pid, signal.SIGKILL)

    try:
        wait_for(lambda: monitor.stdout.readline().startswith("signal"), what="dbus-monitor to listen")
        os.kill(first.pid, signal.SIGSTOP)
        killer = threading.Thread(target=kill_first_once_asked)
        killer.start()
        second = launch()
        killer.join(timeout=HANG)
    finally:
        monitor.kill()
        first.kill()
    assert second.pid != first.pid
    assert [w.name for w in second.windows()] == ["Scrumdinger"]
    second.find("push button", "Standup", within=second.main)


def test_the_menu_offers_shortcuts_about_and_quit(launch):
    app = launch()
    app.press("push button", "Main Menu")
    app.press("menu item", "About Scrumdinger")
    about = wait_for(lambda: next((w for w in app.windows() if app.query("label", app_version(), w)), None),
                     what="the About window with the version")
    app.find("label", "Scrumdinger", within=about)
    app.key("Escape")
    wait_for(lambda: len(app.windows()) == 1, what="the About window to close")
    app.key("ctrl+q")
    app.proc.wait(timeout=HANG)
    assert app.proc.returncode == 0


@pytest.fixture
def notification_log(tmp_path):
    log = tmp_path / "notifications.log"
    server = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "fake_notifications.py"), str(log)])
    wait_for(lambda: log.exists(), what="the fake notification server on the bus")
    yield log
    server.terminate()
    server.wait(timeout=HANG)


def notifications(log):
    """The Notify calls the fake server received."""
    return [entry for entry in map(json.loads, log.read_text().splitlines()) if "summary" in entry]


def withdrawals(log):
    """The CloseNotification calls the fake server received."""
    return [entry for entry in map(json.loads, log.read_text().splitlines()) if "closed" in entry]


@contextlib.contextmanager
def another_window_focused(app):
    """Opens another application's window, which takes the keyboard focus from ours."""
    other = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "other_window.py")],
                             env=dict(os.environ, GDK_BACKEND="x11"))
    try:
        wait_for(lambda: not app.main.getState().contains(pyatspi.STATE_ACTIVE),
                 what="another window to take the focus")
        yield
    finally:
        other.terminate()
        other.wait(timeout=HANG)


def focus_window(app):
    """Gives the app's main window the keyboard focus, as clicking it would."""
    subprocess.run(["xdotool", "search", "--sync", "--all", "--onlyvisible", "--pid", str(app.pid),
                    "--name", MAIN_WINDOW, "windowfocus", "--sync"], check=True, timeout=20)


def test_notifications_only_while_another_window_has_focus(launch, data_home, notification_log):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben", "Cy"], minutes=1)])
    app = launch()
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 3", within=app.main)
    app.press("push button", "Next speaker", within=app.main)  # our window has the focus
    app.find("label", "Speaker 2 of 3", within=app.main)
    time.sleep(1.0)  # deliberate: a notification the turn change sent would be in the log by now
    assert notifications(notification_log) == []

    with another_window_focused(app):
        app.press("push button", "Next speaker", within=app.main)
        app.find("label", "Last Speaker", within=app.main)
        sent = wait_for(lambda: notifications(notification_log), what="a notification")
        assert sent[0]["summary"] == "Cy is speaking"
        assert sent[0]["body"] == "Last Speaker"
        assert len(sent) == 1
        assert withdrawals(notification_log) == []
        # Looking at our window again takes the note back.
        focus_window(app)
        wait_for(lambda: withdrawals(notification_log), what="the notification to be withdrawn on focus")


def test_the_notification_is_withdrawn_when_the_meeting_ends(launch, data_home, notification_log):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben"], minutes=1)])
    app = launch()
    app.press("push button", "Standup")
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 2", within=app.main)
    with another_window_focused(app):
        app.press("push button", "Next speaker", within=app.main)
        wait_for(lambda: notifications(notification_log), what="a notification")
        app.press("push button", "End Meeting", within=app.main)
        question = wait_for(lambda: app.window("End meeting?"), what="the End meeting? question")
        app.press("push button", "Discard", within=question)
        wait_for(lambda: withdrawals(notification_log), what="the notification to be withdrawn at the end")


def test_new_scrum_from_the_launcher_opens_the_editor_on_any_page(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben"], minutes=1)])
    app = launch()
    app.press("push button", "Standup")
    app.find("push button", "Start Meeting")
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), LANGUAGE="C", GDK_BACKEND="x11")
    binary = os.path.join(ROOT, ".build", "debug", "scrumdinger")
    subprocess.run([binary, "--new-scrum"], env=env, timeout=20, check=True, capture_output=True)
    editor = wait_for(lambda: app.window("New Scrum"), what="--new-scrum to open the editor on the detail page")
    app.press("push button", "Dismiss", within=editor)
    wait_for(lambda: app.window("New Scrum") is None, what="the editor to close")
    # During a meeting it is refused, and the app says why.
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 2", within=app.main)
    subprocess.run([binary, "--new-scrum"], env=env, timeout=20, check=True, capture_output=True)
    app.find("label", "End the meeting before adding a scrum")
    assert app.window("New Scrum") is None


def test_f10_opens_the_main_menu_on_every_page(launch, data_home):
    write_scrums(data_home, [scrum("Standup", ["Ana", "Ben"], minutes=1, history=[{
        "id": "3D6E7F5C-8B8B-4B14-9C5E-2B1C6A3E9D04", "date": "2026-11-20T09:00:00Z",
        "attendees": ["Ana"], "durationSeconds": 60}])])
    app = launch()

    def menu_opens_by_keyboard(page, first="Preferences"):
        app.key("F10")
        wait_for(lambda: any(n.name == "Main Menu" and n.getState().contains(pyatspi.STATE_EXPANDED)
                             for n in app.find_all("push button")),
                 what=f"F10 to open the {page} page's menu")
        app.key("Return")  # the first item: the page's own, else Preferences
        wait_for(lambda: app.window(first), what=f"F10 then Enter to open {first} on the {page} page")
        app.key("Escape")
        wait_for(lambda: app.window(first) is None, what=f"the {first} window to close")

    app.find("push button", "Standup")
    menu_opens_by_keyboard("list", first="Import Scrums")  # the list's own item first
    app.press("push button", "Standup")
    app.find("push button", "Start Meeting")
    menu_opens_by_keyboard("detail", first="Export History")  # the scrum's own item first
    app.press("push button", re.compile(r"Show meeting of .*"))
    app.find("label", "Duration", within=app.main)  # only the history page has it
    menu_opens_by_keyboard("history")
    app.key("alt+Left")
    app.press("push button", "Start Meeting")
    app.find("label", "Speaker 1 of 2", within=app.main)
    menu_opens_by_keyboard("meeting")


def test_help_and_version_need_no_display():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    binary = os.path.join(ROOT, ".build", "debug", "scrumdinger")
    version = subprocess.run([binary, "--version"], env=env, capture_output=True, text=True, timeout=10)
    assert version.returncode == 0 and version.stdout.strip() == f"scrumdinger {app_version()}"
    usage = subprocess.run([binary, "--help"], env=env, capture_output=True, text=True, timeout=10)
    assert usage.returncode == 0
    assert "--new-scrum" in usage.stdout and "--version" in usage.stdout


def test_the_chinese_ui(launch, data_home):
    write_scrums(data_home, [scrum("站会", ["Ana", "Ben", "Cy"], minutes=1)])
    # Exactly as a user would ask for it, with no LANG at all.
    app = launch(LANG="", LANGUAGE="zh_CN.UTF-8")
    app.find("label", "每日站会")
    card = app.find("push button", "站会")
    app.find("label", "3 位参会者", within=card)
    app.find("label", "1 分钟会议", within=card)
    app.press("push button", "站会")
    app.press("push button", "开始会议")
    app.find("label", "第 1 位发言人，共 3 位", within=app.main)
    app.find("push button", "下一位发言人", within=app.main)
    app.find("image", "Ana 正在发言", within=app.main)
    app.find("scroll bar", "垂直滚动条")  # GTK's own controls are named in Chinese too
    app.screenshot("meeting-zh_CN.png")
