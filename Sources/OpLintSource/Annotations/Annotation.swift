import OpLintCore

/// One `// oplint:` comment, parsed.
public enum Annotation: Sendable, Equatable {
    /// `oplint:operation [NAME] key=value…`: declares an operation, or names the declaration below.
    case operation(name: String?, settings: AnnotationSettings)
    /// `oplint:queue [NAME] key=value…`.
    case queue(name: String?, settings: AnnotationSettings)
    /// `oplint:depends A on B[,C]`: A waits for B and C.
    case depends(waiter: String, on: [String])
    /// `oplint:waits A for B[,C]`: A calls `waitUntilFinished` on B (or on queue B) while executing.
    case waits(waiter: String, for: [String])
    /// `oplint:disable`, `enable`, `disable-next-line`, `disable-file`.
    case suppression(SourceFacts.Suppression.Kind, rules: [String])
}

/// The settings an `operation` or `queue` annotation states; nil = not stated.
public struct AnnotationSettings: Sendable, Equatable {
    public var queue: String?
    public var priority: QueuePriority?
    public var qualityOfService: QualityOfService?
    public var duration: Double?
    public var after: [String] = []
    public var isAsynchronous: Bool?
    public var finishes: Bool?
    public var exclusive: [String] = []
    public var isBarrier: Bool?
    public var count: Int?
    public var start: OperationGraph.Operation.StartMode?
    public var reads: [String] = []
    public var writes: [String] = []
    public var maxConcurrentOperationCount: Int?
    public var isSuspended: Bool?
    public var isMain: Bool?

    public init() {}
}

extension Annotation {
    static let operationKeys: Set<String> = [
        "queue", "priority", "qos", "duration", "after", "async", "never-finishes", "exclusive", "barrier",
        "count", "start", "reads", "writes",
    ]
    static let queueKeys: Set<String> = ["max", "qos", "suspended", "main"]
    /// Keys that stand alone (`async`) rather than take a value.
    static let flags: Set<String> = ["async", "never-finishes", "barrier", "suspended", "main"]

    /// Parses the text of a comment (`// oplint:…` or `/* oplint:… */`).
    ///
    /// Returns the annotation, or a message saying what is wrong with it.
    /// - Complexity: O(length of the comment).
    public static func parse(comment: String) -> Result<Annotation, AnnotationError> {
        var text = Substring(comment)
        if text.hasPrefix("//") { text = text.dropFirst(2) }
        if text.hasPrefix("/*") {
            text = text.dropFirst(2)
            if text.hasSuffix("*/") { text = text.dropLast(2) }
        }
        text = text.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("oplint:") else { return .failure(AnnotationError("not an oplint annotation")) }
        text = text.dropFirst("oplint:".count)
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard let directive = words.first else {
            return .failure(AnnotationError("empty annotation; expected operation, queue, depends, waits, disable, enable, disable-next-line or disable-file"))
        }
        let rest = Array(words.dropFirst())
        switch directive {
        case "operation": return declaration(rest, isQueue: false)
        case "queue": return declaration(rest, isQueue: true)
        case "depends", "waits":
            let joiner = directive == "depends" ? "on" : "for"
            guard rest.count >= 3, rest[1] == joiner else {
                return .failure(AnnotationError("expected `oplint:\(directive) A \(joiner) B[,C]`"))
            }
            let targets = rest[2...].joined(separator: ",").split(separator: ",").map(String.init)
            guard !targets.isEmpty else { return .failure(AnnotationError("`\(directive)` names no operation after `\(joiner)`")) }
            return .success(directive == "depends" ? .depends(waiter: rest[0], on: targets) : .waits(waiter: rest[0], for: targets))
        case "disable", "enable", "disable-next-line", "disable-file":
            guard let kind = SourceFacts.Suppression.Kind(rawValue: directive) else { return .failure(AnnotationError("unknown directive")) }
            let rules = rest.joined(separator: ",").split(separator: ",").map(String.init)
            return .success(.suppression(kind, rules: rules))
        default:
            return .failure(AnnotationError("unknown directive `\(directive)`; expected operation, queue, depends, waits, disable, enable, disable-next-line or disable-file"))
        }
    }

