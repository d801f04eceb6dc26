/// The version of oplint.
public enum OpLintVersion {
    public static let current = "0.1.0"
}
