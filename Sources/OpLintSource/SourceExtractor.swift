import OpLintCore
