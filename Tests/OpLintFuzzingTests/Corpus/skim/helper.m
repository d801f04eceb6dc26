#import <Foundation/Foundation.h>
#define GREETING @"hello // not a comment"
#define LONG_MACRO(x) \
    do { NSLog(@"%@", x); } while (0)

@interface Greeter : NSObject
@property (nonatomic, copy) NSString *name;
@end

@implementation Greeter
- (NSString *)greet:(NSString *)person {
    /* say hello */
    char quote = '\'';
    return [NSString stringWithFormat:@"Hi %@ from %@%c", person, self.name, quote];
}
@end
