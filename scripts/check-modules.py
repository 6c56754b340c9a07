#!/usr/bin/python3
"""The module rules `make lint` enforces, each failing with its own words.

SwiftPM lets a target import any module one of its dependencies brings, and nothing else
stops the core from reaching GTK or a page from opening a file itself: these rules held by
habit. They are declared here, once, as a table; the targets and what each may import come
from Package.swift itself (`swift package dump-package`), so adding a dependency is one edit
there. Standard library only (run on a fresh Debian with Swift).
"""
import json
import os
import re
import subprocess
import sys

# Modules of the toolchain any target may import; the tests may also import these.
TOOLCHAIN = {"Swift", "FoundationEssentials", "Glibc", "Dispatch", "Synchronization"}
TEST_TOOLCHAIN = {"Foundation", "XCTest", "Testing"}
# The targets the app is built from (not the bench, the fuzzer or the tests' helpers).
SHIPPED = {"Platform", "ScrumdingerCore", "GtkShim", "ScrumdingerApp", "scrumdinger"}
# Functions that reach files, processes or the session bus: only Platform calls them.
SYSTEM_CALLS = (
    r"open|openat|creat|fopen|fdopen|read|pread|write|pwrite|close|unlink|unlinkat|rename|renameat2?"
    r"|mkdir|mkdirat|rmdir|opendir|readdir|fsync|fdatasync|ftruncate|stat|lstat|fstat|fstatat|symlink"
    r"|readlink|realpath|chmod|fchmod|flock|fork|vfork|execv|execvp|execve|waitpid|kill|posix_spawnp?|popen"
    r"|g_(?:file|dbus|bus|spawn|subprocess|unlink|rename|mkdir|rmdir|remove|open|creat|chmod|stat|lstat)\w*"
)
# Those that touch no file, process or bus: a path taken from a GFile the file chooser gave,
# an icon GTK loads, the error domain a D-Bus error is told by.
ALLOWED_CALLS = {"g_file_get_path", "g_file_new_for_path", "g_file_icon_new", "g_dbus_error_quark"}
# The modules a file reaches them through (a bare `write(` elsewhere is the file's own).
C_MODULES = {"Glibc", "CGLib", "CAdwaita", "CGStreamer", "CSoup"}

RULES = [
    ("imports", "{target} imports {module}, which Package.swift does not declare for it: declare it "
     "there or leave it to the module that does"),
    ("core-gtk", "the core (ScrumdingerCore) imports no GTK: {module} is the shim's, and the core "
     "builds and tests without a display"),
    ("foundation", "shipped code imports FoundationEssentials, never Foundation ({target})"),
    ("platform-calls", "only Platform calls file, process and D-Bus functions: {call} in {target} "
     "belongs in a Platform function"),
]
WORDS = dict(RULES)
GTK_MODULES = {"GtkShim", "CAdwaita", "CGStreamer", "CSoup"}

IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|func|var|let)\s+)?(\w+)", re.M)
CALL = re.compile(r"(?<![\w.])(" + SYSTEM_CALLS + r")\s*\(")
# Foundation's own ways to files and processes, which need no C module.
FOUNDATION_FILES = re.compile(r"\b(FileManager|FileHandle|Process)\b(?=\s*[.(])")


def swift_sources(folder):
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(root, name)


def code_lines(text):
    """Each line's number and its code, comments and string literals blanked."""
    def blank(match):
        return "\n" * match.group(0).count("\n")
    text = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
    text = re.sub(r'#*"""(?:.|\n)*?"""#*', blank, text)
    for number, line in enumerate(text.split("\n"), 1):
        line = re.sub(r'#*"(?:[^"\\]|\\.)*"#*', '""', line)
        yield number, line.split("//", 1)[0]


def main():
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True,
                                        capture_output=True, text=True).stdout)
    names = {t["name"] for t in package["targets"]}
    failures = []
    for target in package["targets"]:
        if target["type"] == "system":
            continue
        name = target["name"]
        folder = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + name
        declared = {list(d.values())[0][0] for d in target["dependencies"]}
        allowed = declared | TOOLCHAIN | (TEST_TOOLCHAIN if target["type"] == "test" else set())
        if name not in SHIPPED:
            allowed |= {"Foundation"}
        for path in swift_sources(folder):
            with open(path, encoding="utf-8") as source:
                text = source.read()
            reaches_c = bool(C_MODULES & set(IMPORT.findall(text)))
            # A name the file declares itself (a method, a closure held in a constant).
            own = set(re.findall(r"\b(?:func|let|var)\s+(\w+)", text))
            for number, line in code_lines(text):
                for module in IMPORT.findall(line):
                    where = f"{path}:{number}: "
                    if name == "ScrumdingerCore" and module in GTK_MODULES:
                        failures.append(where + WORDS["core-gtk"].format(module=module))
                    elif module == "Foundation" and name in SHIPPED:
                        failures.append(where + WORDS["foundation"].format(target=name))
                    elif module not in allowed and (module in names or module not in TOOLCHAIN):
                        failures.append(where + WORDS["imports"].format(target=name, module=module))
                if name in SHIPPED and name != "Platform":
                    for call in FOUNDATION_FILES.findall(line):
                        failures.append(f"{path}:{number}: "
                                        + WORDS["platform-calls"].format(call=call, target=name))
                if name in SHIPPED and name != "Platform" and reaches_c and not IMPORT.search(line):
                    for call in CALL.findall(line):
                        if call not in ALLOWED_CALLS and call not in own:
                            failures.append(f"{path}:{number}: "
                                            + WORDS["platform-calls"].format(call=call + "()", target=name))
    for failure in failures:
        print(failure, file=sys.stderr)
    if failures:
        print(f"check-modules: {len(failures)} broken module rule(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
