import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a user's input file with the checks that give exit 66 and 65 their messages.
enum InputFile {
    /// The most ever read from one input, whatever the pixel limit.
    static let maxBytes = 200 << 20

    /// The most read for `limits`: 2 bytes a pixel (more than any JPEG of that many pixels needs) plus 16 MB
    /// for metadata, never above `maxBytes`. Anything longer is refused before it is read.
    static func maxBytes(for limits: ImageLimits) -> Int {
        let pixels = limits.maxPixels.multipliedReportingOverflow(by: 2)
        return pixels.overflow ? maxBytes : min(maxBytes, pixels.partialValue + (16 << 20))
    }

    static func read(_ file: URL, limits: ImageLimits = ImageLimits()) throws -> Data {
        try read(InputPath(file), limits: limits)
    }

    // Opened non-blocking so a FIFO without a writer cannot hang the batch, then checked on the descriptor
    // itself (no gap between the check and the read for the file to be swapped in).
    static func read(_ path: InputPath, limits: ImageLimits = ImageLimits()) throws -> Data {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw openFailure(errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw openFailure(errno) }
        if let refusal = refusal(mode: info.st_mode) { throw refusal }
        let cap = maxBytes(for: limits)
        guard Int(info.st_size) <= cap else { throw tooLarge(cap) }
        let data = try readUpTo(cap + 1, from: descriptor)
        guard !data.isEmpty else { throw AlbumScanError.invalidImage("the file is empty") }
        guard data.count <= cap else { throw tooLarge(cap) }
        return data
    }

    /// Why a file of this type is not read, or nil for a regular file.
    static func refusal(mode: mode_t) -> AlbumScanError? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .unreadableInput("is a directory, not an image file")
        case S_IFIFO: .unreadableInput("is a FIFO, not a regular file; name an image file")
        case S_IFSOCK: .unreadableInput("is a socket, not a regular file; name an image file")
        default: .unreadableInput("is a device, not a regular file; name an image file")
        }
    }

    /// The message for a failed open.
    static func openFailure(_ error: Int32) -> AlbumScanError {
        switch error {
        case ENOENT, ENOTDIR: .unreadableInput("no such file")
        case ELOOP: .unreadableInput("too many levels of symbolic links; fix the link loop")
        case EACCES, EPERM: .unreadableInput("cannot be read (permission denied)")
        case ENXIO: .unreadableInput("is a socket or a device with nothing behind it; name an image file")
        default: .unreadableInput("cannot be read: \(DescriptorWrite.describe(error))")
        }
    }

    static func tooLarge(_ cap: Int) -> AlbumScanError {
        .invalidImage("larger than \(cap >> 20) MB, more than any photo within the pixel limit needs")
    }

    private static func readUpTo(_ limit: Int, from descriptor: Int32) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while data.count < limit {
            let wanted = min(buffer.count, limit - data.count)
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw AlbumScanError.unreadableInput("cannot be read: \(DescriptorWrite.describe(errno))")
            }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }
}

/// read(2), named apart from `InputFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
