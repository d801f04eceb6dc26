!#import <Foundation/Foundation.h>

@interface Exporter : NSObject
// oplint:queue exports max=1
@property (nonatomic, strong) NSOperationQueue *queue;
@end

@implementation Exporter

- (void)export {
    self.queue = [[NSOperationQueue alloc] init];
    // oplint:operation render duration=3s qos=userInitiated
    NSBlockOperation *renderPDF = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"render"); }];
    NSBlockOperation *share = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"share"); }];
    [share addDependency:renderPDF];
    [self.queue addOperation:renderPDF];
    [self.queue addOperation:share];
    /* oplint:operation audit queue=exports after=share */
}

@end
