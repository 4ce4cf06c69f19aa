#!/usr/bin/env bash
# Runs `weft check --svcomp` as a fresh process on every SV-COMP dev task (2 at a time) and prints
# the score table, wall-time median/max and peak memory. Usage: bench/svcomp-fresh.sh [OUT.tsv]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$root/../shared/benchmarks/svcomp-nodatarace-dev"
out="${1:-$root/target/svcomp-fresh.tsv}"
[ -f "$dir/tasks.tsv" ] || { echo "no benchmark at $dir" >&2; exit 2; }
(cd "$root" && mvn -B -q -DskipTests package) >&2
jar="$root/target/weft.jar"
run() {
  local yml="$1" input="$2" expected="$3" t0 t1 res mem
  t0=$(date +%s%N)
  res=$( { /usr/bin/time -f 'MAXRSS %M' java -Xss16m -jar "$jar" check --svcomp --data-model ILP32 --timeout 15 \
        --property "$dir/c/properties/no-data-race.prp" "$dir/$input" 2>&1; } | tr '\n' ' ')
  t1=$(date +%s%N)
  mem=$(sed -n 's/.*MAXRSS \([0-9]*\).*/\1/p' <<<"$res")
  verdict=$(sed -n 's/.*RESULT: \([a-z]*\).*/\1/p' <<<"$res")
  printf '%s\t%s\t%s\t%d\t%s\n' "$yml" "$expected" "${verdict:-error}" $(( (t1 - t0) / 1000000 )) "${mem:-0}"
}
export -f run; export jar dir
tail -n +2 "$dir/tasks.tsv" | awk -F'\t' '{print $1"\t"$2"\t"$3}' | \
  xargs -P 2 -d '\n' -I{} bash -c 'IFS=$'"'"'\t'"'"' read -r a b c <<<"{}"; run "$a" "$b" "$c"' > "$out"
awk -F'\t' '
  { n++; if ($5>mem) mem=$5
    if ($3=="true" && $2=="true") ct++; else if ($3=="false" && $2=="false") cf++;
    else if ($3=="true") wt++; else if ($3=="false") wf++; else unk++ }
  END { printf "tasks %d: correct true %d, correct false %d, wrong true %d, wrong false %d, unknown/error %d\n", n, ct, cf, wt, wf, unk;
        printf "score %d; peak RSS %.0f MB\n", 2*ct + cf - 32*wt - 16*wf, mem/1024 }' "$out"
cut -f4 "$out" | sort -n | awk '{t[NR]=$1} $1>10000 {c++} END {printf "wall ms: median %d, max %d, over 10 s: %d\n", t[int((NR+1)/2)], t[NR], c}'
