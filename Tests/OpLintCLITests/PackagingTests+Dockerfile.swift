import Foundation
import Testing
@testable import OpLintCLI

/// The Dockerfile, read instruction by instruction; built and run only where a container
/// engine answers (this machine has the docker client but no engine).
extension PackagingTests {
    struct Instruction {
        var keyword: String
        var arguments: String
    }

    struct Stage {
        var image: String
        var name: String?
        var instructions: [Instruction]
    }

    /// The stages of the Dockerfile, with `ARG` defaults substituted into `FROM`.
    static func dockerStages() throws -> (arguments: [String: String], stages: [Stage]) {
        let text = try String(contentsOf: root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        var logical: [String] = []
        var pending = ""
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") || (trimmed.isEmpty && pending.isEmpty) { continue }
            if trimmed.hasSuffix("\\") {
                pending += String(trimmed.dropLast()) + " "
            } else {
                logical.append(pending + trimmed)
                pending = ""
            }
        }
        var arguments: [String: String] = [:]
        var stages: [Stage] = []
        for line in logical where !line.isEmpty {
            let keyword = String(line.prefix { $0 != " " }).uppercased()
            let rest = String(line.drop { $0 != " " }).trimmingCharacters(in: .whitespaces)
            if keyword == "ARG", stages.isEmpty {
                let parts = rest.components(separatedBy: "=")
                arguments[parts[0]] = parts.dropFirst().joined(separator: "=")
            } else if keyword == "FROM" {
                let words = rest.components(separatedBy: " ").filter { !$0.isEmpty }
                var image = words.first ?? ""
                for (name, value) in arguments { image = image.replacingOccurrences(of: "${\(name)}", with: value) }
                let name = words.count == 3 && words[1].uppercased() == "AS" ? words[2] : nil
                stages.append(Stage(image: image, name: name, instructions: []))
            } else if !stages.isEmpty {
                stages[stages.count - 1].instructions.append(Instruction(keyword: keyword, arguments: rest))
            }
        }
        return (arguments, stages)
    }

    /// The packages an `apt-get install` in these instructions names.
    static func installedPackages(_ instructions: [Instruction]) -> [String] {
        instructions.filter { $0.keyword == "RUN" }.flatMap { instruction -> [String] in
            instruction.arguments.components(separatedBy: "&&").flatMap { command -> [String] in
                let words = command.components(separatedBy: " ").filter { !$0.isEmpty }
                guard let install = words.firstIndex(of: "install"), words[..<install].contains("apt-get") else { return [] }
                return words[(install + 1)...].filter { !$0.hasPrefix("-") }
            }
        }
    }

    @Test func dockerfileBuildsOnTheSwiftImageAndShipsOnlyTheBinaryAndRuntimeLibraries() throws {
        let (_, stages) = try Self.dockerStages()
        try #require(stages.count == 2, "a build stage and a final stage")
        let build = stages[0], final = stages[1]

        // The build stage: the official Swift image of the toolchain the package is tested with,
        // and the Makefile's own dependency list and release flags.
        #expect(build.name == "build")
        let toolchain = try FormatsCLI.bash("swift --version 2>&1 | sed -n 's/.*Swift version \\([0-9]*\\.[0-9]*\\).*/\\1/p' | head -1").output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(build.image == "swift:\(toolchain)-bookworm", "\(build.image)")
        let runs = build.instructions.filter { $0.keyword == "RUN" }.map(\.arguments).joined(separator: "\n")
        #expect(runs.contains("make build-deps") && runs.contains("make release"))
        #expect(Self.installedPackages(build.instructions) == ["make"], "the build stage's packages come from the Makefile")

        // The final stage: Debian of the same release, the binary and runtime packages only.
        #expect(final.image == "debian:bookworm-slim")
        #expect(final.instructions.allSatisfy { ["RUN", "COPY", "WORKDIR", "CMD"].contains($0.keyword) },
                "\(final.instructions.map(\.keyword))")
        let copies = final.instructions.filter { $0.keyword == "COPY" }.map(\.arguments)
        #expect(copies == ["--from=build /src/.build/release/oplint /usr/local/bin/oplint"])
        #expect(build.instructions.contains { $0.keyword == "WORKDIR" && $0.arguments == "/src" })
        let packages = Self.installedPackages(final.instructions)
        #expect(packages == ["libgvc6", "libsimdjson14"])
        #expect(packages.allSatisfy { !$0.hasSuffix("-dev") })
        #expect(!final.instructions.contains { $0.keyword == "ENTRYPOINT" }, "CI systems need the image's shell")

        // Those packages bring every library the release binary links, beyond the C and C++
        // runtimes of the base image (checked against this Debian 12's package lists).
        let codename = try FormatsCLI.bash(". /etc/os-release && printf %s \"$VERSION_CODENAME\"").output
        guard codename == "bookworm" else { return }
        let release = try Self.make(["release"])
        try #require(release.status == 0, "\(release.output)")
        let closure = try FormatsCLI.bash("""
        apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
          --no-enhances --no-pre-depends \(packages.joined(separator: " ")) | grep -v '^ ' | sort -u
        """)
        #expect(closure.status == 0)
        let provided = Set(closure.output.components(separatedBy: "\n").map { $0.replacingOccurrences(of: ":amd64", with: "") })
            .union(["libc6", "libstdc++6", "libgcc-s1"])
        let needed = try FormatsCLI.bash("""
        for library in $(readelf -d \(Self.quoted(Self.scratch + "/release/oplint")) | sed -n 's/.*Shared library: \\[\\(.*\\)\\]/\\1/p'); do
          path=$(ldconfig -p | awk -v name="$library" '$1 == name { print $NF; exit }')
          { dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")"; } | sed 's/:.*//'
        done | sort -u
        """)
        #expect(needed.status == 0, "\(needed.output)")
        for package in needed.output.components(separatedBy: "\n") where !package.isEmpty {
            #expect(provided.contains(package), "the final image lacks \(package)")
        }
    }

    /// `docker` or `podman`, when its `info` answers (a client alone is not enough).
    static let containerEngine: String? = {
        let engine = try? FormatsCLI.bash("for tool in docker podman; do command -v $tool >/dev/null && $tool info >/dev/null 2>&1 && { echo $tool; exit 0; }; done; exit 1")
        guard let engine, engine.status == 0 else { return nil }
        return engine.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    /// Only where a container engine answers: build the image and lint in it.
    @Test(.enabled(if: PackagingTests.containerEngine != nil, "no container engine answers on this machine"))
    func dockerImageBuildsAndLints() throws {
        let tool = try #require(Self.containerEngine)
        let tag = "oplint-test:\(UUID().uuidString.prefix(8).lowercased())"
        let built = try FormatsCLI.bash("\(tool) build -t \(tag) \(Self.quoted(Self.root.path)) 2>&1")
        try #require(built.status == 0, "\(built.output)")
        defer { _ = try? FormatsCLI.bash("\(tool) rmi \(tag) >/dev/null 2>&1") }
        let examples = Self.root.appendingPathComponent("examples/image-pipeline").path
        let run = try FormatsCLI.bash("\(tool) run --rm -v \(Self.quoted(examples)):/work:ro \(tag) oplint broken.json 2>&1")
        #expect(run.status == 1 && run.output.contains("dependency cycle"), "\(run.output)")
        let render = try FormatsCLI.bash("\(tool) run --rm -v \(Self.quoted(examples)):/work:ro \(tag) oplint render graph.json -o - --format svg")
        #expect(render.status == 0 && render.output.contains("<svg"), "\(render.output)")
    }
}
