#!/usr/bin/env bash
# Every `try?` in the core says why its problem can never matter (issue 49): a comment on the line just above it,
#     // try?: REASON
# and there are at most TRY_LIMIT (35) of them. Fails, naming file:line, on a `try?` without its reason, on a
# reason with no `try?` under it, and when there are too many. Usage: scripts/check-try.sh [FOLDER_OR_FILE...]
# (default Sources/AlbumScanCore). A `try?` in a comment or a doc comment does not count.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${TRY_LIMIT:-35}
[ $# -gt 0 ] || set -- Sources/AlbumScanCore

count=0
failed=0
while IFS= read -r -d '' file; do
    # Per file: the number of `try?` on code lines, then one line per problem.
    report=$(awk '
        function code(line) { return line !~ /^[ \t]*\/\// }
        {
            if (code($0)) {
                n = gsub(/try\?/, "&")
                if (n > 0) {
                    total += n
                    if (!reasoned) printf "%s:%d: try? without a \"// try?: REASON\" comment on the line above\n", FILENAME, FNR
                } else if (reasoned) {
                    printf "%s:%d: a \"// try?:\" reason with no try? on the line under it\n", FILENAME, FNR - 1
                }
                reasoned = 0
            } else {
                if (reasoned) printf "%s:%d: a \"// try?:\" reason with no try? on the line under it\n", FILENAME, FNR - 1
                reasoned = ($0 ~ /^[ \t]*\/\/ try\?: [^ \t]/)
            }
        }
        END {
            if (reasoned) printf "%s:%d: a \"// try?:\" reason with no try? on the line under it\n", FILENAME, FNR
            printf "count %d\n", total
        }' "$file")
    problems=$(printf '%s\n' "$report" | grep -v '^count ' || true)
    if [ -n "$problems" ]; then
        printf '%s\n' "$problems" >&2
        failed=1
    fi
    count=$((count + $(printf '%s\n' "$report" | sed -n 's/^count //p')))
done < <(find "$@" -name '*.swift' -type f -print0 | sort -z)

if [ "$count" -gt "$limit" ]; then
    echo "check-try: $count try? in $*, more than $limit: make the problems they swallow diagnostics or errors" >&2
    failed=1
fi
if [ "$failed" -ne 0 ]; then
    echo "check-try: failed" >&2
    exit 1
fi
echo "check-try: $count try? in $*, each with its reason (at most $limit)"
