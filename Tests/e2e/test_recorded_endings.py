"""End-to-end: every way a recorded meeting ends, on the microphone every user gets (the
default source, GStreamer's autoaudiosrc; here a PulseAudio null sink's monitor made the
default source): Save and End, Discard, the time running out, Next on the last speaker, Ctrl+Q
mid-meeting, SIGTERM, and a reminder's Start Meeting while the meeting runs. Each leaves the
app running (or exits cleanly when asked to quit), the history and the recording as the user
chose, and the transcript on the meeting's page. One more test keeps the override
(SCRUMDINGER_AUDIO_SOURCE) working."""
import datetime
import os
import re
import signal
import time
import urllib.parse
import uuid

from gi.repository import Gio, GLib

from atspi_app import HANG, wait_for
from audio_capture import FIRST_HALF, SINK, ogg_end, say
from conftest import idle_machine, read_scrums, record_on_this_computer, scrum, write_scrums

APP_PATH = "/io/github/scrumdinger/Scrumdinger"
ANA = re.compile(r"Ana \(\d+:\d\d–\d+:\d\d\)")


def recordings(app):
    folder = os.path.join(app.data_dir, "recordings")
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else []


def capturing_from(pulse):
    """The names of the sources something records from now."""
    sources = dict(line.split("\t")[:2] for line in pulse.pactl("list", "short", "sources").splitlines())
    used = [line.split("\t")[1] for line in pulse.pactl("list", "short", "source-outputs").splitlines()]
    return [sources.get(index) for index in used]


def start_recorded_meeting(launch, data_home, pulse, minutes=2, attendees=("Ana", "Ben"), others=(), **env):
    """Starts the recorded meeting of "Standup" and checks it records the default source. The
    app keeps how long the microphone took at most to open (`app.opened_within`): what was
    said before that cannot be in the recording, which starts a little after the meeting."""
    standup = scrum("Standup", list(attendees), minutes=minutes)
    write_scrums(data_home, [standup, *others])
    record_on_this_computer(data_home, standup)
    app = launch(**pulse.env, **env)
    app.press("push button", "Standup")
    started = time.monotonic()
    app.press("push button", "Start Meeting")
    app.find("label", "Recording", within=app.main)
    wait_for(lambda: f"{SINK}.monitor" in capturing_from(pulse), what="the default source to be recorded")
    app.opened_within = time.monotonic() - started
    return app


def saved_meeting(data_home):
    return wait_for(lambda: read_scrums(data_home)[0]["history"], what="the meeting saved")[0]


def assert_transcribed(app, meeting, opened_within):
    """The meeting's page shows Ana's words, and its recording is kept (with where its turns
    changed, if they did; the decoded samples are gone once transcribed), complete: the Ogg
    stream ends properly, after the meeting's last moments (the recording lacks at most the
    moments before the microphone opened, `opened_within` seconds of the meeting's start)."""
    app.press("push button", re.compile(r"Show meeting of .*"))
    kept = [f"{meeting['id']}.ogg", f"{meeting['id']}.ogg.turns"]  # the recording, where its turns changed
    with idle_machine():
        ana = app.find("label", ANA, within=app.main)
        wait_for(lambda: recordings(app) in (kept, kept[:1]), what="only the recording kept")
    texts = app.texts(within=app.main)
    said = texts[texts.index(ana.name) + 1].lower()
    assert "americans" in said, said
    seconds, complete = ogg_end(os.path.join(app.data_dir, "recordings", f"{meeting['id']}.ogg"))
    assert complete, "the recording's Ogg stream ends properly"
    assert seconds > meeting["durationSeconds"] - opened_within - 1.5, (seconds, meeting["durationSeconds"], opened_within)


def still_running(app, pulse):
    time.sleep(2)  # deliberate: the app runs on after the meeting (a crash at its end would show by now)
    app.alive()
    assert f"{SINK}.monitor" not in capturing_from(pulse), "the microphone is closed once the meeting ended"


def saved_and_transcribed_while_running(app, data_home, pulse):
    """Save and End, in the question open now: the meeting is saved, the app goes on with
    the microphone closed, and the meeting's page shows the transcript."""
    app.press("push button", "Save and End")
    meeting = saved_meeting(data_home)
    still_running(app, pulse)
    assert_transcribed(app, meeting, app.opened_within)


def test_save_and_end(launch, data_home, pulse, tmp_path):
    app = start_recorded_meeting(launch, data_home, pulse)
    say(pulse, tmp_path, FIRST_HALF)
    app.press("push button", "End Meeting", within=app.main)
    saved_and_transcribed_while_running(app, data_home, pulse)
    app.alive()


def test_discard_keeps_no_history_and_no_audio(launch, data_home, pulse, tmp_path):
    app = start_recorded_meeting(launch, data_home, pulse)
    say(pulse, tmp_path, FIRST_HALF)
    app.press("push button", "End Meeting", within=app.main)
    app.press("push button", "Discard")
    app.find("push button", "Start Meeting", within=app.main)
    still_running(app, pulse)
    assert read_scrums(data_home)[0]["history"] == []
    wait_for(lambda: recordings(app) == [], what="the discarded meeting's audio to go")


