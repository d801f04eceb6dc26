#import <Foundation/Foundation.h>

// An importer in the style of older Objective-C apps: operations come from factory class
// methods, the queue lives in an instance variable set up in init, and some work goes to a
// shared queue returned by a class method.
@interface ImportStep : NSOperation
+ (instancetype)stepNamed:(NSString *)name;
+ (BOOL)isLowOnDiskSpace;
+ (NSOperationQueue *)sharedQueue;
@end

@implementation ImportStep
+ (instancetype)stepNamed:(NSString *)name {
    return [[[self alloc] init] autorelease];
}
+ (BOOL)isLowOnDiskSpace {
    return NO;
}
+ (NSOperationQueue *)sharedQueue {
    static NSOperationQueue *shared;
    static dispatch_once_t once;
    dispatch_once(&once, ^{ shared = [[NSOperationQueue alloc] init]; });
    return shared;
}
- (void)main {
    NSLog(@"importing");
}
@end

@interface Importer : NSObject {
    NSOperationQueue *_imports;
    BOOL _lowOnSpace;
}
@end

@implementation Importer

- (instancetype)init {
    if ((self = [super init])) {
        _imports = [[NSOperationQueue alloc] init];
        [_imports setMaxConcurrentOperationCount:1];
    }
    return self;
}

- (void)importLibrary {
    _lowOnSpace = [ImportStep isLowOnDiskSpace];
    ImportStep *download = [ImportStep stepNamed:@"download"];
    ImportStep *unzip = [ImportStep stepNamed:@"unzip"];
    ImportStep *index = [ImportStep stepNamed:@"index"];
    ImportStep *thumbnails = [ImportStep stepNamed:@"thumbnails"];
    NSBlockOperation *notify = [NSBlockOperation blockOperationWithBlock:^{
        NSLog(@"library imported");
    }];
    [unzip addDependency:download];
    [index addDependency:unzip];
    [thumbnails addDependency:unzip];
    [notify addDependency:index];
    [notify addDependency:thumbnails];
    [_imports addOperation:download];
    [_imports addOperation:unzip];
    [_imports addOperation:index];
    [[ImportStep sharedQueue] addOperation:thumbnails];
    [[NSOperationQueue mainQueue] addOperation:notify];
}

- (void)verify {
    for (int i = 0; i < 3; i++) {
        ImportStep *check = [[ImportStep alloc] init];
        [check setQueuePriority:NSOperationQueuePriorityLow];
        [_imports addOperation:check];
        [check release];
    }
}

@end
