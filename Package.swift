// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "oplint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "oplint", targets: ["oplint"]),
        .library(name: "OpLint", targets: ["OpLintCore", "OpLintSource", "OpLintRender", "OpLintCapture"]),
        .library(name: "OpLintTesting", targets: ["OpLintTesting"]),
        .plugin(name: "OpLintCommandPlugin", targets: ["OpLintCommandPlugin"]),
        .plugin(name: "OpLintBuildToolPlugin", targets: ["OpLintBuildToolPlugin"]),
    ],
    targets: [
        // simdjson as the system installs it (simdjson.pc: Debian, Homebrew, MacPorts, Nix).
        .systemLibrary(
            name: "LibSimdJSON",
            pkgConfig: "simdjson",
            providers: [.apt(["libsimdjson-dev"]), .brew(["simdjson"])]
        ),
        // simdjson behind a small C interface: the JSON pull parser.
        .target(
            name: "CSimdJSON",
            dependencies: ["LibSimdJSON"],
            cxxSettings: [.unsafeFlags(["-O3"])]
        ),
        // Graphviz (libgvc.pc): libgvc and libcgraph, linked in-process.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // Byte scans the report writers run sixteen bytes at a time (SSE2 or NEON, else byte by
        // byte), and the skim that lets the extractor pass over files that never mention the API
        // (built for any processor and, chosen at run time, for AVX2).
        .target(name: "CTextScan"),
        // The model, JSON loading, graph analysis, rules, simulation and reporting. No Graphviz,
        // and only FoundationEssentials of Foundation, as every target the command line links.
        .target(name: "OpLintCore", dependencies: ["CSimdJSON", "CTextScan"]),
        // Snapshots of live `OperationQueue`s as graphs: the one library target that needs all of
        // Foundation, kept out of the command line (which then starts without Foundation's
        // initialisation, docs/performance.md).
        .target(name: "OpLintCapture", dependencies: ["OpLintCore"]),
        // Operation graphs from Swift and Objective-C source.
        .target(name: "OpLintSource", dependencies: ["OpLintCore", "CTextScan"]),
        // DAG and timeline drawings through libgvc; the only target that imports Graphviz.
        .target(name: "OpLintRender", dependencies: ["OpLintCore", "CGraphviz"]),
        // The commands: declared options, help, exit codes.
        .target(name: "OpLintCLI", dependencies: ["OpLintCore", "OpLintSource", "OpLintRender"]),
        .executableTarget(name: "oplint", dependencies: ["OpLintCLI"]),
        // Assertions for an app's own tests: lint a graph captured from live queues (XCTest and Swift Testing).
        .target(name: "OpLintTesting", dependencies: ["OpLintCore", "OpLintCapture"]),
        // `swift package oplint`, and linting during `swift build`.
        .plugin(
            name: "OpLintCommandPlugin",
            capability: .command(intent: .custom(verb: "oplint", description: "Lint the package's OperationQueue graphs with oplint")),
            dependencies: ["oplint"]
        ),
        .plugin(name: "OpLintBuildToolPlugin", capability: .buildTool(), dependencies: ["oplint"]),
        // Adversarial graph shapes (chains, stars, giant and tiny cycles, deep waits…) as JSON,
        // for the benchmark and for the tests that count the work each algorithm does on them.
        .target(name: "OpLintShapes", dependencies: ["OpLintCore"]),
        // The workload generator and the benchmark harness (docs/performance.md), and the real-code evaluation (docs/source.md).
        .executableTarget(name: "oplint-bench", dependencies: ["OpLintCore", "OpLintSource", "OpLintRender", "OpLintShapes"]),
        // Fuzz targets (docs/fuzzing.md): functions from bytes to checked promises, run by libFuzzer
        // through oplint-fuzz (`make fuzz`) and replayed over their corpora by OpLintFuzzingTests.
        .target(name: "OpLintFuzzing", dependencies: ["OpLintCore", "OpLintSource", "CSimdJSON"]),
        // libFuzzer's driver, declared; only `make fuzz` links it.
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "oplint-fuzz", dependencies: ["OpLintFuzzing", "CLibFuzzer"]),

        .testTarget(name: "OpLintCoreTests", dependencies: ["OpLintCore", "OpLintCapture", "OpLintTesting", "OpLintShapes", "CTextScan"]),
        // The simulator's linux model against the real Foundation OperationQueue.
        .testTarget(name: "GroundTruthTests", dependencies: ["OpLintCore"]),
        // The rules against the simulator on seeded random graphs, in both platform models.
        .testTarget(name: "DifferentialTests", dependencies: ["OpLintCore"], exclude: ["Regressions"]),
        .testTarget(name: "OpLintRenderTests", dependencies: ["OpLintRender", "OpLintCore"], exclude: ["Snapshots"]),
        .testTarget(name: "OpLintSourceTests", dependencies: ["OpLintSource", "OpLintCore", "CTextScan"], resources: [.copy("Corpus")]),
        .testTarget(name: "OpLintCLITests", dependencies: ["OpLintCLI", "oplint"], exclude: ["Snapshots"]),
        .testTarget(name: "OpLintFuzzingTests", dependencies: ["OpLintFuzzing", "OpLintCore", "OpLintSource", "CSimdJSON"], exclude: ["Corpus", "Regressions", "Dictionaries"]),
    ],
    cxxLanguageStandard: .cxx17
)
