#!/usr/bin/env python3
"""hostile_ugi.py MODE PLY MARK: the toy engine (toy_ugi.py) misbehaving in
ways a real program can, from ply PLY on, to test that mutorere loses the
game with the right reason and leaves no process behind.  MARK is any word:
the tests look for leftover processes by it.  Modes, at a go command:

  garbage-move  answers 'bestmove zzz'
  other-side    answers a legal move of the other side
  flood         writes 2 MB of info lines (once), then a legal move
  flood-line    writes 3 MB without a line end, then waits
  close-stdout  closes its standard output (its input stays open), waits
  shutdown      shuts its socket for writing (mutorere reads its end), waits
  fork-hold     forks a child that keeps the socket, and exits
  setsid-hold   forks a child that leaves its process group (setsid) and
                keeps the socket for 30 s, and exits
  ignore-stop   answers nothing to go infinite, nor to stop
  exit-mid      exits with status 0
  segv          kills itself with SIGSEGV
  exact-time    waits the whole time its clock has left, then answers
  flood-forever writes info lines of many words without end
  flood-empty   writes 256 kB of empty lines (once), then a legal move
  huge-info     writes an info line of 900 kB (a long pv, once), then a
                legal move
  weird-move    answers a move of invalid UTF-8, quotes, brackets and braces
  two-moves     answers its move twice (in one write)

and from its start: mute (never answers anything, ignores SIGTERM),
die-isready (exits when asked isready), flood-start (writes info lines
without end once asked ugi), many-options (declares 100000 options, then
plays well),
ignore-quit (plays well but ignores quit and SIGTERM), fork-quit (plays
well; a child forked at start, ignoring SIGTERM, outlives it after quit).
fork-quit+MODE forks that child, then behaves as MODE.

With HOSTILE_PLAYING set to a path, the engine makes that file at its
first go (a test waits for it to know that a game is under way).
"""
import os
import signal
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import toy_ugi  # noqa: E402  (the rules and the plain engine)

PARTS = (sys.argv[1] if len(sys.argv) > 1 else "none").split("+")
MODE = PARTS[-1]
FORKS = "fork-quit" in PARTS
PLY = int(sys.argv[2]) if len(sys.argv) > 2 else 0


def forever():
    while True:
        time.sleep(60)


class Hostile(toy_ugi.Engine):
    flooded = False

    def go(self, words):
        playing = os.environ.get("HOSTILE_PLAYING")
        if playing and not os.path.exists(playing):
            open(playing, "w").close()
        if self.ply < PLY:
            return toy_ugi.Engine.go(self, words)
        arms = len(self.points) - 1
        if MODE == "garbage-move":
            toy_ugi.say("bestmove zzz")
        elif MODE == "other-side":
            enemy = "w" if self.side == "b" else "b"
            move = (toy_ugi.legal_moves(self.points, enemy) or [(0, arms)])[0]
            toy_ugi.say("bestmove %s-%s" % (toy_ugi.name(move[0], arms),
                                            toy_ugi.name(move[1], arms)))
        elif MODE == "flood":
            if not self.flooded:
                sys.stdout.write(("info string " + "x" * 1000 + "\n") * 2000)
                self.flooded = True
            toy_ugi.Engine.go(self, words)
        elif MODE == "flood-forever":
            line = "info" + " depth 1 nodes 2" * 200 + "\n"
            while True:
                sys.stdout.write(line * 50)
        elif MODE == "flood-empty":
            if not self.flooded:
                sys.stdout.write("\n" * (1 << 18))
                self.flooded = True
            toy_ugi.Engine.go(self, words)
        elif MODE == "huge-info":
            if not self.flooded:
                sys.stdout.write("info depth 3 score cp 12 pv" + " 1-c" * 225000 + "\n")
                self.flooded = True
            toy_ugi.Engine.go(self, words)
        elif MODE == "two-moves":
            moves = toy_ugi.legal_moves(self.points, self.side)
            move = "%s-%s" % (toy_ugi.name(moves[0][0], arms), toy_ugi.name(moves[0][1], arms))
            sys.stdout.write("bestmove %s\nbestmove %s\n" % (move, move))
            sys.stdout.flush()
        elif MODE == "weird-move":
            sys.stdout.flush()
            sys.stdout.buffer.write(b'bestmove \xff\xfe"]\\{x}\x1b[31m;\n')
            sys.stdout.buffer.flush()
        elif MODE == "flood-line":
            sys.stdout.write("y" * (3 << 20))
            sys.stdout.flush()
            forever()
        elif MODE == "close-stdout":
            sys.stdout.flush()
            os.close(1)
            forever()
        elif MODE == "shutdown":
            socket.socket(fileno=os.dup(1)).shutdown(socket.SHUT_WR)
            forever()
        elif MODE == "fork-hold":
            if os.fork() == 0:
                forever()
            os._exit(0)
        elif MODE == "setsid-hold":
            if os.fork() == 0:
                os.setsid()  # out of the engine's group: not killed with it
                time.sleep(30)
                os._exit(0)
            os._exit(0)
        elif MODE == "ignore-stop" and "infinite" in words:
            pass  # no answer, and stop is not read
        elif MODE == "exit-mid":
            os._exit(0)
        elif MODE == "segv":
            os.kill(os.getpid(), signal.SIGSEGV)
        elif MODE == "exact-time":
            mine = "p1time" if self.side == "b" else "p2time"
            time.sleep(int(words[words.index(mine) + 1]) / 1000)
            toy_ugi.Engine.go(self, words)
        else:
            toy_ugi.Engine.go(self, words)


def main():
    if MODE in ("mute", "ignore-quit") or FORKS:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if FORKS and os.fork() == 0:
        sys.stdin.close()
        forever()
    if MODE == "mute":
        for _ in sys.stdin:
            pass
        forever()
    if MODE == "flood-start":
        sys.stdin.readline()
        # short lines of many words: slower to read than to write
        lines = ("info string" + " x" * 2000 + "\n") * 16
        while True:
            sys.stdout.write(lines)
    if MODE == "many-options":
        sys.stdin.readline()
        sys.stdout.write("".join("option name Opt%d type check default false\n" % i
                                 for i in range(100000)))
        toy_ugi.say("ugiok")
    if MODE == "die-isready":
        for line in sys.stdin:
            if line.split()[:1] == ["isready"]:
                os._exit(0)
            if line.split()[:1] == ["ugi"]:
                toy_ugi.say("ugiok")
    Hostile().run()
    if MODE == "ignore-quit":
        forever()


if __name__ == "__main__":
    main()
