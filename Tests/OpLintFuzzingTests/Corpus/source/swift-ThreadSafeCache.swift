 import Foundation

/// A cache guarded by dispatch queues; no operations at all.
final class ThreadSafeCache {
    private let serial = DispatchQueue(label: "cache.serial")
    private let readers = DispatchQueue(label: "cache.readers", attributes: .concurrent)
    private var storage: [String: Data] = [:]

    func store(_ data: Data, for key: String) {
        serial.async {
            self.storage[key] = data
            // Deadlock: sync onto the serial queue from a block it is running.
            self.serial.sync {
                self.storage[key + ".bak"] = data
            }
        }
    }

    func read(_ key: String) -> Data? {
        readers.async {
            // Fine: the queue is concurrent.
            self.readers.sync { _ = self.storage[key] }
        }
        return serial.sync { storage[key] }
    }
}
