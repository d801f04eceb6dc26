/// An output format for lint results. Each format is one small type behind this protocol.
public protocol FindingReporter: Sendable {
    /// The name given to `--format`.
    static var name: String { get }
    /// The whole output for one run.
    func report(_ result: LintResult, context: ReportContext) -> String
}

/// What a reporter may need besides the findings.
public struct ReportContext: Sendable {
    /// Colour with ANSI escapes (text format on a terminal without `NO_COLOR`).
    public var color: Bool
    /// The files that were read, for the summary line.
    public var inputFiles: [String]
    public var toolVersion: String

    public init(color: Bool = false, inputFiles: [String] = [], toolVersion: String = OpLintVersion.current) {
        self.color = color
        self.inputFiles = inputFiles
        self.toolVersion = toolVersion
    }
}

/// The output formats, by name.
public enum ReporterRegistry {
    public static let all: [any FindingReporter.Type] = [
        TextReporter.self,
        JSONReporter.self,
    ]

    public static var names: [String] { all.map { $0.name } }

    public static func reporter(named name: String) -> (any FindingReporter)? {
        switch name {
        case TextReporter.name: TextReporter()
        case JSONReporter.name: JSONReporter()
        default: nil
        }
    }
}
