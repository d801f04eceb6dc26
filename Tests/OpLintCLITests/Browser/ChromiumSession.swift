import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven through the DevTools protocol over a pipe
/// (`--remote-debugging-pipe`: the browser reads commands on fd 3 and writes replies and
/// events on fd 4, each a JSON object ending in a NUL byte). No WebSocket, no port, no
/// library: enough to load a page, read what the console and the network saw, measure
/// elements and take a screenshot.
final class ChromiumSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One event the browser sent: its method and parameters.
    struct Event {
        let method: String
        let params: [String: Any]
    }

    private let process: pid_t
    private let commands: Int32
    private let replies: Int32
    private var pending: [UInt8] = []
    private var nextID = 1
    private var closed = false
    /// Every event received so far, in order.
    private(set) var events: [Event] = []
    /// The session of the attached page.
    private var pageSession: String?
    /// Where the browser's own standard output and error go.
    let logFile: URL

    /// The browser to use: `$OPLINT_CHROMIUM`, else the first of the usual names on `PATH`.
    static func executable() -> String? {
        if let given = ProcessInfo.processInfo.environment["OPLINT_CHROMIUM"], !given.isEmpty { return given }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for directory in path.split(separator: ":") {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// Starts a headless browser with a fresh profile in `folder`, window `width` × `height`.
    init(executable: String, folder: URL, width: Int = 1280, height: Int = 900) throws {
        logFile = folder.appendingPathComponent("chromium.log")
        let profile = folder.appendingPathComponent("profile")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "pipe failed") }
        // Keep our ends away from fds 3 and 4, and out of the child.
        func high(_ fd: Int32) -> Int32 {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            close(fd)
            return moved
        }
        let browserReads = high(toBrowser[0]), weWrite = high(toBrowser[1])
        let weRead = high(fromBrowser[0]), browserWrites = high(fromBrowser[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, browserReads, 3)
        posix_spawn_file_actions_adddup2(&actions, browserWrites, 4)
        let arguments = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking", "--disable-sync",
            "--hide-scrollbars", "--mute-audio", "--disable-dev-shm-usage", "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
            "about:blank",
        ]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(browserReads)
        close(browserWrites)
        guard status == 0 else {
            close(weWrite)
            close(weRead)
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        process = pid
        commands = weWrite
        replies = weRead
    }

    deinit {
        if !closed { terminate() }
    }

    /// Sends a command and waits for its reply; a protocol error throws.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], toPage: Bool = true, timeout: TimeInterval = 120) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if toPage, let pageSession { message["sessionId"] = pageSession }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure(description: "the browser closed its pipe (see \(logFile.path))") }
            written += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline, waitingFor: method)
            if reply["id"] as? Int == id {
                if let error = reply["error"] as? [String: Any] {
                    throw Failure(description: "\(method): \(error["message"] ?? error)")
                }
                return reply["result"] as? [String: Any] ?? [:]
            }
        }
    }

    /// Waits until an event named `method` has arrived (or had already).
    func waitForEvent(_ method: String, timeout: TimeInterval = 120) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !events.contains(where: { $0.method == method }) {
            _ = try nextMessage(until: deadline, waitingFor: method)
        }
    }

    /// Reads messages (keeping events) until the browser has been quiet for `quiet` seconds.
    func drain(quiet: TimeInterval = 0.3) {
        while let _ = try? nextMessage(until: Date().addingTimeInterval(quiet), waitingFor: "") {}
    }

    /// Attaches to the browser's first page; later commands go to it.
    func attachToPage() throws {
        let targets = try send("Target.getTargets", toPage: false)["targetInfos"] as? [[String: Any]] ?? []
        guard let page = targets.first(where: { $0["type"] as? String == "page" }), let id = page["targetId"] as? String else {
            throw Failure(description: "no page target in \(targets)")
        }
        let attached = try send("Target.attachToTarget", ["targetId": id, "flatten": true], toPage: false)
        guard let session = attached["sessionId"] as? String else { throw Failure(description: "attach gave \(attached)") }
        pageSession = session
    }

    /// Evaluates `expression` in the page and returns its value (by value: JSON-like).
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw Failure(description: "evaluation failed: \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// A PNG of the whole page, `width` CSS pixels wide.
    func screenshot(width: Int) throws -> Data {
        let metrics = try send("Page.getLayoutMetrics")
        let size = metrics["cssContentSize"] as? [String: Any] ?? metrics["contentSize"] as? [String: Any] ?? [:]
        let height = min((size["height"] as? Double) ?? 900, 16_000)
        let result = try send("Page.captureScreenshot", [
            "format": "png", "captureBeyondViewport": true,
            "clip": ["x": 0, "y": 0, "width": width, "height": height, "scale": 1],
        ])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot data")
        }
        return data
    }

    /// Closes the browser and waits for it to exit.
    func shutDown() {
        guard !closed else { return }
        _ = try? send("Browser.close", toPage: false, timeout: 5)
        terminate()
    }

    private func terminate() {
        closed = true
        Glibc.close(commands)
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(process, &status, WNOHANG) == process {
                Glibc.close(replies)
                return
            }
            usleep(100_000)
        }
        kill(process, SIGKILL)
        waitpid(process, &status, 0)
        Glibc.close(replies)
    }

    /// The next whole message; events are also appended to `events`.
    private func nextMessage(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let end = pending.firstIndex(of: 0) {
                let bytes = Array(pending[..<end])
                pending.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { continue }
                if let method = object["method"] as? String {
                    events.append(Event(method: method, params: object["params"] as? [String: Any] ?? [:]))
                }
                return object
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure(description: "timed out waiting for \(what) (see \(logFile.path))") }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000))
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure(description: "the browser exited (see \(logFile.path))") }
            pending += chunk[..<n]
        }
    }
}
