#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment and working directory, read from the C library: Foundation's
/// `ProcessInfo.environment` splits each variable through `String` APIs, which took a tenth of
/// the start of a run that does nothing else.
enum ProcessState {
    /// Every `NAME=value` of the environment; a name set twice keeps its last value, an entry
    /// without `=` is left out (as `ProcessInfo.environment` does). Bytes that are not UTF-8
    /// are replaced with U+FFFD.
    ///
    /// - Complexity: O(total length of the environment).
    static func environment(_ entries: UnsafePointer<UnsafeMutablePointer<CChar>?>? = UnsafePointer(environ)) -> [String: String] {
        var result: [String: String] = [:]
        guard var entry = entries else { return result }
        while let pointer = entry.pointee {
            let length = strlen(pointer)
            pointer.withMemoryRebound(to: UInt8.self, capacity: length) { start in
                let bytes = UnsafeBufferPointer(start: start, count: length)
                guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return }
                result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            entry += 1
        }
        return result
    }

    /// The working directory's path, or "" when it cannot be read (it was removed).
    static func currentDirectory() -> String {
        var size = 1024
        while size <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: size)
            if getcwd(&buffer, size) != nil {
                return buffer.withUnsafeBufferPointer { String(decoding: UnsafeRawBufferPointer($0).prefix { $0 != 0 }, as: UTF8.self) }
            }
            guard errno == ERANGE else { return "" }
            size *= 2
        }
        return ""
    }
}
