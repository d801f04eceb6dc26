import OpLintCore

extension FileScanner {
    /// A cancel of operation `op` (`op.cancel()`, or `method` of its class, which cancels it),
    /// `delay` seconds after the code runs. Made in the straight-line code that enqueues it or
    /// hands it on, before or after, it is cancelled before the queue can start it (or, with a
    /// delay, when the delay has passed).
    func cancel(_ op: Int, location: SourceLocation, delay: Double = 0, method: String? = nil) {
        let chain = straightLineScopes
        scan.facts.cancellations.append(SourceFacts.Cancellation(operation: placeholder(op), queue: nil, location: location, method: method))
        if enqueueRecords[op]?.contains(where: { chain.contains($0.scope) }) == true || handedOnIn[op]?.contains(where: chain.contains) == true {
            if scan.entities[op].cancelledWhereAdded == nil { scan.entities[op].cancelledWhereAdded = (location, delay) }
        } else {
            cancelledIn[op, default: []].append((currentScopeID, location, delay))
        }
    }

    /// Operation `op` is handed to code the scanner does not follow (`[group runBefore:op]`
    /// makes `group` the receiver of a method it cannot read): taken as enqueued there.
    func handOn(_ op: Int, location: SourceLocation) {
        if scan.entities[op].escape == nil { scan.entities[op].escape = location }
        handedOnIn[op, default: []].append(currentScopeID)
        let chain = straightLineScopes
        if scan.entities[op].cancelledWhereAdded == nil, let cancel = cancelledIn[op]?.first(where: { chain.contains($0.scope) }) {
            scan.entities[op].cancelledWhereAdded = (cancel.location, cancel.delay)
        }
    }

    /// When a timer started with the delay written at `argument` fires.
    enum WrittenDelay: Equatable {
        /// After this many seconds.
        case seconds(Double)
        /// Never (`.never`, `DISPATCH_TIME_FOREVER`, `.distantFuture`).
        case never
        /// At a time the scanner cannot read (a constant, a variable).
        case unknown
    }

    /// The delay written as the first argument of a call, read when it is given in a unit of
    /// time: `60 * NSEC_PER_SEC`, `(int64_t)(2.5 * NSEC_PER_SEC)`, `NSEC_PER_SEC / 2`,
    /// `3ull * NSEC_PER_MSEC`, `.seconds(60 * 2)`, `DispatchTimeInterval.milliseconds(250)`.
    func writtenDelay(_ argument: Range<Int>) -> WrittenDelay {
        var k = argument.lowerBound
        let end = argument.upperBound
        // `after: .seconds(5)`
        if file.language == .swift, file.isIdentifier(k), file.isPunct(k + 1, ":") { k += 2 }
        guard k < end else { return .unknown }
        if end - k <= 3, (k..<end).contains(where: { file.isWord($0, "never") || file.isWord($0, "DISPATCH_TIME_FOREVER") || file.isWord($0, "distantFuture") }) {
            return .never
        }
        // `.seconds(n)`, `DispatchTimeInterval.seconds(n)`
        var unit = k
        if file.isWord(unit, "DispatchTimeInterval") { unit += 1 }
        if file.language == .swift, file.isPunct(unit, "."), file.isIdentifier(unit + 1), file.isPunct(unit + 2, "("),
           Int(file.partner[unit + 2]) == end - 1, let value = evaluate(from: unit + 3, to: end - 1, units: [:]) {
            switch file.text(unit + 1) {
            case "seconds": return .seconds(value)
            case "milliseconds": return .seconds(value / 1_000)
            case "microseconds": return .seconds(value / 1_000_000)
            case "nanoseconds": return .seconds(value / 1_000_000_000)
            default: return .unknown
            }
        }
        // Nanoseconds written with `dispatch_time`'s constants: exactly one of them, in a product.
        let units = ["NSEC_PER_SEC": 1e9, "NSEC_PER_MSEC": 1e6, "NSEC_PER_USEC": 1e3]
        guard (k..<end).filter({ file.isIdentifier($0) && units[file.text($0)] != nil }).count == 1,
              let nanoseconds = evaluate(from: k, to: end, units: units) else { return .unknown }
        return .seconds(nanoseconds / 1e9)
    }

    /// The value of `tokens[from..<to]` when it is numbers, `names` (with their values), casts
    /// to a number type (`(int64_t)`, `Double(…)`), parentheses, `*` and `/`; else nil.
    private func evaluate(from: Int, to: Int, units: [String: Double]) -> Double? {
        var k = from
        var value: Double?
        var pending: UInt8? = nil
        while k < to {
            var factor: Double
            if file.isPunct(k, "("), Int(file.partner[k]) < to, file.partner[k] > k {
                let close = Int(file.partner[k])
                // `(int64_t)(…)`, `(double)n`: a cast to a number type.
                if close == k + 2, file.isIdentifier(k + 1), Self.numberTypes.contains(file.text(k + 1)) { k = close + 1; continue }
                guard let inner = evaluate(from: k + 1, to: close, units: units) else { return nil }
                factor = inner
                k = close + 1
            } else if file.isIdentifier(k), Self.numberTypes.contains(file.text(k)), file.isPunct(k + 1, "(") {
                // `Double(n)`, `UInt64(…)`
                k += 1
                continue
            } else if let number = number(at: k) {
                factor = number
                k += 1
            } else if file.isIdentifier(k), let named = units[file.text(k)] {
                factor = named
                k += 1
            } else {
                return nil
            }
            switch pending {
            case nil: guard value == nil else { return nil }; value = factor
            case UInt8(ascii: "*"): value = (value ?? 1) * factor
            default: guard factor != 0 else { return nil }; value = (value ?? 0) / factor
            }
            pending = nil
            guard k < to else { break }
            guard file.isPunct(k, "*") || file.isPunct(k, "/") else { return nil }
            pending = file.isPunct(k, "*") ? UInt8(ascii: "*") : UInt8(ascii: "/")
            k += 1
        }
        return pending == nil ? value : nil
    }

    /// Number types a delay is converted to on its way (`(int64_t)(2.5 * NSEC_PER_SEC)`).
    private static let numberTypes: Set<String> = [
        "int64_t", "uint64_t", "int32_t", "int", "long", "double", "float", "NSInteger", "NSUInteger", "NSTimeInterval",
        "Int", "Int64", "UInt64", "Double", "Float", "TimeInterval", "dispatch_time_t",
    ]

    /// The number literal at `k` (`60`, `0.5`, `1_000`, `3ull`), if it is one.
    private func number(at k: Int) -> Double? {
        guard k >= 0, k < file.tokens.count, file.tokens[k].kind == .number else { return nil }
        var digits = file.text(k).filter { $0 != "_" }
        while let last = digits.last, "uUlLfF".contains(last), !digits.hasPrefix("0x") { digits.removeLast() }
        return Double(digits)
    }
}
