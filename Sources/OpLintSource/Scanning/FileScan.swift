import OpLintCore

/// What the second pass found in one file, with operations and queues still unnamed.
struct FileScan {
    /// `waiter` waits for `dependency` (`waiter.addDependency(dependency)`).
    struct Edge {
        var waiter: Target
        var dependency: Target
        var location: SourceLocation
        /// Removed again by `removeDependency` in the same code.
        var isRemoved = false
        /// Straight-line region where it was added.
        var scope: Int
    }

    /// `waiter` calls `waitUntilFinished` on `target` (or `waitUntilAllOperationsAreFinished` on a queue).
    struct Wait {
        var waiter: Target
        var target: Target
        /// nil when an annotation names it: decided by what the name turns out to be.
        var isQueue: Bool?
        var location: SourceLocation
    }

    var path: String
    var entities: [Entity] = []
    var edges: [Edge] = []
    var waits: [Wait] = []
    /// Facts whose names are placeholders (`Self.placeholder`) until the graph is named.
    var facts = SourceFacts()
    var warnings: [String] = []
    /// Operation API calls whose operations and queues were all followed.
    var callsFollowed = 0
    /// Operation API calls with an operation or queue the scanner could not follow.
    var callsNotFollowed = 0

    init(path: String) {
        self.path = path
    }

    /// The marker that stands for an entity's name in `facts` until names are final.
    static func placeholder(_ target: Target) -> String {
        switch target {
        case .entity(let id): "\u{1}\(id)"
        case .name(let name): name
        }
    }
}
