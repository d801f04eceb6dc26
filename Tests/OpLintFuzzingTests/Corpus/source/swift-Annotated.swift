 import Foundation

// Annotations state what the code does not show; they win over inference.
// oplint:queue downloads max=2 qos=userInitiated
// oplint:operation download1 queue=downloads duration=2s priority=high
// oplint:operation download2 queue=downloads duration=2s
// oplint:operation combine queue=downloads after=download1,download2 duration=500ms

final class Dashboard {
    // oplint:queue ui main
    let ui = OperationQueue.main

    func show() {
        // oplint:operation show
        let show = BlockOperation { print("show") }
        // oplint:depends show on combine
        ui.addOperation(show)
    }
}
