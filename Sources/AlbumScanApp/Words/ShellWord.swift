import AlbumScanCore

/// A word written so a POSIX shell reads it back unchanged, for commands albumscan suggests.
package enum ShellWord {
    package static func quoted(_ word: String) -> String {
        // Control characters and escape sequences never reach the terminal, quoted or not.
        let word = SafeText.clean(word)
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-_./:@%+=,".unicodeScalars.contains(scalar))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
