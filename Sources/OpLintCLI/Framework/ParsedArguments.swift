/// The arguments of one command line, checked against the command's declaration.
public struct ParsedArguments: Sendable {
    public let command: String
    public private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    init(command: String) {
        self.command = command
    }

    /// Whether `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given to `--name`.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given to `--name`, in order.
    public func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of `--name` as an integer within `range`.
    public func integer(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            let bound = range.upperBound == Int.max ? "an integer ≥ \(range.lowerBound)" : "an integer from \(range.lowerBound) to \(range.upperBound)"
            throw CommandError.usage("--\(name) expects \(bound), got '\(text)'", command: command)
        }
        return number
    }

    /// The value of `--name` as a finite number ≥ 0.
    public func seconds(_ name: String) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite, number >= 0 else {
            throw CommandError.usage("--\(name) expects a number of seconds ≥ 0, got '\(text)'", command: command)
        }
        return number
    }

    mutating func addPositional(_ value: String) { positionals.append(value) }
    mutating func setFlag(_ name: String) { flags.insert(name) }
    mutating func add(_ value: String, for name: String) { values[name, default: []].append(value) }
}

/// Parses a command line against a `CommandConfiguration`.
enum ArgumentParser {
    /// - Throws: `CommandError.usage` naming the problem, with a suggestion for misspelt options.
    static func parse(_ arguments: [String], for configuration: CommandConfiguration) throws -> ParsedArguments {
        var parsed = ParsedArguments(command: configuration.name)
        var index = 0
        var onlyPositionals = false
        func usage(_ message: String) -> CommandError { .usage(message, command: configuration.name) }

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.addPositional(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var inlineValue: String?
            let option: Option
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let found = configuration.options.first(where: { $0.name == name }) else {
                    let names = configuration.options.map { "--" + $0.name }
                    let hint = Suggestion.closest(to: "--" + name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
                    throw usage("unknown option '--\(name)'\(hint)")
                }
                option = found
            } else {
                let letters = Array(argument.dropFirst())
                guard let letter = letters.first,
                      let found = configuration.options.first(where: { $0.short == letter })
                else {
                    throw usage("unknown option '\(argument)'")
                }
                if letters.count > 1 {
                    guard found.kind != .flag else { throw usage("unknown option '\(argument)'") }
                    inlineValue = String(letters.dropFirst())
                }
                option = found
            }

            switch option.kind {
            case .flag:
                if inlineValue != nil { throw usage("--\(option.name) takes no value") }
                parsed.setFlag(option.name)
            case .value(let valueName), .repeated(let valueName):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw usage("--\(option.name) needs a value <\(valueName)>") }
                    value = arguments[index]
                    index += 1
                }
                if !option.choices.isEmpty {
                    // A value may carry a suffix such as `sarif:out.sarif`; the choice is what precedes the colon.
                    let choice = option.kind == .repeated(name: valueName) ? String(value.prefix { $0 != ":" }) : value
                    if !option.choices.contains(choice) {
                        let hint = Suggestion.closest(to: choice, among: option.choices).map { "; did you mean '\($0)'?" } ?? ""
                        throw usage("--\(option.name) expects one of \(option.choices.joined(separator: ", ")), got '\(choice)'\(hint)")
                    }
                }
                parsed.add(value, for: option.name)
            }
        }

        if !parsed.flag("help") {
            try checkPositionals(parsed.positionals, configuration, usage)
        }
        return parsed
    }

    private static func checkPositionals(
        _ positionals: [String],
        _ configuration: CommandConfiguration,
        _ usage: (String) -> CommandError
    ) throws {
        let minimum = configuration.arguments.reduce(0) { $0 + $1.minimum }
        let maximum: Int? = configuration.arguments.contains { $0.maximum == nil }
            ? nil : configuration.arguments.reduce(0) { $0 + ($1.maximum ?? 0) }
        if positionals.count < minimum {
            let missing = configuration.arguments.map { "<\($0.name)>" }.joined(separator: " ")
            throw usage("missing \(missing)")
        }
        if let maximum, positionals.count > maximum {
            throw usage("unexpected argument '\(positionals[maximum])'")
        }
    }
}
