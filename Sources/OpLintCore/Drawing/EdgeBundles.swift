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
    ///
    /// With `mergingOpposites`, two bundles between the same nodes in opposite directions
    /// become one double-headed arrow with each count by the head it arrives at; line widths
    /// then grow with the count relative to the largest.
    func edges(
        direction: DrawingOptions.EdgeDirection, mergingOpposites: Bool = false, marks: inout Set<DrawingScene.Mark>
    ) -> [DrawingScene.Edge] {
        let largest = bundles.map(\.count).max() ?? 1
        var merged = Set<Int>()
        var edges: [DrawingScene.Edge] = []
        for (position, bundle) in bundles.enumerated() where !merged.contains(position) {
            var opposite: Bundle?
            if mergingOpposites, bundle.key.tail != bundle.key.head,
               let other = positions[Key(tail: bundle.key.head, head: bundle.key.tail, kind: bundle.key.kind)] {
                merged.insert(other)
                opposite = bundles[other]
            }
            edges.append(edge(bundle, opposite: opposite, largest: mergingOpposites ? largest : nil,
                              direction: direction, marks: &marks))
        }
        return edges
    }

    private func edge(
        _ bundle: Bundle, opposite: Bundle?, largest: Int?, direction: DrawingOptions.EdgeDirection,
        marks: inout Set<DrawingScene.Mark>
    ) -> DrawingScene.Edge {
        let cycleCount = bundle.cycleCount + (opposite?.cycleCount ?? 0)
        let count = bundle.count + (opposite?.count ?? 0)
        let cycle = cycleCount > 0
        let critical = bundle.critical || opposite?.critical == true
        var attributes = DrawingStyle.edge(bundle.key.kind, cycle: cycle, critical: critical)
        switch bundle.key.kind {
        case .dependency: break
        case .exclusivity: marks.insert(.exclusivityEdge)
        case .wait: marks.insert(.waitEdge)
        case .queueWait: marks.insert(.queueWaitEdge)
        }
        if cycle { marks.insert(.cycleEdge) }
        if critical { marks.insert(.criticalPath) }
        let shown = bundle.tooltips + (opposite?.tooltips ?? [])
        var tooltip = shown.joined(separator: "\n\n")
        var tail = bundle.key.tail
        var head = bundle.key.head
        // Reversing the arrows also moves each count to the other node: the count by a head is
        // the number of arrows of the bundle that arrive there, whichever way they point.
        let headCount = bundle.count
        let tailCount = opposite?.count ?? 0
        if direction == .dependsOn { swap(&tail, &head) }
        if count > 1 {
            tooltip = "\(count) edges" + (cycle ? ", \(cycleCount) on a dependency cycle" : "")
                + ":\n\n" + tooltip + (count > shown.count ? "\n\n… and \(count - shown.count) more" : "")
            attributes.append(DOTAttribute("weight", Double(min(count, 100))))
            if !cycle && !critical {
                attributes.removeAll { $0.name == "penwidth" }
                if let largest {
                    attributes.append(DOTAttribute("penwidth", 1 + 2 * Double(count) / Double(max(largest, 1))))
                } else {
                    attributes.append(DOTAttribute("penwidth", Double(min(6, Int.bitWidth - count.leadingZeroBitCount))))
                }
            }
        }
        if opposite != nil {
            marks.insert(.twoWayEdge)
            attributes += [DOTAttribute("dir", "both"), DOTAttribute("headlabel", String(headCount)),
                           DOTAttribute("taillabel", String(tailCount)), DOTAttribute("labeldistance", 2.2),
                           DOTAttribute("labelangle", 30), DOTAttribute("labelfontsize", 10)]
            if bundle.key.kind == .wait || bundle.key.kind == .queueWait {
                attributes.append(DOTAttribute("arrowtail", "empty"))
            }
        } else if count > 1 {
            marks.insert(.weightedEdge)
            attributes.append(DOTAttribute("label", String(count)))
        }
        attributes.append(.tooltip(tooltip))
        if let url = bundle.url { attributes.append(.url(url)) }
        if let cluster = bundle.clusterTail {
            attributes.append(DOTAttribute(direction == .dependsOn ? "lhead" : "ltail", cluster))
        }
        return DrawingScene.Edge(tail: tail, head: head, attributes: attributes)
    }
}
