import AlbumScanApp
/// Every environment variable albumscan reads, with its default and meaning: the README's Environment table and the
/// man page's ENVIRONMENT section are this table (a test holds the README to it). Markdown code spans as in the README.
enum EnvironmentTable {
    static let rows: [(variable: String, defaultValue: String, meaning: String)] = [
        ("`ALBUMSCAN_HOME`", "`$XDG_DATA_HOME/albumscan`, else `~/.local/share/albumscan`", "database, keyring, caches, locks"),
        ("`OPENAI_API_KEY`", "—", "required for live scans"),
        ("`OPENAI_BASE_URL`", "`https://api.openai.com/v1`", "any OpenAI-compatible server"),
        ("`ALBUMSCAN_MUSICBRAINZ_URL`", "`https://musicbrainz.org/ws/2`", "MusicBrainz web service root"),
        ("`ALBUMSCAN_MUSICBRAINZ_RATE`", "1 for `musicbrainz.org`, else 10", "MusicBrainz requests per second (at most 100; never above 1 on `musicbrainz.org`, where a higher value is lowered to 1 with a warning); see A local MusicBrainz"),
        ("`ALBUMSCAN_COVERART_URL`", "`https://coverartarchive.org`", "Cover Art Archive root"),
        ("`ALBUMSCAN_CONTACT`", "project URL", "contact in the MusicBrainz User-Agent"),
        ("`DISCOGS_TOKEN`", "—", "Discogs personal access token: when MusicBrainz links a release to no Discogs release, search Discogs for it (a secret, never written anywhere)"),
        ("`ALBUMSCAN_DISCOGS_URL`", "`https://api.discogs.com`", "Discogs API root"),
        ("`ALBUMSCAN_DISCOGS_LINKS`", "`auto`", "when a scan asks MusicBrainz for its release's Discogs links: `auto` (at scan time on a mirror, else left pending for the Discogs exports and the crate page, so a new album costs one request on the public server), `scan` or `later`; see Discogs links"),
        ("`ALBUMSCAN_RECORD` / `ALBUMSCAN_REPLAY`", "—", "same as `--record DIR` / `--replay DIR`"),
        ("`ALBUMSCAN_PROMPTS_DIR`", "—", "folder of prompt files replacing the built-in ones"),
        ("`ALBUMSCAN_QUALITY_CHECK`", "`on`", "`off` sends photos the quality check would refuse (same as `scan --no-quality-check`)"),
        ("`ALBUMSCAN_PROVIDER`", "`openai`", "`openai`, `anthropic`, `gemini` or `openai-compatible` (see Providers)"),
        ("`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`, `GEMINI_API_KEY` (`GOOGLE_API_KEY`), `GEMINI_BASE_URL`", "see Providers", "other providers' keys and roots"),
        ("`ALBUMSCAN_LOCAL_IMAGE_SIZE`", "`768`", "long side of the photo sent to a local model (64-4096)"),
        ("`ALBUMSCAN_VISION_MODEL`, `ALBUMSCAN_SEARCH_MODEL`, `ALBUMSCAN_REVIEW_MODEL`", "per provider; OpenAI: `gpt-4o`, `gpt-4o-search-preview`, `gpt-4o`", "models"),
        ("`ALBUMSCAN_MAX_PIXELS`", "`100000000`", "largest accepted photo, in pixels"),
        ("`ALBUMSCAN_HTTP_TIMEOUT`", "90 (models), 20 (MusicBrainz, Cover Art Archive)", "per-request deadline in seconds"),
        ("`ALBUMSCAN_SCAN_TIMEOUT`", "`180`", "whole-scan deadline in seconds"),
        ("`ALBUMSCAN_CONFIG`", "`$XDG_CONFIG_HOME/albumscan/config.toml`", "config file: the same settings in snake case (`openai_base_url`, `vision_model`, `http_timeout`, …) and a `[prices.\"MODEL\"]` table (`input`, `output` in USD per million tokens, optional `search` per 1,000 searches)"),
        ("`NO_COLOR`", "—", "no ANSI colour"),
        ("`COLORTERM`", "—", "`truecolor` or `24bit` draws covers in 24-bit colour; otherwise 256 colours"),
        ("`TERM`, `KITTY_WINDOW_ID`, `TERM_PROGRAM`, `LC_TERMINAL`", "—", "announce kitty or iTerm2, whose image protocols draw real covers"),
    ]

    /// The README's row for `row`.
    static func markdown(_ row: (variable: String, defaultValue: String, meaning: String)) -> String {
        "| \(row.variable) | \(row.defaultValue) | \(row.meaning) |"
    }
}
