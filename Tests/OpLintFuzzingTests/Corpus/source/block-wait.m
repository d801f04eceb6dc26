#import <Foundation/Foundation.h>

@implementation Loader
- (void)load {
    NSOperationQueue *queue = [[NSOperationQueue alloc] init];
    NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{ }];
    NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{ [a waitUntilFinished]; }];
    [b addDependency:a];
    [queue addOperation:b];
}
@end
