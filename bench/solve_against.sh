#!/bin/sh
# solve_against.sh — two builds of mutorere solve the standard game on the
# same boards, alternately, in one run: the wall time and the peak memory
# (resident) of each solve, and their ratios.  Each solve is a process of
# its own (mt.solve on every core, as a user gets it), so its peak is the
# whole program's.  Not a test: run it on a quiet machine, and read the
# ratios of one run rather than figures of different runs.
#
#   bench/solve_against.sh OLD NEW [ROUNDS [ARMS ...]]
#     OLD, NEW  two mutorere programs (e.g. a worktree of an older commit's
#               build/mutorere, and build/mutorere)
#     ROUNDS    rounds of alternation, old then new (3)
#     ARMS      boards (24 26 30)
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 OLD NEW [ROUNDS [ARMS ...]]" >&2
  exit 2
fi
old=$1 new=$2
rounds=${3:-3}
[ $# -ge 3 ] && shift 3 || shift $#
arms=${*:-24 26 30}
log=$(mktemp) rows=$(mktemp)
trap 'rm -f "$log" "$rows"' EXIT

# Solves n arms with program $1; prints "seconds kilobytes".
solve() {
  /usr/bin/time -o "$log" -f '%e %M' "$1" -e \
    "local s = mt.solve({arms = $2}); assert(s:lookup(mt.variant{arms = $2}.start))" \
    >/dev/null
  cat "$log"
}

for n in $arms; do
  : > "$rows"
  for r in $(seq "$rounds"); do
    row="$(solve "$old" "$n") $(solve "$new" "$n")"
    echo "$row" >> "$rows"
    set -- $row
    printf '%2d arms, round %d: old %7.2f s %8d kB   new %7.2f s %8d kB\n' \
      "$n" "$r" "$1" "$2" "$3" "$4"
  done
  awk -v n="$n" '
    { to += $1; tn += $3; if ($2 > mo) mo = $2; if ($4 > mn) mn = $4 }
    END { printf "%2d arms: new/old time %.2f (%.1f s / %.1f s in all), " \
                 "peak memory %.3f (%d kB / %d kB)\n",
                 n, (to > 0 ? tn / to : 1), tn, to, mn / mo, mn, mo }' "$rows"
done
