extension HTMLReport {
    /// One row per finding in report order: severity (symbol and word, never colour alone),
    /// location, rule, message; related places, notes and the fix under the message.
    func writeFindings(to page: inout HTMLPage) {
        let reported = result.reported
        let suppressed = result.findings.filter(\.isSuppressed)
        page.raw("<section id=\"findings\">\n<h2>Findings</h2>\n")
        if reported.isEmpty {
            page.raw("<p>No findings.</p>\n")
        } else {
            writeFindingTable(reported, to: &page)
        }
        if !suppressed.isEmpty {
            page.raw("<details class=\"suppressed\"><summary>\(suppressed.count) suppressed</summary>\n")
            writeFindingTable(suppressed, to: &page)
            page.raw("</details>\n")
        }
        page.raw("</section>\n")
    }

    private func writeFindingTable(_ findings: [Finding], to page: inout HTMLPage) {
        page.raw("<table class=\"findings\">\n<thead><tr><th>Severity</th><th>Location</th><th>Rule</th><th>Message</th></tr></thead>\n<tbody>\n")
        for finding in findings {
            let severity = finding.severity
            page.raw("<tr class=\"\(severity.rawValue)\"><td class=\"severity\"><span aria-hidden=\"true\">\(Self.symbol(severity))</span> \(severity.rawValue)</td><td>")
            writeLocation(finding.location, to: &page)
            page.raw("</td><td><code>")
            page.text(finding.rule.code)
            page.raw("</code> ")
            page.text(finding.rule.name)
            page.raw("</td><td><div class=\"message\">")
            page.text(finding.message)
            page.raw("</div>")
            if !finding.related.isEmpty || !finding.notes.isEmpty || finding.fix != nil {
                page.raw("\n<ul class=\"details\">")
                for related in finding.related {
                    page.raw("<li>")
                    writeLocation(related.location, to: &page)
                    page.raw(" ")
                    page.text(related.message)
                    page.raw("</li>")
                }
                for note in finding.notes {
                    page.raw("<li><span class=\"label\">note:</span> ")
                    page.text(note)
                    page.raw("</li>")
                }
                if let fix = finding.fix {
                    page.raw("<li class=\"fix\"><span class=\"label\">fix:</span> ")
                    page.text(fix.message)
                    page.raw("</li>")
                }
                page.raw("</ul>")
            }
            page.raw("</td></tr>\n")
        }
        page.raw("</tbody>\n</table>\n")
    }
}
