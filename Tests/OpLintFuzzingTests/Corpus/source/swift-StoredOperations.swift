 import Foundation

/// Operations held in properties, wired in one method and started in another.
final class OnboardingCoordinator {
    private let queue = OperationQueue()
    private let fetchProfile = BlockOperation { print("profile") }
    private let fetchSettings = BlockOperation { print("settings") }
    private var presentHome: BlockOperation!

    init() {
        presentHome = BlockOperation { print("home") }
        configure()
    }

    private func configure() {
        presentHome.addDependency(fetchProfile)
        self.presentHome.addDependency(self.fetchSettings)
        fetchSettings.queuePriority = .low
    }

    func begin() {
        queue.addOperation(fetchProfile)
        queue.addOperation(fetchSettings)
        OperationQueue.main.addOperation(presentHome)
    }
}
