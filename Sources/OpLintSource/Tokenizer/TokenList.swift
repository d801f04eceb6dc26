/// The tokens of one file and the partners of their brackets, in one allocation that the
/// next file can take over once nothing else holds it.
final class TokenStorage: @unchecked Sendable {
    // Immutable once made: readers need no exclusivity checks. Only the last holder
    // hands the memory on (`takeMemory`), so reading and handing over never overlap.
    let tokens: UnsafeMutablePointer<Token>
    /// For each token that opens or closes `(`, `[`, `{`: the index of its partner, else -1.
    let partners: UnsafeMutablePointer<Int32>
    let count: Int
    let capacity: Int
    private var ownsMemory = true

    init(tokens: UnsafeMutablePointer<Token>, partners: UnsafeMutablePointer<Int32>, count: Int, capacity: Int) {
        self.tokens = tokens
        self.partners = partners
        self.count = count
        self.capacity = capacity
    }

    /// Memory for `capacity` tokens and partners, uninitialized.
    static func allocate(capacity: Int) -> (tokens: UnsafeMutablePointer<Token>, partners: UnsafeMutablePointer<Int32>) {
        (.allocate(capacity: capacity), .allocate(capacity: capacity))
    }

    /// Hands the memory to a new tokenization; the storage must not be read afterwards.
    func takeMemory() -> (tokens: UnsafeMutablePointer<Token>, partners: UnsafeMutablePointer<Int32>, capacity: Int) {
        ownsMemory = false
        return (tokens, partners, capacity)
    }

    deinit {
        if ownsMemory {
            tokens.deallocate()
            partners.deallocate()
        }
    }
}

/// The tokens of a file, in order: a random-access collection over `TokenStorage`.
public struct TokenList: RandomAccessCollection, Sendable {
    let storage: TokenStorage

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    /// - Complexity: O(1).
    @inline(__always)
    public subscript(position: Int) -> Token {
        precondition(position >= 0 && position < storage.count, "token index out of range")
        return storage.tokens[position]
    }
}

/// For each token of a file that opens or closes `(`, `[`, `{`: the index of its partner, else -1.
public struct PartnerList: RandomAccessCollection, Sendable {
    let storage: TokenStorage

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    /// - Complexity: O(1).
    @inline(__always)
    public subscript(position: Int) -> Int32 {
        precondition(position >= 0 && position < storage.count, "token index out of range")
        return storage.partners[position]
    }
}
