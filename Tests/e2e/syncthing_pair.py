"""Two Syncthing instances on loopback sharing one folder, as two computers of a team would:
each with its own home, fixed ports, the REST API on 127.0.0.1 with a known key, global and
local discovery, relays and NAT traversal off, the file watcher on (one second's delay),
redialling every second, conflict copies kept (maxConflicts 10; a folder written into
config.xml without it gets 0, and concurrent edits then silently drop one side).
Only `b` dials: `a` knows `b` as `dynamic`, which with discovery off means "never dial". When
both dial at once, each from its own listening port (Syncthing reuses it), the two dials meet
as one TCP connection (a simultaneous open) on which neither side's Hello arrives, and both
give up after 20 s; a loaded machine met this twice in one test and timed out.
See ../shared/gtk-swift-notes.md for what was verified about Debian's syncthing 1.19."""
import json
import os
import socket
import subprocess
import urllib.request
import xml.etree.ElementTree as ET

from atspi_app import HANG, wait_for

FOLDER_ID = "team"
API_KEY = "scrumdinger-e2e-key"


def free_ports(count):
    """`count` distinct free ports on loopback: every probe is held open until all are chosen,
    so two of them can never be the same port."""
    probes = [socket.socket() for _ in range(count)]
    try:
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
        return [probe.getsockname()[1] for probe in probes]
    finally:
        for probe in probes:
            probe.close()


class Instance:
    """One Syncthing: its home, its shared folder, its ports and device ID."""

    def __init__(self, root, name, listen_port, gui_port):
        self.name = name
        self.home = os.path.join(root, f"syncthing-{name}")
        self.folder = os.path.join(root, f"shared-{name}")
        os.makedirs(os.path.join(self.folder, ".stfolder"))
        self.listen_port, self.gui_port = listen_port, gui_port
        subprocess.run(["syncthing", "generate", f"--home={self.home}", "--no-default-folder"],
                       check=True, capture_output=True)
        self.device_id = subprocess.run(["syncthing", f"--home={self.home}", "--device-id"], check=True,
                                        capture_output=True, text=True).stdout.strip()
        self.proc = None

    def configure(self, other, dials):
        """Writes this instance's config: its ports and API key, `other` as a device (dialled at
        its listening port when `dials`, else only accepted) and the shared folder."""
        path = os.path.join(self.home, "config.xml")
        tree = ET.parse(path)
        config = tree.getroot()
        options = config.find("options")
        for key, value in {"listenAddress": f"tcp://127.0.0.1:{self.listen_port}", "globalAnnounceEnabled": "false",
                           "localAnnounceEnabled": "false", "relaysEnabled": "false", "natEnabled": "false",
                           "urAccepted": "-1", "autoUpgradeIntervalH": "0", "startBrowser": "false",
                           "crashReportingEnabled": "false", "reconnectionIntervalS": "1"}.items():
            options.find(key).text = value
        gui = config.find("gui")
        gui.find("address").text = f"127.0.0.1:{self.gui_port}"
        gui.find("apikey").text = API_KEY
        peer = ET.SubElement(config, "device", id=other.device_id, name=other.name, compression="metadata",
                             introducer="false")
        ET.SubElement(peer, "address").text = f"tcp://127.0.0.1:{other.listen_port}" if dials else "dynamic"
        folder = ET.Element("folder", id=FOLDER_ID, label=FOLDER_ID, path=self.folder, type="sendreceive",
                            rescanIntervalS="3600", fsWatcherEnabled="true", fsWatcherDelayS="1")
        for device in (self.device_id, other.device_id):
            ET.SubElement(folder, "device", id=device)
        ET.SubElement(folder, "maxConflicts").text = "10"
        config.insert(0, folder)
        tree.write(path)

    def start(self):
        self.log = open(os.path.join(self.home, "syncthing.log"), "wb")
        env = dict(os.environ, STNOUPGRADE="1", STNORESTART="1")
        self.proc = subprocess.Popen(["syncthing", "serve", f"--home={self.home}", "--no-browser"],
                                     env=env, stdout=self.log, stderr=self.log)

    def rest(self, method, path, body=None):
        request = urllib.request.Request(f"http://127.0.0.1:{self.gui_port}{path}", method=method,
                                         headers={"X-API-Key": API_KEY},
                                         data=json.dumps(body).encode() if body is not None else None)
        with urllib.request.urlopen(request, timeout=HANG) as reply:
            text = reply.read().decode()
            return json.loads(text) if text.strip().startswith(("{", "[")) else text

    def connected_to(self, other):
        try:
            connections = self.rest("GET", "/rest/system/connections")["connections"]
        except OSError:
            return False
        return connections.get(other.device_id, {}).get("connected", False)

    def idle(self):
        """Whether the folder is scanned and holds all the other side has."""
        try:
            status = self.rest("GET", f"/rest/db/status?folder={FOLDER_ID}")
        except OSError:
            return False
        return status.get("state") == "idle" and status.get("needFiles", 1) == 0

    def has_all_of(self, other):
        """Whether `other` holds everything of the folder this side knows (as its index says)."""
        try:
            reply = self.rest("GET", f"/rest/db/completion?folder={FOLDER_ID}&device={other.device_id}")
        except OSError:
            return False
        return reply.get("completion", 0) == 100 and reply.get("needItems", 1) == 0

    def scan(self):
        """Scans the folder now (the call returns once the scan is done), not after the file
        watcher's delay."""
        self.rest("POST", f"/rest/db/scan?folder={FOLDER_ID}")

    def log_tail(self, lines=15):
        """The end of this instance's log, and whether it still runs: what a failure shows."""
        with open(os.path.join(self.home, "syncthing.log"), errors="replace") as log:
            tail = "".join(log.readlines()[-lines:])
        state = "running" if self.proc and self.proc.poll() is None else f"exited ({self.proc.returncode})"
        return f"--- syncthing {self.name} ({state}, listening on {self.listen_port}):\n{tail}"

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=HANG)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        if self.proc:
            self.log.close()


