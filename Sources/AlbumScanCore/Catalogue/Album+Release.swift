extension Album {
    /// The album once its release is chosen: each catalogue field the sleeve left empty (label, year, catalogue number,
    /// format, country, barcode) taken from the release, and `sources` saying which is whose. What the sleeve stated
    /// stays the sleeve's.
    package func completed(by release: ReleaseFacts) -> Album {
        var album = self
        var sources = AlbumSources.sleeve(of: self)
        func take<Value>(_ mine: inout Value?, _ theirs: Value?, _ source: inout AlbumSources.Source?) {
            guard mine == nil, let theirs else { return }
            mine = theirs
            source = .musicbrainz
        }
        take(&album.label, release.label, &sources.label)
        take(&album.year, release.year, &sources.year)
        take(&album.barcode, release.barcode, &sources.barcode)
        var catalogNumber = edition.catalogNumber, format = edition.format, country = edition.country
        take(&catalogNumber, release.edition.catalogNumber, &sources.catalogNumber)
        take(&format, release.edition.format, &sources.format)
        take(&country, release.edition.country, &sources.country)
        album.edition = Edition(catalogNumber: catalogNumber, format: format, country: country)
        // A source the album already had for a field (a barcode route marks MusicBrainz's facts) is kept.
        album.sources = sources.keeping(self.sources)
        return album
    }
}

extension AlbumSources {
    /// These sources, with `earlier`'s answer wherever it had one.
    func keeping(_ earlier: AlbumSources) -> AlbumSources {
        AlbumSources(
            label: earlier.label ?? label, year: earlier.year ?? year, catalogNumber: earlier.catalogNumber ?? catalogNumber,
            format: earlier.format ?? format, country: earlier.country ?? country, barcode: earlier.barcode ?? barcode)
    }
}

extension Album {
    /// What a correction keeps of this album (DESIGN wave 5): its names, and the facts read off the photo or typed
    /// by the user; what the model knew, MusicBrainz's and Discogs' facts, the genres, the release and its links are
    /// cleared, to be supplied by the album corrected to.
    package var ownReadings: Album {
        var kept = Album(artist: artist, title: title)
        func keep<Value>(
            _ value: Value?, _ source: AlbumSources.Source?, _ into: inout Value?, _ mark: inout AlbumSources.Source?
        ) {
            guard AlbumSources.isOwnReading(source), let value else { return }
            into = value
            mark = source
        }
        keep(label, sources.label, &kept.label, &kept.sources.label)
        keep(year, sources.year, &kept.year, &kept.sources.year)
        keep(barcode, sources.barcode, &kept.barcode, &kept.sources.barcode)
        keep(edition.catalogNumber, sources.catalogNumber, &kept.edition.catalogNumber, &kept.sources.catalogNumber)
        keep(edition.format, sources.format, &kept.edition.format, &kept.sources.format)
        keep(edition.country, sources.country, &kept.edition.country, &kept.sources.country)
        return kept
    }
}
