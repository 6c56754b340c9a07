import contextlib
import json
import os
import re
import subprocess
import tempfile
import uuid

import pytest

import gnome_shell
from atspi_app import OUTPUT, App
from audio_capture import PulseServer


@pytest.fixture
def data_home(tmp_path):
    return tmp_path / "data"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keeps each phase's report on the test (`item.failed`), so fixtures can tell, as they
    end, whether to leave what a failure needs to be understood."""
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        item.failed = True


def failure_screenshot(request):
    """A picture of the whole display as the test failed, in Tests/output/failures (the
    windows as they were; kept for CI's artefacts)."""
    folder = os.path.join(OUTPUT, "failures")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid) + ".png")
    shot = subprocess.run(["import", "-window", "root", path], capture_output=True, timeout=60)
    print("screenshot at the failure:", path if shot.returncode == 0 else shot.stderr.decode(errors="replace"))


@pytest.fixture
def launch(data_home, request):
    """Starts the app (again) on the test's data folder; every app is killed afterwards, before
    the services the test gave it end (a PulseAudio stopped under a running app made it say
    "Connection terminated", which read as the cause of a failure it only followed)."""
    if "pulse" in request.fixturenames:
        request.getfixturevalue("pulse")  # set up first, so ended after the apps
    apps = []

    def start(command=None, executable=None, **env):
        app = App(data_home, env=env, command=command, executable=executable)
        apps.append(app)
        return app

    yield start
    if apps and getattr(request.node, "failed", False) and os.environ.get("DISPLAY"):
        failure_screenshot(request)
    for app in apps:
        # Shown by pytest only when the test failed: what the window said, and the app's log.
        try:
            print("window texts:", app.texts(within=app.main))
        except Exception as error:  # the app is gone, or its tree is
            print("window texts unavailable:", error)
        app.kill()
        with open(app.log.name, errors="replace") as log:
            print("app log:", log.read()[-4000:])


@pytest.fixture(scope="session")
def shell():
    """The GNOME session's shell (tests in gnome/), the app installed where it reads it."""
    gnome_shell.install_app()
    return gnome_shell.Shell()


@pytest.fixture
def on_shell(data_home, shell):
    """Starts the installed app on the shell's display (its windows are the shell's), on the
    test's data folder; what D-Bus activation starts gets the same folder. Every app is
    killed afterwards, and the overview closed."""
    gnome_shell.set_activation_environment(XDG_DATA_HOME=str(data_home))
    shell.clear_tray()
    apps = []

    def start(*arguments, **env):
        app = App(data_home, env={"GDK_BACKEND": "wayland", **env}, command=[gnome_shell.INSTALLED, *arguments],
                  executable=None)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.kill()
        with open(app.log.name, errors="replace") as log:
            print("app log:", log.read()[-4000:])
    shell.close_overview()


@pytest.fixture
def pulse(tmp_path, request):
    """A private PulseAudio server: a null sink the default output, its monitor the default
    input (see audio_capture.PulseServer). A server that ended during the test fails it; its
    log is shown with a failing test's output."""
    server = PulseServer(tmp_path)
    yield server
    ended = server.proc.poll()
    server.stop()
    if ended is not None or getattr(request.node, "failed", False):
        print(f"pulseaudio {'ended during the test, status ' + str(ended) if ended is not None else 'ran on'};"
              f" its log:\n{server.log_text()[-6000:]}")
    assert ended is None, f"pulseaudio ended during the test (status {ended}); its log is above"


@contextlib.contextmanager
def idle_machine():
    """While the test waits for work the app does at idle priority (the speech helper, which
    by design gets no CPU while the cores are busy), `make test-under-load`'s load rests, as a
    build ends (scripts/run-tests.sh); without a load, nothing to do."""
    rests = os.environ.get("SCRUMDINGER_TEST_LOAD_RESTS")
    if not rests:
        yield
        return
    handle, path = tempfile.mkstemp(dir=rests, prefix=f"{os.getpid()}-")
    os.close(handle)
    try:
        yield
    finally:
        os.unlink(path)


def write_scrums(data_home, scrums):
    """Seeds a version-1 scrums file."""
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "scrums.json").write_text(json.dumps({"version": 1, "scrums": scrums}))


def record_on_this_computer(data_home, *scrums):
    """This computer records the meetings of `scrums`: what turning on the editor's switch
    saves, beside the scrums (never in scrums.json)."""
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    folder.mkdir(parents=True, exist_ok=True)
    consent = {"version": 1, "recordedScrums": [s["id"] for s in scrums]}
    (folder / "recording-consent.json").write_text(json.dumps(consent))


def scrum(title, attendees=(), minutes=5, theme="sky", history=(), warning=None):
    """A scrum as the file holds it; `warning` sets the turn warning's seconds (else the
    file leaves it out, as older files do, and the app's default applies)."""
    result = {
        "id": str(uuid.uuid4()).upper(), "title": title, "lengthInMinutes": minutes, "theme": theme,
        "attendees": [{"id": str(uuid.uuid4()).upper(), "name": n} for n in attendees],
        "history": list(history),
    }
    if warning is not None:
        result["turnWarningSeconds"] = warning
    return result


def read_scrums(data_home):
    path = data_home / "io.github.scrumdinger.Scrumdinger" / "scrums.json"
    return json.loads(path.read_text())["scrums"]
