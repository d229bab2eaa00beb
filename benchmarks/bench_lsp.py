"""Benchmark: `chartroom lsp` (issue 23) driven over stdio as an editor drives it (run on demand, not a test).

- From a one-line edit of the Short Campaign (``textDocument/didChange``) to its diagnostics
  (``textDocument/publishDiagnostics``): the server's CPU time per edit (every thread of the server process,
  from ``/proc/PID/task/*/schedstat``, nanoseconds) and, for reference, the wall time on this machine; the
  server runs with ``--debounce 0`` so that the pause it waits for quiet typing is not counted. Goal: median
  at most 50 ms.
- The server's resident memory (``VmRSS``, and its peak ``VmHWM``) with a scenario of each game open. Goal: under 200 MB.
- With the Short Campaign and its three bundled variants open, from a one-line edit of the Short Campaign (not saved)
  until the base and every variant are checked again (each variant reads the base as the editor holds it): the
  server's CPU time per edit.

    .venv/bin/python benchmarks/bench_lsp.py [EDITS] [--smoke]

``--smoke`` makes 5 edits (the first 3 fill the caches and are not counted): the test suite's run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHORT = ROOT / "scenarios" / "fire-in-the-sky" / "short-campaign.yaml"
OTHERS = [ROOT / "scenarios" / "pacific-fury" / "campaign.yaml", ROOT / "scenarios" / "fire-from-the-skies" / "coral-sea.yaml"]


class Client:
    """A bare JSON-RPC client over the server's pipes: one message written, messages read until the one wanted."""

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, "-m", "toolkit.cli", "lsp", "--debounce", "0"], cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 0

    def send(self, method: str, params: dict, request: bool = False) -> int | None:
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return message.get("id")

    def read(self) -> dict:
        length = 0
        while True:
            line = self.process.stdout.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.process.stdout.read(length))

    def until(self, wanted) -> dict:
        while True:
            message = self.read()
            if wanted(message):
                return message

    def diagnostics_of(self, uri: str) -> dict:
        return self.until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)

    def diagnostics_of_any(self) -> dict:
        return self.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")

    def cpu_ns(self) -> int:
        total = 0
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            try:
                total += int((task / "schedstat").read_text().split()[0])
            except (OSError, ValueError, IndexError):
                continue
        return total

    def memory_kb(self) -> dict[str, int]:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return {line.split(":")[0]: int(line.split()[1]) for line in status.splitlines() if line.startswith(("VmRSS", "VmHWM"))}


def main(edits: int = 40) -> None:
    client = Client()
    request = client.send("initialize", {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {}}, request=True)
    client.until(lambda m: m.get("id") == request)
    client.send("initialized", {})
    uri, text = SHORT.as_uri(), SHORT.read_text(encoding="utf-8")
    client.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
    first = client.diagnostics_of(uri)
    lines = text.split("\n")
    title = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    cpu, wall = [], []
    for version in range(2, edits + 2):  # one line changed each time: the title gains or loses a character
        new = f"{lines[title].split(' (edit')[0]} (edit {version})"  # a new text each time: nothing is served from a memo of texts
        change = {"range": {"start": {"line": title, "character": 0}, "end": {"line": title, "character": len(lines[title])}},
                  "text": new}
        before_cpu, before_wall = client.cpu_ns(), time.perf_counter()
        client.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        last = client.diagnostics_of(uri)
        wall.append(time.perf_counter() - before_wall)
        cpu.append((client.cpu_ns() - before_cpu) / 1e9)
        lines[title] = new
        if version <= 4:  # the first edits fill the caches
            cpu.pop(), wall.pop()
    print(f"Short Campaign open: {len(first['params']['diagnostics'])} diagnostics; after the edits: {len(last['params']['diagnostics'])}")
    print(f"one-line edit -> diagnostics, server CPU: median {statistics.median(cpu) * 1000:.1f} ms, "
          f"min {min(cpu) * 1000:.1f} ms, max {max(cpu) * 1000:.1f} ms over {len(cpu)} edits (goal: median <= 50 ms)")
    print(f"one-line edit -> diagnostics, wall (this machine, shared): median {statistics.median(wall) * 1000:.1f} ms")
    for path in OTHERS:
        other = path.as_uri()
        client.send("textDocument/didOpen", {"textDocument": {"uri": other, "languageId": "yaml", "version": 1,
                                                              "text": path.read_text(encoding="utf-8")}})
        client.diagnostics_of(other)
    memory = client.memory_kb()
    print(f"memory with a scenario of each game open: RSS {memory['VmRSS'] / 1024:.0f} MB, peak {memory['VmHWM'] / 1024:.0f} MB (goal: < 200 MB)")
    request = client.send("shutdown", None, request=True)
    client.until(lambda m: m.get("id") == request)
    client.send("exit", None)
    client.process.wait(timeout=60)
    dependents(edits)


def dependents(edits: int) -> None:
    """CPU from a one-line edit of the Short Campaign until it and its open variants are checked again."""
    client = Client()
    request = client.send("initialize", {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {}}, request=True)
    client.until(lambda m: m.get("id") == request)
    client.send("initialized", {})
    variants = sorted((SHORT.parent / "variants").glob("*.yaml"))
    for path in [SHORT, *variants]:
        client.send("textDocument/didOpen", {"textDocument": {"uri": path.as_uri(), "languageId": "yaml", "version": 1,
                                                              "text": path.read_text(encoding="utf-8")}})
        client.diagnostics_of(path.as_uri())
    lines = SHORT.read_text(encoding="utf-8").split("\n")
    title = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    cpu = []
    for version in range(2, edits + 2):
        new = f"{lines[title].split(' (edit')[0]} (edit {version})"
        change = {"range": {"start": {"line": title, "character": 0}, "end": {"line": title, "character": len(lines[title])}},
                  "text": new}
        before = client.cpu_ns()
        client.send("textDocument/didChange", {"textDocument": {"uri": SHORT.as_uri(), "version": version}, "contentChanges": [change]})
        waiting = {path.as_uri() for path in [SHORT, *variants]}
        while waiting:
            message = client.diagnostics_of_any()
            waiting.discard(message["params"]["uri"])
        cpu.append((client.cpu_ns() - before) / 1e9)
        lines[title] = new
        if version <= 4:  # the first edits fill the caches
            cpu.pop()
    print(f"one-line edit of the base -> base and its {len(variants)} open variants checked again, server CPU: "
          f"median {statistics.median(cpu) * 1000:.1f} ms over {len(cpu)} edits")
    request = client.send("shutdown", None, request=True)
    client.until(lambda m: m.get("id") == request)
    client.send("exit", None)
    client.process.wait(timeout=60)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edits", type=int, nargs="?", default=40, help="one-line edits made (default 40)")
    parser.add_argument("--smoke", action="store_true", help="5 edits (the test suite's run)")
    args = parser.parse_args()
    main(5 if args.smoke else args.edits)
