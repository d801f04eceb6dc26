!#import <Foundation/Foundation.h>

@interface BaseAsyncOperation : NSOperation
- (void)completeOperation;
@end

@implementation BaseAsyncOperation {
    BOOL _executing;
    BOOL _finished;
}
- (BOOL)isAsynchronous { return YES; }
- (BOOL)isExecuting { return _executing; }
- (BOOL)isFinished { return _finished; }
- (void)start {
    [self willChangeValueForKey:@"isExecuting"];
    _executing = YES;
    [self didChangeValueForKey:@"isExecuting"];
    [self main];
}
- (void)completeOperation {
    [self willChangeValueForKey:@"isFinished"];
    _finished = YES;
    [self didChangeValueForKey:@"isFinished"];
}
@end

@interface FileDownloadOperation : BaseAsyncOperation
@property (nonatomic, strong) NSURL *url;
@end

@implementation FileDownloadOperation
- (void)main {
    [[[NSURLSession sharedSession] downloadTaskWithURL:self.url completionHandler:^(NSURL *location, NSURLResponse *response, NSError *error) {
        [self completeOperation];
    }] resume];
}
@end

@interface DownloadManager : NSObject
@end

@implementation DownloadManager {
    NSOperationQueue *_downloads;
    NSOperationQueue *_processing;
}

- (instancetype)init {
    if ((self = [super init])) {
        _downloads = [[NSOperationQueue alloc] init];
        _downloads.maxConcurrentOperationCount = 3;
        _processing = [[NSOperationQueue alloc] init];
        _processing.maxConcurrentOperationCount = 1;
    }
    return self;
}

- (void)downloadArchive:(NSURL *)url {
    FileDownloadOperation *archive = [[FileDownloadOperation alloc] init];
    archive.url = url;
    FileDownloadOperation *checksum = [[FileDownloadOperation alloc] init];
    NSBlockOperation *verify = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"verify"); }];
    NSBlockOperation *extract = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"extract"); }];
    [verify addDependency:archive];
    [verify addDependency:checksum];
    [extract addDependency:verify];
    [_downloads addOperations:@[archive, checksum] waitUntilFinished:NO];
    [_processing addOperations:@[verify, extract] waitUntilFinished:NO];
}

@end
