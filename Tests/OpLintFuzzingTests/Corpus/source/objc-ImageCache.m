!#import "ImageCache.h"

@interface ImageCache ()
@property (nonatomic, strong) NSOperationQueue *decodeQueue;
@property (nonatomic, strong) NSCache *cache;
@end

@implementation ImageCache {
    NSOperationQueue *_fetchQueue;
}

- (instancetype)init {
    self = [super init];
    if (self) {
        _fetchQueue = [[NSOperationQueue alloc] init];
        [_fetchQueue setMaxConcurrentOperationCount:3];
        self.decodeQueue = [NSOperationQueue new];
        self.decodeQueue.maxConcurrentOperationCount = 1;
        self.decodeQueue.qualityOfService = NSQualityOfServiceUtility;
        _cache = [[NSCache alloc] init];
    }
    return self;
}

- (void)imageForURL:(NSURL *)url completion:(void (^)(UIImage *image))completion {
    __block NSData *data = nil;
    __block UIImage *image = nil;
    NSBlockOperation *fetch = [NSBlockOperation blockOperationWithBlock:^{
        data = [NSData dataWithContentsOfURL:url];
    }];
    NSBlockOperation *decode = [NSBlockOperation blockOperationWithBlock:^{
        image = [UIImage imageWithData:data];
    }];
    [decode addDependency:fetch];
    [decode setQueuePriority:NSOperationQueuePriorityHigh];
    NSBlockOperation *deliver = [NSBlockOperation blockOperationWithBlock:^{
        completion(image);
    }];
    [deliver addDependency:decode];
    [_fetchQueue addOperation:fetch];
    [self.decodeQueue addOperation:decode];
    [[NSOperationQueue mainQueue] addOperation:deliver];
}

- (void)cancelAll {
    [_fetchQueue cancelAllOperations];
    [self.decodeQueue cancelAllOperations];
}

@end
