#!/usr/bin/env python3
"""toy_ugi.py: a small UGI engine for Mu Torere on a wheel of any even
number of arms, written apart from mutorere (it shares no code with it), to
test how mutorere runs outside engines.  It knows the standard rules: a
piece moves to the empty point along a line -- to a neighbouring arm, from
an arm to the centre only with an enemy piece on a neighbouring arm, from
the centre to an arm.  It plays a move that blocks the opponent when it has
one, else one drawn from its seed.  Its Fault option makes it misbehave on
purpose, from ply FaultPly on: illegal (a move that is not legal), crash
(exits), hang (never answers again), slow (answers after its clock ran
out), garbage (writes junk, then a legal move), silent (ignores isready).
"""
import random
import sys
import time

OPTIONS = {"Seed": 1, "Fault": "none", "FaultPly": 0, "Arms": 8, "Variant": "standard"}
FAULTS = ["none", "illegal", "crash", "hang", "slow", "garbage", "silent"]


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def start_position(arms):
    half = arms // 2
    return ["b"] * half + ["w"] * half + ["."], "b"


def parse_fen(words):
    """'bbbbwwww/. b [ply]' as words: the points (arms, then the centre)."""
    ring, centre = words[0].split("/")
    return list(ring) + [centre], words[1]


def neighbours(arm, arms):
    return ((arm - 1) % arms, (arm + 1) % arms)


def legal_moves(points, side):
    arms = len(points) - 1
    enemy = "w" if side == "b" else "b"
    empty = points.index(".")
    moves = []
    if empty == arms:  # the centre is empty
        for arm in range(arms):
            if points[arm] == side and any(points[n] == enemy for n in neighbours(arm, arms)):
                moves.append((arm, arms))
    else:
        for n in neighbours(empty, arms):
            if points[n] == side:
                moves.append((n, empty))
        if points[arms] == side:
            moves.append((arms, empty))
    return moves


def name(point, arms):
    return "c" if point == arms else str(point + 1)


def parse_move(text, arms):
    a, b = text.split("-")
    return tuple(arms if p == "c" else int(p) - 1 for p in (a, b))


def play(points, move):
    points = list(points)
    points[move[1]], points[move[0]] = points[move[0]], "."
    return points


class Engine:
    def __init__(self):
        self.options = dict(OPTIONS)
        self.points, self.side = start_position(8)
        self.ply = 0
        self.rng = random.Random(1)
        self.silent = False

    def option(self, line):
        words = line.split()
        if "name" not in words or "value" not in words:
            return
        key = " ".join(words[words.index("name") + 1:words.index("value")])
        value = " ".join(words[words.index("value") + 1:])
        for known in OPTIONS:
            if known.lower() == key.lower():
                if isinstance(OPTIONS[known], int):
                    value = int(value)
                self.options[known] = value
        if key.lower() == "seed":
            self.rng = random.Random(self.options["Seed"])

    def position(self, words):
        if words[0] == "startpos":
            self.points, self.side = start_position(int(self.options["Arms"]))
            rest = words[1:]
        else:
            end = words.index("moves") if "moves" in words else len(words)
            self.points, self.side = parse_fen(words[1:end])
            rest = words[end:]
        self.ply = 0
        arms = len(self.points) - 1
        for text in rest[1:]:
            self.points = play(self.points, parse_move(text, arms))
            self.side = "w" if self.side == "b" else "b"
            self.ply += 1

    def go(self, words):
        fault = self.options["Fault"] if self.ply >= self.options["FaultPly"] else "none"
        arms = len(self.points) - 1
        moves = legal_moves(self.points, self.side)
        if fault == "crash":
            sys.exit(3)
        if fault == "hang":
            while True:
                time.sleep(60)
        if fault == "slow":
            mine = "p1time" if self.side == "b" else "p2time"
            left = int(words[words.index(mine) + 1]) / 1000 if mine in words else 0.2
            time.sleep(left + 0.3)
        if fault == "garbage":
            say("\x01\x02 this is not UGI at all \xff")
            say("info depth x score cp y pv")
        if fault == "illegal":
            say("bestmove %s-%s" % (name(0, arms), name(0, arms)))
            return
        if not moves:
            say("bestmove 0000")
            return
        enemy = "w" if self.side == "b" else "b"
        winning = [m for m in moves if not legal_moves(play(self.points, m), enemy)]
        move = winning[0] if winning else self.rng.choice(moves)
        say("info depth 1 score cp %d nodes %d pv %s-%s"
            % (100 if winning else 0, len(moves), name(move[0], arms), name(move[1], arms)))
        say("bestmove %s-%s" % (name(move[0], arms), name(move[1], arms)))

    def run(self):
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            command = words[0]
            if command == "ugi":
                say("id name toy-ugi")
                say("id author the mutorere tests")
                say("option name Seed type spin default 1 min 0 max 2147483647")
                say("option name Arms type spin default 8 min 4 max 64")
                say("option name Variant type combo default standard var standard")
                say("option name Fault type combo default none var " + " var ".join(FAULTS))
                say("option name FaultPly type spin default 0 min 0 max 1000")
                say("ugiok")
            elif command == "isready":
                if self.options["Fault"] != "silent":
                    say("readyok")
            elif command == "setoption":
                self.option(line)
            elif command == "uginewgame":
                self.points, self.side = start_position(int(self.options["Arms"]))
            elif command == "position":
                self.position(words[1:])
            elif command == "go":
                self.go(words)
            elif command == "quit":
                return


if __name__ == "__main__":
    Engine().run()
