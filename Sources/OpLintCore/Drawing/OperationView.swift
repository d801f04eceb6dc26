/// The drawing with one node per operation (or per dependency cycle, when condensed),
/// grouped in one cluster per queue.
struct OperationView {
    let graph: OperationGraph
    let index: GraphIndex
    let marks: FindingMarks
    let groups: DrawingGroups
    let options: DrawingOptions
    /// The operations to draw; nil = all.
    let selection: [Bool]?
    /// Set to draw each cycle as one node.
    let components: StronglyConnectedComponents?
    let focus: Int?

    /// The index in `components.cycles` of each cyclic component, by component number.
    private let cycleOfComponent: [Int32: Int]

    init(
        graph: OperationGraph, index: GraphIndex, marks: FindingMarks, groups: DrawingGroups, options: DrawingOptions,
        selection: [Bool]?, components: StronglyConnectedComponents?, focus: Int?
    ) {
        self.graph = graph
        self.index = index
        self.marks = marks
        self.groups = groups
        self.options = options
        self.selection = selection
        self.components = components
        self.focus = focus
        var cycleOfComponent: [Int32: Int] = [:]
        if let components {
            for (c, cycle) in components.cycles.enumerated() {
                if let first = cycle.first { cycleOfComponent[components.component[Int(first)]] = c }
            }
        }
        self.cycleOfComponent = cycleOfComponent
    }

    /// The cycle an operation belongs to in the condensed view, as an index into `components.cycles`.
    private func condensedCycle(of i: Int) -> Int? {
        guard let components else { return nil }
        return cycleOfComponent[components.component[i]]
    }

    private func isSelected(_ i: Int) -> Bool { selection?[i] ?? true }

    /// The node an operation is drawn as.
    private func nodeID(_ i: Int) -> String {
        condensedCycle(of: i).map { "cycle\($0)" } ?? "op\(i)"
    }

    /// - Complexity: O(*n* + *e*) plus the size of the labels.
    func scene() -> DrawingScene {
        var scene = DrawingScene()
        var clusterNodes = [[DrawingScene.Node]](repeating: [], count: groups.order.count)
        var drawnComponents = Set<Int>()
        let critical = CriticalPath(options.criticalPath, index: index)

        for i in 0..<index.operationCount where isSelected(i) {
            if let components, let c = condensedCycle(of: i) {
                guard drawnComponents.insert(c).inserted else { continue }
                let (node, group) = componentNode(components.cycles[c].map(Int.init), id: "cycle\(c)")
                if let group { clusterNodes[groups.rank(group)].append(node) } else { scene.looseNodes.append(node) }
                scene.marks.insert(.condensedCycle)
                scene.marks.insert(.errorNode)
                continue
            }
            let node = operationNode(i, critical: critical.contains(i), scene: &scene)
            clusterNodes[groups.rank(groups.keyOfOperation[i])].append(node)
        }

        for key in groups.order where !clusterNodes[groups.rank(key)].isEmpty && options.drawsQueueBoxes {
            if case .none = key { scene.marks.insert(.notOnQueue) }
            scene.clusters.append(DrawingScene.Cluster(
                id: groups.clusterID(key),
                attributes: DrawingStyle.cluster(
                    label: groups.clusterLabel(key, in: graph, marks: marks, limit: options.labelLength),
                    tooltip: groups.tooltip(key, in: graph, marks: marks),
                    dashed: groups.isDashed(key), error: groups.hasError(key, marks: marks)),
                nodes: clusterNodes[groups.rank(key)]))
        }
        if !options.drawsQueueBoxes {
            for key in groups.order { scene.looseNodes += clusterNodes[groups.rank(key)] }
        }
        var bundles = EdgeBundles()
        addDependencyEdges(to: &bundles, critical: critical)
        addWaitEdges(to: &bundles, clusterNodes: clusterNodes, scene: &scene)
        scene.edges = bundles.edges(direction: options.edges, marks: &scene.marks)
        return scene
    }

