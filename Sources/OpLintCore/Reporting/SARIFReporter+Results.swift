/// One SARIF `result` per finding: level, location, message with notes and fix, fingerprint,
/// properties, related locations, a path as a code flow, suppressions and baseline state.
extension SARIFReporter {
    /// The SARIF level of a severity: the names are the same.
    static func level(_ severity: Severity) -> String { severity.rawValue }

    static func writeResult(_ finding: Finding, ruleIndex: Int, baselineState: String?, paths: inout DisplayPaths, to out: inout ReportWriter) {
        out.openJSONObject()
        if let baselineState {
            out.jsonKey("baselineState")
            out.jsonValue(baselineState)
        }
        if pathRules.contains(finding.rule.code), !finding.related.isEmpty {
            out.jsonKey("codeFlows")
            out.openJSONArray()
            out.openJSONObject()
            out.jsonKey("message")
            writeMessage(finding.message, to: &out)
            out.jsonKey("threadFlows")
            out.openJSONArray()
            out.openJSONObject()
            out.jsonKey("locations")
            out.openJSONArray()
            for related in finding.related {
                out.openJSONObject()
                out.jsonKey("location")
                writeLocation(related.location, id: nil, message: related.message, paths: &paths, to: &out)
                out.closeJSON()
            }
            out.closeJSON()
            out.closeJSON()
            out.closeJSON()
            out.closeJSON()
            out.closeJSON()
        }
        out.jsonKey("level")
        out.jsonValue(level(finding.severity))
        out.jsonKey("locations")
        out.openJSONArray()
        writeLocation(finding.location, id: nil, message: nil, paths: &paths, to: &out)
        out.closeJSON()
        out.jsonKey("message")
        out.openJSONObject()
        out.jsonKey("text")
        writeMessageText(finding, to: &out)
        out.closeJSON()
        out.jsonKey("partialFingerprints")
        out.openJSONObject()
        out.jsonKey("oplintFingerprint/v1")
        out.jsonValue(finding.fingerprintDigest)
        out.closeJSON()
        out.jsonKey("properties")
        out.openJSONObject()
        // A fix edits the graph rather than text, so it is described here, not given as SARIF `fixes`.
        if let fix = finding.fix {
            out.jsonKey("fix")
            out.jsonValue(fix.message)
        }
        out.jsonKey("name")
        out.jsonValue(finding.rule.name)
        if !finding.operations.isEmpty {
            out.jsonKey("operations")
            out.jsonValue(finding.operations)
        }
        if !finding.queues.isEmpty {
            out.jsonKey("queues")
            out.jsonValue(finding.queues)
        }
        out.closeJSON()
        if !finding.related.isEmpty {
            out.jsonKey("relatedLocations")
            out.openJSONArray()
            for (index, related) in finding.related.enumerated() {
                writeLocation(related.location, id: index + 1, message: related.message, paths: &paths, to: &out)
            }
            out.closeJSON()
        }
        out.jsonKey("ruleId")
        out.jsonValue(finding.rule.code)
        out.jsonKey("ruleIndex")
        out.jsonValue(ruleIndex)
        let external = baselineState == "unchanged"
        if finding.isSuppressed || external {
            out.jsonKey("suppressions")
            out.openJSONArray()
            if finding.isSuppressed {
                out.openJSONObject()
                out.jsonKey("kind")
                out.jsonValue("inSource")
                out.jsonKey("status")
                out.jsonValue("accepted")
                out.closeJSON()
            }
            if external {
                out.openJSONObject()
                out.jsonKey("justification")
                out.jsonValue("recorded in the baseline")
                out.jsonKey("kind")
                out.jsonValue("external")
                out.jsonKey("status")
                out.jsonValue("accepted")
                out.closeJSON()
            }
            out.closeJSON()
        }
        out.closeJSON()
    }

    /// `{"text": …}`.
    static func writeMessage(_ text: String, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonKey("text")
        out.jsonValue(text)
        out.closeJSON()
    }

    /// The message with its notes and fix, one per line, as one string.
    static func writeMessageText(_ finding: Finding, to out: inout ReportWriter) {
        out.openJSONString()
        out.append(jsonStringContent: finding.message)
        for note in finding.notes {
            out.append("\\nnote: ")
            out.append(jsonStringContent: note)
        }
        if let fix = finding.fix {
            out.append("\\nfix: ")
            out.append(jsonStringContent: fix.message)
        }
        out.closeJSONString()
    }

    /// A location: its `id` among related locations, its message, and the file and region.
    static func writeLocation(
        _ location: SourceLocation, id: Int?, message: String?, paths: inout DisplayPaths, to out: inout ReportWriter
    ) {
        out.openJSONObject()
        if let id {
            out.jsonKey("id")
            out.jsonValue(id)
        }
        if let message {
            out.jsonKey("message")
            writeMessage(message, to: &out)
        }
        out.jsonKey("physicalLocation")
        out.openJSONObject()
        out.jsonKey("artifactLocation")
        out.openJSONObject()
        out.jsonKey("uri")
        out.jsonValue(paths.uri(location.file))
        out.closeJSON()
        out.jsonKey("region")
        out.openJSONObject()
        out.jsonKey("startColumn")
        out.jsonValue(max(1, location.column))
        out.jsonKey("startLine")
        out.jsonValue(max(1, location.line))
        out.closeJSON()
        out.closeJSON()
        out.closeJSON()
    }
}
