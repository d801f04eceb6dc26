!#import <UIKit/UIKit.h>

@interface SessionManager : NSObject
@property (nonatomic, strong) dispatch_queue_t stateQueue;
@property (nonatomic, strong) NSOperationQueue *refreshQueue;
@end

@implementation SessionManager

- (instancetype)init {
    if ((self = [super init])) {
        _stateQueue = dispatch_queue_create("session.state", DISPATCH_QUEUE_SERIAL);
        _refreshQueue = [NSOperationQueue new];
        [_refreshQueue setQualityOfService:NSQualityOfServiceBackground];
    }
    return self;
}

- (void)invalidate {
    dispatch_async(_stateQueue, ^{
        dispatch_sync(_stateQueue, ^{
            NSLog(@"invalidated");
        });
    });
}

- (void)refreshToken {
    NSBlockOperation *refresh = [NSBlockOperation blockOperationWithBlock:^{
        NSLog(@"refresh");
    }];
    NSBlockOperation *persist = [NSBlockOperation blockOperationWithBlock:^{
        [refresh waitUntilFinished];
    }];
    [_refreshQueue addOperation:refresh];
    [[NSOperationQueue mainQueue] addOperation:persist];
    [[NSOperationQueue mainQueue] addOperationWithBlock:^{
        [persist waitUntilFinished];
    }];
}

@end