    private func operationNode(_ i: Int, critical: Bool, scene: inout DrawingScene) -> DrawingScene.Node {
        let operation = graph.operations[i]
        let state = marks.stateOfOperation[i]
        let isFocus = focus == i
        switch state {
        case .error: scene.marks.insert(.errorNode)
        case .warning: scene.marks.insert(.warningNode)
        case .unreachable: scene.marks.insert(.unreachableNode)
        case .normal: break
        }
        if isFocus { scene.marks.insert(.focusNode) }
        if critical { scene.marks.insert(.criticalPath) }
        let hidden = selection == nil ? 0 : hiddenNeighbours(of: i)
        if hidden > 0 { scene.marks.insert(.hiddenNeighbours) }
        var lines = marks.labelLines(for: marks.findingsOfOperation[i])
        if state == .unreachable { lines = ["never starts (\(FindingMarks.unreachableCode))"] + lines.filter { !$0.hasPrefix("error") } }
        var queue: String?
        if !options.drawsQueueBoxes {
            let key = groups.keyOfOperation[i]
            if case .none = key { queue = "not on a queue" } else { queue = "on " + groups.name(key, in: graph) }
        }
        var attributes = [DOTAttribute.htmlLabel(OperationText.label(
            operation, queue: queue, findingLines: lines, hidden: hidden, focus: isFocus, limit: options.labelLength))]
        attributes += DrawingStyle.node(state, critical: critical, focus: isFocus)
        attributes.append(.tooltip(OperationText.tooltip(i, graph: graph, groups: groups, marks: marks)))
        if let link = link(for: graph.location(of: operation)) { attributes.append(.url(link)) }
        return DrawingScene.Node(id: nodeID(i), attributes: attributes)
    }

    /// A dependency cycle drawn as one node, and the cluster it belongs in when all its
    /// operations share one.
    private func componentNode(_ members: [Int], id: String) -> (DrawingScene.Node, DrawingGroups.Key?) {
        let names = members.map { graph.operations.name(at: $0) }
        let shown = names.prefix(3).map { DOTText.truncated($0, to: 20) }.joined(separator: ", ")
            + (names.count > 3 ? ", …" : "")
        var label = "<B>cycle of \(members.count) operations</B><BR/>" + DrawingStyle.small(DOTText.html(shown))
        var findingIndices: [Int32] = []
        for m in members { for f in marks.findingsOfOperation[m] where !findingIndices.contains(f) { findingIndices.append(f) } }
        for line in marks.labelLines(for: findingIndices) { label += "<BR/>" + DrawingStyle.small(DOTText.html(line)) }
        var tooltip = ["dependency cycle of \(members.count) operations:"]
        tooltip += names.prefix(50).map { "  " + $0 }
        if names.count > 50 { tooltip.append("  … and \(names.count - 50) more") }
        tooltip += marks.tooltipLines(for: findingIndices, limit: 4)
        var attributes: [DOTAttribute] = [.htmlLabel(label), DOTAttribute("shape", "box3d"), DOTAttribute("style", "filled")]
        attributes += DrawingStyle.node(.error, critical: false, focus: false).filter { $0.name != "style" && $0.name != "peripheries" }
        attributes.append(.tooltip(tooltip.joined(separator: "\n")))
        let first = groups.keyOfOperation[members[0]]
        let shared = members.allSatisfy { groups.keyOfOperation[$0] == first }
        return (DrawingScene.Node(id: id, attributes: attributes), shared ? first : nil)
    }

    /// Neighbours (dependencies, dependents, waits) of an operation that are not drawn.
    private func hiddenNeighbours(of i: Int) -> Int {
        var hidden = Set<Int32>()
        for d in index.dependencies(of: i) where !isSelected(Int(d)) { hidden.insert(d) }
        for d in index.dependents(of: i) where !isSelected(Int(d)) { hidden.insert(d) }
        return hidden.count
    }

