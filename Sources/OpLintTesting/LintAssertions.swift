import Foundation
import OpLintCore
import Testing
import XCTest

/// The findings as the text report prints them, for a failure message.
private func describe(_ findings: [Finding]) -> String {
    findings.map { "\($0.location): \($0.severity.rawValue): \($0.message) [\($0.rule.code) \($0.rule.name)]" }
        .joined(separator: "\n")
}

/// Fails the current XCTest when `graph` has findings at or above `severity` (default: errors),
/// other than those of the rules in `ignoring` (codes or names).
///
/// ```swift
/// XCTAssertNoLintFindings(OperationGraph.capture(loader.queue))
/// ```
public func XCTAssertNoLintFindings(
    _ graph: @autoclosure () throws -> OperationGraph,
    atLeast severity: Severity = .error,
    ignoring rules: Set<String> = [],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    do {
        let findings = try graph().lint().reported.filter { $0.severity >= severity && !rules.contains($0.rule.code) && !rules.contains($0.rule.name) }
        if !findings.isEmpty {
            XCTFail("oplint found \(findings.count) problem\(findings.count == 1 ? "" : "s"):\n\(describe(findings))", file: file, line: line)
        }
    } catch {
        XCTFail("could not build the graph: \(error)", file: file, line: line)
    }
}

/// Records a Swift Testing issue when `graph` has findings at or above `severity` (default: errors),
/// other than those of the rules in `ignoring` (codes or names).
///
/// ```swift
/// @Test func feedLoaderFinishes() { expectNoLintFindings(OperationGraph.capture(loader.queue)) }
/// ```
public func expectNoLintFindings(
    _ graph: OperationGraph,
    atLeast severity: Severity = .error,
    ignoring rules: Set<String> = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let findings = graph.lint().reported.filter { $0.severity >= severity && !rules.contains($0.rule.code) && !rules.contains($0.rule.name) }
    if !findings.isEmpty {
        Issue.record("oplint found \(findings.count) problem\(findings.count == 1 ? "" : "s"):\n\(describe(findings))", sourceLocation: sourceLocation)
    }
}
