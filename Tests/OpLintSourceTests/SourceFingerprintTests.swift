import Testing
import OpLintCore
@testable import OpLintSource

/// Findings on source code keep their fingerprints when code moves within its file, even when
/// an operation's name carries the line that made it unique (`op@Jobs.swift:4`), so a baseline
/// does not go stale when a line is added above.
@Suite("Fingerprints of findings on source code")
struct SourceFingerprintTests {
    static let jobs = """
    final class Jobs {
        func run(_ flag: Bool) {
            if flag {
                let op = BlockOperation { }
                op.name = "first"
            } else {
                let op = BlockOperation { }
                op.name = "second"
            }
        }
    }
    """

    @Test("Names made unique by their line keep their findings' fingerprints when lines are added above")
    func placeNamesSurviveMovedLines() {
        let before = RealCodeCase("Jobs.swift", Self.jobs)
        let after = RealCodeCase("Jobs.swift", "// A comment added above.\n\n" + Self.jobs)
        let names = before.findings("OPL105").flatMap(\.operations)
        #expect(names.count == 2)
        #expect(names.allSatisfy { $0.hasPrefix("Jobs.run(_:).op@Jobs.swift:") }, "\(names)")
        #expect(after.findings("OPL105").flatMap(\.operations) != names)
        #expect(after.findings("OPL105").map(\.fingerprint).sorted() == before.findings("OPL105").map(\.fingerprint).sorted())
    }

    @Test("Only a line after `@…:` is left out: other digits in names still tell findings apart")
    func otherDigitsStillCount() {
        func finding(_ names: [String]) -> Finding {
            Finding(rule: DependencyCycleRule.description.id, severity: .error, message: "dependency cycle",
                    location: SourceLocation(file: "x.json", line: 1, column: 1), operations: names)
        }
        #expect(finding(["op@A.swift:4"]).fingerprint == finding(["op@A.swift:70"]).fingerprint)
        #expect(finding(["op@A.swift:4"]).fingerprint != finding(["op@B.swift:4"]).fingerprint)
        #expect(finding(["block1"]).fingerprint != finding(["block2"]).fingerprint)
        #expect(finding(["step:1"]).fingerprint != finding(["step:2"]).fingerprint)
        #expect(finding(["a@b:1x"]).fingerprint != finding(["a@b:2x"]).fingerprint)
        // A name with no line keeps the fingerprint it always had.
        #expect(finding(["fetch"]).fingerprint == finding(["fetch"]).fingerprint)
    }
}