    private static func declaration(_ words: [String], isQueue: Bool) -> Result<Annotation, AnnotationError> {
        var name: String?
        var settings = AnnotationSettings()
        let allowed = isQueue ? queueKeys : operationKeys
        for (index, word) in words.enumerated() {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let key = parts[0]
            if parts.count == 1 && index == 0 && !allowed.contains(key) {
                name = key
                continue
            }
            guard allowed.contains(key) else {
                let kind = isQueue ? "queue" : "operation"
                return .failure(AnnotationError("unknown \(kind) key `\(key)`; expected one of \(allowed.sorted().joined(separator: ", "))"))
            }
            let value = parts.count == 2 ? parts[1] : nil
            if value == nil && !flags.contains(key) {
                return .failure(AnnotationError("`\(key)` needs a value (`\(key)=…`)"))
            }
            if let message = apply(key, value, to: &settings) { return .failure(AnnotationError(message)) }
        }
        return .success(isQueue ? .queue(name: name, settings: settings) : .operation(name: name, settings: settings))
    }

    /// Sets one key; returns a message when the value is not valid.
    private static func apply(_ key: String, _ value: String?, to settings: inout AnnotationSettings) -> String? {
        func list(_ value: String?) -> [String] { (value ?? "").split(separator: ",").map(String.init) }
        func flag(_ value: String?) -> Bool? {
            switch value {
            case nil, "true", "yes": true
            case "false", "no": false
            default: nil
            }
        }
        switch key {
        case "queue":
            guard let value, !value.isEmpty else { return "`queue` needs a name" }
            settings.queue = value
        case "priority":
            guard let value, let priority = Self.priority(value) else { return "`priority=\(value ?? "")` is not veryLow, low, normal, high, veryHigh or an integer" }
            settings.priority = priority
        case "qos":
            guard let value, let qos = QualityOfService(rawValue: value) else {
                return "`qos=\(value ?? "")` is not one of \(QualityOfService.allCases.map(\.rawValue).joined(separator: ", "))"
            }
            settings.qualityOfService = qos
        case "duration":
            guard let value, let seconds = duration(value) else { return "`duration=\(value ?? "")` is not a duration such as 2, 2s or 150ms" }
            settings.duration = seconds
        case "after":
            settings.after += list(value)
            if settings.after.isEmpty { return "`after` names no operation" }
        case "async":
            guard let on = flag(value) else { return "`async=\(value ?? "")` is not true or false" }
            settings.isAsynchronous = on
        case "never-finishes":
            guard let on = flag(value) else { return "`never-finishes=\(value ?? "")` is not true or false" }
            settings.finishes = !on
            if on { settings.isAsynchronous = true }
        case "exclusive":
            settings.exclusive += list(value)
            if settings.exclusive.isEmpty { return "`exclusive` names no category" }
        case "barrier":
            guard let on = flag(value) else { return "`barrier=\(value ?? "")` is not true or false" }
            settings.isBarrier = on
        case "count":
            guard let value, let count = Int(value), count >= 1 else { return "`count=\(value ?? "")` is not an integer ≥ 1" }
            settings.count = count
        case "start":
            guard let value, let mode = OperationGraph.Operation.StartMode(rawValue: value) else { return "`start=\(value ?? "")` is not manual, queue or never" }
            settings.start = mode
        case "reads": settings.reads += list(value)
        case "writes": settings.writes += list(value)
        case "max":
            guard let value, let max = Int(value), max >= -1 else { return "`max=\(value ?? "")` is not an integer ≥ -1" }
            settings.maxConcurrentOperationCount = max
        case "suspended":
            guard let on = flag(value) else { return "`suspended=\(value ?? "")` is not true or false" }
            settings.isSuspended = on
        case "main":
            guard let on = flag(value) else { return "`main=\(value ?? "")` is not true or false" }
            settings.isMain = on
        default:
            return "unknown key `\(key)`"
        }
        return nil
    }

    /// `high`, `veryHigh`, `-4`, `.high`, `NSOperationQueuePriorityHigh`.
    static func priority(_ text: String) -> QueuePriority? {
        if let value = Int(text) { return QueuePriority(rawValue: value) }
        var name = text.hasPrefix(".") ? String(text.dropFirst()) : text
        if name.hasPrefix("NSOperationQueuePriority") {
            name = String(name.dropFirst("NSOperationQueuePriority".count))
            name = name.prefix(1).lowercased() + name.dropFirst()
        }
        return QueuePriority.named.first { $0.name == name }?.priority
    }

    /// `2`, `2s`, `0.5s`, `150ms`, in seconds.
    static func duration(_ text: String) -> Double? {
        let seconds: Double?
        if text.hasSuffix("ms") { seconds = Double(text.dropLast(2)).map { $0 / 1000 } }
        else if text.hasSuffix("s") { seconds = Double(text.dropLast()) }
        else { seconds = Double(text) }
        guard let seconds, seconds >= 0, seconds.isFinite else { return nil }
        return seconds
    }
}

/// Why an annotation could not be read.
public struct AnnotationError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
