/// An output format for lint results. Each format is one small type behind this protocol; it
/// writes bytes straight into a `ReportWriter` (`report(_:context:chunkSize:to:)` streams them,
/// `report(_:context:)` collects them into text).
public protocol FindingReporter: Sendable {
    /// The name given to `--format`.
    static var name: String { get }
    init()
    /// Writes the whole output for one run into `out`, calling `out.endFinding()` after each
    /// finding; rethrows what handing bytes over throws.
    ///
    /// - Complexity: O(size of the output) plus, for formats that group findings, O(*f* log *g*)
    ///   for *f* findings in *g* groups.
    func write(_ result: LintResult, context: ReportContext, to out: inout ReportWriter) throws
    /// About how long this format takes to write, as a multiple of the text format's time on
    /// the same findings (measured on 50,000 wait-deadlock findings): reports written side by
    /// side start with the longest, so that no core is left with a long one at the end.
    static var relativeCost: Double { get }
}

extension FindingReporter {
    public static var relativeCost: Double { 1 }
}

/// What a reporter may need besides the findings.
public struct ReportContext: Sendable {
    /// Colour with ANSI escapes (text format on a terminal without `NO_COLOR`).
    public var color: Bool
    /// The files that were read, for the summary line.
    public var inputFiles: [String]
    public var toolVersion: String
    /// The directory that repository-relative paths are relative to (SARIF, GitHub, GitLab); nil keeps paths as given.
    public var baseDirectory: String?
    /// With a baseline: the findings it hid (reported by SARIF as `unchanged`); nil = no baseline.
    public var baselineUnchanged: [Finding]?
    /// The rules that ran, for formats that describe them (SARIF's `tool.driver.rules`, JUnit's suites).
    public var rules: [RuleDescription]

    public init(
        color: Bool = false,
        inputFiles: [String] = [],
        toolVersion: String = OpLintVersion.current,
        baseDirectory: String? = nil,
        baselineUnchanged: [Finding]? = nil,
        rules: [RuleDescription] = RuleRegistry.all.map { $0.description }
    ) {
        self.color = color
        self.inputFiles = inputFiles
        self.toolVersion = toolVersion
        self.baseDirectory = baseDirectory
        self.baselineUnchanged = baselineUnchanged
        self.rules = rules
    }

    /// `file` relative to `baseDirectory` when it lies inside it, else unchanged.
    public func displayPath(_ file: String) -> String {
        ReportPath.relative(file, to: baseDirectory)
    }
}

/// The output formats, by name. Adding a format is one line here.
public enum ReporterRegistry {
    public static let all: [any FindingReporter.Type] = [
        TextReporter.self,
        JSONReporter.self,
        SARIFReporter.self,
        GitHubReporter.self,
        JUnitReporter.self,
        CheckstyleReporter.self,
        GitLabReporter.self,
        MarkdownReporter.self,
    ]

    public static var names: [String] { all.map { $0.name } }

    public static func reporter(named name: String) -> (any FindingReporter)? {
        all.first { $0.name == name }.map { $0.init() }
    }
}
