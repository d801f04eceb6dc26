@implementation"\
