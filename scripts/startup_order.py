"""startup_order.py CALLGRIND_OUT BINARY ORDER_FILE: writes the functions of BINARY that
callgrind saw run, one mangled name a line, for lld's --symbol-ordering-file. Names the
binary defines more than once (local helpers such as outlined copies, one per object file)
are left out: ordering them would pull every object holding one to the front."""
import collections
import os
import re
import subprocess
import sys

profile, binary, order_file = sys.argv[1:4]
binary = os.path.realpath(binary)
objects, functions, ran = {}, {}, set()
current_object = None
with open(profile, errors="replace") as lines:
    for line in lines:
        line = line.rstrip("\n")
        match = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
        if match:
            kind, key, name = match.groups()
            if name:
                objects[key] = name
            if kind == "ob":
                current_object = os.path.realpath(objects.get(key, ""))
            continue
        match = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
        if match:
            kind, key, name = match.groups()
            if name:
                functions[key] = name
            if kind == "fn" and current_object == binary:
                ran.add(key)

symbols = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True)
definitions = collections.Counter(line.split()[-1] for line in symbols.stdout.splitlines()
                                  if len(line.split()) == 3 and line.split()[1] in "tTwW")
names = sorted({functions[key] for key in ran if definitions[functions.get(key)] == 1})
if len(names) < 100:
    sys.exit(f"startup_order: only {len(names)} functions seen; did the window open? (see valgrind's log)")
with open(order_file, "w") as out:
    out.write("\n".join(names) + "\n")
print(f"startup_order: {len(names)} functions written to {order_file}")
