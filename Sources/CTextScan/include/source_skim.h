#ifndef OPLINT_SOURCE_SKIM_H
#define OPLINT_SOURCE_SKIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The words the skim looks for: the operation API's and the declaration keywords.
typedef struct oplint_skim_words oplint_skim_words;

/// A table of `api_words` (a file whose code names one is read) and `keywords` (the name after
/// one is noted), copied; NULL when a word is empty, longer than 33 bytes or holds a byte that
/// is not `[A-Za-z0-9_$]`, or there are more than 64. Made once and kept for the life of the
/// process.
oplint_skim_words *oplint_skim_words_make(const char *const *api_words, size_t api_count,
                                          const char *const *keywords, size_t keyword_count);

/// A quick look at one Swift (`is_swift`) or Objective-C source file, without tokenizing it:
/// whether the extractor's first pass may pass over the file until the class table asks for
/// one of the names it declares.
///
/// Returns 1 only when all of these hold, and 0 whenever one may not:
/// - no identifier of the code (outside comments, strings and Objective-C preprocessor lines,
///   as the tokenizer reads them) is one of the API words of `words`, no comment is an
///   `oplint:` annotation, and no name in backticks is one of its words;
/// - the tokenizer would warn about nothing (no unterminated comment, string, character
///   literal or interpolation): comments, strings, raw strings, interpolations, character
///   literals, backtick names and Objective-C preprocessor lines are followed as the tokenizer
///   follows them, and anything the skim does not follow (a `/` that may start a regex
///   literal, a C++ raw string, a digit separator) answers 0;
/// - the `oplint_name_hash` of every identifier that follows one of the keywords of `words` in
///   the code (`class`, `struct`, `interface`, …) over blanks and line breaks is written to
///   `names`, at most `capacity` of them; a comment or a backtick after a keyword, a name with
///   a byte beyond ASCII, or more names than `capacity`, answers 0.
///
/// `*name_count` is the number of hashes written: a superset of the names the declaration
/// pass could record (`@interface` and `@implementation` count without their `@`). With
/// keywords of five bytes or more, at most `count / 6 + 1` names follow them (a keyword, a
/// separator and a name's first byte each).
///
/// - Complexity: O(*count*).
int oplint_skim_source(const oplint_skim_words *words, const uint8_t *bytes, size_t count, int is_swift,
                       uint64_t *names, size_t capacity, size_t *name_count);

/// `oplint_skim_source` with the skim built for any processor (`wide` 0), or with the one that
/// reads thirty-two bytes at a time (`wide` 1: on x86-64 processors with AVX2, and the first
/// elsewhere). `oplint_skim_source` uses the second; both give the same answers and names.
int oplint_skim_source_using(const oplint_skim_words *words, int wide, const uint8_t *bytes, size_t count, int is_swift,
                             uint64_t *names, size_t capacity, size_t *name_count);

/// A 64-bit hash of a name's bytes, eight at a time, the last ones in loads that may overlap
/// those before: the skim's hash of the names it notes, and the extractor's of the names it
/// compares with them.
uint64_t oplint_name_hash(const uint8_t *bytes, size_t count);

#ifdef __cplusplus
}
#endif

#endif
