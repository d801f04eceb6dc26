/// The drawing with one node per queue (`--collapse queues`): each arrow stands for the
/// dependencies between the operations of two queues and is labelled with their number.
struct QueueView {
    let graph: OperationGraph
    let index: GraphIndex
    let marks: FindingMarks
    let groups: DrawingGroups
    let options: DrawingOptions
    let selection: [Bool]?

    private func isSelected(_ i: Int) -> Bool { selection?[i] ?? true }

    private struct Tally {
        var operations = 0
        var inside = 0
        var errors = 0
        var warnings = 0
        var unreachable = 0
    }

    /// - Complexity: O(*n* + *e*).
    func scene() -> DrawingScene {
        var scene = DrawingScene()
        // Few nodes, many labelled arrows: more room between them.
        scene.nodeSeparation = 0.8
        scene.rankSeparation = 0.9
        var tallies = [Tally](repeating: Tally(), count: groups.order.count)
        for i in 0..<index.operationCount where isSelected(i) {
            let g = groups.rank(groups.keyOfOperation[i])
            tallies[g].operations += 1
            switch marks.stateOfOperation[i] {
            case .error: tallies[g].errors += 1
            case .warning: tallies[g].warnings += 1
            case .unreachable: tallies[g].unreachable += 1
            case .normal: break
            }
        }
        var bundles = EdgeBundles()
        for waiter in 0..<index.operationCount where isSelected(waiter) {
            let head = groups.keyOfOperation[waiter]
            for position in index.dependencyEdges(of: waiter) {
                let dependency = Int(index.dependencyTargets[position])
                guard isSelected(dependency) else { continue }
                let tail = groups.keyOfOperation[dependency]
                if tail == head {
                    tallies[groups.rank(head)].inside += 1
                    continue
                }
                bundles.add(tail: groups.nodeID(tail), head: groups.nodeID(head), kind: .dependency,
                            cycle: marks.isCycleEdge(waiter, dependency), critical: false,
                            tooltip: "\(graph.operations.name(at: waiter)) waits for \(graph.operations.name(at: dependency))", url: nil)
            }
        }
        for wait in index.operationWaits where isSelected(Int(wait.waiter)) && isSelected(Int(wait.target)) {
            let tail = groups.keyOfOperation[Int(wait.target)]
            let head = groups.keyOfOperation[Int(wait.waiter)]
            guard tail != head else { continue }
            bundles.add(tail: groups.nodeID(tail), head: groups.nodeID(head), kind: .wait, cycle: false, critical: false,
                        tooltip: "\(graph.operations.name(at: Int(wait.waiter))) waits for \(graph.operations.name(at: Int(wait.target)))",
                        url: nil)
        }
        for key in groups.order where tallies[groups.rank(key)].operations > 0 {
            scene.looseNodes.append(node(key, tally: tallies[groups.rank(key)], marks: &scene.marks))
        }
        for wait in index.queueWaits where isSelected(Int(wait.waiter)) {
            let key = DrawingGroups.Key.queue(Int(wait.queue))
            let head = groups.keyOfOperation[Int(wait.waiter)]
            guard tallies[groups.rank(key)].operations > 0, key != head else { continue }
            bundles.add(tail: groups.nodeID(key), head: groups.nodeID(head), kind: .queueWait, cycle: false, critical: false,
                        tooltip: "\(graph.operations.name(at: Int(wait.waiter))) waits for all of queue \(graph.queues[Int(wait.queue)].name)",
                        url: nil)
        }
        scene.edges = bundles.edges(direction: options.edges, mergingOpposites: true, marks: &scene.marks)
        return scene
    }

    private func node(_ key: DrawingGroups.Key, tally: Tally, marks sceneMarks: inout Set<DrawingScene.Mark>) -> DrawingScene.Node {
        var label = "<B>" + DOTText.html(DOTText.truncated(groups.name(key, in: graph), to: options.labelLength)) + "</B>"
        label += "<BR/>" + DrawingStyle.small(DOTText.html(groups.settings(key, in: graph)))
        var counts = [tally.operations == 1 ? "1 operation" : "\(tally.operations) operations"]
        if tally.inside > 0 { counts.append(tally.inside == 1 ? "1 dependency inside" : "\(tally.inside) dependencies inside") }
        label += "<BR/>" + DrawingStyle.small(counts.joined(separator: " · "))
        var findings: [String] = []
        if tally.errors > 0 { findings.append("\(tally.errors) with errors") }
        if tally.unreachable > 0 { findings.append("\(tally.unreachable) never start") }
        if tally.warnings > 0 { findings.append("\(tally.warnings) with warnings") }
        if !findings.isEmpty { label += "<BR/>" + DrawingStyle.small(findings.joined(separator: " · ")) }
        var queueFindings: [Int32] = []
        if case .queue(let q) = key { queueFindings = marks.findingsOfQueue[q] }
        for line in marks.labelLines(for: queueFindings) { label += "<BR/>" + DrawingStyle.small(DOTText.html(line)) }

        let state: FindingMarks.State
        if tally.errors > 0 || groups.hasError(key, marks: marks) {
            state = .error
        } else if tally.unreachable == tally.operations {
            state = .unreachable
        } else if tally.warnings > 0 || tally.unreachable > 0 {
            state = .warning
        } else {
            state = .normal
        }
        switch state {
        case .error: sceneMarks.insert(.errorNode)
        case .warning: sceneMarks.insert(.warningNode)
        case .unreachable: sceneMarks.insert(.unreachableNode)
        case .normal: break
        }
        if case .none = key { sceneMarks.insert(.notOnQueue) }
        var attributes: [DOTAttribute] = [.htmlLabel(label)]
        attributes += DrawingStyle.node(state, critical: false, focus: false, dashedBorder: groups.isDashed(key))
        if state == .normal { attributes.append(DOTAttribute("fillcolor", DrawingPalette.queueFill)) }
        var tooltip = groups.tooltip(key, in: graph, marks: marks)
        tooltip += "\n" + counts.joined(separator: ", ") + (findings.isEmpty ? "" : "\n" + findings.joined(separator: ", "))
        attributes.append(.tooltip(tooltip))
        if case .queue(let q) = key, let template = options.linkTemplate, let location = graph.location(of: graph.queues[q]) {
            attributes.append(.url(LinkTemplate(template).url(for: location)))
        }
        return DrawingScene.Node(id: groups.nodeID(key), attributes: attributes)
    }
}
