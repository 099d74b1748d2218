#!/bin/sh
# tests/slurm/check.sh BUILD — doc/solving-large.md's Slurm recipe on a
# cluster of one node (tests/slurm/one-node.sh, Debian's slurm-wlm and
# munge; root): the batch script tests/slurm/solve.sbatch, as the page
# prints it, solves the standard game on 28 arms on 2 ranks with a
# checkpoint every second, is cancelled with scancel once one is kept
# (every rank stops: "interrupted", the checkpoints kept, no file), and the
# same sbatch line
# goes on from them to the file mt.solve writes; the page's srun line puts
# 4 ranks on the 2 cores (--overcommit) and writes the same file as one.
set -eu
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
source=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
export SLURM_CONF="$work/slurm/slurm.conf"
trap 'sh "$here/one-node.sh" down "$work/slurm"; rm -rf "$work"' EXIT

fail() {
  echo "tests/slurm/check.sh: $*" >&2
  exit 1
}

# the page prints the batch script as it is here
awk '/^```sh solve.sbatch$/ { on = 1; next } /^```$/ { on = 0 } on' \
  "$source/doc/solving-large.md" > "$work/page.sbatch"
cmp -s "$work/page.sbatch" "$here/solve.sbatch" ||
  fail "doc/solving-large.md does not print tests/slurm/solve.sbatch"

sh "$here/one-node.sh" up "$work/slurm"
"$build/mutorere" -e "mt.solve(mt.variant{arms = 28}, {file = '$work/one.mts', progress = false})"
cd "$work"
export MUTORERE_MPI="$build/mutorere-mpi"
job=$(sbatch --parsable --ntasks=2 --mem-per-cpu=200M --output=job.out \
  "$here/solve.sbatch" standard 28 "$work/s.mts" "$work/ck" 1)
tries=0
until grep -q "^checkpoint: from wave [0-9]*" job.out 2> /dev/null; do
  tries=$((tries + 1))
  [ $tries -lt 600 ] || fail "no checkpoint after a minute: $(cat job.out 2>&1)"
  sleep 0.1
done
scancel "$job"
tries=0
while squeue --noheader --jobs="$job" 2> /dev/null | grep -q .; do
  tries=$((tries + 1))
  [ $tries -lt 600 ] || fail "job $job still there a minute after scancel"
  sleep 0.1
done
grep -q "mutorere-mpi: interrupted; the checkpoints in $work/ck go on from wave [1-9][0-9]*: run the same command again" job.out ||
  fail "scancel: not told: $(cat job.out)"
[ ! -e s.mts ] || fail "a file after scancel"
[ -n "$(ls ck)" ] || fail "no checkpoints kept"
echo "ok: sbatch solve.sbatch, checkpoints, scancel: every rank stopped, the checkpoints kept"
sbatch --wait --ntasks=2 --mem-per-cpu=200M --output=again.out \
  "$here/solve.sbatch" standard 28 "$work/s.mts" "$work/ck" 1 > /dev/null ||
  fail "the second job: $(cat again.out)"
grep -q "^resumed from the checkpoints in $work/ck: wave [1-9]" again.out ||
  fail "not resumed: $(cat again.out)"
cmp one.mts s.mts || fail "resumed under Slurm: not the file mt.solve writes"
[ -z "$(ls ck)" ] || fail "checkpoints left: $(ls ck)"
echo "ok: the same sbatch line goes on from the checkpoints to the file mt.solve writes"
"$build/mutorere" -e "mt.solve(mt.variant{arms = 16}, {file = '$work/one16.mts', progress = false})"
srun --mpi=pmix --ntasks=4 --overcommit --mem-per-cpu=100M \
  "$build/mutorere-mpi" --variant standard --arms 16 --file "$work/s16.mts" > srun.out 2>&1 ||
  fail "srun: $(cat srun.out)"
grep -q "over 4 ranks" srun.out && cmp one16.mts s16.mts ||
  fail "srun on 4 ranks: $(cat srun.out)"
echo "ok: srun --overcommit, 4 ranks on the 2 cores: the file mt.solve writes"
