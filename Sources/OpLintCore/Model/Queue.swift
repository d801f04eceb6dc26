extension OperationGraph {
    /// One `OperationQueue` (`NSOperationQueue`).
    public struct Queue: Sendable, Equatable {
        public var name: String
        /// S13: -1 = the system's default width, 1 = serial, 0 = nothing ever starts.
        public var maxConcurrentOperationCount: Int
        public var qualityOfService: QualityOfService
        /// The main queue: serial, on the main thread (S17).
        public var isMain: Bool
        /// Suspended from time 0 (S15).
        public var isSuspended: Bool
        /// Where it is created in source code.
        public var location: SourceLocation?
        /// Where it is declared in the graph file.
        public var position: DocumentPosition?

        public init(
            name: String,
            maxConcurrentOperationCount: Int = -1,
            qualityOfService: QualityOfService = .default,
            isMain: Bool = false,
            isSuspended: Bool = false
        ) {
            self.name = name
            self.maxConcurrentOperationCount = maxConcurrentOperationCount
            self.qualityOfService = qualityOfService
            self.isMain = isMain
            self.isSuspended = isSuspended
            self.location = nil
            self.position = nil
        }

        /// The quality of service its operations run at: the main queue's is always
        /// `userInteractive` (Foundation ignores setting it; S17, linux-operationqueue.md rule 47),
        /// any other queue's is the one it is given.
        public var effectiveQualityOfService: QualityOfService {
            isMain ? .userInteractive : qualityOfService
        }

        /// The number of operations that may execute at once, with -1 resolved to `defaultWidth`.
        public func width(defaultWidth: Int) -> Int {
            if isMain { return 1 }
            return maxConcurrentOperationCount == -1 ? defaultWidth : maxConcurrentOperationCount
        }
    }
}
