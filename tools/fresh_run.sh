#!/bin/bash
# Issue 33's check: the README's test command on a fresh clone of this repository while a CPU-heavy
# job runs beside it (nice -n 10 python3 -m bench.primiera.strength --quick, in a loop), as CI would
# meet a busy machine. Run from anywhere: tools/fresh_run.sh [LABEL]; the log goes to
# /tmp/fresh-run-LABEL.log, and the last line says the exit code and the seconds taken. The clone
# gets ../shared (the rulebooks and design notes) beside it, as the checkout has.
set -u
label=${1:-1}
repo=$(cd "$(dirname "$0")/.." && pwd)
log=/tmp/fresh-run-$label.log
d=$(mktemp -d /tmp/fresh.XXXX)
git clone -q "$repo" "$d/main" && { [ -d "$repo/../shared" ] && cp -r "$repo/../shared" "$d/" || true; }
( cd "$repo" && while true; do nice -n 10 python3 -m bench.primiera.strength --quick > /dev/null 2>&1; done ) &
load=$!
start=$(date +%s)
( cd "$d/main" && bash .ci/run ) > "$log" 2>&1
rc=$?
end=$(date +%s)
kill "$load" 2>/dev/null; pkill -f "bench.primiera.strength --quick"
echo "fresh run $label: rc=$rc, $((end - start)) s, commit $(git -C "$d/main" rev-parse --short HEAD)" | tee -a "$log"
rm -rf "$d"
exit $rc
