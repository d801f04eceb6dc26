/// Why a graph file could not be read: one line, `file:line:column: error: message`.
///
/// When the problem has no position (a missing file, a directory, an empty file) the line
/// is `file: error: message`.
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as the user gave it (`<stdin>` for `-`).
    public var file: String
    /// 1-based line, when the problem is at a place in the file.
    public var line: Int?
    /// 1-based column counted in Unicode scalars, when the problem is at a place in the file.
    public var column: Int?
    /// What is wrong, on one line.
    public var message: String

    /// An error at a place in a file.
    public init(at location: SourceLocation, _ message: String) {
        self.file = location.file
        self.line = location.line
        self.column = location.column
        self.message = message
    }

    /// An error about a whole file.
    public init(file: String, _ message: String) {
        self.file = file
        self.line = nil
        self.column = nil
        self.message = message
    }

    /// Where the error is, when it has a line and column.
    public var location: SourceLocation? {
        guard let line, let column else { return nil }
        return SourceLocation(file: file, line: line, column: column)
    }

    public var description: String {
        let text = LoadError.oneLine(message)
        if let line, let column { return "\(file):\(line):\(column): error: \(text)" }
        return "\(file): error: \(text)"
    }

    /// `message` with line breaks replaced, so the description stays one line.
    private static func oneLine(_ message: String) -> String {
        guard message.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return message }
        return message.replacingNewlines()
    }
}

extension String {
    /// The string with CR and LF written as `\r` and `\n`.
    fileprivate func replacingNewlines() -> String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
