// oplint-fuzz: runs one fuzz target of OpLintFuzzing (docs/fuzzing.md).
//
//   oplint-fuzz --list                       the targets, their input limit and what they check
//   oplint-fuzz --seeds TARGET               the repository directories whose files are its seeds too
//   oplint-fuzz TARGET [libFuzzer options] [CORPUS…]   built by `make fuzz`: fuzz with libFuzzer
//   oplint-fuzz TARGET FILE|DIRECTORY…       any other build: run the target on each file once
import Foundation
import OpLintFuzzing
#if OPLINT_FUZZING
import CLibFuzzer
#endif

/// The target libFuzzer's callback runs (a C function cannot capture it).
nonisolated(unsafe) var selectedTarget: FuzzTarget?

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("oplint-fuzz: \(message)\n".utf8))
    exit(status)
}

func listTargets() {
    for target in FuzzTargets.all {
        print("\(target.name.padding(toLength: 14, withPad: " ", startingAt: 0)) -max_len=\(target.maximumLength)  \(target.summary)")
    }
}

/// The target named by the first argument, or by `--target=NAME` (how libFuzzer's own
/// child processes, which get the same options, name it).
func chosenTarget(in arguments: [String]) -> (FuzzTarget, rest: [String]) {
    var rest = Array(arguments.dropFirst())
    let name: String
    if let index = rest.firstIndex(where: { $0.hasPrefix("--target=") }) {
        name = String(rest[index].dropFirst("--target=".count))
        rest.remove(at: index)
    } else if let first = rest.first, !first.hasPrefix("-") {
        name = first
        rest.removeFirst()
    } else {
        fail("name a target: oplint-fuzz TARGET …; the targets are \(FuzzTargets.all.map(\.name).joined(separator: ", "))")
    }
    guard let target = FuzzTargets.named(name) else {
        fail("no target named '\(name)'; the targets are \(FuzzTargets.all.map(\.name).joined(separator: ", "))")
    }
    return (target, rest)
}

/// Every file named, directories read with their subdirectories (as libFuzzer reads them), in sorted order.
func inputFiles(_ paths: [String]) -> [String] {
    var files: [String] = []
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { fail("no such file or directory: \(path)") }
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            files += inputFiles(names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 })
        } else {
            files.append(path)
        }
    }
    return files
}

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--seeds" {
    guard let target = FuzzTargets.named(CommandLine.arguments[2]) else { fail("no target named '\(CommandLine.arguments[2])'") }
    for directory in target.repositorySeeds { print(directory) }
    exit(0)
}
if CommandLine.arguments.contains("--list") || CommandLine.arguments.count < 2 {
    listTargets()
    exit(CommandLine.arguments.count < 2 ? 2 : 0)
}
let (target, options) = chosenTarget(in: CommandLine.arguments)
selectedTarget = target

#if OPLINT_FUZZING
// libFuzzer ignores options that start with `--`, and passes its options on to the processes
// it starts (-minimize_crash, -merge), so the target's name travels as one.
var driverArguments = [CommandLine.arguments[0], "--target=\(target.name)"]
if !options.contains(where: { $0.hasPrefix("-max_len=") }) { driverArguments.append("-max_len=\(target.maximumLength)") }
driverArguments += options
var argc = Int32(driverArguments.count)
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = .allocate(capacity: driverArguments.count + 1)
for (index, argument) in driverArguments.enumerated() { argv?[index] = strdup(argument) }
argv?[driverArguments.count] = nil
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    guard let target = selectedTarget else { return 0 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do throws(FuzzFailure) {
        try target.run(bytes)
    } catch {
        FileHandle.standardError.write(Data("oplint-fuzz: \(target.name): \(error.message)\n".utf8))
        abort()
    }
    return 0
}
exit(status)
#else
let files = inputFiles(options.filter { !$0.hasPrefix("-") })
if files.isEmpty { fail("give files or directories of inputs to run \(target.name) on (this build has no libFuzzer; see `make fuzz`)") }
var failures = 0
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
    do throws(FuzzFailure) {
        try target.run([UInt8](data))
    } catch {
        failures += 1
        print("\(file): \(target.name): \(error.message)")
    }
}
print("\(target.name): \(files.count) inputs, \(failures) failed")
exit(failures == 0 ? 0 : 1)
#endif
