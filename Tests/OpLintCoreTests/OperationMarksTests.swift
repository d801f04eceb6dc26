import Testing
@testable import OpLintCore

/// The queue-mates a priority search has still to reach, against a `Set` of them.
@Suite struct OperationMarksTests {
    @Test func marksAgreeWithASetOverManySetsAndRemovals() {
        var random = TestRandom(seed: 11)
        let n = 200
        var marks = OperationMarks(operationCount: n)
        #expect(marks.isEmpty)
        for _ in 0..<500 {
            let listed = (0..<Int.random(in: 0...12, using: &random)).map { _ in Int.random(in: 0..<n, using: &random) }
            var reference = Set(listed)
            marks.reset(to: listed)
            #expect(marks.count == reference.count)
            for _ in 0..<20 {
                let operation = Int.random(in: 0..<n, using: &random)
                #expect(marks.contains(operation) == reference.contains(operation))
                if Bool.random(using: &random) {
                    marks.remove(operation)
                    reference.remove(operation)
                }
                #expect(marks.count == reference.count && marks.isEmpty == reference.isEmpty)
            }
            // What a set left marked is gone after the next reset.
            marks.reset(to: [])
            #expect(marks.isEmpty && !reference.contains(where: marks.contains))
        }
    }
}
