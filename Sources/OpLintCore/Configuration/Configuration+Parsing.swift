#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Configuration {
    /// The top-level keys, in the order the documentation lists them.
    public static let keys = ["rules", "exclude", "baseline", "simulation"]
    /// The keys of `simulation`.
    public static let simulationKeys = ["defaultWidth", "threads", "cores", "cpus"]
    /// The values a rule may be set to.
    public static let ruleSettings = ["off", "note", "warning", "error"]

    /// Parses and checks a configuration: unknown keys and rule names are errors with a suggestion.
    ///
    /// - Complexity: O(*n*) in the file size, plus O(*r*) name lookups per rule setting.
    public static func parse(_ bytes: [UInt8], path: String) throws(ConfigurationError) -> Configuration {
        let document = Document(path: path, bytes: bytes)
        func error(_ offset: Int, _ message: String) -> ConfigurationError {
            ConfigurationError(location: document.location(ofOffset: offset), message: message)
        }
        func unknown(_ what: String, _ name: String, among candidates: [String]) -> String {
            let hint = EditDistance.closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown \(what) '\(name)'\(hint)"
        }
        let root: PositionedJSON
        do {
            root = try PositionedJSON.parse(bytes)
        } catch {
            throw ConfigurationError(location: document.location(ofOffset: error.offset), message: error.message)
        }
        guard let members = root.members else { throw error(root.offset, "expected an object, found \(root.kindName)") }

        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var configuration = Configuration(path: path, directory: directory)
        for member in members {
            let value = member.value
            switch member.key {
            case "rules":
                guard let rules = value.members else { throw error(value.offset, "'rules' must be an object, found \(value.kindName)") }
                let names = RuleRegistry.all.flatMap { [$0.description.id.code, $0.description.id.name] }
                for rule in rules {
                    guard let type = RuleRegistry.rule(named: rule.key) else {
                        throw error(rule.keyOffset, unknown("rule", rule.key, among: names))
                    }
                    guard let setting = rule.value.string, ruleSettings.contains(setting) else {
                        let found = rule.value.string.map { "'\($0)'" } ?? rule.value.kindName
                        throw error(rule.value.offset, "rule '\(rule.key)' must be one of \(ruleSettings.joined(separator: ", ")), found \(found)")
                    }
                    configuration.rules[type.description.id.code] = setting == "off" ? .some(nil) : Severity(rawValue: setting)
                }
            case "exclude":
                guard let patterns = value.elements else { throw error(value.offset, "'exclude' must be an array of glob patterns, found \(value.kindName)") }
                for pattern in patterns {
                    guard let text = pattern.string, !text.isEmpty else { throw error(pattern.offset, "an 'exclude' pattern must be a non-empty string") }
                    configuration.exclude.append(text)
                }
            case "baseline":
                guard let text = value.string, !text.isEmpty else { throw error(value.offset, "'baseline' must be a file path, found \(value.kindName)") }
                configuration.baseline = text.hasPrefix("/") ? text : URL(fileURLWithPath: directory).appendingPathComponent(text).path
            case "simulation":
                guard let settings = value.members else { throw error(value.offset, "'simulation' must be an object, found \(value.kindName)") }
                for setting in settings {
                    guard simulationKeys.contains(setting.key) else {
                        throw error(setting.keyOffset, unknown("simulation setting", setting.key, among: simulationKeys))
                    }
                    guard let number = setting.value.integer, number >= 1 else {
                        throw error(setting.value.offset, "'\(setting.key)' must be a whole number ≥ 1")
                    }
                    switch setting.key {
                    case "defaultWidth": configuration.simulation.defaultWidth = number
                    case "threads": configuration.simulation.threads = number
                    case "cores": configuration.simulation.cores = number
                    default: configuration.simulation.cpus = number
                    }
                }
            default:
                throw error(member.keyOffset, unknown("key", member.key, among: keys))
            }
        }
        return configuration
    }
}
