/// OPL208: `DispatchQueue.sync` onto the queue the code already runs on.
public struct GCDSyncSelfRule: Rule {
    public static let description = RuleDescription(
        code: "OPL208",
        name: "gcd-sync-self",
        severity: .error,
        summary: "`DispatchQueue.sync` onto the queue the code is already running on deadlocks.",
        details: """
        Reports `DispatchQueue.main.sync { }` (or `dispatch_sync(dispatch_get_main_queue(), …)`) \
        in code known to run on the main thread — `@MainActor` code, view-controller life-cycle \
        methods, `@IBAction`s, blocks sent to `DispatchQueue.main` — and `q.sync { }` inside a \
        block already running on the serial queue `q`. The source scanner reports it only when \
        it sees both ends in the same file; a queue the file makes concurrent (`.concurrent` or \
        `DISPATCH_QUEUE_CONCURRENT` in the statement that makes it, over any number of lines, \
        or in a helper, parameter default or getter of the file that makes it), a global \
        queue, or one made with attributes held in a variable or constant is left alone, and \
        so is a `sync` behind a test of the current queue (`dispatch_get_specific`, \
        `DispatchQueue.getSpecific`, `OperationQueue.current`, a label comparison).

        Its claim is *must*: whenever that code runs, the `sync` never returns — an error. When \
        the file does not show how the queue is made (a property set from another file, a \
        queue passed to an initializer), the `sync` deadlocks only if the queue is serial: a \
        warning that says so.
        """,
        rationale: """
        `sync` waits until the block has run on the target queue; a serial queue runs one block \
        at a time, and the one it is running is the caller, which is now waiting: neither can \
        go on (S22). On the main queue the app freezes for good.
        """,
        failingExample: RuleExample(.swift, """
        final class FeedViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                ↓DispatchQueue.main.sync {
                    title = "Feed"
                }
            }
        }
        """),
        fixedExample: RuleExample(.swift, """
        final class FeedViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                DispatchQueue.main.async {
                    self.title = "Feed"
                }
            }
        }
        """),
        limits: "Only what one file shows: a `sync` in a helper method called from a queue's block is not followed."
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        analysis.graph.sourceFacts.selfSyncs.map { sync in
            let isMain = sync.queue == "DispatchQueue.main"
            // In the words of the language it is written in.
            let queue = sync.isDispatchSync && isMain ? "dispatch_get_main_queue()" : sync.queue
            let call = sync.isDispatchSync ? "`dispatch_sync` onto `\(queue)`" : "`\(queue).sync`"
            let instead = sync.isDispatchSync ? "`dispatch_async`" : "`\(queue).async`"
            // A queue made where the file does not show: a deadlock if it is serial, which the file cannot tell.
            let claim = sync.queueMadeElsewhere ? "deadlocks if `\(queue)` is serial" : "deadlocks"
            let unseen = sync.queueMadeElsewhere ? "; this file does not show how `\(queue)` is made" : ""
            return finding(
                "\(call) \(claim): the code already runs on \(isMain ? "the main thread" : "`\(queue)`") (\(sync.reason))\(unseen)",
                at: sync.location,
                severity: sync.queueMadeElsewhere ? .warning : nil,
                related: sync.context.map { [.init($0, "the block that runs on `\(queue)` starts here")] } ?? [],
                fix: Finding.Fix("call the block directly, or use \(instead)")
            )
        }
    }
}
