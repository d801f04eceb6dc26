/// One problem a rule found in an operation graph.
public struct Finding: Sendable, Equatable {
    /// A secondary place that explains the finding: an edge of a cycle, where an operation is created.
    public struct Related: Sendable, Equatable {
        public var location: SourceLocation
        public var message: String

        public init(_ location: SourceLocation, _ message: String) {
            self.location = location
            self.message = message
        }
    }

    /// A concrete change that removes the finding.
    public struct Fix: Sendable, Equatable {
        public var message: String
        /// Dependencies to remove, as (waiter, dependency) pairs: `waiter` stops waiting for `dependency`.
        public var removeEdges: [Edge]

        public init(_ message: String, removeEdges: [Edge] = []) {
            self.message = message
            self.removeEdges = removeEdges
        }
    }

    /// A dependency named by its two ends: `waiter` waits for `dependency`.
    public struct Edge: Sendable, Hashable {
        public var waiter: String
        public var dependency: String

        public init(_ waiter: String, _ dependency: String) {
            self.waiter = waiter
            self.dependency = dependency
        }
    }

    public var rule: RuleID
    public var severity: Severity
    /// True when an inline or JSON `disable` suppressed it; still reported in SARIF.
    public var isSuppressed: Bool
    /// Everything else, shared by the copies of a finding and never changed in place: copying a
    /// finding (sorting, gathering the rules' findings, lending one to a report) retains one
    /// object instead of each of its strings and arrays, and reports written side by side on
    /// several threads do not contend for the counts of the strings that every finding shares
    /// (its file, the empty lists). A change makes a new one (rare: a rule adding a note).
    private var content: Content

    /// One line naming the operations and queues involved.
    public var message: String {
        get { content.details.message }
        set { change { $0.message = newValue } }
    }
    /// The primary location.
    public var location: SourceLocation {
        get { content.details.location }
        set { change { $0.location = newValue } }
    }
    public var related: [Related] {
        get { content.details.related }
        set { change { $0.related = newValue } }
    }
    /// Further lines shown under the finding (`3 operations never start: …`).
    public var notes: [String] {
        get { content.details.notes }
        set { change { $0.notes = newValue } }
    }
    public var fix: Fix? {
        get { content.details.fix }
        set { change { $0.fix = newValue } }
    }
    /// The operations involved, in the order the message names them.
    public var operations: [String] {
        get { content.details.operations }
        set { change { $0.operations = newValue } }
    }
    /// The queues involved.
    public var queues: [String] {
        get { content.details.queues }
        set { change { $0.queues = newValue } }
    }

    public init(
        rule: RuleID,
        severity: Severity,
        message: String,
        location: SourceLocation,
        related: [Related] = [],
        notes: [String] = [],
        fix: Fix? = nil,
        operations: [String] = [],
        queues: [String] = []
    ) {
        self.rule = rule
        self.severity = severity
        self.isSuppressed = false
        content = Content(Details(
            message: message, location: location, related: related, notes: notes, fix: fix,
            operations: operations, queues: queues
        ))
    }

    public static func == (lhs: Finding, rhs: Finding) -> Bool {
        lhs.rule == rhs.rule && lhs.severity == rhs.severity && lhs.isSuppressed == rhs.isSuppressed
            && (lhs.content === rhs.content || lhs.content.details == rhs.content.details)
    }

    /// The fields a finding keeps in its shared content.
    private struct Details: Sendable, Equatable {
        var message: String
        var location: SourceLocation
        var related: [Related]
        var notes: [String]
        var fix: Fix?
        var operations: [String]
        var queues: [String]
    }

    /// Immutable, so a lent finding's fields are read where they are, without retaining them.
    private final class Content: Sendable {
        let details: Details

        init(_ details: Details) {
            self.details = details
        }
    }

    /// Changes this finding's content alone: the other copies keep theirs.
    private mutating func change(_ body: (inout Details) -> Void) {
        var details = content.details
        body(&details)
        content = Content(details)
    }

    /// A location-independent identity: the rule, the first operations and the queues involved
    /// and the message with its numbers removed, so that moving lines does not change it.
    ///
    /// Only the first eight operations count: a finding that lists a million blocked
    /// operations is identified by its root, not by the whole list.
    ///
    /// - Complexity: O(length of the message, the first eight operations and the queues).
    public var fingerprint: String { fingerprintDigest.hex }

    /// `fingerprint` before it is printed: computed from the bytes, with no string built.
    ///
    /// - Complexity: as `fingerprint`.
    var fingerprintDigest: Fingerprint {
        var hasher = StableHasher()
        hasher.combine(rule.code)
        // Sorted, so that the order a rule lists them in does not count.
        Self.combineSorted(operations.prefix(8), prefix: "op:", into: &hasher)
        Self.combineSorted(queues[...], prefix: "queue:", into: &hasher)
        hasher.combine(skippingDigits: message)
        return hasher.digest
    }

    /// Adds `prefix + name` for each of `names` in String order, as `names.sorted()` orders
    /// them (stable), sorting their positions in temporary memory rather than copying them.
    ///
    /// - Complexity: O(*n*²) comparisons for *n* ≤ 16 names, else O(*n* log *n*).
    private static func combineSorted(_ names: ArraySlice<String>, prefix: StaticString, into hasher: inout StableHasher) {
        guard names.count > 1 else {
            for name in names { hasher.combine(prefix, placeName: name) }
            return
        }
        guard names.count <= 16 else {
            for name in names.sorted() { hasher.combine(prefix, placeName: name) }
            return
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: names.count) { order in
            // Insertion sort: a name moves only past greater ones, so equal names keep their order.
            for (k, index) in names.indices.enumerated() {
                var slot = k
                while slot > 0 && names[index] < names[order[slot - 1]] {
                    order[slot] = order[slot - 1]
                    slot -= 1
                }
                order[slot] = index
            }
            for index in order { hasher.combine(prefix, placeName: names[index]) }
        }
    }
}

extension Finding {
    /// The most related locations a finding keeps; rules shorten their own lists before this
    /// (a cycle keeps both ends of its path), and the linter cuts any longer one.
    public static let relatedLimit = 100

    /// Keeps at most `relatedLimit` related locations: the first ones, then one saying how many
    /// were left out.
    ///
    /// - Complexity: O(1) when there are no more than `relatedLimit`, else O(`relatedLimit`).
    mutating func limitRelated() {
        guard related.count > Self.relatedLimit else { return }
        let kept = Self.relatedLimit - 1
        let last = related[kept - 1].location
        let more = related.count - kept
        related.removeSubrange(kept...)
        related.append(Related(last, "… and \(more) more related locations"))
    }
}
