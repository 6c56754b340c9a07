"""End-to-end: scrums, and when the user allows it meetings' words, found from GNOME Shell's
Activities overview. The shell's side is played
through D-Bus (org.gnome.Shell.SearchProvider2 on the app's bus name, at the path the
installed search provider file names), against the running app and against no app at all,
which D-Bus activation then starts."""
import configparser
import datetime
import json
import os
import re
import uuid

import pyatspi
import pytest
from gi.repository import GLib

from atspi_app import HANG, BINARY, ROOT, wait_for
from conftest import scrum, write_scrums
from private_bus import PrivateBus

APP_ID = "io.github.scrumdinger.Scrumdinger"
PROVIDER = configparser.ConfigParser()
PROVIDER.read(os.path.join(ROOT, "data", f"{APP_ID}.search-provider.ini"))
PATH = PROVIDER["Shell Search Provider"]["ObjectPath"]
INTERFACE = "org.gnome.Shell.SearchProvider2"


def team(data_home, scheduled=True):
    """Three scrums, two of them with "plat" in the title (one with an accent), one on a
    schedule unless `scheduled` is false."""
    sync = scrum("Plätform Sync", ["Ana", "Ben", "Cy", "Dee", "Eli"], minutes=15)
    if scheduled:
        sync["schedule"] = {"days": [1, 2, 3, 4, 5, 6, 7], "hour": 9, "minute": 30, "remind": 5}
    retro = scrum("platform retro", ["Ana"], minutes=1)
    review = scrum("Design Review", ["Ana", "Ben"])
    write_scrums(data_home, [sync, review, retro])
    return sync, review, retro


def next_nine_thirty():
    """When an every-day 9:30 scrum meets next, as the overview says it: "Monday 09:30"."""
    now = datetime.datetime.now()
    start = now.replace(hour=9, minute=30, second=0, microsecond=0)
    if start <= now:
        start += datetime.timedelta(days=1)
    return start.strftime("%A 09:30")


def search(call, terms, previous=None):
    if previous is None:
        return call("GetInitialResultSet", GLib.Variant("(as)", (terms,)), "(as)")[0]
    return call("GetSubsearchResultSet", GLib.Variant("(asas)", (previous, terms)), "(as)")[0]


@pytest.fixture
def session_call():
    """Calls the provider of the app on the tests' own session bus."""
    from gi.repository import Gio
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)

    def call(method, args, reply_type):
        reply = bus.call_sync(APP_ID, PATH, INTERFACE, method, args,
                              GLib.VariantType(reply_type) if reply_type else None,
                              Gio.DBusCallFlags.NONE, 10000, None)
        return reply.unpack() if reply is not None else ()
    return call


def test_the_overview_finds_narrows_describes_and_opens_scrums(launch, data_home, session_call):
    sync, review, retro = team(data_home)
    app = launch()
    app.find("push button", "Design Review")
    # Part of a title, whatever the case and accents; every term must match.
    found = search(session_call, ["PLAT"])
    assert found == [sync["id"], retro["id"]]
    assert search(session_call, ["plat", "sy"], previous=found) == [sync["id"]]
    assert search(session_call, ["plat", "review"]) == []
    metas = session_call("GetResultMetas", GLib.Variant("(as)", (found,)), "(aa{sv})")[0]
    assert metas == [
        {"id": sync["id"], "name": "Plätform Sync", "gicon": APP_ID,
         "description": f"15 minutes · 5 attendees · next: {next_nine_thirty()}"},
        {"id": retro["id"], "name": "platform retro", "gicon": APP_ID, "description": "1 minute · 1 attendee"},
    ]
    # Picking a result shows that scrum's page.
    session_call("ActivateResult", GLib.Variant("(sasu)", (retro["id"], ["plat"], 0)), None)
    app.find("push button", "Start Meeting", within=app.main)
    app.find("label", "platform retro", within=app.main)
    # "Search in the app": the list, filtered by the terms.
    session_call("LaunchSearch", GLib.Variant("(asu)", (["plat", "sync"], 0)), None)
    field = app.find("entry", "Search Scrums", within=app.main)
    wait_for(lambda: app.text_of(field) == "plat sync", what="the search field to hold the terms")
    app.find("push button", "Plätform Sync", within=app.main)
    app.absent("push button", "platform retro", within=app.main)
    app.absent("push button", "Design Review", within=app.main)
    # Emptying the field lists every scrum again.
    field.queryEditableText().setTextContents("")
    app.find("push button", "Design Review", within=app.main)


