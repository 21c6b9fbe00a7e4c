import Foundation
import Testing

@testable import AlbumScanCore

@Suite struct LabelsCSVTests {
    @Test func readsQuotedFieldsLineEndsAndOptionalColumns() throws {
        let text =
            "\u{FEFF}Album,FILE,artist,mbid,barcode\r\n"
            + "\"Tide Tables, Vol. 2\",a.jpg,Harbour Lights,ABE84210-18CD-4697-86B9-E97AEA25DC3B,5 012345-678900\r\n"
            + "\r\n"
            + "\"Say \"\"Hi\"\"\",b.jpg,\"Multi\nLine\",,\n"
            + "Hum,c.jpg,Static Choir,,"
        let labels = try LabelsCSV.parse(text, name: "labels.csv")
        #expect(
            labels == [
                EvalLabel(
                    line: 2, file: "a.jpg", artist: "Harbour Lights", album: "Tide Tables, Vol. 2",
                    mbid: "abe84210-18cd-4697-86b9-e97aea25dc3b", barcode: "5012345678900"),
                EvalLabel(line: 4, file: "b.jpg", artist: "Multi\nLine", album: "Say \"Hi\""),
                EvalLabel(line: 6, file: "c.jpg", artist: "Static Choir", album: "Hum"),
            ])
    }

    @Test func onlyTheRequiredColumnsAreNeeded() throws {
        let labels = try LabelsCSV.parse("file,artist,album\nx.png, Low Orbit , Apogee\n", name: "l.csv")
        #expect(labels == [EvalLabel(line: 2, file: "x.png", artist: "Low Orbit", album: "Apogee")])
    }

    @Test(arguments: [
        ("", "l.csv line 1: the file is empty; the first line must be the header file,artist,album"),
        ("file,artist\na.jpg,X\n", "l.csv line 1: the header has no album column; it must name file, artist and album"),
        (
            "file,artist,abum\n",
            "l.csv line 1: unknown column \"abum\"; the columns are file, artist, album, and optionally mbid and barcode"
        ),
        ("file,artist,album,file\n", "l.csv line 1: the column file appears twice"),
        // Issue 41: Excel's CSV in comma-decimal locales separates fields with semicolons.
        (
            "file;artist;album\na.jpg;X;Y\n",
            "l.csv line 1: the fields are separated by semicolons, not commas (Excel's CSV in some locales); save as \"CSV UTF-8 (Comma delimited)\" or replace the semicolons with commas"
        ),
        ("file,artist,album\n", "l.csv line 2: no labelled photos after the header"),
        (
            "file,artist,album\na.jpg,X,Y\nb.jpg,Earth, Wind & Fire,Z\n",
            "l.csv line 3: expected 3 fields (file,artist,album), found 4; quote a field that holds a comma"
        ),
        ("file,artist,album\na.jpg,X,Y\n\nc.jpg,,Y\n", "l.csv line 4: the artist is empty"),
        ("file,artist,album\na.jpg,X,Y\na.jpg,X,Z\n", "l.csv line 3: a.jpg is already labelled on line 2"),
        ("file,artist,album\na.jpg,X,\"Y\n\nb.jpg,X,Y\n", "l.csv line 2: a quoted field is never closed"),
        (
            "file,artist,album\na.jpg,X,Y\nb.jpg,X 12\" Single,Y\n",
            "l.csv line 3: a quote inside an unquoted field; quote the whole field and double the quote (\"\")"
        ),
        ("file,artist,album\n\"a.jpg\"x,X,Y\n", "l.csv line 2: text after a closing quote; quote the whole field"),
        (
            "file,artist,album,mbid\na.jpg,X,Y,12345\n",
            "l.csv line 2: mbid \"12345\" is not a MusicBrainz id (8-4-4-4-12 hex digits)"
        ),
        ("file,artist,album,barcode\na.jpg,X,Y,ABC\n", "l.csv line 2: barcode \"ABC\" is not a number"),
    ])
    func malformedNamesTheLine(text: String, message: String) {
        #expect(throws: AlbumScanError.malformedInput(message)) { try LabelsCSV.parse(text, name: "l.csv") }
    }

    @Test func notUTF8NamesTheLine() {
        let data = Data("file,artist,album\na.jpg,X,Y\nb.jpg,".utf8) + Data([0xC3, 0x28]) + Data(",Z\n".utf8)
        #expect(throws: AlbumScanError.malformedInput("l.csv line 3: not UTF-8 text; save the CSV as UTF-8")) {
            try LabelsCSV.parse(data, name: "l.csv")
        }
    }

    @Test func aQuotedFieldSpanningLinesIsReportedWhereItStarts() throws {
        let labels = try LabelsCSV.parse("file,artist,album\n\"a\nb.jpg\",X,Y\nc.jpg,X,Y\n", name: "l.csv")
        #expect(labels.map(\.line) == [2, 4])
    }
}
