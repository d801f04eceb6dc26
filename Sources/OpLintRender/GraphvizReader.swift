import CGraphviz
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads DOT into a cgraph graph whose object IDs follow the order names first appear.
///
/// cgraph's default ID discipline uses the address of each interned name as its ID, and it
/// keeps subgraphs ordered by ID: clusters were laid out and written in the order their
/// names happened to sit in memory, which differs between two renderings in one process.
/// Numbering names as they are met makes the order — and so the SVG — depend on the DOT
/// text alone.
enum GraphvizReader {
    /// The graph read from `dot`, or nil when cgraph cannot parse it (its message is in the transcript).
    static func read(_ dot: String) -> UnsafeMutablePointer<Agraph_t>? {
        var bytes = Array(dot.utf8)
        if bytes.isEmpty { bytes = [0x20] }
        return bytes.withUnsafeMutableBytes { buffer -> UnsafeMutablePointer<Agraph_t>? in
            guard let file = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
            defer { fclose(file) }
            return agread(file, discipline)
        }
    }

    private static let ids = Agiddisc_t(
        open: { _, _ in Unmanaged.passRetained(NameTable()).toOpaque() },
        map: { state, _, name, id, create in
            let table = Unmanaged<NameTable>.fromOpaque(state!).takeUnretainedValue()
            return table.map(name, id!, create: create != 0) ? 1 : 0
        },
        alloc: { _, _, _ in 0 },
        free: { _, _, _ in },
        print: { state, _, id in
            Unmanaged<NameTable>.fromOpaque(state!).takeUnretainedValue().name(of: id)
        },
        close: { state in Unmanaged<NameTable>.fromOpaque(state!).release() },
        idregister: { _, _, _ in }
    )

    /// cgraph's own memory and I/O disciplines with our ID discipline; built once, never freed.
    nonisolated(unsafe) private static let discipline: UnsafeMutablePointer<Agdisc_t> = {
        let idDiscipline = UnsafeMutablePointer<Agiddisc_t>.allocate(capacity: 1)
        idDiscipline.initialize(to: ids)
        let discipline = UnsafeMutablePointer<Agdisc_t>.allocate(capacity: 1)
        discipline.initialize(to: Agdisc_t(mem: library("AgMemDisc"), id: idDiscipline, io: library("AgIoDisc")))
        return discipline
    }()

    /// A discipline cgraph exports, found by name (Swift cannot take the address of an
    /// imported mutable C global in strict concurrency checking).
    private static func library<T>(_ symbol: String) -> UnsafeMutablePointer<T> {
        guard let address = dlsym(nil, symbol) else { fatalError("libcgraph does not export \(symbol)") }
        return address.assumingMemoryBound(to: T.self)
    }
}

/// The names of one root graph: even IDs for names in order of first use (2, 4, 6, …),
/// odd IDs for anonymous objects, as cgraph's own discipline distinguishes them.
private final class NameTable {
    private var idOfName: [String: IDTYPE] = [:]
    /// The C strings handed to cgraph by `name(of:)`, alive until the graph closes.
    private var names: [UnsafeMutablePointer<CChar>] = []
    private var nextAnonymous: IDTYPE = 1

    deinit {
        for name in names { free(name) }
    }

    func map(_ name: UnsafeMutablePointer<CChar>?, _ id: UnsafeMutablePointer<IDTYPE>, create: Bool) -> Bool {
        guard let name else {
            id.pointee = nextAnonymous
            nextAnonymous += 2
            return true
        }
        let key = String(cString: name)
        if let known = idOfName[key] {
            id.pointee = known
            return true
        }
        guard create else { return false }
        names.append(strdup(name))
        let new = IDTYPE(names.count * 2)
        idOfName[key] = new
        id.pointee = new
        return true
    }

    func name(of id: IDTYPE) -> UnsafeMutablePointer<CChar>? {
        guard id % 2 == 0, id > 0, Int(id / 2) <= names.count else { return nil }
        return names[Int(id / 2) - 1]
    }
}
