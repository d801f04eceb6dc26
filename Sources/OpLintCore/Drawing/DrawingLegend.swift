/// The legend of a dependency drawing: what the arrows mean, then one row for each mark
/// the drawing uses, each naming its line style or border as well as its colour.
enum DrawingLegend {
    /// The legend as an HTML-like table.
    static func markup(marks: Set<DrawingScene.Mark>, options: DrawingOptions) -> String {
        var rows: [(sample: String, text: String)] = []
        let arrow = options.edges == .executionOrder
            ? ("A ──▶ B", "B runs after A (B depends on A)")
            : ("A ──▶ B", "A depends on B (B runs first)")
        rows.append(arrow)
        for mark in marks.sorted() {
            switch mark {
            case .errorNode:
                rows.append((cell("name", fill: DrawingPalette.errorFill, border: DrawingPalette.vermillion),
                             "double border: error (rule in the label)"))
            case .warningNode:
                rows.append((cell("name", fill: DrawingPalette.warningFill, border: DrawingPalette.orange),
                             "thick border: warning (rule in the label)"))
            case .unreachableNode:
                rows.append((cell("<FONT COLOR=\"\(DrawingPalette.fadedText)\">name</FONT>", fill: DrawingPalette.fadedFill,
                                  border: DrawingPalette.faded), "grey, dashed border: can never start"))
            case .focusNode:
                rows.append((cell("name", fill: DrawingPalette.focusFill, border: DrawingPalette.ink), "the focused operation"))
            case .criticalPath:
                rows.append((colored("━━━▶", DrawingPalette.blue), "bold: critical path of the schedule"))
            case .cycleEdge:
                rows.append((colored("═══▶", DrawingPalette.vermillion), "double line: dependency cycle"))
            case .exclusivityEdge:
                rows.append((colored("╌╌╌▶", DrawingPalette.bluishGreen), "dashed: implicit order of an exclusivity category"))
            case .waitEdge:
                rows.append((colored("┈┈┈▷", DrawingPalette.reddishPurple), "dotted, hollow head: waitUntilFinished()"))
            case .queueWaitEdge:
                rows.append((colored("┈┈┈▷", DrawingPalette.reddishPurple),
                             "dotted from a queue: waitUntilAllOperationsAreFinished()"))
            case .condensedCycle:
                rows.append((DrawingStyle.small("3-D box"), "a dependency cycle drawn as one node"))
            case .notOnQueue:
                rows.append((DrawingStyle.small("dashed frame"), "operations never added to a queue"))
            case .hiddenNeighbours:
                rows.append((DrawingStyle.small("+3 not shown", italic: true), "neighbours outside this view"))
            case .twoWayEdge:
                rows.append((DrawingStyle.small("◀7──12▶"), "both ways: the number by each head arrives there"))
            case .weightedEdge:
                rows.append((DrawingStyle.small("──12──▶"), "number of dependencies an arrow stands for"))
            }
        }
        var table = "<TABLE BORDER=\"1\" COLOR=\"\(DrawingPalette.queueBorder)\" CELLBORDER=\"0\" CELLSPACING=\"2\" "
            + "CELLPADDING=\"2\" BGCOLOR=\"white\">"
        table += "<TR><TD COLSPAN=\"2\" ALIGN=\"LEFT\"><B>Legend</B></TD></TR>"
        for row in rows {
            table += "<TR><TD ALIGN=\"CENTER\">\(row.sample)</TD><TD ALIGN=\"LEFT\">"
                + DrawingStyle.small(DOTText.html(row.text)) + "</TD></TR>"
        }
        return table + "</TABLE>"
    }

    private static func colored(_ text: String, _ color: String) -> String {
        "<FONT COLOR=\"\(color)\">\(text)</FONT>"
    }

    private static func cell(_ markup: String, fill: String, border: String) -> String {
        "<TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLPADDING=\"1\" COLOR=\"\(border)\" BGCOLOR=\"\(fill)\"><TR><TD>"
            + DrawingStyle.small(markup) + "</TD></TR></TABLE>"
    }
}