    private func addDependencyEdges(to bundles: inout EdgeBundles, critical: CriticalPath) {
        for waiter in 0..<index.operationCount where isSelected(waiter) {
            for position in index.dependencyEdges(of: waiter) {
                let dependency = Int(index.dependencyTargets[position])
                guard isSelected(dependency) else { continue }
                let tail = nodeID(dependency)
                let head = nodeID(waiter)
                if tail == head && tail.hasPrefix("cycle") { continue }
                let waiterName = graph.operations.name(at: waiter)
                let dependencyName = graph.operations.name(at: dependency)
                var kind = DrawingStyle.EdgeKind.dependency
                var text = "\(waiterName) waits for \(dependencyName)"
                var location: SourceLocation?
                switch index.origin(ofEdge: position) {
                case .dependency(let d):
                    location = graph.location(of: graph.operations.dependency(d, at: waiter))
                case .exclusivity(let category):
                    kind = .exclusivity
                    text += " (implicit: both in exclusivity category \u{201C}\(category)\u{201D})"
                }
                if let location { text += "\nadded at \(location)" }
                let cycle = marks.isCycleEdge(waiter, dependency)
                if cycle { text += "\non a dependency cycle (\(FindingMarks.cycleCode))" }
                let onCriticalPath = critical.contains(edgeFrom: dependency, to: waiter)
                if onCriticalPath { text += "\non the critical path" }
                bundles.add(tail: tail, head: head, kind: kind, cycle: cycle, critical: onCriticalPath,
                            tooltip: text, url: link(for: location))
            }
        }
    }

    private func addWaitEdges(to bundles: inout EdgeBundles, clusterNodes: [[DrawingScene.Node]], scene: inout DrawingScene) {
        for wait in index.operationWaits where isSelected(Int(wait.waiter)) && isSelected(Int(wait.target)) {
            let waiter = graph.operations[Int(wait.waiter)]
            var text = "\(waiter.name) calls waitUntilFinished() on \(graph.operations.name(at: Int(wait.target)))"
            let location = graph.location(of: waiter.waitsFor[Int(wait.index)])
            if let location { text += "\nat \(location)" }
            bundles.add(tail: nodeID(Int(wait.target)), head: nodeID(Int(wait.waiter)), kind: .wait, cycle: false,
                        critical: false, tooltip: text, url: link(for: location))
        }
        for wait in index.queueWaits where isSelected(Int(wait.waiter)) {
            let key = DrawingGroups.Key.queue(Int(wait.queue))
            guard let anchor = clusterNodes[groups.rank(key)].first else { continue }
            let waiter = graph.operations[Int(wait.waiter)]
            var text = "\(waiter.name) calls waitUntilAllOperationsAreFinished() on queue \(graph.queues[Int(wait.queue)].name)"
            let location = graph.location(of: waiter.waitsForQueues[Int(wait.index)])
            if let location { text += "\nat \(location)" }
            let inside = groups.keyOfOperation[Int(wait.waiter)] == key || !options.drawsQueueBoxes
            if !inside { scene.isCompound = true }
            bundles.add(tail: anchor.id, head: nodeID(Int(wait.waiter)), kind: .queueWait, cycle: false, critical: false,
                        tooltip: text, url: link(for: location), clusterTail: inside ? nil : groups.clusterID(key))
        }
    }

    private func link(for location: SourceLocation?) -> String? {
        guard let template = options.linkTemplate, let location else { return nil }
        return LinkTemplate(template).url(for: location)
    }
}

/// The critical path of a schedule as operation indices, for membership tests.
struct CriticalPath {
    private let operations: Set<Int>
    private let steps: Set<[Int]>

    init(_ names: [String], index: GraphIndex) {
        let resolved = names.compactMap { index.operation(named: $0) }
        operations = Set(resolved)
        steps = Set(zip(resolved, resolved.dropFirst()).map { [$0, $1] })
    }

    func contains(_ operation: Int) -> Bool { operations.contains(operation) }

    /// True when `later` follows `earlier` directly on the path.
    func contains(edgeFrom earlier: Int, to later: Int) -> Bool { steps.contains([earlier, later]) }
}
