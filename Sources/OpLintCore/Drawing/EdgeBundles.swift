/// Edges of a drawing gathered by their two ends and kind, so that several dependencies
/// between the same two nodes are drawn as one arrow with a count.
struct EdgeBundles {
    private struct Key: Hashable {
        var tail: String
        var head: String
        var kind: DrawingStyle.EdgeKind
    }

    private struct Bundle {
        var key: Key
        var count = 0
        var cycleCount = 0
        var critical = false
        var tooltips: [String] = []
        var url: String?
        var clusterTail: String?
    }

    private var bundles: [Bundle] = []
    private var positions: [Key: Int] = [:]

    /// Adds one edge, in execution order: `tail` runs before `head`.
    ///
    /// - Complexity: O(1) expected.
    mutating func add(
        tail: String, head: String, kind: DrawingStyle.EdgeKind, cycle: Bool, critical: Bool,
        tooltip: String, url: String?, clusterTail: String? = nil
    ) {
        let key = Key(tail: tail, head: head, kind: kind)
        let position: Int
        if let known = positions[key] {
            position = known
        } else {
            position = bundles.count
            positions[key] = position
            bundles.append(Bundle(key: key, url: url, clusterTail: clusterTail))
        }
        bundles[position].count += 1
        if cycle { bundles[position].cycleCount += 1 }
        if critical { bundles[position].critical = true }
        if bundles[position].tooltips.count < 5 { bundles[position].tooltips.append(tooltip) }
    }

    /// The edges in the order they were first added, pointing the way `direction` says.
    func edges(direction: DrawingOptions.EdgeDirection, marks: inout Set<DrawingScene.Mark>) -> [DrawingScene.Edge] {
        bundles.map { bundle in
            let cycle = bundle.cycleCount > 0
            var attributes = DrawingStyle.edge(bundle.key.kind, cycle: cycle, critical: bundle.critical)
            switch bundle.key.kind {
            case .dependency: break
            case .exclusivity: marks.insert(.exclusivityEdge)
            case .wait: marks.insert(.waitEdge)
            case .queueWait: marks.insert(.queueWaitEdge)
            }
            if cycle { marks.insert(.cycleEdge) }
            if bundle.critical { marks.insert(.criticalPath) }
            var tooltip = bundle.tooltips.joined(separator: "\n\n")
            if bundle.count > 1 {
                marks.insert(.weightedEdge)
                tooltip = "\(bundle.count) edges" + (cycle ? ", \(bundle.cycleCount) on a dependency cycle" : "")
                    + ":\n\n" + tooltip + (bundle.count > bundle.tooltips.count ? "\n\n… and \(bundle.count - bundle.tooltips.count) more" : "")
                attributes.append(DOTAttribute("label", String(bundle.count)))
                attributes.append(DOTAttribute("weight", Double(min(bundle.count, 100))))
                if !cycle && !bundle.critical {
                    let bits = Int.bitWidth - bundle.count.leadingZeroBitCount
                    attributes.removeAll { $0.name == "penwidth" }
                    attributes.append(DOTAttribute("penwidth", Double(min(6, bits))))
                }
            }
            attributes.append(.tooltip(tooltip))
            if let url = bundle.url { attributes.append(.url(url)) }
            var tail = bundle.key.tail
            var head = bundle.key.head
            if direction == .dependsOn {
                swap(&tail, &head)
                if let cluster = bundle.clusterTail { attributes.append(DOTAttribute("lhead", cluster)) }
            } else if let cluster = bundle.clusterTail {
                attributes.append(DOTAttribute("ltail", cluster))
            }
            return DrawingScene.Edge(tail: tail, head: head, attributes: attributes)
        }
    }
}
