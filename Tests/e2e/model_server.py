#!/usr/bin/env python3
"""A loopback HTTP server for one file, for the model download's tests: it honours Range
requests (as the model's real host does), can cut the first transfer after N bytes, and logs
each request's Range header. Usage: model_server.py FILE PORT_FILE LOG_FILE [CUT_AFTER]"""
import http.server
import os
import sys

path, port_file, log_file = sys.argv[1:4]
cut_after = int(sys.argv[4]) if len(sys.argv) > 4 else None
data = open(path, "rb").read()
served = {"count": 0}


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        served["count"] += 1
        with open(log_file, "a") as log:
            log.write(f"{self.headers.get('Range', '-')}\n")
        start = 0
        if self.headers.get("Range", "").startswith("bytes="):
            start = int(self.headers["Range"][6:].split("-")[0])
            if start >= len(data):
                self.send_response(416)
                self.end_headers()
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        else:
            self.send_response(200)
        self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        body = data[start:]
        if cut_after is not None and served["count"] == 1:
            self.wfile.write(body[:cut_after])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)  # the connection is cut mid-file
            return
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(port_file + ".part", "w") as out:
    out.write(str(server.server_address[1]))
os.rename(port_file + ".part", port_file)
server.serve_forever()
