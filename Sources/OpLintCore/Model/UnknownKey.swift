extension OperationGraph {
    /// A key the graph file has that format v1 does not define, such as `dependecies`.
    public struct UnknownKey: Sendable, Equatable {
        /// The key as written.
        public var key: String
        /// What object it appears in: `operation "download1"`, `queue "io"`, `top level`.
        public var context: String
        /// The keys that are allowed there, to suggest the nearest.
        public var allowedKeys: [String]
        public var position: DocumentPosition

        public init(key: String, context: String, allowedKeys: [String], position: DocumentPosition) {
            self.key = key
            self.context = context
            self.allowedKeys = allowedKeys
            self.position = position
        }
    }
}
