/// Identifiers that make a file worth the second pass: the operation API's names.
enum OperationAPIWords {
    /// Every word, for documentation and tests; `matches` is the fast test.
    static let all = [
        "addDependency", "removeDependency", "addOperation", "addOperations", "addOperationWithBlock",
        "addBarrierBlock", "maxConcurrentOperationCount", "setMaxConcurrentOperationCount",
        "waitUntilFinished", "waitUntilAllOperationsAreFinished", "cancelAllOperations", "queuePriority",
        "setQueuePriority", "OperationQueue", "NSOperationQueue", "BlockOperation", "NSBlockOperation",
        "NSInvocationOperation", "Operation", "NSOperation", "sync", "dispatch_sync", "start", "cancel",
        // The settings `FileScanner` follows: a queue suspended in one file and resumed in another
        // (an extension, a category) is one queue, and the file that resumes it must be read.
        "isSuspended", "suspended", "setSuspended", "qualityOfService", "setQualityOfService",
    ]

    /// Whether `word` is one of `all`.
    ///
    /// - Complexity: O(length of `word`).
    @inline(__always)
    static func matches(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        switch word.count {
        case 4: return word.equals("sync")
        case 5: return word.equals("start")
        case 6: return word.equals("cancel")
        case 9: return word.equals("Operation") || word.equals("suspended")
        case 11: return word.equals("NSOperation") || word.equals("isSuspended")
        case 12: return word.equals("addOperation") || word.equals("setSuspended")
        case 13: return word.equals("addDependency") || word.equals("addOperations") || word.equals("queuePriority") || word.equals("dispatch_sync")
        case 14: return word.equals("OperationQueue") || word.equals("BlockOperation")
        case 15: return word.equals("addBarrierBlock")
        case 16: return word.equals("removeDependency") || word.equals("setQueuePriority") || word.equals("NSOperationQueue") || word.equals("NSBlockOperation")
            || word.equals("qualityOfService")
        case 17: return word.equals("waitUntilFinished")
        case 19: return word.equals("cancelAllOperations") || word.equals("setQualityOfService")
        case 21: return word.equals("addOperationWithBlock") || word.equals("NSInvocationOperation")
        case 27: return word.equals("maxConcurrentOperationCount")
        case 30: return word.equals("setMaxConcurrentOperationCount")
        case 33: return word.equals("waitUntilAllOperationsAreFinished")
        default: return false
        }
    }
}

/// Identifiers the declaration pass acts on: `class`, `extension`, `struct`, `protocol`,
/// `typealias`, `actor`, and `interface` / `implementation` after `@`.
///
/// `enum` is not among them: the pass has always looked only at words of 5 to 14 letters.
enum DeclarationKeywords {
    static let all = ["class", "extension", "struct", "protocol", "typealias", "actor", "interface", "implementation"]

    /// Whether `word` is one of `all`.
    ///
    /// - Complexity: O(length of `word`).
    @inline(__always)
    static func matches(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        switch word.count {
        case 5: return word.equals("class") || word.equals("actor")
        case 6: return word.equals("struct")
        case 8: return word.equals("protocol")
        case 9: return word.equals("extension") || word.equals("typealias") || word.equals("interface")
        case 14: return word.equals("implementation")
        default: return false
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are exactly `word`'s.
    @inline(__always)
    func equals(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard count == length, let base = baseAddress else { return length == 0 && count == 0 }
        let pointer = word.utf8Start
        for k in 0..<length where base[k] != pointer[k] { return false }
        return true
    }
}

/// A quick test before `DeclarationKeywords.matches` and `OperationAPIWords.matches`: whether
/// any of their words has this length and first byte. Most identifiers fail it at once.
enum NotedWords {
    /// For each length 0…33, four 64-bit words: one bit per first byte. Built once, never freed.
    nonisolated(unsafe) static let table: UnsafePointer<UInt64> = {
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 34 * 4)
        table.initialize(repeating: 0, count: 34 * 4)
        for word in DeclarationKeywords.all + OperationAPIWords.all {
            let bytes = Array(word.utf8)
            precondition(bytes.count < 34, "a noted word longer than the table")
            let first = Int(bytes[0])
            table[bytes.count * 4 + first >> 6] |= 1 << UInt64(first & 63)
        }
        return UnsafePointer(table)
    }()

    /// Whether a word of `length` (below 34) starting with `first` may be a noted word;
    /// `table` is `NotedWords.table`.
    @inline(__always)
    static func mayBeOne(length: Int, first: UInt8, in table: UnsafePointer<UInt64>) -> Bool {
        table[length &* 4 &+ Int(first >> 6)] >> UInt64(first & 63) & 1 != 0
    }
}
