 import UIKit

/// Search as you type: each keystroke cancels the previous search.
final class SearchViewController: UIViewController, UISearchBarDelegate {
    private let searchQueue = OperationQueue()
    private var pendingSearch: Operation?
    private var results: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        searchQueue.maxConcurrentOperationCount = 1
        searchQueue.qualityOfService = .userInteractive
    }

    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
        pendingSearch?.cancel()
        let search = BlockOperation { [weak self] in
            self?.results = ["\(searchText) 1", "\(searchText) 2"]
        }
        let render = BlockOperation { [weak self] in
            _ = self?.results.count
        }
        render.addDependency(search)
        pendingSearch = search
        searchQueue.addOperation(search)
        OperationQueue.main.addOperation(render)
    }
}