def test_the_time_running_out(launch, data_home, pulse, tmp_path):
    app = start_recorded_meeting(launch, data_home, pulse, minutes=1, attendees=("Ana",))
    say(pulse, tmp_path, FIRST_HALF)
    meeting = wait_for(lambda: read_scrums(data_home)[0]["history"], timeout=60 + HANG, what="the time to run out")[0]
    assert 59 <= meeting["durationSeconds"] <= 61, meeting
    still_running(app, pulse)
    assert_transcribed(app, meeting, app.opened_within)


def test_next_on_the_last_speaker(launch, data_home, pulse, tmp_path):
    app = start_recorded_meeting(launch, data_home, pulse)
    say(pulse, tmp_path, FIRST_HALF)
    app.press("push button", "Next speaker", within=app.main)
    app.find("label", "Last Speaker", within=app.main)
    app.press("push button", "Next speaker", within=app.main)
    saved_and_transcribed_while_running(app, data_home, pulse)


def assert_saved_then_transcribed_at_next_start(app, launch, data_home, pulse):
    """The app exited cleanly with the meeting saved; started again, it transcribes it."""
    assert app.proc.wait(timeout=HANG) == 0
    meeting = saved_meeting(data_home)
    again = launch(**pulse.env)
    again.press("push button", "Standup")
    assert_transcribed(again, meeting, app.opened_within)


def test_ctrl_q_mid_meeting_saves_and_quits(launch, data_home, pulse, tmp_path):
    app = start_recorded_meeting(launch, data_home, pulse)
    say(pulse, tmp_path, FIRST_HALF)
    app.key("ctrl+q")
    app.press("push button", "Save and Quit")
    assert_saved_then_transcribed_at_next_start(app, launch, data_home, pulse)


def test_sigterm_mid_meeting_saves_and_exits_cleanly(launch, data_home, pulse, tmp_path):
    app = start_recorded_meeting(launch, data_home, pulse)
    say(pulse, tmp_path, FIRST_HALF)
    os.kill(app.pid, signal.SIGTERM)
    assert_saved_then_transcribed_at_next_start(app, launch, data_home, pulse)


def start_scheduled(scrum_id):
    """What a reminder's Start Meeting button sends (org.gtk.Actions, as GNotification does);
    any process on the session bus can send the same."""
    Gio.bus_get_sync(Gio.BusType.SESSION).call_sync(
        "io.github.scrumdinger.Scrumdinger", APP_PATH, "org.gtk.Actions", "Activate",
        GLib.Variant("(sava{sv})", ("start-scheduled", [GLib.Variant("s", scrum_id)], {})),
        None, Gio.DBusCallFlags.NONE, 5000, None)


def test_a_reminders_start_meeting_while_it_runs(launch, data_home, pulse, tmp_path):
    # Retro meets in an hour with a one-minute reminder; the app's wall clock is put 30 s
    # past that reminder, so it is on show.
    now = datetime.datetime.now(datetime.timezone.utc)
    start = (now + datetime.timedelta(hours=1)).replace(second=0, microsecond=0)
    retro = scrum("Retro", ["Cy"], minutes=5)
    retro["schedule"] = {"days": [1, 2, 3, 4, 5, 6, 7], "hour": start.hour, "minute": start.minute, "remind": 1}
    offset = (start - datetime.timedelta(seconds=30) - now).total_seconds()
    app = start_recorded_meeting(launch, data_home, pulse, others=[retro], TZ="UTC",
                                 SCRUMDINGER_CLOCK_OFFSET=f"{offset:.3f}")
    say(pulse, tmp_path, FIRST_HALF)
    start_scheduled(retro["id"])
    app.find("label", "“Retro” is starting: end this meeting first", within=app.main)
    app.find("label", "Speaker 1 of 2", within=app.main)
    app.find("label", "Recording", within=app.main)
    app.press("push button", "End Meeting", within=app.main)
    saved_and_transcribed_while_running(app, data_home, pulse)


def test_the_audio_source_override_still_records_what_it_names(launch, data_home, pulse, tmp_path):
    # The default source is a silent sink's monitor; the override names the speaking one.
    pulse.pactl("load-module", "module-null-sink", "sink_name=quiet_sink")
    pulse.pactl("set-default-source", "quiet_sink.monitor")
    standup = scrum("Standup", ["Ana", "Ben"], minutes=2)
    write_scrums(data_home, [standup])
    record_on_this_computer(data_home, standup)
    app = launch(SCRUMDINGER_AUDIO_SOURCE=f"pulsesrc device={SINK}.monitor", **pulse.env)
    app.press("push button", "Standup")
    started = time.monotonic()
    app.press("push button", "Start Meeting")
    wait_for(lambda: capturing_from(pulse) == [f"{SINK}.monitor"], what="the named source to be recorded")
    app.opened_within = time.monotonic() - started
    say(pulse, tmp_path, FIRST_HALF)
    app.press("push button", "End Meeting", within=app.main)
    app.press("push button", "Save and End")
    assert_transcribed(app, saved_meeting(data_home), app.opened_within)


