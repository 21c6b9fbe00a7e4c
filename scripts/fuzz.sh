#!/usr/bin/env bash
# Builds and runs albumscan's libFuzzer targets (see Fuzz/README.md).
#   scripts/fuzz.sh build                 build every target into $FUZZ_DIR/bin
#   scripts/fuzz.sh run SECONDS [JOBS]    run each target for SECONDS (JOBS at once), then print a summary
#   scripts/fuzz.sh repro TARGET FILE     run one input through a target (crash reproduction)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
FUZZ_DIR=${FUZZ_DIR:-$ROOT/.build-fuzz}
PKG_SCRATCH=${PKG_SCRATCH:-$FUZZ_DIR/pkg}
SHARED=${SHARED:-$ROOT/../shared}
TARGETS=(jpeg png heif replies catalog replay)
CORE=Sources/AlbumScanCore

sources_for() {
    case $1 in
    jpeg | png | heif)
        local harness; harness=$(case $1 in jpeg) echo FuzzJPEG ;; png) echo FuzzPNG ;; heif) echo FuzzHEIF ;; esac)
        echo "$CORE"/Imaging/*.swift "$CORE"/Support/AlbumScanError.swift Fuzz/Targets/ImagePrepContract.swift \
            "Fuzz/Targets/$harness.swift" ;;
    replies)
        echo "$CORE"/Identify/IdentifyReply.swift "$CORE"/Identify/Observation.swift "$CORE"/Identify/IdentifySchema.swift \
            "$CORE"/Pipeline/Album.swift "$CORE"/Review/ReviewReply.swift "$CORE"/Review/Review.swift \
            "$CORE"/Review/RecommendationLabel.swift "$CORE"/Support/JSONValue.swift "$CORE"/Support/LenientJSON.swift \
            Fuzz/Targets/FuzzReplies.swift ;;
    catalog)
        echo "$CORE"/Services/MusicBrainz/ReleaseCandidate.swift "$CORE"/Services/CoverArt/CoverArtListing.swift \
            "$CORE"/Support/LenientJSON.swift Fuzz/Targets/FuzzCatalog.swift ;;
    replay)
        echo "$CORE"/Services/Replay/Recording.swift "$CORE"/Services/Replay/ReplayTransport.swift \
            "$CORE"/Services/Replay/RecordingTransport.swift "$CORE"/Services/HTTP/HTTPRequest.swift \
            "$CORE"/Support/AlbumScanError.swift "$CORE"/Support/Digest.swift Fuzz/Targets/FuzzReplay.swift ;;
    *) echo "unknown target $1" >&2; exit 2 ;;
    esac
}

# The replay matcher hashes with SHA-256 through the CDigest shim (OpenSSL's libcrypto): compiled here, linked as is.
digest_flags() {
    cc -O2 -c Sources/CDigest/digest.c -I Sources/CDigest/include -o "$FUZZ_DIR/digest.o" || exit 1
    echo "-I Sources/CDigest/include $FUZZ_DIR/digest.o -lcrypto"
}

build() {
    mkdir -p "$FUZZ_DIR/bin"
    local extra=""
    for t in "${TARGETS[@]}"; do
        extra=""
        if [ "$t" = replay ]; then extra=$(digest_flags); fi
        case $t in jpeg | png | heif)
            extra="-I Sources/CTurboJPEG -I Sources/CPNG -I Sources/CHeif -lturbojpeg -lpng16 -lheif" ;;
        esac
        echo "fuzz: building $t"
        # shellcheck disable=SC2046,SC2086
        swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 5 -module-name "Fuzz_$t" \
            $(sources_for "$t") $extra -o "$FUZZ_DIR/bin/fuzz-$t" 2>&1 | { grep -v "Cannot export local symbol" || true; }
    done
}

# Seed corpora: the shared JPEG corpora and fixture covers, the reference API samples, the fixture recordings.
seeds() {
    local s=$FUZZ_DIR/seeds
    rm -rf "$s"
    mkdir -p "$s"/{jpeg,png,heif,replies,catalog,replay}
    if [ -d "$SHARED/corpora" ]; then
        find "$SHARED/corpora" -type f \( -name '*.jpg' -o -name '*.jpeg' \) -size -300k \
            -exec cp -t "$s/jpeg" {} + 2>/dev/null || true
        # Sorted by content, not by name: the corpora hold PNG and HEIC files named .jpg.
        find "$SHARED/corpora" -type f -size -300k -print0 | while IFS= read -r -d '' f; do
            case $(head -c 12 "$f" | od -An -c | tr -d ' \n') in
            211PNG*) cp "$f" "$s/png/" ;;
            *ftyphei* | *ftypmif1*) cp "$f" "$s/heif/" ;;
            esac
        done
    fi
    cp Fixtures/covers/*.jpg "$s/jpeg/" 2>/dev/null || true
    cp Fuzz/Seeds/heif/*.heic "$s/heif/" 2>/dev/null || true
    python3 - "$SHARED/reference/api-samples" Fixtures/recordings "$s" <<'PY'
import glob, json, os, sys
samples, recordings, out = sys.argv[1:4]
n = 0
def put(target, data):
    global n
    n += 1
    with open(os.path.join(out, target, "seed-%04d" % n), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
def contents(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("content", "text", "body") and isinstance(v, str):
                yield v
            yield from contents(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from contents(v)
for p in sorted(glob.glob(os.path.join(samples, "*.json"))):
    raw = open(p, "rb").read()
    name = os.path.basename(p)
    if name.startswith(("mb_", "caa_")):
        put("catalog", raw)
    else:
        put("replies", raw)
        try:
            for c in contents(json.loads(raw)): put("replies", c)
        except ValueError:
            pass
for p in sorted(glob.glob(os.path.join(recordings, "**", "*.json"), recursive=True)):
    raw = open(p, "rb").read()
    put("replay", b"\x00" + raw)
    try:
        rec = json.loads(raw)
    except ValueError:
        continue
    body = rec.get("response", {}).get("body") or ""
    url = rec.get("request", {}).get("url", "")
    put("replay", b"\x03" + url.encode() + b"\n" + body.encode())
    if "musicbrainz" in url or "/release" in url or "index.json" in body or '"images"' in body:
        put("catalog", body)
    for c in contents(rec):
        if c.lstrip().startswith(("{", "```")): put("replies", c)
PY
    for t in "${TARGETS[@]}"; do echo "fuzz: $(ls "$s/$t" | wc -l) seeds for $t"; done
}

run_one() {
    local t=$1 seconds=$2
    local corpus=$FUZZ_DIR/corpus/$t art=$FUZZ_DIR/artifacts/$t log=$FUZZ_DIR/logs/$t.log
    mkdir -p "$corpus" "$art" "$(dirname "$log")"
    : >"$log"
    : >"$FUZZ_DIR/logs/$t.cpu"
    local maxlen=65536
    case $t in jpeg | png | heif) maxlen=307200 ;; esac
    local end=$((SECONDS + seconds)) execs=0 crashes=0
    # libFuzzer stops at the first crash; keep going until the time is used so one crash does not end the run.
    while [ $SECONDS -lt "$end" ]; do
        local left=$((end - SECONDS)) before after
        before=$(find "$art" -type f | wc -l)
        /usr/bin/time -a -o "$FUZZ_DIR/logs/$t.cpu" -f '%U %S' \
            env SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$FUZZ_DIR/bin/fuzz-$t" -max_total_time="$left" -detect_leaks=0 -timeout=10 -rss_limit_mb=2048 -max_len=$maxlen \
            -print_final_stats=1 -artifact_prefix="$art/" "$corpus" "$FUZZ_DIR/seeds/$t" >>"$log" 2>&1 || true
        after=$(find "$art" -type f | wc -l)
        crashes=$((crashes + after - before))
        local n; n=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | awk '{print $2}')
        execs=$((execs + ${n:-0}))
        # Count each run's final stats once.
        sed -i 's/stat::number_of_executed_units/counted::number_of_executed_units/' "$log"
    done
    local cpu; cpu=$(awk '{s += $1 + $2} END {printf "%.1f", s / 60}' "$FUZZ_DIR/logs/$t.cpu")
    printf '%-8s %6ss wall %6s CPU-min %12s execs %4s crashes  corpus %s\n' "$t" "$seconds" "$cpu" "$execs" "$crashes" \
        "$(ls "$corpus" | wc -l)" \
        | tee "$FUZZ_DIR/logs/$t.summary"
}

run() {
    local seconds=${1:-60} jobs=${2:-2}
    [ -x "$FUZZ_DIR/bin/fuzz-jpeg" ] || build
    seeds
    echo "fuzz: running ${#TARGETS[@]} targets for ${seconds}s each, $jobs at a time"
    local i=0
    for t in "${TARGETS[@]}"; do
        run_one "$t" "$seconds" &
        i=$((i + 1))
        if [ $((i % jobs)) -eq 0 ]; then wait; fi
    done
    wait
    echo "fuzz: summary (artifacts in $FUZZ_DIR/artifacts)"
    cat "$FUZZ_DIR"/logs/*.summary
    ! grep -qv ' 0 crashes' "$FUZZ_DIR"/logs/*.summary
}

case ${1:-} in
build) build ;;
seeds) seeds ;;
run) shift; run "$@" ;;
repro) SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$FUZZ_DIR/bin/fuzz-$2" -detect_leaks=0 "$3" ;;
*) echo "usage: $0 build | seeds | run SECONDS [JOBS] | repro TARGET FILE" >&2; exit 2 ;;
esac