class SyncthingPair:
    """Instances `a` and `b`, connected, with the folder shared."""

    def __init__(self, root):
        ports = free_ports(4)
        self.a, self.b = Instance(root, "a", *ports[:2]), Instance(root, "b", *ports[2:])
        self.a.configure(self.b, dials=False)
        self.b.configure(self.a, dials=True)
        for instance in (self.a, self.b):
            instance.start()
        self.wait_connected()

    def wait_connected(self, timeout=90):
        try:
            wait_for(lambda: self.a.connected_to(self.b) and self.b.connected_to(self.a), timeout=timeout,
                     interval=0.5, what="the two Syncthing instances to connect")
        except AssertionError as error:
            raise AssertionError(f"{error}\n{self.a.log_tail()}{self.b.log_tail()}") from None

    def pause(self):
        """Cuts the link, on both sides."""
        self.a.rest("POST", f"/rest/system/pause?device={self.b.device_id}")
        self.b.rest("POST", f"/rest/system/pause?device={self.a.device_id}")
        wait_for(lambda: not self.a.connected_to(self.b) and not self.b.connected_to(self.a), timeout=HANG,
                 what="the link to be cut")

    def resume(self):
        """Restores the link on both sides, the accepting side first, so that the dialling
        side's next dial is let in (measured: 0.5–5.5 s, beside `stress-ng --cpu 2` too)."""
        self.a.rest("POST", f"/rest/system/resume?device={self.b.device_id}")
        self.b.rest("POST", f"/rest/system/resume?device={self.a.device_id}")

    def stop(self):
        for instance in (self.a, self.b):
            instance.stop()


def settled(pair):
    """Both folders idle, nothing needed, and each side holding all the other has: Syncthing
    has brought everything across."""
    return pair.a.idle() and pair.b.idle() and pair.a.has_all_of(pair.b) and pair.b.has_all_of(pair.a)


def wait_settled(pair, timeout=HANG):
    """Scans both folders (a change just made is seen now), then waits until all is across."""
    pair.a.scan()
    pair.b.scan()
    wait_for(lambda: settled(pair), timeout=timeout, interval=0.5, what="Syncthing to settle")
