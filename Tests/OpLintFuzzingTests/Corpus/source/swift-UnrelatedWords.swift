 import Foundation

/// A calculator and a build graph: the words Operation, addDependency and cancel, unrelated to Foundation's.
enum CalculatorOperation {
    case add, subtract, multiply
}

struct Operation {
    var symbol: String
    var apply: (Double, Double) -> Double
}

final class Calculator {
    var pending: Operation?

    func press(_ symbol: String) {
        let operation = Operation(symbol: symbol) { $0 + $1 }
        pending = operation
    }

    func cancel() {
        pending = nil
    }
}

final class BuildTarget {
    var name: String
    var dependencies: [BuildTarget] = []

    init(name: String) { self.name = name }

    func addDependency(_ target: BuildTarget) {
        dependencies.append(target)
    }
}

func configureBuild() {
    let app = BuildTarget(name: "App")
    let core = BuildTarget(name: "Core")
    app.addDependency(core)
    let task = URLSession.shared.dataTask(with: URL(string: "https://example.com")!)
    task.cancel()
    let calculator = Calculator()
    calculator.cancel()
    let message = "call queue.addOperation(op) and op.addDependency(other) before start()"
    print(message)
}
