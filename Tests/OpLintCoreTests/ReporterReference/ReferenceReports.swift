@testable import OpLintCore

/// Every format as it was rendered when a report was built as one `String` — JSON, SARIF and
/// GitLab through `JSONValue` trees — kept as the reference that the byte writers must equal.
enum ReferenceReports {
    typealias E = ReferenceEscaping

    /// The report of the format called `name`.
    static func report(_ name: String, _ result: LintResult, _ context: ReportContext) -> String {
        switch name {
        case "text": text(result, context)
        case "json": json(result, context)
        case "sarif": sarif(result, context)
        case "github": github(result, context)
        case "junit": junit(result, context)
        case "checkstyle": checkstyle(result, context)
        case "gitlab": gitlab(result, context)
        default: markdown(result, context)
        }
    }

    static func files(_ result: LintResult) -> [String] {
        Array(Set(result.reported.map(\.location.file))).sorted()
    }

    // MARK: text

    static func text(_ result: LintResult, _ context: ReportContext) -> String {
        func wrap(_ text: String, _ code: String) -> String {
            context.color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
        var out = ""
        for finding in result.findings where !finding.isSuppressed {
            let severity: String
            switch finding.severity {
            case .error: severity = wrap("error", "1;31")
            case .warning: severity = wrap("warning", "1;33")
            case .note: severity = wrap("note", "1;36")
            }
            out += wrap("\(finding.location):", "1") + " \(severity): \(E.singleLine(finding.message)) "
            out += wrap("[\(finding.rule.code) \(finding.rule.name)]", "2") + "\n"
            for related in finding.related {
                out += "    \(related.location): \(E.singleLine(related.message))\n"
            }
            for note in finding.notes {
                out += "    note: \(E.singleLine(note))\n"
            }
            if let fix = finding.fix {
                out += "    fix: \(E.singleLine(fix.message))\n"
            }
        }
        let counts = result.counts
        var parts: [String] = []
        for severity in [Severity.error, .warning, .note] {
            let n = counts[severity] ?? 0
            if n > 0 { parts.append("\(n) \(severity.rawValue)\(n == 1 ? "" : "s")") }
        }
        let fileCount = max(files(result).count, context.inputFiles.count + (result.coverage?.files ?? 0))
        let where_ = "in \(fileCount) file\(fileCount == 1 ? "" : "s")"
        let suppressed = result.findings.count - result.reported.count
        var hidden = suppressed > 0 ? " (\(suppressed) suppressed)" : ""
        if let baseline = context.baselineUnchanged?.count, baseline > 0 { hidden += " (\(baseline) in the baseline)" }
        out += (parts.isEmpty ? "no findings \(where_)\(hidden)" : parts.joined(separator: ", ") + " \(where_)\(hidden)") + "\n"
        if let coverage = result.coverage { out += coverage.summary + "\n" }
        return out
    }

    // MARK: json

    static func json(_ result: LintResult, _ context: ReportContext) -> String {
        let counts = result.counts
        var summary: [String: JSONValue] = [
            "errors": .int(counts[.error] ?? 0),
            "warnings": .int(counts[.warning] ?? 0),
            "notes": .int(counts[.note] ?? 0),
            "suppressed": .int(result.findings.count - result.reported.count),
        ]
        if let baseline = context.baselineUnchanged { summary["baseline"] = .int(baseline.count) }
        var document: [String: JSONValue] = [
            "findings": .array(result.findings.filter { !$0.isSuppressed }.map(json)),
            "summary": .object(summary),
            "tool": .object(["name": .string("oplint"), "version": .string(context.toolVersion)]),
            "version": .int(1),
        ]
        if let coverage = result.coverage {
            document["coverage"] = .object([
                "files": .int(coverage.files),
                "filesUsingOperations": .int(coverage.filesUsingOperations),
                "operations": .int(coverage.operations),
                "queues": .int(coverage.queues),
                "dependencies": .int(coverage.dependencies),
                "callsFollowed": .int(coverage.callsFollowed),
                "callsNotFollowed": .int(coverage.callsNotFollowed),
            ])
        }
        return JSONValue.object(document).serialized(inlineItemsOf: ["findings"])
    }

    static func json(_ location: SourceLocation) -> JSONValue {
        .object(["file": .string(location.file), "line": .int(location.line), "column": .int(location.column)])
    }

    static func json(_ finding: Finding) -> JSONValue {
        var object: [String: JSONValue] = [
            "fingerprint": .string(E.fingerprint(finding)),
            "location": json(finding.location),
            "message": .string(finding.message),
            "name": .string(finding.rule.name),
            "operations": .array(finding.operations.map(JSONValue.string)),
            "related": .array(finding.related.map { .object(["location": json($0.location), "message": .string($0.message)]) }),
            "rule": .string(finding.rule.code),
            "severity": .string(finding.severity.rawValue),
        ]
        if !finding.queues.isEmpty { object["queues"] = .array(finding.queues.map(JSONValue.string)) }
        if !finding.notes.isEmpty { object["notes"] = .array(finding.notes.map(JSONValue.string)) }
        if let fix = finding.fix {
            object["fix"] = .object([
                "message": .string(fix.message),
                "removeEdges": .array(fix.removeEdges.map { .array([.string($0.waiter), .string($0.dependency)]) }),
            ])
        }
        return .object(object)
    }

    // MARK: github

    static func github(_ result: LintResult, _ context: ReportContext) -> String {
        var out = ""
        for finding in result.reported {
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let properties = [
                ("file", context.displayPath(finding.location.file)),
                ("line", String(finding.location.line)),
                ("col", String(finding.location.column)),
                ("title", "\(finding.rule.code) \(finding.rule.name)"),
            ]
            let propertyText = properties.map { "\($0.0)=\(E.githubProperty($0.1))" }.joined(separator: ",")
            out += "::\(command) \(propertyText)::\(E.githubData(E.body(finding, context: context)))\n"
        }
        out += "oplint: " + countsLine(result) + "\n"
        return out
    }

    // MARK: junit

    static func junit(_ result: LintResult, _ context: ReportContext) -> String {
        var byRule: [String: [Finding]] = [:]
        var ids: [String: RuleID] = [:]
        for description in context.rules { ids[description.id.code] = description.id }
        for finding in result.findings {
            byRule[finding.rule.code, default: []].append(finding)
            if ids[finding.rule.code] == nil { ids[finding.rule.code] = finding.rule }
        }
        var suites = ""
        var totalTests = 0
        var totalFailures = 0
        var totalSkipped = 0
        for code in ids.keys.sorted() {
            guard let id = ids[code] else { continue }
            let findings = byRule[code] ?? []
            let failures = findings.filter { !$0.isSuppressed && $0.severity >= .warning }.count
            let skipped = findings.filter(\.isSuppressed).count
            let tests = max(1, findings.count)
            totalTests += tests
            totalFailures += failures
            totalSkipped += skipped
            suites += "  " + E.xmlOpenTag("testsuite", [
                ("name", "\(id.code) \(id.name)"),
                ("tests", String(tests)),
                ("failures", String(failures)),
                ("errors", "0"),
                ("skipped", String(skipped)),
            ]) + ">\n"
            let className = "oplint.\(id.code).\(id.name)"
            if findings.isEmpty {
                suites += "    " + E.xmlOpenTag("testcase", [("name", "no findings"), ("classname", className)]) + "/>\n"
            }
            for finding in findings {
                suites += testCase(finding, className: className, context: context)
            }
            suites += "  </testsuite>\n"
        }
        var out = XMLText.declaration
        out += E.xmlOpenTag("testsuites", [
            ("name", "oplint"),
            ("tests", String(totalTests)),
            ("failures", String(totalFailures)),
            ("errors", "0"),
            ("skipped", String(totalSkipped)),
        ]) + ">\n"
        return out + suites + "</testsuites>\n"
    }

    static func testCase(_ finding: Finding, className: String, context: ReportContext) -> String {
        let location = SourceLocation(file: context.displayPath(finding.location.file), line: finding.location.line, column: finding.location.column)
        var out = "    " + E.xmlOpenTag("testcase", [
            ("name", "\(location): \(finding.message)"),
            ("classname", className),
            ("file", location.file),
            ("line", String(location.line)),
        ]) + ">\n"
        let body = E.xml(E.body(finding, context: context))
        if finding.isSuppressed {
            out += "      " + E.xmlOpenTag("skipped", [("message", "suppressed")]) + "/>\n"
        } else if finding.severity >= .warning {
            out += "      " + E.xmlOpenTag("failure", [("type", finding.severity.rawValue), ("message", finding.message)]) + ">"
            out += body + "</failure>\n"
        } else {
            out += "      <system-out>" + body + "</system-out>\n"
        }
        return out + "    </testcase>\n"
    }

    // MARK: checkstyle

    static func checkstyle(_ result: LintResult, _ context: ReportContext) -> String {
        var byFile: [String: [Finding]] = [:]
        for finding in result.reported { byFile[finding.location.file, default: []].append(finding) }
        var out = XMLText.declaration + "<checkstyle version=\"4.3\">\n"
        for file in byFile.keys.sorted() {
            out += "  " + E.xmlOpenTag("file", [("name", context.displayPath(file))]) + ">\n"
            for finding in byFile[file] ?? [] {
                out += "    " + E.xmlOpenTag("error", [
                    ("line", String(finding.location.line)),
                    ("column", String(finding.location.column)),
                    ("severity", finding.severity == .note ? "info" : finding.severity.rawValue),
                    ("message", E.body(finding, context: context)),
                    ("source", "oplint.\(finding.rule.code).\(finding.rule.name)"),
                ]) + "/>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }

    // MARK: gitlab

    static func gitlab(_ result: LintResult, _ context: ReportContext) -> String {
        var seen: [String: Int] = [:]
        let issues: [JSONValue] = result.reported.map { finding in
            let original = E.fingerprint(finding)
            let occurrence = seen[original, default: 0]
            seen[original] = occurrence + 1
            var fingerprint = original
            if occurrence > 0 {
                var hasher = E.Hasher()
                hasher.combine(original)
                hasher.combine(String(occurrence))
                fingerprint = hasher.hexDigest
            }
            let severity: String
            switch finding.severity {
            case .error: severity = "critical"
            case .warning: severity = "minor"
            case .note: severity = "info"
            }
            return .object([
                "type": .string("issue"),
                "description": .string("\(finding.message) [\(finding.rule.code) \(finding.rule.name)]"),
                "check_name": .string(finding.rule.name),
                "fingerprint": .string(fingerprint),
                "severity": .string(severity),
                "categories": .array([.string("Bug Risk")]),
                "location": .object([
                    "path": .string(context.displayPath(finding.location.file)),
                    "lines": .object(["begin": .int(finding.location.line)]),
                ]),
            ])
        }
        return JSONValue.array(issues).serialized()
    }

    // MARK: markdown

    static func markdown(_ result: LintResult, _ context: ReportContext) -> String {
        func location(_ location: SourceLocation) -> String {
            "\(context.displayPath(location.file)):\(location.line):\(location.column)"
        }
        var out = "### oplint: \(countsLine(result))\n"
        if let unchanged = context.baselineUnchanged, !unchanged.isEmpty {
            out += "\n\(unchanged.count) finding\(unchanged.count == 1 ? "" : "s") recorded in the baseline not shown.\n"
        }
        for severity in [Severity.error, .warning, .note] {
            let findings = result.reported.filter { $0.severity == severity }
            guard !findings.isEmpty else { continue }
            out += "\n#### \(MarkdownReporter.title(severity)) (\(findings.count))\n\n"
            out += "| Location | Rule | Message |\n|---|---|---|\n"
            for finding in findings {
                out += "| \(E.markdown(location(finding.location))) | \(finding.rule.code) \(E.markdown(finding.rule.name)) | \(E.markdown(finding.message)) |\n"
            }
            let detailed = findings.filter { !$0.related.isEmpty || !$0.notes.isEmpty || $0.fix != nil }
            guard !detailed.isEmpty else { continue }
            out += "\n<details><summary>Details</summary>\n\n"
            for finding in detailed {
                out += "**\(E.markdown(location(finding.location)))** \(finding.rule.code): \(E.markdown(finding.message))\n\n"
                for related in finding.related {
                    out += "- \(E.markdown(location(related.location))): \(E.markdown(related.message))\n"
                }
                for note in finding.notes { out += "- note: \(E.markdown(note))\n" }
                if let fix = finding.fix { out += "- fix: \(E.markdown(fix.message))\n" }
                out += "\n"
            }
            out += "</details>\n"
        }
        return out
    }

    static func countsLine(_ result: LintResult) -> String {
        let counts = result.counts
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return "no findings" }
        let parts = [Severity.error, .warning, .note].map { severity in
            let n = counts[severity] ?? 0
            return "\(n) \(severity.rawValue)\(n == 1 ? "" : "s")"
        }
        let fileCount = files(result).count
        return parts.joined(separator: ", ") + " in \(fileCount) file\(fileCount == 1 ? "" : "s")"
    }
}
