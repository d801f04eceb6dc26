#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tokens of one file and the partners of their brackets, in one allocation that the
/// next file can take over once nothing else holds it.
///
/// The memory comes from `malloc`, so that `realloc` can grow it while a file is tokenized and
/// give back, in place, what a file kept for the second pass does not use.
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
        (resize(nil, to: capacity), resize(nil, to: capacity))
    }

    /// `memory` (nil: none yet) moved to memory for `capacity` values, the first of them kept:
    /// in place when the heap has room. Tokens and partners are plain values, copied as bytes.
    static func resize<Value>(_ memory: UnsafeMutablePointer<Value>?, to capacity: Int) -> UnsafeMutablePointer<Value> {
        let bytes = max(1, capacity) * MemoryLayout<Value>.stride
        guard let moved = realloc(memory, bytes) else { fatalError("out of memory for \(capacity) tokens") }
        return moved.bindMemory(to: Value.self, capacity: max(1, capacity))
    }

    /// The tokens and partners in memory of exactly their size, taken from this storage (which
    /// must not be read afterwards): what is left over goes back to the heap, in place.
    func shrunk() -> TokenStorage {
        let (tokens, partners, _) = takeMemory()
        // Room for one token at least: `resize` never asks for none.
        let capacity = max(1, count)
        return TokenStorage(tokens: Self.resize(tokens, to: capacity), partners: Self.resize(partners, to: capacity), count: count, capacity: capacity)
    }

    /// Hands the memory to a new tokenization; the storage must not be read afterwards.
    func takeMemory() -> (tokens: UnsafeMutablePointer<Token>, partners: UnsafeMutablePointer<Int32>, capacity: Int) {
        ownsMemory = false
        return (tokens, partners, capacity)
    }

    deinit {
        if ownsMemory {
            free(tokens)
            free(partners)
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
