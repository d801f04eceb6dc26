/// What the source scanner saw beyond the operation graph itself.
///
/// Filled by `OpLintSource`; read by the API-misuse rules (OPL3xx).
public struct SourceFacts: Sendable, Equatable {
    public init() {}

    /// Appends another scan's facts.
    public mutating func merge(_ other: SourceFacts) {}
}
