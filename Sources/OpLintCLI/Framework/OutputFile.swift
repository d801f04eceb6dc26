#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Writes output files atomically (a temporary file beside the target, then rename),
/// and never onto one of the inputs. A target that exists and is not a regular file — a
/// device such as `/dev/null`, a named pipe, `/dev/stdout` — is written in place: renaming
/// onto it would replace the device with a file.
enum OutputFile {
    /// The most bytes handed to one `write(2)`, and the size of the chunks renderings stream.
    static let chunk = 1 << 22

    /// Numbers the temporary files of one process: outputs written at once on several threads
    /// never share one.
    private static let temporaries = Atomic<Int>(0)

    static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws {
        try write(to: path, inputs: inputs) { write in try write(bytes) }
    }

    static func write(_ text: String, to path: String, inputs: [String] = []) throws {
        try write(Array(text.utf8), to: path, inputs: inputs)
    }

    /// Streams the output into a temporary file beside `path`, chunk by chunk as `produce`
    /// hands them over, then renames it onto `path`; on any failure the temporary file is
    /// removed and `path` is left as it was.
    static func write(to path: String, inputs: [String] = [], _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Void) throws {
        try stream(to: path, inputs: inputs) { write in
            try withoutActuallyEscaping(write) { write in
                try produce { bytes in try bytes.withUnsafeBufferPointer { try write($0) } }
            }
        }
    }

    /// `write(to:inputs:_:)` for output handed over in lent buffers, written before `write` returns.
    static func stream(to path: String, inputs: [String] = [], _ produce: (_ write: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void) throws {
        // The target looked up once: whether it is one of the inputs (the same file, however it
        // is named: through links, `..` or another hard link), and what kind of file it is.
        let target = status(path)
        if let target {
            for input in inputs where input != "-" && status(input)?.identity == target.identity {
                throw CommandError.output("\(path): error: refusing to overwrite the input file")
            }
        }
        if let special = try openSpecialFile(path, type: target?.type) {
            defer { close(special) }
            // A reader that goes away (`| head` through `/dev/stdout`, a named pipe) ends this
            // output without a word, as it does on standard output; other failures are errors.
            var readerLeft = false
            try produce { bytes in
                guard !readerLeft else { return }
                let failure = writeAll(bytes, to: special)
                if failure == EPIPE {
                    readerLeft = true
                } else if failure != 0 {
                    throw cannotWrite(path, failure)
                }
            }
            return
        }
        let (directory, name) = directoryAndName(path)
        let serial = temporaries.add(1, ordering: .relaxed).oldValue
        let temporary = directory + "/.\(name).oplint-\(getpid())-\(serial)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw cannotWrite(path, errno) }
        do {
            try produce { bytes in
                let failure = writeAll(bytes, to: descriptor)
                if failure != 0 { throw cannotWrite(path, failure) }
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        if close(descriptor) != 0 {
            let failure = errno
            unlink(temporary)
            throw cannotWrite(path, failure)
        }
        if rename(temporary, path) != 0 {
            let failure = errno
            unlink(temporary)
            throw cannotWrite(path, failure)
        }
    }

    /// An open descriptor for `path`, of file type `type` (nil: nothing there), when it names
    /// something other than a regular file or a missing one (followed through symbolic links);
    /// nil for those two, which are written through a temporary file. A directory is an error.
    private static func openSpecialFile(_ path: String, type: mode_t?) throws -> Int32? {
        switch type {
        case nil, S_IFREG:
            return nil
        case S_IFDIR:
            throw cannotWrite(path, EISDIR)
        default:
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw cannotWrite(path, errno) }
            return descriptor
        }
    }

    /// What `stat(2)` says of what `path` names, following symbolic links: its type bits
    /// (`S_IFMT`) and the device and inode that make it the file it is; nil when nothing is there.
    static func status(_ path: String) -> (type: mode_t, identity: FileIdentity)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (status.st_mode & S_IFMT, FileIdentity(device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino)))
    }

    /// One file, whatever path names it.
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// The directory `path` is in and its last component, trailing slashes aside, as
    /// `URL.deletingLastPathComponent()` and `lastPathComponent` split it: `out.json` is in `.`,
    /// `/out.json` in `/`.
    static func directoryAndName(_ path: String) -> (directory: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.utf8.count > 1, trimmed.utf8.last == UInt8(ascii: "/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let directory = trimmed[..<slash]
        return (directory.isEmpty ? "/" : String(directory), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// The type bits (`S_IFMT`) of what `path` names, following symbolic links; nil when nothing is there.
    static func fileType(_ path: String) -> mode_t? {
        status(path)?.type
    }

    private static func cannotWrite(_ path: String, _ code: Int32) -> CommandError {
        CommandError.output("\(path): error: cannot write output (\(String(cString: strerror(code))))")
    }

    /// Writes `bytes` completely, at most `chunk` bytes per call; the `errno` of a failure, or 0.
    static func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32 {
        guard let base = buffer.baseAddress else { return 0 }
        var offset = 0
        while offset < buffer.count {
            let written = writeToDescriptor(descriptor, base + offset, min(buffer.count - offset, chunk))
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }
}

/// The system's `write(2)`, named apart from `OutputFile`'s own `write` methods.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
