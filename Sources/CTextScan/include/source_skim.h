#ifndef OPLINT_SOURCE_SKIM_H
#define OPLINT_SOURCE_SKIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A quick look at one Swift (`is_swift`) or Objective-C source file, without tokenizing it:
/// whether the extractor's first pass may pass over the file until the class table asks for
/// one of the names it declares.
///
/// Returns 1 only when all of these hold, and 0 whenever one may not:
/// - no identifier of the code (outside comments, strings and Objective-C preprocessor lines,
///   as the tokenizer reads them) is one of the operation API's words, no comment is an
///   `oplint:` annotation, and no name in backticks is an API word or a declaration keyword;
/// - the tokenizer would warn about nothing (no unterminated comment, string, character
///   literal or interpolation): comments, strings, raw strings, interpolations, character
///   literals, backtick names and Objective-C preprocessor lines are followed as the tokenizer
///   follows them, and anything the skim does not follow (a `/` that may start a regex
///   literal, a C++ raw string, a digit separator) answers 0;
/// - the `oplint_name_hash` of every identifier that follows a declaration keyword of the code (`class`,
///   `struct`, `extension`, `protocol`, `typealias`, `actor`, `interface`, `implementation`)
///   over blanks and line breaks is written to `names`, at most `capacity` of them; a comment
///   or a backtick after a keyword, or a name with a byte beyond ASCII, answers 0.
///
/// `*name_count` is the number of hashes written: a superset of the names the declaration
/// pass could record (`@interface` and `@implementation` count without their `@`). At most
/// `count / 6 + 1` names follow keywords (a keyword, a separator and a name's first byte each).
///
/// - Complexity: O(*count*).
int oplint_skim_source(const uint8_t *bytes, size_t count, int is_swift,
                       uint64_t *names, size_t capacity, size_t *name_count);

/// A 64-bit hash of a name's bytes, eight at a time (the Swift side computes the same).
uint64_t oplint_name_hash(const uint8_t *bytes, size_t count);

#ifdef __cplusplus
}
#endif

#endif
