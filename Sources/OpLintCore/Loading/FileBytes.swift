#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CSimdJSON

/// The bytes of a graph file followed by zero padding (the JSON reader reads ahead): the file
/// mapped into memory, or bytes read or copied into memory of its own.
///
/// Immutable; shared by the graph's `Document`, which turns offsets into lines and columns.
final class FileBytes: @unchecked Sendable {
    /// `count` bytes of content, then at least `JSONTokenizer.padding` zero bytes.
    let base: UnsafePointer<UInt8>
    let count: Int
    /// The number of readable bytes from `base`.
    let capacity: Int
    private let mapped: Bool

    /// Memory for `count` bytes and the padding, which is zeroed; `fill` writes the content and
    /// returns how many bytes it wrote (at most `count`), or throws.
    init<E: Error>(count: Int, fill: (UnsafeMutablePointer<UInt8>) throws(E) -> Int) throws(E) {
        let capacity = count + JSONTokenizer.padding
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        let written: Int
        do {
            written = try fill(memory)
        } catch {
            memory.deallocate()
            throw error
        }
        (memory + written).initialize(repeating: 0, count: capacity - written)
        self.base = UnsafePointer(memory)
        self.count = written
        self.capacity = capacity
        self.mapped = false
    }

    /// A padded copy of `bytes`.
    convenience init(copying bytes: [UInt8]) {
        self.init(count: bytes.count) { (memory: UnsafeMutablePointer<UInt8>) -> Int in
            bytes.withUnsafeBufferPointer { source in
                if let from = source.baseAddress { memory.update(from: from, count: source.count) }
            }
            return bytes.count
        }
    }

    /// Maps `count` bytes of the open file `descriptor`, or nil if the system cannot.
    init?(mapping descriptor: Int32, count: Int, path: String) {
        let padding = JSONTokenizer.padding
        let message = LoadError(file: path, "the file changed while it was being read").description + "\n"
        guard let start = csj_map_file(descriptor, count, padding, message) else { return nil }
        self.base = start
        self.count = count
        self.capacity = count + padding
        self.mapped = true
    }

    deinit {
        if mapped {
            csj_unmap_file(base, count, JSONTokenizer.padding)
        } else {
            UnsafeMutablePointer(mutating: base).deallocate()
        }
    }

    /// The content, without the padding.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Calls `body` with the content.
    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(buffer)
    }
}
