#!/usr/bin/env python3
"""Writes a tree of about LINES lines of Swift and Objective-C for the extraction benchmark.

Most files are ordinary code (models, view code, string handling); one in ten uses
Operation/OperationQueue. Seeded: the same arguments always give the same tree.

usage: generate-benchmark-tree.py DIRECTORY [LINES]
"""
import os
import random
import sys

ORDINARY_SWIFT = '''
struct Model{n}_{k}: Codable, Equatable {{
    var identifier: String
    var title: String
    var count: Int
    /* A block comment /* nested */ describing the model. */
    func describe() -> String {{
        let label = "Model \\(identifier) has \\(count) items: \\(title.uppercased())"
        return label + #"raw \\(not interpolated)"#
    }}

    mutating func increment(by amount: Int = 1) {{
        count += amount
        if count > 100 {{
            count = 0 // wrap around
        }}
    }}
}}

extension Model{n}_{k} {{
    static func sample() -> [Model{n}_{k}] {{
        (0..<3).map {{ Model{n}_{k}(identifier: "id\\($0)", title: "Title", count: $0) }}
    }}
}}
'''

ORDINARY_OBJC = '''
@interface Helper{n}_{k} : NSObject
@property (nonatomic, copy) NSString *name;
- (NSString *)greetingFor:(NSString *)person;
@end

@implementation Helper{n}_{k}
- (NSString *)greetingFor:(NSString *)person {{
    // Say hello.
    NSString *text = [NSString stringWithFormat:@"Hello %@, from %@", person, self.name];
    if (text.length > 10) {{
        return [text substringToIndex:10];
    }}
    return text;
}}
@end
'''

OPERATIONS_SWIFT = '''
final class Loader{n}_{k} {{
    private let queue = OperationQueue()

    init() {{
        queue.maxConcurrentOperationCount = 2
    }}

    func load(_ urls: [URL]) {{
        let fetch = BlockOperation {{ print("fetch \\(urls.count)") }}
        let decode = BlockOperation {{ print("decode") }}
        let show = BlockOperation {{ print("show") }}
        decode.addDependency(fetch)
        show.addDependency(decode)
        queue.addOperations([fetch, decode], waitUntilFinished: false)
        OperationQueue.main.addOperation(show)
    }}
}}
'''

OPERATIONS_OBJC = '''
@implementation Sync{n}_{k} {{
    NSOperationQueue *_queue;
}}
- (void)sync {{
    _queue = [[NSOperationQueue alloc] init];
    NSBlockOperation *pull = [NSBlockOperation blockOperationWithBlock:^{{ NSLog(@"pull"); }}];
    NSBlockOperation *push = [NSBlockOperation blockOperationWithBlock:^{{ NSLog(@"push"); }}];
    [push addDependency:pull];
    [_queue addOperations:@[pull, push] waitUntilFinished:NO];
}}
@end
'''


def main():
    root = sys.argv[1]
    target = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    rng = random.Random(42)
    lines = 0
    n = 0
    while lines < target:
        objc = rng.random() < 0.3
        uses_operations = rng.random() < 0.1
        module = f"Module{n % 40}"
        os.makedirs(os.path.join(root, module), exist_ok=True)
        path = os.path.join(root, module, f"File{n}.{'m' if objc else 'swift'}")
        parts = ['#import <Foundation/Foundation.h>\n' if objc else 'import Foundation\n']
        for k in range(20):
            template = ORDINARY_OBJC if objc else ORDINARY_SWIFT
            if uses_operations and k % 5 == 0:
                template = OPERATIONS_OBJC if objc else OPERATIONS_SWIFT
            parts.append(template.format(n=n, k=k))
        text = ''.join(parts)
        with open(path, 'w') as f:
            f.write(text)
        lines += text.count('\n')
        n += 1
    print(f"{n} files, {lines} lines under {root}")


if __name__ == '__main__':
    main()
