import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG file read back as XML: its element names, the text of each `<title>` and `<text>`,
/// and every attribute value, to check what Graphviz wrote.
final class SVGDocument: NSObject, XMLParserDelegate {
    private(set) var elementNames = Set<String>()
    private(set) var titles: [String] = []
    private(set) var texts: [String] = []
    private(set) var attributeValues: [String: [String]] = [:]
    private var current = ""
    private var collecting = false

    /// Parses `bytes`; nil when they are not well-formed XML.
    init?(_ bytes: [UInt8]) {
        super.init()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else { return nil }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elementNames.insert(name)
        for (key, value) in attributes { attributeValues[key, default: []].append(value) }
        if name == "title" || name == "text" { collecting = true; current = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collecting { current += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "title" { titles.append(current); collecting = false }
        if name == "text" { texts.append(current); collecting = false }
    }

    /// Runs `xmllint --noout` on the bytes; nil when it passes, else its complaint.
    static func xmllintProblems(_ bytes: [UInt8]) throws -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-\(UUID().uuidString).svg")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--nonet", file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus == 0 ? nil : message
    }
}
