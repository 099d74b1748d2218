#!/bin/sh
# tests/mpi/check.sh BUILD [SMALL] — mutorere-mpi (built with
# -DMUTORERE_MPI=ON in BUILD) against the program:
#   1. at 1, 2, 3 and 4 ranks on one machine, it writes for several variants
#      (first-two-turns and first-move read the ply) the very bytes that
#      mt.solve(mt.variant{base = NAME, arms = N}, {file = PATH}) writes,
#      and prints its waves, the bytes sent a class and the memory a rank;
#      so does SMALL, its build whose entries count to 2 children only (so
#      that entries ask other ranks whether their children are won) in
#      rounds of 64 entries and 8 recounts (so that every board takes many
#      rounds, and the ranks' slices end within a round);
#      it prints the census of the table (the classes won, lost and drawn:
#      the same at every rank count, the true classes in all) and the
#      start's value, as mt.solve's solution says;
#   2. SIGINT to mpirun stops every rank within seconds: status 130,
#      "interrupted", the old file whole, no temporary file, no rank left,
#      the checkpoints (--checkpoint, two generations) kept; another
#      board's, another rank count's, an older program's or damaged ones
#      refused with a message; the same command goes on from them to the
#      same file;
#   3. SIGKILL to a rank other than 0 at 20 random instants, each run
#      going on from the checkpoints the one before left: the last writes
#      the file mt.solve writes, and no temporary file is ever left; and
#      SIGKILL to rank 1 while rank 0 writes the file: none left either;
#   4. bad arguments, a scripted variant (refused, the variants it solves
#      listed, as --help lists them) and a file it cannot write: a
#      message, no solve;
#   5. scripts/tools/solve-plan.lua reads what it prints and plans from it.
set -eu
build=$(cd "$1" && pwd)
small=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mpirun="timeout -s INT 120 mpirun --oversubscribe --allow-run-as-root" # a hang fails
mpi="$build/mutorere-mpi"

fail() {
  echo "tests/mpi/check.sh: $*" >&2
  exit 1
}

# Waits up to 60 s for mpirun (pid $1, started in the background) to end.
# Open MPI's mpirun was seen waiting for ever once every rank had ended
# (rank 1 killed, rank 0 gone): then it is killed and the run goes on; a
# rank still running then is a hang of mutorere-mpi's, and fails ($2 says
# when).
end_hung_mpirun() {
  tries=0
  while kill -0 "$1" 2>/dev/null && [ $tries -lt 300 ]; do
    sleep 0.2
    tries=$((tries + 1))
  done
  kill -0 "$1" 2>/dev/null || return 0
  for pid in $(pgrep -P "$1"); do
    case $(ps -o stat= -p "$pid") in
      Z*|"") ;;
      *) kill -KILL "$1"; fail "a rank still running 60 s after the run should have ended ($2)" ;;
    esac
  done
  echo "mpirun still there 60 s after its ranks ended ($2): killed"
  kill -KILL "$1"
}

# 1. the files: each variant on a board, at rank counts (1 to 4 for two of
# them, a ply-dependent one among them); then the small build
specs="standard:16:1234 first-two-turns:14:1234 first-move:14:23 misere:12:34
  no-restriction:10:2 adjacent-enemy:10:4 standard:4:3"
