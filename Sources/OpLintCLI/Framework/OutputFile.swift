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
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw CommandError.output("\(path): error: cannot write output (\(String(cString: strerror(errno))))")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandError.output("\(path): error: cannot write output (\(reason))")
        }
    }

    static func write(_ text: String, to path: String, inputs: [String] = []) throws {
        try write(Array(text.utf8), to: path, inputs: inputs)
    }
}
