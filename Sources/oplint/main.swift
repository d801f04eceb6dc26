import Foundation
import OpLintCLI

// Writes to a closed pipe (`oplint … | head`) must end the process quietly, not kill it.
signal(SIGPIPE, SIG_IGN)
let code = OplintCLI.run(Array(CommandLine.arguments.dropFirst()), context: OplintCLI.processContext())
exit(code.rawValue)
