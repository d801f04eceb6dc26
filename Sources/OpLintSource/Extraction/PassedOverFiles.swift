import CTextScan
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files the first pass passes over without tokenizing them, and the ones the class table
/// turns out to need after all.
///
/// Most files of an app never mention the operation API. The first pass skims each file
/// (`oplint_skim_source`): one whose code names none of the API's words, that holds no
/// annotation and over which the tokenizer would warn about nothing is passed over, keeping only
/// the hashes of the names that follow its declaration keywords — a superset of the names its
/// declarations would give the class table. The table is asked only about names: names written
/// in the files the second pass reads, and names its own declarations hold (superclasses,
/// member and factory types, protocols). So a passed-over file matters only when one of its
/// names is among those; such a file is read and tokenized after all, the names its
/// declarations hold are asked in turn, and so on until no new file is needed. Their classes
/// are then folded into the table in path order (`ClassTable.fold(_:into:)`), as if no file had
/// been passed over: the graph and the warnings are the same.
enum PassedOverFiles {
    /// The words the skim looks for, `OperationAPIWords` and `DeclarationKeywords`: made once,
    /// never freed.
    nonisolated(unsafe) private static let words: OpaquePointer = {
        func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
            let copies = strings.map { strdup($0) }
            defer { copies.forEach { free($0) } }
            return body(copies.map { UnsafePointer($0) })
        }
        let made = withCStrings(OperationAPIWords.all) { api in
            withCStrings(DeclarationKeywords.all) { keywords in
                oplint_skim_words_make(api, api.count, keywords, keywords.count)
            }
        }
        guard let made else { preconditionFailure("a word the skim cannot hold") }
        return made
    }()

    /// The hashes (`oplint_name_hash`) of the names a file may declare when the first pass may pass
    /// over it; nil when it must be tokenized.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    static func names(ifPassedOver bytes: [UInt8], language: SourceLanguage, scratch: NameScratch) -> [UInt64]? {
        let bytes = ClassicLineEndings.normalized(bytes)
        return bytes.withUnsafeBufferPointer { buffer -> [UInt64]? in
            guard let base = buffer.baseAddress else { return [] }
            let capacity = buffer.count / 6 + 2
            let hashes = scratch.hashes(capacity: capacity)
            var count = 0
            guard oplint_skim_source(words, base, buffer.count, language == .swift ? 1 : 0, hashes, capacity, &count) == 1 else { return nil }
            return Array(UnsafeBufferPointer(start: hashes, count: count))
        }
    }

    /// The skim of `bytes` as they are (no line endings changed), by the build for any
    /// processor or the wide one (`oplint_skim_source_using`): whether it passes the file over,
    /// and the names it noted.
    static func skim(_ bytes: [UInt8], language: SourceLanguage, wide: Bool) -> (passedOver: Bool, names: [UInt64]) {
        bytes.withUnsafeBufferPointer { buffer in
            let capacity = buffer.count / 6 + 2
            var names = [UInt64](repeating: 0, count: capacity)
            var count = 0
            let passedOver = names.withUnsafeMutableBufferPointer {
                oplint_skim_source_using(words, wide ? 1 : 0, buffer.baseAddress, buffer.count, language == .swift ? 1 : 0, $0.baseAddress, capacity, &count)
            }
            return (passedOver == 1, Array(names[..<count]))
        }
    }

    /// The hashes of the distinct identifiers of a file the second pass reads: the names its
    /// code may ask the class table about.
    ///
    /// - Complexity: O(*tokens*) expected.
    static func identifiers(of file: SourceFile, scratch: NameScratch) -> [UInt64] {
        var seen = scratch.set(capacity: file.tokens.count)
        defer { scratch.keep(seen) }
        file.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            for token in file.tokens where token.kind == .identifier {
                seen.insert(oplint_name_hash(base + Int(token.start), Int(token.length)))
            }
        }
        return seen.elements
    }

    /// A file passed over: its index among the files and the hashes of the names it may declare.
    struct File: Sendable {
        var index: Int
        var names: [UInt64]
    }

    /// The passed-over files the class table needs, with the types they declare, in path order:
    /// those that may declare a name in `asked` (the identifiers of the files the second pass
    /// reads and the words of the names the class table holds, gathered while the first pass
    /// folds), and then, through `declare` (which reads, tokenizes and scans files again), the
    /// files that may declare a name the types found so far hold.
    ///
    /// - Complexity: O(names × rounds) expected, plus the work of `declare` on the files needed.
    static func needed(_ files: [File], asked: consuming NameSet,
                       declare: ([Int]) -> [DeclaredTypes]) -> [(index: Int, declared: DeclaredTypes)] {
        guard !files.isEmpty else { return [] }
        var names = asked
        var waiting = Array(files.indices)
        var found: [(index: Int, declared: DeclaredTypes)] = []
        while true {
            // Which of the files still waiting may declare a name asked about: on all cores, a
            // run of files each, the runs in order.
            let runs = min(16, max(1, waiting.count / 128))
            let looked = ParallelResults<[Bool]>(count: runs)
            let (known, candidates) = (names, waiting)
            ParallelWork.forEach(count: runs, makeState: {}) { run, _ in
                let range = candidates.count * run / runs..<candidates.count * (run + 1) / runs
                looked.set(run, candidates[range].map { files[$0].names.contains(where: known.contains) })
            }
            let mayDeclare = (0..<runs).flatMap { looked.get($0) ?? [] }
            var batch: [Int] = []
            var stillWaiting: [Int] = []
            for (k, may) in zip(waiting, mayDeclare) {
                if may { batch.append(files[k].index) } else { stillWaiting.append(k) }
            }
            waiting = stillWaiting
            guard !batch.isEmpty else { break }
            for (index, declared) in zip(batch, declare(batch)) {
                found.append((index, declared))
                declared.forEachName { names.insert(wordsOf: $0) }
            }
        }
        return found.sorted { $0.index < $1.index }
    }
}

