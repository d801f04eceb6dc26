import Foundation

/// Writes output files atomically (a temporary file beside the target, then rename),
/// and never onto one of the inputs.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws {
        let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs where input != "-" {
            let source = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
            if source == target {
                throw CommandError.output("\(path): error: refusing to overwrite the input file")
            }
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let temporary = directory + "/.\(URL(fileURLWithPath: path).lastPathComponent).oplint-\(getpid())"
        let failure = writeFile(bytes, at: temporary)
        if failure != 0 {
            unlink(temporary)
            throw CommandError.output("\(path): error: cannot write output (\(String(cString: strerror(failure))))")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandError.output("\(path): error: cannot write output (\(reason))")
        }
    }

    /// Creates (or truncates) `path` and writes `bytes` to it straight from the buffer, in
    /// chunks; the `errno` of the first failure, or 0.
    private static func writeFile(_ bytes: [UInt8], at path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return errno }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, base + offset, min(buffer.count - offset, chunk))
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        return failure
    }

    /// The most bytes handed to one `write(2)`.
    static let chunk = 1 << 22

    static func write(_ text: String, to path: String, inputs: [String] = []) throws {
        try write(Array(text.utf8), to: path, inputs: inputs)
    }
}
