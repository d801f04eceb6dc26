import OpLintCLI
