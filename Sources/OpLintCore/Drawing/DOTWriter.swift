/// Builds DOT source text statement by statement, with stable formatting.
///
/// Attribute values are written exactly as given: build them with `DOTAttribute`'s
/// constructors, which quote and escape.
public struct DOTWriter: Sendable {
    /// The text written so far.
    public private(set) var text = ""
    private var depth = 0

    public init() {}

    /// Opens `digraph NAME {`.
    public mutating func beginGraph(_ name: String) {
        line("digraph " + DOTText.quoted(name) + " {")
        depth += 1
    }

    /// Opens `subgraph NAME {`; a name starting with `cluster` draws a box around it.
    public mutating func beginSubgraph(_ name: String) {
        line("subgraph " + DOTText.quoted(name) + " {")
        depth += 1
    }

    /// Closes the innermost graph or subgraph.
    public mutating func end() {
        depth = max(0, depth - 1)
        line("}")
    }

    /// `graph [...]`, `node [...]` or `edge [...]` defaults, or attributes of the current (sub)graph.
    public mutating func defaults(_ kind: String, _ attributes: [DOTAttribute]) {
        guard !attributes.isEmpty else { return }
        line(kind + " " + list(attributes))
    }

    /// Attributes of the current graph or subgraph, one per line (`label=…;`).
    public mutating func graphAttributes(_ attributes: [DOTAttribute]) {
        for attribute in attributes { line(attribute.name + "=" + attribute.value + ";") }
    }

    /// A node statement.
    public mutating func node(_ id: String, _ attributes: [DOTAttribute]) {
        line(DOTText.quoted(id) + (attributes.isEmpty ? "" : " " + list(attributes)))
    }

    /// An edge statement `tail -> head`.
    public mutating func edge(_ tail: String, _ head: String, _ attributes: [DOTAttribute]) {
        line(DOTText.quoted(tail) + " -> " + DOTText.quoted(head) + (attributes.isEmpty ? "" : " " + list(attributes)))
    }

    /// A raw statement, such as `{rank=sink; "legend"}`.
    public mutating func statement(_ raw: String) {
        line(raw)
    }

    private func list(_ attributes: [DOTAttribute]) -> String {
        "[" + attributes.map { $0.name + "=" + $0.value }.joined(separator: ", ") + "]"
    }

    private mutating func line(_ content: String) {
        text += String(repeating: "  ", count: depth)
        text += content
        text += "\n"
    }
}

/// One `name=value` attribute with its value already in DOT syntax.
public struct DOTAttribute: Sendable, Equatable {
    public var name: String
    /// The value as it appears in DOT: quoted, an HTML-like label in `<…>`, or a number.
    public var value: String

    /// A plain value (colour, style, shape): quoted and escaped.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = DOTText.quoted(value)
    }

    /// A number, written with up to two decimals.
    public init(_ name: String, _ number: Double) {
        self.name = name
        self.value = DOTNumber.format(number)
    }

    private init(name: String, raw: String) {
        self.name = name
        self.value = raw
    }

    /// An HTML-like label; `markup` must be built with `DOTText.html` for any input text.
    public static func htmlLabel(_ markup: String) -> DOTAttribute {
        DOTAttribute(name: "label", raw: "<" + markup + ">")
    }

    /// A tooltip showing `text` as it is.
    public static func tooltip(_ text: String) -> DOTAttribute {
        DOTAttribute(name: "tooltip", raw: DOTText.tooltip(text))
    }

    /// A hyperlink; input text inside it must already be percent-encoded.
    public static func url(_ url: String) -> DOTAttribute {
        DOTAttribute(name: "URL", raw: DOTText.url(url))
    }
}

/// Stable formatting of numbers in DOT and labels.
public enum DOTNumber {
    /// `2`, `2.5`, `0.25`: at most two decimals for attributes, no trailing zeros.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        let hundredths = (number * 100).rounded()
        if abs(hundredths) >= 1e15 { return String(Int64(number.rounded())) }
        let whole = Int64(hundredths) / 100
        let fraction = abs(Int64(hundredths) % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return sign + String(whole) }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return sign + String(whole) + "." + digits
    }

    /// A duration or time in seconds as people read it: `2 s`, `0.5 s`, `250 ms`, `1.2e-05 s`.
    public static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return value > 0 ? "∞" : "–" }
        if value != 0 && abs(value) < 0.01 {
            let milliseconds = value * 1000
            return abs(milliseconds) >= 0.01 ? format(milliseconds) + " ms" : "\(value) s"
        }
        return format(value) + " s"
    }
}
