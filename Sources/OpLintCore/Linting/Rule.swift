/// A rule's stable identity: its code (`OPL101`) and kebab-case name (`dependency-cycle`).
public struct RuleID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var code: String
    public var name: String

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }

    /// `OPL101 dependency-cycle`.
    public var description: String { "\(code) \(name)" }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.code < rhs.code }
}

/// Everything a rule says about itself: identity, default severity and documentation
/// with its failing and fixed examples (which run as tests and generate `docs/rules.md`).
public struct RuleDescription: Sendable {
    public var id: RuleID
    public var defaultSeverity: Severity
    /// One line: what it finds.
    public var summary: String
    /// What it finds, in full (Markdown).
    public var details: String
    /// Why it matters, citing semantics.md (Markdown).
    public var rationale: String
    /// Input that triggers the rule; `↓` marks each place a finding must point at.
    public var failingExample: RuleExample
    /// The same input fixed; the rule stays silent on it.
    public var fixedExample: RuleExample
    /// Further inputs the rule stays silent on, each with a caption: cases it must not be
    /// mistaken to report.
    public var moreFixedExamples: [RuleExample]
    /// Limits and costs worth knowing (a size bound, what it cannot see).
    public var limits: String?
    /// False for a rule that runs only when asked for (`--rule CODE=SEVERITY`, a configuration file).
    public var isEnabledByDefault: Bool

    public init(
        code: String,
        name: String,
        severity: Severity,
        summary: String,
        details: String,
        rationale: String,
        failingExample: RuleExample,
        fixedExample: RuleExample,
        moreFixedExamples: [RuleExample] = [],
        limits: String? = nil,
        isEnabledByDefault: Bool = true
    ) {
        self.id = RuleID(code: code, name: name)
        self.defaultSeverity = severity
        self.summary = summary
        self.details = details
        self.rationale = rationale
        self.failingExample = failingExample
        self.fixedExample = fixedExample
        self.moreFixedExamples = moreFixedExamples
        self.limits = limits
        self.isEnabledByDefault = isEnabledByDefault
    }

    /// `note`, or `note, off by default` for a rule that runs only when asked for.
    public var defaultSeverityText: String {
        isEnabledByDefault ? defaultSeverity.rawValue : "\(defaultSeverity.rawValue), off by default"
    }
}

/// An example input for a rule's documentation and tests.
public struct RuleExample: Sendable {
    public enum Language: String, Sendable {
        case json, swift, objectiveC = "objective-c"
    }

    public var language: Language
    /// The text, with `↓` before each place a finding must point at.
    public var text: String
    /// What the example shows, for an example beyond the first fixed one.
    public var caption: String?

    public init(_ language: Language, _ text: String, caption: String? = nil) {
        self.language = language
        self.text = text
        self.caption = caption
    }

    /// A format-v1 graph example.
    public static func json(_ text: String, caption: String? = nil) -> RuleExample { RuleExample(.json, text, caption: caption) }

    /// The Markdown code fence language of the example: `json`, `swift`, `objc`.
    public var fence: String { language == .objectiveC ? "objc" : language.rawValue }

    /// The marker that shows where a finding must point.
    public static let marker: Character = "↓"
    /// Its UTF-8 bytes (three: U+2193).
    private static let markerUTF8 = Array(String(marker).utf8)

    /// The text without markers.
    ///
    /// An example is ASCII apart from its markers, and then the markers' bytes are dropped
    /// without reading the text as characters; any other text is filtered character by
    /// character (a marker followed by a combining mark is another character, and stays).
    public var cleanText: String {
        let markerBytes = Self.markerUTF8
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            if byte < 0x80 {
                bytes.append(byte)
            } else if byte == markerBytes[0], utf8.next() == markerBytes[1], utf8.next() == markerBytes[2] {
                continue
            } else {
                return text.filter { $0 != Self.marker }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The 1-based line and column of each marker in the clean text.
    public var markedPositions: [(line: Int, column: Int)] {
        var result: [(Int, Int)] = []
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars {
            if Character(scalar) == Self.marker {
                result.append((line, column))
                continue
            }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return result
    }
}

/// A lint rule: one check over an analysed operation graph.
///
/// One rule is one type in one file, holding its description (code, name, severity,
/// documentation, examples) and its check.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// The findings of this rule, at the rule's default severity unless it decides per finding.
    func check(_ analysis: GraphAnalysis) -> [Finding]
}

extension Rule {
    public var description: RuleDescription { Self.description }
    public var id: RuleID { Self.description.id }

    /// A finding of this rule at its default severity.
    public func finding(
        _ message: String,
        at location: SourceLocation,
        severity: Severity? = nil,
        related: [Finding.Related] = [],
        notes: [String] = [],
        fix: Finding.Fix? = nil,
        operations: [String] = [],
        queues: [String] = []
    ) -> Finding {
        Finding(
            rule: Self.description.id,
            severity: severity ?? Self.description.defaultSeverity,
            message: message,
            location: location,
            related: related,
            notes: notes,
            fix: fix,
            operations: operations,
            queues: queues
        )
    }
}
