#import <SenTestingKit/SenTestingKit.h>

// A unit test of an operation subclass, written for manual reference counting: operations are
// made with alloc/init/autorelease and the dependency calls sit inside assertion macros.
@interface Step : NSOperation
@property (nonatomic, copy) NSString *label;
@end

@implementation Step
- (void)main {
    NSLog(@"%@", self.label);
}
@end

@interface StepGraphTests : SenTestCase {
    NSOperationQueue *queue;
}
@end

@implementation StepGraphTests

- (void)setUp {
    queue = [[NSOperationQueue alloc] init];
    [queue setMaxConcurrentOperationCount:2];
}

- (void)tearDown {
    [queue release];
}

- (void)testChainRunsInOrder {
    Step *fetch = [[[Step alloc] init] autorelease];
    Step *parse = [[[Step alloc] init] autorelease];
    Step *store = [[[Step alloc] init] autorelease];
    STAssertNoThrow([parse addDependency:fetch], @"parse after fetch");
    STAssertNoThrow([store addDependency:parse], @"store after parse");
    [queue addOperations:@[fetch, parse, store] waitUntilFinished:YES];
    STAssertTrue([store isFinished], @"the chain drains");
}

- (void)testDiamond {
    Step *top = [[[Step alloc] init] autorelease];
    Step *left = [[[Step alloc] init] autorelease];
    Step *right = [[[Step alloc] init] autorelease];
    Step *bottom = [[[Step alloc] init] autorelease];
    STAssertNoThrow([left addDependency:top], nil);
    STAssertNoThrow([right addDependency:top], nil);
    STAssertNoThrow([bottom addDependency:left], nil);
    STAssertNoThrow([bottom addDependency:right], nil);
    [queue addOperation:top];
    [queue addOperation:left];
    [queue addOperation:right];
    [queue addOperation:bottom];
    [queue waitUntilAllOperationsAreFinished];
}

- (void)testCircularDependency {
    Step *first = [[[Step alloc] init] autorelease];
    Step *second = [[[Step alloc] init] autorelease];
    Step *third = [[[Step alloc] init] autorelease];
    STAssertNoThrow([first addDependency:second], nil);
    STAssertNoThrow([second addDependency:third], nil);
    STAssertThrows([third addDependency:first], @"closes the cycle");
}

- (void)testNewStep {
    Step *lonely = [Step new];
    STAssertFalse([lonely isFinished], nil);
    [lonely release];
}

@end
