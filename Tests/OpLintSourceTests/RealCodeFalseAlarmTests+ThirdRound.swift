import Testing
import OpLintCore
@testable import OpLintSource

/// The false alarms of the third round of public repositories (sdl_ios, virgil-sdk-x), in our own words.
extension RealCodeFalseAlarmTests {
    @Test("A second start() of an operation whose start never calls super does not throw (sdl_ios)")
    func restartingAReplacedStartIsNotEnqueuedTwice() {
        let swift = RealCodeCase("Job.swift", """
        class BaseJob: Operation {
            override var isAsynchronous: Bool { true }
            override func start() {
                if isCancelled { finish(); return }
                run()
            }
        }
        final class AlertJob: BaseJob {
            override func start() { super.start() }
        }
        func retry() {
            let job = AlertJob()
            job.start()
            job.cancel()
            job.start()
        }
        """)
        #expect(swift.findings("OPL302").isEmpty, "\(swift.alarms)")
        let objectiveC = RealCodeCase("Job.m", """
        @interface Job : NSOperation
        @end
        @implementation Job
        - (void)start {
            if (self.isCancelled) { [self finish]; return; }
            [self run];
        }
        @end
        void retry(void) {
            Job *job = [[Job alloc] init];
            [job start];
            [job cancel];
            [job start];
        }
        """)
        #expect(objectiveC.findings("OPL302").isEmpty, "\(objectiveC.alarms)")
        // Foundation's start, reached through super, still throws the second time.
        let plain = RealCodeCase("Plain.swift", """
        final class Step: Operation {
            override func start() { super.start() }
            override func main() {}
        }
        func twice() {
            let step = Step()
            step.start()
            step.start()
        }
        """)
        #expect(plain.findings("OPL302").map(\.message) == [
            "step is started again; it was already enqueued or started at Plain.swift:7:5, which throws",
        ])
    }

    @Test("One start call on a variable assigned in several blocks is one finding (sdl_ios)")
    func oneFindingPerCallOnAVariableOfSeveralOperations() {
        let c = RealCodeCase("Spec.m", """
        void spec(void) {
            __block NSBlockOperation *op = nil;
            beforeEach(^{ op = [NSBlockOperation blockOperationWithBlock:^{}]; });
            it(^{ op = [NSBlockOperation blockOperationWithBlock:^{}]; });
            it(^{
                [op start];
                [op start];
            });
        }
        """)
        let findings = c.findings("OPL302")
        #expect(findings.count == 1, "\(c.alarms)")
        #expect(findings.first?.operations.count == 2)
        #expect(findings.first?.message.hasPrefix("spec().op@Spec.m:3 and spec().op@Spec.m:4 are started again; each was already") == true,
                "\(findings.map(\.message))")
        #expect(findings.first?.location.line == 7)
    }

    @Test("start(completion:) and start { } are the code's own methods, which may start the operation (virgil-sdk-x)")
    func startWithArgumentsIsAnotherMethod() {
        let c = RealCodeCase("Fetch.swift", """
        class Fetch: Operation {
            func start(completion: @escaping () -> Void) {
                completionBlock = completion
                OperationQueue().addOperation(self)
            }
        }
        func trailing() {
            let op = Fetch()
            op.start { print("done") }
        }
        func labelled() {
            let op = Fetch()
            op.start(completion: { print("done") })
        }
        func forgotten() {
            let op = Fetch()
            if op.start { }
        }
        """)
        #expect(c.findings("OPL105").map(\.location.line) == [16], "\(c.alarms)")
    }
}
