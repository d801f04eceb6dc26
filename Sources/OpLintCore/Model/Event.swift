extension OperationGraph {
    /// Something that happens at a given time: a cancel, a suspend, a resume.
    public struct Event: Sendable, Equatable {
        public enum Action: Sendable, Equatable, Hashable {
            /// `operation.cancel()` (S6).
            case cancel(operation: String)
            /// `queue.cancelAllOperations()` (S20).
            case cancelAll(queue: String)
            /// `queue.isSuspended = true` (S15).
            case suspend(queue: String)
            /// `queue.isSuspended = false` (S15).
            case resume(queue: String)

            /// The JSON key of the action.
            public var key: String {
                switch self {
                case .cancel: "cancel"
                case .cancelAll: "cancelAll"
                case .suspend: "suspend"
                case .resume: "resume"
                }
            }

            /// The operation or queue the action names.
            public var target: String {
                switch self {
                case .cancel(let name), .cancelAll(let name), .suspend(let name), .resume(let name): name
                }
            }
        }

        /// Seconds from the start.
        public var at: Double
        public var action: Action
        public var location: SourceLocation?
        public var position: DocumentPosition?

        public init(at: Double, _ action: Action, location: SourceLocation? = nil) {
            self.at = at
            self.action = action
            self.location = location
            self.position = nil
        }
    }
}
