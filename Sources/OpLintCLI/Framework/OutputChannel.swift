#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpLintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte sink for a command's output: a file descriptor, or a buffer in tests.
public final class OutputChannel: @unchecked Sendable {
    private enum Sink {
        case descriptor(Int32)
        case buffer
    }

    private let sink: Sink
    private let lock = Lock()
    private var buffered: [UInt8] = []

    /// Standard output of the process.
    public static let standardOutput = OutputChannel(descriptor: 1)
    /// Standard error of the process.
    public static let standardError = OutputChannel(descriptor: 2)

    public init(descriptor: Int32) {
        self.sink = .descriptor(descriptor)
    }

    /// A stream that keeps what is written, for tests.
    public init() {
        self.sink = .buffer
    }

    /// Writes `text` as UTF-8, completely.
    public func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    /// Writes `bytes`, completely.
    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write(buffer: $0) }
    }

    /// Writes the bytes of `buffer`, completely, without keeping it.
    public func write(buffer: UnsafeBufferPointer<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        switch sink {
        case .buffer:
            buffered.append(contentsOf: buffer)
        case .descriptor(let fd):
            // A write that fails (a closed pipe, a full disk) ends this output; it is not reported here.
            _ = OutputFile.writeAll(buffer, to: fd)
        }
    }

    /// Writes `text` and a newline.
    public func line(_ text: String = "") { write(text + "\n") }

    /// What a buffer stream has received.
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: buffered, as: UTF8.self)
    }
}