def test_ctrl_f_searches_the_list_and_says_when_nothing_matches(launch, data_home):
    team(data_home)
    app = launch()
    app.find("push button", "Design Review")
    app.key("ctrl+f")
    field = app.find("entry", "Search Scrums", within=app.main)
    wait_for(lambda: field.getState().contains(pyatspi.STATE_FOCUSED), what="the search field to take the focus")
    field.queryEditableText().setTextContents("REVIEW")
    app.absent("push button", "Plätform Sync", within=app.main)
    app.find("push button", "Design Review", within=app.main)
    field.queryEditableText().setTextContents("standup")
    app.find("label", "No Results Found", within=app.main)
    app.absent("label", "No Scrums", within=app.main)


@pytest.fixture
def private_bus(tmp_path, data_home):
    """A session bus that starts the built app by D-Bus activation."""
    services = tmp_path / "services"
    services.mkdir()
    (services / f"{APP_ID}.service").write_text(
        f"[D-BUS Service]\nName={APP_ID}\nExec={BINARY} --gapplication-service\n")
    bus = PrivateBus(str(tmp_path), [str(services)], {
        "XDG_DATA_HOME": str(data_home), "LANGUAGE": "C", "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo"})
    yield bus
    pid = bus.owner_pid(APP_ID)
    if pid:
        os.kill(pid, 9)
    bus.close()


def test_a_search_starts_the_app_by_d_bus_activation(launch, data_home, private_bus):
    sync, _, retro = team(data_home)
    assert private_bus.owner_pid(APP_ID) is None

    def call(method, args, reply_type):
        return private_bus.call(APP_ID, PATH, INTERFACE, method, args, reply_type)
    # The first call starts the app, which answers once it has read the scrums.
    assert search(call, ["plat"]) == [sync["id"], retro["id"]]
    pid = private_bus.owner_pid(APP_ID)
    assert os.path.realpath(f"/proc/{pid}/exe") == os.path.realpath(BINARY)
    names = [meta["name"] for meta in call("GetResultMetas", GLib.Variant("(as)", ([retro["id"]],)), "(aa{sv})")[0]]
    assert names == ["platform retro"]
    # Picking the result opens the window on that scrum, in the process D-Bus started.
    app = launch(command=["gdbus", "call", "--address", private_bus.address, "-d", APP_ID, "-o", PATH,
                          "-m", f"{INTERFACE}.ActivateResult", retro["id"], "[]", "0"],
                 executable=os.path.realpath(BINARY))
    assert app.pid == pid
    app.find("push button", "Start Meeting", within=app.main)
    app.find("label", "platform retro", within=app.main)


def test_a_search_process_ends_on_its_own(data_home, private_bus):
    team(data_home, scheduled=False)  # with a schedule it would stay, for the reminders

    def call(method, args, reply_type):
        return private_bus.call(APP_ID, PATH, INTERFACE, method, args, reply_type)
    assert len(search(call, ["plat"])) == 2
    assert private_bus.owner_pid(APP_ID) is not None
    # No window was asked for: the process lingers for the next keystroke, then ends.
    private_bus.wait_gone(APP_ID, timeout=HANG)