[ -z "$small" ] || specs="$specs small:standard:16:34 small:first-two-turns:14:2"
for spec in $specs; do
  program=$mpi
  case $spec in small:*) program=$small spec=${spec#small:} ;; esac
  name=${spec%%:*}
  arms=${spec#*:}
  arms=${arms%:*}
  rank_counts=$(echo "${spec##*:}" | sed 's/./& /g')
  bound= table=
  start=$("$build/mutorere" -e "local v = mt.variant{base = '$name', arms = $arms}
    local value, d = mt.solve(v, {file = '$work/one.mts', progress = false}):lookup(v.start)
    print(value == 'draw' and 'a draw' or
      string.format('a %s for black, who moves first, in %d plies', value, d))")
  classes=$(lua5.4 -e "print(dofile('$(dirname "$0")/../../scripts/tools/classes.lua')($arms))")
  for ranks in $rank_counts; do
    rm -f "$work/mpi.mts"
    $mpirun -np $ranks "$program" --variant $name --arms $arms \
      --file "$work/mpi.mts" > "$work/out" 2>&1 ||
      fail "$name $arms at $ranks ranks: $(cat "$work/out")"
    cmp "$work/one.mts" "$work/mpi.mts" ||
      fail "$name $arms at $ranks ranks: not the file mt.solve writes"
    [ "$arms" -eq 4 ] || grep -q " bytes sent a class so far$" "$work/out" ||
      fail "no waves told: $(cat "$work/out")"
    grep -q "over $ranks ranks\?, " "$work/out" || fail "no rank count"
    grep -qx "the start: $start" "$work/out" ||
      fail "$name $arms at $ranks ranks: not the start's value ($start): $(cat "$work/out")"
    census=$(grep "^the table: " "$work/out") || fail "no census: $(cat "$work/out")"
    [ "$(echo "$census" | sed 's/.*(\(.*\) in all)$/\1/; s/,//g')" = "$classes" ] ||
      fail "$name $arms at $ranks ranks: $census, not the $classes true classes"
    [ -z "$table" ] || [ "$census" = "$table" ] ||
      fail "$name $arms at $ranks ranks: $census; before: $table"
    table=$census
    grep -q "peak memory a rank [0-9.]* [kMG]*B" "$work/out" ||
      fail "no memory a rank: $(cat "$work/out")"
    # the bytes were every class on a rank of its own: the same at any
    # count, and no fewer than those sent
    set -- $(sed -n 's/.* \([0-9.]*\) a class (\([0-9.]*\) were every class.*/\1 \2/p' \
      "$work/out")
    [ $# -eq 2 ] || fail "no bytes a class: $(cat "$work/out")"
    [ -z "$bound" ] || [ "$2" = "$bound" ] ||
      fail "$name $arms at $ranks ranks: $2 bytes a class at most, $bound before"
    bound=$2
    awk -v sent="$1" -v most="$2" 'BEGIN { exit !(sent <= most) }' ||
      fail "$name $arms at $ranks ranks: $1 bytes sent a class, past $2"
  done
  echo "ok: $(basename "$program") $name on $arms arms at ${rank_counts}ranks: the file mt.solve writes"
  rm -f "$work/one.mts"
done

# 2. SIGINT to mpirun, waves under way: every rank stops, the old file
# stays, and so do the checkpoints of the waves done; a run of another
# board and a damaged checkpoint are refused; the same command goes on
# from them to the file mt.solve writes, and removes them
echo "an old file" > "$work/big.mts"
mkdir "$work/ck"
go="$mpi --variant standard --arms 26 --file $work/big.mts --checkpoint $work/ck --every 0"
mpirun --oversubscribe --allow-run-as-root -np 2 $go > "$work/out" 2> "$work/err" &
job=$!
tries=0
until grep -q "^checkpoint: from wave [0-9]*, in $work/ck$" "$work/out" 2>/dev/null; do
  tries=$((tries + 1))
  [ $tries -lt 600 ] || fail "no checkpoint after a minute: $(cat "$work/out")"
  sleep 0.1
done
ranks=$(pgrep -P $job | wc -l)
[ "$ranks" -eq 2 ] || fail "$ranks ranks under mpirun, not 2"
kill -INT $job
end_hung_mpirun $job "after SIGINT"
status=0
wait $job || status=$?
[ $status -ne 0 ] || fail "status 0 after SIGINT: $(cat "$work/out")"
grep -q "mutorere-mpi: interrupted; the checkpoints in $work/ck go on from wave [1-9][0-9]*: run the same command again" \
  "$work/err" || fail "not told: $(cat "$work/err")"
[ "$(cat "$work/big.mts")" = "an old file" ] || fail "the old file changed"
[ "$(ls "$work" | grep -c tmp)" -eq 0 ] || fail "a temporary file is left"
pgrep -f "$mpi --variant standard --arms 26 --file $work" > /dev/null &&
  fail "a rank is left"
[ "$(ls "$work/ck")" = "rank-0-of-2.0.mtc
rank-0-of-2.1.mtc
rank-1-of-2.0.mtc
rank-1-of-2.1.mtc" ] || fail "checkpoints: $(ls "$work/ck")"
echo "ok: SIGINT to mpirun stops every rank, the old file whole, the checkpoints kept"
status=0
$mpirun -np 2 "$mpi" --variant standard --arms 24 --file "$work/x.mts" \
  --checkpoint "$work/ck" > "$work/out" 2>&1 || status=$?
[ $status -eq 1 ] && grep -q "^mutorere-mpi: checkpoint $work/ck/rank-0-of-2.0.mtc: it is a checkpoint of another run ([0-9.]*, rules arms=26 " "$work/out" &&
  ! grep -q "^wave" "$work/out" || fail "another board's checkpoints: $status, $(cat "$work/out")"
status=0
$mpirun -np 3 $go > "$work/out" 2>&1 || status=$?
[ $status -eq 1 ] && grep -q "^mutorere-mpi: the checkpoints in $work/ck are of 2 ranks (rank-[01]-of-2.[01].mtc), this run has 3: run it on 2, or remove them$" "$work/out" &&
  ! grep -q "^wave" "$work/out" || fail "another rank count's checkpoints: $status, $(cat "$work/out")"
mkdir "$work/older"
echo "mutorere-mpi checkpoint" > "$work/older/rank-0-of-2.mtc"
status=0
$mpirun -np 2 "$mpi" --variant standard --arms 8 --file "$work/x.mts" \
  --checkpoint "$work/older" > "$work/out" 2>&1 || status=$?
[ $status -eq 1 ] && grep -q "^mutorere-mpi: rank-0-of-2.mtc in $work/older is of an older mutorere-mpi" "$work/out" &&
  ! grep -q "^wave" "$work/out" || fail "an older program's checkpoints: $status, $(cat "$work/out")"
cp "$work/ck/rank-1-of-2.0.mtc" "$work/saved"
printf 'X' | dd of="$work/ck/rank-1-of-2.0.mtc" bs=1 seek=1000 conv=notrunc 2> /dev/null
status=0
$mpirun -np 2 $go > "$work/out" 2>&1 || status=$?
[ $status -eq 1 ] && grep -q "^mutorere-mpi: rank 1: checkpoint $work/ck/rank-1-of-2.0.mtc: it is damaged or truncated$" "$work/out" &&
  ! grep -q "^wave" "$work/out" || fail "a damaged checkpoint: $status, $(cat "$work/out")"
mv "$work/saved" "$work/ck/rank-1-of-2.0.mtc"
echo "ok: checkpoints of another board, another rank count, an older program, and damaged ones, refused"
"$build/mutorere" -e "mt.solve(mt.variant{base = 'standard', arms = 26},
  {file = '$work/one.mts', progress = false})"
# as a kill between the renames leaves them: rank 0 holds a wave that
# rank 1 does not (its newer generation gone); the run goes on from the
# wave both hold, the older
wave_of() { sed -n 's/^wave //p' "$1" | head -1; }
w0=$(wave_of "$work/ck/rank-1-of-2.0.mtc") w1=$(wave_of "$work/ck/rank-1-of-2.1.mtc")
if [ "$w0" -gt "$w1" ]; then newer=0 older=$w1; else newer=1 older=$w0; fi
rm "$work/ck/rank-1-of-2.$newer.mtc"
$mpirun -np 2 $go > "$work/out" 2>&1 || fail "resumed: $(cat "$work/out")"
grep -q "^resumed from the checkpoints in $work/ck: wave $older," "$work/out" ||
  fail "not resumed from wave $older, the one both ranks hold: $(cat "$work/out")"
cmp "$work/one.mts" "$work/big.mts" || fail "resumed: not the file mt.solve writes"
[ -z "$(ls "$work/ck")" ] || fail "checkpoints left: $(ls "$work/ck")"
rm -f "$work/one.mts"
echo "ok: the same command goes on from the checkpoints (the wave every rank holds) to the file mt.solve writes"

# 3. SIGKILL to a rank other than 0 at random instants within a run (the
# first run's time), 20 times: each run goes on from what the one before
# left, however it was cut (a checkpoint half renamed, the file half
# written); then one runs to the end
"$build/mutorere" -e "mt.solve(mt.variant{arms = 20},
  {file = '$work/one.mts', progress = false})"
mkdir "$work/kk"
go="$mpi --variant standard --arms 20 --file $work/k.mts --checkpoint $work/kk --every 0"
started=$(date +%s.%N)
$mpirun -np 2 $go > /dev/null 2>&1 || fail "20 arms with checkpoints"
took=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
rm "$work/k.mts"
kills=0 runs=0
while [ $kills -lt 20 ]; do
  runs=$((runs + 1))
  [ $runs -le 60 ] || fail "20 kills took more than 60 runs"
  mpirun --oversubscribe --allow-run-as-root -np 2 $go > "$work/out" 2>&1 &
  job=$!
  at=$(awk -v t="$took" -v s="$runs$$" 'BEGIN { srand(s); printf "%.2f", rand() * t }')
  sleep "$at"
  victim=
  for pid in $(pgrep -P $job); do
    { tr '\0' '\n' < /proc/$pid/environ; } 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=0" ||
      victim=$pid
  done
  [ -n "$victim" ] && kill -KILL "$victim" 2>/dev/null && kills=$((kills + 1))
  end_hung_mpirun $job "killed at $at s"
  wait $job || true
  ls "$work" | grep -q "^k\.mts\..*\.tmp$" && fail "a temporary file left, killed at $at s"
  ! grep -q "^mutorere-mpi: \(rank [0-9]*: \)\?checkpoint \|^mutorere-mpi: the checkpoints in .* are of \|older mutorere-mpi" "$work/out" ||
    fail "killed at $at s: $(cat "$work/out")"
done
$mpirun -np 2 $go > "$work/out" 2>&1 || fail "after the kills: $(cat "$work/out")"
cmp "$work/one.mts" "$work/k.mts" || fail "after 20 kills: not the file mt.solve writes"
[ -z "$(ls "$work/kk")" ] || fail "checkpoints left: $(ls "$work/kk")"
rm -f "$work/one.mts"
echo "ok: 20 kills of a rank at random instants ($runs runs), then the file mt.solve writes"
# rank 1 killed once rank 0 has made its temporary file, as it writes the
# file (until a kill lands before the file is there; SMALL writes it 64
# bytes at a time, each block served 10 ms late): mpirun signals rank 0, which
# removes its temporary file though it waits for rank 1 in a collective
# call until mpirun kills it
landed=0 tries=0
while [ $landed -eq 0 ]; do
  tries=$((tries + 1))
  [ $tries -le 10 ] || fail "no kill landed while the file was written in 10 tries"
  rm -rf "$work/w" && mkdir "$work/w"
  mpirun --oversubscribe --allow-run-as-root -np 2 "${small:-$mpi}" --variant standard \
    --arms 16 --file "$work/w/f.mts" > "$work/out" 2>&1 &
  job=$!
  victim=
  until [ -n "$victim" ]; do
    sleep 0.01
    for pid in $(pgrep -P $job); do
      { tr '\0' '\n' < /proc/$pid/environ; } 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=1" &&
        victim=$pid
    done
  done
  # look for the temporary file without a pause (a glob, no process
  # started): the run takes a fraction of a second
  while kill -0 $job 2> /dev/null; do
    set -- "$work"/w/*.tmp
    [ ! -e "$1" ] || break
  done
  kill -KILL "$victim" 2> /dev/null || true
  end_hung_mpirun $job "rank 1 killed as the file was written"
  wait $job || true
  ! ls "$work/w" | grep -q "\.tmp$" || fail "rank 1 killed as the file was written: its temporary file is left"
  [ -e "$work/w/f.mts" ] || landed=1
done
echo "ok: rank 1 killed while rank 0 wrote the file: no temporary file left ($tries tries)"

# 4. refusals
status=0
$mpirun -np 2 "$mpi" --variant nonsense --arms 8 --file "$work/x.mts" \
  > "$work/out" 2>&1 || status=$?
[ $status -eq 2 ] && grep -q 'unknown variant "nonsense"' "$work/out" ||
  fail "an unknown variant: status $status, $(cat "$work/out")"
status=0
$mpirun -np 1 "$mpi" --variant tired-piece --arms 10 --file "$work/x.mts" \
  > "$work/out" 2>&1 || status=$?
[ $status -eq 2 ] && grep -q 'unknown variant "tired-piece"' "$work/out" &&
  grep -q "^variants: standard first-two-turns first-move no-restriction adjacent-enemy misere$" "$work/out" &&
  grep -q "a scripted one is Lua, which mutorere-mpi does not run" "$work/out" ||
  fail "a scripted variant: status $status, $(cat "$work/out")"
$mpirun -np 1 "$mpi" --help > "$work/out" 2>&1 &&
  grep -q "^variants: standard first-two-turns" "$work/out" ||
  fail "--help: $(cat "$work/out")"
status=0
$mpirun -np 2 "$mpi" --variant standard --arms 7 --file "$work/x.mts" \
  > "$work/out" 2>&1 || status=$?
[ $status -eq 2 ] && grep -q "7 arms" "$work/out" ||
  fail "7 arms: status $status, $(cat "$work/out")"
status=0
$mpirun -np 2 "$mpi" --variant standard --arms 8 --file "$work" \
  > "$work/out" 2>&1 || status=$?
[ $status -eq 1 ] && grep -q "cannot write" "$work/out" &&
  ! grep -q "^wave" "$work/out" ||
  fail "a folder as the file: status $status, $(cat "$work/out")"
[ ! -e "$work/x.mts" ] || fail "a file written after a refusal"
echo "ok: refusals"

# 5. the plan of doc/solving-large.md from runs of the real program
source=$(cd "$(dirname "$0")/../.." && pwd)
"$build/mutorere" "$source/scripts/tools/solve-plan.lua" --mpi "$mpi" --mpirun "$mpirun" \
  --arms 20,22 --ranks 1,2 --plan 30:8 > "$work/plan" 2>&1 ||
  fail "solve-plan.lua: $(cat "$work/plan")"
grep -q '^| 22 | 2 | ' "$work/plan" && grep -q '^| 30 | 8 | ' "$work/plan" ||
  fail "solve-plan.lua measured and planned nothing: $(cat "$work/plan")"
echo "ok: solve-plan.lua"
