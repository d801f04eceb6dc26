import Testing
@testable import OpLintCore

@Suite struct IndexGroupsTests {
    @Test func groupsEveryNumberUnderItsKeyInIncreasingOrder() {
        let keys: [Int32] = [2, 0, 2, 3, 0, 2]
        let groups = IndexGroups(count: keys.count, keyCount: 5) { keys[$0] }
        #expect(Array(groups[0]) == [1, 4])
        #expect(Array(groups[1]).isEmpty)
        #expect(Array(groups[2]) == [0, 2, 5])
        #expect(Array(groups[3]) == [3])
        #expect(Array(groups[4]).isEmpty)
    }

    @Test func nothingToGroupGivesEmptyGroupsForAnyKey() {
        for groups in [IndexGroups(count: 0, keyCount: 0) { _ in 0 }, IndexGroups()] {
            #expect(Array(groups[0]).isEmpty)
            #expect(Array(groups[41]).isEmpty)
        }
    }

    @Test func waitsAreGroupedByWaiterAndByTarget() {
        var a = OperationGraph.Operation(name: "a", queue: "q")
        a.waitsFor = ["b", "c"]
        var c = OperationGraph.Operation(name: "c", queue: "q")
        c.waitsFor = ["b"]
        let index = GraphIndex(OperationGraph(queues: [.init(name: "q")], operations: [a, .init(name: "b", queue: "q"), c]))
        let waits = index.operationWaits
        let byWaiter = index.operationWaitsByWaiter()
        let byTarget = index.operationWaitsByTarget()
        #expect(byWaiter[0].map { waits[Int($0)].target } == [1, 2])
        #expect(byWaiter[2].map { waits[Int($0)].target } == [1])
        #expect(byTarget[1].map { waits[Int($0)].waiter } == [0, 2])
        #expect(byTarget[0].isEmpty)
    }
}
