 import Foundation

@MainActor
final class ProfileLoader {
    private let queue = OperationQueue()

    func load() {
        let avatar = BlockOperation { print("avatar") }
        let bio = BlockOperation { print("bio") }
        queue.addOperations([avatar, bio], waitUntilFinished: false)
        // Blocks the main actor.
        queue.waitUntilAllOperationsAreFinished()
    }

    nonisolated func loadInBackground() {
        let banner = BlockOperation { print("banner") }
        banner.qualityOfService = .background
        DispatchQueue.main.async {
            banner.waitUntilFinished()
        }
        queue.addOperation(banner)
    }
}
