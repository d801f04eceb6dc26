 import Foundation

/// Renders four tiles in parallel, then stitches them.
final class TileRenderer {
    let renderQueue = OperationQueue()

    func render() {
        let stitch = BlockOperation {
            print("stitch")
        }
        for index in 0..<4 {
            let tile = BlockOperation {
                print("tile \(index)")
            }
            tile.qualityOfService = .userInitiated
            stitch.addDependency(tile)
            renderQueue.addOperation(tile)
        }
        renderQueue.addOperation(stitch)
    }
}
