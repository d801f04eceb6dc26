#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CTextScan

/// Reads source files for the extractor, refusing unreadable, enormous and binary ones.
enum SourceReading {
    /// Why a file was not read, as the warning says it.
    struct Failure: Error {
        var message: String
        /// An AppleDouble or AppleSingle file (`._Name.m`: the metadata macOS writes beside a
        /// file it copies to a disk that cannot hold it), not source.
        var isAppleDouble = false
    }

    /// The bytes of the file at `path` (NUL-terminated bytes: a name need not be UTF-8).
    ///
    /// A file the walk saw as a regular file (`isRegular`) is opened at once and checked
    /// through its descriptor; any other path, and any file that cannot be opened, is first
    /// looked up by name, so that a FIFO or device is never opened and every refusal reads
    /// as it always has: missing, not a regular file, too large, then unreadable.
    ///
    /// A regular file found in a directory the walk kept open (`directory`, with the file's name
    /// at `nameStart` in `path`) is opened by its name there.
    ///
    /// - Complexity: O(size of the file).
    static func bytes(at path: [UInt8], isRegular: Bool, limit: Int, directory: Int32 = -1, nameStart: Int = 0) -> Result<[UInt8], Failure> {
        FileWalker.withPath(path) { bytes(at: $0, isRegular: isRegular, limit: limit, directory: directory, name: $0 + nameStart) }
    }

    private static func bytes(at path: UnsafePointer<CChar>, isRegular: Bool, limit: Int, directory: Int32, name: UnsafePointer<CChar>) -> Result<[UInt8], Failure> {
        if isRegular {
            let descriptor = directory >= 0 ? openat(directory, name, O_RDONLY | O_CLOEXEC) : open(path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 {
                defer { close(descriptor) }
                var status = stat()
                if fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) <= limit {
                    return readAll(descriptor, size: Int(status.st_size))
                }
            }
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(cannotRead()) }
        // A FIFO or a device would block or never end.
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(Failure(message: "not a regular file; skipped"))
        }
        if Int(status.st_size) > limit {
            return .failure(Failure(message: "larger than the limit of \(limit) bytes (\(status.st_size) bytes); skipped"))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(cannotRead()) }
        defer { close(descriptor) }
        return readAll(descriptor, size: Int(status.st_size))
    }

    private static func cannotRead() -> Failure {
        Failure(message: "cannot be read (\(String(cString: strerror(errno)))); skipped")
    }

    /// Up to `size` bytes from an open regular file; binary files (a NUL byte in the first
    /// 8 KB) are refused.
    private static func readAll(_ descriptor: Int32, size: Int) -> Result<[UInt8], Failure> {
        guard size > 0 else { return .success([]) }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var total = 0
            while total < size {
                guard let base = buffer.baseAddress else { break }
                let n = read(descriptor, base + total, size - total)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { failed = n < 0; break }
                total += n
            }
            count = total
        }
        if failed { return .failure(cannotRead()) }
        let isBinary = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, 0, min(8192, buffer.count)) != nil } ?? false
        }
        if isBinary {
            // AppleSingle and AppleDouble files start with 0x00051600 and 0x00051607.
            let isAppleDouble = bytes.count >= 4 && bytes[0] == 0 && bytes[1] == 5 && bytes[2] == 0x16 && (bytes[3] == 0 || bytes[3] == 7)
            return .failure(Failure(message: "a binary file (it contains NUL bytes); skipped", isAppleDouble: isAppleDouble))
        }
        return .success(bytes)
    }

    /// Whether `bytes` is well-formed UTF-8 (Unicode's table 3-7): no overlong form, no
    /// surrogate (CESU-8's `ED A0 80`), nothing above U+10FFFF.
    ///
    /// - Complexity: O(*n*).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            let n = buffer.count
            var i = 0
            while i < n {
                // ASCII runs, sixty-four bytes at a time.
                i += oplint_ascii_prefix(base + i, n - i)
                guard i < n else { return true }
                let b = base[i]
                let length: Int
                if b & 0xE0 == 0xC0 && b >= 0xC2 { length = 2 } else if b & 0xF0 == 0xE0 { length = 3 } else if b & 0xF8 == 0xF0 && b <= 0xF4 { length = 4 } else { return false }
                guard i + length <= n else { return false }
                for k in 1..<length where base[i + k] & 0xC0 != 0x80 { return false }
                // The second byte's narrower ranges after E0, ED, F0 and F4.
                let second = base[i + 1]
                switch b {
                case 0xE0: if second < 0xA0 { return false }
                case 0xED: if second > 0x9F { return false }
                case 0xF0: if second < 0x90 { return false }
                case 0xF4: if second > 0x8F { return false }
                default: break
                }
                i += length
            }
            return true
        }
    }
}
