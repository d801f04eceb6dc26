/// Help text generated from a command's declaration, in the shape swift-argument-parser prints.
enum HelpFormatter {
    static func help(for configuration: CommandConfiguration, toolName: String = "oplint") -> String {
        var lines: [String] = []
        lines.append("OVERVIEW: \(configuration.abstract)")
        if !configuration.discussion.isEmpty {
            lines.append("")
            lines.append(configuration.discussion)
        }
        lines.append("")
        lines.append("USAGE: \(usage(for: configuration, toolName: toolName))")
        if !configuration.arguments.isEmpty {
            lines.append("")
            lines.append("ARGUMENTS:")
            for argument in configuration.arguments {
                lines.append(row("<\(argument.name)>", argument.help))
            }
        }
        lines.append("")
        lines.append("OPTIONS:")
        for option in configuration.options {
            var help = option.help
            if !option.choices.isEmpty, option.kind != .flag {
                help += " (\(option.choices.joined(separator: "|")))"
            }
            if let value = option.defaultValue {
                help += " (default: \(value))"
            }
            lines.append(row(signature(of: option), help))
        }
        if !configuration.examples.isEmpty {
            lines.append("")
            lines.append("EXAMPLES:")
            for example in configuration.examples {
                lines.append("  \(example.command)")
                lines.append("      \(example.explanation)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func usage(for configuration: CommandConfiguration, toolName: String = "oplint") -> String {
        var parts = [toolName, configuration.name]
        for argument in configuration.arguments {
            let name = "<\(argument.name)>" + (argument.maximum == nil ? " ..." : "")
            parts.append(argument.minimum == 0 ? "[\(name)]" : name)
        }
        parts.append("[<options>]")
        return parts.joined(separator: " ")
    }

    static func signature(of option: Option) -> String {
        var text = option.short.map { "-\($0), " } ?? ""
        text += "--\(option.name)"
        switch option.kind {
        case .flag: break
        case .value(let name), .repeated(let name): text += " <\(name)>"
        }
        return text
    }

    /// A two-column row: the left column padded to 26 characters, long ones on their own line.
    static func row(_ left: String, _ right: String) -> String {
        let indent = "  "
        let width = 26
        if left.count + 2 <= width {
            return indent + left + String(repeating: " ", count: width - left.count) + right
        }
        return indent + left + "\n" + String(repeating: " ", count: width + indent.count) + right
    }
}
