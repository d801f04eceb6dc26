!#import <Foundation/Foundation.h>

@interface SyncOperation : NSOperation
@property (nonatomic, copy) NSString *entity;
@end

@interface PullOperation : SyncOperation
@end

@interface PushOperation : SyncOperation
@end

@implementation SyncOperation
- (void)main {
    if (self.isCancelled) { return; }
    NSLog(@"sync %@", self.entity);
}
@end

@implementation PullOperation
@end

@implementation PushOperation
@end

@interface SyncEngine : NSObject
@property (nonatomic, strong) NSOperationQueue *queue;
@end

@implementation SyncEngine

- (instancetype)init {
    if ((self = [super init])) {
        _queue = [[NSOperationQueue alloc] init];
        _queue.maxConcurrentOperationCount = 1;
        _queue.suspended = YES;
    }
    return self;
}

- (void)syncNow {
    PullOperation *pull = [[PullOperation alloc] init];
    PushOperation *push = [PushOperation new];
    [push addDependency:pull];
    pull.queuePriority = NSOperationQueuePriorityVeryHigh;
    [self.queue addOperations:@[pull, push] waitUntilFinished:NO];
    [self.queue setSuspended:NO];
}

@end
