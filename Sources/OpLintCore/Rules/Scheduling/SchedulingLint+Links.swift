extension SchedulingLint {
    /// Links a message spells out before it elides the middle of a chain.
    static let linksShown = 6

    /// `“a” depends on “b”, “b” waits for “c”`: one phrase per link; a long chain keeps its
    /// first and last links and counts the ones in between.
    ///
    /// - Complexity: O(`linksShown`) phrases.
    static func describe(_ links: [WaitGraph.Link], in analysis: GraphAnalysis, names: QuotedNames? = nil) -> String {
        guard links.count > linksShown else { return links.map { phrase($0, analysis, names) }.joined(separator: ", ") }
        let head = links.prefix(linksShown - 2).map { phrase($0, analysis, names) }.joined(separator: ", ")
        return "\(head), … \(links.count - linksShown + 1) more links …, \(phrase(links[links.count - 1], analysis, names))"
    }

    /// Related locations: where each link is made; a long chain keeps its first and last
    /// `relatedShown` / 2 links.
    static func related(_ links: [WaitGraph.Link], in analysis: GraphAnalysis, names: QuotedNames? = nil) -> [Finding.Related] {
        shown(links).map { Finding.Related(location(of: $0, analysis), phrase($0, analysis, names)) }
    }

    /// The links of a chain a finding lists: all, or the first and last `relatedShown` / 2.
    static func shown(_ links: [WaitGraph.Link]) -> [WaitGraph.Link] {
        links.count > relatedShown ? Array(links.prefix(relatedShown / 2)) + Array(links.suffix(relatedShown / 2)) : links
    }

    /// Links of a chain given as related locations before the middle is left out.
    static let relatedShown = 24

    private static func phrase(_ link: WaitGraph.Link, _ analysis: GraphAnalysis, _ names: QuotedNames?) -> String {
        let waiter = quotedName(link.waiter, analysis, names)
        let target = quotedName(link.target, analysis, names)
        switch link.step {
        case .wait:
            return written("\(waiter) waits for \(target)")
        case .queueWait(let w):
            let queue = analysis.graph.queues[Int(analysis.index.queueWaits[w].queue)].name
            return written("\(waiter) waits for all operations of \(quoted(queue)), \(target) among them")
        case .dependency(let edge):
            if case .exclusivity(let category) = analysis.index.origin(ofEdge: edge) {
                return written("\(waiter) comes after \(target) in exclusivity category \(quoted(category))")
            }
            return written("\(waiter) depends on \(target)")
        }
    }

    private static func location(of link: WaitGraph.Link, _ analysis: GraphAnalysis) -> SourceLocation {
        switch link.step {
        case .dependency(let edge):
            return analysis.location(ofEdge: edge, from: link.waiter)
        case .wait(let w):
            let wait = analysis.index.operationWaits[w]
            return location(ofWait: Int(wait.index), by: link.waiter, in: analysis)
        case .queueWait(let w):
            let wait = analysis.index.queueWaits[w]
            return location(ofQueueWait: Int(wait.index), by: link.waiter, in: analysis)
        }
    }
}
