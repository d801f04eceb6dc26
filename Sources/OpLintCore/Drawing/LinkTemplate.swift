/// A hyperlink pattern such as `https://host/repo/blob/main/{file}#L{line}`.
public struct LinkTemplate: Sendable, Equatable {
    public let pattern: String

    public init(_ pattern: String) {
        self.pattern = pattern
    }

    /// The link for a location: `{file}` percent-encoded (slashes kept), `{line}`, `{column}`.
    ///
    /// Encoding every reserved character of the path means text from the input can never
    /// add a scheme (`javascript:`), a query or markup to the link.
    /// - Complexity: O(length of the pattern and the path).
    public func url(for location: SourceLocation) -> String {
        pattern
            .replacingAll("{file}", with: Self.percentEncoded(location.file))
            .replacingAll("{line}", with: String(location.line))
            .replacingAll("{column}", with: String(location.column))
    }

    /// The text with every byte outside `A–Z a–z 0–9 - . _ ~ /` written as `%XX`.
    public static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF")
                result += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
            }
        }
        return result
    }
}

extension String {
    /// Every occurrence of `target` replaced, scanning left to right.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
