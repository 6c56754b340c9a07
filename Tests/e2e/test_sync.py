"""End-to-end: scrums.json changed by another process while the app runs (a synced folder:
another machine's meeting, someone else's edit) is merged, not overwritten: the app shows
both sides' changes within 2 s and the file on disk then holds ours and theirs; also when
scrums.json is a symbolic link into the synced folder."""
import json
import os
import re
import time
import uuid

from atspi_app import HANG, wait_for
from conftest import read_scrums, scrum


def replace_atomically(path, contents):
    """Writes the file as a sync client does: a temporary file renamed over it."""
    temporary = f"{path}.sync-{uuid.uuid4().hex}"
    with open(temporary, "w") as out:
        json.dump(contents, out)
    os.replace(temporary, os.path.realpath(path))


def edit_here_then_elsewhere(app, data_home, file_path):
    with open(file_path) as source:
        theirs = json.load(source)
    # Ours: Design gets a new theme, not saved yet (saves wait half a second) when...
    app.press("push button", "Design")
    app.press("push button", "Edit")
    editor = wait_for(lambda: app.window("Edit Scrum"), what="the editor")
    app.press("push button", "Navy", within=editor)
    app.press("push button", "Done", within=editor)
    # ...theirs arrives: a meeting of Design recorded on another machine, and Retro renamed.
    meeting = {"id": str(uuid.uuid4()).upper(), "date": "2026-11-23T09:00:00Z", "attendees": ["Ana", "Ben"],
               "durationSeconds": 290}
    theirs["scrums"][0]["history"].append(meeting)
    theirs["scrums"][1]["title"] = "Retrospective"
    replace_atomically(file_path, theirs)
    wait_for(lambda: app.window("Edit Scrum") is None, what="Done to close")
    app.press("push button", "Back")
    return meeting


def check_merged(app, data_home, meeting):
    # The app shows their rename, and keeps ours.
    app.find("push button", "Retrospective")
    app.press("push button", "Design")
    app.find("label", "Navy")
    app.find("push button", re.compile(r"Show meeting of Nov 23, 2026.*"))
    # And the file holds both.

    def merged_on_disk():
        scrums = read_scrums(data_home)
        return (scrums[0]["theme"] == "navy" and [h["id"] for h in scrums[0]["history"]] == [meeting["id"]]
                and scrums[1]["title"] == "Retrospective")
    wait_for(merged_on_disk, what="the merge saved")


def team(data_home):
    return [scrum("Design", ["Ana", "Ben"], theme="sky"), scrum("Retro", ["Cy"])]


def test_a_file_replaced_elsewhere_is_merged_not_overwritten(launch, data_home):
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    folder.mkdir(parents=True)
    (folder / "scrums.json").write_text(json.dumps({"version": 1, "scrums": team(data_home)}))
    app = launch(TZ="Europe/Berlin")
    meeting = edit_here_then_elsewhere(app, data_home, str(folder / "scrums.json"))
    check_merged(app, data_home, meeting)


def linked_into_synced_folder(data_home, tmp_path):
    """The team's file in a synced folder, and the app's scrums.json a link to it; returns
    the synced folder and the app's data folder."""
    synced = tmp_path / "Sync"
    synced.mkdir()
    (synced / "scrums.json").write_text(json.dumps({"version": 1, "scrums": team(data_home)}))
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    folder.mkdir(parents=True)
    os.symlink(synced / "scrums.json", folder / "scrums.json")
    return synced, folder


def test_the_same_through_a_symbolic_link_into_a_synced_folder(launch, data_home, tmp_path):
    synced, folder = linked_into_synced_folder(data_home, tmp_path)
    app = launch(TZ="Europe/Berlin")
    meeting = edit_here_then_elsewhere(app, data_home, str(synced / "scrums.json"))
    check_merged(app, data_home, meeting)
    assert os.path.islink(folder / "scrums.json")


def test_a_file_that_becomes_unreadable_is_not_overwritten(launch, data_home):
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    folder.mkdir(parents=True)
    (folder / "scrums.json").write_text(json.dumps({"version": 1, "scrums": team(data_home)}))
    app = launch()
    app.find("push button", "Design")
    (folder / "scrums.json").write_text('{"version": 1, "scrums": [')
    question = wait_for(lambda: app.window("Your Scrums File Was Changed and Cannot Be Read"),
                        what="the question about the unreadable file")
    app.find("push button", "Retro")  # ours are kept on screen
    assert (folder / "scrums.json").read_text() == '{"version": 1, "scrums": ['
    app.press("push button", "Keep Mine", within=question)

    def ours_saved():
        try:
            return [s["title"] for s in read_scrums(data_home)] == ["Design", "Retro"]
        except (OSError, ValueError):  # not moved aside yet, or not written yet
            return False
    wait_for(ours_saved, what="ours saved")
    kept = [name for name in os.listdir(folder) if name.startswith("scrums.json.unreadable-")]
    assert len(kept) == 1


