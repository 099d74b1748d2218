#!/bin/sh
# tests/slurm/one-node.sh up|down DIR — a Slurm cluster of one node, this
# machine, for tests/slurm/check.sh (and to try doc/solving-large.md's batch
# script by hand), from Debian's slurm-wlm and munge: munged, slurmctld and
# slurmd run in the background as root, their configuration, state, logs
# and sockets under DIR (SLURM_CONF=DIR/slurm.conf for the commands), the
# node at 127.0.0.1, described as `slurmd -C` sees it (so that --mem is
# met), MPI jobs started by PMIx (Debian's Open MPI has no PMI-2).
#   up    starts them and waits until the node takes jobs (about 5 s);
#   down  cancels every job, then stops the daemons it started.
# Needs root (munged's socket lives in /run/munge, which munge must own).
set -eu
what=$1
dir=$(mkdir -p "$2" && cd "$2" && pwd)
export SLURM_CONF="$dir/slurm.conf"

fail() {
  echo "tests/slurm/one-node.sh: $*" >&2
  exit 1
}

# Waits up to $1 tenths of a second for the command after it to succeed.
await() {
  tries=$1
  shift
  until "$@" > /dev/null 2>&1; do
    tries=$((tries - 1))
    [ $tries -gt 0 ] || return 1
    sleep 0.1
  done
}

if [ "$what" = down ]; then
  scancel --full --quiet --user=root 2> /dev/null || true
  await 300 sh -c '[ -z "$(squeue --noheader 2> /dev/null)" ]' || true
  for daemon in slurmd slurmctld munged; do
    [ -f "$dir/$daemon.pid" ] || continue
    pid=$(cat "$dir/$daemon.pid")
    kill "$pid" 2> /dev/null || true
    await 100 sh -c "! kill -0 $pid" || kill -KILL "$pid" 2> /dev/null || true
    rm -f "$dir/$daemon.pid"
  done
  exit 0
fi
[ "$what" = up ] || fail "up or down, not $what"

# munge: its key (Debian's package made one), its socket, pid, log and
# seed in /run/munge, which munge owns (DIR may be a folder munge cannot
# enter)
mkdir -p /run/munge
chown munge:munge /run/munge
chmod 755 /run/munge
[ -s /etc/munge/munge.key ] || fail "no /etc/munge/munge.key (apt-get install munge)"
rm -f /run/munge/one-node.pid
runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/one-node.pid \
  --log-file=/run/munge/one-node.log --seed-file=/run/munge/one-node.seed ||
  fail "munged did not start: $(cat /run/munge/one-node.log 2> /dev/null)"
await 50 test -s /run/munge/one-node.pid || fail "munged wrote no pid"
cp /run/munge/one-node.pid "$dir/munged.pid"
await 50 sh -c 'munge -n | unmunge' || fail "munge does not answer"

# slurm.conf: this machine as the one node, ports of its own
host=$(hostname -s)
node=$(slurmd -C | head -1 | sed 's/^NodeName=[^ ]* //')
mkdir -p "$dir/state" "$dir/spool"
cat > "$SLURM_CONF" <<CONF
ClusterName=onenode
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=${SLURMCTLD_PORT:-16817}
SlurmdPort=${SLURMD_PORT:-16818}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
MpiDefault=pmix
ReturnToService=2
KillWait=30
NodeName=$host NodeAddr=127.0.0.1 $node State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D > "$dir/slurmctld.out" 2>&1 &
await 100 test -s "$dir/slurmctld.pid" || fail "slurmctld did not start: $(cat "$dir/slurmctld.out" "$dir/slurmctld.log" 2> /dev/null | tail -5)"
slurmd -D > "$dir/slurmd.out" 2>&1 &
await 100 test -s "$dir/slurmd.pid" || fail "slurmd did not start: $(cat "$dir/slurmd.out" "$dir/slurmd.log" 2> /dev/null | tail -5)"
await 300 sh -c 'sinfo --noheader --states=idle | grep -q .' ||
  fail "the node takes no jobs: $(sinfo 2>&1; tail -5 "$dir/slurmctld.log")"
