#!/usr/bin/env python3
# ugi_cutoff.py — how late `mutorere --ugi` answers a `go movetime` when
# its player never answers, so that every move is cut off and the
# fallback played: the delay from `go` to `bestmove`, its percentiles and
# the share of moves past the movetime (what a tournament runner counts as
# a loss on time).  Run it on a loaded machine to see the margin a cut-off
# needs.  Not a test: it prints figures.
#   python3 bench/ugi_cutoff.py build/mutorere [movetime-ms [moves [overhead-ms]]]
import os, subprocess, sys, tempfile, time

program = sys.argv[1] if len(sys.argv) > 1 else "build/mutorere"
movetime = int(sys.argv[2]) if len(sys.argv) > 2 else 50
moves = int(sys.argv[3]) if len(sys.argv) > 3 else 200
overhead = sys.argv[4] if len(sys.argv) > 4 else None

folder = tempfile.mkdtemp()
os.mkdir(os.path.join(folder, "ai"))
with open(os.path.join(folder, "ai", "never.lua"), "w") as f:
    f.write("return {name = 'never', choose = function() while true do end end}\n")
engine = subprocess.Popen([program, "--ugi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          env=dict(os.environ, MUTORERE_PATH=folder), bufsize=0)
pending = b""

def send(text):
    engine.stdin.write((text + "\n").encode())

def receive():
    global pending
    while b"\n" not in pending:
        pending += os.read(engine.stdout.fileno(), 65536)
    line, pending = pending.split(b"\n", 1)
    return line.decode()

send("ugi")
while receive() != "ugiok":
    pass
send("setoption name Player value never")
if overhead:
    send("setoption name MoveOverhead value " + overhead)
send("isready")
while receive() != "readyok":
    pass
delays = []
for _ in range(moves):
    send("position startpos")
    start = time.monotonic()
    send("go movetime %d" % movetime)
    while not receive().startswith("bestmove"):
        pass
    delays.append((time.monotonic() - start) * 1000)
send("quit")
engine.wait()
os.remove(os.path.join(folder, "ai", "never.lua"))
os.rmdir(os.path.join(folder, "ai"))
os.rmdir(folder)
delays.sort()
at = lambda q: delays[min(len(delays) - 1, int(len(delays) * q))]
print("go movetime %d, %d moves cut off (load %.1f): bestmove after %.1f ms (median), "
      "%.1f (p90), %.1f (p99), %.1f (max); %d past the movetime"
      % (movetime, moves, os.getloadavg()[0], at(0.5), at(0.9), at(0.99), delays[-1],
         sum(1 for d in delays if d > movetime)))
