import Foundation
import XCTest

/// Tests that wire small build graphs by hand and run them on a queue, the way a build
/// system's test suite checks its scheduler.
final class CompileStep: Operation {
    let file: String
    init(_ file: String) { self.file = file }
    override func main() { print("compile \(file)") }
}

final class LinkStep: Operation {
    override func main() { print("link") }
}

final class BuildGraphTests: XCTestCase {
    func testLibraryThenApp() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        let parser = CompileStep("Parser.swift")
        let lexer = CompileStep("Lexer.swift")
        let ast = CompileStep("AST.swift")
        let library = LinkStep()
        library.addDependency(parser)
        library.addDependency(lexer)
        library.addDependency(ast)
        parser.addDependency(lexer)
        parser.addDependency(ast)
        let main = CompileStep("main.swift")
        main.addDependency(library)
        let app = LinkStep()
        app.addDependency(main)
        app.addDependency(library)
        let test = BlockOperation { print("test") }
        test.addDependency(app)
        queue.addOperations([lexer, ast, parser, library, main, app, test], waitUntilFinished: true)
        XCTAssertTrue(test.isFinished)
    }

    func testTwoTargetsShareAModule() {
        let queue = OperationQueue()
        let shared = CompileStep("Shared.swift")
        let client = CompileStep("Client.swift")
        let server = CompileStep("Server.swift")
        client.addDependency(shared)
        server.addDependency(shared)
        let clientLink = LinkStep()
        let serverLink = LinkStep()
        clientLink.addDependency(client)
        serverLink.addDependency(server)
        let package = BlockOperation { print("package") }
        package.addDependency(clientLink)
        package.addDependency(serverLink)
        [shared, client, server, clientLink, serverLink].forEach { queue.addOperation($0) }
        queue.addOperation(package)
        queue.waitUntilAllOperationsAreFinished()
    }

    func testRemovedDependencyIsNotWaitedFor() {
        let queue = OperationQueue()
        let slow = CompileStep("Slow.swift")
        let fast = CompileStep("Fast.swift")
        let link = LinkStep()
        link.addDependency(slow)
        link.addDependency(fast)
        link.removeDependency(slow)
        queue.addOperations([fast, link], waitUntilFinished: true)
        queue.addOperation(slow)
    }
}
