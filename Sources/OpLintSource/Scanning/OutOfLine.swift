/// Fields that most values of a type never set, kept out of line in a box made on the first
/// write, so that the value stays small to move and copy. A box shared by copies of a value is
/// copied before a write, so the value keeps value semantics. One thread writes a box at a time
/// (no exclusivity checks); other threads only read it, as they read an array's storage.
struct OutOfLine<Fields: BlankFields> {
    /// The box, read in place (`rare.box?.fields.member`): nil until a field is set.
    private(set) var box: Box?

    final class Box {
        @exclusivity(unchecked) fileprivate(set) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The fields, to change in place: the box is made, or copied when shared, first.
    var writable: Fields {
        @inline(__always) get { box?.fields ?? Fields() }
        @inline(__always) _modify {
            if box == nil {
                box = Box(Fields())
            } else if !isKnownUniquelyReferenced(&box) {
                box = Box(box!.fields)
            }
            yield &box!.fields
        }
    }

    /// Sets an optional field; setting one to nil while none is set makes no box. Inlined, so
    /// that the key path is resolved where it is written, not made at every call.
    @inline(__always)
    mutating func set<Value>(_ field: WritableKeyPath<Fields, Value?>, _ value: Value?) {
        guard value != nil || box != nil else { return }
        writable[keyPath: field] = value
    }
}

extension OutOfLine: @unchecked Sendable where Fields: Sendable {}

/// Fields an `OutOfLine` holds, each with a blank value to start from.
protocol BlankFields {
    init()
}
