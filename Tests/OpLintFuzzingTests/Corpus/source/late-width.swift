// A queue whose width is set after its operations are added.
import Foundation

let queue = OperationQueue()
let fetch = BlockOperation { print("fetch") }
let parse = BlockOperation { print("parse") }
parse.addDependency(fetch)
queue.addOperations([fetch, parse], waitUntilFinished: false)
queue.maxConcurrentOperationCount = 1
parse.waitUntilFinished()
