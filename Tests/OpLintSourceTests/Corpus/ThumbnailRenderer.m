#import <UIKit/UIKit.h>

// Rendering thumbnails for a photo grid: each page of photos is fetched, decoded, scaled and
// cached, with the page's operations built by factory methods that return the class.
@interface RenderStep : NSOperation
+ (instancetype)fetchStepForPhoto:(NSString *)identifier;
+ (instancetype)decodeStep;
+ (RenderStep *)scaleStepToSize:(CGSize)size;
@end

@implementation RenderStep
+ (instancetype)fetchStepForPhoto:(NSString *)identifier { return [[self alloc] init]; }
+ (instancetype)decodeStep { return [[self alloc] init]; }
+ (RenderStep *)scaleStepToSize:(CGSize)size { return [[self alloc] init]; }
@end

@interface ThumbnailRenderer : NSObject
@property (nonatomic, strong) NSOperationQueue *renderQueue;
@property (nonatomic, strong) NSOperationQueue *ioQueue;
@end

@implementation ThumbnailRenderer

- (instancetype)init {
    if ((self = [super init])) {
        self.renderQueue = [[NSOperationQueue alloc] init];
        self.renderQueue.maxConcurrentOperationCount = 2;
        self.ioQueue = [[NSOperationQueue alloc] init];
        self.ioQueue.maxConcurrentOperationCount = 1;
        [self.ioQueue setQualityOfService:NSQualityOfServiceUtility];
    }
    return self;
}

- (void)renderCover:(NSString *)identifier {
    RenderStep *fetch = [RenderStep fetchStepForPhoto:identifier];
    RenderStep *decode = [RenderStep decodeStep];
    RenderStep *small = [RenderStep scaleStepToSize:CGSizeMake(80, 80)];
    RenderStep *large = [RenderStep scaleStepToSize:CGSizeMake(320, 320)];
    NSBlockOperation *cacheSmall = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"cache small"); }];
    NSBlockOperation *cacheLarge = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"cache large"); }];
    NSBlockOperation *display = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"display"); }];
    [decode addDependency:fetch];
    [small addDependency:decode];
    [large addDependency:decode];
    [cacheSmall addDependency:small];
    [cacheLarge addDependency:large];
    [display addDependency:small];
    [display addDependency:cacheSmall];
    [display setQueuePriority:NSOperationQueuePriorityHigh];
    [self.ioQueue addOperation:fetch];
    [self.renderQueue addOperations:@[decode, small, large] waitUntilFinished:NO];
    [self.ioQueue addOperations:@[cacheSmall, cacheLarge] waitUntilFinished:NO];
    [[NSOperationQueue mainQueue] addOperation:display];
}

- (void)renderPage:(NSArray<NSString *> *)identifiers {
    NSBlockOperation *pageDone = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"page"); }];
    for (NSUInteger i = 0; i < 4; i++) {
        RenderStep *tile = [RenderStep fetchStepForPhoto:identifiers[i]];
        RenderStep *tileScale = [RenderStep scaleStepToSize:CGSizeMake(80, 80)];
        [tileScale addDependency:tile];
        [pageDone addDependency:tileScale];
        [self.ioQueue addOperation:tile];
        [self.renderQueue addOperation:tileScale];
    }
    [[NSOperationQueue mainQueue] addOperation:pageDone];
}

@end
