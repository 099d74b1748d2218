#!/bin/sh
# allocator.sh — what the allocator the program is linked with (mimalloc,
# when the build found Debian's libmimalloc-dev: lua/CMakeLists.txt) saves
# against the C library's malloc, on work that is mostly Lua: the same
# program runs each piece of work as a process of its own, alternately as
# built and with glibc's malloc put first (LD_PRELOAD of the C library, whose
# malloc the loader then binds before the linked one).  Prints the
# processor time (user and system) of each run, and for each piece of work
# the ratio of the totals.  Not a test: run it on a quiet machine, and read
# the ratios of one run rather than figures of different runs.
#
#   bench/allocator.sh [PROGRAM [ROUNDS]]
#     PROGRAM  the mutorere program (build/mutorere)
#     ROUNDS   rounds of alternation, glibc's then the linked one (3)
set -eu
cd "$(dirname "$0")/.."
program=${1:-build/mutorere}
rounds=${2:-3}
libc=$(ldd "$program" | awk '$1 ~ /^libc\.so/ {print $3}')
if ! ldd "$program" | grep -q 'libmimalloc'; then
  echo "allocator.sh: $program is not linked with mimalloc: both runs would be the same" >&2
  exit 2
fi
log=$(mktemp) rows=$(mktemp)
trap 'rm -f "$log" "$rows"' EXIT

# The pieces of work: a name and a command line each (the tests run as
# ctest runs them).
work() {
  case $1 in
  match) echo "$program -e mt.match('alphabeta','mcts',{games=24})" ;;
  accuracy) echo "$program tests/lua/run.lua tests/lua/test_accuracy.lua" ;;
  play) echo "$program tests/lua/run.lua tests/lua/test_play.lua" ;;
  metrics) echo "$program tests/lua/run.lua tests/lua/test_metrics.lua" ;;
  esac
}

# Runs the command line $2 with the preload $1 (empty: none); prints its
# processor seconds.
run() {
  MUTORERE_PROGRAM=$program MUTORERE_PATH= LD_PRELOAD=$1 \
    /usr/bin/time -o "$log" -f '%U %S' $2 > /dev/null 2>&1 ||
    { echo "allocator.sh: failed: $2" >&2; exit 1; }
  awk '{printf "%.2f", $1 + $2}' "$log"
}

for name in match accuracy play metrics; do
  : > "$rows"
  for r in $(seq "$rounds"); do
    glibc=$(run "$libc" "$(work "$name")")
    linked=$(run "" "$(work "$name")")
    echo "$glibc $linked" >> "$rows"
    printf '%-9s round %d: glibc %6.2f s   mimalloc %6.2f s\n' "$name" "$r" "$glibc" "$linked"
  done
  awk -v name="$name" '{ g += $1; m += $2 }
    END { printf "%-9s mimalloc/glibc processor time %.2f (%.1f s / %.1f s)\n", name, m / g, m, g }' "$rows"
done