def test_meetings_are_found_by_their_words_only_once_the_user_allows_it(launch, data_home, session_call):
    """A meeting whose transcript holds the phrase: the overview lists it only after
    Preferences' switch is turned on (off by default: the overview is often on a shared
    screen), as "Standup, Nov 18" over the words around the phrase; activating it opens that
    meeting's page at the sentence."""
    meeting = {"id": str(uuid.uuid4()).upper(), "date": "2026-11-18T09:30:00Z", "attendees": ["Ana", "Ben"],
               "durationSeconds": 120, "speakers": [{"name": "Ana", "seconds": 60, "share": 60},
                                                    {"name": "Ben", "seconds": 60, "share": 60}],
               "recorded": True}
    standup = scrum("Standup", ["Ana", "Ben"], history=[meeting])
    write_scrums(data_home, [standup])
    transcripts = data_home / APP_ID / "transcripts"
    transcripts.mkdir(parents=True)
    (transcripts / f"{meeting['id']}.json").write_text(json.dumps([
        {"start": 2000, "end": 6000, "text": " Nothing new from me."},
        {"start": 70000, "end": 76000, "text": " After the long call with the customer we decided to drop the migration for now."}]))
    app = launch(TZ="UTC")
    app.find("push button", "Standup")
    assert search(session_call, ["drop", "migration"]) == [], "off by default"

    app.key("ctrl+comma")
    preferences = wait_for(lambda: app.window("Preferences"), what="the Preferences window")
    switch = app.find("check box", "Show words said in meetings in Activities search", within=preferences)
    app.click(switch, window="^Preferences$")
    result = f"said:{meeting['id']}:70000:t"
    wait_for(lambda: search(session_call, ["drop", "migration"]) == [result], what="the meeting found once allowed")
    assert search(session_call, ["drop", "migr"], previous=[result]) == [result], "narrowed as typed"
    assert search(session_call, ["drop", "holiday"]) == [], "every word must be said"
    metas = session_call("GetResultMetas", GLib.Variant("(as)", ([result],)), "(aa{sv})")[0]
    assert metas == [{"id": result, "name": "Standup, Nov 18", "gicon": APP_ID,
                      "description": "…with the customer we decided to drop the migration for now."}], metas
    app.key("Escape")
    wait_for(lambda: app.window("Preferences") is None, what="Preferences to close")
    session_call("ActivateResult", GLib.Variant("(sasu)", (result, ["drop", "migration"], 0)), None)
    sentence = app.find("list item", "Ben, 1:10: After the long call with the customer we decided to drop the migration for now.",
                        within=app.main)
    wait_for(lambda: sentence.getState().contains(pyatspi.STATE_FOCUSED), what="the page open at the sentence")


def test_a_chinese_meetings_words_are_found_by_two_characters(launch, data_home):
    """A Chinese scrum's meeting whose transcript is as the helper writes Whisper's answers for
    Chinese (no spaces between words; sentences end at 。): two characters typed in the list's
    search find the sentence that holds them inside a longer word, under "Said in Meetings", and
    not the sentence without them; activating it opens the meeting at that sentence."""
    meeting = {"id": str(uuid.uuid4()).upper(), "date": "2026-11-18T09:30:00Z", "attendees": ["李娜", "王伟"],
               "durationSeconds": 120, "speakers": [{"name": "李娜", "seconds": 60, "share": 60},
                                                    {"name": "王伟", "seconds": 60, "share": 60}],
               "recorded": True}
    standup = scrum("每日站会", ["李娜", "王伟"], history=[meeting])
    standup["language"] = "zh"
    write_scrums(data_home, [standup])
    transcripts = data_home / APP_ID / "transcripts"
    transcripts.mkdir(parents=True)
    (transcripts / f"{meeting['id']}.json").write_text(json.dumps([
        {"start": 2000, "end": 6000, "text": "昨天我修好了登录页面的问题。"},
        {"start": 62000, "end": 68000, "text": "今天我准备把数据库迁移到新的服务器上。"}], ensure_ascii=False))
    app = launch(TZ="UTC")
    app.find("push button", "每日站会")
    app.key("ctrl+f")
    field = app.find("entry", "Search Scrums", within=app.main)
    wait_for(lambda: field.getState().contains(pyatspi.STATE_FOCUSED), what="the search field to take the focus")
    field.queryEditableText().setTextContents("迁移")
    found = re.compile(r"王伟, 每日站会, .*2026.*, 1:02: 今天我准备把数据库迁移到新的服务器上。")
    row = app.find("list item", found, within=app.main)
    app.absent("list item", re.compile(r".*昨天我修好了登录页面的问题。"), within=app.main)
    app.absent("push button", "每日站会", within=app.main)  # the title does not hold them
    app.absent("label", "No Scrums", within=app.main)  # there is one: only its title was not found
    app.key("Tab")  # from the search field to the sentence found
    wait_for(lambda: row.getState().contains(pyatspi.STATE_FOCUSED), what="the sentence found to take the focus")
    app.key("Return")
    sentence = app.find("list item", "王伟, 1:02: 今天我准备把数据库迁移到新的服务器上。", within=app.main)
    wait_for(lambda: sentence.getState().contains(pyatspi.STATE_FOCUSED), what="the page open at the sentence")
