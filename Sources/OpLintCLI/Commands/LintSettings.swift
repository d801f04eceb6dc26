#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OpLintCore

/// What `lint` takes from outside the command line: the configuration file, the baseline
/// and the GitHub job summary.
struct LintSettings {
    /// `--config FILE`.
    var configPath: String?
    /// `--baseline FILE`.
    var baselinePath: String?
    /// `--write-baseline FILE`.
    var writeBaselinePath: String?

    init(_ arguments: ParsedArguments) {
        configPath = arguments.value("config")
        baselinePath = arguments.value("baseline")
        writeBaselinePath = arguments.value("write-baseline")
    }

    /// Two formats may not write to the same file.
    ///
    /// Two spellings of one file (`out.json`, `./out.json`, a symbolic link to it) are one
    /// destination: the reports are written side by side and must not meet in one file. A
    /// character device (`/dev/null`) may take any number of them.
    static func checkDestinations(_ files: [String]) throws {
        var seen: Set<String> = []
        for file in files where OutputFile.fileType(file) != S_IFCHR && !seen.insert(URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path).inserted {
            throw CommandError.usage("two formats write to '\(file)'; give each its own file (sarif:out.sarif)", command: "lint")
        }
    }

    /// `path` resolved against the working directory.
    static func absolute(_ path: String, _ context: CommandContext) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: context.currentDirectory).appendingPathComponent(path).standardizedFileURL.path
    }

    /// The `--config` file, else the nearest `.oplint.json`, else the defaults.
    func configuration(_ context: CommandContext) throws -> Configuration {
        let path = configPath.map { Self.absolute($0, context) } ?? Configuration.find(from: context.currentDirectory)
        guard let path else { return Configuration() }
        do {
            return try Configuration.load(path: path)
        } catch {
            throw CommandError.input(error.description)
        }
    }

    /// Writes the baseline if asked, then hides the findings the baseline records.
    func applyBaseline(
        to result: inout LintResult,
        reportContext: inout ReportContext,
        configuration: Configuration,
        inputs: [String],
        context: CommandContext
    ) throws {
        let baseline: Baseline
        let path: String
        if let writeBaselinePath {
            path = Self.absolute(writeBaselinePath, context)
            baseline = Baseline(findings: result.findings, files: fileKey(path, context))
            try OutputFile.write(baseline.serialized(), to: path, inputs: inputs)
        } else if let given = baselinePath.map({ Self.absolute($0, context) }) ?? configuration.baseline {
            path = given
            do {
                baseline = try Baseline.load(path: path)
            } catch {
                throw CommandError.input(error.description)
            }
        } else {
            return
        }
        let split = baseline.apply(to: result, files: fileKey(path, context))
        result = split.result
        reportContext.baselineUnchanged = split.unchanged
    }

    private func fileKey(_ baselinePath: String, _ context: CommandContext) -> Baseline.FileKey {
        Baseline.FileKey(
            currentDirectory: context.currentDirectory,
            baselineDirectory: URL(fileURLWithPath: baselinePath).deletingLastPathComponent().path
        )
    }

    /// With `--format github` inside GitHub Actions, appends the Markdown summary to `$GITHUB_STEP_SUMMARY`.
    func appendStepSummary(_ result: LintResult, reportContext: ReportContext, reporters: [any FindingReporter], context: CommandContext) throws {
        guard reporters.contains(where: { $0 is GitHubReporter }),
              let path = context.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty
        else { return }
        var summaryContext = reportContext
        summaryContext.color = false
        // `GitHubReporter.stepSummary` as bytes, without the copy into a string.
        let summary = MarkdownReporter().reportBytes(result, context: summaryContext)
        // Appended to the end, the file made if it is not there yet.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw CommandError.output("\(path): error: cannot append the job summary (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        let failure = summary.withUnsafeBufferPointer { OutputFile.writeAll($0, to: descriptor) }
        if failure != 0 {
            throw CommandError.output("\(path): error: cannot append the job summary (\(String(cString: strerror(failure))))")
        }
    }
}
