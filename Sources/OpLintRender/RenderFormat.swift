/// An output format of a drawing.
public enum RenderFormat: String, Sendable, CaseIterable {
    case svg, png, pdf, dot

    /// The Graphviz output format name.
    var graphvizName: String {
        switch self {
        case .svg: "svg"
        case .png: "png"
        case .pdf: "pdf"
        case .dot: "canon"
        }
    }

    /// The format a file name's extension stands for (`deps.svg` → `.svg`), if any.
    public init?(pathExtensionOf path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}

/// A Graphviz layout engine.
public enum LayoutEngine: String, Sendable, CaseIterable {
    case dot, neato, fdp, sfdp, circo, twopi
}
