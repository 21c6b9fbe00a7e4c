/// A cached Discogs lookup: what was found, and whether Discogs itself was searched (a later scan with
/// `DISCOGS_TOKEN` set searches a release MusicBrainz links nothing to, once).
package struct CachedLinks: Sendable, Equatable {
    package var link: DiscogsLink
    package var searched: Bool

    package init(link: DiscogsLink, searched: Bool) {
        self.link = link
        self.searched = searched
    }
}
