#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file a graph was read from: its display path and where its lines start.
///
/// Immutable after creation; shared between copies of a graph.
public final class Document: Sendable, Equatable {
    /// The path as the user gave it (`-` is shown as `<stdin>`).
    public let path: String
    /// The bytes of the file, kept to turn byte offsets into columns.
    private let file: FileBytes
    /// Byte offset of the start of each line.
    private let lineStarts: [UInt32]
    /// Lines longer than `checkpointStride` bytes (a minified file, a long array on one line),
    /// by line number, with `checkpointStart[i]` the first of their entries in `checkpoints`:
    /// the column count at every `checkpointStride` bytes into the line, so that a column
    /// never takes more than a stride of scanning.
    private let longLines: [UInt32]
    private let checkpointStart: [UInt32]
    private let checkpoints: [UInt32]
    static let checkpointStride = 4096

    /// - Complexity: O(*n*) in the number of bytes.
    public convenience init(path: String, bytes: [UInt8]) {
        self.init(path: path, file: FileBytes(copying: bytes))
    }

    /// - Complexity: O(*n*) in the number of bytes.
    init(path: String, file: FileBytes) {
        self.path = path
        self.file = file
        let bytes = file.buffer
        let starts = Self.lineStarts(in: bytes)
        self.lineStarts = starts
        var longLines: [UInt32] = []
        var checkpointStart: [UInt32] = []
        var checkpoints: [UInt32] = []
        let stride = Self.checkpointStride
        for line in starts.indices {
            let start = Int(starts[line])
            let end = line + 1 < starts.count ? Int(starts[line + 1]) : bytes.count
            guard end - start > stride else { continue }
            longLines.append(UInt32(line))
            checkpointStart.append(UInt32(checkpoints.count))
            var scalars: UInt32 = 0
            var index = start
            while index + stride <= end {
                scalars += UInt32(Self.scalarStarts(in: bytes, from: index, to: index + stride))
                index += stride
                checkpoints.append(scalars)
            }
        }
        self.longLines = longLines
        self.checkpointStart = checkpointStart
        self.checkpoints = checkpoints
    }

    /// Files at least this large have their lines found on two threads, a half each.
    static let parallelLineBytes = 4 << 20

    /// The offset of the start of every line of `bytes`: 0, then each offset after a line feed.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    static func lineStarts(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        let middle = bytes.count / 2
        guard bytes.count >= parallelLineBytes, Parallel.cores > 1 else {
            return lineBreaks(in: bytes, from: 0, to: bytes.count, after: [0], room: bytes.count / 64)
        }
        // The first half's array has room for the second's in files of lines of at least 64 bytes.
        var starts: [UInt32] = []
        var second: [UInt32] = []
        Parallel.both({
            starts = lineBreaks(in: bytes, from: 0, to: middle, after: [0], room: bytes.count / 64)
        }, {
            second = lineBreaks(in: bytes, from: middle, to: bytes.count, after: [], room: (bytes.count - middle) / 64)
        })
        starts += second
        return starts
    }

    /// `first`, then the offsets just after each line feed in `bytes[start..<end]`, found by
    /// memchr many bytes at a time, in an array with `room` places reserved after `first`.
    private static func lineBreaks(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, after first: [UInt32], room: Int
    ) -> [UInt32] {
        var breaks = first
        breaks.reserveCapacity(first.count + room + 1)
        guard let base = bytes.baseAddress else { return breaks }
        var index = start
        while index < end, let found = memchr(base + index, 0x0A, end - index) {
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            breaks.append(UInt32(truncatingIfNeeded: offset + 1))
            index = offset + 1
        }
        return breaks
    }

    /// The line and column of a byte offset; the column counts Unicode scalars.
    ///
    /// - Complexity: O(log *lines* + min(length of the line up to the offset, 4,096)).
    public func location(ofOffset offset: Int) -> SourceLocation {
        let bytes = file.buffer
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        let lineStart = Int(lineStarts[low])
        var column = 1
        var index = lineStart
        let stride = Self.checkpointStride
        if offset - lineStart >= stride, let long = Self.firstIndex(of: UInt32(low), in: longLines) {
            let k = (offset - lineStart) / stride
            column += Int(checkpoints[Int(checkpointStart[long]) + k - 1])
            index = lineStart + k * stride
        }
        column += Self.scalarStarts(in: bytes, from: index, to: offset)
        return SourceLocation(file: path, line: low + 1, column: column)
    }

    /// How many Unicode scalars start in `bytes[start..<end]`: the bytes that are not UTF-8
    /// continuation bytes (`10xxxxxx`), counted eight at a time.
    ///
    /// - Complexity: O(*end* − *start*).
    static func scalarStarts(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard start < end, let base = bytes.baseAddress else { return 0 }
        var count = end - start
        var index = start
        while index + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // Bit 7 of each byte set when the byte is 10xxxxxx: bit 7 set and bit 6 clear.
            count -= (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            index += 8
        }
        while index < end {
            if base[index] & 0xC0 == 0x80 { count -= 1 }
            index += 1
        }
        return count
    }

    /// The position of `value` in the sorted `array`. - Complexity: O(log *n*).
    private static func firstIndex(of value: UInt32, in array: [UInt32]) -> Int? {
        var low = 0
        var high = array.count
        while low < high {
            let middle = (low + high) / 2
            if array[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < array.count && array[low] == value ? low : nil
    }

    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs === rhs || (lhs.path == rhs.path && lhs.file.buffer.elementsEqual(rhs.file.buffer))
    }
}

extension OperationGraph {
    /// Where a finding about an element should point: its source location if it has one,
    /// else its position in the graph file.
    public func location(_ location: SourceLocation?, _ position: DocumentPosition?) -> SourceLocation? {
        if let location { return location }
        guard let position, documents.indices.contains(Int(position.document)) else { return nil }
        return documents[Int(position.document)].location(ofOffset: Int(position.offset))
    }

    /// Where an operation is created or declared.
    public func location(of operation: Operation) -> SourceLocation? {
        location(operation.location, operation.position)
    }

    /// Where operation `i` is created or declared, read from the columns.
    public func location(ofOperation i: Int) -> SourceLocation? {
        location(operations.location(at: i), operations.position(at: i))
    }

    /// Where a queue is created or declared.
    public func location(of queue: Queue) -> SourceLocation? {
        location(queue.location, queue.position)
    }

    /// Where a reference (a dependency, a wait) is made.
    public func location(of reference: Reference) -> SourceLocation? {
        location(reference.location, reference.position)
    }

    /// The location used when an element has none: the first document, else `<graph>`.
    public var fallbackLocation: SourceLocation {
        SourceLocation(file: documents.first?.path ?? "<graph>", line: 1, column: 1)
    }
}
