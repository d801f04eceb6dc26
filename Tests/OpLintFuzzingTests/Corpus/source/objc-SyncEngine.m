!#import <UIKit/UIKit.h>

@interface SyncViewController : UIViewController
@property (nonatomic, strong) NSOperationQueue *queue;
@end

@implementation SyncViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.queue = [[NSOperationQueue alloc] init];
    [self.queue setMaxConcurrentOperationCount:1];
    NSBlockOperation *pull = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"pull"); }];
    NSBlockOperation *push = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"push"); }];
    [push addDependency:pull];
    [self.queue addOperation:pull];
    [self.queue addOperation:pull];                            // OPL302: enqueued twice
    [push start];                                              // OPL303: pull has not finished
    dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"x"); }); // OPL208: viewDidLoad runs on the main thread
}

@end
