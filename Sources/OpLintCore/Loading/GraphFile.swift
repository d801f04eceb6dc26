#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one graph file, followed by the zero padding the JSON reader needs.
struct GraphFile {
    /// The path as shown in messages (`<stdin>` for `-`).
    let path: String
    /// The content and its padding.
    let bytes: FileBytes
    /// The number of content bytes.
    var count: Int { bytes.count }
    /// The number of readable bytes, content and padding.
    var capacity: Int { bytes.capacity }

    /// Copies `content` into a padded buffer.
    init(path: String, paddedBytes content: [UInt8]) {
        self.path = path
        self.bytes = FileBytes(copying: content)
    }

    private init(path: String, bytes: FileBytes) {
        self.path = path
        self.bytes = bytes
    }

    /// Files at least this large are mapped into memory rather than read.
    static let mappingThreshold = 1 << 20

    /// Reads the file at `path` (`-` = standard input).
    ///
    /// - Complexity: O(*n*) in the size of the file.
    static func read(path: String) throws(LoadError) -> GraphFile {
        if path == "-" { return try readStream(descriptor: 0, path: GraphLoader.standardInputName) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw LoadError(file: path, openFailure(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw LoadError(file: path, openFailure(errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw LoadError(file: path, "is a directory, not a JSON graph file")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else {
            return try readStream(descriptor: descriptor, path: path)
        }
        let size = Int(status.st_size)
        if size >= mappingThreshold, let mapped = FileBytes(mapping: descriptor, count: size, path: path) {
            var after = stat()
            if fstat(descriptor, &after) == 0, Int(after.st_size) != size {
                throw LoadError(file: path, "the file changed while it was being read")
            }
            return GraphFile(path: path, bytes: mapped)
        }
        return try readRegular(descriptor: descriptor, path: path, size: size)
    }

    /// Reads a regular file of known size straight into the padded buffer.
    private static func readRegular(descriptor: Int32, path: String, size: Int) throws(LoadError) -> GraphFile {
        var grew = false
        let bytes = try FileBytes(count: size) { (base: UnsafeMutablePointer<UInt8>) throws(LoadError) -> Int in
            var total = 0
            while total < size {
                let got = readDescriptor(descriptor, base + total, size - total)
                if got < 0 {
                    if errno == EINTR { continue }
                    throw LoadError(file: path, readFailure(errno))
                }
                if got == 0 { break }
                total += got
            }
            if total == size {
                var probe: UInt8 = 0
                grew = readDescriptor(descriptor, &probe, 1) > 0
            }
            return total
        }
        if grew {
            throw LoadError(file: path, "the file changed while it was being read")
        }
        return GraphFile(path: path, bytes: bytes)
    }

    /// Reads a pipe, a terminal or standard input to its end.
    static func readStream(descriptor: Int32, path: String) throws(LoadError) -> GraphFile {
        var content: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw LoadError(file: path, readFailure(errno))
            }
            if got == 0 { break }
            content.append(contentsOf: chunk[0..<got])
        }
        return GraphFile(path: path, paddedBytes: content)
    }

    private static func openFailure(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or directory"
        case EACCES, EPERM: "permission denied"
        case ELOOP: "too many levels of symbolic links"
        case EISDIR: "is a directory, not a JSON graph file"
        default: "cannot open the file: \(String(cString: strerror(code)))"
        }
    }

    private static func readFailure(_ code: Int32) -> String {
        code == EISDIR ? "is a directory, not a JSON graph file" : "cannot read the file: \(String(cString: strerror(code)))"
    }
}

/// `read(2)`, named apart from `GraphFile.read(path:)`.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
