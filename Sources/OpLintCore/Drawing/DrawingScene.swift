/// A drawing before it is written as DOT: clusters with their nodes, loose nodes, edges,
/// and which kinds of marks it uses (so the legend lists only those).
struct DrawingScene {
    struct Node {
        var id: String
        var attributes: [DOTAttribute]
    }

    struct Cluster {
        var id: String
        var attributes: [DOTAttribute]
        var nodes: [Node] = []
    }

    struct Edge {
        var tail: String
        var head: String
        var attributes: [DOTAttribute]
    }

    /// A mark the legend explains.
    enum Mark: Int, CaseIterable, Comparable {
        case errorNode, warningNode, unreachableNode, focusNode, criticalPath
        case cycleEdge, exclusivityEdge, waitEdge, queueWaitEdge, condensedCycle
        case notOnQueue, hiddenNeighbours, weightedEdge, twoWayEdge

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    var clusters: [Cluster] = []
    var looseNodes: [Node] = []
    var edges: [Edge] = []
    var marks = Set<Mark>()
    /// Needed for edges that start at a cluster's border (`ltail`).
    var isCompound = false
    /// Space between nodes of a rank and between ranks, in inches.
    var nodeSeparation = 0.3
    var rankSeparation = 0.45

    var nodeCount: Int { looseNodes.count + clusters.reduce(0) { $0 + $1.nodes.count } }

    /// The DOT source: graph defaults, clusters in order, loose nodes, edges, the legend.
    ///
    /// - Complexity: O(size of the scene).
    func dot(options: DrawingOptions) -> String {
        var writer = DOTWriter()
        writer.beginGraph("oplint")
        var graph: [DOTAttribute] = [
            DOTAttribute("rankdir", options.rankDirection.rawValue),
            // Rank the whole graph at once: without it, dot ranks each queue's cluster on its own
            // and edges between queues can point backwards.
            DOTAttribute("newrank", "true"),
            DOTAttribute("fontname", DrawingStyle.font),
            DOTAttribute("fontsize", 12),
            DOTAttribute("nodesep", nodeSeparation),
            DOTAttribute("ranksep", rankSeparation),
            DOTAttribute("outputorder", "edgesfirst"),
            DOTAttribute("bgcolor", "white"),
            DOTAttribute("pad", 0.2),
        ]
        if isCompound { graph.append(DOTAttribute("compound", "true")) }
        writer.graphAttributes(graph)
        writer.defaults("node", DrawingStyle.nodeDefaults)
        writer.defaults("edge", DrawingStyle.edgeDefaults)
        for cluster in clusters {
            writer.beginSubgraph(cluster.id)
            writer.graphAttributes(cluster.attributes)
            for node in cluster.nodes { writer.node(node.id, node.attributes) }
            writer.end()
        }
        for node in looseNodes { writer.node(node.id, node.attributes) }
        for edge in edges { writer.edge(edge.tail, edge.head, edge.attributes) }
        if options.showsLegend {
            writer.node(DrawingStyle.legendID, [
                DOTAttribute("shape", "plaintext"),
                DOTAttribute("style", ""),
                DOTAttribute("margin", 0),
                .htmlLabel(DrawingLegend.markup(marks: marks, options: options)),
                .tooltip("Legend"),
            ])
        }
        writer.end()
        return writer.text
    }
}
