/// How much of the source the scanner followed: one line at the end of a lint of source code.
public struct SourceCoverage: Sendable, Equatable {
    /// Source files read.
    public var files = 0
    /// Files that mention the operation API (read a second time).
    public var filesUsingOperations = 0
    public var operations = 0
    public var queues = 0
    public var dependencies = 0
    /// Operation API calls whose operations and queues were all followed.
    public var callsFollowed = 0
    /// Operation API calls with an operation or queue the scanner could not follow (OPL306 lists them).
    public var callsNotFollowed = 0

    public init(
        files: Int = 0, filesUsingOperations: Int = 0, operations: Int = 0, queues: Int = 0, dependencies: Int = 0,
        callsFollowed: Int = 0, callsNotFollowed: Int = 0
    ) {
        self.files = files
        self.filesUsingOperations = filesUsingOperations
        self.operations = operations
        self.queues = queues
        self.dependencies = dependencies
        self.callsFollowed = callsFollowed
        self.callsNotFollowed = callsNotFollowed
    }

    /// The sum of two extractions' coverage.
    public mutating func add(_ other: SourceCoverage) {
        files += other.files
        filesUsingOperations += other.filesUsingOperations
        operations += other.operations
        queues += other.queues
        dependencies += other.dependencies
        callsFollowed += other.callsFollowed
        callsNotFollowed += other.callsNotFollowed
    }

    /// `source: 148 files read, 11 with operation code; 48 operations, 6 queues, 2 dependencies;
    /// 120 of 130 API calls followed (10 not: --unfollowed lists them)`.
    public var summary: String {
        let calls = callsFollowed + callsNotFollowed
        var text = "source: \(Self.count(files, "file")) read, \(filesUsingOperations) with operation code; "
        text += "\(Self.count(operations, "operation")), \(Self.count(queues, "queue")), \(Self.count(dependencies, "dependency", "dependencies")); "
        text += "\(callsFollowed) of \(Self.count(calls, "API call")) followed"
        if callsNotFollowed > 0 { text += " (\(callsNotFollowed) not: --unfollowed lists them)" }
        return text
    }

    private static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }
}
