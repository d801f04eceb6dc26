import Foundation
import Testing
@testable import OpLintCLI

/// oplint(1), `oplint help --man`, against what `oplint help` and `COMMAND --help` print.
@Suite struct ManualPageTests {
    static let page = FormatsCLI.run(["help", "--man"]).standardOutput

    /// The command names `oplint help` lists.
    static func helpCommands() -> [String] {
        let overview = FormatsCLI.run(["help"]).standardOutput
        return section("COMMANDS:", of: overview).compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The lines of a help section (`OPTIONS:`), up to the next blank line.
    static func section(_ title: String, of help: String) -> [String] {
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: title) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// The left column of the help rows that start with `-`: `-o, --output file` (without `<>`).
    static func helpOptions(_ help: String) -> Set<String> {
        Set(section("OPTIONS:", of: help).compactMap { line -> String? in
            let row = line.drop { $0 == " " }
            guard row.hasPrefix("-") else { return nil }
            let signature = row.components(separatedBy: "  ").first ?? ""
            return signature.replacingOccurrences(of: "<", with: "").replacingOccurrences(of: ">", with: "")
        })
    }

    /// A roff line as text: font changes dropped, `\-` and `\e` decoded.
    static func plain(_ roff: String) -> String {
        roff.replacingOccurrences(of: #"\\f[BIR]"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"\-"#, with: "-").replacingOccurrences(of: #"\e"#, with: #"\"#)
            .replacingOccurrences(of: #"\(dq"#, with: "\"")
    }

    /// The `.TP` tags of a run of roff lines.
    static func tags(_ lines: ArraySlice<String>) -> [String] {
        lines.indices.filter { lines[$0] == ".TP" && $0 + 1 < lines.endIndex }.map { plain(lines[$0 + 1]) }
    }

    /// The lines of the page's subsection for `command` (from its `.SS` to the next heading).
    static func manualSection(_ command: String) -> ArraySlice<String> {
        let lines = page.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(".SS \"oplint \(command) ") || $0 == ".SS \"oplint \(command)\"" }) else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".SS") || $0.hasPrefix(".SH") } ?? lines.endIndex
        return lines[start..<end]
    }

    @Test func everyCommandOfHelpHasItsSectionWithExactlyItsOptions() {
        let commands = Self.helpCommands()
        #expect(commands.count == OplintCLI.commands.count && commands.contains("lint") && commands.contains("completion"))
        for command in commands {
            let help = FormatsCLI.run([command, "--help"]).standardOutput
            let section = Self.manualSection(command)
            #expect(!section.isEmpty, "the manual page has no section for \(command)")
            let manual = Set(Self.tags(section).filter { $0.hasPrefix("-") })
            #expect(manual == Self.helpOptions(help), "\(command): manual \(manual.sorted()) vs help \(Self.helpOptions(help).sorted())")
            // The usage line heads the section; the abstract and every example follow.
            let usageLine = help.components(separatedBy: "\n").first { $0.hasPrefix("USAGE: ") }.map { String($0.dropFirst(7)) }
            #expect(usageLine.map { Self.plain(section.first ?? "") == ".SS \"\($0)\"" } == true, "\(command): \(section.first ?? "")")
            for argument in Self.section("ARGUMENTS:", of: help) {
                let name = argument.drop { $0 == " " }.components(separatedBy: " ").first ?? ""
                let bare = name.trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
                #expect(Self.tags(section).contains(bare), "\(command): argument \(bare) missing")
            }
            for example in Self.section("EXAMPLES:", of: help) where example.hasPrefix("  oplint") {
                let invocation = String(example.dropFirst(2))
                #expect(Self.tags(section).contains(invocation), "\(command): example '\(invocation)' missing")
            }
        }
    }

    @Test func theGlobalOptionsAndNothingElseOfTheOverview() {
        let lines = Self.page.components(separatedBy: "\n")
        let start = lines.firstIndex(of: ".SH OPTIONS") ?? lines.endIndex
        let end = lines[start...].dropFirst().firstIndex { $0.hasPrefix(".SH") } ?? lines.endIndex
        let manual = Set(Self.tags(lines[start..<end]))
        #expect(manual == Self.helpOptions(FormatsCLI.run(["help"]).standardOutput))
        #expect(manual == ["--version", "-h, --help"])
    }

    @Test func everyExitCodeHasItsMeaning() {
        let lines = Self.page.components(separatedBy: "\n")
        let start = lines.firstIndex(of: ".SH EXIT STATUS") ?? lines.endIndex
        let end = lines[start...].dropFirst().firstIndex { $0.hasPrefix(".SH") } ?? lines.endIndex
        #expect(Self.tags(lines[start..<end]) == ["0", "1", "2", "3"])
    }

    /// What `man` shows: the page rendered by groff without a warning, every command's usage
    /// and every option spelled as the user types it, and no roff escape left over.
    @Test func rendersCleanlyAndShowsEveryCommandAndOption() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("oplint.1")
        try Data(Self.page.utf8).write(to: file)
        let warnings = try FormatsCLI.bash("groff -man -Tutf8 -ww -z '\(file.path)' 2>&1")
        #expect(warnings.status == 0 && warnings.output.isEmpty, "groff (install groff-base: make setup): \(warnings.output)")
        let rendered = try FormatsCLI.bash("MANWIDTH=200 groff -man -Tascii -rLL=200n -P-c -P-b -P-u '\(file.path)'")
        #expect(rendered.status == 0)
        let text = rendered.output
        for command in Self.helpCommands() {
            let help = FormatsCLI.run([command, "--help"]).standardOutput
            let usage = help.components(separatedBy: "\n").first { $0.hasPrefix("USAGE: ") }.map { String($0.dropFirst(7)) } ?? ""
            #expect(text.contains(usage), "rendered page lacks '\(usage)'")
            for option in Self.helpOptions(help) {
                let long = option.components(separatedBy: " ").first { $0.hasPrefix("--") } ?? option
                #expect(text.contains(long), "rendered page lacks \(long) of \(command)")
            }
        }
        #expect(!text.contains("\\f") && !text.contains("\\[u") && !text.contains("\\-"), "escapes left in the rendered page")
        #expect(text.contains("OPLINT(1)") && text.contains("EXIT STATUS") && text.contains("NO_COLOR"))
    }

    @Test func thePageIsASCIIAndTheSameEveryTime() {
        #expect(Self.page.utf8.allSatisfy { $0 < 0x80 })
        #expect(FormatsCLI.run(["help", "--man"]).standardOutput == Self.page)
        #expect(Self.page.hasPrefix(#".\" oplint(1)"#) && Self.page.contains(".TH OPLINT 1 \"\" \"oplint \(OplintCLI.version)\""))
    }

    @Test(arguments: [
        ("a-b", #"a\-b"#),
        (#"C:\dir"#, #"C:\edir"#),
        (".starts with a dot", #"\&.starts with a dot"#),
        ("'quoted", #"\&'quoted"#),
        ("say \"x\"", #"say \(dqx\(dq"#),
        ("a → b", #"a \[u2192] b"#),
        ("×1.5", #"\[u00D7]1.5"#),
    ])
    func textIsEscapedForRoff(input: String, expected: String) {
        #expect(ManualPage.text(input) == expected)
    }

    @Test func manTakesNoCommand() {
        let outcome = FormatsCLI.run(["help", "lint", "--man"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("--man prints the whole manual page; it takes no command"))
    }
}
