!#import <UIKit/UIKit.h>

@interface LegacyDownloadController : UIViewController
@end

@implementation LegacyDownloadController {
    NSOperationQueue *_queue;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    _queue = [[NSOperationQueue alloc] init];
    NSInvocationOperation *download = [[NSInvocationOperation alloc] initWithTarget:self
                                                                          selector:@selector(download:)
                                                                            object:@"https://example.com/a.zip"];
    NSInvocationOperation *unpack = [[NSInvocationOperation alloc] initWithTarget:self selector:@selector(unpack) object:nil];
    [unpack addDependency:download];
    // Blocks the main thread until both are done.
    [_queue addOperations:@[download, unpack] waitUntilFinished:YES];
    dispatch_sync(dispatch_get_main_queue(), ^{
        self.title = @"Done";
    });
}

- (void)download:(NSString *)url {
    NSLog(@"download %@", url);
}

- (void)unpack {
    NSLog(@"unpack");
}

@end