/// A set of name hashes: open addressing, linear probing; 0 marks an empty slot (a hash of 0 is stored as 1).
struct NameSet {
    private var slots: [UInt64]
    private var mask: Int
    /// The hashes inserted, in the order first inserted.
    private(set) var elements: [UInt64] = []

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Empties the set, keeping its memory when it is at least twice `capacity`.
    mutating func reset(capacity: Int) {
        if slots.count < capacity * 2 {
            self = NameSet(capacity: capacity)
        } else {
            for hash in elements { remove(hash) }
            elements.removeAll(keepingCapacity: true)
        }
    }

    private mutating func remove(_ hash: UInt64) {
        // Every slot of the set is emptied: a whole probe run goes at once.
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slots[slot] = 0; slot = (slot + 1) & mask }
    }

    @inline(__always)
    mutating func insert(_ hash: UInt64) {
        let key = hash == 0 ? 1 : hash
        var slot = Int(truncatingIfNeeded: key) & mask
        while true {
            let here = slots[slot]
            if here == key { return }
            if here == 0 { break }
            slot = (slot + 1) & mask
        }
        slots[slot] = key
        elements.append(key)
        if elements.count * 2 > slots.count { grow() }
    }

    @inline(__always)
    func contains(_ hash: UInt64) -> Bool {
        let key = hash == 0 ? 1 : hash
        var slot = Int(truncatingIfNeeded: key) & mask
        while true {
            let here = slots[slot]
            if here == key { return true }
            if here == 0 { return false }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let old = elements
        self = NameSet(capacity: slots.count)
        for hash in old { insert(hash) }
    }

    /// `insert` for every run of identifier bytes in `text` (`NSArray<Job *> *` inserts `NSArray` and `Job`).
    mutating func insert(wordsOf text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var i = 0
            while i < bytes.count {
                guard ByteClass.isIdentifierPart(bytes[i]) else { i += 1; continue }
                var end = i + 1
                while end < bytes.count && ByteClass.isIdentifierPart(bytes[end]) { end += 1 }
                insert(oplint_name_hash(base + i, end - i))
                i = end
            }
        }
    }
}

/// A first-pass worker's memory for skimming, kept from one file to the next.
final class NameScratch {
    private var buffer = UnsafeMutablePointer<UInt64>.allocate(capacity: 0)
    private var capacity = 0
    private var kept: NameSet?

    /// Room for `capacity` hashes, valid until the next call.
    func hashes(capacity: Int) -> UnsafeMutablePointer<UInt64> {
        if capacity > self.capacity {
            buffer.deallocate()
            self.capacity = max(capacity, self.capacity * 2)
            buffer = .allocate(capacity: self.capacity)
        }
        return buffer
    }

    /// An empty set for about `capacity` names, in the memory of the last one kept.
    func set(capacity: Int) -> NameSet {
        guard var set = kept.take() else { return NameSet(capacity: capacity) }
        set.reset(capacity: capacity)
        return set
    }

    func keep(_ set: NameSet) {
        kept = set
    }

    deinit {
        buffer.deallocate()
    }
}

