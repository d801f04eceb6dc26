extension SARIFReporter {
    /// The rules to describe: every rule that ran, plus any rule a finding names that is not
    /// among them (a loading diagnostic), sorted by code so that `ruleIndex` is stable.
    ///
    /// - Complexity: O(*r* log *r* + *f*) for *r* rules and *f* findings.
    static func rules(for findings: [[Finding]], described: [RuleDescription]) -> [RuleEntry] {
        var entries: [String: RuleEntry] = [:]
        for description in described {
            entries[description.id.code] = RuleEntry(id: description.id, level: description.defaultSeverity, description: description)
        }
        // Findings of one rule mostly come together: a code the same, byte for byte, as the
        // previous finding's is known already, without hashing it or copying its entry.
        var previous: String?
        for list in findings {
            for index in list.indices {
                let code = list[index].rule.code
                if previous?.hasSameBytes(as: code) == true { continue }
                previous = code
                if entries.index(forKey: code) == nil {
                    entries[code] = RuleEntry(id: list[index].rule, level: list[index].severity, description: nil)
                }
            }
        }
        return entries.values.sorted { $0.id.code < $1.id.code }
    }

    /// One `reportingDescriptor`.
    struct RuleEntry {
        var id: RuleID
        var level: Severity
        var description: RuleDescription?
    }

    /// A rule's `reportingDescriptor`, members in key order.
    static func write(_ entry: RuleEntry, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonKey("defaultConfiguration")
        out.openJSONObject()
        out.jsonMember("level", level(entry.level))
        out.closeJSON()
        if let description = entry.description {
            out.jsonKey("fullDescription")
            writeMessage(description.details, to: &out)
            out.jsonKey("help")
            out.openJSONObject()
            out.jsonMember("markdown", helpMarkdown(description))
            out.jsonMember("text", RuleDocumentation.text(for: description))
            out.closeJSON()
        }
        out.jsonMember("id", entry.id.code)
        out.jsonMember("name", entry.id.name)
        if entry.description != nil {
            out.jsonKey("properties")
            out.openJSONObject()
            out.jsonMember("tags", [category(of: entry.id.code)])
            out.closeJSON()
        }
        out.jsonKey("shortDescription")
        writeMessage(entry.description?.summary ?? entry.id.name, to: &out)
        out.closeJSON()
    }

    /// The rule's help as GitHub shows it under an alert.
    static func helpMarkdown(_ description: RuleDescription) -> String {
        let fence = description.failingExample.language == .objectiveC ? "objc" : description.failingExample.language.rawValue
        var text = "**\(description.id.code) \(description.id.name)**: \(description.summary)\n\n"
        text += "\(description.details)\n\n### Why it matters\n\n\(description.rationale)\n\n"
        text += "### Failing example\n\n```\(fence)\n\(description.failingExample.cleanText)\n```\n\n"
        text += "### Fixed example\n\n```\(fence)\n\(description.fixedExample.cleanText)\n```\n"
        for example in description.moreFixedExamples {
            text += "\n### Also silent: \(example.caption ?? "")\n\n```\(example.fence)\n\(example.cleanText)\n```\n"
        }
        return text
    }

    /// The family a code belongs to: OPL1xx structure, OPL2xx scheduling, OPL3xx API misuse.
    static func category(of code: String) -> String {
        switch code.dropFirst(3).first {
        case "1": "structure"
        case "2": "scheduling"
        case "3": "api-misuse"
        default: "input"
        }
    }
}
