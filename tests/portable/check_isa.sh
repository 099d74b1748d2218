#!/bin/sh
# check_isa.sh DIR... — fails when an object file under the DIRs uses an
# instruction beyond the first x86-64 (SSE2) outside a function built for
# x86-64-v3 on purpose (a clone named NAME.arch_x86_64_v3, core/hot.h):
# AVX (v...), SSE3 to SSE4.2, POPCNT, LZCNT, BMI1/2, MOVBE, FMA.  tzcnt is
# allowed: it is what objdump calls "rep bsf", which GCC writes for any
# x86-64 (the older processors run it as bsf).  The default build must run
# on every x86-64; this is how the tests know it does.
set -eu
# (the objects of perft_v3 and tiers_v3, and tiers_v3.o, are the x86-64-v3
# builds of perft.c and of the tier solver; libmutorere-static.o is the
# others linked together)
objects=$(find "$@" -name '*.o' ! -path '*perft_v3*' ! -path '*tiers_v3*' ! -name 'libmutorere-static.o' | sort)
[ -n "$objects" ] || { echo "check_isa.sh: no object files under $*" >&2; exit 1; }
status=0
for o in $objects; do
  objdump -d --no-show-raw-insn "$o" | awk -v object="$o" '
    /^[0-9a-f]+ <.*>:$/ { fn = $2; next }
    NF >= 2 && $1 ~ /:$/ {
      op = $2
      if (fn ~ /arch_x86_64_v3/) next
      newer = op ~ /^v/ || op ~ /^(popcnt|lzcnt|andn|bextr|blsi|blsmsk|blsr|bzhi|mulx|pdep|pext|rorx|sarx|shlx|shrx|movbe|crc32)$/ ||
        op ~ /^(pshufb|palignr|pabs[bwd]|phadd[wd]|phaddsw|phsub[wd]|phsubsw|pmaddubsw|pmulhrsw|psign[bwd]|ptest|pmins[bd]|pminu[wd]|pmaxs[bd]|pmaxu[wd]|pmulld|pmuldq|pextr[bdq]|pinsr[bdq]|round[sp][sd]|dpp[sd]|blendv?p[sd]|pblendvb|pblendw|pcmpeqq|pcmpgtq|pcmp[ei]stri|pcmp[ei]strm|pmov[sz]x[bwd][wdq]|packusdw|mpsadbw|phminposuw|movntdqa|extractps|insertps|lddqu|movddup|movs[hl]dup|haddp[sd]|hsubp[sd]|addsubp[sd])$/
      if (newer) { printf "%s: %s uses %s\n", object, fn, op; bad = 1 }
    }
    END { exit bad }' || status=1
done
[ $status = 0 ] && echo "check_isa.sh: $(echo "$objects" | wc -l) objects use the instructions of any x86-64"
exit $status
