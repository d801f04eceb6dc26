import Testing
import OpLintCore
@testable import OpLintSource

/// The main thread: `@MainActor` extensions, subclasses and accessors, SwiftUI views.
extension PatternAndQueueCaseTests {
    @Test("@MainActor reaches a class's extensions in any file, its subclasses, its property accessors, and SwiftUI views' actions")
    func mainActorReach() {
        let screen = ("Screen.swift", """
        @MainActor
        final class Screen {
            let queue = OperationQueue()
            var theme = 0 {
                didSet { queue.waitUntilAllOperationsAreFinished() }
            }
            var busy: Bool {
                queue.waitUntilAllOperationsAreFinished()
                return false
            }
        }
        """)
        let reload = ("Screen+Reload.swift", """
        extension Screen {
            func reload() { queue.waitUntilAllOperationsAreFinished() }
        }
        """)
        let found = RealCodeCase([screen, reload])
        #expect(Set(found.findings("OPL203").map { "\($0.location.file):\($0.location.line)" })
                == ["Screen.swift:5", "Screen.swift:8", "Screen+Reload.swift:2"])
        // Without @MainActor, none of them is known to run on the main thread.
        let plain = RealCodeCase([(screen.0, screen.1.replacingOccurrences(of: "@MainActor\n", with: "")), reload])
        #expect(plain.findings("OPL203").isEmpty, "\(plain.alarms)")
        let view = RealCodeCase("Feed.swift", """
        struct FeedView: View {
            let queue = OperationQueue()
            var body: some View {
                List { Text("x") }
                    .onAppear { queue.waitUntilAllOperationsAreFinished() }
                Button("Reload") { queue.waitUntilAllOperationsAreFinished() }
            }
            func prefetch() {
                DispatchQueue.global().async { queue.waitUntilAllOperationsAreFinished() }
            }
        }
        """)
        #expect(view.findings("OPL203").map(\.location.line) == [5, 6])
    }
}
