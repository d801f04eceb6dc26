!#import <Foundation/Foundation.h>
#import "DependencyGraph.h"

// The words addDependency, cancel and start, none of them about NSOperation.
@interface PackageResolver : NSObject
@property (nonatomic, strong) DependencyGraph *graph;
@property (nonatomic, strong) NSTimer *timer;
@end

@implementation PackageResolver

- (void)resolve:(Package *)package {
    for (Package *dependency in package.dependencies) {
        [self.graph addDependency:dependency];
    }
    GraphNode *node = [[GraphNode alloc] initWithPackage:package];
    [node addDependency:package.root];
    [self.timer invalidate];
    NSURLSessionTask *task = [[NSURLSession sharedSession] dataTaskWithURL:package.url];
    [task cancel];
    [task resume];
    NSString *hint = @"[queue addOperation:op]; [op start];";
    NSLog(@"%@", hint);
}

@end
