/// SARIF 2.1.0, as GitHub code scanning reads it: the rules with their help, one result per
/// finding with a repository-relative region, a cycle's path as a code flow, related
/// locations, stable `partialFingerprints`, in-source suppressions and, with a baseline,
/// `baselineState`.
public struct SARIFReporter: FindingReporter {
    public static let name = "sarif"
    public static let relativeCost = 4.5
    /// The key under `partialFingerprints`; versioned so that a new fingerprint scheme gets a new key.
    public static let fingerprintKey = "oplintFingerprint/v1"
    /// Rules whose related locations are a path in order (a cycle, a wait-for chain): shown as a code flow.
    public static let pathRules: Set<String> = ["OPL101", "OPL106", "OPL201", "OPL202", "OPL207"]

    public init() {}

    public func write(_ result: LintResult, context: ReportContext, to out: inout ReportWriter) throws {
        let unchanged = context.baselineUnchanged ?? []
        let rules = Self.rules(for: [result.findings, unchanged], described: context.rules)
        let ruleIndex = Dictionary(rules.enumerated().map { ($0.element.id.code, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let newState: String? = context.baselineUnchanged == nil ? nil : "new"
        out.openJSONObject()
        out.jsonMember("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
        out.jsonKey("runs")
        out.openJSONArray()
        out.openJSONObject()
        out.jsonMember("columnKind", "unicodeCodePoints")
        out.jsonKey("results")
        out.openJSONArrayOfLines()
        let findings = result.findings
        let order = Self.reportOrder(findings, unchanged)
        try out.writeItems(order.count, state: { ResultWriting(context, ruleIndex: ruleIndex) }) { item, state, out in
            let (isUnchanged, index) = order[item]
            if isUnchanged {
                Self.writeResult(unchanged[index], baselineState: "unchanged", state: &state, to: &out)
            } else {
                Self.writeResult(findings[index], baselineState: newState, state: &state, to: &out)
            }
        }
        out.closeJSON()
        out.jsonKey("tool")
        out.openJSONObject()
        out.jsonKey("driver")
        out.openJSONObject()
        out.jsonMember("name", "oplint")
        out.jsonKey("rules")
        out.openJSONArray()
        for rule in rules { Self.write(rule, to: &out) }
        out.closeJSON()
        out.jsonMember("semanticVersion", context.toolVersion)
        out.jsonMember("version", context.toolVersion)
        out.closeJSON()
        out.closeJSON()
        out.closeJSON()
        out.closeJSON()
        out.jsonMember("version", "2.1.0")
        out.closeJSON()
        out.endJSONDocument()
    }

    /// The findings and the baseline's unchanged ones together in report order, as a stable
    /// sort of the two lists one after the other orders them: merged when each is in report
    /// order already (as the linter and the baseline leave them), else sorted.
    ///
    /// - Complexity: O(*n*) comparisons when both lists are sorted, else O(*n* log *n*).
    static func reportOrder(_ findings: [Finding], _ unchanged: [Finding]) -> [(isUnchanged: Bool, index: Int)] {
        func isSorted(_ list: [Finding]) -> Bool {
            list.indices.dropFirst().allSatisfy { !Finding.reportOrder(list[$0], list[$0 - 1]) }
        }
        var order: [(isUnchanged: Bool, index: Int)] = []
        order.reserveCapacity(findings.count + unchanged.count)
        guard isSorted(findings), isSorted(unchanged) else {
            order = findings.indices.map { (false, $0) } + unchanged.indices.map { (true, $0) }
            func finding(_ entry: (isUnchanged: Bool, index: Int)) -> Finding {
                entry.isUnchanged ? unchanged[entry.index] : findings[entry.index]
            }
            order.sort { Finding.reportOrder(finding($0), finding($1)) }
            return order
        }
        var next = 0
        for index in findings.indices {
            // Ties go to `findings`, which come first in the stable sort.
            while next < unchanged.count, Finding.reportOrder(unchanged[next], findings[index]) {
                order.append((true, next))
                next += 1
            }
            order.append((false, index))
        }
        order += unchanged.indices.dropFirst(next).map { (true, $0) }
        return order
    }
}
