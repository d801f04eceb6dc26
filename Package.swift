// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "oplint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "oplint", targets: ["oplint"]),
        .library(name: "OpLint", targets: ["OpLintCore", "OpLintSource", "OpLintRender"]),
    ],
    targets: [
        // simdjson (Debian libsimdjson-dev) behind a small C interface: the JSON pull parser.
        .target(
            name: "CSimdJSON",
            cxxSettings: [.unsafeFlags(["-O3"])],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        // Graphviz (Debian libgraphviz-dev): libgvc and libcgraph, linked in-process.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"])]
        ),
        // The model, JSON loading, graph analysis, rules, simulation and reporting. No Graphviz.
        .target(name: "OpLintCore", dependencies: ["CSimdJSON"]),
        // Operation graphs from Swift and Objective-C source.
        .target(name: "OpLintSource", dependencies: ["OpLintCore"]),
        // DAG and timeline drawings through libgvc; the only target that imports Graphviz.
        .target(name: "OpLintRender", dependencies: ["OpLintCore", "CGraphviz"]),
        // The commands: declared options, help, exit codes.
        .target(name: "OpLintCLI", dependencies: ["OpLintCore", "OpLintSource", "OpLintRender"]),
        .executableTarget(name: "oplint", dependencies: ["OpLintCLI"]),
        // The workload generator and the benchmark harness (docs/performance.md).
        .executableTarget(name: "oplint-bench", dependencies: ["OpLintCore"]),

        .testTarget(name: "OpLintCoreTests", dependencies: ["OpLintCore"]),
        // The simulator's linux model against the real Foundation OperationQueue.
        .testTarget(name: "GroundTruthTests", dependencies: ["OpLintCore"]),
        .testTarget(name: "OpLintRenderTests", dependencies: ["OpLintRender", "OpLintCore"], exclude: ["Snapshots"]),
        .testTarget(name: "OpLintSourceTests", dependencies: ["OpLintSource", "OpLintCore"], resources: [.copy("Corpus")]),
        .testTarget(name: "OpLintCLITests", dependencies: ["OpLintCLI", "oplint"], exclude: ["Snapshots"]),
    ],
    cxxLanguageStandard: .cxx17
)
