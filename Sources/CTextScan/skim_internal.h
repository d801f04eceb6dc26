#ifndef OPLINT_SKIM_INTERNAL_H
#define OPLINT_SKIM_INTERNAL_H

// What the skim's two builds share (`skim_lexer.h`): the table of words and the tests of one
// word. Private to CTextScan.

#include "source_skim.h"

#include <string.h>

enum { word_api = 1, word_keyword = 2, longest_word = 33, most_words = 64, prefix_length = 3, prefix_groups = 8 };

/// One bit per (length, first byte, last byte) of the words, each byte by its low six bits:
/// most runs of identifier bytes fail it at once ("self" and "sync" share only their length
/// and first byte).
struct word_filter {
    uint64_t bits[longest_word + 1][64];
};

struct oplint_skim_words {
    struct word_filter filter;
    /// The bytes words end with, as nibble tables: byte b is one when `last_low[b & 15] &
    /// last_high[b >> 4]` is not zero (each high nibble a word byte may have, `$` and `0`–`z`,
    /// has a bit of its own). The wide skim looks up sixteen bytes at once.
    uint8_t last_low[16], last_high[16];
    /// The first three bytes of the words, in eight groups (`prefix_groups`), as nibble tables:
    /// bit g of `prefix_low[j][b & 15] & prefix_high[j][b >> 4]` is set when byte b may be byte
    /// j of a word of group g. Three bytes that leave some group's bit set at all three
    /// positions may begin a word of that group; most runs of identifier bytes leave none
    /// (`self`, `return`, `init`). A word shorter than three bytes lets any byte follow it.
    /// Read by the wide skim only, sixteen bytes at once.
    uint8_t prefix_low[prefix_length][16], prefix_high[prefix_length][16];
    int count;
    struct {
        char text[longest_word];
        uint8_t length;
        uint8_t kind;
    } list[most_words];
    /// The words of each length, as indices into `list`: a run of bytes is compared only with
    /// the few words of its own length.
    uint8_t of_length[longest_word + 1][most_words];
    uint8_t count_of_length[longest_word + 1];
};

static inline int filter_bit(const struct word_filter *filter, size_t length, uint8_t first, uint8_t last) {
    return (int)(filter->bits[length][first & 63] >> (last & 63) & 1);
}

/// `word_api`, `word_keyword`, or 0.
static inline int word_kind(const oplint_skim_words *words, const uint8_t *word, size_t length) {
    if (length > longest_word) return 0;
    for (int k = 0; k < words->count_of_length[length]; k++) {
        int index = words->of_length[length][k];
        if (words->list[index].text[0] == (char)word[0] && memcmp(words->list[index].text, word, length) == 0) return words->list[index].kind;
    }
    return 0;
}

/// `[A-Za-z0-9_$]` or a byte above 0x7F: the tokenizer's identifier bytes.
static inline int is_identifier_part(uint8_t b) {
    uint8_t lower = b | 0x20;
    return (lower >= 'a' && lower <= 'z') || (b >= '0' && b <= '9') || b == '_' || b == '$' || b >= 0x80;
}

static inline int is_identifier_start(uint8_t b) {
    return is_identifier_part(b) && !(b >= '0' && b <= '9');
}

/// Space, tab, carriage return, form feed, vertical tab: the tokenizer's blanks (not the line feed).
static inline int is_blank(uint8_t b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\f' || b == '\v';
}

/// Where the words of code go: the names after keywords.
struct word_sink {
    const oplint_skim_words *words;
    uint64_t *names;
    size_t capacity;
    size_t count;
};

/// Records the hash of the word after the keyword that ends at `end`; 0 when the skim cannot tell it.
static inline int note_name(struct word_sink *sink, const uint8_t *bytes, size_t count, size_t end) {
    size_t j = end;
    while (j < count && (is_blank(bytes[j]) || bytes[j] == '\n')) j++;
    if (j >= count) return 1;
    // A comment or a backtick name between the keyword and its name.
    if (bytes[j] == '/' || bytes[j] == '`') return 0;
    if (!is_identifier_start(bytes[j])) return 1;
    size_t k = j;
    while (k < count && is_identifier_part(bytes[k])) {
        // The class table holds names as text, with invalid UTF-8 replaced: a name beyond ASCII
        // is read by the tokenizer rather than hashed from its bytes.
        if (bytes[k] >= 0x80) return 0;
        k++;
    }
    if (sink->count >= sink->capacity) return 0;
    sink->names[sink->count++] = oplint_name_hash(bytes + j, k - j);
    return 1;
}

/// The word from `start` to `end`: 0 at an API word, 1 otherwise (noting a keyword's name).
static inline int look_at_word(struct word_sink *sink, const uint8_t *bytes, size_t count, size_t start, size_t end) {
    int kind = word_kind(sink->words, bytes + start, end - start);
    if (kind == word_api) return 0;
    if (kind == word_keyword) return note_name(sink, bytes, count, end);
    return 1;
}

/// The skim of `skim_lexer.h` built for any processor (`skim_portable.c`) and for x86-64
/// processors with AVX2 (`skim_wide.c`, 32 bytes at a time; not built elsewhere).
int oplint_skim_portable(const uint8_t *bytes, size_t count, int is_swift, struct word_sink *sink);
int oplint_skim_wide(const uint8_t *bytes, size_t count, int is_swift, struct word_sink *sink);

#endif
