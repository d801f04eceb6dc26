import Foundation
@testable import OpLintCore

/// Reads the format-v1 examples of the scheduling rules into graphs whose queues, operations
/// and events carry their byte offsets, so the tests can check that findings land on the `↓`
/// markers. Covers the keys the examples use; the project's loader is the full reader.
enum SchedulingExampleReader {
    enum Failure: Error { case notAnObject, badElement(String) }

    static func graph(_ text: String, path: String = "example.json") throws -> OperationGraph {
        let bytes = Array(text.utf8)
        guard let root = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { throw Failure.notAnObject }
        let offsets = elementOffsets(bytes)
        var graph = OperationGraph(documents: [Document(path: path, bytes: bytes)])
        func position(_ key: String, _ i: Int) -> DocumentPosition? {
            guard let list = offsets[key], list.indices.contains(i) else { return nil }
            return DocumentPosition(document: 0, offset: UInt32(list[i]))
        }
        for (i, object) in ((root["queues"] as? [[String: Any]]) ?? []).enumerated() {
            guard let name = object["name"] as? String else { throw Failure.badElement("queue \(i)") }
            var queue = OperationGraph.Queue(
                name: name,
                maxConcurrentOperationCount: object["maxConcurrentOperationCount"] as? Int ?? -1,
                qualityOfService: qos(object["qualityOfService"]),
                isMain: object["main"] as? Bool ?? false,
                isSuspended: object["suspended"] as? Bool ?? false)
            queue.position = position("queues", i)
            graph.queues.append(queue)
        }
        for (i, object) in ((root["operations"] as? [[String: Any]]) ?? []).enumerated() {
            graph.operations.append(try operation(object, position: position("operations", i)))
        }
        for (i, object) in ((root["events"] as? [[String: Any]]) ?? []).enumerated() {
            let at = double(object["at"]) ?? 0
            let action: OperationGraph.Event.Action
            if let name = object["cancel"] as? String { action = .cancel(operation: name) }
            else if let name = object["cancelAll"] as? String { action = .cancelAll(queue: name) }
            else if let name = object["suspend"] as? String { action = .suspend(queue: name) }
            else if let name = object["resume"] as? String { action = .resume(queue: name) }
            else { throw Failure.badElement("event \(i)") }
            var event = OperationGraph.Event(at: at, action)
            event.position = position("events", i)
            graph.events.append(event)
        }
        return graph
    }

    private static func double(_ value: Any?) -> Double? {
        if let value = value as? Double { return value }
        if let value = value as? Int { return Double(value) }
        return nil
    }

    private static func qos(_ value: Any?) -> OpLintCore.QualityOfService {
        (value as? String).flatMap(OpLintCore.QualityOfService.init(rawValue:)) ?? .default
    }

    private static func operation(_ object: [String: Any], position: DocumentPosition?) throws -> OperationGraph.Operation {
        guard let name = object["name"] as? String else { throw Failure.badElement("operation") }
        let names = { (key: String) in (object[key] as? [String]) ?? [] }
        var operation = OperationGraph.Operation(
            name: name,
            queue: object["queue"] as? String,
            start: (object["start"] as? String).flatMap(OperationGraph.Operation.StartMode.init(rawValue:)),
            dependencies: names("dependencies").map { OperationGraph.Reference($0) },
            qualityOfService: qos(object["qualityOfService"]),
            duration: double(object["duration"]) ?? 1,
            addedAt: double(object["addedAt"]) ?? 0)
        if let priority = object["priority"] as? String {
            operation.priority = QueuePriority.named.first { $0.name == priority }?.priority ?? .normal
        } else if let priority = object["priority"] as? Int {
            operation.priority = QueuePriority(rawValue: priority)
        }
        operation.isAsynchronous = object["asynchronous"] as? Bool ?? false
        operation.finishes = object["finishes"] as? Bool ?? true
        operation.checksCancellation = object["checksCancellation"] as? Bool ?? true
        operation.waitsFor = names("waitsFor").map { OperationGraph.Reference($0) }
        operation.waitsForQueues = names("waitsForQueues").map { OperationGraph.Reference($0) }
        operation.exclusive = names("exclusive")
        operation.isBarrier = object["barrier"] as? Bool ?? false
        operation.reads = names("reads")
        operation.writes = names("writes")
        operation.count = object["count"] as? Int ?? 1
        operation.position = position
        return operation
    }

    /// Byte offsets of the `{` of each element of the top-level arrays, by key.
    static func elementOffsets(_ bytes: [UInt8]) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        var stack: [UInt8] = []
        var key = ""
        var arrayKey: String?
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
                if stack.count == 1 { key = String(decoding: bytes[(i + 1)..<min(j, bytes.count)], as: UTF8.self) }
                i = j
            case UInt8(ascii: "{"):
                if stack.count == 2, stack.last == UInt8(ascii: "["), let arrayKey { result[arrayKey, default: []].append(i) }
                stack.append(byte)
            case UInt8(ascii: "["):
                if stack.count == 1 { arrayKey = key }
                stack.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                stack.removeLast()
                if stack.count == 1 { arrayKey = nil }
            default:
                break
            }
            i += 1
        }
        return result
    }
}
