import Foundation
import Testing

@testable import AlbumScanCore

@Suite struct HistoryCSVTests {
    static let album = Album(
        artist: "Björk", title: "Homogenic", year: "1997", genres: ["Electronic", "Art Pop"], label: "One Little Indian",
        musicbrainzReleaseId: "b1a2c3d4-0000-4000-8000-000000000001")

    @Test func theHeaderRowIsExactlyTheDocumentedOne() {
        #expect(
            HistoryCSV.document([])
                == "scanId,scannedAt,artist,title,year,genres,label,musicbrainzReleaseId,barcode,rating,recommendation,"
                + "verification,method,file,catalogNumber,format,country,discogsReleaseId,mediaCondition,sleeveCondition,"
                + "location,sku,price,comments\r\n")
    }

    @Test func aRowFillsEveryColumnAndLeavesUnknownOnesEmpty() {
        let row = HistoryExportRow(
            scanId: 12, scannedAt: Date(timeIntervalSince1970: 1_795_000_000), album: Self.album, rating: 8,
            recommendation: "Highly Recommended", method: "model", file: "crate/björk.heic")
        #expect(
            HistoryCSV.fields(row) == [
                "12", "2026-11-18T11:06:40Z", "Björk", "Homogenic", "1997", "Electronic; Art Pop", "One Little Indian",
                "b1a2c3d4-0000-4000-8000-000000000001", "", "8", "Highly Recommended", "", "model", "crate/björk.heic",
                "", "", "", "", "", "", "", "", "", "",
            ])
        var unreviewed = row
        (unreviewed.rating, unreviewed.recommendation, unreviewed.barcode, unreviewed.verification) = (
            nil, nil, "5021732123", "verified"
        )
        #expect(HistoryCSV.fields(unreviewed)[8...11] == ["5021732123", "", "", "verified"])
        unreviewed.rating = 7.5
        #expect(HistoryCSV.fields(unreviewed)[9] == "7.5")
    }

    @Test(
        "cells a spreadsheet would evaluate get a leading apostrophe",
        arguments: [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"), ("+1 Tribute", "'+1 Tribute"),
            ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\t=1", "'\t=1"), ("\r=1", "'\r=1"),
            ("A=B", "A=B"), ("Mötley Crüe", "Mötley Crüe"), ("", ""), (" =1", " =1"), ("'quoted", "'quoted"),
        ])
    func neutralised(cell: String, expected: String) {
        #expect(HistoryCSV.neutralised(cell) == expected)
    }

    @Test(
        "fields are quoted only when they must be, inner quotes doubled",
        arguments: [
            ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
            ("cr\r", "\"cr\r\""), ("東京事変", "東京事変"),
        ])
    func quoted(cell: String, expected: String) {
        #expect(HistoryCSV.quoted(cell) == expected)
    }

    @Test("the shop's price and comments are the last two columns, a hostile comment neutralised")
    func priceAndCommentsAreExported() {
        var row = HistoryExportRow(
            scanId: 3, scannedAt: Date(timeIntervalSince1970: 1_795_000_000), album: Self.album, rating: nil,
            recommendation: nil, method: "model", file: "a.jpg")
        row.shop.price = "12.50"
        row.shop.comments = "=cmd|' /C calc'!A0, sleeve split"
        #expect(Array(HistoryCSV.columns.suffix(2)) == ["price", "comments"])
        #expect(Array(HistoryCSV.fields(row).suffix(2)) == ["12.50", "=cmd|' /C calc'!A0, sleeve split"])
        #expect(HistoryCSV.document([row]).hasSuffix(",12.50,\"'=cmd|' /C calc'!A0, sleeve split\"\r\n"))
    }

    @Test func aHostileCellIsNeutralisedThenQuoted() {
        #expect(HistoryCSV.record(["=1,2", "ok"]) == "\"'=1,2\",ok\r\n")
    }
}
