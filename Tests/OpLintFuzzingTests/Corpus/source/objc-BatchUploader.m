!#import <Foundation/Foundation.h>

@interface BatchUploader : NSObject
@property (nonatomic, strong) NSOperationQueue *uploadQueue;
@end

@implementation BatchUploader

- (instancetype)init {
    self = [super init];
    if (self) {
        self.uploadQueue = [[NSOperationQueue alloc] init];
        self.uploadQueue.maxConcurrentOperationCount = 2;
    }
    return self;
}

- (void)uploadFiles:(NSArray<NSURL *> *)files {
    NSMutableArray<NSOperation *> *uploads = [NSMutableArray array];
    NSBlockOperation *summary = [NSBlockOperation blockOperationWithBlock:^{
        NSLog(@"uploaded %lu files", (unsigned long)files.count);
    }];
    for (int i = 0; i < 8; i++) {
        NSBlockOperation *chunk = [NSBlockOperation blockOperationWithBlock:^{
            NSLog(@"chunk %d", i);
        }];
        [summary addDependency:chunk];
        [uploads addObject:chunk];
    }
    [self.uploadQueue addOperations:uploads waitUntilFinished:NO];
    [self.uploadQueue addOperation:summary];
}

@end
