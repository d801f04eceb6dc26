#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Baseline {
    /// The baseline as a file: `{"findings": [{"file", "fingerprint", "rule"}…], "version": 1}`,
    /// sorted keys and entries, so the same findings always give the same bytes.
    ///
    /// - Complexity: O(size of the file).
    public func serialized() -> String {
        let bytes = ReportWriter.collect { out in
            out.openJSONObject()
            out.jsonKey("findings")
            out.openJSONArray()
            for entry in entries {
                out.openJSONObject()
                out.jsonMember("file", entry.file)
                out.jsonMember("fingerprint", entry.fingerprint)
                out.jsonMember("rule", entry.rule)
                out.closeJSON()
            }
            out.closeJSON()
            out.jsonMember("tool", "oplint")
            out.jsonMember("version", 1)
            out.closeJSON()
            out.endJSONDocument()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a baseline file.
    public static func load(path: String) throws(ConfigurationError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(location: SourceLocation(file: path, line: 1, column: 1), message: "cannot read the baseline file")
        }
        return try parse([UInt8](data), path: path)
    }

    /// Parses and checks a baseline file.
    ///
    /// - Complexity: O(*n* log *n*) in the number of entries.
    public static func parse(_ bytes: [UInt8], path: String) throws(ConfigurationError) -> Baseline {
        let document = Document(path: path, bytes: bytes)
        func error(_ offset: Int, _ message: String) -> ConfigurationError {
            ConfigurationError(location: document.location(ofOffset: offset), message: message)
        }
        let root: PositionedJSON
        do {
            root = try PositionedJSON.parse(bytes)
        } catch {
            throw ConfigurationError(location: document.location(ofOffset: error.offset), message: error.message)
        }
        guard let members = root.members else { throw error(root.offset, "a baseline must be an object, found \(root.kindName)") }
        var entries: [Entry] = []
        var version: Int?
        for member in members {
            switch member.key {
            case "version":
                version = member.value.integer
                guard version == 1 else { throw error(member.value.offset, "unsupported baseline version (this oplint reads version 1)") }
            case "tool":
                continue
            case "findings":
                guard let items = member.value.elements else { throw error(member.value.offset, "'findings' must be an array") }
                for item in items {
                    guard let fields = item.members else { throw error(item.offset, "a baseline entry must be an object") }
                    var values: [String: String] = [:]
                    for field in fields {
                        guard ["rule", "file", "fingerprint"].contains(field.key) else {
                            throw error(field.keyOffset, "unknown key '\(field.key)' in a baseline entry")
                        }
                        guard let text = field.value.string else { throw error(field.value.offset, "'\(field.key)' must be a string") }
                        values[field.key] = text
                    }
                    guard let rule = values["rule"], let file = values["file"], let fingerprint = values["fingerprint"] else {
                        throw error(item.offset, "a baseline entry needs 'rule', 'file' and 'fingerprint'")
                    }
                    entries.append(Entry(rule: rule, file: file, fingerprint: fingerprint))
                }
            default:
                throw error(member.keyOffset, "unknown key '\(member.key)' in a baseline")
            }
        }
        guard version != nil else { throw error(root.offset, "a baseline needs \"version\": 1") }
        return Baseline(entries: entries)
    }
}
