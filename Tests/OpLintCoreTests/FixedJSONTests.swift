import Testing
@testable import OpLintCore

/// `ReportWriter.fixed` writes the same bytes as writing its stretch piece by piece, wherever
/// the writer stands (first member or not, in an object or an array, at any depth), keeps one
/// copy per place, and leaves the writer where the stretch would have.
@Suite struct FixedJSONTests {
    /// A stretch: close the open object, start another member holding an object, and a key.
    static func stretch(_ out: inout ReportWriter) {
        out.closeJSON()
        out.jsonKey("next")
        out.openJSONObject()
        out.jsonKey("value")
    }

    /// Items of an array, each `{"a": {"value": n}, "next": {"value": "…"}}`, written with or without `fixed`.
    static func document(items: Int, depth: Int, useFixed: Bool) -> [UInt8] {
        ReportWriter.collect { out in
            var opening = FixedJSON(), middle = FixedJSON(), closing = FixedJSON()
            for _ in 0..<depth {
                out.openJSONObject()
                out.jsonKey("level")
            }
            out.openJSONArray()
            for item in 0..<items {
                if useFixed {
                    out.fixed(&opening) {
                        $0.openJSONObject()
                        $0.jsonKey("a")
                        $0.openJSONObject()
                        $0.jsonKey("value")
                    }
                } else {
                    out.openJSONObject()
                    out.jsonKey("a")
                    out.openJSONObject()
                    out.jsonKey("value")
                }
                out.jsonValue(item)
                if useFixed { out.fixed(&middle, stretch) } else { stretch(&out) }
                out.jsonValue("item \(item) \"quoted\"")
                if useFixed {
                    out.fixed(&closing) {
                        $0.closeJSON()
                        $0.closeJSON()
                    }
                } else {
                    out.closeJSON()
                    out.closeJSON()
                }
            }
            out.closeJSON()
            for _ in 0..<depth { out.closeJSON() }
            out.endJSONDocument()
        }
    }

    @Test(arguments: [0, 1, 2, 3, 7, 20])
    func sameBytesAsWritingPieceByPiece(depth: Int) {
        for items in [0, 1, 2, 3, 50] {
            let fixed = Self.document(items: items, depth: depth, useFixed: true)
            let plain = Self.document(items: items, depth: depth, useFixed: false)
            #expect(fixed == plain, "depth \(depth), \(items) items")
        }
    }

    @Test func oneCopyPerPlace() {
        var run = FixedJSON()
        _ = ReportWriter.collect { out in
            out.openJSONArray()
            for _ in 0..<100 {
                // The first item has no comma before it; every other item stands at one same place.
                out.fixed(&run) {
                    $0.openJSONObject()
                    $0.jsonKey("k")
                }
                out.jsonValue(1)
                out.closeJSON()
            }
            out.closeJSON()
            out.openJSONObject()
            out.jsonKey("inner")
            out.openJSONArray()
            out.fixed(&run) {
                $0.openJSONObject()
                $0.jsonKey("k")
            }
            out.jsonValue(2)
            out.closeJSON()
            out.closeJSON()
            out.closeJSON()
        }
        #expect(run.copies == 3)
    }

    @Test func copiesLongStretchesAcrossBufferGrowth() {
        // Long enough stretches to make the writer grow while one is kept and while one is copied.
        let keys: [StaticString] = ["a", "b", "c", "d", "e", "f", "g", "h"]
        func write(useFixed: Bool) -> [UInt8] {
            var run = FixedJSON()
            return ReportWriter.collect { out in
                out.openJSONArray()
                for item in 0..<3_000 {
                    let body = { (out: inout ReportWriter) in
                        out.openJSONObject()
                        for key in keys {
                            out.jsonKey(key)
                            out.openJSONArray()
                            for _ in 0..<20 { out.jsonValue("constant") }
                            out.closeJSON()
                        }
                        out.jsonKey("z")
                    }
                    if useFixed { out.fixed(&run, body) } else { body(&out) }
                    out.jsonValue(item)
                    out.closeJSON()
                }
                out.closeJSON()
            }
        }
        #expect(write(useFixed: true) == write(useFixed: false))
    }
}
