"""End-to-end: a scrums file added to the list, nothing taken away: what a merge removed,
opened from the Trash with the app (the desktop's Open, asked first), and Import Scrums…
(Ctrl+O) with GTK's file chooser."""
import json
import os
import re
import subprocess

from atspi_app import BINARY, wait_for
from conftest import read_scrums, scrum, write_scrums


def removed_file(tmp_path, standup, meeting):
    """What a merge removed, as the app puts it in the Trash: the R&D scrum whole, and the
    Standup scrum with the one meeting it lost."""
    kept = dict(standup, history=[meeting])
    path = tmp_path / "Scrums removed by a merge 2026-11-27 09.00.00.json"
    path.write_text(json.dumps({"version": 1, "scrums": [scrum("R&D weekly", ["Ben"]), kept]}))
    return path


def meeting(date):
    return {"id": "6F1A3C0E-1111-4B7C-9B51-0E7B7C6B2E0" + date[-1], "date": f"2026-11-2{date}T09:00:00Z",
            "attendees": ["Ana"], "durationSeconds": 300}


def test_a_file_opened_from_the_desktop_is_imported_once_the_user_says_so(launch, data_home, tmp_path):
    standup = scrum("Standup", ["Ana"], history=[meeting("1")])
    write_scrums(data_home, [standup])
    app = launch()
    app.find("push button", "Standup")
    path = removed_file(tmp_path, standup, meeting("3"))
    # Files' "Open With Scrumdinger": the launcher hands the file to the running app.
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), LANGUAGE="C", GDK_BACKEND="x11")
    subprocess.run([BINARY, str(path)], env=env, timeout=20, check=True, capture_output=True)
    question = wait_for(lambda: app.window(f"Import Scrums from “{path.name}”?"), what="the question")
    assert [s["title"] for s in read_scrums(data_home)] == ["Standup"], "nothing is imported before the answer"
    app.press("push button", "Import", within=question)
    app.find("label", f"Imported 1 scrum and 1 meeting from “{path.name}”")
    app.find("push button", "R&D weekly")

    def saved():
        scrums = read_scrums(data_home)
        return ([s["title"] for s in scrums] == ["Standup", "R&D weekly"]
                and [h["id"] for h in scrums[0]["history"]] == [meeting("1")["id"], meeting("3")["id"]])
    wait_for(saved, what="the import saved")


def test_import_scrums_adds_and_says_when_there_is_nothing_new(launch, data_home, tmp_path):
    standup = scrum("Standup", ["Ana"], history=[meeting("1")])
    write_scrums(data_home, [standup])
    path = removed_file(tmp_path, standup, meeting("1"))  # its one meeting is here already
    app = launch()
    app.find("push button", "Standup")
    app.key("ctrl+o")
    wait_for(lambda: app.window("Import Scrums"), what="the file chooser")
    app.type_keys(str(path))  # a path typed opens the chooser's location entry
    app.key("Return")
    wait_for(lambda: app.window("Import Scrums") is None, what="the chooser to close")
    app.find("label", f"Imported 1 scrum from “{path.name}”")
    app.find("push button", "R&D weekly")
    # The same file again: nothing new.
    app.key("ctrl+o")
    wait_for(lambda: app.window("Import Scrums"), what="the file chooser")
    app.type_keys(str(path))  # a path typed opens the chooser's location entry
    app.key("Return")
    app.find("label", f"Nothing to import: every scrum and meeting in “{path.name}” is here already")


def test_a_batch_opened_from_the_desktop_is_one_question_and_one_undo(launch, data_home, tmp_path):
    standup = scrum("Standup", ["Ana"], history=[meeting("1")])
    write_scrums(data_home, [standup])
    app = launch()
    app.find("push button", "Standup")
    first = removed_file(tmp_path, standup, meeting("3"))
    second = tmp_path / "Retro export.json"
    second.write_text(json.dumps({"version": 1, "scrums": [scrum("Retro", ["Cy"])]}))
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), LANGUAGE="C", GDK_BACKEND="x11")
    subprocess.run([BINARY, str(first), str(second)], env=env, timeout=20, check=True, capture_output=True)
    question = wait_for(lambda: app.window("Import Scrums from 2 Files?"), what="one question for both files")
    app.find("label", "2 scrums and 1 meeting will be added to yours. Nothing of yours is changed or removed.",
             within=question)
    app.press("push button", "Import", within=question)
    app.find("push button", "Retro")
    wait_for(lambda: [s["title"] for s in read_scrums(data_home)] == ["Standup", "R&D weekly", "Retro"],
             what="the import saved")
    app.press("push button", "Undo")
    wait_for(lambda: [s["title"] for s in read_scrums(data_home)] == ["Standup"]
             and [h["id"] for h in read_scrums(data_home)[0]["history"]] == [meeting("1")["id"]],
             what="the whole import taken back and saved")


def test_a_file_larger_than_any_reader_takes_is_refused_with_the_reason(launch, data_home, tmp_path):
    write_scrums(data_home, [scrum("Standup", ["Ana"])])
    app = launch()
    app.find("push button", "Standup")
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as file:
        file.truncate(300_000_000)  # sparse: 300 MB said, nothing written
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), LANGUAGE="C", GDK_BACKEND="x11")
    subprocess.run([BINARY, str(huge)], env=env, timeout=20, check=True, capture_output=True)
    app.find("label", re.compile(r"“huge\.json” could not be imported: it is larger \(.+\) than any scrums file is "
                                 r"\(268\.4\sMB\)"))
    assert [s["title"] for s in read_scrums(data_home)] == ["Standup"]
