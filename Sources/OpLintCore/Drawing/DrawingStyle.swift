/// The attributes that give each state of a drawn element its look: colour, line style,
/// border and shape together, so that no state is told by colour alone.
enum DrawingStyle {
    static let font = "DejaVu Sans"
    static let legendID = "legend"

    static let nodeDefaults: [DOTAttribute] = [
        DOTAttribute("shape", "box"),
        DOTAttribute("style", "rounded,filled"),
        DOTAttribute("fillcolor", DrawingPalette.operationFill),
        DOTAttribute("color", DrawingPalette.ink),
        DOTAttribute("fontname", font),
        DOTAttribute("fontsize", 12),
        DOTAttribute("margin", "0.12,0.05"),
        DOTAttribute("height", 0.35),
    ]

    static let edgeDefaults: [DOTAttribute] = [
        DOTAttribute("color", DrawingPalette.ink),
        DOTAttribute("arrowsize", 0.8),
        DOTAttribute("fontname", font),
        DOTAttribute("fontsize", 10),
        DOTAttribute("fontcolor", DrawingPalette.secondaryText),
    ]

    /// Node attributes for an operation's (or a group's) state.
    static func node(_ state: FindingMarks.State, critical: Bool, focus: Bool, dashedBorder: Bool = false) -> [DOTAttribute] {
        var attributes: [DOTAttribute] = []
        var styles = ["rounded", "filled"]
        switch state {
        case .error:
            attributes += [DOTAttribute("color", DrawingPalette.vermillion), DOTAttribute("fillcolor", DrawingPalette.errorFill),
                           DOTAttribute("peripheries", 2), DOTAttribute("penwidth", 1.6)]
        case .unreachable:
            styles.append("dashed")
            attributes += [DOTAttribute("color", DrawingPalette.faded), DOTAttribute("fillcolor", DrawingPalette.fadedFill),
                           DOTAttribute("fontcolor", DrawingPalette.fadedText)]
        case .warning:
            attributes += [DOTAttribute("color", DrawingPalette.orange), DOTAttribute("fillcolor", DrawingPalette.warningFill),
                           DOTAttribute("penwidth", 3)]
        case .normal:
            if focus { attributes.append(DOTAttribute("fillcolor", DrawingPalette.focusFill)) }
            if critical { attributes.append(DOTAttribute("color", DrawingPalette.blue)) }
        }
        if dashedBorder && state != .unreachable { styles.append("dashed") }
        if critical {
            styles.append("bold")
            if state != .warning { attributes.append(DOTAttribute("penwidth", 3)) }
        }
        if styles != ["rounded", "filled"] { attributes.insert(DOTAttribute("style", styles.joined(separator: ",")), at: 0) }
        return attributes
    }

    /// How a dependency edge looks.
    enum EdgeKind: Int, Hashable {
        case dependency, exclusivity, wait, queueWait
    }

    /// Edge attributes for a kind of edge, on a cycle or on the critical path.
    static func edge(_ kind: EdgeKind, cycle: Bool, critical: Bool) -> [DOTAttribute] {
        var attributes: [DOTAttribute] = []
        var styles: [String] = []
        switch kind {
        case .dependency:
            break
        case .exclusivity:
            styles.append("dashed")
            attributes.append(DOTAttribute("color", DrawingPalette.bluishGreen))
        case .wait, .queueWait:
            styles.append("dotted")
            attributes += [DOTAttribute("color", DrawingPalette.reddishPurple), DOTAttribute("arrowhead", "empty"),
                           DOTAttribute("penwidth", 1.6)]
        }
        if cycle {
            // Two parallel lines: a cycle edge differs in shape as well as colour.
            attributes.removeAll { $0.name == "color" }
            attributes.append(DOTAttribute("color", "\(DrawingPalette.vermillion):invis:\(DrawingPalette.vermillion)"))
            attributes.removeAll { $0.name == "penwidth" }
            attributes.append(DOTAttribute("penwidth", 1.4))
        } else if critical {
            styles.append("bold")
            attributes.removeAll { $0.name == "color" || $0.name == "penwidth" }
            attributes += [DOTAttribute("color", DrawingPalette.blue), DOTAttribute("penwidth", 3)]
        }
        if !styles.isEmpty { attributes.insert(DOTAttribute("style", styles.joined(separator: ",")), at: 0) }
        return attributes
    }

    /// Attributes of a queue's cluster.
    static func cluster(label: String, tooltip: String, dashed: Bool, error: Bool) -> [DOTAttribute] {
        [
            .htmlLabel(label),
            DOTAttribute("style", dashed ? "rounded,filled,dashed" : "rounded,filled"),
            DOTAttribute("fillcolor", DrawingPalette.queueFill),
            DOTAttribute("color", error ? DrawingPalette.vermillion : DrawingPalette.queueBorder),
            DOTAttribute("penwidth", error ? 2 : 1),
            DOTAttribute("labeljust", "l"),
            DOTAttribute("fontname", font),
            DOTAttribute("margin", 10),
            .tooltip(tooltip),
        ]
    }

    /// A secondary line of a label, smaller and grey.
    static func small(_ markup: String, italic: Bool = false) -> String {
        let inner = italic ? "<I>" + markup + "</I>" : markup
        return "<FONT POINT-SIZE=\"10\" COLOR=\"\(DrawingPalette.secondaryText)\">" + inner + "</FONT>"
    }
}
