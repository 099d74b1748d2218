#!/bin/sh
# solve_against.sh — two builds of mutorere solve the standard game on the
# same boards, alternately, in one run: the wall time and the peak memory
# (resident) of each solve, and their ratios.  Each solve is a process of
# its own (mt.solve on every core, as a user gets it), so its peak is the
# whole program's; and the true classes, the entries a class and the
# bits a class at rest of each build's table.  Not a test: run it on a quiet machine, and read the
# ratios of one run rather than figures of different runs.
#
#   [threads=T] bench/solve_against.sh OLD NEW [ROUNDS [ARMS ...]]
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

# Solves n arms with program $1 (on $threads threads, every core when
# empty); prints "seconds kilobytes processor-seconds entries bytes".
solve() {
  /usr/bin/time -o "$log" -f '%e %M %U' "$1" -e \
    "local s = mt.solve({arms = $2}, {threads = ${threads:-nil}})
     assert(s:lookup(mt.variant{arms = $2}.start))
     io.write(s:info().entries, ' ', s:info().bytes)" > "$log.info"
  echo "$(cat "$log") $(cat "$log.info")"
}

# The true classes of n arms: C(n, n/2) with an empty arm, and the
# necklaces of n/2 pieces on n arms (Burnside) with the centre empty.
classes() {
  lua5.4 -e "local n = $1
    local function C(a, b) local c = 1 for i = 1, b do c = c * (a - b + i) // i end return c end
    local necklaces = 0
    for d = 1, n // 2 do
      if n % d == 0 and (n // 2) % d == 0 then
        local phi = 0
        for j = 1, d do local a, b = j, d while b > 0 do a, b = b, a % b end phi = phi + (a == 1 and 1 or 0) end
        necklaces = necklaces + phi * C(n // d, n // 2 // d)
      end
    end
    print(C(n, n // 2) + necklaces // n)"
}

for n in $arms; do
  : > "$rows"
  for r in $(seq "$rounds"); do
    row="$(solve "$old" "$n") $(solve "$new" "$n")"
    echo "$row" >> "$rows"
    set -- $row
    printf '%2d arms, round %d: old %7.2f s (cpu %7.2f s) %8d kB   new %7.2f s (cpu %7.2f s) %8d kB\n' \
      "$n" "$r" "$1" "$3" "$2" "$6" "$8" "$7"
  done
  awk -v n="$n" -v classes="$(classes "$n")" '
    { to += $1; tn += $6; co += $3; cn += $8
      if ($2 > mo) mo = $2; if ($7 > mn) mn = $7
      eo = $4; bo = $5; en = $9; bn = $10 }
    END { printf "%2d arms: new/old time %.2f (%.1f s / %.1f s in all), " \
                 "processor time %.2f (%.1f s / %.1f s), " \
                 "peak memory %.3f (%d kB / %d kB)\n",
                 n, (to > 0 ? tn / to : 1), tn, to, (co > 0 ? cn / co : 1), cn, co,
                 mn / mo, mn, mo
          printf "%2d arms: %d true classes; entries a class old %.4f new %.4f; " \
                 "bits at rest a class old %.3f new %.3f\n",
                 n, classes, eo / classes, en / classes, 8 * bo / classes,
                 8 * bn / classes }' "$rows"
done
