import Foundation

/// `--name value` options after a subcommand, with their defaults.
struct Arguments {
    private var values: [String: String] = [:]
    /// Arguments that are not options.
    private(set) var positional: [String] = []

    /// Parses `arguments`; every option in `known` takes one value.
    init(_ arguments: ArraySlice<String>, known: Set<String>) throws(UsageError) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument.hasPrefix("-") && argument != "-" {
                guard known.contains(argument) else {
                    throw UsageError("unknown option \(argument); options: \(known.sorted().joined(separator: " "))")
                }
                guard index + 1 < arguments.endIndex else { throw UsageError("\(argument) needs a value") }
                values[argument] = arguments[index + 1]
                index += 2
            } else {
                positional.append(argument)
                index += 1
            }
        }
    }

    func string(_ name: String) -> String? { values[name] }

    func integer(_ name: String, default value: Int) throws(UsageError) -> Int {
        guard let text = values[name] else { return value }
        guard let number = Int(text), number >= 0 else { throw UsageError("\(name) must be a whole number ≥ 0, not \(text)") }
        return number
    }

    func integers(_ name: String, default value: [Int]) throws(UsageError) -> [Int] {
        guard let text = values[name] else { return value }
        var result: [Int] = []
        for part in text.split(separator: ",") {
            guard let number = Int(part.replacingOccurrences(of: "_", with: "")), number > 0 else {
                throw UsageError("\(name) must be a comma-separated list of sizes, not \(text)")
            }
            result.append(number)
        }
        return result
    }
}

/// A mistake in the command line: printed with the usage, exit code 2.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
