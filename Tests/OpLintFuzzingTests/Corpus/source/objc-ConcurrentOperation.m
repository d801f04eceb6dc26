!#import <Foundation/Foundation.h>

@interface FetchFeedOperation : NSOperation
@property (nonatomic, strong) NSURL *url;
@end

@implementation FetchFeedOperation {
    BOOL _executing;
    BOOL _finished;
}

- (BOOL)isConcurrent {
    return YES;
}

- (BOOL)isExecuting { return _executing; }
- (BOOL)isFinished { return _finished; }

- (void)start {
    if (self.isCancelled) {
        [self finish];
        return;
    }
    [self willChangeValueForKey:@"isExecuting"];
    _executing = YES;
    [self didChangeValueForKey:@"isExecuting"];
    [[[NSURLSession sharedSession] dataTaskWithURL:self.url completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        [self finish];
    }] resume];
}

- (void)finish {
    [self willChangeValueForKey:@"isExecuting"];
    [self willChangeValueForKey:@"isFinished"];
    _executing = NO;
    _finished = YES;
    [self didChangeValueForKey:@"isExecuting"];
    [self didChangeValueForKey:@"isFinished"];
}

@end

@interface FeedStore : NSObject
@end

@implementation FeedStore {
    NSOperationQueue *_networkQueue;
}

- (void)refresh {
    _networkQueue = [NSOperationQueue new];
    _networkQueue.qualityOfService = NSQualityOfServiceUserInitiated;
    FetchFeedOperation *home = [[FetchFeedOperation alloc] init];
    FetchFeedOperation *trending = [[FetchFeedOperation alloc] init];
    NSBlockOperation *merge = [NSBlockOperation blockOperationWithBlock:^{
        NSLog(@"merge");
    }];
    [merge addDependency:home];
    [merge addDependency:trending];
    [_networkQueue addOperation:home];
    [_networkQueue addOperation:trending];
    [_networkQueue addOperation:merge];
}

@end
