/// CPU contention (`cores` set): executing operations share the cores by processor sharing.
/// Higher QoS classes are served first; operations of one class share what is left equally,
/// each at most one core. Waiting and asynchronous operations use no CPU.
extension SimulationRun {
    /// Work left below this counts as done (rounding of rate × time).
    static let workEpsilon = 1e-9

    /// The instant the next executing operation completes its work at the current rates.
    ///
    /// - Complexity: O(executing operations).
    func nextWorkCompletion() -> Double {
        var t = Double.infinity
        for op32 in cpuRunning {
            let op = Int(op32)
            guard rate[op] > 0 else { continue }
            t = min(t, lastAdvance + max(0, remaining[op]) / rate[op])
        }
        return t
    }

    /// Consumes work from `lastAdvance` to `t` at the current rates.
    mutating func advanceWork(to t: Double) {
        let elapsed = t - lastAdvance
        if elapsed > 0 {
            for op32 in cpuRunning {
                remaining[Int(op32)] -= rate[Int(op32)] * elapsed
            }
        }
        lastAdvance = t
    }

    /// Finishes every executing operation whose work is done, in the order they started.
    mutating func finishCompletedWork() {
        var done: [Int] = []
        for op32 in cpuRunning where remaining[Int(op32)] <= Self.workEpsilon * max(1, duration[Int(op32)]) {
            done.append(Int(op32))
        }
        guard !done.isEmpty else { return }
        done.sort { startCounter[$0] < startCounter[$1] }
        for op in done where phase[op] == .running {
            finish(op)
            if isLinux { runPools() }
        }
    }

    mutating func removeFromCPU(_ op: Int) {
        let position = Int(cpuPosition[op])
        let last = cpuRunning.removeLast()
        if Int(last) != op {
            cpuRunning[position] = last
            cpuPosition[Int(last)] = Int32(position)
        }
        cpuPosition[op] = -1
    }

    /// Recomputes each executing operation's share of the cores.
    ///
    /// - Complexity: O(executing operations).
    mutating func updateRates() {
        guard let cores = model.cores else { return }
        let classes = QualityOfService.allCases.count
        var counts = [Int](repeating: 0, count: classes)
        for op32 in cpuRunning {
            counts[QualityOfService.allCases.firstIndex(of: model.effectiveQoS[Int(op32)]) ?? 0] += 1
        }
        var classRate = [Double](repeating: 0, count: classes)
        var left = Double(cores)
        for c in stride(from: classes - 1, through: 0, by: -1) where counts[c] > 0 {
            let share = max(0, min(1, left / Double(counts[c])))
            classRate[c] = share
            left -= share * Double(counts[c])
        }
        for op32 in cpuRunning {
            rate[Int(op32)] = classRate[QualityOfService.allCases.firstIndex(of: model.effectiveQoS[Int(op32)]) ?? 0]
        }
    }
}
