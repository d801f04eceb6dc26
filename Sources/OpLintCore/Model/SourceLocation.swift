/// A place in a file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers print and editors link.
    public var description: String { written("\(file):\(line):\(column)") }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A byte offset in one of the documents a graph was loaded from.
///
/// Kept as an offset, not a line and column, so that loading a million operations costs
/// eight bytes each; `OperationGraph.location(of:)` turns it into a `SourceLocation`.
public struct DocumentPosition: Sendable, Hashable {
    /// Index into `OperationGraph.documents`.
    public var document: Int32
    /// Byte offset from the start of that document.
    public var offset: UInt32

    public init(document: Int32, offset: UInt32) {
        self.document = document
        self.offset = offset
    }
}
