#!/usr/bin/env bash
# The library product's surface is the only public code (issue 49): `public` may appear only in
# Sources/AlbumScanApp/Library (the entry points and the results they return) and in the two argument types those
# take, ExportFormat and CatalogueQuery. Everything else stays `package`. Fails naming each file:line outside.
set -euo pipefail
cd "$(dirname "$0")/.."
allowed='^Sources/AlbumScanApp/(Library/|Export/ExportFormat\.swift|Catalogue/CatalogueQuery\.swift)'
outside=$(grep -rnE '^[[:space:]]*(@[A-Za-z]+[[:space:]]+)*public[[:space:]]' Sources --include='*.swift' | grep -vE "$allowed" || true)
if [ -n "$outside" ]; then
    echo "$outside"
    echo "check-public: public declarations outside the library product's surface (make them package)" >&2
    exit 1
fi
surface=$(grep -rhcE '^[[:space:]]*public[[:space:]]' Sources/AlbumScanApp --include='*.swift' | awk '{ n += $1 } END { print n }')
echo "check-public: $surface public declarations, all on the library's surface"
