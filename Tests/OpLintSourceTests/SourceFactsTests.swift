import Foundation
import Testing
import OpLintCore
@testable import OpLintSource

/// Facts beyond the graph, read from the corpus files.
@Suite("Source facts")
struct SourceFactsTests {
    static func facts(_ name: String) throws -> SourceFacts {
        try Corpus.extract(name).sourceFacts
    }

    @Test("Main-thread waits: life-cycle methods, @MainActor, DispatchQueue.main blocks")
    func mainThreadWaits() throws {
        let feed = try Self.facts("FeedViewController.swift").mainThreadWaits
        #expect(feed.map(\.operation) == ["loadNetwork"])
        #expect(feed.first?.location.line == 30)
        let actor = try Self.facts("MainActorLoader.swift").mainThreadWaits
        #expect(actor.map(\.queue) == ["queue", nil])
        #expect(actor.map(\.operation) == [nil, "banner"])
        #expect(actor.map(\.reason) == ["@MainActor", "inside a DispatchQueue.main block"])
        let legacy = try Self.facts("LegacyDownloader.m").mainThreadWaits
        #expect(Set(legacy.compactMap(\.operation)) == ["download", "unpack"])
        // A wait inside an operation is that operation's wait, not the main thread's.
        #expect(try Self.facts("WaitingInsideOperations.swift").mainThreadWaits.isEmpty)
    }

    @Test("GCD self-deadlocks: serial queues inside their own blocks, the main queue on the main thread")
    func selfSyncs() throws {
        let cache = try Self.facts("ThreadSafeCache.swift").selfSyncs
        #expect(cache.map(\.queue) == ["serial"])
        #expect(cache.map(\.location.line) == [13])
        let session = try Self.facts("SessionManager.m").selfSyncs
        #expect(session.map(\.queue) == ["stateQueue"])
        let legacy = try Self.facts("LegacyDownloader.m").selfSyncs
        #expect(legacy.map(\.queue) == ["DispatchQueue.main"])
    }

    @Test("Enqueue order: late changes, manual starts, cancellations")
    func ordering() throws {
        let late = try Self.facts("LateConfiguration.swift").lateChanges
        #expect(late.map(\.change) == ["addDependency", "queuePriority"])
        #expect(late.allSatisfy { $0.operation == "apply" && $0.enqueuedAt.line == 11 })
        let importer = try Self.facts("CoreDataImport.swift")
        #expect(importer.cancellations.compactMap(\.operation) == ["parse"])
        #expect(importer.lateChanges.isEmpty)
        let sync = try Self.facts("SyncOperations.m")
        #expect(sync.settings.filter { $0.key == "suspended" }.map(\.value) == ["true", "false"])
    }

    @Test("Unrelated uses of the words stay silent; unfollowable calls are notes")
    func unresolved() throws {
        #expect(try Self.facts("UnrelatedWords.swift").unresolved.isEmpty)
        #expect(try Self.facts("UnrelatedObjC.m").unresolved.isEmpty)
        let chain = try Self.facts("ChainHelper.swift").unresolved
        #expect(chain.contains { $0.location.line == 7 && $0.message.contains("addDependency") })
        let retry = try Self.facts("RetryingOperation.swift").unresolved
        #expect(retry.contains { $0.message.contains("`request`") && $0.message.contains("passed on") })
        #expect(retry.contains { $0.message.contains("makeRequest(attempt: 2)") })
        let loops = try Self.facts("BatchRequest.swift").unresolved
        #expect(loops.contains { $0.message.contains("`fetch`") && $0.message.contains("count 2") })
    }

    @Test("Subclass chains are followed across files")
    func crossFileSubclasses() {
        let base = Array("""
        class AsyncOperation: Operation {
            override var isAsynchronous: Bool { true }
            override func start() { }
        }
        """.utf8)
        let middle = Array("class NetworkOperation: AsyncOperation { }".utf8)
        let use = Array("""
        final class ImageRequest: NetworkOperation { }
        func run(queue: OperationQueue) {
            let q = OperationQueue()
            let request = ImageRequest()
            q.addOperation(request)
        }
        """.utf8)
        let graph = SourceExtractor.extract(files: [("A.swift", base), ("B.swift", middle), ("C.swift", use)]).graph
        #expect(graph.operations.map(\.name) == ["request"])
        #expect(graph.operations.first?.isAsynchronous == true)
        #expect(graph.operations.first?.finishes == false)
        #expect(graph.operations.first?.kind == .custom)
    }

    @Test("Names are qualified only where they collide, and stay stable")
    func naming() {
        let a = Array("""
        final class ImageLoader {
            let queue = OperationQueue()
            func load(_ url: URL) {
                let combine = BlockOperation { }
                queue.addOperation(combine)
            }
            func reload() {
                let combine = BlockOperation { }
                queue.addOperation(combine)
            }
        }
        """.utf8)
        let b = Array("""
        final class Uploader {
            let queue = OperationQueue()
            func send() {
                let combine = BlockOperation { }
                queue.addOperation(combine)
            }
        }
        """.utf8)
        let graph = SourceExtractor.extract(files: [("A.swift", a), ("B.swift", b)]).graph
        #expect(graph.operations.map(\.name) == ["ImageLoader.load(_:).combine", "ImageLoader.reload().combine", "Uploader.combine"])
        #expect(graph.queues.map(\.name) == ["ImageLoader.queue", "Uploader.queue"])
    }
}

@Suite("Main-thread waits from source (OPL203)")
struct MainThreadWaitFromSourceTests {
    @Test("Waits in viewDidLoad, @MainActor code and DispatchQueue.main blocks are OPL203 warnings at the call")
    func findings() throws {
        var locations: [String] = []
        for name in ["FeedViewController.swift", "MainActorLoader.swift", "LegacyDownloader.m", "WaitingInsideOperations.swift"] {
            let result = Linter().lint(try Corpus.extract(name))
            locations += result.reported.filter { $0.rule.code == "OPL203" }.map { "\($0.location.file):\($0.location.line):\($0.location.column)" }
        }
        #expect(locations == [
            "FeedViewController.swift:30:9",
            "MainActorLoader.swift:12:9", "MainActorLoader.swift:19:13",
            "LegacyDownloader.m:19:5",
        ])
        let legacy = Linter().lint(try Corpus.extract("LegacyDownloader.m")).reported.first { $0.rule.code == "OPL203" }
        #expect(legacy?.message.contains("waits for “download”") == true)
    }
}
