/// The colours of the drawings: Okabe–Ito's palette, which people with any common form of
/// colour blindness can tell apart, plus light tints for fills that keep black text readable.
///
/// Colour never carries meaning alone: every state also has its own line style, border or text.
public enum DrawingPalette {
    public static let black = "#000000"
    public static let orange = "#E69F00"
    public static let skyBlue = "#56B4E9"
    public static let bluishGreen = "#009E73"
    public static let yellow = "#F0E442"
    public static let blue = "#0072B2"
    public static let vermillion = "#D55E00"
    public static let reddishPurple = "#CC79A7"

    /// Ordinary lines and text.
    public static let ink = "#333333"
    /// Faded lines and text (operations that can never start).
    public static let faded = "#8C8C8C"
    public static let fadedText = "#6E6E6E"
    /// Secondary text in labels (settings, counts).
    public static let secondaryText = "#505050"

    /// Fill of an ordinary operation.
    public static let operationFill = "#FFFFFF"
    /// Fill of an operation with an error (tint of vermillion).
    public static let errorFill = "#FBE1CF"
    /// Fill of an operation with a warning (tint of orange).
    public static let warningFill = "#FFF1CC"
    /// Fill of an operation that can never start.
    public static let fadedFill = "#F2F2F2"
    /// Fill of the operation a focused drawing is centred on (tint of sky blue).
    public static let focusFill = "#D7EDFA"
    /// Fill and border of a queue's cluster.
    public static let queueFill = "#F5F8FA"
    public static let queueBorder = "#7A8B99"
}
