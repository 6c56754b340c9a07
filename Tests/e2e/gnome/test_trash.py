"""The Trash as GNOME Files sees it, through GIO's own tool: what the app moved there at
start-up (the audio of a meeting no scrum holds any more) is listed by `gio trash --list` with
the place it came from, and `gio trash --restore` puts it back where the app finds it again
once its meeting is back. The Trash is the session's, as GNOME Files has one per user: GVfs's
trash backend (what `gio` asks) watches the data folder the session started with, so the app
runs on that folder here."""
import os
import pathlib
import shutil
import subprocess
import uuid

import pytest

from atspi_app import App, wait_for
from conftest import scrum, write_scrums
from gnome_shell import INSTALLED


def gio_trash(*arguments):
    return subprocess.run(["gio", "trash", *arguments], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def session_data(shell):
    """The session's own data folder, left as it was found."""
    data = pathlib.Path(os.environ["XDG_DATA_HOME"])
    assert gio_trash("--list") == "", "the session's Trash starts empty"
    yield data
    shutil.rmtree(data / "io.github.scrumdinger.Scrumdinger", ignore_errors=True)
    gio_trash("--empty")


def test_gio_lists_what_the_app_trashed_and_restores_it_where_the_app_finds_it(session_data):
    data_home = session_data
    meeting_id = str(uuid.uuid4()).upper()
    meeting = {"id": meeting_id, "date": "2026-11-23T08:42:00Z", "attendees": ["Ana"], "durationSeconds": 60,
               "recorded": True}
    standup = scrum("Standup", ["Ana"])
    write_scrums(data_home, [standup])  # the meeting is in no scrum's history (a merge took it away)
    recordings = data_home / "io.github.scrumdinger.Scrumdinger" / "recordings"
    recordings.mkdir(parents=True)
    audio = recordings / f"{meeting_id}.ogg"
    audio.write_bytes(b"OggS recorded audio")
    app = App(data_home, env={"GDK_BACKEND": "wayland"}, command=[INSTALLED])
    wait_for(lambda: not audio.exists(), what="the audio of no meeting to go to the Trash")
    app.kill()

    listed = [line.split("\t") for line in gio_trash("--list").splitlines()]
    assert listed == [[f"trash:///{meeting_id}.ogg", str(audio)]], listed

    # The meeting comes back (the other computer's Undo, synced); the user restores its audio.
    standup["history"] = [meeting]
    write_scrums(data_home, [standup])
    gio_trash("--restore", f"trash:///{meeting_id}.ogg")
    assert audio.read_bytes() == b"OggS recorded audio"
    assert gio_trash("--list") == ""

    again = App(data_home, env={"GDK_BACKEND": "wayland"}, command=[INSTALLED])
    again.press("push button", "Standup")
    again.press("push button", "Show meeting of Nov 23, 2026, 08:42 (1 minute)")
    try:
        again.find("push button", "Play Recording", within=again.main)
        assert audio.exists(), "kept: its meeting is back"
    finally:
        again.kill()
