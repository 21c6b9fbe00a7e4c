import AlbumScanApp
import AlbumScanCore
import AlbumScanServe

/// What `serve` prints on start: a pairing link per address on stdout, then a QR code of the first address that is
/// not loopback (a phone cannot reach loopback), and on stderr how to stop it.
struct ServeBanner {
    let addresses: [String]
    let port: UInt16
    let token: String

    /// The pairing links, one per address.
    var links: [String] { addresses.map { "http://\($0):\(port)/pair?token=\(token)" } }

    /// `colour`: the QR code is drawn black on white whatever the terminal's colours (where colour is allowed).
    func print(on console: CommandConsole, jobs: Int, recovered: Int, colour: Bool = false) {
        for link in links { console.printOut(link) }
        if let index = addresses.firstIndex(where: { !NetworkInterfaces.isLoopback($0) }), let code = TerminalQR(links[index]) {
            console.printOut("")
            for line in code.lines(colour: colour) { console.printOut(line) }
            console.printOut("Scan this with the phone's camera, on the same Wi-Fi: \(addresses[index])")
        }
        if recovered > 0 {
            console.printError(
                "\(recovered) photos received before the server last stopped are scanned again now (a model call that stop cut short may still have been billed by the provider; the quota counts only saved scans)"
            )
        }
        console.printError("serving on port \(port), \(jobs) scans at a time; Ctrl-C stops")
    }
}