def test_a_file_arriving_with_record_everywhere_turns_no_microphone_on(launch, data_home, pulse, tmp_path):
    # What an older version's copy, or a hostile one, puts in the synced file: "record" on
    # every scrum; on a first start (nothing recorded here before), and again on a later one.
    scrums = [scrum(title, ["Ana", "Ben"], minutes=2) for title in ("Standup", "Retro")]
    for start, meetings in (("first", 1), ("later", 2)):
        write_scrums(data_home, [dict(s, recordMeetings=True) for s in scrums])
        app = launch(**pulse.env)
        app.press("push button", "Standup")
        app.press("push button", "Start Meeting")
        app.find("label", "Speaker 1 of 2", within=app.main)
        time.sleep(2)  # deliberate: a microphone the meeting opened would be capturing by now
        assert capturing_from(pulse) == [], f"{start} start: nothing captures sound"
        assert app.query("label", "Recording", within=app.main) is None, f"{start} start"
        app.press("push button", "End Meeting", within=app.main)
        app.press("push button", "Save and End")
        scrums = wait_for(lambda: (lambda read: len(read[0]["history"]) == meetings and read)(read_scrums(data_home)),
                          what="the meeting saved")
        assert recordings(app) == [], f"{start} start: nothing written under recordings/"
        assert not any("recordMeetings" in s for s in scrums), "dropped from the team's file at the save"
        app.kill()


def test_a_start_meeting_from_the_bus_without_a_reminder_shows_the_page_and_records_nothing(launch, data_home, pulse):
    standup = scrum("Standup", ["Ana", "Ben"], minutes=2)
    write_scrums(data_home, [standup])
    record_on_this_computer(data_home, standup)
    app = launch(**pulse.env)
    start_scheduled(standup["id"])
    app.find("push button", "Start Meeting", within=app.main)  # its page, as a search result opens it
    time.sleep(2)  # deliberate: a meeting the call started would show by now
    assert app.query("label", "Speaker 1 of 2", within=app.main) is None, "no meeting started"
    assert capturing_from(pulse) == [], "no microphone"
    assert recordings(app) == []


def test_at_start_audio_of_no_meeting_is_removed_and_the_folders_are_private(launch, data_home):
    kept, gone = str(uuid.uuid4()).upper(), str(uuid.uuid4()).upper()
    entry = {"id": kept, "date": "2026-11-23T08:42:00Z", "attendees": ["Ana"], "durationSeconds": 60}
    write_scrums(data_home, [scrum("Standup", ["Ana"], history=[entry])])
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    recordings_folder = folder / "recordings"
    recordings_folder.mkdir(mode=0o755)
    # A meeting deleted while its Undo was up when the app ended, and a crash mid-transcription.
    for name in (f"{kept}.ogg", f"{kept}.ogg.samples", f"{gone}.ogg", f"{gone}.ogg.stopped"):
        (recordings_folder / name).write_bytes(b"OggS")
    os.chmod(folder, 0o755)
    launch()
    wait_for(lambda: sorted(os.listdir(recordings_folder)) == [f"{kept}.ogg"],
             what=f"only the kept meeting's recording: {sorted(os.listdir(recordings_folder))}")
    assert oct(os.stat(folder).st_mode & 0o777) == "0o700"
    assert oct(os.stat(recordings_folder).st_mode & 0o777) == "0o700"
    # The audio of no meeting went to the Trash, where GNOME Files lists it and restores it
    # (the decoded samples, made again from a recording, are deleted): each file there with a
    # .trashinfo naming where it was.
    trash = data_home / "Trash"
    infos = {}
    for info in (trash / "info").iterdir():
        path = next(line[5:] for line in info.read_text().splitlines() if line.startswith("Path="))
        infos[urllib.parse.unquote(path)] = trash / "files" / info.name[: -len(".trashinfo")]
    assert sorted(infos) == [str(recordings_folder / f"{gone}.ogg"), str(recordings_folder / f"{gone}.ogg.stopped")]
    assert all(kept_file.read_bytes() == b"OggS" for kept_file in infos.values())


def test_a_read_only_data_folder_stays_read_only(launch, data_home):
    # The user made the data folder read-only (0555): start-up takes the group's and others'
    # bits away and adds none, and the save says it cannot write.
    write_scrums(data_home, [scrum("Standup", ["Ana"])])
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    os.chmod(folder, 0o555)
    try:
        app = launch()
        app.press("push button", "Standup")
        app.find("push button", "Start Meeting", within=app.main)
        wait_for(lambda: oct(os.stat(folder).st_mode & 0o777) == "0o500", what="the folder made private, still read-only")
    finally:
        os.chmod(folder, 0o700)
