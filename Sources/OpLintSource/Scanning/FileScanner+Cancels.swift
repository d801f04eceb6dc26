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

    /// The delay in seconds written as the first argument of a call, when it is given in a
    /// unit of time the scanner can read: `60 * NSEC_PER_SEC`, `(50) * NSEC_PER_MSEC`,
    /// `.seconds(5)`, `.milliseconds(250)`. Nil for anything else (a constant, a variable).
    func writtenDelay(_ argument: Range<Int>) -> Double? {
        var k = argument.lowerBound
        var end = argument.upperBound
        // `after: .seconds(5)`
        if file.language == .swift, file.isIdentifier(k), file.isPunct(k + 1, ":") { k += 2 }
        while end > k + 1, file.isPunct(k, "("), Int(file.partner[k]) == end - 1 { k += 1; end -= 1 }
        if file.language == .swift, file.isPunct(k, "."), file.isIdentifier(k + 1), file.isPunct(k + 2, "("),
           Int(file.partner[k + 2]) == k + 4, Int(file.partner[k + 2]) == end - 1, let value = number(at: k + 3) {
            switch file.text(k + 1) {
            case "seconds": return value
            case "milliseconds": return value / 1_000
            case "microseconds": return value / 1_000_000
            case "nanoseconds": return value / 1_000_000_000
            default: return nil
            }
        }
        // A product of numbers and one unit: `N * NSEC_PER_SEC`.
        var product = 1.0
        var perSecond: Double?
        var expectsFactor = true
        while k < end {
            if expectsFactor {
                var factor = k
                var factorEnd = k + 1
                if file.isPunct(k, "("), file.partner[k] > k {
                    factorEnd = Int(file.partner[k]) + 1
                    factor = k + 1
                    guard factorEnd == factor + 2 else { return nil }
                }
                if let value = number(at: factor) {
                    product *= value
                } else if factorEnd == k + 1, perSecond == nil, let units = Self.delayUnits[file.text(k)] {
                    perSecond = units
                } else {
                    return nil
                }
                k = factorEnd
            } else {
                guard file.isPunct(k, "*") else { return nil }
                k += 1
            }
            expectsFactor.toggle()
        }
        guard !expectsFactor, let perSecond else { return nil }
        return product / perSecond
    }

    /// The nanosecond constants of `dispatch_time`: how many of the unit each makes a second.
    private static let delayUnits: [String: Double] = ["NSEC_PER_SEC": 1, "NSEC_PER_MSEC": 1_000, "NSEC_PER_USEC": 1_000_000]

    /// The number literal at `k` (`60`, `0.5`, `1_000`), if it is one.
    private func number(at k: Int) -> Double? {
        guard k >= 0, k < file.tokens.count, file.tokens[k].kind == .number else { return nil }
        return Double(file.text(k).filter { $0 != "_" })
    }
}
