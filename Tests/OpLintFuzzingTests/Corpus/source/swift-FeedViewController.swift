 import UIKit

final class FeedViewController: UIViewController {
    private let loadQueue = OperationQueue()
    private var posts: [String] = []
    @IBOutlet private var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        loadQueue.maxConcurrentOperationCount = 1
        loadQueue.name = "feed"

        let loadCache = BlockOperation { [weak self] in
            self?.posts = ["cached"]
        }
        let loadNetwork = BlockOperation { [weak self] in
            self?.posts.append("fresh")
        }
        loadNetwork.addDependency(loadCache)
        loadNetwork.queuePriority = .veryHigh
        let reload = BlockOperation { [weak self] in
            self?.tableView.reloadData()
        }
        reload.addDependency(loadNetwork)

        loadQueue.addOperation(loadCache)
        loadQueue.addOperation(loadNetwork)
        OperationQueue.main.addOperation(reload)
        // Waiting here blocks the main thread until the feed is loaded.
        loadNetwork.waitUntilFinished()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        loadQueue.cancelAllOperations()
    }
}
