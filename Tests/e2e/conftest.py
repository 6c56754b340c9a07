import json
import uuid

import pytest

import gnome_shell
from atspi_app import App
from audio_capture import PulseServer


@pytest.fixture
def data_home(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def launch(data_home):
    """Starts the app (again) on the test's data folder; every app is killed afterwards."""
    apps = []

    def start(command=None, executable=None, **env):
        app = App(data_home, env=env, command=command, executable=executable)
        apps.append(app)
        return app

    yield start
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
def pulse(tmp_path):
    """A private PulseAudio server: a null sink the default output, its monitor the default
    input (see audio_capture.PulseServer)."""
    server = PulseServer(tmp_path)
    yield server
    server.stop()


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
