import Foundation

/// `oplint-bench`: the workload generator, the benchmarks, and the evaluation on real code.
let usage = """
usage:
  oplint-bench generate --operations N [--queues Q] [--cycles K] [--seed S] [--format json|tsort|dot] -o FILE
  oplint-bench generate --shape NAME --operations N [--seed S] -o FILE
      one of the adversarial shapes (JSON): \(ShapeBenchmark.shapeNames.joined(separator: ", "))
  oplint-bench load FILE...
      read graphs with the JSON loader in this process and print what was read
  oplint-bench redundant FILE... [--runs 5]
      redundant-dependency (OPL107) alone on the graph, in this process, at any size: the
      judging and the whole rule, median CPU time of --runs, and the work counted in steps
  oplint-bench lint [--sizes 10000,100000,1000000] [--runs 3] [--oplint PATH]
                    [--tools oplint,load,tsort,acyclic,networkx] [--queues Q] [--cycles K] [--seed S]
      generate the workload at each size, run every tool on it under /usr/bin/time and
      print a Markdown table of median wall time and peak memory (oplint in text and in JSON),
      then each peer's time as a multiple of oplint's and the lint budgets met or not
      (--cycles defaults to 0 here: GNU tsort becomes superlinear on graphs with cycles)
  oplint-bench render --oplint PATH [--sizes 100,1000] [--runs 5] [--queues Q] [--seed S]
      oplint render against dot -Tsvg on the DOT oplint emits, Graphviz in this process on the
      same DOT, start-up alone, the HTML report and the timeline, as a Markdown table
  oplint-bench extract --oplint PATH [--before PATH] [--lines 100000,300000,1000000] [--runs 11]
                       [--tools grep,rg,extract,lint] [--generator examples/source/generate-benchmark-tree.py]
      generate a tree of Swift and Objective-C of each size, then run grep -rc addDependency,
      ripgrep when installed, oplint extract and oplint lint (and the --before build's extract)
      on it in rounds (each round in a freshly shuffled order), and print the medians of wall
      and CPU time, peak memory and the ratio to grep as a Markdown table, then (at 1,000,000
      lines) the budget of 2 s and 3× grep, met or not
  oplint-bench realcode DIR [--oplint PATH] [--judgments FILE] [--runs 3]
      lint every checkout in DIR as a user would (oplint lint CHECKOUT --format json) and print
      a Markdown row per repository: commit, lines, operations, dependencies, queues, findings
      by severity, errors and warnings judged true / false in FILE, API calls followed, time
  oplint-bench shapes --oplint PATH [--shapes a,b] [--sizes 10000,100000,1000000] [--runs 1]
                      [--timeout 60] [--commands lint,lint-all-formats,simulate] [--seed S]
      lint and simulate every shape at each size (each run stopped after --timeout s of CPU):
      time, memory and output size, then the growth per tenfold against the budgets
  oplint-bench formats --oplint PATH [--sizes 100000,200000] [--shapes a,b|none] [--shape-operations 100000]
                       [--formats text,json,…] [--runs 7] [--seed S]
      lint the random workload at each size and the shapes that give a finding per operation
      (default small-cycles, chain-no-queue, wait-chain, shared-tail) with every format written
      to a file (-o, --redundant-limit 0), the formats in a freshly shuffled order each round:
      median wall and CPU time (to the microsecond), peak memory, output size, and each
      format's wall and CPU time as multiples of text's, as a Markdown table; then each
      format against the budget of 10% over text, met or not
"""

func fail(_ message: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("oplint-bench: \(message)\n".utf8))
    exit(code)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("missing command\n\(usage)") }
do {
    switch arguments[1] {
    case "generate": try GenerateCommand.run(arguments.dropFirst(2))
    case "load": try LoadCommand.run(arguments.dropFirst(2))
    case "redundant": try RedundantCommand.run(arguments.dropFirst(2))
    case "lint": try LintBenchmark.run(arguments.dropFirst(2))
    case "render": try RenderBenchmark.run(arguments.dropFirst(2))
    case "extract": try ExtractBenchmark.run(arguments.dropFirst(2))
    case "realcode": try RealCodeBenchmark.run(arguments.dropFirst(2))
    case "shapes": try ShapeBenchmark.run(arguments.dropFirst(2))
    case "formats": try FormatsBenchmark.run(arguments.dropFirst(2))
    case "help", "--help", "-h": print(usage)
    default: fail("unknown command \(arguments[1])\n\(usage)")
    }
} catch let error as UsageError {
    fail("\(error.message)\n\(usage)")
} catch {
    fail("\(error)")
}