def test_keep_mine_with_a_link_in_the_synced_folder_still_saves_there(launch, data_home, tmp_path):
    """Syncthing syncs links: one arrives where the synced file was. Keep Mine moves that link
    aside in the synced folder, never the user's own link, and the save reaches the team."""
    synced, folder = linked_into_synced_folder(data_home, tmp_path)
    app = launch()
    app.find("push button", "Design")
    (tmp_path / "elsewhere.json").write_text("{}")
    os.symlink(tmp_path / "elsewhere.json", synced / "incoming")
    os.replace(synced / "incoming", synced / "scrums.json")
    question = wait_for(lambda: app.window("Your Scrums File Was Changed and Cannot Be Read"),
                        what="the question about the link that arrived")
    app.press("push button", "Keep Mine", within=question)

    def saved_in_the_synced_folder():
        path = synced / "scrums.json"
        if path.is_symlink() or not path.exists():
            return False
        return [s["title"] for s in json.loads(path.read_text())["scrums"]] == ["Design", "Retro"]
    wait_for(saved_in_the_synced_folder, what="ours saved in the synced folder")
    assert os.readlink(folder / "scrums.json") == str(synced / "scrums.json"), "the user's link was kept"
    kept = [name for name in os.listdir(synced) if name.startswith("scrums.json.unreadable-")]
    assert len(kept) == 1 and os.path.islink(synced / kept[0]), "the link that arrived, kept aside"


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def test_hostile_conflict_copies_are_refused_unread_and_said_once(launch, data_home, tmp_path):
    """What a teammate's computer can leave beside the synced file: links (to a kernel file
    that never ends, to a file outside the folder), a pipe, and a 300 MB copy. Each is refused
    without being read (the app's memory unchanged), said once by name,
    left where it is, and not read again at the next folder event."""
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    folder.mkdir(parents=True)
    (folder / "scrums.json").write_text(json.dumps({"version": 1, "scrums": team(data_home)}))
    app = launch()
    app.find("push button", "Design")
    time.sleep(1)  # deliberate: the start-up's first look at the folder is over before memory is read
    before = rss_kib(app.pid)
    outside = tmp_path / "elsewhere.json"
    outside.write_text(json.dumps({"version": 1, "scrums": [scrum("Planted")]}))
    names = [f"scrums.sync-conflict-20261126-10150{n}-ABCDEFG.json" for n in range(4)]
    os.symlink("/proc/self/pagemap", folder / names[0])
    os.mkfifo(folder / names[1])
    os.symlink(outside, folder / names[2])
    with open(folder / names[3], "wb") as huge:
        huge.truncate(300_000_000)

    def said():
        log = open(app.log.name, errors="replace").read()
        return [line for line in log.splitlines() if "The conflict copy" in line]
    wait_for(lambda: len(said()) == 4, what="each copy said")
    for name, reason in zip(names, ["symbolic link", "not a regular file", "symbolic link", "larger"]):
        line = next(line for line in said() if name in line)
        assert reason in line, line
    assert rss_kib(app.pid) < before + 10_000, f"memory unchanged: {before} → {rss_kib(app.pid)} KiB"
    # Another event in the folder: nothing is read or said again, nothing is moved.
    (folder / "notes.txt").write_text("x")
    time.sleep(1.5)  # deliberate: past the monitor's wait, in which a new look would say them again
    assert len(said()) == 4, said()
    assert all(os.path.lexists(folder / name) for name in names), "left where they are"
    assert app.query("push button", "Planted") is None
    app.alive()


def test_two_large_copies_never_make_a_file_no_reader_takes(launch, data_home):
    """Two conflict copies of 200 MB each (a newer version's key kept as it came) merge into
    more than any reader takes: the save is refused and says why, the good file stays as it
    was, quitting asks about what could not be saved, and the app starts again on the good
    file (the copies kept in merged-conflicts/)."""
    folder = data_home / "io.github.scrumdinger.Scrumdinger"
    folder.mkdir(parents=True)
    ours = team(data_home)
    (folder / "scrums.json").write_text(json.dumps({"version": 1, "scrums": ours}))
    good = (folder / "scrums.json").read_bytes()
    for n in range(2):
        large = dict(scrum(f"Large {n}"), attachments="a" * 200_000_000)
        (folder / f"scrums.sync-conflict-20261126-10150{n}-ABCDEFG.json").write_text(
            json.dumps({"version": 1, "scrums": ours + [large]}))
    app = launch()

    def said():
        return "larger than any scrums file can be" in open(app.log.name, errors="replace").read()
    # Both merged (one pass reads up to 512 MiB), then the save refused and said (a toast, and
    # the log, which outlasts it).
    wait_for(said, timeout=240, what="the refused save to be said")
    app.find("push button", "Large 0")
    app.find("push button", "Large 1")
    assert (folder / "scrums.json").read_bytes() == good, "nothing written over the good file"
    assert not [n for n in os.listdir(folder) if re.fullmatch(r"scrums\.json\.[A-Za-z0-9]{6}", n)], "no temporary left"
    app.key("ctrl+q")  # the save is tried once more, and the user asked
    question = wait_for(lambda: next((w for w in app.windows() if w.name.startswith("Your changes could not be saved")),
                                     None), timeout=120, what="the question about the changes not saved")
    app.press("push button", "Quit Without Saving", within=question)
    app.proc.wait(timeout=HANG)
    again = launch()
    again.find("push button", "Design")
    again.alive()
