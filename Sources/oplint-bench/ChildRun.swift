import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of a program with its output discarded: wall time from a monotonic clock around
/// the spawn and the wait, CPU time (user + system) from the kernel's accounting of the
/// child (`wait4`), both to the microsecond.
///
/// The child's peak memory is not taken from `wait4`: it counts the memory of the process that
/// spawned it, before the program replaced it. `peakKilobytes` asks GNU time instead.
struct ChildRun {
    var seconds: Double
    var cpuSeconds: Double
    var exitCode: Int32

    /// The peak resident memory of one run of `arguments`, from GNU time (a small process,
    /// so that what it was before the program does not count), or nil without GNU time.
    static func peakKilobytes(_ arguments: [String], scratch: String) -> Double? {
        let file = scratch + "/peak.txt"
        guard let run = try? ChildRun(["/usr/bin/time", "-f", "%M", "-o", file] + arguments), run.exitCode != 127,
              let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        // With a non-zero exit, time writes "Command exited with non-zero status N" first.
        return text.split(whereSeparator: \.isNewline).last.flatMap { Double($0) }
    }

    /// Runs `arguments` (the first is the program, looked up in `PATH`) and waits for it.
    init(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw UsageError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        func time(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
        cpuSeconds = time(usage.ru_utime) + time(usage.ru_stime)
        // Exited normally: the low 7 bits are 0 and the code is in the next 8.
        exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