extension ClassTable {
    /// Adds the types of the passed-over files that turned out to be needed (`needed`, by file
    /// index, in path order) to a table built from the other files' types (`declared`, by file
    /// index): the table that folding every file in path order gives. Names, protocols and
    /// adoptions are sets; a class declared by other files too is folded again from every
    /// declaration of it, in path order.
    ///
    /// - Complexity: O(declarations of the needed files), plus O(declarations in `declared`)
    ///   when a class is declared both in a needed file and in another.
    mutating func fold(_ needed: [(index: Int, declared: DeclaredTypes)], into declared: [(index: Int, types: DeclaredTypes)]) {
        // A class no other file declares takes the needed files' declarations in their order;
        // one that other files declare too is folded again from all of them, in path order.
        var again: Set<String> = []
        for (_, types) in needed {
            for declaration in types.classes where isDeclared(declaration.name) { again.insert(declaration.name) }
        }
        for (_, types) in needed {
            for declaration in types.classes where !again.contains(declaration.name) { add(declaration) }
            add(DeclaredTypes(shadows: types.shadows, protocolProperties: types.protocolProperties, adoptions: types.adoptions))
        }
        guard !again.isEmpty else { return }
        var all: [(index: Int, order: Int, declaration: ClassDeclaration)] = []
        for (index, types) in declared {
            for (order, declaration) in types.classes.enumerated() where again.contains(declaration.name) { all.append((index, order, declaration)) }
        }
        for (index, types) in needed {
            for (order, declaration) in types.classes.enumerated() where again.contains(declaration.name) { all.append((index, order, declaration)) }
        }
        all.sort { ($0.index, $0.order) < ($1.index, $1.order) }
        var refolded = ClassTable()
        for (_, _, declaration) in all { refolded.add(declaration) }
        refolded.forEachDeclaration { replace($0) }
    }
}

extension ClassDeclaration {
    /// Every name of a type the declaration holds: its own, its superclass's, and the types of
    /// its members, factories and lookups (`NSArray<Job *> *` holds `NSArray` and `Job`). Member and
    /// method names are looked up in a declaration, never in the table.
    func forEachName(_ body: (String) -> Void) {
        body(name)
        if let superclass { body(superclass) }
        for type in factories.values { body(type) }
        for type in lookups.values { body(type) }
        for type in members.values { body(type) }
    }
}

extension DeclaredTypes {
    /// Every name of a type or protocol the declared types hold: what the class table may be
    /// asked about because of them.
    func forEachName(_ body: (String) -> Void) {
        for declaration in classes { declaration.forEachName(body) }
        shadows.forEach(body)
        for (type, adopted) in adoptions { body(type); body(adopted) }
        for (owner, _) in protocolProperties { body(owner) }
    }
}

extension ClassTable {
    /// Every name of a type or protocol the table holds: classes and the types their
    /// declarations name, shadowed names, protocols and adoptions, and the classes the code
    /// uses as operations and queues.
    func forEachName(_ body: (String) -> Void) {
        forEachDeclaration { $0.forEachName(body) }
        shadowedNames.forEach(body)
        for owner in protocolProperties.keys { body(owner) }
        for (type, adopted) in adoptions { body(type); adopted.forEach(body) }
        usedAsOperations.forEach(body)
        usedAsQueues.forEach(body)
    }
}

/// The promise the skim makes, checked on one file against the tokenizer and the declaration
/// pass: for the test suite and the `skim` fuzz target.
public enum SkimPromise {
    /// What the skim got wrong about `bytes` read as `language`, or nil: a file it passes over
    /// must tokenize without a warning, mention no API word or annotation, and have the hash of
    /// every name its declarations give the class table among the names the skim noted.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func brokenBy(_ bytes: [UInt8], language: SourceLanguage) -> String? {
        guard let names = PassedOverFiles.names(ifPassedOver: bytes, language: language, scratch: NameScratch()) else { return nil }
        let file = SourceFile(path: "skimmed", language: language, bytes: bytes)
        if let warning = file.warnings.first { return "passed over a file the tokenizer warns about: \(warning.message) at byte \(warning.offset)" }
        if file.mentionsOperationAPI { return "passed over a file that mentions the operation API" }
        let declared = DeclarationScanner(file: file).scan().declared
        let keys = declared.classes.map(\.name) + declared.shadows + declared.adoptions.map(\.type) + declared.protocolProperties.map(\.protocol)
        let noted = Set(names)
        for key in keys {
            var key = key
            let hash = key.withUTF8 { oplint_name_hash($0.baseAddress, $0.count) }
            if !noted.contains(hash) { return "passed over a file that declares \(key), a name the skim did not note" }
        }
        return nil
    }

    /// Where the skim's two builds part on `bytes` read as `language`, or nil: the build for any
    /// processor and the one that reads thirty-two bytes at a time (x86-64 with AVX2) must pass
    /// over the same files and note the same names.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func buildsPartOn(_ bytes: [UInt8], language: SourceLanguage) -> String? {
        let portable = PassedOverFiles.skim(bytes, language: language, wide: false)
        let wide = PassedOverFiles.skim(bytes, language: language, wide: true)
        if portable.passedOver != wide.passedOver {
            return "the skim's builds part: \(portable.passedOver ? "passed over" : "read") by the portable one, \(wide.passedOver ? "passed over" : "read") by the wide one"
        }
        if portable.names != wide.names { return "the skim's builds note different names: \(portable.names.count) and \(wide.names.count)" }
        return nil
    }
}
