import Foundation
import Testing
@testable import OpLintCore

/// The text, JSON, CSV and trace renderings of schedules.
@Suite struct SimulationRenderingTests {
    typealias F = SimulationFixture

    static func slotExhaustion() -> OperationGraph {
        F.graph([.init(name: "io", maxConcurrentOperationCount: 2), .init(name: "main", isMain: true)], [
            F.op("fetchA", "io") { $0.waitsFor = [.init("fetchB", location: SourceLocation(file: "Loader.swift", line: 30, column: 5))] },
            F.op("fetchC", "io") { $0.waitsFor = [.init("fetchD", location: SourceLocation(file: "Loader.swift", line: 44, column: 5))] },
            F.op("fetchB", "io"), F.op("fetchD", "io"),
            F.op("render", "main", deps: ["fetchA"]),
        ])
    }

    @Test func stuckReportText() throws {
        let stuck = try #require(try F.run(Self.slotExhaustion()).stuck)
        #expect(stuck.text() == """
            stuck at t=0.000: 5 operations can never finish
              cycle of waits (slot exhaustion on queue "io", width 2):
                fetchA  executing on io slot 0, waits for fetchB   (Loader.swift:30:5 waitUntilFinished)
                fetchC  executing on io slot 1, waits for fetchD   (Loader.swift:44:5 waitUntilFinished)
                fetchB  ready, no free slot on io: slots held by fetchA, fetchC
                fetchD  ready, no free slot on io: slots held by fetchA, fetchC
              behind them: render (depends on fetchA)
              fix: do not wait inside operations of "io", or make io wider than the number of waiters

            """)
    }

    @Test func scheduleTextCSVAndJSON() throws {
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 1)], [
            F.op("a", duration: 1.5), F.op("b,\"x\"", duration: 0.25, deps: ["a"]),
        ])
        let schedule = try F.run(graph)
        #expect(schedule.text() == """
            schedule (apple model): 2 operations, makespan 1.750 s
            operation  queue  slot  start  end    state     waited for
            a          q      0     0.000  1.500  finished  added
            b,"x"      q      0     1.500  1.750  finished  dependency:a

            queues
              q  width 1  busy 1.750 s  utilisation 100.0%  peak 1  longest wait 0.000 s

            critical path (1.750 s, 2 steps)
              0.000 → 1.500  a      released by added
              1.500 → 1.750  b,"x"  released by dependency:a

            """)
        #expect(schedule.csv() == #"""
            operation,queue,slot,start,end,state,waited_for
            a,q,0,0.000,1.500,finished,added
            "b,""x""",q,0,1.500,1.750,finished,dependency:a

            """#)
        let json = schedule.json().serialized()
        #expect(json.contains("\"makespan\": 1.75"))
        #expect(json.contains("\"waitedFor\": \"dependency:a\""))
        #expect(json.contains("\"stuck\": null"))
        #expect(json == (try F.run(graph)).json().serialized())
    }

    @Test func traceHasTracksSlicesAndFlows() throws {
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 2)], [
            F.op("a"), F.op("b"), F.op("c", deps: ["a"]),
        ])
        let simulator = try Simulator(graph)
        let trace = simulator.run().traceEvents(model: simulator.model).serialized(pretty: false)
        #expect(trace.contains("\"args\":{\"name\":\"q slot 0\"}"))
        #expect(trace.contains("\"args\":{\"name\":\"q slot 1\"}"))
        #expect(trace.components(separatedBy: "\"ph\":\"X\"").count == 4)
        #expect(trace.contains("\"ph\":\"s\"") && trace.contains("\"ph\":\"f\""))
    }

    @Test func decimalWidthsAreTheLengthsOfTheNumbers() {
        var random = SimulationRandom(seed: 4)
        var values = [0, 9, 10, -1, -9, -10, 99, 100, Int.max, Int.min]
        for _ in 0..<2000 { values.append(Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 63)) }
        for value in values {
            #expect(ScheduleFormatting.decimalWidth(value) == String(value).utf8.count, "\(value)")
        }
    }

    @Test func byteWriterTimesMatchTheFormatter() {
        var random = SimulationRandom(seed: 9)
        var values: [Double] = [0, 0.0004, 0.0005, 0.9995, 1, 9.9999, 10, 123456.789, -0.5, -1234.0004]
        for _ in 0..<2000 { values.append((random.unit() - 0.2) * pow(10, Double(random.next() % 8))) }
        for value in values {
            var writer = ScheduleWriter(capacity: 16)
            writer.append(time: value)
            #expect(writer.text == ScheduleFormatting.time(value), "\(value)")
            #expect(ScheduleWriter.timeWidth(value) == ScheduleFormatting.time(value).utf8.count, "\(value)")
        }
    }
}
