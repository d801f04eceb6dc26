import Foundation
import Testing

/// Compares text with a file in `Snapshots/`; `OPLINT_UPDATE_SNAPSHOTS=1` rewrites the files.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["OPLINT_UPDATE_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file, options: .atomic)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("missing snapshot \(name); run with OPLINT_UPDATE_SNAPSHOTS=1 to write it", sourceLocation: sourceLocation)
            return
        }
        if expected != text {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let first = Array(zip(expectedLines, actualLines)).firstIndex { $0.0 != $0.1 } ?? min(expectedLines.count, actualLines.count)
            let want = first < expectedLines.count ? String(expectedLines[first]) : "<end>"
            let got = first < actualLines.count ? String(actualLines[first]) : "<end>"
            Issue.record("snapshot \(name) differs at line \(first + 1):\n  expected: \(want)\n  actual:   \(got)",
                         sourceLocation: sourceLocation)
        }
    }
}
